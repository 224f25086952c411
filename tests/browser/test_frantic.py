"""Frantic in the browser (its landing tile: test_landing.py): the walkthrough with a card played and a Counterattack
thrown in out of turn by the human, the Counterattack chain demo, the expansions (a power card stepped, Supercharge
turned on in the game), the events lesson, and the
table at phone width.

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
)
from ._people import people

pytestmark = pytest.mark.browser

SUPERCHARGED = 9     # with Supercharge on, Player 0 (you) moves first: every seat holds its 2 power cards


def test_a_card_played_changes_table_and_log_and_the_human_counters_a_gift_back(page, voila_url, render, screenshot):
    render(page, voila_url, "frantic.ipynb", f"{APP} .ck-action")
    table = page.locator(f"{APP} .ck-table").first
    log = page.locator(f"{APP} .ck-log").first
    message = page.locator(f"{APP} .ck-action-panel .ck-message")
    expect(page.locator(".ck-rule").nth(7)).to_be_attached()  # 8 or more: a stepper of rules per section
    play_seed(page, 61)

    # Seed 61, four players: Player 0 (the human) plays the b8 on the b4 ...
    expect(table.locator(".ck-zone-discard")).to_contain_text("b4")
    table_before, log_before = table.inner_html(), log.inner_text()
    move(page, "Play blue 8").click()
    changes(page, f"{APP} .ck-table", table_before, "innerHTML")
    changes(page, f"{APP} .ck-log", log_before)
    expect(log).to_contain_text("You play blue 8")

    # ... Player 2 (a bot) aims a red Gift at Player 0, who is asked out of turn and counters it.
    expect(log).to_contain_text("Player 2 aims Gift at you")
    expect(message).to_contain_text("Out of turn: you may react now, or Pass.")
    expect(move(page, "Pass")).to_be_visible()
    move(page, "Counterattack → Player 2").click()
    move(page, "Wish yellow").click()
    hand = page.locator(f"{APP} .ck-hand")
    expect(hand.locator(".ck-card-button")).to_have_count(5)       # the cards to give, one by one
    hand.locator(".ck-card-button:not(.ck-picked)", has_text="y5").first.click()
    expect(hand.locator(".ck-picked")).to_have_count(1)
    hand.locator(".ck-card-button:not(.ck-picked)", has_text="y5").first.click()

    # The Gift went back: Player 2 gets the two yellow 5s and holds 8 cards; Player 0 has 3 left.
    expect(log).to_contain_text("You throw in Counterattack: the Gift is cancelled and turned on Player 2.")
    expect(log).to_contain_text("You give Player 2 2 cards.")
    expect(page.locator(f"{APP} .ck-seat", has_text="Player 2")).to_contain_text("8 cards")
    expect(page.locator(f"{APP} .ck-you")).to_contain_text("3 cards")
    expect(move(page, "Play Fantastic")).to_be_visible()            # Player 0's own turn again

    # The probability corner follows the game.
    page.get_by_role("button", name=re.compile("Open the probability corner")).click()
    page.wait_for_selector(".ck-prob", state="visible", timeout=60_000)
    expect(page.locator(".ck-prob")).to_contain_text("A black card now ends the round")

    print("screenshot:", screenshot(page, "frantic", kept=True))
    assert page.errors == []


def test_the_counterattack_chain_demo_sends_the_gift_round_the_table(page, voila_url, render):
    render(page, voila_url, "frantic.ipynb", ".ck-demo-step")
    chain = page.locator(".ck-rule-stepper", has_text="gifts Player 1; Player 1 counters onto Player 2")
    step = chain.locator(".ck-demo-step")
    for label in ["Play red Gift → Player 1", "Counterattack → Player 2", "Wish blue", "Counterattack → Player 0",
                  "Wish yellow", "Give blue 8, blue 9"]:
        expect(step).to_contain_text(label)
        step.click()
    expect(chain.locator(".ck-log")).to_contain_text("Player 2 throws in Counterattack: the Gift is cancelled "
                                                     "and turned on Player 0.")
    expect(chain.locator(".ck-log")).to_contain_text("Player 2 gives Player 0 2 cards.")
    expect(chain.locator(".ck-seat", has_text="Player 0")).not_to_contain_text("b9")   # hands are face down
    chain.locator(".ck-peek").click()                                                  # until a peek
    expect(chain.locator(".ck-seat", has_text="Player 0")).to_contain_text("b9")

    # An event demo: the black card turns its event up where everyone sees it.
    steppers = page.locator(".ck-rule-stepper")
    page.wait_for_function("() => [...document.querySelectorAll('.ck-rule-stepper select option')]"      # drawn
                           ".some(o => o.textContent.replace(/\\u00a0/g, ' ').trim() === '1. Charity')")
    lists = [[o.replace("\xa0", " ") for o in steppers.nth(i).locator("select option").all_inner_texts()]
             for i in range(steppers.count())]
    at = next(i for i, options in enumerate(lists) if "1. Charity" in options)      # the events' stepper
    events = steppers.nth(at)
    events.locator("select").select_option(index=lists[at].index("20. Vandalism"))
    expect(events.locator(".ck-rule h3")).to_have_text("Vandalism")
    expect(events.locator(".ck-caption")).to_have_text("Every red card is thrown away.")    # its demo is drawn
    expect(events.locator(".ck-zone-revealed")).to_have_count(1)
    expect(events.locator(".ck-zone-revealed .ck-card")).to_have_count(0)
    events.locator(".ck-demo-step").click()
    expect(events.locator(".ck-zone-revealed")).to_contain_text("Vandalism")
    expect(events.locator(".ck-log")).to_contain_text("Vandalism")
    assert page.errors == []


def test_the_expansion_sections_step_a_power_card_and_the_game_turns_supercharge_on_by_keyboard(
        page, voila_url, render, screenshot):
    render(page, voila_url, "frantic.ipynb", f"{APP} .ck-action")
    expect(page.get_by_role("heading", name="Expansion: Troublemaker")).to_be_visible()
    powers = page.locator(".ck-rule-stepper", has=page.locator("select option", has_text="13. Troublecharger"))
    expect(powers.locator(".ck-rule h3")).to_have_text("Power cards")
    powers.locator(".ck-demo-step").click()                   # Play r1 + Black Wish: it lies face up, spent
    expect(powers.locator(".ck-seat", has_text="Player 0").locator(".ck-zone-spent")).to_contain_text("Black Wish")

    # In the game: Supercharge's checkbox, reached and ticked with the keyboard, deals power cards
    # (seed 9: you move first, so each seat still holds the 2 dealt; a random deal may let a bot
    # play one before you, or turn up the Supercharge event, which deals everyone one more).
    expect(page.locator(f"{APP} .ck-zone-powers")).to_have_count(0)
    play_seed(page, SUPERCHARGED)
    page.locator(f"{APP} .ck-option-supercharge input").focus()
    page.keyboard.press("Space")
    expect(page.locator(f"{APP} .ck-app-message")).to_contain_text("A new game with this option on")
    expect(page.locator(f"{APP} .ck-you .ck-zone-powers .ck-card")).to_have_count(2)      # your own, face up
    other = page.locator(f"{APP} .ck-seat", has_text="Player 1").locator(".ck-zone-powers")
    expect(other).to_contain_text(re.compile(r"(?<!\d)2 cards\b"))                       # theirs: how many, not which
    print("screenshot:", screenshot(page, "frantic_supercharge", kept=True))
    page.locator(f"{APP} .ck-undo").click()                                                # back to the base game
    expect(page.locator(f"{APP} .ck-zone-powers")).to_have_count(0)
    expect(page.locator(f"{APP} .ck-option-supercharge input")).not_to_be_checked()
    assert page.errors == []


def test_many_moves_fold_into_steps_opened_with_the_keyboard(page, voila_url, render):
    render(page, voila_url, "frantic.ipynb", f"{APP} .ck-action")
    page.locator(f"{APP} .ck-toolbar input[type=text]").fill("35")     # Player 0 holds Mimicry
    page.locator(f"{APP} .ck-option-troublemaker input").click()
    expect(page.locator(f"{APP} h3").first).to_contain_text("seed 35")
    page.locator(f"{APP} .ck-option-supercharge input").click()
    mimicry = page.locator(f"{APP} .ck-folder", has_text="Play Mimicry")
    expect(mimicry).to_be_visible()                   # 131 moves, folded: a short list
    assert page.locator(f"{APP} .ck-actions button").count() <= 10
    mimicry.focus()
    page.keyboard.press("Enter")
    copy = page.locator(f"{APP} .ck-folder", has_text="as green Skip")
    expect(copy).to_be_visible()
    copy.click()
    expect(move(page, "Play Mimicry as green Skip → Player 1")).to_be_focused()   # each step's first choice
    page.keyboard.press("Tab")
    target = move(page, "Play Mimicry as green Skip → Player 2")
    expect(target).to_be_focused()
    page.locator(f"{APP} .ck-back-to-moves").click()
    expect(copy).to_be_visible()
    copy.click()
    target.click()
    expect(page.locator(f"{APP} .ck-log")).to_contain_text("You play Mimicry as green Skip → Player 2.")
    assert page.errors == []


def test_lesson_reveals_events_one_by_one_and_shuffles_agree(page, voila_url, render, screenshot):
    render(page, voila_url, "lessons/frantic_events.ipynb", ".ck-question")
    expect(page.locator(".ck-nav a", has_text="Frantic: the rules")).to_have_attribute("href", "../frantic.ipynb")
    expect(page.get_by_text("ends the round is 1/10 = 10.0%").first).to_be_visible()

    # Seed 7's pile: three harmless events, so 2 enders among the 17 left.
    rows = page.locator(".ck-reveal-table tr")
    expect(rows).to_have_count(2)
    for _ in range(3):
        page.locator(".ck-lesson-step").click()
    expect(rows).to_have_count(5)
    expect(page.locator(".ck-reveal-table")).to_contain_text("2/17 = 11.8%")

    # The shuffles fill the simulated column next to the exact one.
    table = page.locator(".ck-first-table")
    expect(table).to_contain_text("press Shuffle")
    page.locator(".ck-lesson-shuffle3").click()
    expect(table).not_to_contain_text("press Shuffle")
    expect(table).to_contain_text("99/190 = 52.1%")

    # An answer is hidden until its button is pressed.
    answer_waits_for_its_button(page, "the law of large numbers")

    print("screenshot:", screenshot(page, "frantic_lesson", kept=True))
    assert page.errors == []


def test_at_phone_width_the_table_fits_and_your_cards_and_moves_are_on_screen(browser, ready_url, render, screenshot):
    with people(browser, screenshot, "frantic_phone") as crowd:     # the suite's timeouts; screenshots on a failure
        page = crowd.new_page({"width": 390, "height": 844})
        render(page, ready_url, "frantic.ipynb", f"{APP} .ck-action")
        play_seed(page, 61)                                # Player 0 may play the b8
        page.locator(f"{APP} .ck-you").evaluate("e => e.scrollIntoView({block: 'start'})")
        card = page.locator(f"{APP} .ck-you .ck-card").first
        play = move(page, "Play blue 8")
        assert on_screen(page, card) and on_screen(page, play), (card.bounding_box(), play.bounding_box())
        right = page.evaluate("""() => Math.max(...[...document.querySelectorAll('.ck-app .ck-table .ck-card')]
            .map(e => e.getBoundingClientRect().right))""")
        assert right <= 390
        wide = page.evaluate("() => document.querySelector('#rendered_cells').scrollWidth")
        assert wide <= 390, wide
        print("screenshot:", screenshot(page, "frantic_phone", kept=True))
