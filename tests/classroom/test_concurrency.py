"""Nothing lost, nothing doubled: a class posting at once from many processes, and a PostgreSQL server
restarted while a page posts."""
import multiprocessing
import threading
import time

import sqlalchemy as sa

from classroom.store import open_store
from classroom.store.schema import results

from .conftest import LOOSE

STUDENTS = 30
#: Seconds to wait for the 30 writers; a writer still running then is a failure (a hang, not a slow disk).
WRITERS_WAIT = 1200
EACH = 40


def post_all(url, token, student, start, failures):
    """One student's page in its own process: EACH results, every tenth posted a second time (a retry)."""
    try:
        with open_store(url, limits=LOOSE, retry_seconds=60) as store:
            start.wait(60)
            for n in range(EACH):
                record = {"student": student, "n": n}
                key = f"{student}-{n}"
                first = store.add_result(token, game="flip7", kind="game", record=record, key=key)
                if n % 10 == 0:
                    assert store.add_result(token, game="flip7", kind="game", record=record, key=key) == first
    except BaseException as error:   # noqa: BLE001 - reported to the parent, which fails the test
        failures.put(f"student {student}: {type(error).__name__}: {error}")
        raise


def test_thirty_processes_post_forty_results_each_all_present_once(db_url):
    with open_store(db_url, limits=LOOSE) as store:
        room = store.create_class("7B")
        tokens = [store.join(room.code, f"student {i}").token for i in range(STUDENTS)]
    # Fresh processes from a forkserver, not forks of this one: a fork copies whatever lock another
    # thread of the test run (a page's poller) held at that moment, and such a child waits forever.
    fork = multiprocessing.get_context("forkserver")
    start, failures = fork.Event(), fork.Queue()
    pages = [fork.Process(target=post_all, args=(db_url, token, i, start, failures))
             for i, token in enumerate(tokens)]
    for page in pages:
        page.start()
    start.set()
    for page in pages:              # SQLite takes one writer at a time: on a busy machine (the browser
        page.join(WRITERS_WAIT)     # tests run beside these) 30 of them take minutes; slow is not wrong
    problems = []
    while not failures.empty():
        problems.append(failures.get())
    assert problems == [] and [page.exitcode for page in pages] == [0] * STUDENTS
    with open_store(db_url, limits=LOOSE) as store:
        got = store.results(room.code)
        assert [r["id"] for r in got] == list(range(1, STUDENTS * EACH + 1))     # numbered without a gap
        pairs = [(r["record"]["student"], r["record"]["n"]) for r in got]
        assert sorted(pairs) == [(s, n) for s in range(STUDENTS) for n in range(EACH)]   # each once
        assert all(r["nickname"] == f"student {r['record']['student']}" for r in got)
        with store.engine.connect() as conn:
            assert conn.scalar(sa.select(sa.func.count()).select_from(results)) == STUDENTS * EACH
        assert store.class_state(room.code).last_id == STUDENTS * EACH


def test_a_postgresql_restart_while_posting_loses_nothing(postgres_db, postgres):
    with open_store(postgres_db, limits=LOOSE) as store:
        room = store.create_class("7B")
        ada = store.join(room.code, "Ada")
    posted, errors = [], []

    def page():
        try:
            with open_store(postgres_db, limits=LOOSE, retry_seconds=60) as mine:
                for n in range(300):
                    posted.append(mine.add_result(ada.token, game="flip7", kind="game", record={"n": n},
                                                  key=f"ada-{n}"))
        except BaseException as error:   # noqa: BLE001 - checked below
            errors.append(error)

    poster = threading.Thread(target=page)
    poster.start()
    while len(posted) < 60 and poster.is_alive():
        time.sleep(0.01)
    postgres.restart()                 # the page keeps posting through it
    restarted_at = len(posted)
    poster.join(120)
    assert errors == [] and not poster.is_alive()
    assert 60 <= restarted_at < 300
    with open_store(postgres_db, limits=LOOSE) as store:
        got = store.results(room.code)
    assert [r["record"]["n"] for r in got] == list(range(300))
    assert [r["id"] for r in got] == list(range(1, 301)) == posted


def test_a_result_waits_while_sqlite_is_locked_by_another_writer(tmp_path):
    url = f"sqlite:///{tmp_path / 'classes.sqlite'}"
    with open_store(url) as store:
        room = store.create_class("7B")
        ada = store.join(room.code, "Ada")
        other = sa.create_engine(url).raw_connection()          # another program writing the file
        other.isolation_level = None
        other.execute("BEGIN IMMEDIATE")
        threading.Timer(0.5, other.execute, args=("COMMIT",)).start()
        began = time.monotonic()
        assert store.add_result(ada.token, game="flip7", kind="game", record={}, key="k") == 1
        assert time.monotonic() - began >= 0.4                   # it waited for the lock, then wrote
        other.close()
        assert len(store.results(room.code)) == 1
