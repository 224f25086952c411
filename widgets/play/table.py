"""TableView: draws any game's View — your own seat with its moves, the other seats compact, the
table's zones, scores and status."""
from __future__ import annotations

import html

import ipywidgets as W
import traitlets

from cardkit import i18n
from cardkit.i18n import N_, _

from .cards import card_html, fan_html, pile_html
from ..ui.language import follow_language, said
from ..ui.lifetime import retire
from ..ui.style import style_widget

PILE_AT = 9            # a face-up pile longer than this shows its top card (a player sees no more)
FAN_AT = 7             # a face-up zone longer than this overlaps its cards
TOP_FIRST = ("deck", "draw", "stock", "draw_pile")
CROWDED_AT = 6         # this many other seats or more: drawn as compact tiles, face-down cards as counts


def _zone_title(name: str, hints: dict) -> str:
    return _(str((hints.get("zone_labels") or {}).get(name, name.replace("_", " "))))


def _count(cards) -> str:
    n = len(cards)
    return f'<span class="ck-pile-count">{html.escape(i18n.count(n, "{n} card", "{n} cards").localized())}</span>'


def zone_html(name: str, cards, hints: dict, pile_at: int = PILE_AT, size: str = "normal",
              everything: bool = False, counts_only: bool = False) -> str:
    """One zone. Face-down cards are one stacked back with a count (``counts_only``: just the count,
    for a crowded table); a pile (``hints["piles"]``, or a zone drawn top first) always shows its
    count; ``everything`` (the teacher's view) fans a face-up pile out instead of showing just its
    top card."""
    title = html.escape(_zone_title(name, hints))
    cards = list(cards)
    top_first = name in hints.get("top_first", TOP_FIRST)
    pile = top_first or name in hints.get("piles", ())
    if not cards:
        body = '<span class="ck-zone-empty">—</span>'
    elif all(c is None for c in cards):
        body = _count(cards) if counts_only else pile_html(cards, hints, size=size)
    elif pile and len(cards) > pile_at and not everything:
        body = pile_html(cards, hints, top_first=top_first, size=size)
    elif len(cards) > FAN_AT:
        body = fan_html(cards, hints, size="small" if len(cards) > 30 else size)
        if top_first:
            title += " " + html.escape(_("(top first)"))
    else:
        body = "".join(card_html(c, hints, size) for c in cards) + (_count(cards) if pile else "")
    return (f'<div class="ck-zone ck-zone-{html.escape(name)}"><span class="ck-zone-name">{title}</span>'
            f'{body}</div>')


class TableView(W.VBox):
    """Renders ``view`` (a trait: setting it redraws). ``you`` is the seat drawn as the reader's own,
    named "(you)" even in the teacher's view, in a panel below the table that holds ``moves`` (a
    widget, e.g. the ActionPanel) right under its cards; its zones named in ``hand_zones`` are left
    to that widget (it draws them as buttons). Other seats are drawn compact; ``hints["score_text"]``
    words a score (Skitgubbe's place 0: "still in"). CSS class ``ck-table``.
    ``show(view, you=..., hand_zones=..., everything=...)`` sets them all with one redraw.

    The table's piles and your panel form one box (``play_area``, CSS ``ck-play``); when it holds
    ``moves`` it is kept in view at the bottom of the screen while the other seats scroll past (the
    card you play on stays next to your moves), unless it would take more than 40% of the screen:
    then the page lets it sit below the seats (``play-area.js``), covering none of them."""

    view = traitlets.Any(None, allow_none=True, help="the View drawn now")
    you = traitlets.Int(None, allow_none=True, help="the reader's own seat, or None")
    hand_zones = traitlets.Tuple(help="zones of your seat that ``moves`` draws instead")
    everything = traitlets.Bool(False, help="fan out every card of a face-up pile (the teacher's view)")

    def __init__(self, view=None, names=None, hints: dict | None = None, score_label: str | None = None,
                 you: int | None = None, moves: W.Widget | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-table")
        self.add_class("ck-root")
        self.names = list(names) if names else None
        self.hints = hints or {}
        self.score_label = score_label or self.hints.get("score_label", N_("score"))
        self.moves = moves
        self.status = W.HTML()
        self.status.add_class("ck-status")
        self.seat_panels: list[W.HTML] = []
        self.seats_box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.seats_box.add_class("ck-seats")
        self.zones = W.HTML()
        self.zones.add_class("ck-table-zones-w")
        self.you_html = W.HTML()
        self.you_box = W.VBox([self.you_html] + ([moves] if moves is not None else []))
        self.you_box.add_class("ck-you")
        self.play_area = W.VBox([self.zones, self.you_box])
        self.play_area.add_class("ck-play")
        self.children = [style_widget(), self.status, self.seats_box, self.play_area]
        self._holding = False
        self.observe(self._on_change, ["view", "you", "hand_zones", "everything"])
        follow_language(self.redraw, owner=self)
        self.you = you
        self.view = view
        self.redraw()

    def name(self, seat: int) -> str:
        if self.names and seat < len(self.names):
            return str(self.names[seat])
        return i18n.player(seat)

    def _on_change(self, _change) -> None:
        if not self._holding:
            self.redraw()

    def show(self, view, you=None, hand_zones=(), everything=False, names=None) -> None:
        """Set everything the table draws at once (under ``hold_trait_notifications``): one redraw,
        even when nothing changed (names may have)."""
        self._holding = True
        try:
            with self.hold_trait_notifications():
                self.view, self.you, self.hand_zones, self.everything = view, you, tuple(hand_zones), everything
                if names is not None:
                    self.names = list(names)
        finally:
            self._holding = False
        self.redraw()

    def update(self, view) -> None:
        """Draw ``view`` (again, even when it equals the one shown: names may have changed)."""
        if view is self.view or view == self.view:
            self.view = view
            self.redraw()
        else:
            self.view = view

    @property
    def you_seat(self) -> int | None:
        """``you``, or the view's own seat when ``you`` is not set."""
        view = self.view
        seat = self.you if self.you is not None else (view.seat if view is not None else None)
        return seat if view is not None and seat is not None and 0 <= seat < len(view.seats) else None

    def redraw(self) -> None:
        view = self.view
        if view is None:
            self.status.value = self.zones.value = self.you_html.value = ""
            self.seats_box.children = []
            self.you_box.layout.display = "none"
            self.play_area.remove_class("ck-pinned")
            return
        self.status.value = html.escape(said(view.status, self.you_seat))
        you = self.you_seat
        others = [s for s in range(len(view.seats)) if s != you]
        crowded = len(others) >= CROWDED_AT
        (self.seats_box.add_class if crowded else self.seats_box.remove_class)("ck-crowded")
        while len(self.seat_panels) < len(view.seats):
            panel = W.HTML()
            panel.add_class("ck-seat")
            self.seat_panels.append(panel)
        gone = self.seat_panels[len(view.seats):]          # fewer seats: closed once off the page
        del self.seat_panels[len(view.seats):]
        for seat, panel in enumerate(self.seat_panels):
            if seat == you:
                panel.value = self.seat_html(view, seat)
            else:
                panel.value = self.seat_html(view, seat, size="small", counts_only=crowded)
            (panel.add_class if seat == view.current_player else panel.remove_class)("ck-current")
        others_panels = [self.seat_panels[s] for s in others]
        if list(self.seats_box.children) != others_panels:
            self.seats_box.children = others_panels
        retire(gone)
        self.zones.value = self.table_html(view)
        if you is None:
            self.you_box.layout.display = "none"
            self.you_html.value = ""
            self.play_area.remove_class("ck-pinned")
            return
        self.you_box.layout.display = None
        # Pinned only where it holds moves: a table with none to make (a lesson's) has nothing to keep in sight.
        (self.play_area.add_class if self.moves is not None else self.play_area.remove_class)("ck-pinned")
        self.you_html.value = self.seat_html(view, you, skip=self.hand_zones)
        (self.you_box.add_class if you == view.current_player else self.you_box.remove_class)("ck-current")

    def seat_html(self, view, seat: int, size: str = "normal", skip=(), counts_only: bool = False) -> str:
        zones = view.seats[seat]
        order = [z for z in (view.zone_order or []) if z in zones] + [z for z in zones if z not in (view.zone_order or [])]
        score = view.scores[seat] if seat < len(view.scores or []) else None
        note = view.seat_notes[seat] if seat < len(view.seat_notes or []) else ""
        you = " " + _("(you)") if seat == self.you_seat else ""
        badge = (f' <span class="ck-turn-badge">{html.escape(_("to play"))}</span>'
                 if seat == view.current_player else "")
        head = f'<div class="ck-seat-head"><span>{html.escape(self.name(seat) + you)}{badge}</span></div>'
        score = (self.hints.get("score_text") or {}).get(score, score) if score is not None else None
        score = i18n.localized(score)
        facts = ([f"{html.escape(_(self.score_label))}: <b>{html.escape(str(score))}</b>"] if score is not None
                 else []) + ([html.escape(said(note, self.you_seat))] if note else [])
        note_html = f'<div class="ck-seat-note">{" · ".join(facts)}</div>' if facts else ""
        order = [z for z in order if z not in skip]
        full = [z for z in order if zones[z]]
        empty = [z for z in order if not zones[z]]
        body = "".join(zone_html(z, zones[z], self.hints, size=size, everything=self.everything,
                                 counts_only=counts_only) for z in full)
        if empty:
            names = ", ".join(html.escape(_zone_title(z, self.hints)) for z in empty)
            body += (f'<div class="ck-zone ck-zone-none"><span class="ck-zone-empty">'
                     f'{html.escape(_("no cards in: {zones}")).format(zones=names)}</span></div>')
        return head + note_html + body

    def table_html(self, view) -> str:
        parts = [zone_html(name, cards, self.hints, everything=self.everything)
                 for name, cards in (view.table or {}).items()]
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
                text = said(text) if isinstance(text, str) or hasattr(text, "for_seat") else i18n.localized(text)
                shown.append(f'<div class="ck-fact ck-fact-{html.escape(key)}"><span class="ck-zone-name">'
                             f'{html.escape(_(str(label)))}</span><b>{html.escape(str(text))}</b></div>')
        return shown
