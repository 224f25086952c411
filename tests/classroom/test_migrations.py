"""The schema comes from the Alembic migrations shipped in the package: an empty database is built by
them, a database at an older schema is brought up to date with its data, and the result is the schema
the store's queries use (``classroom.store.schema``)."""
import time

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from classroom.store import migrate, open_store
from classroom.store.schema import metadata

FIRST = "0001"


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.sqlite'}"
    return request.getfixturevalue("postgres").new_database()


def schema_differences(engine):
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, "version_table": migrate.VERSION_TABLE})
        return compare_metadata(context, metadata)


def table_names(engine):
    return set(sa.inspect(engine).get_table_names())


def test_opening_an_empty_database_builds_the_schema_the_store_uses(empty_url):
    engine = sa.create_engine(empty_url)
    assert table_names(engine) == set()
    with open_store(empty_url) as store:
        with store.engine.connect() as conn:
            assert migrate.current(conn) == migrate.head()
        assert schema_differences(store.engine) == []
        assert table_names(store.engine) == {"classes", "students", "results", "game_tables", "table_seats", "attempts",
                                             "table_moves", migrate.VERSION_TABLE}
    engine.dispose()


def test_a_database_at_the_first_schema_is_upgraded_with_its_data(empty_url):
    with open_store(empty_url) as store:
        migrate.downgrade(store.engine, "base")
        assert table_names(store.engine) == {migrate.VERSION_TABLE}
        migrate.upgrade(store.engine, FIRST)
        with store.engine.connect() as conn:
            assert migrate.current(conn) == FIRST
        # rows as a cardkit of the first schema wrote them, in the first schema's columns
        now = time.time()
        with store.engine.begin() as conn:
            def insert(table, **values):
                conn.execute(sa.table(table, *map(sa.column, values)).insert().values(**values))

            def id_of(table, **where):
                t = sa.table(table, sa.column("id"), *map(sa.column, where))
                return conn.scalar(sa.select(t.c.id).where(*(t.c[k] == v for k, v in where.items())))
            insert("classes", code="K7QF", name="7B maths", teacher_key_hash="0" * 64, created_at=now,
                   expires_at=now + 86400, closed=False, revealed="[]", suggested_seed=None, result_count=1)
            insert("students", class_id=id_of("classes", code="K7QF"), nickname="Ada", nickname_key="ada",
                   token_hash="1" * 64, joined_at=now)
            insert("results", class_id=id_of("classes", code="K7QF"), student_id=id_of("students", nickname="Ada"),
                   seq=1, kind="game", game="flip7", record='{"seed": 7}', idem_key="k", at=now)
    with open_store(empty_url) as store:             # opening runs upgrade head
        with store.engine.connect() as conn:
            assert migrate.current(conn) == migrate.head()
        assert schema_differences(store.engine) == []
        assert [(r["id"], r["nickname"], r["record"]) for r in store.results("K7QF")] == [(1, "Ada", {"seed": 7})]
        bob = store.join("K7QF", "Bob")
        assert store.add_result(bob.token, game="flip7", kind="game", record={}) == 2


def test_every_migration_goes_down_and_up_again(empty_url):
    with open_store(empty_url) as store:
        migrate.downgrade(store.engine, "base")
        assert table_names(store.engine) == {migrate.VERSION_TABLE}
        migrate.upgrade(store.engine)
        assert schema_differences(store.engine) == []


def test_names_stored_before_look_alikes_were_one_get_their_new_keys(empty_url):
    with open_store(empty_url) as store:
        room = store.create_class("7B")
        migrate.downgrade(store.engine, "0002")
        now = time.time()
        with store.engine.begin() as conn:
            class_id = conn.scalar(sa.text("SELECT id FROM classes"))
            for i, (name, key) in enumerate([("Ada", "ada"), ("Аda", "аda"), ("Sam", "sam")]):   # 2nd: Cyrillic А
                conn.execute(sa.text("INSERT INTO students (class_id, nickname, nickname_key, token_hash, joined_at)"
                                     " VALUES (:c, :n, :k, :t, :at)"), dict(c=class_id, n=name, k=key, t=str(i) * 64,
                                                                            at=now))
    with open_store(empty_url) as store:
        assert [m["nickname"] for m in store.members(room.code)] == ["Ada", "Аda", "Sam"]   # nobody renamed
        for look_alike in ("Αda", "ΑDΑ".lower(), "SAM"):
            with pytest.raises(ValueError, match="taken|mixes"):
                store.join(room.code, look_alike)
        assert store.join(room.code, "Bob").nickname == "Bob"


def test_a_shared_table_made_before_the_table_limits_keeps_its_last_move_as_played(empty_url):
    with open_store(empty_url) as store:
        migrate.downgrade(store.engine, "0002")
        with store.engine.begin() as conn:
            tables = sa.table("game_tables", *map(sa.column, ("id", "code", "game", "players", "options", "seed",
                                                               "host_key_hash", "away_seconds", "started",
                                                               "created_at", "expires_at")))
            conn.execute(tables.insert().values(id=1, code="K7QF2", game="flip7", players=2, options="{}", seed=7,
                                                host_key_hash="0" * 64, away_seconds=60.0, started=True,
                                                created_at=100.0, expires_at=9e9))
            moves = sa.table("table_moves", *map(sa.column, ("table_id", "number", "seat", "action", "by", "at")))
            conn.execute(moves.insert().values(table_id=1, number=1, seat=0, action="{}", by="player", at=250.0))
    with open_store(empty_url) as store:
        assert schema_differences(store.engine) == []
        with store.engine.connect() as conn:
            row = conn.execute(sa.text("SELECT played_at, over, made_by FROM game_tables")).one()
            assert conn.scalar(sa.text("SELECT count(*) FROM table_moves")) == 1       # its moves kept
        assert (row.played_at, bool(row.over), row.made_by) == (250.0, False, None)
