"""Flip 7 in the browser: the landing page's link, the walkthrough, a move, the lesson.

What a person would see, checked in Debian's chromium against a real Voila server
(fixtures in conftest.py). Screenshots go to tests/browser/screenshots/.
"""

import re

import pytest
from playwright.sync_api import expect

from ._pages import TEACHER_KEY, answer_waits_for_its_button, on_screen, play_seed, to_the_table
from ._people import people

pytestmark = pytest.mark.browser

APP = ".ck-app"  # the GameApp; the rule demos above it have their own tables and logs


def set_readout(readout, value: str) -> None:
    """Type a value into a slider's editable readout, as a person can; Enter sends it."""
    readout.fill(value)
    readout.press("Enter")
    expect(readout).to_have_text(value)


def test_flip7_walkthrough_renders_and_hit_changes_the_table_and_log(page, voila_url, render, screenshot):
    render(page, voila_url, "flip7.ipynb", f"{APP} .ck-action")
    table = page.locator(f"{APP} .ck-table").first
    log = page.locator(f"{APP} .ck-log").first
    expect(table).to_be_visible()
    expect(log).to_be_visible()
    expect(page.locator(".ck-rule").nth(4)).to_be_attached()  # 5 or more: one rule card per section
    expect(page.locator(f"{APP} .ck-teacher")).to_be_hidden()    # a student's page: no teacher view

    # The seed box takes a whole number and says so; nothing changes.
    title = page.locator(f"{APP} h3").first
    dealt = title.inner_text()
    assert re.search(r"seed \d+", dealt)                           # a random game, its seed in the title
    page.locator(f"{APP} .ck-seed input").fill("--5")
    page.locator(f"{APP} .ck-seed input").press("Enter")
    expect(page.locator(f"{APP} .ck-app-message")).to_contain_text("whole number from 0 to 4294967295")
    expect(title).to_have_text(dealt)

    # Seed 7: Player 0 (the human) opens with Hit or Stay.
    play_seed(page, 7)
    hit = page.locator(f"{APP} .ck-action", has_text=re.compile(r"^\s*Hit\s*$"))
    expect(hit).to_have_count(1)
    table_before, log_before = table.inner_html(), log.inner_text()
    hit.click()
    page.wait_for_function(
        "([sel, before]) => document.querySelector(sel).innerHTML !== before",
        arg=[f"{APP} .ck-table", table_before], timeout=30_000)
    page.wait_for_function(
        "([sel, before]) => document.querySelector(sel).innerText !== before",
        arg=[f"{APP} .ck-log", log_before], timeout=30_000)
    assert "You flip" in log.inner_text() and "Player 0" not in log.inner_text()    # the log speaks to you
    expect(table.locator(".ck-status")).not_to_contain_text("Player 0")
    expect(title).not_to_contain_text("practice")
    page.locator(f"{APP} .ck-undo").click()                      # Undo: the same card comes again
    expect(title).to_contain_text("practice")

    # "All the rules, one at a time": Next moves the full rule stepper on.
    stepper = page.locator(".ck-rule-stepper", has=page.locator(".ck-next:visible")).first
    rule = stepper.locator(".ck-rule")
    expect(rule).to_contain_text("The deck")
    stepper.locator(".ck-next").click()
    expect(rule).to_contain_text("The deal")

    # A rule's example is built as the reader scrolls to it: the page loads without it.
    bust = page.locator(".ck-rule-stepper", has=page.locator(".ck-rule h3", has_text=re.compile(r"^Bust$")))
    bust.scroll_into_view_if_needed()
    expect(bust.locator(".ck-demo .ck-caption")).to_contain_text("busts", timeout=30_000)
    expect(bust.locator(".ck-open-in-view")).to_have_count(0)
    assert page.locator(".ck-demo").count() < 12                   # the examples far from it are not built

    # The probability corner opens on demand and speaks to Player 0, the page's player, as "you".
    page.get_by_role("button", name=re.compile("Open the probability corner")).click()
    page.wait_for_selector(".ck-prob", state="visible", timeout=60_000)
    expect(page.locator(".ck-prob")).to_contain_text("For you, from what you can see")
    expect(page.locator(".ck-prob")).not_to_contain_text("Player 0")

    print("screenshot:", screenshot(page, "flip7", kept=True))
    assert page.errors == []


def test_lesson_renders_answers_and_simulation(page, voila_url, render, screenshot):
    render(page, voila_url, "lessons/flip7_when_to_stop.ipynb", ".ck-question")
    expect(page.locator(".ck-line-picker").first).to_be_visible()
    expect(page.get_by_text("chance of busting = 30/76")).to_be_visible()

    # The link bar: real links, the first one reached with Tab.
    back = page.locator(".ck-nav a", has_text="All games")
    assert back.get_attribute("href") == "../index.ipynb"
    assert page.locator(".ck-nav a", has_text="Flip 7: the rules").get_attribute("href") == "../flip7.ipynb"

    # An answer is hidden until its button is pressed.
    answer_waits_for_its_button(page, "Sam is far more likely to bust")

    # The stop-at-N table: exact at load, the best row marked only once its question is answered.
    table = page.locator(".ck-threshold-table")
    expect(table).to_contain_text("18.41")  # exact, N = 25
    expect(table.locator("tr.ck-best")).to_have_count(0)
    best_question = page.locator(".ck-question", has_text="Which N gives the highest average score?")
    best_question.get_by_role("button", name="Show the answer").click()
    expect(table.locator("tr.ck-best")).to_have_count(1)
    expect(table.locator("tr.ck-best td").first).to_have_text("25")

    # A run that is cancelled stops and keeps what was done; a full one fills the table and the plot.
    run, cancel = page.get_by_role("button", name="Run the simulation"), page.get_by_role("button", name="Cancel")
    rounds = page.locator(".widget-slider", has_text="Rounds per N").locator(".widget-readout")
    # A run that is cancelled stops and says so. Cancel must arrive while the run is going: the
    # longest run the page offers (5,000 rounds for each of 8 N, about 20 s on a busy 2-core
    # machine) lasts many times a slow round trip; the default 8,000 rounds took about 3 s there.
    set_readout(rounds, "5000")
    run.click()
    cancel.click()  # waits until the run has enabled it
    expect(page.get_by_text(re.compile(r"Cancelled: kept what was done"))).to_be_visible(timeout=60_000)
    expect(run).to_be_enabled()
    set_readout(rounds, "1000")
    run.click()
    expect(page.get_by_text(re.compile(r"Done: 1,000 rounds for each N"))).to_be_visible(timeout=180_000)
    page.wait_for_selector(".ck-svg-plot svg", state="visible", timeout=60_000)
    expect(table).to_contain_text("±")

    # The law of large numbers: the running average grows on the plot, Stop stops it at once.
    page.get_by_label("Rounds", exact=True).select_option(label="100")
    page.get_by_role("button", name="Play rounds").click()
    expect(page.get_by_text(re.compile(r"After 100 rounds the average is"))).to_be_visible(timeout=120_000)
    page.get_by_label("Rounds", exact=True).select_option(label="5,000")
    page.get_by_role("button", name="Play rounds").click()
    page.get_by_role("button", name="Stop").click()
    expect(page.get_by_text(re.compile(r"Stopped (after|before)"))).to_be_visible(timeout=60_000)
    expect(page.get_by_role("button", name="Play rounds")).to_be_enabled()

    print("screenshot:", screenshot(page, "flip7_lesson", kept=True))
    assert page.errors == []


def test_after_a_move_the_keyboard_stays_on_the_moves(page, voila_url, render, screenshot):
    render(page, voila_url, "flip7.ipynb", f"{APP} .ck-action")
    play_seed(page, 7)                                           # Player 0 opens with Hit or Stay
    log = page.locator(f"{APP} .ck-log").first
    hit = page.locator(f"{APP} .ck-action", has_text=re.compile(r"^\s*Hit\s*$"))
    hit.focus()
    log_before = log.inner_text()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([sel, before]) => document.querySelector(sel).innerText !== before",
        arg=[f"{APP} .ck-log", log_before], timeout=30_000)
    expect(log).to_contain_text("You flip")
    # The focus comes back to the new move buttons, not to the page (where Tab could reach New game).
    page.wait_for_function(
        "() => !!document.activeElement && document.activeElement.matches('.ck-app .ck-you button')",
        timeout=30_000)
    focused = page.evaluate("() => document.activeElement.innerText.trim()")
    assert focused in ("Hit", "Stay", "Next round") or "→" in focused, focused
    ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert ring == "solid"                           # a visible ring where the keyboard is
    print("screenshot:", screenshot(page, "flip7_focus", kept=True))
    assert page.errors == []


def test_the_teacher_key_leaves_the_address_bar_and_a_reload_keeps_the_teacher_view(browser, ready_url, render,
                                                                                   screenshot):
    """A teacher's page goes up on the projector: its key must not stay in the address for the class
    to read. The page still has the teacher view, also after a reload; another tab has not."""
    with people(browser, screenshot, "teacher_key") as crowd:
        page = crowd.new_page()
        render(page, ready_url, f"flip7.ipynb?teacher={TEACHER_KEY}", f"{APP} .ck-table")
        teacher_toggle = page.locator(f"{APP} .ck-teacher")
        expect(teacher_toggle).to_be_visible()
        assert "teacher" not in page.url and TEACHER_KEY not in page.url, page.url
        page.reload()
        page.locator(f"{APP} .ck-table").wait_for(state="visible", timeout=120_000)
        expect(page.locator(f"{APP} .ck-teacher")).to_be_visible()
        assert TEACHER_KEY not in page.url, page.url
        other = crowd.new_page()                             # another tab of the same browser: a student's view
        render(other, ready_url, "flip7.ipynb", f"{APP} .ck-table")
        expect(other.locator(f"{APP} .ck-teacher")).to_be_hidden()
        assert page.errors == [] and other.errors == []


def test_at_phone_width_your_cards_and_moves_are_on_screen_together(browser, ready_url, render, screenshot):
    with people(browser, screenshot, "flip7_phone_teacher") as crowd:     # the suite's timeouts; screenshots on a failure
        page = crowd.new_page({"width": 390, "height": 844})
        render(page, ready_url, f"flip7.ipynb?teacher={TEACHER_KEY}", f"{APP} .ck-action")
        play_seed(page, 7)                                   # Player 0 opens with Hit or Stay
        page.locator(f"{APP} .ck-teacher").click()           # the teacher's page: every card, a long table
        page.wait_for_selector(f"{APP} .ck-table .ck-fan", state="visible", timeout=30_000)
        to_the_table(page)

        you = page.locator(f"{APP} .ck-you")
        card = you.locator(".ck-card").first
        hit = you.locator(".ck-action", has_text=re.compile(r"^\s*Hit\s*$"))
        assert on_screen(page, card) and on_screen(page, hit), (card.bounding_box(), hit.bounding_box())
        print("screenshot:", screenshot(page, "flip7_phone_teacher", kept=True))

        # The probability corner: each explanation under its figure, across the width (not ~100 px).
        page.get_by_role("button", name=re.compile("Open the probability corner")).click()
        row = page.locator(".ck-prob table.ck-insights:not(.ck-next-card) tr").first
        row.wait_for(state="visible", timeout=60_000)
        row.scroll_into_view_if_needed()
        value, why = row.locator("td.ck-value").bounding_box(), row.locator("td.ck-note").bounding_box()
        assert why["width"] >= 250 and why["y"] >= value["y"] + value["height"] - 1, (value, why)
        shot = screenshot(page, "flip7_phone")                         # a file of the same folder: the table alone
        table = row.locator("xpath=ancestor::table[1]")
        table.screenshot(path=str(shot.with_name("flip7_phone_probability.png")))


def open_file(page, path) -> None:
    """Press Open and choose ``path`` in the file chooser, as a person does."""
    with page.expect_file_chooser() as chooser:
        page.locator(f"{APP} .ck-open").click()
    chooser.value.set_files(str(path))


def test_save_downloads_the_game_and_open_plays_it_on(page, voila_url, render, tmp_path):
    render(page, voila_url, "flip7.ipynb", f"{APP} .ck-action")
    play_seed(page, 7)
    page.locator(f"{APP} .ck-action").first.click()            # one move, so the file has one
    page.locator(f"{APP} .ck-save").click()
    link = page.locator(f"{APP} .ck-save-link a.ck-download")
    expect(link).to_contain_text("flip7-seed-7-")
    with page.expect_download() as got:
        link.click()
    saved = tmp_path / got.value.suggested_filename
    got.value.save_as(saved)
    assert '"format": "cardkit-replay"' in saved.read_text()

    play_seed(page, 8)                                          # another game, then the file again
    open_file(page, saved)
    expect(page.locator(f"{APP} .ck-app-message")).to_contain_text("Opened a game of")
    expect(page.locator(f"{APP} h3").first).to_contain_text("seed 7")
    bad = tmp_path / "notes.json"
    bad.write_text('{"format": "a shopping list"}')
    open_file(page, bad)
    expect(page.locator(f"{APP} .ck-app-message")).to_contain_text("Could not open that file: this is not a game file")
    expect(page.locator(f"{APP} h3").first).to_contain_text("seed 7")   # the game in play stays
    assert page.errors == []
