"""A lesson's prose in the page's language: one notebook, its Markdown drawn in every language
(cardkit.notebook_prose), the page showing only the version of <html lang>, chosen by ?lang=, else
the picker's remembered cookie, else the browser's languages."""

import pytest
from playwright.sync_api import expect

from cardkit import i18n

pytestmark = pytest.mark.browser

LESSON = "lessons/flip7_when_to_stop.ipynb"
TITLE = "# When should you stop? Chance and expected value in Flip 7"


def heading(lang: str) -> str:
    with i18n.using(lang):
        return i18n.gettext(TITLE)[2:]


def shown_heading(page):
    return page.locator("#rendered_cells h1:visible")


def test_a_lesson_holds_its_prose_in_every_language_and_shows_the_pages(page, voila_url, render, screenshot):
    render(page, voila_url, LESSON + "?lang=de", ".jupyter-widgets")
    assert page.evaluate("document.documentElement.lang") == "de"
    drawn = page.locator("#rendered_cells h1").evaluate_all(
        "hs => hs.map(h => h.textContent.replace('\u00b6', '').trim())")
    assert sorted(drawn) == sorted(heading(lang) for lang in i18n.LANGUAGES)   # every language drawn
    expect(shown_heading(page)).to_have_count(1)                                # one shown
    expect(shown_heading(page)).to_contain_text(heading("de"))
    assert page.title().startswith(heading("de"))
    screenshot(page, "lesson-flip7-de", kept=True)
    for lang in ("fr", "sv", "en"):                 # a picker that changes <html lang> in place
        page.evaluate("lang => { document.documentElement.lang = lang; }", lang)
        expect(shown_heading(page)).to_have_count(1)
        expect(shown_heading(page)).to_contain_text(heading(lang))
        assert page.title().startswith(heading(lang))
    assert page.errors == []


def test_the_remembered_language_chooses_when_the_address_says_none(page, voila_url, render, screenshot):
    page.context.add_cookies([{"name": "cardkit_lang", "value": "sv", "url": voila_url}])
    render(page, voila_url, LESSON, ".jupyter-widgets")
    assert page.evaluate("document.documentElement.lang") == "sv"
    expect(shown_heading(page)).to_have_count(1)
    expect(shown_heading(page)).to_contain_text(heading("sv"))
    screenshot(page, "lesson-flip7-sv", kept=True)
    assert page.errors == []
