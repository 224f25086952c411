"""What several browser tests check the same way: a page usable (after its guard's reload, if it
reloaded), a game's landing tile, a move button of the game, the game of a seed, waiting for a part
of the page to change, and whether an element is on screen (a phone's viewport); and a student in a
class: open a page, join from the class bar, finish a game, wait for "saved"."""

import re
import time

from playwright.sync_api import Error as PlaywrightError, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

APP = ".ck-app"  # the GameApp; the rule demos above it have their own tables and logs
TEACHER_KEY = "browser-tests-teacher-key"  # the tests' Voila runs with CARDKIT_TEACHER_KEY set to it


# The page's state as a test waits for it (``selector``: CSS, or null): "ok" once the cells are shown
# and, when asked, an element ``selector`` matches is visible; "paused" when a move button is asked
# for and the GameApp instead waits on Next round (a bot froze the person during the deal: round 1
# is over before they could move); "failed" once the page guard shows its notice; "cell error";
# null while the page loads or while the guard, having hidden a broken page, reloads it.
PAGE_STATE = """(selector) => {
  const shown = (el) => !!el && getComputedStyle(el).visibility !== "hidden"
                        && !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  if (!document.documentElement) return null;          // a page just navigated to: nothing parsed yet
  if (document.querySelector(".ck-page-error")) return "failed";
  if (document.documentElement.classList.contains("ck-page-failed")) return null;
  const cells = document.getElementById("rendered_cells");
  if (!shown(cells)) return null;
  if (Array.from(cells.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]'))
        .some((el) => el.textContent.includes("error when executing cell"))) return "cell error";
  if (!selector || Array.from(document.querySelectorAll(selector)).some(shown)) return "ok";
  if (selector.includes("ck-action")
      && Array.from(document.querySelectorAll(".ck-app .ck-next-round")).some(shown)) return "paused";
  return null;
}"""
NEXT_ROUNDS = 5   # Next round presses, at most, to reach a deal where the person has a move


def _page_state(page, selector, deadline: float) -> str:
    """PAGE_STATE once it says something, asked every 0.2 s; a page reloading under the question
    (its context destroyed) is asked again once it is back."""
    while True:
        try:
            state = page.evaluate(PAGE_STATE, selector)
        except PlaywrightError as exc:
            if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
            state = None
        if state:
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"{page.url}: not usable in time (waiting for {selector or 'the cells'})")
        time.sleep(0.2)


def wait_until_usable(page, selector: str | None = None, timeout: float = 60_000) -> None:
    """Return once the page's cells are shown and, when ``selector`` is given, an element it matches
    is visible. On a busy machine the page guard may find a broken page ("widget model not found")
    and reload it: the wait goes on across that reload, on the new page. A test asking for a move
    button (``.ck-action``) on a game that starts paused at a round end (Flip 7: a bot froze the
    person during the deal) presses Next round until it has one. Fails with the guard's notice or
    the cell's error."""
    deadline = time.monotonic() + timeout / 1000
    for pressed in range(NEXT_ROUNDS + 1):
        state = _page_state(page, selector, deadline)
        left = max(1_000, (deadline - time.monotonic()) * 1000)
        if state == "ok":
            if pressed:                     # Next round also moves the focus to the first move, a
                _settle_focus(page)         # message after the redraw: a test's own Tab comes after it
            return
        if state == "failed":
            raise AssertionError(f"{page.url}: the page guard gave up on the page: "
                                 + page.locator(".ck-page-error").first.get_attribute("data-reason"))
        if state == "cell error":
            raise AssertionError(f"{page.url}: " + page.locator(
                '[data-mime-type="application/vnd.jupyter.stderr"]', has_text="error when executing cell"
            ).first.inner_text().strip())
        table = f"{APP} .ck-table"          # the next round's deal redraws the table
        before = page.locator(table).first.inner_text()
        press(page.locator(f"{APP} .ck-next-round").first)
        page.wait_for_function("([sel, before]) => document.querySelector(sel).innerText !== before",
                               arg=[table, before], timeout=left)
    raise AssertionError(f"{page.url}: no {selector} after {NEXT_ROUNDS} presses of Next round")


def _settle_focus(page, timeout: float = 15_000) -> None:
    """Wait a while for the keyboard focus a press of Next round asked for (on a busy machine it may
    come late, or never when the bots play on first)."""
    from playwright.sync_api import TimeoutError as Late
    try:
        page.wait_for_function(f"() => !!document.activeElement.closest('{APP} .ck-you')", timeout=timeout)
    except Late:
        pass


def play_seed(page, seed: int) -> None:
    """Type ``seed`` in the GameApp's seed box and press Enter, as a class told "everybody play seed
    42" does (a game starts from a random seed); return once the new game is drawn."""
    box = page.locator(f"{APP} .ck-seed input")
    box.fill(str(seed))
    box.press("Enter")
    expect(page.locator(f"{APP} h3").first).to_contain_text(f"seed {seed}")
    expect(page.locator(f"{APP} .ck-app-message")).to_contain_text("A new game")    # said after the redraw


def follow_tile(page, game: str, title: str, lesson: str) -> None:
    """On the landing page: the game's tile names it and links its lesson, with no "coming soon",
    and its walkthrough link opens the walkthrough with the game's table."""
    tile = page.locator(f'.ck-tile[data-game="{game}"]')
    expect(tile).to_contain_text(title)
    expect(tile.locator(".ck-soon")).to_have_count(0)
    assert tile.locator("a.ck-lesson").first.get_attribute("href") == lesson
    tile.locator("a.ck-walkthrough").click()
    page.wait_for_url(re.compile(rf"/voila/render/{game}\.ipynb$"), timeout=60_000)
    wait_until_usable(page, f"{APP} .ck-table")


def move(page, label: str):
    """The GameApp's move button whose text is exactly ``label``."""
    return page.locator(f"{APP} .ck-action", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))


def changes(page, selector: str, before: str, prop: str = "innerText") -> None:
    """Wait until the first element ``selector`` names no longer has ``before`` as its ``prop``."""
    page.wait_for_function(
        f"([sel, before]) => document.querySelector(sel).{prop} !== before",
        arg=[selector, before], timeout=30_000)


# '' when the element's centre is on screen and the element itself is what is drawn there; else why not.
UNCOVERED = """el => {
  const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight)
    return `off screen (centre at ${Math.round(x)}, ${Math.round(y)})`;
  const hit = document.elementFromPoint(x, y);
  return el.contains(hit) ? '' : `covered by ${hit && hit.closest('[class]') ? hit.closest('[class]').className : hit}`;
}"""


def placed_and_checked(page, place, check, timeout: float = 10.0):
    """``place()`` (scroll the page somewhere), then ``check()``: what is wrong there, falsy when
    nothing. A page may still move itself just after (a message answering the person's last click
    scrolls into sight once the kernel has redrawn, late on a busy machine), so a wrong answer is
    asked again, placed again, until ``timeout`` s: a layout that is really wrong stays wrong."""
    deadline = time.monotonic() + timeout
    while True:
        place()
        page.wait_for_timeout(150)            # a frame or two for sticky boxes to settle
        found = check()
        if not found or time.monotonic() > deadline:
            return found
        page.wait_for_timeout(500)


def to_the_table(page) -> None:
    """Scroll the GameApp's table to the top of the screen; a play area too tall to be pinned without
    covering the seats (issue 39) sits below them, so there it is the play area, as a player scrolls."""
    page.locator(f"{APP} .ck-play").evaluate(
        "play => (play.matches('.ck-too-tall') ? play : play.closest('.ck-table').querySelector('.ck-status'))"
        ".scrollIntoView({block: 'start'})")


def on_screen(page, locator) -> bool:
    """The element lies wholly inside the viewport."""
    box, view = locator.bounding_box(), page.viewport_size
    return (box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]
            and box["x"] >= 0 and box["x"] + box["width"] <= view["width"])


def answer_waits_for_its_button(page, answer_text: str, question: int = 0) -> None:
    """A question's answer (the page's first, or its ``question``-th) is hidden until its "Show the
    answer" button is pressed."""
    first = page.locator(".ck-question").nth(question)
    answer = first.get_by_text(answer_text)
    expect(answer).to_be_hidden()
    first.get_by_role("button", name="Show the answer").click()
    expect(answer).to_be_visible()


def resize(page, size: dict) -> None:
    """Set the viewport and wait until the page has taken the width: the lab shell resizes itself in
    its resize handler, a frame or more later (before that, everything is still laid out wide)."""
    page.set_viewport_size(size)
    page.wait_for_function("(width) => { const shell = document.querySelector('.jp-LabShell') || document.body;"
                           " return shell.getBoundingClientRect().width <= width; }", arg=size["width"], timeout=15_000)


# -- a student in a class (the Class board's test, the JupyterHub test) --------------------------

def open_page(page, url, notebook, selector):
    page.goto(f"{url}/voila/render/{notebook}", timeout=120_000)
    wait_until_usable(page, selector, timeout=120_000)     # across a reload by the page guard


def join(page, code, nickname, keyboard=False):
    bar = page.locator(".ck-class-bar")
    if keyboard:                           # Tab from the code box to the nickname, then to the button
        bar.locator(".ck-class-code input").focus()
        page.keyboard.type(code)
        page.keyboard.press("Tab")
        page.keyboard.type(nickname)
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    else:
        bar.locator(".ck-class-code input").fill(code)
        bar.locator(".ck-class-nickname input").fill(nickname)
        bar.locator(".ck-class-join").click()
    expect(bar.locator(".ck-class-status")).to_contain_text(f"In class {code} as {nickname}")


def saved(page):
    expect(page.locator(".ck-class-status .ck-saved")).to_have_text("saved", timeout=60_000)


def finish_game(page, seconds=400):
    """Stay at once in every round (or take the first move allowed) and press Next round, to the end.
    A button redrawn under the click (the kernel answered first) is looked for again."""
    app = page.locator(APP).first
    over = app.get_by_text("Game over.")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if over.count():
            return
        before = app.inner_text()
        next_round = page.locator(f"{APP} .ck-next-round:visible")
        stay = move(page, "Stay").locator("visible=true").and_(page.locator(":not(.ck-illegal)"))
        enabled = page.locator(f"{APP} .ck-action:visible:enabled:not(.ck-illegal)")   # a muted move only explains
        try:
            target = (next_round.first if next_round.count()
                      else stay.first if stay.count() and stay.first.is_enabled(timeout=2_000)
                      else enabled.first if enabled.count() else None)
            if target is None:
                page.wait_for_timeout(200)        # the kernel is still drawing the last move
                continue
            target.click(timeout=5_000)
            page.wait_for_function("([sel, before]) => document.querySelector(sel).innerText !== before",
                                   arg=[APP, before], timeout=30_000)
        except PlaywrightTimeout:
            continue                              # redrawn meanwhile: look again
    raise AssertionError(f"the game did not end in {seconds} s")


def create_class(teacher, name="7B maths") -> str:
    """On the Class board opened with the host's key: name the class, create it; its code."""
    teacher.locator(".ck-board-name input").fill(name)
    teacher.locator(".ck-board-create").click()
    code_shown = teacher.locator(".ck-board-code")
    expect(code_shown).to_have_text(re.compile(r"^[A-Z0-9]{4,8}$"))
    return code_shown.inner_text()


SHARED = ".ck-shared-table"   # the Play with others page (play_together.ipynb)


def create_table(page, name: str, seats: int) -> str:
    """On the Play with others page: create a table of ``seats`` seats as ``name``; its code."""
    page.get_by_label("Your name").fill(name)
    page.locator(f"{SHARED} .ck-shared-seats input").fill(str(seats))
    page.locator(f"{SHARED} .ck-shared-create").click()
    code_shown = page.locator(f"{SHARED} .ck-shared-code")
    expect(code_shown).to_have_text(re.compile(r"^[A-Z0-9]{5}$"), timeout=30_000)
    return code_shown.inner_text()


def sit(page, code: str, name: str) -> None:
    """On the Play with others page: take a seat at table ``code`` as ``name``."""
    page.get_by_label("Table code").fill(code)
    page.get_by_label("Your name").fill(name)
    page.locator(f"{SHARED} .ck-shared-join").click()
    expect(page.locator(f"{SHARED} .ck-shared-name")).to_have_text(name, timeout=30_000)



def press(button, tries: int = 8) -> None:
    """Click ``button`` as a person would on a busy page: a page that is still scrolling to its newest
    message or drawing the bots' moves moves the button, and Playwright waits for it to be still; after
    a while the click goes where the button is (a redrawn button is looked up again). A button gone
    after a failed try was pressed all the same (its click landed as the page moved on): done."""
    for attempt in range(tries):
        try:
            button.click(timeout=15_000, force=attempt > 0)
            return
        except PlaywrightError:
            if attempt == tries - 1:
                raise
            if attempt and not button.count():
                return
