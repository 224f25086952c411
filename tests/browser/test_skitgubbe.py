"""Skitgubbe in the browser (its landing tile: test_landing.py): a card played in the first round, a run laid card by
card in the second, the table with 12 seats on a desktop and a phone, and the lesson.

What a person would see, checked in Debian's chromium against a real Voila server
(fixtures in conftest.py). Screenshots go to tests/browser/screenshots/.
"""

import re

import pytest
from playwright.sync_api import expect

from ._pages import answer_waits_for_its_button, move, play_seed, press

pytestmark = pytest.mark.browser

APP = ".ck-app"  # the GameApp; the rule demos above it have their own tables and logs
PHONE = {"width": 390, "height": 844}
# The other seats' tiles: how many rows they take, and their widest right edge in CSS pixels.
SEAT_ROWS = f"""() => new Set([...document.querySelectorAll('{APP} .ck-seats .ck-seat')]
    .map(e => Math.round(e.getBoundingClientRect().top))).size"""
SEAT_RIGHT = f"""() => Math.max(...[...document.querySelectorAll('{APP} .ck-seats .ck-seat')]
    .map(e => e.getBoundingClientRect().right))"""


def changed(page, selector, before, timeout=60_000):
    """Wait until the inner HTML of ``selector`` is no longer ``before``."""
    page.wait_for_function("([sel, before]) => document.querySelector(sel).innerHTML !== before",
                           arg=[selector, before], timeout=timeout)


def twelve_players(page, seed):
    """Choose 12 players with ``seed`` in the seed box, and wait for the new table."""
    page.locator(f"{APP} .ck-toolbar input[type=text]").fill(str(seed))
    page.locator(f"{APP} .ck-players select").select_option("12")
    expect(page.locator(APP).locator("h3")).to_contain_text(f"12 players · seed {seed}", timeout=60_000)
    page.wait_for_function(f"() => document.querySelectorAll('{APP} .ck-seats .ck-seat').length === 11")


def test_first_round_a_card_played_changes_the_trick(page, voila_url, render, screenshot):
    render(page, voila_url, "skitgubbe.ipynb", f"{APP} .ck-action")
    play_seed(page, 7)
    trick = page.locator(f"{APP} .ck-table-zones .ck-zone-trick")
    expect(trick).to_contain_text("this trick")
    expect(trick.locator(".ck-card")).to_have_count(0)          # Player 0 leads (seed 7): an empty trick
    expect(page.locator(".ck-rule").nth(16)).to_be_attached()  # 17 or more: one rule card per demo, and the stepper

    # Player 0 leads the 5♠; the bots add theirs: Player 2's twin 5♠ starts a play-off.
    before = page.locator(f"{APP} .ck-table-zones-w").inner_html()
    page.locator(f"{APP} .ck-you .ck-action", has_text="Play 5♠").click()
    changed(page, f"{APP} .ck-table-zones-w", before)
    expect(trick.locator(".ck-card")).to_have_count(4)
    expect(trick).to_contain_text("5♠")
    log = page.locator(f"{APP} .ck-log")
    expect(log).to_contain_text("You play 5♠ and draw a card.")
    expect(log).to_contain_text("You and Player 2 played 5s: they play off.")
    expect(page.locator(f"{APP} .ck-table .ck-status")).to_contain_text("Play-off")

    # A card that may not be played says why, naming the rule; nothing changes. Seed 7: Player 0
    # plays its first allowed card three times; then a Jack lies on the table and Player 0 holds one.
    for label in ("Play 2♥", "Play 9♥", "Play Q♥"):
        move(page, label).click()
        expect(move(page, label)).to_have_count(0)                # the next moves are drawn
    muted = page.locator(f"{APP} .ck-you .ck-action.ck-illegal", has_text="Play 9♠")
    expect(muted).to_have_count(1)
    before = page.locator(f"{APP} .ck-table-zones-w").inner_html()
    muted.click()
    expect(page.locator(f"{APP} .ck-action-panel .ck-message")).to_contain_text(
        re.compile(r"Not allowed: .*J♣.*\(rule \"Match a rank on the table\", skitgubbe\.match\)"))
    assert page.locator(f"{APP} .ck-table-zones-w").inner_html() == before

    # The forced-match demo: Player 1 must answer the 7♥ with a 7.
    demo = page.locator(".ck-rule-stepper", has=page.locator(".ck-rule", has_text="Match a rank on the table")).first
    demo.locator(".ck-demo-step").click()
    demo.locator(".ck-demo-step").click()
    expect(demo.locator(".ck-log")).to_contain_text("Player 1 plays 7♦")
    print("screenshot:", screenshot(page, "skitgubbe"))
    assert page.errors == []


def test_second_round_a_run_is_laid_card_by_card_at_a_table_of_twelve(page, voila_url, render, screenshot):
    render(page, voila_url, "skitgubbe.ipynb", f"{APP} .ck-action")
    twelve_players(page, 24)
    seats = page.locator(f"{APP} .ck-seats")
    expect(seats).to_have_class(re.compile(r"\bck-crowded\b"))
    assert page.evaluate(SEAT_ROWS) <= 4                          # several tiles to a row, not one tall column
    expect(seats.locator(".ck-card-back")).to_have_count(0)       # the others' hands are counts
    expect(seats.locator(".ck-seat").first).to_contain_text("3 cards")

    # The first round (seed 24): Player 0 plays its first allowed card each time, until the round ends.
    status = page.locator(f"{APP} .ck-table .ck-status")
    move, next_round = f"{APP} .ck-you .ck-action:not(.ck-illegal)", f"{APP} .ck-next-round"
    for _ in range(30):
        page.locator(f"{move}, {next_round}").first.wait_for(timeout=60_000)   # the bots may end the round
        if page.locator(next_round).count():
            break
        before = status.inner_text() + page.locator(f"{APP} .ck-log").inner_text()
        press(page.locator(move).first)
        page.wait_for_function(
            "([a, b, before]) => (document.querySelector(a).innerText + document.querySelector(b).innerText) !== before"
            " || !!document.querySelector('.ck-app .ck-next-round')",
            arg=[f"{APP} .ck-table .ck-status", f"{APP} .ck-log", before], timeout=60_000)
    page.locator(f"{APP} .ck-next-round").click()
    expect(status).to_contain_text("Second round", timeout=60_000)

    # The run 3♦ 4♦, card by card: each click adds a card, the Lay button names the run so far.
    hand = page.locator(f"{APP} .ck-you .ck-card-button")
    three, four = hand.filter(has_text=re.compile(r"^\s*3♦")).first, hand.filter(has_text=re.compile(r"^\s*4♦")).first
    three.click()
    expect(three).to_have_class(re.compile(r"\bck-picked\b"))
    confirm = page.locator(f"{APP} .ck-confirm")
    expect(confirm).to_have_text(re.compile(r"Lay 3♦\s*$"))
    four.click()
    expect(four).to_have_class(re.compile(r"\bck-picked\b"))
    expect(confirm).to_have_text(re.compile(r"Lay 3♦ 4♦\s*$"))
    confirm.click()
    expect(page.locator(f"{APP} .ck-log")).to_contain_text("You lay 3♦ 4♦.")
    expect(hand.filter(has_text=re.compile(r"^\s*3♦"))).to_have_count(0)
    print("screenshot:", screenshot(page, "skitgubbe_second_round"))
    assert page.errors == []


def test_twelve_seats_fit_a_phone(page, voila_url, render, screenshot):
    page.set_viewport_size(PHONE)
    render(page, voila_url, "skitgubbe.ipynb", f"{APP} .ck-action")
    twelve_players(page, 5)
    assert page.evaluate(SEAT_RIGHT) <= PHONE["width"]
    assert page.evaluate(SEAT_ROWS) <= 6                          # two tiles to a row on a phone
    assert page.evaluate("() => document.querySelector('.ck-app .ck-seats').scrollWidth") <= PHONE["width"]
    print("screenshot:", screenshot(page, "skitgubbe_phone"))
    assert page.errors == []


def test_lesson_counts_exact_and_simulated_side_by_side(page, voila_url, render, screenshot):
    render(page, voila_url, "lessons/skitgubbe_counting.ipynb", ".ck-question")
    worked = page.locator(".ck-forced-count")
    expect(worked).to_contain_text("7 of the 103 cards you cannot see match")
    expect(worked).to_contain_text("19.21%")
    expect(page.locator(".ck-forced-table")).to_contain_text("50.70%")        # three ranks on the table

    page.get_by_role("button", name="Deal 1,000 hands").click()
    expect(page.get_by_text(re.compile(r"simulated: \d+ of 1,000 hands must match"))).to_be_visible()
    page.get_by_label("Cards on the table").select_option("3")
    page.get_by_role("button", name="one deck").click()
    expect(worked).to_contain_text("9 of the 49 cards you cannot see match")

    answer_waits_for_its_button(page, "counts the hands with two or three 7s", question=1)   # after the board's

    page.get_by_label("Hands for each row").select_option(label="1,000")
    page.get_by_role("button", name="Deal the hands").click()
    expect(page.get_by_text("Done: 1,000 hands for each row.")).to_be_visible(timeout=120_000)
    page.wait_for_selector(".ck-svg-plot svg", state="visible", timeout=60_000)

    page.get_by_label("Games", exact=True).select_option(label="100")
    page.get_by_role("button", name="Play the first rounds").click()
    expect(page.get_by_text("Done: 100 first rounds with 4 players.")).to_be_visible(timeout=180_000)
    expect(page.locator(".ck-needed-table")).to_contain_text("simulated: games with a share-out")
    print("screenshot:", screenshot(page, "skitgubbe_lesson"))
    assert page.errors == []
