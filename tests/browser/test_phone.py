"""A student's phone (390 × 844): tables and plots fit the screen or scroll inside their box, and the
link bar is reached with the keyboard."""

import pytest
from playwright.sync_api import expect

from ._pages import resize

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}

# Widest right edge of the matching elements, in CSS pixels (0 when none is shown).
RIGHT_EDGE = """sel => Math.max(0, ...[...document.querySelectorAll(sel)]
    .filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect().right))"""


def test_lesson_tables_and_plot_fit_a_phone(page, voila_url, render, screenshot):
    page.set_viewport_size(PHONE)
    render(page, voila_url, "lessons/flip7_when_to_stop.ipynb", ".ck-threshold-table")
    assert page.evaluate(RIGHT_EDGE, ".ck-scroll") <= PHONE["width"]
    # the table may be wider than the phone: then its box scrolls sideways instead of cutting it off
    box = page.locator(".ck-scroll", has=page.locator(".ck-threshold-table"))
    overflow = box.evaluate("e => getComputedStyle(e).overflowX")
    assert overflow == "auto"
    scrolls_sideways_with_a_hint(page, box)

    page.get_by_label("Rounds", exact=True).select_option(label="100")
    page.get_by_role("button", name="Play rounds").click()
    expect(page.get_by_text("After 100 rounds the average is")).to_be_visible(timeout=120_000)
    page.wait_for_selector(".ck-svg-plot svg", state="visible", timeout=60_000)
    assert page.evaluate(RIGHT_EDGE, ".ck-svg-plot svg") <= PHONE["width"]
    print("screenshot:", screenshot(page, "flip7_lesson_phone", kept=True))
    assert page.errors == []


def test_explorer_fits_a_phone_and_says_what_to_do_before_a_run(page, voila_url, render, screenshot):
    page.set_viewport_size(PHONE)
    render(page, voila_url, "eights.ipynb", ".ck-action")
    page.get_by_role("button", name="Open the rule explorer").click()
    empty = page.locator(".ck-empty-plot")
    expect(empty).to_be_visible(timeout=60_000)
    expect(empty).to_contain_text("press Run")
    expect(page.locator(".ck-explorer")).to_contain_text("Cards dealt to each player")
    assert page.evaluate(RIGHT_EDGE, ".ck-explorer .widget-dropdown, .ck-explorer .ck-empty-plot") <= PHONE["width"]
    print("screenshot:", screenshot(page, "eights_explorer_phone"))
    assert page.errors == []


def test_the_link_bar_is_reached_with_the_keyboard(page, voila_url, render):
    render(page, voila_url, "lessons/eights_will_i_draw.ipynb", ".ck-nav a")
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.ck-nav')"):
            break
    assert page.evaluate("() => document.activeElement.textContent") == "← All games"
    size = page.locator(".ck-nav a").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 18                       # readable on a projector


def scrolls_sideways_with_a_hint(page, box) -> None:
    """Issue 39: a table wider than the phone says so under it, and the keyboard reaches it and
    scrolls it; on a laptop, where it fits, no hint and no extra Tab stop."""
    hint = page.locator(".ck-scroll-box", has=box).locator(".ck-scroll-hint")
    assert box.evaluate("e => e.scrollWidth > e.clientWidth"), "the table fits the phone: nothing to hint"
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("sideways")
    box.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("e => e.scrollLeft > 0", arg=box.element_handle(), timeout=10_000)
    resize(page, LAPTOP)
    expect(hint).to_be_hidden()
    assert box.get_attribute("tabindex") is None
    resize(page, PHONE)
    expect(hint).to_be_visible()
