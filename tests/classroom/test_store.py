"""The class rooms' store on SQLite and PostgreSQL: classes, joining, results, teacher controls, limits."""
import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from classroom.store import Limits, LimitReached, StoreUnavailable, default_url, open_store
from classroom.store.schema import classes, results, students
from classroom.store.keys import CODE_ALPHABET

from .pg_server import free_port

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "<img src=x onerror=f()>"        # 23 characters: a nickname may be 24


class Clock:
    """A clock the test moves by hand (rate windows, expiry)."""
    def __init__(self, now=1_800_000_000.0):
        self.now = now

    def __call__(self):
        return self.now


def rows(store, table):
    with store.engine.connect() as conn:
        return conn.execute(sa.select(table)).all()


def test_class_codes_are_four_characters_without_look_alikes(store):
    codes = {store.create_class(f"class {i}").code for i in range(40)}
    assert len(codes) == 40
    assert all(len(code) == 4 and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert not set(CODE_ALPHABET) & set("0O1IL")
    code = sorted(codes)[0]
    assert store.join(f" {code.lower()} ", "Ada").code == code      # typed in lower case, with spaces


def test_teacher_key_is_secret_and_stored_hashed_only(store):
    room = store.create_class("7B maths")
    other = store.create_class("7C maths")
    assert len(room.teacher_key) >= 32 and room.teacher_key != other.teacher_key
    stored = [str(value) for row in rows(store, classes) for value in row]
    assert not any(room.teacher_key in value for value in stored)
    assert store.is_teacher(room.code, room.teacher_key)
    assert not store.is_teacher(room.code, other.teacher_key)
    assert not store.is_teacher(room.code, "")
    assert not store.is_teacher("ZZZZ", room.teacher_key)
    assert not store.is_teacher(room.code, None)


def test_results_come_back_oldest_first_with_the_nickname(store):
    room = store.create_class("7B maths")
    ada, bob = store.join(room.code, "Ada"), store.join(room.code, "Bob")
    assert ada.token != bob.token and len(ada.token) >= 32
    game = {"options": {"target": 200}, "seed": 7, "scores": [120, 205], "winner": 1, "rounds": 4,
            "practice": False}
    first = store.add_result(ada.token, game="flip7", kind="game", record=game)
    second = store.add_result(bob.token, game="flip7_when_to_stop", kind="answer",
                              record={"question": "q1", "answer": 17})
    assert (first, second) == (1, 2)
    got = store.results(room.code)
    assert [(r["id"], r["nickname"], r["kind"], r["game"]) for r in got] == [
        (1, "Ada", "game", "flip7"), (2, "Bob", "answer", "flip7_when_to_stop")]
    assert got[0]["record"] == game and got[1]["record"] == {"question": "q1", "answer": 17}
    assert store.results(room.code, since_id=1) == got[1:]
    assert store.results_since(room.code, 2) == []
    assert store.results(room.code, limit=1) == got[:1]
    assert store.class_state(room.code).last_id == 2
    # another class's results stay apart, numbered from 1
    other = store.create_class("7C")
    cy = store.join(other.code, "Cy")
    assert store.add_result(cy.token, game="eights", kind="game", record={}) == 1
    assert [r["nickname"] for r in store.results(other.code)] == ["Cy"]


def test_a_bad_class_code_is_a_value_error(store):
    store.create_class("7B")
    for bad in ("ZZZZ", "K7Q", "K7QF5", "O0I1", "", None, 42, "K7Q\x00"):
        with pytest.raises(ValueError, match="class"):
            store.join(bad, "Ada")
        with pytest.raises(ValueError):
            store.results(bad)


def test_a_bad_nickname_is_a_value_error(store):
    room = store.create_class("7B")
    for nickname in ["", "   ", "x" * 25, "Ada\nBob", "tab\there", "nul\x00", "\u202eevil", "\ud800", None, 7, b"Ada"]:
        with pytest.raises(ValueError, match="nickname"):
            store.join(room.code, nickname)
    assert store.members(room.code) == []


def test_nicknames_are_unique_in_a_class_whatever_the_case(store):
    room = store.create_class("7B")
    store.join(room.code, "Ada")
    for taken in ("Ada", "ADA", " ada "):
        with pytest.raises(ValueError, match="taken"):
            store.join(room.code, taken)
    assert store.join(room.code, "x" * 24).nickname == "x" * 24
    other = store.create_class("7C")
    assert store.join(other.code, "Ada").nickname == "Ada"      # unique within a class only
    assert [m["nickname"] for m in store.members(room.code)] == ["Ada", "x" * 24]


def test_a_hostile_nickname_is_stored_and_returned_as_plain_text(store):
    room = store.create_class("<b>7B</b>")
    names = [HOSTILE, "';DROP TABLE students--", "😀 ☃", "Zoë & <Ada>"]
    tokens = [store.join(room.code, name).token for name in names]
    for token in tokens:
        store.add_result(token, game="flip7", kind="game", record={"note": HOSTILE})
    assert [r["nickname"] for r in store.results(room.code)] == names
    assert [m["nickname"] for m in store.members(room.code)] == names
    assert store.results(room.code)[0]["record"] == {"note": HOSTILE}
    assert store.class_state(room.code).name == "<b>7B</b>"
    assert len(rows(store, students)) == 4


def test_a_rejoin_with_the_pages_token_keeps_the_same_student(store):
    room = store.create_class("7B")
    ada = store.join(room.code, "Ada")
    store.add_result(ada.token, game="flip7", kind="game", record={})
    again = store.join(room.code, "Ada", token=ada.token)          # a reload
    assert again == ada
    renamed = store.join(room.code, "Ada L.", token=ada.token)      # the student changed the nickname
    assert renamed.token == ada.token and renamed.nickname == "Ada L."
    assert store.student(ada.token) == renamed
    assert [(m["nickname"], m["results"]) for m in store.members(room.code)] == [("Ada L.", 1)]
    assert store.results(room.code)[0]["nickname"] == "Ada L."
    # an unknown token, or one of another class, makes a new student
    other = store.create_class("7C")
    assert store.join(other.code, "Ada", token=ada.token).token != ada.token
    assert store.join(room.code, "Cy", token="not-a-token").token != "not-a-token"
    assert store.student("not-a-token") is None and store.student(None) is None
    bob = store.join(room.code, "Bob", token="x")
    with pytest.raises(ValueError, match="taken"):                  # a rename onto a classmate's nickname
        store.join(room.code, "Bob", token=ada.token)
    assert store.join(room.code, "Bob", token=bob.token) == bob


def test_a_result_posted_twice_with_its_key_is_written_once(store):
    room = store.create_class("7B")
    ada = store.join(room.code, "Ada")
    first = store.add_result(ada.token, game="flip7", kind="game", record={"seed": 1}, key="page-1-game-1")
    again = store.add_result(ada.token, game="flip7", kind="game", record={"seed": 1}, key="page-1-game-1")
    assert first == again == 1
    assert store.add_result(ada.token, game="flip7", kind="game", record={"seed": 2}, key="page-1-game-2") == 2
    assert len(store.results(room.code)) == 2 and len(rows(store, results)) == 2
    # the same key from another student is that student's own result
    bob = store.join(room.code, "Bob")
    assert store.add_result(bob.token, game="flip7", kind="game", record={}, key="page-1-game-1") == 3


BAD_RESULTS = [
    (dict(game="Flip 7", kind="game", record={}), "game"),
    (dict(game="", kind="game", record={}), "game"),
    (dict(game="flip7", kind="score", record={}), "kind"),
    (dict(game="flip7", kind="game", record=[1, 2]), "dict"),
    (dict(game="flip7", kind="game", record={"x": object()}), "JSON"),
    (dict(game="flip7", kind="game", record={"x": float("nan")}), "JSON"),
    (dict(game="flip7", kind="game", record={"x": "a" * 5000}), "too large"),
    (dict(game="flip7", kind="game", record={"x": "\ud800"}), "Unicode"),
    (dict(game="flip7", kind="game", record={}, key=""), "key"),
    (dict(game="flip7", kind="game", record={}, key="k" * 65), "key"),
    (dict(game="flip7", kind="game", record={}, key=5), "key"),
]


def test_a_bad_result_is_a_value_error_and_writes_nothing(store):
    room = store.create_class("7B")
    ada = store.join(room.code, "Ada")
    for call, message in BAD_RESULTS:
        with pytest.raises(ValueError, match=message):
            store.add_result(ada.token, **call)
    assert store.results(room.code) == []


def test_other_bad_input_is_a_value_error(store):
    room = store.create_class("7B")
    with pytest.raises(ValueError, match="token"):
        store.add_result("not-a-token", game="flip7", kind="game", record={})
    with pytest.raises(ValueError, match="token"):
        store.add_result(None, game="flip7", kind="game", record={})
    for bad in (-1, "3", 1.5, True):
        with pytest.raises(ValueError, match="since_id"):
            store.results(room.code, since_id=bad)
    for name in ("", "x" * 81, "a\nb", None):
        with pytest.raises(ValueError, match="class name"):
            store.create_class(name)
    for seed in (-1, 2**60, "42", 4.2, True):
        with pytest.raises(ValueError, match="suggested_seed"):
            store.set_class_state(room.code, room.teacher_key, suggested_seed=seed)
    for revealed in ("q1", 5, [1], ["x" * 101]):
        with pytest.raises(ValueError, match="revealed"):
            store.set_class_state(room.code, room.teacher_key, revealed=revealed)
    with pytest.raises(ValueError, match="no class"):
        store.class_state("ZZZZ")


def test_import_cardkit_does_not_need_sqlalchemy():
    """The static site imports cardkit in the browser, where there is no database and no SQLAlchemy."""
    code = "import sys, cardkit; cardkit.make('flip7', seed=1).new_state(); print(sorted(m for m in sys.modules " \
           "if m.split('.')[0] in ('sqlalchemy', 'alembic', 'psycopg', 'classroom') or m.startswith('cardkit.classroom')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_open_store_refuses_a_bad_url_clearly(tmp_path):
    for url in ("nonsense", "mysql://u@h/db", "://"):
        with pytest.raises(ValueError, match="SQLite or PostgreSQL|must look like"):
            open_store(url)
    for url in ("sqlite://", "sqlite:///:memory:"):
        with pytest.raises(ValueError, match="SQLite file"):
            open_store(url)


def test_teacher_controls_need_the_teacher_key(store):
    room = store.create_class("7B")
    ada = store.join(room.code, "Ada")
    state = store.class_state(room.code)
    assert (state.name, state.closed, state.revealed, state.suggested_seed, state.members) == (
        "7B", False, frozenset(), None, 1)
    for call in (lambda key: store.close_class(room.code, key), lambda key: store.delete_class(room.code, key),
                 lambda key: store.results_csv(room.code, key),
                 lambda key: store.set_class_state(room.code, key, revealed=True)):
        with pytest.raises(ValueError, match="teacher key"):
            call("wrong")
    assert store.class_state(room.code) == state
    state = store.set_class_state(room.code, room.teacher_key, revealed=["flip7_when_to_stop:q1"], suggested_seed=42)
    assert state.is_revealed("flip7_when_to_stop:q1") and not state.is_revealed("q2") and state.suggested_seed == 42
    state = store.set_class_state(room.code, room.teacher_key, revealed=True)      # the seed kept
    assert state.is_revealed("q2") and state.suggested_seed == 42
    state = store.set_class_state(room.code, room.teacher_key, revealed=False, suggested_seed=None)
    assert state.revealed == frozenset() and state.suggested_seed is None
    assert store.class_state(room.code) == state
    store.close_class(room.code, room.teacher_key)
    assert store.class_state(room.code).closed
    with pytest.raises(ValueError, match="closed"):
        store.join(room.code, "Bob")
    with pytest.raises(ValueError, match="closed"):
        store.add_result(ada.token, game="flip7", kind="game", record={})
    assert store.members(room.code)[0]["nickname"] == "Ada"        # the board still reads it


def test_deleting_a_class_deletes_its_students_and_results(store):
    room, kept = store.create_class("7B"), store.create_class("7C")
    for code in (room.code, kept.code):
        for name in ("Ada", "Bob"):
            store.add_result(store.join(code, name).token, game="flip7", kind="game", record={})
    ada = store.join(room.code, "Cy")
    store.delete_class(room.code, room.teacher_key)
    assert len(rows(store, classes)) == 1 and len(rows(store, students)) == 2 and len(rows(store, results)) == 2
    assert store.student(ada.token) is None
    with pytest.raises(ValueError, match="no class"):
        store.join(room.code, "Ada")
    with pytest.raises(ValueError, match="token"):
        store.add_result(ada.token, game="flip7", kind="game", record={})
    assert len(store.results(kept.code)) == 2


def test_results_csv_has_every_result_and_defuses_formulas(store):
    room = store.create_class("7B")
    evil = store.join(room.code, "=HYPERLINK(\"x\")")
    store.add_result(evil.token, game="flip7", kind="game", record={"scores": [3, 9]})
    store.add_result(store.join(room.code, HOSTILE).token, game="flip7_when_to_stop", kind="answer",
                     record={"question": "q1", "answer": "-1"})
    table = list(csv.reader(io.StringIO(store.results_csv(room.code, room.teacher_key))))
    assert table[0] == ["id", "time_utc", "nickname", "kind", "game", "record"]
    assert [row[0] for row in table[1:]] == ["1", "2"]
    assert table[1][2] == "'=HYPERLINK(\"x\")" and table[2][2] == HOSTILE
    assert json.loads(table[2][5]) == {"question": "q1", "answer": "-1"}
    assert table[1][1].endswith("Z") and table[1][3:5] == ["game", "flip7"]


def test_a_looping_page_hits_the_limits(db_url):
    clock = Clock()
    limits = Limits(student_per_second=1, class_per_second=2, window=5, results_per_class=12, students_per_class=4,
                    open_classes=3)
    with open_store(db_url, limits=limits, clock=clock) as store:
        room = store.create_class("7B")
        ada, bob = store.join(room.code, "Ada"), store.join(room.code, "Bob")
        for _ in range(5):
            store.add_result(ada.token, game="flip7", kind="game", record={})
        with pytest.raises(LimitReached, match="too many results from this page"):
            store.add_result(ada.token, game="flip7", kind="game", record={})
        for _ in range(5):
            store.add_result(bob.token, game="flip7", kind="game", record={})
        cy = store.join(room.code, "Cy")
        with pytest.raises(LimitReached, match="too many results in class"):     # 10 in the window: 2 a second
            store.add_result(cy.token, game="flip7", kind="game", record={})
        clock.now += 5.1                                                         # the window passed
        store.add_result(ada.token, game="flip7", kind="game", record={})
        store.add_result(bob.token, game="flip7", kind="game", record={})
        with pytest.raises(LimitReached, match="holds 12 results"):
            store.add_result(cy.token, game="flip7", kind="game", record={})
        assert store.class_state(room.code).last_id == 12 and len(store.results(room.code)) == 12
        store.join(room.code, "Dee")
        with pytest.raises(LimitReached, match="full"):
            store.join(room.code, "Eve")
        store.create_class("7C"), store.create_class("7D")
        with pytest.raises(LimitReached, match="classes"):
            store.create_class("7E")
        assert issubclass(LimitReached, ValueError)


def test_a_class_expires_after_the_days_the_host_sets(db_url, monkeypatch):
    monkeypatch.setenv("CARDKIT_CLASS_DAYS", "2")
    clock = Clock()
    with open_store(db_url, clock=clock) as store:
        room = store.create_class("7B")
        assert room.expires_at == clock.now + 2 * 86400
        ada = store.join(room.code, "Ada")
        store.add_result(ada.token, game="flip7", kind="game", record={})
        clock.now += 2 * 86400 + 1
        assert store.class_state(room.code).closed
        with pytest.raises(ValueError, match="expired"):
            store.add_result(ada.token, game="flip7", kind="game", record={})
        with pytest.raises(ValueError, match="expired"):
            store.join(room.code, "Bob")
        fresh = store.create_class("7C")
    with open_store(db_url, clock=clock) as store:         # opening deletes what expired
        assert [row.code for row in rows(store, classes)] == [fresh.code]
        assert rows(store, students) == [] and rows(store, results) == []
        assert store.student(ada.token) is None
    for bad in ("abc", "0", "-3", "99999"):
        monkeypatch.setenv("CARDKIT_CLASS_DAYS", bad)
        with pytest.raises(ValueError, match="CARDKIT_CLASS_DAYS"):
            Limits()


def test_the_default_database_is_sqlite_under_cardkit_data(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDKIT_DB", raising=False)
    monkeypatch.setenv("CARDKIT_DATA", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path / 'data' / 'classes.sqlite'}"
    with open_store() as store:
        store.create_class("7B")
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000
    assert (tmp_path / "data" / "classes.sqlite").exists()
    monkeypatch.delenv("CARDKIT_DATA")
    monkeypatch.chdir(tmp_path)
    assert default_url() == f"sqlite:///{tmp_path / 'cardkit-data' / 'classes.sqlite'}"
    monkeypatch.setenv("CARDKIT_DB", "postgresql+psycopg://u@h/db")
    assert default_url() == "postgresql+psycopg://u@h/db"


def test_a_database_that_stays_away_is_a_clear_error(postgres):
    url = postgres.url().replace(f":{postgres.port}/", f":{free_port()}/")       # nothing listens there
    with pytest.raises(StoreUnavailable, match="unavailable"):
        open_store(url, retry_seconds=0.3)


def test_without_postgresql_ci_fails_and_a_developer_is_told_how_to_get_it(monkeypatch, tmp_path):
    from .conftest import start_postgres
    monkeypatch.setenv("CARDKIT_PG_BIN", str(tmp_path))          # no initdb there
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must test the class rooms on PostgreSQL.*apt install postgresql"):
        start_postgres()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="apt install postgresql"):
        start_postgres()


# -- issue 42, section 5: a nickname that reads as another's ----------------------------------------------
@pytest.mark.parametrize("look_alike", ["Аda", "Αda", "ADA", "Ａｄａ"])   # Cyrillic А, Greek Α, case, full width
def test_a_nickname_that_reads_as_a_classmates_is_taken(store, look_alike):
    room = store.create_class("7B")
    store.join(room.code, "Ada")
    with pytest.raises(ValueError, match="taken|mixes alphabets"):
        store.join(room.code, look_alike)
    assert [m["nickname"] for m in store.members(room.code)] == ["Ada"]


def test_a_whole_word_in_another_script_that_reads_alike_is_taken(store):
    room = store.create_class("7B")
    store.join(room.code, "ace")
    with pytest.raises(ValueError, match="taken"):
        store.join(room.code, "асе")                     # Cyrillic а, с, е: one script, reads "ace"


def test_a_nickname_mixing_scripts_is_refused_and_one_script_names_are_welcome(store):
    room = store.create_class("7B")
    with pytest.raises(ValueError, match="mixes alphabets"):
        store.join(room.code, "Аda")
    for name in ("Νίκος", "Зоя", "山田たろう", "Zoë", "Ana-María"):
        store.join(room.code, name)
    assert len(store.members(room.code)) == 5


def test_a_table_seat_name_that_reads_as_anothers_is_taken(store):
    table = store.create_table("flip7", players=3)
    store.sit(table.code, "Abe")
    with pytest.raises(ValueError, match=r"mixes alphabets \(Greek and Latin\)"):
        store.sit(table.code, "Αbe")
    with pytest.raises(ValueError, match="taken"):
        store.sit(table.code, "ΑΒΕ")                     # all Greek capitals: reads ABE


# -- issue 42, section 6: guessing class codes --------------------------------------------------------------
def other_code(code):
    return next(c + code[1:] for c in CODE_ALPHABET if c != code[0])


def test_wrong_class_codes_from_one_page_wait_longer_and_longer_then_pause(db_url, caplog):
    clock = Clock()
    limits = Limits(wrong_codes_per_page=9, code_window=600)
    with open_store(db_url, limits=limits, clock=clock) as store:
        room = store.create_class("7B")
        wrong = other_code(room.code)
        for _ in range(3):                                # the first third: answered at once
            with pytest.raises(ValueError, match="no class"):
                store.join(wrong, "Ada", page="p1", address="10.1.2.3")
        assert "10.1.2.3" in caplog.text                  # the host's log names the address
        with pytest.raises(LimitReached, match="wait 1 s"):
            store.join(room.code, "Ada", page="p1")       # even the right code waits
        clock.now += 1
        with pytest.raises(ValueError, match="no class"):
            store.join(wrong, "Ada", page="p1")
        with pytest.raises(LimitReached, match="wait 2 s"):
            store.join(wrong, "Ada", page="p1")
        for _ in range(5):
            clock.now += 100
            with pytest.raises(ValueError, match="no class"):
                store.join(wrong, "Ada", page="p1")
        with pytest.raises(LimitReached, match="wait"):   # 9 wrong in the window: the pause
            store.join(room.code, "Ada", page="p1")
        store.join(room.code, "Bob", page="p2")           # another page is not held up
        clock.now += 600
        assert store.join(room.code, "Ada", page="p1").nickname == "Ada"


def test_wrong_class_codes_count_per_address_across_pages(db_url):
    clock = Clock()
    with open_store(db_url, limits=Limits(wrong_codes_per_address=6), clock=clock) as store:
        room = store.create_class("7B")
        for page in range(6):
            clock.now += 300
            with pytest.raises(ValueError, match="no class"):
                store.join(other_code(room.code), "Ada", page=f"p{page}", address="10.9.9.9")
        with pytest.raises(LimitReached, match="wrong class codes"):
            store.join(room.code, "Ada", page="fresh", address="10.9.9.9")
        store.join(room.code, "Ada", page="fresh", address="10.0.0.2")


def test_classes_made_from_one_address_are_limited(db_url):
    clock = Clock()
    with open_store(db_url, limits=Limits(classes_per_address=2), clock=clock) as store:
        store.create_class("a", address="10.0.0.1")
        store.create_class("b", address="10.0.0.1")
        with pytest.raises(LimitReached, match="classes made from this address"):
            store.create_class("c", address="10.0.0.1")
        store.create_class("d", address="10.0.0.2")
        clock.now += 86_401
        store.create_class("e", address="10.0.0.1")


# -- issue 42, section 6: a made-up student -------------------------------------------------------------------
def test_the_teacher_removes_a_student_and_their_results(store):
    room = store.create_class("7B")
    ada, fake = store.join(room.code, "Ada"), store.join(room.code, "Fake")
    store.add_result(ada.token, game="flip7", kind="game", record={})
    store.add_result(fake.token, game="flip7", kind="game", record={"won": True})
    with pytest.raises(ValueError, match="wrong teacher key"):
        store.remove_student(room.code, "guess", "Fake")
    assert store.remove_student(room.code, room.teacher_key, "Fake") == 1
    assert [m["nickname"] for m in store.members(room.code)] == ["Ada"]
    assert [r["nickname"] for r in store.results(room.code)] == ["Ada"]
    assert store.student(fake.token) is None
    with pytest.raises(ValueError, match="not in a class"):
        store.add_result(fake.token, game="flip7", kind="game", record={})
    with pytest.raises(ValueError, match="no student"):
        store.remove_student(room.code, room.teacher_key, "Nobody")
