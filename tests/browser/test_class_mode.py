"""Class mode (``cardkit class``, ``make class``): every warm page draws whole, with or without a
teacher's key. The audit found warm pages ending on "This page could not be shown completely" (4 of 8
plain loads, 17 of 19 with a teacher key) while ``make app`` drew every one.

The cause was in the widget renderer (``widget-restore.js`` in the app's template says how): a warm
kernel answers the page's widget manager at once, so its restore of the page's widgets ends while the
browser is still drawing the outputs, and an output that looked its model up just before that end
said "model not found". Before the fix this test failed in most runs, 4 pages at a time.

A page here is drawn when its cells are shown, no output still says "Loading widget..." and the
game's table is there; it must get there without the page guard ever stepping in (the guard may not
reload it: ``cardkitPageGuardNoRetry``; and no navigation but the first). Slow is fine: every wait
ends as soon as its condition holds, with generous bounds for a busy machine.
"""
from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ._pages import APP, TEACHER_KEY
from .conftest import SCREENSHOTS, _stop, start_voila

pytestmark = pytest.mark.browser

LOADS = 12              # pages in all, opened AT_ONCE at a time, half of them with a teacher's key
AT_ONCE = 4             # the audit's 2 at a time failed about 1 run in 3, 4 at a time most runs
CLASS_SIZE = 4          # warm kernels: the pool refills (class_reserve) while the class arrives
READY_TIMEOUT = 600     # s for the class's kernels to warm on a busy machine
DRAW_TIMEOUT = 300_000  # ms for one page to draw on a busy machine

# Drawn, or given up on by the guard: whichever comes first.
DRAWN = """(app) => {
  if (document.querySelector(".ck-page-error") || document.documentElement.classList.contains("ck-page-failed"))
    return "failed";
  const cells = document.getElementById("rendered_cells");
  if (!cells || cells.style.display === "none") return null;
  const outputs = Array.from(cells.querySelectorAll(".jp-OutputArea-output"));
  if (outputs.some((el) => el.childElementCount === 0 && /Loading widget|Error displaying widget/.test(el.textContent)))
    return null;
  return document.querySelector(app + " .ck-table") ? "drawn" : null;
}"""


@pytest.fixture(scope="module")
def class_server():
    """The app in class mode for flip7, as ``cardkit class flip7 --size 4`` runs it, once it said
    "ready"; yields (base URL, a class's code, that class's teacher key)."""
    data = tempfile.mkdtemp(prefix="cardkit-class-mode-")
    log = SCREENSHOTS / "voila-class-mode.log"
    proc, url = start_voila(log, "--CardkitVoila.class_pages=flip7", f"--CardkitVoila.class_size={CLASS_SIZE}",
                            data_dir=data)
    try:
        deadline = time.monotonic() + READY_TIMEOUT
        while not re.search(r"^ready: \d+ pages warm", log.read_text(errors="replace"), re.M):
            assert proc.poll() is None, "the server stopped:\n" + log.read_text(errors="replace")[-3000:]
            assert time.monotonic() < deadline, f"class mode not ready after {READY_TIMEOUT} s"
            time.sleep(1)
        from classroom.store import open_store
        with open_store(f"sqlite:///{Path(data, 'classes.sqlite')}") as store:
            room = store.create_class("class mode")
        yield url, room.code, room.teacher_key
    finally:
        _stop(proc)


def _open(browser, url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("window.cardkitPageGuardNoRetry = true;")    # a broken page says so at once
    page = context.new_page()
    page.navigations = []           # documents loaded (the teacher key leaving the address bar is not one)
    page.on("domcontentloaded", lambda _page: page.navigations.append(page.url))
    page.goto(url, wait_until="commit", timeout=DRAW_TIMEOUT)
    return page


def test_every_class_mode_page_draws_with_or_without_a_teacher_key(browser, class_server, screenshot):
    url, code, key = class_server
    addresses = [f"{url}/voila/render/flip7.ipynb",
                 f"{url}/voila/render/flip7.ipynb?teacher={TEACHER_KEY}",
                 f"{url}/voila/render/flip7.ipynb",
                 f"{url}/voila/render/flip7.ipynb?class={code}&teacher={key}"]
    broken = []
    for first in range(0, LOADS, AT_ONCE):
        pages = [_open(browser, addresses[n % len(addresses)]) for n in range(first, first + AT_ONCE)]
        for n, page in enumerate(pages, start=first):
            state = page.wait_for_function(DRAWN, arg=APP, timeout=DRAW_TIMEOUT, polling=200).json_value()
            if state != "drawn" or len(page.navigations) != 1:
                broken.append(f"load {n} ({addresses[n % len(addresses)]}): {state}, "
                              f"{len(page.navigations)} navigations; guard: "
                              f"{page.evaluate('() => window.cardkitPageGuard && window.cardkitPageGuard.failed()')}")
                print("screenshot:", screenshot(page, f"class-mode-{n}"))
            elif not page.evaluate("() => window.cardkitRendererMended === true"):
                broken.append(f"load {n}: the template's widget-restore.js did not find the widget renderer")
            elif "teacher=" + TEACHER_KEY in addresses[n % len(addresses)]:
                # the host's key reached the warm kernel: its teacher view can be switched on
                page.locator(f"{APP} .ck-teacher").first.wait_for(state="visible", timeout=DRAW_TIMEOUT)
        for page in pages:
            page.context.close()
    assert not broken, "\n".join(broken)


def test_a_warm_page_speaks_the_language_its_visitor_brings(browser, class_server):
    """A warm page ran its notebook before anyone came, in no language of anyone's: once its visitor
    arrives (the address's ?lang=, or the browser's Accept-Language), its words follow (issue 40)."""
    url, _code, _key = class_server
    for address, locale, lang, new_game, join in (
            (f"{url}/voila/render/flip7.ipynb?lang=de", "en-US", "de", "Neues Spiel", "Einer Klasse beitreten"),
            (f"{url}/voila/render/flip7.ipynb", "sv-SE", "sv", "Nytt spel", "Gå med i en klass")):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
        try:
            page = context.new_page()
            page.goto(address, wait_until="commit", timeout=DRAW_TIMEOUT)
            assert page.wait_for_function(DRAWN, arg=APP, timeout=DRAW_TIMEOUT, polling=200).json_value() == "drawn"
            assert page.evaluate("document.documentElement.lang") == lang
            expect(page.locator(f"{APP} .ck-new-game")).to_have_text(new_game, timeout=DRAW_TIMEOUT)
            expect(page.locator(".ck-class-join").first).to_have_text(join)
            expect(page.locator(f"{APP} .ck-log b").first).not_to_have_text("What happened")
        finally:
            context.close()
