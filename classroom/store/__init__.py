"""Class rooms: a class's results in one database, for the Class board (SQLite by default, PostgreSQL by URL).

    from classroom.store import open_store
    store = open_store()                      # CARDKIT_DB, else CARDKIT_DATA/classes.sqlite; open_store(url) too
    room = store.create_class("7B maths")     # room.code ("K7QF"), room.teacher_key (shown once, kept hashed)
    me = store.join(room.code, "Ada", page=page_id, address=ip)   # me.token: the page's secret; bad code,
                                              # taken nickname (case, look-alikes: "Аda") -> ValueError;
                                              # page/address: wrong codes slow them, then pause them
    me = store.join(room.code, "Ada", token=me.token)   # a reload: the same student, not a second one
    store.student(me.token)                   # Student(token, nickname, code), None when unknown
    n = store.add_result(me.token, game="flip7", kind="game", record={...}, key="page-42-game-3")
    store.add_result(me.token, game="flip7_when_to_stop", kind="answer", record={"question": "q1", "answer": 17})
    store.results(room.code)                  # [{id, nickname, kind, game, record, at}, ...] oldest first
    store.results(room.code, since_id=n)      # what arrived after id n (the board polls this)
    store.class_state(room.code)              # name, closed, revealed, suggested_seed, members, last_id, ...
    store.members(room.code)                  # [{nickname, joined, results}, ...] in joining order
    store.is_teacher(room.code, key)          # True / False
    store.set_class_state(room.code, key, revealed=True, suggested_seed=42)   # or revealed=["q1"], seed None
    store.results_csv(room.code, key)         # CSV text for the teacher's download
    store.remove_student(room.code, key, "Ada")   # a made-up name: the student and their results go
    store.close_class(room.code, key); store.delete_class(room.code, key)

Result ids count 1, 2, ... within a class in commit order, so "anything after N" never misses a result
that committed late. A result's ``key`` makes posting it idempotent (the same key again writes nothing
and returns the first id), so a page may retry a result it could not confirm. Every write is one
transaction, retried with backoff while the database is away (SQLite locked, PostgreSQL restarting);
past ``retry_seconds`` it raises ``StoreUnavailable`` and nothing was written. Bad input raises
ValueError saying what is allowed; ``LimitReached`` (a ValueError) when a page posts too fast or a class
is full (``Limits``). A class expires ``CARDKIT_CLASS_DAYS`` days (default 30) after it was made; expired
classes are deleted when a store opens (``purge_expired``). Nothing personal is kept beyond the nickname.

Shared tables (classmates at one game, each from their own page) are in ``tables.py``, held by the
store as ``store.tables``: create_table, sit, table_state, play and the rest, on the same database.
What both halves share (hashes, codes, names' keys, the limits) is in ``keys.py``.

The schema lives in ``schema.py`` and is built by the Alembic migrations in ``migrations/`` (every
open runs ``upgrade head``, under a lock). ``import cardkit`` does not import this package (nor
SQLAlchemy): the static site has no database. Its old name, ``cardkit.classroom``, works for one more
release, with a DeprecationWarning.
"""
from .keys import LimitReached, Limits
from .store import ClassRoom, ClassState, Store, StoreUnavailable, Student, default_url, open_store
from .tables import NotStarted, Seat, Table, TableInfo, TooLate

__all__ = ["open_store", "default_url", "Store", "ClassRoom", "Student", "ClassState", "Limits", "LimitReached",
           "StoreUnavailable", "Table", "Seat", "TableInfo", "TooLate", "NotStarted"]
