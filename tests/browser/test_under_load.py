"""What a busy machine does to a page, and that the shared helpers (``render``,
``_pages.wait_until_usable``) wait it out instead of failing: the page guard reloading a page whose
widgets were not found, and a Flip 7 deal where a bot freezes the person before their first move."""

import pytest
from playwright.sync_api import expect

from ._pages import APP, move, wait_until_usable

pytestmark = pytest.mark.browser

# On its first load in a tab, the page gets an output saying what the widget renderer says when a
# widget's model never reached the page (the flake seen at load 16), and the console error with it.
BREAK_FIRST_LOAD = """
if (!sessionStorage.getItem("ck-test-broken")) {
  sessionStorage.setItem("ck-test-broken", "1");
  const timer = setInterval(() => {
    const cells = document.getElementById("rendered_cells");
    if (!cells || !cells.querySelector(".jp-OutputArea")) return;
    clearInterval(timer);
    const output = document.createElement("div");
    output.className = "jp-OutputArea-output";
    output.textContent = "Error displaying widget: model not found";
    console.error("Error: widget model not found");
    cells.querySelector(".jp-OutputArea").appendChild(output);
  }, 50);
}
"""
PAUSED_AT_THE_DEAL = 20   # Flip 7, 3 players: a bot's Freeze ends round 1 before the person's move


def test_a_page_the_guard_reloads_is_waited_for_and_its_errors_are_set_apart(page, voila_url, render):
    page.context.add_init_script(BREAK_FIRST_LOAD)
    navigations = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
    render(page, voila_url, "flip7.ipynb", f"{APP} .ck-action")
    assert len(navigations) >= 2                                  # the guard reloaded the page
    assert page.evaluate("() => window.cardkitPageGuard.failed()") is None   # the new page is whole
    expect(page.locator(".ck-page-error")).to_have_count(0)
    expect(move(page, "Hit")).to_be_visible()
    assert any("widget model not found" in error for error in page.replaced_errors)
    assert page.errors == []


def test_a_deal_that_freezes_the_person_goes_on_with_next_round(page, voila_url, render):
    render(page, voila_url, "flip7.ipynb", f"{APP} .ck-table")
    box = page.locator(f"{APP} .ck-seed input")
    box.fill(str(PAUSED_AT_THE_DEAL))
    box.press("Enter")
    expect(page.locator(f"{APP} h3").first).to_contain_text(f"seed {PAUSED_AT_THE_DEAL}")
    expect(page.locator(f"{APP} .ck-next-round")).to_be_visible()          # round 1 over, no move
    expect(page.locator(f"{APP} .ck-action")).to_have_count(0)
    wait_until_usable(page, f"{APP} .ck-action")
    expect(move(page, "Hit")).to_be_visible()
    expect(page.locator(f"{APP} .ck-next-round")).to_be_hidden()
    assert page.errors == []
