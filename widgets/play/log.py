"""EventLog: the narrated events, oldest first, newest at the bottom (kept in view), rule ids as tags."""
from __future__ import annotations

import html

import ipywidgets as W

from cardkit import i18n
from cardkit.i18n import N_, _, ngettext

from ..ui.declared import rule_map
from ..ui.language import follow_language

MAX_SHOWN = 250


class EventLog(W.VBox):
    """``update(events, rules)`` redraws; events added since the last update are highlighted.

    ``reader``: the seat the page plays, which reads itself as "you" ("You draw 7."); None (the
    teacher view, several people at one screen) names every seat. ``names``: seat -> name, e.g.
    the names people gave at a shared table (default "Player N")."""

    def __init__(self, title: str = N_("What happened"), max_shown: int = MAX_SHOWN, **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-log")
        self.max_shown = max_shown
        self.title = W.HTML()
        self._title = title             # a message: shown in the page's language
        self.body = W.HTML()
        self.children = [self.title, self.body]
        self.events: list = []
        self._seen = 0
        self.reader: int | None = None
        self.names = None
        self._texts: dict = {}          # event -> its text for (reader, names); equal events share one entry
        self._rules = None
        self._lang = i18n.language()
        self._show_title()
        follow_language(self._language_changed, owner=self)

    def _show_title(self) -> None:
        self.title.value = f"<b>{html.escape(_(self._title))}</b>" if self._title else ""

    def _language_changed(self) -> None:
        self._show_title()
        self._texts = {}
        if self.body.value:
            self.update(self.events, self._rules, new_from=len(self.events))

    def read_as(self, reader: int | None, names=None, refresh: bool = False) -> None:
        """Narrate for seat ``reader`` (None: nobody is "you"), naming seats by ``names``; ``refresh``:
        word every event again (the page's language changed)."""
        names = None if names is None else list(names)
        if refresh or (reader, names) != (self.reader, self.names):
            self.reader, self.names, self._texts = reader, names, {}

    def text(self, event) -> str:
        """``event``'s text as the reader reads it, in the page's language."""
        if self._lang != i18n.language():          # words kept from another language: read anew
            self._texts, self._lang = {}, i18n.language()
        text = self._texts.get(event)
        if text is None:
            text = self._texts[event] = event.text_for(self.reader, self.names)
        return text

    def update(self, events, rules=None, new_from: int | None = None) -> None:
        """``new_from``: index of the first event to highlight (default: those not shown last time)."""
        events = list(events)
        if new_from is None:
            new_from = self._seen if self._seen <= len(events) and self.events == events[:self._seen] else len(events)
        self.events = events
        self._seen = len(events)
        self._rules = rules
        rules = rule_map(rules)
        start = max(0, len(events) - self.max_shown)
        items = []
        if start:
            earlier = ngettext("… {n} earlier event", "… {n} earlier events", start).format(n=start)
            items.append(f'<div class="ck-log-item ck-note">{html.escape(earlier)}</div>')
        for i in range(start, len(events)):
            items.append(self.item_html(events[i], rules, i >= new_from, self.text(events[i])))
        if not events:
            items.append(f'<div class="ck-log-item ck-note">{html.escape(_("Nothing yet."))}</div>')
        # column-reverse keeps the newest (last) item in view: emit newest first.
        self.body.value = f'<div class="ck-log-box">{"".join(reversed(items))}</div>'

    @staticmethod
    def item_html(event, rules: dict, new: bool, text: str | None = None) -> str:
        tag = ""
        if event.rule:
            rule = rules.get(event.rule)
            tip = f"{_(rule.title)}: {_(rule.text)}" if rule else event.rule
            tag = f'<span class="ck-rule-tag" title="{html.escape(tip)}">{html.escape(event.rule)}</span>'
        cls = "ck-log-item ck-new" if new else "ck-log-item"
        return f'<div class="{cls}">{html.escape(event.text if text is None else text)}{tag}</div>'

    @property
    def texts(self) -> list[str]:
        return [self.text(e) for e in self.events]
