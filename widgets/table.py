"""TableView: draws any game's View — one panel per seat, the table's zones, scores and status."""
from __future__ import annotations

import html

import ipywidgets as W

from .cards import card_html, fan_html, pile_html
from .style import style_widget

PILE_AT = 9            # a face-down or top-first zone longer than this is drawn as one pile
FAN_AT = 7             # a face-up zone longer than this overlaps its cards
TOP_FIRST = ("deck", "draw", "stock", "draw_pile")


def _zone_title(name: str, hints: dict) -> str:
    return str((hints.get("zone_labels") or {}).get(name, name.replace("_", " ")))


def zone_html(name: str, cards, hints: dict, pile_at: int = PILE_AT) -> str:
    title = html.escape(_zone_title(name, hints))
    cards = list(cards)
    if not cards:
        body = '<span class="ck-zone-empty">—</span>'
    elif len(cards) > pile_at and (all(c is None for c in cards) or name in hints.get("piles", ())
                                   or name in hints.get("top_first", TOP_FIRST)):
        top_first = name in hints.get("top_first", TOP_FIRST)
        body = pile_html(cards, hints, top_first=top_first)
    elif len(cards) > FAN_AT:
        body = fan_html(cards, hints)
    else:
        body = "".join(card_html(c, hints) for c in cards)
    return (f'<div class="ck-zone ck-zone-{html.escape(name)}"><span class="ck-zone-name">{title}</span>'
            f'{body}</div>')


class TableView(W.VBox):
    """Renders a View. ``update(view)`` redraws; CSS class ``ck-table`` on the root."""

    def __init__(self, view=None, names=None, hints: dict | None = None, score_label: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-table")
        self.add_class("ck-root")
        self.names = list(names) if names else None
        self.hints = hints or {}
        self.score_label = score_label or self.hints.get("score_label", "score")
        self.status = W.HTML()
        self.status.add_class("ck-status")
        self.seat_panels: list[W.HTML] = []
        self.seats_box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.seats_box.add_class("ck-seats")
        self.zones = W.HTML()
        self.zones.add_class("ck-table-zones-w")
        self.children = [style_widget(), self.status, self.seats_box, self.zones]
        self.view = None
        if view is not None:
            self.update(view)

    def name(self, seat: int) -> str:
        if self.names and seat < len(self.names):
            return str(self.names[seat])
        return f"Player {seat}"

    def update(self, view) -> None:
        self.view = view
        if view is None:
            self.status.value = ""
            self.seats_box.children = []
            self.zones.value = ""
            return
        self.status.value = html.escape(view.status or "")
        n = len(view.seats)
        if len(self.seat_panels) != n:
            self.seat_panels = [W.HTML() for _ in range(n)]
            for panel in self.seat_panels:
                panel.add_class("ck-seat")
            self.seats_box.children = self.seat_panels
        for seat, panel in enumerate(self.seat_panels):
            panel.value = self.seat_html(view, seat)
            if seat == view.current_player:
                panel.add_class("ck-current")
            else:
                panel.remove_class("ck-current")
        self.zones.value = self.table_html(view)

    def seat_html(self, view, seat: int) -> str:
        zones = view.seats[seat]
        order = [z for z in (view.zone_order or []) if z in zones] + [z for z in zones if z not in (view.zone_order or [])]
        score = view.scores[seat] if seat < len(view.scores or []) else None
        note = view.seat_notes[seat] if seat < len(view.seat_notes or []) else ""
        you = " (you)" if view.seat == seat else ""
        badge = ' <span class="ck-turn-badge">to play</span>' if seat == view.current_player else ""
        head = f'<div class="ck-seat-head"><span>{html.escape(self.name(seat) + you)}{badge}</span></div>'
        facts = ([f"{html.escape(self.score_label)}: <b>{html.escape(str(score))}</b>"] if score is not None else []) + (
            [html.escape(str(note))] if note else [])
        note_html = f'<div class="ck-seat-note">{" · ".join(facts)}</div>' if facts else ""
        full = [z for z in order if zones[z]]
        empty = [z for z in order if not zones[z]]
        body = "".join(zone_html(z, zones[z], self.hints) for z in full)
        if empty:
            names = ", ".join(html.escape(_zone_title(z, self.hints)) for z in empty)
            body += f'<div class="ck-zone ck-zone-none"><span class="ck-zone-empty">no cards in: {names}</span></div>'
        return head + note_html + body

    def table_html(self, view) -> str:
        parts = [zone_html(name, cards, self.hints) for name, cards in (view.table or {}).items()]
        parts += self.facts_html(view)
        return f'<div class="ck-table-zones">{"".join(parts)}</div>' if parts else ""

    def facts_html(self, view) -> list[str]:
        """The public facts the game's hints ask to show (``show_facts``: fact -> label), e.g. an
        announced suit; a fact that is None is not shown. ``fact_text`` words the values."""
        words = self.hints.get("fact_text") or {}
        shown = []
        for key, label in (self.hints.get("show_facts") or {}).items():
            value = (view.facts or {}).get(key)
            if value is not None:
                text = words.get(value, value) if isinstance(value, (str, int)) else value
                shown.append(f'<div class="ck-fact ck-fact-{html.escape(key)}"><span class="ck-zone-name">'
                             f'{html.escape(str(label))}</span><b>{html.escape(str(text))}</b></div>')
        return shown
