"""The static site's page language, told to the kernel (an IPython extension the site's profile loads).

The kernel runs in a Web Worker: it has no page address (Voila's QUERY_STRING), no cookie and no
localStorage. At its start it takes the browser's own languages (the worker's ``navigator``), which
is what the page chose unless the address or the picker asked for another. The page's own choice
(page-lang.js puts it on ``<html lang>``: ``?lang=``, the picker's, the browser's) comes through a
widget the first cell makes: its front end, in the page, sets ``lang`` from ``<html lang>``, and the
kernel then speaks it and has every widget that follows the language redrawn.
"""
from __future__ import annotations

import anywidget
import traitlets

from cardkit import i18n

#: Runs in the page as the widget's model is made there (displayed or not).
PAGE_LANG_ESM = """
export default {
  initialize({ model }) {
    model.set("lang", document.documentElement.lang || "en");
    model.save_changes();
  },
  render() {},
};
"""


class PageLanguage(anywidget.AnyWidget):
    """Never shown: the page's ``<html lang>``, sent to the kernel."""
    _esm = PAGE_LANG_ESM
    lang = traitlets.Unicode("").tag(sync=True)


def browser_language() -> str:
    """The language the worker's browser prefers among ours (English if none)."""
    try:
        from js import navigator
        languages = list(navigator.languages or [navigator.language])
    except Exception:                       # not in a browser (the build's checks)
        return i18n.DEFAULT
    return i18n.negotiate(accept_language=",".join(str(lang) for lang in languages))


def speak(lang: str) -> None:
    """Speak ``lang`` from now on, widgets already drawn redrawn in it."""
    lang = i18n.negotiate(asked=lang)
    if lang != i18n.language():
        i18n.set_language(lang)
        from widgets.ui.language import language_changed
        language_changed()


_asked = []


def _ask_the_page(*_args) -> None:
    """Before the page's first cell: the widget that brings ``<html lang>`` (once per kernel)."""
    if _asked:
        return
    page = PageLanguage()
    _asked.append(page)                      # kept for the kernel's life
    page.observe(lambda change: speak(change["new"]), "lang")


def load_ipython_extension(ipython) -> None:
    i18n.set_language(browser_language())
    ipython.events.register("pre_run_cell", _ask_the_page)
