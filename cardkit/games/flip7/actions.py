"""Flip 7: the moves, as values: hit, stay, and give the action card just flipped to a player."""
from __future__ import annotations

import dataclasses

from cardkit.core import Action
from cardkit.i18n import N_

from . import cards

MAX_PLAYERS = 18


@dataclasses.dataclass(frozen=True)
class Hit(Action):
    def label(self):
        return N_("Hit")


@dataclasses.dataclass(frozen=True)
class Stay(Action):
    def label(self):
        return N_("Stay")


@dataclasses.dataclass(frozen=True)
class Give(Action):
    """Give the action card just flipped to ``target``."""
    card: str
    target: int

    def wording(self):
        return N_("{c} → {t}"), self.card, self.target


HIT, STAY = Hit(), Stay()
HIT_OR_STAY, ONLY_STAY = (HIT, STAY), (STAY,)
#: Every Give there can be, made once: choices() hands these out instead of building new ones.
GIVES = {card: tuple(Give(card, t) for t in range(MAX_PLAYERS)) for card in cards.ACTIONS}
