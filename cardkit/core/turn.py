"""One seat's turn as one value: what the app shows a person now, and checks their answer against.

``Turn.of(state, seat)`` gathers, once per redraw, what ``seat`` may know and do: its own view,
whether it is asked (and whether in a reaction window), its choices with the engine's reason for
each one that is not allowed, and, for moves picked part by part, the builder and the zones of the
seat that hold those parts. The move panel, the table and the probability corner are drawn from
this one value; it holds no card the seat may not see (its builder answers only about the seat's own
moves, and is left out of its comparison and its repr)."""
from __future__ import annotations

import dataclasses
from collections import Counter

from .actions import Action
from .builder import MoveBuilder
from .errors import IllegalAction
from .state import Window
from .view import View


def parts_of(action) -> tuple | None:
    """The parts of a compound action (chosen part by part), or None for a one-button move."""
    return getattr(action, "parts", None) or None


@dataclasses.dataclass(frozen=True)
class Choice:
    """A move the seat may try: allowed (``legal``), or shown muted with ``reason``, the
    IllegalAction the engine gives for it (naming the rule)."""

    action: Action
    legal: bool = True
    reason: IllegalAction | None = dataclasses.field(default=None, compare=False)

    @property
    def label(self) -> str:
        return str(self.action)

    @property
    def parts(self) -> tuple | None:
        return parts_of(self.action)


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


@dataclasses.dataclass(frozen=True)
class Turn:
    """What ``seat`` (None: the teacher, who sees everything) sees and may do now.

    ``live``: the game goes on and the seat plays (not a look back, a round's end or the game's end);
    ``asked``: the seat is asked to act now; ``window``: a reaction window is open (public: who else it
    asks is not); ``only_passes``: asked in a window where Pass is all it may do. ``choices``: every
    move shown, in order, those made of parts included; ``builder``: builds those part by part (None
    when there are none), ``first_parts`` the parts it offers first, ``hand_zones`` the seat's zones
    whose cards are those parts, ``cards`` every card of the game (to tell a part that is a card
    from a token). ``names``: every seat's name; ``rules``: the game's clauses, to name the rule of
    a refusal."""

    seat: int | None
    view: View
    names: tuple = ()
    live: bool = True
    asked: bool = False
    window: bool = False
    only_passes: bool = False
    choices: tuple = ()
    hand_zones: tuple = ()
    first_parts: tuple = ()
    builder: MoveBuilder | None = dataclasses.field(default=None, compare=False, repr=False)
    cards: frozenset = dataclasses.field(default=frozenset(), compare=False, repr=False)
    rules: tuple = dataclasses.field(default=(), compare=False, repr=False)

    @classmethod
    def of(cls, state, seat: int | None, playing: bool = True, compound_moves: bool = True) -> "Turn":
        """``seat``'s turn in ``state``. ``playing`` False: only a look (history, a round's end), no
        choices. ``compound_moves``: the game's declared flag; False skips the builder."""
        view = state.view(seat)
        names = tuple(state.name(s) for s in range(state.players))
        rules = tuple(state.game.rules)
        decision = state.decision
        window = type(decision) is Window
        if not playing or decision is None or seat is None or seat not in state.to_act():
            return cls(seat, view, names, live=playing and decision is not None, window=playing and window,
                       rules=rules)
        legal = state.legal_actions(seat)
        allowed = set(legal)
        choices, seen = [], set()
        for action in state.candidate_actions(seat):
            if action in seen:
                continue
            seen.add(action)
            choices.append(Choice(action) if action in allowed else _refused(state, action, legal, seat))
        builder, zones, first, cards = None, (), (), frozenset()
        compound = [c.action for c in choices if c.parts is not None] if compound_moves else []
        if compound:
            builder = state.builder(seat)
            cards = frozenset(state.game.full_deck)
            zones = own_card_zones(view, seat, compound, cards)
            first = tuple(builder.options())
        return cls(seat, view, names, asked=True, window=window, only_passes=window and state.only_passes(seat),
                   choices=tuple(choices), hand_zones=zones, first_parts=first, builder=builder, cards=cards,
                   rules=rules)

    def choice(self, action) -> Choice | None:
        """The choice shown for ``action`` (an Action or its label), or None."""
        return next((c for c in self.choices if c.action == action or c.label == action), None)

    @property
    def waiting_for(self) -> int | None:
        """The seat this one waits for, as its view shows it (None in a reaction window: nobody may
        learn who else is asked)."""
        return None if self.window or self.asked or not self.live else self.view.current_player


def _refused(state, action, legal, seat) -> Choice:
    """A candidate that is not listed as it is: allowed if it means a listed move, else muted with why."""
    try:
        state.listed(action, legal, seat)
    except IllegalAction as exc:
        return Choice(action, False, exc)
    return Choice(action)


__all__ = ["Choice", "Turn", "own_card_zones", "parts_of"]
