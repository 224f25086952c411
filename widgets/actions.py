"""ActionPanel: a seat's moves. The cards of a compound move (several cards, maybe an announced suit)
are picked by clicking the cards of the hand, which are buttons; every other move is one button.
The engine, not the button, decides what is legal: every click goes through ``builder.pick`` or
``state.apply``."""
from __future__ import annotations

import html
import logging
import re
from collections import Counter

import ipywidgets as W
import traitlets

from cardkit import IllegalAction
from cardkit.core import Window

from ._games import rule_map
from .buttons import Button
from .cards import card_button, card_label
from .lifetime import retire

log = logging.getLogger("widgets")


def message_html(text: str, kind: str = "info") -> str:
    return f'<span class="ck-msg ck-msg-{kind}">{html.escape(text)}</span>' if text else ""


def explain(exc: IllegalAction, rules=None) -> str:
    """'Not allowed: <why>. (Rule "<title>", <id>)' in words."""
    reason = exc.args[0] if exc.args else str(exc)
    rule = rule_map(rules).get(getattr(exc, "rule", None))
    where = f' (rule "{rule.title}", {rule.id})' if rule else (f" (rule {exc.rule})" if getattr(exc, "rule", None) else "")
    return f"Not allowed: {reason}{where}."


_MARKS = re.compile(r" as | → | \+ ")


def family_of(label: str, depth: int = 0) -> str:
    """A move's words before its ``depth``-th target, copy or power card ("Play Mimicry" for "Play
    Mimicry as Gift r → Player 1" at depth 0, "Play Mimicry as Gift r" at 1); the label if it has fewer."""
    cuts = [mark.start() for mark in _MARKS.finditer(label)]
    return label[:cuts[depth]] if depth < len(cuts) else label


def parts_of(action):
    """The parts of a compound action (chosen card by card), or None for a one-button move."""
    return getattr(action, "parts", None) or None


def own_card_zones(view, seat, compound, cards) -> tuple:
    """The zones of ``seat`` whose cards are clicked to build ``compound`` moves (``cards``: every
    card of the game): only when that seat holds the cards of every such move and no other seat
    does. A thief's picks from another hand, or a split naming players, are buttons of their own."""
    def holds(zones):
        have = Counter(c for zone in zones.values() for c in zone if c is not None)
        return all(Counter(p for p in parts_of(a) if p in cards) <= have for a in compound)

    mine = view.seats[seat]
    if not holds(mine) or any(holds(other) for s, other in enumerate(view.seats) if s != seat):
        return ()
    wanted = {p for a in compound for p in parts_of(a)}
    return tuple(z for z in mine if any(c in wanted for c in mine[z] if c is not None))


def _focus_on_show(change) -> None:
    widget = change["owner"]
    if (change["new"] or 0) > (change["old"] or 0) and getattr(widget, "_ck_focus_pending", False):
        widget._ck_focus_pending = False
        widget.focus()


def track_views(widget):
    """Have the page report ``widget``'s views (ipywidgets counts them in ``_view_count`` once it is
    a number). Call it before the widget is put in the page: a view drawn earlier is not counted."""
    if widget._view_count is None:
        widget._view_count = 0
        widget.observe(_focus_on_show, "_view_count")
    return widget


def request_focus(widget) -> None:
    """Give ``widget`` the keyboard focus in the page. A focus message sent before the widget's view
    exists is lost, so it is sent when the page reports the view (see ``track_views``)."""
    track_views(widget)
    if widget._view_count:
        widget.focus()
    else:
        widget._ck_focus_pending = True


class ActionPanel(W.VBox):
    """``update(state, seat)`` shows that seat's moves; a move calls ``on_action(action)``, which must
    apply it through the engine (it may raise IllegalAction). Without ``on_action`` the panel applies
    it to the state itself.

    Cards of the seat's hand are buttons when the seat has compound moves (``action.parts``): a click
    picks the card through the state's move builder (a card that cannot be picked says why, naming
    the rule), the parts that are not cards of the hand are buttons (an announced suit after a first
    card; from the start when no card of the hand begins the move: the trumps of an exchange, the
    players of a split, the cards of a hand a thief looks at), and a button with the complete move's
    label plays it. A selection that is complete and cannot grow plays at once.
    Every widget remembers the moment it was made for: one from an earlier moment makes no move.

    Many moves (more than ``MANY``) are folded: the moves that differ only after their card (targets,
    a copy, a power card: "Play Mimicry as Gift r → Player 1") sit behind one button ("Play Mimicry …"),
    which opens them, so a phone shows a short list and each choice is a step."""

    MANY = 10

    selection = traitlets.Tuple(help="the parts of a compound move picked so far")
    focused = traitlets.Any(None, allow_none=True, help="the widget given the keyboard focus last")

    def __init__(self, on_action=None, hints: dict | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-action-panel")
        self.on_action = on_action
        self.hints = hints or {}
        self.buttons: list[Button] = []        # one per move that is not picked card by card
        self.card_buttons: list[Button] = []   # the hand's cards
        self.part_buttons: list[Button] = []   # the parts that are not cards, then Play/Clear
        self.hand = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.hand.add_class("ck-hand")
        self.picks = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.picks.add_class("ck-picks")
        self.box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.box.add_class("ck-actions")
        self.message = W.HTML()
        self.message.add_class("ck-message")
        self.children = [self.hand, self.picks, self.box, self.message]
        self.top: list = []                      # what the panel shows first (families of moves folded)
        self._made: list = []                    # the folders and Back buttons made for this moment
        self._trail: list = []                   # what was shown before each folder opened
        self._extra: tuple = ()
        self.state = None
        self.seat = None
        self.builder = None
        self.card_zones: tuple = ()
        self._cards = frozenset()                # every card of the game whose moves are built
        self._generation = 0
        self._pick_generation = 0

    # -- drawing -----------------------------------------------------------------------
    def update(self, state, seat=None, message: str = "", enabled: bool = True, focus: bool = False,
               extra=()) -> None:
        """The moves of ``seat`` (None: whoever is asked first) in ``state``, if it is asked now;
        ``extra`` widgets go after them (e.g. a Next round button). ``focus`` moves the keyboard
        focus to the first move that may be played."""
        self._generation += 1
        gone = self.buttons + self.card_buttons + self._made     # closed once off the page
        self.state, self.seat = state, seat
        self.buttons, self.card_buttons, self.builder, self.card_zones = [], [], None, ()
        waiting = ""
        if state is not None and not state.is_over and enabled:
            asked = seat if seat is not None else state.current_player
            window = type(state.decision) is Window
            if asked in state.to_act():
                self._draw_moves(state, asked)
                if window:         # a reaction window: asked out of turn, and free to let it pass
                    waiting = ("Out of turn: you have nothing to react with; Pass." if state.only_passes(asked)
                               else "Out of turn: you may react now, or Pass.")
            else:                  # nobody may learn who else a reaction window asks
                waiting = ("Waiting for the others to react…" if window else
                           f"Waiting for {state.name(state.current_player)}…")
        self._extra = tuple(extra)
        self._made, self._trail = [], []
        self.top = self._fold(self.buttons)
        self._draw_picks(focus=focus)   # focus before they are shown: the page then reports their views
        self.hand.children = self.card_buttons
        self.hand.layout.display = None if self.card_buttons else "none"
        self.box.children = self.top + list(extra)
        self.show(message or waiting)
        retire(gone)

    def _draw_moves(self, state, seat) -> None:
        self.seat = seat
        legal = state.legal_actions(seat)
        candidates = state.candidate_actions(seat)
        compound = [a for a in candidates if parts_of(a) is not None]
        if compound:
            self.builder = state.builder(seat)
            view = state.view(seat)
            self._cards = frozenset(state.game.full_deck)
            zones = view.seats[seat]
            self.card_zones = own_card_zones(view, seat, compound, self._cards)
            pickable = set(self.builder.options())
            for zone in self.card_zones:
                for card in zones[zone]:
                    if card is not None:
                        self.card_buttons.append(self._card_button(card, card in pickable))
        seen = set()
        for action in candidates:
            if parts_of(action) is None and action not in seen:
                seen.add(action)
                self.buttons.append(self._button(action, action in legal))

    def _fold(self, buttons, depth: int = 0) -> list:
        """What to show of ``buttons``: when there are more than MANY, each family of three or more
        allowed moves (the same words up to the ``depth``-th target, copy or power card) becomes one
        button that opens it, a level deeper."""
        if len(buttons) <= self.MANY or depth > 4:
            return list(buttons)
        families: dict = {}
        for button in buttons:
            if button.ck_legal:
                families.setdefault(family_of(str(button.ck_action), depth), []).append(button)
        if len(families) == 1 and len(next(iter(families.values()))) == len(buttons):
            return self._fold(buttons, depth + 1)          # one family holds them all: split it further
        folded = {name: members for name, members in families.items() if len(members) >= 3}
        shown, placed = [], set()
        for button in buttons:
            name = family_of(str(button.ck_action), depth) if button.ck_legal else None
            if name not in folded:
                shown.append(button)
            elif name not in placed:
                placed.add(name)
                parent = family_of(name, depth - 1) if depth else ""
                shown.append(self._folder(name, folded[name], depth + 1, words=name[len(parent):].strip()))
        return shown

    def _folder(self, name, members, depth, words) -> Button:
        """``words``: what the family adds to the folder it sits in ("as Gift r" in "Play Mimicry")."""
        folder = Button(description=f"{words} …", button_style="primary", icon="caret-down",
                        tooltip=f"{name}: {len(members)} ways; press to choose one",
                        layout=W.Layout(width="auto"))
        folder.add_class("ck-action")
        folder.add_class("ck-folder")
        folder.ck_legal = True
        generation = self._generation
        folder.on_click(lambda _b, g=generation: self._open(members, depth, g))
        self._made.append(folder)
        return folder

    def _open(self, members, depth, generation) -> None:
        """Show one folded family (folded further if it is long), with a way back."""
        if self._stale(generation):
            return
        self._trail.append(list(self.box.children))
        back = Button(description="Back", icon="arrow-left", tooltip="Back to the moves shown before",
                      layout=W.Layout(width="auto"))
        back.add_class("ck-back-to-moves")
        back.on_click(lambda _b, g=generation: self._back_up(g))
        self._made.append(back)
        shown = self._fold(members, depth)
        self._focus(shown[0])                 # before it is shown: the page then reports its view
        self.box.children = [*shown, back, *self._extra]

    def _back_up(self, generation) -> None:
        if generation == self._generation and self._trail:
            shown = self._trail.pop()
            self._focus(next((b for b in shown if getattr(b, "ck_legal", False)), None))
            self.box.children = shown

    def _focus(self, widget) -> None:
        if widget is not None:
            self.focused = widget
            request_focus(widget)

    def _button(self, action, legal: bool) -> Button:
        button = Button(description=str(action), button_style="primary" if legal else "",
                        tooltip=str(action) if legal else f"{action}: not allowed now (press to see why)",
                        layout=W.Layout(width="auto"))
        button.add_class("ck-action")
        if not legal:
            button.add_class("ck-illegal")
        button.ck_action = action
        button.ck_legal = legal
        generation = self._generation
        button.on_click(lambda _b, a=action, g=generation: self._clicked(a, g))
        return button

    def _card_button(self, card, pickable: bool) -> Button:
        label = card_label(card, self.hints)
        button = card_button(card, self.hints, tooltip=label if pickable else f"{label}: cannot be played now "
                                                                                "(press to see why)")
        if not pickable:
            button.add_class("ck-unpickable")
        generation = self._generation
        button.on_click(lambda b, g=generation: self._card_clicked(b, g))
        return button

    def _draw_picks(self, focus: bool = False) -> None:
        """The parts that are not cards (an announced suit), then Play <the move> and Clear;
        ``focus``: give the keyboard focus to the first control that leads on."""
        self._pick_generation += 1
        builder = self.builder
        buttons = []
        if builder is not None:
            hand = {b.ck_card for b in self.card_buttons}
            picked = Counter(builder.picked)
            for b in self.card_buttons:     # mark as many copies as were picked
                label = card_label(b.ck_card, self.hints)
                if picked[b.ck_card] > 0:
                    picked[b.ck_card] -= 1
                    b.add_class("ck-picked")
                    b.tooltip = f"{label}: picked (press again to put it back)"
                elif "ck-picked" in b._dom_classes:
                    b.remove_class("ck-picked")
                    b.tooltip = label
            g = (self._generation, self._pick_generation)
            # Parts that are not the hand's cards (an announced suit, a player, a card of another
            # hand): after a first pick, or from the start when no card of the hand can begin a move.
            starts = any("ck-unpickable" not in b._dom_classes for b in self.card_buttons)
            if builder.picked or not starts:
                for part in builder.options():
                    if part not in hand:
                        buttons.append(self._part_button(part, g))
            if builder.picked:
                others = Counter(builder.picked) - Counter(b.ck_card for b in self.card_buttons)
                if others:
                    chosen = W.HTML(message_html("Chosen: " + ", ".join(
                        builder.label(p) for p in builder.picked if others[p] > 0)))
                    chosen.add_class("ck-chosen")
                    buttons.insert(0, chosen)
                move = builder.complete()
                if move is not None:
                    play = Button(description=str(move), button_style="primary", tooltip=f"Play: {move}",
                                  layout=W.Layout(width="auto"))
                    play.add_class("ck-action")
                    play.add_class("ck-confirm")
                    play.ck_action = move
                    play.ck_legal = True
                    play.on_click(lambda _b, a=move, g=g: self._confirm_clicked(a, g))
                    buttons.append(play)
                clear = Button(description="Clear", icon="times", tooltip="Put the picked cards back",
                               layout=W.Layout(width="auto"))
                clear.add_class("ck-clear")
                clear.on_click(lambda _b, g=g: self._clear_clicked(g))
                buttons.append(clear)
        retire(self.part_buttons)
        self.part_buttons = buttons
        if focus:
            self.focus_first(self._extra)
        self.picks.children = buttons
        self.picks.layout.display = None if buttons else "none"
        self.selection = tuple(builder.picked) if builder is not None else ()

    def _part_button(self, part, generation) -> Button:
        """A part of the move that is not a card of the hand: drawn as a card when it is one (a
        card of the hand a thief looks at), else as words ("announce ♠", "one card to Player 1")."""
        words = self.builder.label(part)
        if part in self._cards:
            button = card_button(part, self.hints, tooltip=f"{words} (part of your move)")
        else:
            button = Button(description=words, tooltip=f"{words} (part of your move)", layout=W.Layout(width="auto"))
        button.add_class("ck-part")
        button.ck_part = part
        button.on_click(lambda _b, p=part, g=generation: self._part_clicked(p, g))
        return button

    def focus_first(self, extra=()) -> None:
        """Keyboard focus to the first card or part that may be picked, else the first allowed move."""
        first = next((b for b in self.card_buttons if "ck-unpickable" not in b._dom_classes), None)
        first = first or next((b for b in self.part_buttons if hasattr(b, "ck_part")), None)
        first = first or next((b for b in self.top if b.ck_legal), None)
        first = first or next(iter(extra), None) or next(iter(self.top), None)
        if first is not None:
            self.focused = first
            request_focus(first)

    def show(self, text: str = "", kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    # -- clicks ------------------------------------------------------------------------
    def _stale(self, generation) -> bool:
        if generation != self._generation or self.state is None:
            self.show("That button belonged to an earlier moment of the game, so nothing was played. "
                      "Choose again from the buttons shown now.", "warn")
            return True
        if self.seat not in self.state.to_act():
            self.show("It is not your turn.", "warn")
            return True
        return False

    def _clicked(self, action, generation) -> None:
        if not self._stale(generation):
            self._play(action)

    def _card_clicked(self, button, generation) -> None:
        """Pick the card, or put it back if it is picked; a complete move that cannot grow plays."""
        if self._stale(generation):
            return
        if "ck-picked" in button._dom_classes:
            self._unpick(button.ck_card)
            self.show("")
            self._draw_picks()
        else:
            self._pick(button.ck_card)

    def _part_clicked(self, part, generation) -> None:
        if generation != (self._generation, self._pick_generation):
            self._stale(-1)
            return
        if not self._stale(generation[0]):
            self._pick(part)

    def _pick(self, part) -> None:
        """Add a card or a token to the move being built; the engine explains one it refuses."""
        try:
            self.builder.pick(part)
            if self._finished():
                return
            self.show("")
        except IllegalAction as exc:
            self.show(explain(exc, self.state.game.rules), "warn")
        self._draw_picks()

    def _confirm_clicked(self, action, generation) -> None:
        if generation != (self._generation, self._pick_generation):
            self._stale(-1)
            return
        if not self._stale(generation[0]):
            self._play(action)

    def _clear_clicked(self, generation) -> None:
        if generation[0] == self._generation and self.builder is not None:
            self.builder.clear()
            self.show("")
            self._draw_picks()

    def _unpick(self, card) -> None:
        """Put one copy of ``card`` back: the other picks are made again in their order."""
        builder = self.builder
        keep = list(builder.picked)
        keep.reverse()
        keep.remove(card)
        keep.reverse()
        builder.clear()
        try:
            for part in keep:
                builder.pick(part)
        except IllegalAction:
            builder.clear()          # what is left no longer makes a start: begin again

    def _finished(self) -> bool:
        """Play the selection when it is a move and nothing more can be added to it."""
        move = self.builder.complete()
        if move is not None and not list(self.builder.options()):
            self._play(move)
            return True
        return False

    def _play(self, action) -> None:
        state = self.state
        try:
            if self.on_action is not None:
                self.on_action(action)
            else:
                state.apply(action, self.seat)
                self.update(state, self.seat, focus=True)
        except IllegalAction as exc:
            self.show(explain(exc, state.game.rules), "warn")
        except Exception as exc:          # never a traceback in the page
            log.exception("action failed")
            self.show(f"Something went wrong: {exc}", "error")
