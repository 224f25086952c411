"""Moves made of several cards, chosen one part at a time (a run, several 8s and a suit, 2 cards to give).

Listing every combination as a button explodes, so the app lets a player pick parts one by one.
An action is *compound* when it has ``parts`` (a tuple of strings: cards, and tokens such as an
announced suit) and its class can be rebuilt with ``from_parts(parts)``. The builder never changes
the state: the finished move is applied as one action, so history and replay files hold one move.
"""
from __future__ import annotations

from collections import Counter

from .errors import IllegalAction


class MoveBuilder:
    """``pick`` parts, then ``complete()`` gives the legal move they make (or None yet)."""

    def __init__(self, state, seat):
        self.state = state
        self.seat = seat
        self.picked: tuple = ()

    def compounds(self) -> list:
        """The legal moves of this seat that are made of parts."""
        return [a for a in self.state.legal_actions(self.seat) if getattr(a, "parts", None)]

    def options(self) -> list:
        """Parts that may be picked next: each still leaves some legal move reachable. A game whose
        compound moves are too many to search (every run of a long hand) answers from its rules
        through ``State.part_options``."""
        found = self.state.part_options(self.seat, self.picked)
        return list(found) if found is not None else self.searched_options()

    def searched_options(self) -> list:
        """``options()`` found by searching the listed compound moves (what a game's
        ``part_options`` must agree with)."""
        need = Counter(self.picked)
        found: dict = {}
        for action in self.compounds():
            have = Counter(action.parts)
            if all(have[p] >= k for p, k in need.items()):
                for part in action.parts:
                    if have[part] > need[part]:
                        found[part] = None
        return list(found)

    def pick(self, part) -> None:
        """Add ``part``; one that leads to no legal move raises IllegalAction saying why."""
        if part not in self.options():
            raise self.why_not(part)
        self.picked += (part,)

    def unpick(self) -> None:
        self.picked = self.picked[:-1]

    def clear(self) -> None:
        self.picked = ()

    def complete(self):
        """The legal move the picked parts make, or None: in the order picked where that order is
        legal, else the legal move of the same parts that keeps the last one picked last (on top)."""
        if not self.picked:
            return None
        legal = self.compounds()
        for cls in dict.fromkeys(type(a) for a in legal):
            try:
                return self.state.listed(cls.from_parts(self.picked), legal, self.seat)
            except (IllegalAction, ValueError, TypeError):
                continue
        same = [a for a in legal if Counter(a.parts) == Counter(self.picked)]
        return next((a for a in same if a.parts[-1] == self.picked[-1]), same[0] if same else None)

    def label(self, part, viewer: int | None = None, names=None) -> str:
        """Words for a part on a button (e.g. "announce ♠"), as seat ``viewer``'s page shows them."""
        for action in self.compounds():
            if part in action.parts:
                return type(action).part_label_for(part, viewer, names)
        return str(part)

    def why_not(self, part) -> IllegalAction:
        """Why ``part`` cannot be added: the rules' own explanation of the move it would make."""
        attempt = self.picked + (part,)
        for cls in dict.fromkeys(type(a) for a in self.compounds()):
            try:
                error = self.state.why_illegal(cls.from_parts(attempt), self.seat)
            except (ValueError, TypeError, KeyError, AttributeError):
                continue
            if error is not None:
                return error
        return IllegalAction(self.state.phrase("{part} cannot be added to this move", str(part)),
                             self.state.game.turn_rule)
