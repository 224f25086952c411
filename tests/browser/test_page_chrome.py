"""What every page shows around its cells: its own title in the browser tab, and a notice with a
Reload button instead of half a page when its widgets cannot be shown (the app's Voila template)."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# What the widget renderer writes into an output whose model never reached the page.
MODEL_NOT_FOUND = """() => {
  const output = document.querySelector('#rendered_cells .jp-OutputArea-output');
  const broken = document.createElement('div');
  broken.className = 'jp-OutputArea-output jupyter-widgets';
  broken.textContent = 'Error displaying widget: model not found';
  output.parentNode.appendChild(broken);
}"""


def test_a_page_that_shows_its_widgets_has_no_notice_and_its_heading_is_its_tab_title(page, voila_url, render):
    render(page, voila_url, "index.ipynb", ".ck-tile a")
    page.evaluate("() => window.cardkitPageGuard.check()")
    assert page.evaluate("() => window.cardkitPageGuard.failed()") is None
    expect(page.locator(".ck-page-error")).to_have_count(0)
    assert page.title() == "cardkit: learn a card game by playing it"
    page.locator('.ck-tile[data-game="eights"] a.ck-lesson').click()
    page.wait_for_selector(".ck-question", state="visible", timeout=60_000)
    assert page.title() == "Will I have to draw? Sampling without replacement with a real deck · cardkit"
    assert page.errors == []


def test_a_page_with_a_missing_widget_model_reloads_once_then_offers_a_reload(page, voila_url, render):
    render(page, voila_url, "index.ipynb", ".ck-tile a")
    with page.expect_navigation(timeout=60_000):          # the first time, a fresh run by itself
        page.evaluate(MODEL_NOT_FOUND)
    page.wait_for_selector(".ck-tile a", state="visible", timeout=60_000)
    expect(page.locator(".ck-page-error")).to_have_count(0)

    page.evaluate(MODEL_NOT_FOUND)                         # again soon after: ask the person
    notice = page.locator(".ck-page-error")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("could not be shown completely")
    expect(page.locator("#rendered_cells")).to_be_hidden()    # never half a page

    with page.expect_navigation(timeout=60_000):
        notice.get_by_role("button", name="Reload").click()
    page.wait_for_selector(".ck-tile a", state="visible", timeout=60_000)
    expect(page.locator(".ck-page-error")).to_have_count(0)
