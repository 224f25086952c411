"""Huit américain in the browser (its landing tile: test_landing.py): the walkthrough with a move, the lesson.

What a person would see, checked in Debian's chromium against a real Voila server
(fixtures in conftest.py). Screenshots go to tests/browser/screenshots/.
"""

import re

import pytest
from playwright.sync_api import expect

from ._pages import answer_waits_for_its_button, play_seed

pytestmark = pytest.mark.browser

APP = ".ck-app"  # the GameApp; the rule demos above it have their own tables and logs


def test_eights_walkthrough_a_move_changes_the_table_and_log(page, voila_url, render, screenshot):
    render(page, voila_url, "eights.ipynb", f"{APP} .ck-action")
    play_seed(page, 7)
    table = page.locator(f"{APP} .ck-table").first
    log = page.locator(f"{APP} .ck-log").first
    expect(table).to_contain_text("penalty points")
    expect(page.locator(".ck-rule").nth(7)).to_be_attached()  # 8 or more: one rule card per section

    # A move the rules forbid is muted and says why, to the player ("you"), naming the rule; nothing changes.
    muted = page.locator(f"{APP} .ck-action.ck-illegal", has_text=re.compile(r"^\s*Pass\s*$"))
    cards = page.locator(f"{APP} .ck-table .ck-status, {APP} .ck-seats, {APP} .ck-table-zones-w, {APP} .ck-hand")
    before = cards.all_inner_texts()
    muted.click()
    expect(page.locator(f"{APP} .ck-action-panel .ck-message")).to_contain_text(
        "Not allowed: you must play or draw first; you pass only after drawing (rule \"Drawing\", eights.draw).")
    assert cards.all_inner_texts() == before

    # The human leads (seed 7): a card of the hand is a button; one click on a card that may lead
    # plays it (a lead is one card: nothing can join it). The table and the log change.
    first = page.locator(f"{APP} .ck-you .ck-card-button:not(.ck-unpickable)").first
    label = first.inner_text().strip()
    table_before, log_before = table.inner_html(), log.inner_text()
    first.click()
    page.wait_for_function(
        "([sel, before]) => document.querySelector(sel).innerHTML !== before",
        arg=[f"{APP} .ck-table", table_before], timeout=30_000)
    page.wait_for_function(
        "([sel, before]) => document.querySelector(sel).innerText !== before",
        arg=[f"{APP} .ck-log", log_before], timeout=30_000)
    expect(log).to_contain_text(f"You play {label}")
    # The focus stays with the moves: on a card of the new hand, or a move button.
    page.wait_for_function(
        "() => !!document.activeElement && !!document.activeElement.closest('.ck-app .ck-you')", timeout=30_000)

    # A rule demo: the Ace makes the next player draw two.
    demo = page.locator(".ck-rule-stepper", has=page.locator(".ck-rule", has_text="draw two")).first
    demo.locator(".ck-demo-step").click()
    demo.locator(".ck-demo-step").click()
    expect(demo.locator(".ck-log")).to_contain_text("draws 2 and the turn passes")

    page.get_by_role("button", name=re.compile("Open the probability corner")).click()
    page.wait_for_selector(".ck-prob", state="visible", timeout=60_000)
    expect(page.locator(".ck-prob")).to_contain_text("Chance that a draw is playable")

    print("screenshot:", screenshot(page, "eights", kept=True))
    assert page.errors == []


def test_lesson_counts_exact_and_simulated_side_by_side(page, voila_url, render, screenshot):
    render(page, voila_url, "lessons/eights_will_i_draw.ipynb", ".ck-question")
    expect(page.get_by_text("13 of the 31 cards you cannot see fit the 9♥").first).to_be_visible()
    expect(page.locator(".ck-hand-table")).to_contain_text("94.96%")       # exact, 5 cards
    expect(page.locator(".ck-hand-table")).to_contain_text("93.40%")       # cards put back: not the same

    answer_waits_for_its_button(page, "Counted once each")

    # A simulation that is cancelled says so; a full one fills the table and draws the plot.
    deal, cancel = page.get_by_role("button", name="Deal the hands"), page.get_by_role("button", name="Cancel")
    page.get_by_label("Hands of each size").select_option(label="100,000")
    deal.click()
    cancel.click()
    expect(page.get_by_text(re.compile(r"Cancelled: kept what was done"))).to_be_visible(timeout=60_000)
    page.get_by_label("Hands of each size").select_option(label="1,000")
    deal.click()
    expect(page.get_by_text("Done: 1,000 hands of each size.")).to_be_visible(timeout=120_000)
    page.wait_for_selector(".ck-svg-plot svg", state="visible", timeout=60_000)

    # Another top card: an Ace takes only Aces and 8s.
    page.get_by_label("Top card of the pile").select_option(label="A♠")
    expect(page.get_by_text("7 of the 31 cards you cannot see fit the A♠").first).to_be_visible()
    expect(page.locator(".ck-hand-table")).to_contain_text("66.23%")

    # An answer follows the top card chosen.
    drawn = page.locator(".ck-question", has_text="Is the simulated share the same each time?")
    drawn.get_by_role("button", name="Show the answer").click()
    expect(drawn).to_contain_text("exact 22.6% on the A♠")

    print("screenshot:", screenshot(page, "eights_lesson", kept=True))
    assert page.errors == []
