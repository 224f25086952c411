"""Skitgubbe: the moves, as values: play a card or chance it (first round), lay a run or pick one up
(second round)."""
from __future__ import annotations

import dataclasses

from cardkit.core import Action
from cardkit.i18n import N_

from .cards import ORDER, PACK, parse, show


def _try(convert, value):
    """The normal spelling of ``value``, or ``value`` itself when it names nothing (apply refuses it)."""
    try:
        return convert(value)
    except (ValueError, TypeError, AttributeError):
        return value


@dataclasses.dataclass(frozen=True)
class Play(Action):
    """First round: play ``card`` from your hand (and draw a new one while the stock lasts)."""
    card: str

    def __post_init__(self):
        object.__setattr__(self, "card", _try(parse, self.card))

    def label(self):
        return f"Play {show(self.card)}"

    def wording(self):
        return N_("Play {c}"), show(self.card)


@dataclasses.dataclass(frozen=True)
class Chance(Action):
    """First round: play the top card of the stock unseen."""

    def label(self):
        return N_("Chance it")


@dataclasses.dataclass(frozen=True)
class Lay(Action):
    """Second round: lay ``cards``, a run (one suit, ascending without gaps, identical cards allowed).
    Chosen card by card in the app; the same cards named in another order mean the same run."""
    cards: tuple[str, ...]

    def __post_init__(self):
        raw = self.cards
        items = (raw,) if isinstance(raw, str) or not isinstance(raw, (tuple, list)) else raw
        object.__setattr__(self, "cards", tuple(_try(parse, c) for c in items))

    def label(self):
        return "Lay " + " ".join(show(c) if c in ORDER else str(c) for c in self.cards)

    def wording(self):
        return N_("Lay {cs}"), " ".join(show(c) if c in ORDER else str(c) for c in self.cards)

    @property
    def parts(self) -> tuple:
        return self.cards

    @classmethod
    def from_parts(cls, parts):
        return cls(tuple(parts))

    @classmethod
    def part_label(cls, part):
        return show(part)


@dataclasses.dataclass(frozen=True)
class PickUp(Action):
    """Second round: pick up the lowest connected run on the table."""

    def label(self):
        return N_("Pick up")


CHANCE = Chance()
PICK_UP = PickUp()
#: The one Play object per card: choices() hands out the same objects every time.
PLAYS = {card: Play(card) for card in PACK}


def lay_of(run: tuple) -> Lay:
    """A Lay of ``run`` (cards already in their normal spelling), built without re-parsing them."""
    lay = object.__new__(Lay)
    object.__setattr__(lay, "cards", run)
    return lay
