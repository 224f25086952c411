""""21 with trumps" in the browser: the landing tile, the walkthrough with a Take and a trump
played, the lesson, and the table at phone width.

What a person would see, checked in Debian's chromium against a real Voila server
(fixtures in conftest.py). Screenshots go to tests/browser/screenshots/.
"""

import re

import pytest
from playwright.sync_api import expect

from ._pages import (
    APP,
    answer_waits_for_its_button,
    changes,
    move,
    on_screen,
    play_seed,
    to_the_table,
)
from ._people import people

pytestmark = pytest.mark.browser




def test_a_take_changes_table_and_log_and_a_trump_played_lies_at_its_seat(page, voila_url, render, screenshot):
    render(page, voila_url, "trump21.ipynb", f"{APP} .ck-action")
    play_seed(page, 7)
    table = page.locator(f"{APP} .ck-table").first
    log = page.locator(f"{APP} .ck-log").first
    expect(page.locator(".ck-rule").nth(8)).to_be_attached()  # 9 or more: a rule card or stepper per section
    expect(table.locator(".ck-fact-target")).to_contain_text("21")

    # Seed 7: Player 0 (the human) is at 13 with no trump; Take lays a card open.
    expect(log).to_contain_text("You lose the turn's gamble (one in two): no trump")
    table_before, log_before = table.inner_html(), log.inner_text()
    move(page, "Take").click()
    changes(page, f"{APP} .ck-table", table_before, "innerHTML")
    changes(page, f"{APP} .ck-log", log_before)
    expect(log).to_contain_text("You take the 2")
    expect(page.locator(f"{APP} .ck-you .ck-zone-open .ck-card")).to_have_count(2)

    # Close at 15; Player 1 wins round 1. In round 2 Player 1 has played a Draw 5, which lies
    # open at Player 1's seat, and Player 0 holds a Destroy.
    move(page, "Close").click()
    page.locator(f"{APP} button", has_text="Next round").click()
    theirs = page.locator(f"{APP} .ck-seat", has_text="Player 1")
    expect(theirs.locator(".ck-zone-played")).to_contain_text("Draw 5")
    expect(log).to_contain_text("Player 1 plays Draw 5")

    # Player 0 plays the Destroy at the Draw 5: the Destroy now lies at Player 0, the Draw 5 is gone.
    move(page, "Play Destroy").click()
    move(page, "Destroy Draw 5 at Player 1").click()
    expect(log).to_contain_text("You destroy the Draw 5 lying at Player 1")
    expect(page.locator(f"{APP} .ck-you .ck-zone-played")).to_contain_text("Destroy")
    expect(theirs.locator(".ck-zone-played")).to_have_count(0)

    # The probability corner counts and does not count.
    page.get_by_role("button", name=re.compile("Open the probability corner")).click()
    page.wait_for_selector(".ck-prob", state="visible", timeout=60_000)
    expect(page.locator(".ck-prob")).to_contain_text("The same without counting")

    print("screenshot:", screenshot(page, "trump21"))
    assert page.errors == []


def test_every_trump_kind_has_a_demo_and_a_trump_lies_where_it_was_laid(page, voila_url, render):
    render(page, voila_url, "trump21.ipynb", ".ck-demo-step")
    # the stepper of the trump section: the one whose list holds the eleven trump kinds
    steppers = page.locator(".ck-rule-stepper")
    # ``render`` returns once the first demo is drawn; the later sections' steppers may still be drawing
    page.wait_for_function("() => [...document.querySelectorAll('.ck-rule-stepper')]"
                           ".some(s => s.querySelectorAll('select option').length === 11)")
    counts = [steppers.nth(i).locator("select option").count() for i in range(steppers.count())]
    assert 11 in counts, counts
    trumps = steppers.nth(counts.index(11))
    expect(trumps.locator(".ck-rule h3")).to_have_text("Draw 2 … Draw 7")
    trumps.locator(".ck-next").click()
    expect(trumps.locator(".ck-rule h3")).to_have_text("Damage+1 and Damage+2")
    step = trumps.locator(".ck-demo-step")
    expect(step).to_contain_text("Play Damage+2 at Player 1")          # the new demo is drawn
    step.click()
    expect(trumps.locator(".ck-log")).to_contain_text("Damage+2")
    player1 = trumps.locator(".ck-seat", has_text="Player 1")
    expect(player1.locator(".ck-zone-played")).to_contain_text("Damage+2")
    assert page.errors == []


def test_lesson_counts_and_steps_through_a_round(page, voila_url, render, screenshot):
    render(page, voila_url, "lessons/trump21_card_counting.ipynb", ".ck-question")
    expect(page.locator(".ck-nav a", has_text="21 with trumps: the rules")).to_have_attribute("href", "../trump21.ipynb")
    expect(page.get_by_text("11 of the 41 cards you cannot see take you over").first).to_be_visible()

    # Each card seen changes the odds: Step adds a row, on the real engine.
    rows = page.locator(".ck-seen-table tr")
    expect(rows).to_have_count(2)
    page.locator(".ck-lesson-step").click()
    page.locator(".ck-lesson-step").click()
    expect(rows).to_have_count(4)
    expect(page.locator(".ck-seen-table")).to_contain_text("18/39")

    # Picking cards in part 1 updates part 3's split by cases.
    page.locator(".ck-line-picker", has_text="opponent").get_by_role("button", name="9", exact=True).click()
    expect(page.locator(".ck-split-table")).to_be_visible()
    expect(page.get_by_text("the same as k/N = 10/40")).to_be_visible()

    # An answer is hidden until its button is pressed.
    answer_waits_for_its_button(page, "Seeing a card that would hurt you makes you safer")

    print("screenshot:", screenshot(page, "trump21_lesson"))
    assert page.errors == []


def test_at_phone_width_the_table_fits_and_your_cards_and_moves_are_on_screen(browser, ready_url, render, screenshot):
    with people(browser, screenshot, "trump21_phone") as crowd:     # the suite's timeouts; screenshots on a failure
        page = crowd.new_page({"width": 390, "height": 844})
        render(page, ready_url, "trump21.ipynb", f"{APP} .ck-action")
        play_seed(page, 7)                                 # Player 0 may Take
        to_the_table(page)
        you = page.locator(f"{APP} .ck-you")
        card = you.locator(".ck-zone-hidden .ck-card").first
        take = move(page, "Take")
        assert on_screen(page, card) and on_screen(page, take), (card.bounding_box(), take.bounding_box())
        right = page.evaluate("""() => Math.max(...[...document.querySelectorAll('.ck-app .ck-table .ck-card')]
            .map(e => e.getBoundingClientRect().right))""")
        assert right <= 390
        print("screenshot:", screenshot(page, "trump21_phone"))
