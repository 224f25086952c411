"""A result waiting for the class's database outlives a server restart: the browser keeps it (as it
keeps the student's token) until the store has it, and the next page load sends it again, once.

The database is held away by a write lock on its SQLite file (as a busy SQLite, or PostgreSQL
restarting), the server is stopped while the answer waits, and a new server on the same data folder
serves the reload."""
from __future__ import annotations

import re
import sqlite3
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ._people import people
from .conftest import SCREENSHOTS, _stop, start_voila
from .test_class_board import LESSON, join, open_page, saved

pytestmark = pytest.mark.browser

KEPT = "() => JSON.parse(window.localStorage.getItem('cardkit-outbox') || '[]').length"


def test_an_answer_waiting_for_the_database_is_sent_again_after_a_server_restart(browser, screenshot):
    data = tempfile.mkdtemp(prefix="cardkit-kept-")
    database = Path(data, "classes.sqlite")
    log = SCREENSHOTS / "voila-result-kept.log"
    proc, url = start_voila(log, data_dir=data)
    lock = None
    try:
        from classroom.store import open_store
        with open_store(f"sqlite:///{database}") as store:
            room = store.create_class("7B maths")
        with people(browser, screenshot, "result_kept") as crowd:
            page = crowd.new_page()
            open_page(page, url, LESSON, ".ck-question .ck-choices")
            join(page, room.code, "Ada")
            lock = sqlite3.connect(database, timeout=0, isolation_level=None)
            lock.execute("BEGIN EXCLUSIVE")                           # the database is away
            question = page.locator(".ck-question", has_text="Which N gives the highest average score?")
            question.locator(".ck-choices button", has_text=re.compile(r"^\s*20\s*$")).click()
            expect(page.locator(".ck-class-status .ck-saving")).to_be_visible()
            page.wait_for_function(f"() => ({KEPT})() === 1", timeout=60_000)   # kept in the browser
            _stop(proc)                                              # the server goes, the answer unsaved
            lock.execute("ROLLBACK")
            lock.close()
            lock = None
            with open_store(f"sqlite:///{database}") as store:
                assert store.results(room.code) == []
            proc, url = start_voila(log, data_dir=data, port=int(url.rsplit(":", 1)[1]))   # back, same folder
            open_page(page, url, LESSON, ".ck-question .ck-choices")   # the same browser: a reload
            expect(page.locator(".ck-class-status")).to_contain_text(f"In class {room.code} as Ada")
            saved(page)
            page.wait_for_function(f"() => ({KEPT})() === 0", timeout=60_000)   # the store has it: forgotten
            page.reload()
            open_page(page, url, LESSON, ".ck-question .ck-choices")
            expect(page.locator(".ck-class-status")).to_contain_text(f"In class {room.code} as Ada")
        with open_store(f"sqlite:///{database}") as store:
            rows = store.results(room.code)
        assert [(r["nickname"], r["record"]["answer"]) for r in rows] == [("Ada", 20)]
    finally:
        if lock is not None:
            lock.close()
        _stop(proc)
