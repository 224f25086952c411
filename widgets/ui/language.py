"""The page's language, and widgets that follow it.

A Voila page is one kernel: the page's address says its language (``?lang=de``; the app's server
puts there the one it negotiated from the picker's cookie and the browser's Accept-Language), and
``page_language()`` sets it for the process. A class's preheated kernel runs its notebook before
its visitor arrives, in English: every widget with words registers here (``follow_language`` for a
redraw, ``words`` for a label), and all of them are read again in the visitor's language when
``wait_for_visitor`` brings the visitor's address.
"""
from __future__ import annotations

import logging
import weakref

from cardkit import i18n

from . import hosting

log = logging.getLogger("widgets")

_followers: list = []           # (weak reference to the owner or None, callback)
_taken = False


def page_language() -> str:
    """The language of this page's address (``?lang=``), else English; set for the process."""
    lang = i18n.negotiate(asked=hosting.page_parameter("lang"))
    if lang != i18n.language():
        i18n.set_language(lang)
    return lang


def _take_visitor_language() -> None:
    before = i18n.language()
    if page_language() != before:
        language_changed()


def take_page_language() -> None:
    """Read the address's language now (done when this module is imported: before any widget of the
    page draws), and again when a preheated kernel gets its visitor."""
    global _taken
    if not _taken:
        _taken = True
        hosting.on_visitor(_take_visitor_language)


def follow_language(callback, owner=None) -> None:
    """Call ``callback()`` whenever the page's language changes (a preheated kernel's visitor
    arrived), for as long as ``owner`` (a widget; None: the page's life) is alive. The page's
    language is set first, so a widget drawn next reads it."""
    _followers.append((None if owner is None else weakref.ref(owner), callback))


def words(widget, **messages):
    """Set ``widget``'s traits to the messages given (msgids: ``description="New game"``), in the
    page's language now and again whenever it changes; returns ``widget``."""

    def put(widget=widget):
        for name, message in messages.items():
            setattr(widget, name, i18n.gettext(message) if message else message)

    put()
    ref = weakref.ref(widget)
    _followers.append((ref, lambda: put(ref())))
    return widget


def said(line, reader: int | None = None, names=None) -> str:
    """A line of the engine as ``reader`` reads it in the page's language: a phrase by its own
    words, a count by the language's plural rule, a number in its digits, a message (a rule's title,
    a round's end) from the catalog."""
    if line is None:
        return ""
    for_seat = getattr(line, "for_seat", None)
    return for_seat(reader, names) if for_seat is not None else str(i18n.localized(line))


def language_changed() -> None:
    """Tell every follower the page's language changed (dead owners are forgotten)."""
    alive = []
    for ref, callback in _followers:
        if ref is not None and ref() is None:
            continue
        alive.append((ref, callback))
        try:
            callback()
        except Exception:
            log.exception("a widget could not follow the page's language")
    _followers[:] = alive


take_page_language()
