"""Bring a class rooms database to the schema this version needs (Alembic ``upgrade head``).

Every store runs it when it opens; many pages opening at once are safe: the upgrade runs under a
lock (SQLite's write lock, a PostgreSQL advisory lock) and finds the work done when it gets it.
"""
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

MIGRATIONS = Path(__file__).with_name("migrations")
VERSION_TABLE = "cardkit_schema_version"
_PG_LOCK = 0x63617264   # "card": the advisory lock the migrations of every cardkit server share


def config(connection=None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest schema revision this version ships."""
    return ScriptDirectory.from_config(config()).get_current_head()


def current(connection) -> str | None:
    """The database's schema revision (None: an empty database)."""
    return MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE}).get_current_revision()


def upgrade(engine: sa.Engine, revision: str = "head") -> None:
    """Run the migrations up to ``revision`` in one transaction (a no-op when already there)."""
    if revision == "head":
        with engine.connect() as conn:
            if current(conn) == head():
                return
    _run(engine, lambda conn: command.upgrade(config(conn), revision))


def downgrade(engine: sa.Engine, revision: str) -> None:
    _run(engine, lambda conn: command.downgrade(config(conn), revision))


def _run(engine, step) -> None:
    with engine.connect() as conn:
        conn.execution_options(cardkit_write=True)
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(_PG_LOCK)))
            step(conn)
