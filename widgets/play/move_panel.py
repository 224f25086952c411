"""ActionPanel: a seat's moves, drawn from its ``Turn`` (``cardkit.core.turn``). The cards of a
compound move (several cards, maybe an announced suit) are picked by clicking the cards of the hand,
which are buttons; every other move is one button. A press reports ``(seat, action)`` to
``on_action``; the engine, not the button, decides what is legal: every pick goes through the Turn's
builder and every move through ``state.apply``."""
from __future__ import annotations

import logging
import re
from collections import Counter

import ipywidgets as W
import traitlets

from cardkit import IllegalAction, i18n
from cardkit.i18n import _, ngettext
from cardkit.core.turn import Choice, Turn, own_card_zones, parts_of  # noqa: F401 (re-exported)

from ..ui.declared import compound_moves, rule_map
from .cards import CardButton, card_button, card_name
from ..ui.lifetime import retire
from ..ui.style import message_html  # noqa: F401 (re-exported)

log = logging.getLogger("widgets")


def explain(exc: IllegalAction, rules=None, reader: int | None = None, names=None) -> str:
    """'Not allowed: <why>. (Rule "<title>", <id>)' in words, as seat ``reader`` reads them ("you must
    draw first"; None: every seat by name), the others named by ``names``."""
    reason = exc.reason_for(reader, names) if isinstance(exc, IllegalAction) else (exc.args[0] if exc.args else str(exc))
    rule = rule_map(rules).get(getattr(exc, "rule", None))
    if rule:
        return _('Not allowed: {reason} (rule "{title}", {id}).').format(reason=reason, title=_(rule.title), id=rule.id)
    if getattr(exc, "rule", None):
        return _("Not allowed: {reason} (rule {id}).").format(reason=reason, id=exc.rule)
    return _("Not allowed: {reason}.").format(reason=reason)


#: The word before a copy in a move's label ("Play Mimicry as Gift r"), per language: the catalogs'
#: translations of the move templates keep it, and the arrow and the plus as they are.
AS_WORD = {"en": "as", "de": "als", "fr": "comme", "sv": "som"}


def family_of(label: str, depth: int = 0, lang: str = "en") -> str:
    """A move's words before its ``depth``-th target, copy or power card ("Play Mimicry" for "Play
    Mimicry as Gift r → Player 1" at depth 0, "Play Mimicry as Gift r" at 1); the label if it has fewer.
    ``lang``: the language the label is in (the panel folds by the engine's English label, and names
    a folder by the page's)."""
    marks = re.compile(rf" {AS_WORD.get(lang, 'as')} | → | \+ ")
    cuts = [mark.start() for mark in marks.finditer(label)]
    return label[:cuts[depth]] if depth < len(cuts) else label


def _focus_on_show(change) -> None:
    widget = change["owner"]
    if (change["new"] or 0) > (change["old"] or 0) and widget.has_trait("focus_pending") and widget.focus_pending:
        widget.focus_pending = False
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
    exists is lost, so a Button's is sent when the page reports the view (see ``track_views``)."""
    track_views(widget)
    if widget._view_count or not widget.has_trait("focus_pending"):
        widget.focus()
    else:
        widget.focus_pending = True


class ChoiceButton(CardButton):
    """A button of the move panel. What a press chooses is held in traits, kept in the kernel (the
    page never sees or sets them): ``choice``, a whole move; ``part``, a part of a move built part
    by part; ``card`` (from CardButton), a card of the hand to pick. ``leads_on``: a press may play
    or open allowed moves (an allowed move, a folder of them, Play)."""

    choice = traitlets.Instance(Choice, allow_none=True, help="the move this button plays, or None")
    part = traitlets.Any(None, allow_none=True, help="the part of a move this button picks, or None")
    leads_on = traitlets.Bool(False, help="a press plays or opens allowed moves")


class ActionPanel(W.VBox):
    """``show_turn(turn)`` shows a seat's moves from its ``Turn``; a press calls ``on_action(seat,
    action)``, which must apply it through the engine (it may raise IllegalAction, shown in words).
    Without ``on_action`` the panel applies it to the state given to ``update(state, seat)`` itself.

    Cards of the seat's hand are buttons when the seat has compound moves (``action.parts``): a click
    picks the card through the Turn's move builder (a card that cannot be picked says why, naming
    the rule), the parts that are not cards of the hand are buttons (an announced suit after a first
    card; from the start when no card of the hand begins the move: the trumps of an exchange, the
    players of a split, the cards of a hand a thief looks at), and a button with the complete move's
    label plays it. A selection that is complete and cannot grow plays at once. The parts picked so
    far are the ``selection`` trait; the buttons only show it.
    Every widget remembers the moment it was made for: one from an earlier moment makes no move.

    Many moves (more than ``MANY``) are folded: the moves that differ only after their card (targets,
    a copy, a power card: "Play Mimicry as Gift r → Player 1") sit behind one button ("Play Mimicry …"),
    which opens them, so a phone shows a short list and each choice is a step."""

    MANY = 10

    turn = traitlets.Instance(Turn, allow_none=True, help="the Turn shown")
    selection = traitlets.Tuple(help="the parts of a compound move picked so far")
    focused = traitlets.Any(None, allow_none=True, help="the widget given the keyboard focus last")

    def __init__(self, on_action=None, hints: dict | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-action-panel")
        self.on_action = on_action
        self.hints = hints or {}
        self.buttons: list[ChoiceButton] = []        # one per move that is not picked card by card
        self.card_buttons: list[ChoiceButton] = []   # the hand's cards
        self.part_buttons: list = []                 # the parts that are not cards, then Play/Clear
        self.hand = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.hand.add_class("ck-hand")
        self.picks = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.picks.add_class("ck-picks")
        self.box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.box.add_class("ck-actions")
        self.message = W.HTML()
        self.message.add_class("ck-message")
        # The message sits between the picks and the moves, next to whatever was pressed; the hand
        # scrolls inside its own box (CSS), so a big hand never pushes them out of sight.
        self.children = [self.hand, self.picks, self.message, self.box]
        self.top: list = []                      # what the panel shows first (families of moves folded)
        self._made: list = []                    # the folders and Back buttons made for this moment
        self._trail: list = []                   # what was shown before each folder opened
        self._extra: tuple = ()
        self.state = None                        # only for update(state, seat) without on_action
        self._generation = 0
        self._pick_generation = 0
        self._showing = False
        self.reader: int | None = None           # the seat this page calls "you" (read_as)
        self.names = None
        self.observe(self._on_selection, "selection")

    def read_as(self, reader: int | None, names=None) -> None:
        """Word the moves and refusals for seat ``reader`` ("Freeze → you", "Not allowed: you must draw
        first"; None: every seat by name), the others by ``names``. The engine still knows each move by
        its own label (``str(action)``): only the words on the page change."""
        self.reader, self.names = reader, None if names is None else list(names)

    def words(self, action) -> str:
        """``action``'s label as this page shows it."""
        return action.label_for(self.reader, self.names)

    def _explain(self, exc, rules) -> str:
        return explain(exc, rules, self.reader, self.names)

    @property
    def seat(self):
        return self.turn.seat if self.turn is not None else None

    @property
    def builder(self):
        return self.turn.builder if self.turn is not None else None

    @property
    def card_zones(self) -> tuple:
        return self.turn.hand_zones if self.turn is not None else ()

    # -- drawing -----------------------------------------------------------------------
    def update(self, state, seat=None, message: str = "", enabled: bool = True, focus: bool = False,
               extra=()) -> None:
        """The moves of ``seat`` (None: whoever is asked first) in ``state``, from a Turn made here
        (the app makes its own and calls ``show_turn``)."""
        self.state = state
        turn = None
        if state is not None:
            asked = seat if seat is not None else state.current_player
            turn = Turn.of(state, asked, playing=enabled and not state.is_over,
                           compound_moves=compound_moves(state.game.id))
        self.show_turn(turn, message=message, focus=focus, extra=extra)

    def show_turn(self, turn: Turn | None, message: str = "", focus: bool = False, extra=()) -> None:
        """Show ``turn``'s moves (None: none); ``extra`` widgets go after them (e.g. a Next round
        button). ``focus`` moves the keyboard focus to the first move that may be played. Drawn again
        for the same moment (a classmate joined the table: only the names changed), the buttons still
        play: only a new moment makes the earlier ones stale."""
        if turn is None or turn != self.turn:
            self._generation += 1
        gone = self.buttons + self.card_buttons + self._made     # closed once off the page
        self.buttons, self.card_buttons = [], []
        self._showing = True
        try:
            self.turn = turn
            self.selection = ()
        finally:
            self._showing = False
        waiting = ""
        if turn is not None and turn.asked:
            self._draw_moves(turn)
            if turn.window:        # a reaction window: asked out of turn, and free to let it pass
                why = " " + _("Everybody is asked, so that nobody learns who holds a counter.")
                waiting = (_("Out of turn: you have nothing to react with; Pass.") if turn.only_passes
                           else _("Out of turn: you may react now, or Pass.")) + why
        elif turn is not None and turn.window:      # nobody may learn who else a reaction window asks
            waiting = _("Waiting for the others to react…")
        elif turn is not None and turn.waiting_for is not None:
            who = self.names[turn.waiting_for] if self.names else i18n.player(turn.waiting_for)
            waiting = _("Waiting for {player}…").format(player=who)
        self._extra = tuple(extra)
        self._made, self._trail = [], []
        self.top = self._fold(self.buttons)
        self._draw_picks(focus=focus)   # focus before they are shown: the page then reports their views
        self.hand.children = self.card_buttons
        self.hand.layout.display = None if self.card_buttons else "none"
        self.box.children = self.top + list(extra)
        self.show(message or waiting)
        retire(gone)

    def _draw_moves(self, turn) -> None:
        if turn.builder is not None:
            zones, first = turn.view.seats[turn.seat], set(turn.first_parts)
            for zone in turn.hand_zones:
                for card in zones[zone]:
                    if card is not None:
                        self.card_buttons.append(self._card_button(card, card in first))
        for choice in turn.choices:
            if choice.parts is None or turn.builder is None:
                self.buttons.append(self._button(choice))

    def _fold(self, buttons, depth: int = 0) -> list:
        """What to show of ``buttons``: when there are more than MANY, each family of three or more
        allowed moves (the same words up to the ``depth``-th target, copy or power card) becomes one
        button that opens it, a level deeper."""
        if len(buttons) <= self.MANY or depth > 4:
            return list(buttons)
        families: dict = {}            # by the engine's own (English) labels: the same folds in every language
        for button in buttons:
            if button.leads_on:
                families.setdefault(family_of(str(button.choice.action), depth), []).append(button)
        if len(families) == 1 and len(next(iter(families.values()))) == len(buttons):
            return self._fold(buttons, depth + 1)          # one family holds them all: split it further
        folded = {name: members for name, members in families.items() if len(members) >= 3}
        shown, placed = [], set()
        lang = i18n.language()
        for button in buttons:
            name = family_of(str(button.choice.action), depth) if button.leads_on else None
            if name not in folded:
                shown.append(button)
            elif name not in placed:
                placed.add(name)
                label = self.words(button.choice.action)            # the family in the page's words
                family = family_of(label, depth, lang)
                parent = family_of(label, depth - 1, lang) if depth else ""
                words = family[len(parent):].strip() if family.startswith(parent) else family
                shown.append(self._folder(family, folded[name], depth + 1, words=words))
        return shown

    def _folder(self, name, members, depth, words) -> ChoiceButton:
        """``words``: what the family adds to the folder it sits in ("as Gift r" in "Play Mimicry")."""
        folder = ChoiceButton(description=f"{words} …", button_style="primary", icon="caret-down",
                              tooltip=ngettext("{name}: {n} way; press to choose one", "{name}: {n} ways; press to choose one",
                                               len(members)).format(name=name, n=len(members)),
                              layout=W.Layout(width="auto"), leads_on=True)
        folder.add_class("ck-action")
        folder.add_class("ck-folder")
        generation = self._generation
        folder.on_click(lambda _b, g=generation: self._open(members, depth, g))
        self._made.append(folder)
        return folder

    def _open(self, members, depth, generation) -> None:
        """Show one folded family (folded further if it is long), with a way back."""
        if self._stale(generation):
            return
        self._trail.append(list(self.box.children))
        back = ChoiceButton(description=_("Back"), icon="arrow-left", tooltip=_("Back to the moves shown before"),
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
            self._focus(next((b for b in shown if getattr(b, "leads_on", False)), None))
            self.box.children = shown

    def _focus(self, widget) -> None:
        if widget is not None:
            self.focused = widget
            request_focus(widget)

    def _button(self, choice: Choice) -> ChoiceButton:
        label = self.words(choice.action)
        button = ChoiceButton(description=label, button_style="primary" if choice.legal else "",
                              tooltip=label if choice.legal else _("{move}: not allowed now (press to see why)").format(
                                  move=label),
                              layout=W.Layout(width="auto"), choice=choice, leads_on=choice.legal)
        button.add_class("ck-action")
        if not choice.legal:
            button.add_class("ck-illegal")
        generation = self._generation
        button.on_click(lambda _b, c=choice, g=generation: self._clicked(c, g))
        return button

    def _card_tooltip(self, card, joins: bool) -> str:
        label = card_name(card, self.hints)
        if joins:
            return label
        if self.selection:
            return _("{card}: cannot join the cards you picked (press to see why)").format(card=label)
        return _("{card}: cannot be played now (press to see why)").format(card=label)

    def _card_button(self, card, pickable: bool) -> ChoiceButton:
        button = card_button(card, self.hints, tooltip=self._card_tooltip(card, pickable), cls=ChoiceButton)
        self._mute(button, not pickable)
        generation = self._generation
        button.on_click(lambda b, g=generation: self._card_clicked(b, g))
        return button

    @staticmethod
    def _mute(button, muted: bool) -> None:
        button.leads_on = not muted
        (button.add_class if muted else button.remove_class)("ck-unpickable")

    def _on_selection(self, _change) -> None:
        if not self._showing:
            self._draw_picks()

    def _draw_picks(self, focus: bool = False) -> None:
        """The parts that are not cards (an announced suit), then Play <the move> and Clear, for the
        ``selection``; ``focus``: give the keyboard focus to the first control that leads on."""
        self._pick_generation += 1
        builder = self.builder
        buttons = []
        if builder is not None:
            builder.picked = tuple(self.selection)       # the builder follows the selection
            hand = {b.card for b in self.card_buttons}
            picked = Counter(builder.picked)
            # What may join the pick, as the engine's builder says: the other cards are muted (a
            # click on one is still checked there, and says why it cannot join).
            joins = set(builder.options()) if builder.picked else set(self.turn.first_parts)
            for b in self.card_buttons:     # the first copies of a card show as many as were picked
                if picked[b.card] > 0:
                    picked[b.card] -= 1
                    b.add_class("ck-picked")
                    self._mute(b, False)
                    b.tooltip = _("{card}: picked (press again to put it back)").format(card=card_name(b.card, self.hints))
                else:
                    b.remove_class("ck-picked")
                    self._mute(b, b.card not in joins)
                    b.tooltip = self._card_tooltip(b.card, b.card in joins)
            g = (self._generation, self._pick_generation)
            # Parts that are not the hand's cards (an announced suit, a player, a card of another
            # hand): after a first pick, or from the start when no card of the hand can begin a move.
            starts = any(b.leads_on for b in self.card_buttons)
            if builder.picked or not starts:
                for part in builder.options():
                    if part not in hand:
                        buttons.append(self._part_button(part, g))
            if builder.picked:
                others = Counter(builder.picked) - Counter(b.card for b in self.card_buttons)
                if others:
                    chosen = W.HTML(message_html(_("Chosen:") + " " + ", ".join(
                        builder.label(p, self.reader, self.names) for p in builder.picked if others[p] > 0)))
                    chosen.add_class("ck-chosen")
                    buttons.insert(0, chosen)
                move = builder.complete()
                if move is not None:
                    words = self.words(move)
                    play = ChoiceButton(description=words, button_style="primary",
                                        tooltip=_("Play: {move}").format(move=words),
                                        layout=W.Layout(width="auto"), choice=Choice(move), leads_on=True)
                    play.add_class("ck-action")
                    play.add_class("ck-confirm")
                    play.on_click(lambda _b, a=move, g=g: self._confirm_clicked(a, g))
                    buttons.append(play)
                clear = ChoiceButton(description=_("Clear"), icon="times", tooltip=_("Put the picked cards back"),
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

    def _part_button(self, part, generation) -> ChoiceButton:
        """A part of the move that is not a card of the hand: drawn as a card when it is one (a
        card of the hand a thief looks at), else as words ("announce ♠", "one card to Player 1")."""
        words = self.builder.label(part, self.reader, self.names)
        if part in self.turn.cards:
            button = card_button(part, self.hints, tooltip=_("{part} (part of your move)").format(part=words),
                                 cls=ChoiceButton)
        else:
            button = ChoiceButton(description=words, tooltip=_("{part} (part of your move)").format(part=words),
                                  layout=W.Layout(width="auto"))
        button.part = part
        button.leads_on = True
        button.add_class("ck-part")
        button.on_click(lambda _b, p=part, g=generation: self._part_clicked(p, g))
        return button

    def focus_first(self, extra=()) -> None:
        """Keyboard focus to the first card or part that may be picked, else the first allowed move."""
        first = next((b for b in self.card_buttons if b.leads_on), None)
        first = first or next((b for b in self.part_buttons if getattr(b, "part", None) is not None), None)
        first = first or next((b for b in self.top if b.leads_on), None)
        first = first or next(iter(extra), None) or next(iter(self.top), None)
        if first is not None:
            self.focused = first
            request_focus(first)

    def show(self, text: str = "", kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    # -- clicks ------------------------------------------------------------------------
    def _stale(self, generation) -> bool:
        if generation != self._generation or self.turn is None:
            self.show(_("That button belonged to an earlier moment of the game, so nothing was played. "
                        "Choose again from the buttons shown now."), "warn")
            return True
        if not self.turn.asked:
            self.show(_("It is not your turn."), "warn")
            return True
        return False

    def _clicked(self, choice: Choice, generation) -> None:
        """A move: played if allowed, else the engine's reason (the Turn holds it) is shown."""
        if self._stale(generation):
            return
        if choice.legal:
            self._play(choice.action)
        else:
            self.show(self._explain(choice.reason, self.turn.rules), "warn")

    def _card_clicked(self, button, generation) -> None:
        """Pick the card, or put it back if it is picked; a complete move that cannot grow plays."""
        if self._stale(generation):
            return
        copies = [b for b in self.card_buttons if b.card == button.card]
        if copies.index(button) < Counter(self.selection)[button.card]:      # shown picked
            self.show("")
            self.selection = self._without(button.card)
        else:
            self._pick(button.card)

    def _built_stale(self, generation) -> bool:
        """Whether a part or confirm button of the move being built is from an earlier moment (of the
        game, or of the picks); says so, as ``_stale`` does."""
        if generation != (self._generation, self._pick_generation):
            return self._stale(-1)
        return self._stale(generation[0])

    def _part_clicked(self, part, generation) -> None:
        if not self._built_stale(generation):
            self._pick(part)

    def _pick(self, part) -> None:
        """Add a card or a token to the move being built; the engine explains one it refuses."""
        builder = self.builder
        builder.picked = tuple(self.selection)
        try:
            builder.pick(part)
        except IllegalAction as exc:
            self.show(self._explain(exc, self.turn.rules), "warn")
            return
        move = builder.complete()
        if move is not None and not list(builder.options()):
            self._play(move)                # complete, and nothing more can join: it plays at once
            return
        self.show("")
        self.selection = builder.picked

    def _confirm_clicked(self, action, generation) -> None:
        if not self._built_stale(generation):
            self._play(action)

    def _clear_clicked(self, generation) -> None:
        if generation[0] == self._generation and self.builder is not None:
            self.show("")
            self.selection = ()

    def _without(self, card) -> tuple:
        """The selection with one copy of ``card`` put back: the other picks are made again in their
        order (none, if they no longer make a start)."""
        builder = self.builder
        keep = list(self.selection)
        keep.reverse()
        keep.remove(card)
        keep.reverse()
        builder.clear()
        try:
            for part in keep:
                builder.pick(part)
        except IllegalAction:
            builder.clear()          # what is left no longer makes a start: begin again
        return builder.picked

    def _play(self, action) -> None:
        """Report ``(seat, action)``; whoever receives it checks both."""
        turn = self.turn
        try:
            (self.on_action or self._apply)(turn.seat, action)
        except IllegalAction as exc:
            self.show(self._explain(exc, turn.rules), "warn")
        except Exception as exc:          # never a traceback in the page
            log.exception("action failed")
            self.show(_("Something went wrong: {error}").format(error=exc), "error")

    def _apply(self, seat, action) -> None:
        """Without ``on_action``: apply to the state given to ``update`` and show what follows."""
        self.state.apply(action, seat)
        self.update(self.state, seat, focus=True)
