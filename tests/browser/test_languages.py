"""Every page type in German, French and Swedish (issue 40); English in test_accessibility.

Each page is opened with ``?lang=xx`` in an English-speaking browser; on it no English message the
language has its own words for is shown (the catalog's msgids whose translation differs, longer than 3
characters), ``<html lang>`` and the picker say the page's language, and nothing fails. The English
pages are opened by test_accessibility, which checks each page type's ``<html lang>`` ("en") and that
nothing fails on it, under axe-core: opening them twice would prove nothing more. Then the picker: it
switches the page and the browser remembers the choice; and a browser that asks for French
(Accept-Language) gets French without any choice made.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardkit import i18n

from ._pages import wait_until_usable
from .conftest import ACTION_TIMEOUT, watch

pytestmark = pytest.mark.browser

GAME = ".ck-app .ck-table"
#: Every page type (the landing page, each game, each lesson, the class board, play together), with
#: what shows once its widgets are drawn.
PAGES = {
    "index.ipynb": ".ck-tile",
    **{f"{game}.ipynb": GAME for game in ("flip7", "eights", "trump21", "skitgubbe", "frantic")},
    **{f"lessons/{name}.ipynb": None for name in ("flip7_when_to_stop", "eights_will_i_draw",
                                                 "trump21_card_counting", "skitgubbe_counting", "frantic_events")},
    "class_board.ipynb": ".ck-board-no-create",
    "play_together.ipynb": ".ck-shared-create",
}
LANGS = ("de", "fr", "sv")
#: Milliseconds a page may take to draw on a busy machine (the wait ends as soon as it is drawn).
PAGE_TIMEOUT = 240_000
#: A page is read once its widgets had this long to settle after the selector showed (the log, the
#: probability corner, the class bar draw just after the table).
SETTLE = 1.0

_FIELD = re.compile(r"\{[^{}]*\}")
_MARKDOWN = re.compile(r"\*\*|__|`|^#+\s*|^\s*[-*]\s+|\[([^\]]*)\]\([^)]*\)", re.M)


def _probes(text: str) -> list[str]:
    """What of an English message would show on a page as it is: a message without fields whole
    (Markdown marks and link targets dropped; a paragraph by its first line), else its plain runs
    between fields of two words or more."""
    plain = _MARKDOWN.sub(lambda m: m.group(1) or "", text).strip()
    if not _FIELD.search(plain):
        first = plain.split("\n", 1)[0].strip()
        return [first] if len(first) > 3 else []
    runs = [run.strip(" .:;,()…") for run in _FIELD.split(plain)]
    return [run for run in runs if len(run) >= 10 and " " in run and "\n" not in run]


def english_left(lang: str, page: dict) -> list[str]:
    """The English messages ``lang`` has its own words for that ``page`` (its ``TEXTS``) shows: a
    message of one word as the whole text of an element (a button, a heading), longer ones anywhere."""
    leaves, text = set(page["leaves"]), page["text"]
    return sorted({probe for probe in _english_probes(lang)
                   if (probe in leaves if " " not in probe
                       else probe in text and re.search(rf"(?<!\w){re.escape(probe)}(?!\w)", text))})


def _english_probes(lang: str, _cache={}) -> set[str]:
    """What of each English message ``lang`` translates would give it away on a page (its probes but
    those the translation shares, or the catalog keeps in English on purpose); read once a language."""
    if lang not in _cache:
        same = _same(lang)
        probes = set()
        for english, translated in _translated(lang):
            words = set(_probes(translated))
            probes |= {probe for probe in _probes(english) if probe not in words and probe not in same}
        _cache[lang] = probes
    return _cache[lang]


def _same(lang: str) -> set[str]:
    """The messages ``lang``'s catalog keeps in their English words on purpose (card names as the box
    prints them)."""
    return {english for english, translated in _all_pairs(lang).items() if translated == english}


def _all_pairs(lang: str, _cache={}) -> dict[str, str]:
    if lang not in _cache:
        pairs = {}
        for domain in i18n.DOMAINS:
            with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as file:
                for message in read_po(file):
                    if isinstance(message.id, str) and message.id and isinstance(message.string, str):
                        pairs[message.id] = message.string
        _cache[lang] = pairs
    return _cache[lang]


def _translated(lang: str, _cache={}) -> list[tuple[str, str]]:
    """(English, translation) of every message ``lang``'s catalog translates with other words."""
    if lang not in _cache:
        messages = []
        for domain in i18n.DOMAINS:
            with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as file:
                messages += list(read_po(file))
        pairs = []
        for message in messages:
            if not message.id or message.fuzzy:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            pairs += [(e, t) for e, t in zip(ids, strings) if t and t != e]   # untranslated: someone's to do
        _cache[lang] = pairs
    return _cache[lang]


#: A page's visible text, and each element's own text (a button's label beside its icon); its prose (the
#: notebook's Markdown) and the rest apart.
TEXTS = """() => {
  const seen = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const read = (root) => ({
    text: root ? root.innerText : "",
    leaves: root ? Array.from(root.querySelectorAll("*")).filter(seen).map((el) => Array.from(el.childNodes)
                   .filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim()).filter((t) => t) : [],
  });
  const prose = Array.from(document.querySelectorAll(".jp-RenderedMarkdown"));
  const parts = prose.map(read);
  return {all: read(document.body),
          prose: {text: parts.map((p) => p.text).join(" | "), leaves: parts.flatMap((p) => p.leaves)}};
}"""


def _open(page, url: str) -> None:
    response = page.goto(url, timeout=PAGE_TIMEOUT)
    assert response is not None and response.ok, f"{url}: {response.status if response else 'no answer'}"


def _read(page, url: str, selector: str | None) -> str:
    _open(page, url)
    wait_until_usable(page, selector, PAGE_TIMEOUT)
    time.sleep(SETTLE)
    return page.evaluate(TEXTS)


@pytest.fixture
def context_for(browser):
    made = []

    def make(locale: str):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
        context.set_default_timeout(ACTION_TIMEOUT)
        made.append(context)
        page = context.new_page()
        watch(page)
        return context, page

    yield make
    for context in made:
        context.close()


def test_every_page_type_is_read():
    root = Path(__file__).parents[2] / "notebooks"
    pages = {p.relative_to(root).as_posix() for p in root.rglob("[!_]*.ipynb") if ".ipynb_checkpoints" not in p.parts}
    assert pages == set(PAGES)
    assert set(LANGS) == set(i18n.LANGUAGES) - {"en"}


@pytest.mark.parametrize("notebook", PAGES)
def test_every_page_speaks_its_language(ready_url, context_for, notebook):
    """The page in each language, each in a browser context of its own: no English the catalog
    translates, <html lang>, no page error. (Loaded one after the other in one context, the Frantic
    page's third load logged "[anywidget] Failed to initialize model" twice in a CI run: an open
    finding, kept out of this test's way.)"""
    wrong = []
    for lang in LANGS:
        context, page = context_for("en-US")
        texts = _read(page, f"{ready_url}/voila/render/{notebook}?lang={lang}", PAGES[notebook])
        said = (page.evaluate("document.documentElement.lang"), page.locator(".ck-lang-select").input_value())
        if said != (lang, lang):
            wrong.append(f"{lang}: <html lang> and the picker say {said}")
        left = english_left(lang, texts["all"])
        in_prose = set(english_left(lang, texts["prose"]))
        if left:
            wrong.append(f"English on {notebook} in {lang}: in the prose {[w for w in left if w in in_prose]}, "
                         f"elsewhere {[w for w in left if w not in in_prose]}")
        if page.errors:
            wrong.append(f"{lang}: page errors {page.errors}")
        context.close()                 # its kernel goes now, not at the end of the test
    assert not wrong, "\n".join(wrong)


def test_the_picker_switches_the_page_and_the_browser_remembers_it(ready_url, context_for):
    context, page = context_for("en-US")
    _read(page, f"{ready_url}/voila/render/flip7.ipynb", ".ck-app .ck-table")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.inner_text(".ck-app .ck-new-game") == "New game"
    with page.expect_navigation():
        page.select_option(".ck-lang-select", "sv")
    wait_until_usable(page, ".ck-app .ck-table", PAGE_TIMEOUT)
    assert "lang=sv" in page.url and page.evaluate("document.documentElement.lang") == "sv"
    assert page.inner_text(".ck-app .ck-new-game") == "Nytt spel"
    assert {c["name"]: c["value"] for c in context.cookies()}.get("cardkit_lang") == "sv"
    # another page, its address saying nothing: the browser's remembered choice
    _read(page, f"{ready_url}/voila/render/class_board.ipynb", ".ck-board-no-create")
    assert page.evaluate("document.documentElement.lang") == "sv"
    assert page.inner_text(".ck-board-no-create").startswith("Att skapa en klass kräver värdens nyckel")
    assert page.errors == []


def test_the_page_follows_the_browsers_language(ready_url, context_for):
    _context, page = context_for("fr-CH")       # Accept-Language: fr-CH, fr;q=0.9
    _read(page, f"{ready_url}/voila/render/play_together.ipynb", ".ck-shared-create")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.inner_text(".ck-shared-create") == "Créer une table de Frantic"
    _read(page, f"{ready_url}/voila/render/play_together.ipynb?lang=de", ".ck-shared-create")
    assert page.inner_text(".ck-shared-create") == "Einen Tisch für Frantic anlegen"   # ?lang= wins
    assert page.errors == []
