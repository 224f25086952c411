"""Every store test runs on SQLite and on a real PostgreSQL that these fixtures start in a temporary
folder (Debian's `postgresql` package: initdb and pg_ctl; as root the server runs as the `postgres` user)."""
import importlib.util
import multiprocessing
import os

import pytest
import sqlalchemy as sa

from classroom.store import Limits, open_store
from classroom.store.schema import attempts, classes, game_tables, results, students, table_moves, table_seats

from .pg_server import PostgresServer, pg_bin

# The writers' and players' processes (test_concurrency, test_tables) come from the forkserver, each
# a fresh process; the forkserver imports what they run once, so each of them does not again (30 processes
# importing SQLAlchemy and the store cost a minute of CPU).
multiprocessing.get_context("forkserver").set_forkserver_preload(
    [f"{__package__}.test_concurrency", f"{__package__}.test_tables"])

HOW_TO_GET = ("PostgreSQL is not installed, so the class rooms' store was tested on SQLite only. "
              "Install it (Debian/Ubuntu: apt install postgresql; it need not run, the tests start their own "
              "server) or set CARDKIT_PG_BIN to the folder holding initdb and pg_ctl.")


def start_postgres(fsync=False) -> PostgresServer:
    """A running throwaway server; without PostgreSQL (or its driver) a failure under CI, elsewhere a skip
    saying how to get it."""
    bindir = pg_bin()
    if bindir is None or not (bindir / "initdb").exists():
        missing = HOW_TO_GET
    elif importlib.util.find_spec("psycopg") is None:
        missing = "The PostgreSQL tests need its driver, psycopg: pip install -e '.[test]'."
    else:
        return PostgresServer(bindir, fsync=fsync)
    if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
        pytest.fail("CI must test the class rooms on PostgreSQL. " + missing + " (.ci/run installs postgresql.)",
                    pytrace=False)
    pytest.skip(missing)


@pytest.fixture(scope="session")
def postgres():
    server = start_postgres()
    yield server
    server.cleanup()


# A limit loose enough for tests that post fast on purpose; the limits' own tests set theirs.
LOOSE = Limits(student_per_second=1e6, class_per_second=1e6, results_per_class=10**6)


@pytest.fixture(scope="session")
def postgres_db(postgres):
    """One PostgreSQL database for the store's tests, at the schema (making a database takes a second)."""
    url = postgres.new_database()
    open_store(url).close()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A database without classes on each back end: a new SQLite file, or the PostgreSQL one emptied."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.sqlite'}"
    url = request.getfixturevalue("postgres_db")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        for table in (table_moves, table_seats, game_tables, results, students, classes, attempts):
            conn.execute(table.delete())
    engine.dispose()
    return url


@pytest.fixture
def store(db_url):
    with open_store(db_url) as opened:
        yield opened
