"""21 with trumps: the moves, as values. Take a card or close (the round action), play a trump (aimed
at a player or not), choose the trump a Destroy hits, and the trumps given and taken in an Exchange.
"""
from __future__ import annotations

import dataclasses

from cardkit.core import Action, interned
from cardkit.core.events import Phrase
from cardkit.i18n import N_

from .cards import parse_trump


# -- actions -------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Take(Action):
    """Take the top card of the number deck (the round action); the turn ends."""

    def label(self):
        return N_("Take")


@dataclasses.dataclass(frozen=True)
class Close(Action):
    """Take no more cards this round (the round action); the turn ends."""

    def label(self):
        return N_("Close")


@dataclasses.dataclass(frozen=True)
class PlayTrump(Action):
    """Play ``trump`` from the hand; ``target`` is the seat it is aimed at (Damage+, Love your enemy,
    Exchange), else None."""
    trump: str
    target: int | None = None

    def __post_init__(self):
        object.__setattr__(self, "trump", _try(parse_trump, self.trump))

    def label(self):
        if self.target is None:
            return f"Play {self.trump}"
        return super().label()

    def wording(self):
        if self.target is None:
            return N_("Play {trump}"), self.trump
        if self.trump == "Exchange":
            return N_("Play {trump} with {t:self}"), self.trump, self.target
        return N_("Play {trump} at {t:self}"), self.trump, self.target


@dataclasses.dataclass(frozen=True)
class DestroyTrump(Action):
    """Destroy's choice: the open trump ``trump`` lying at ``seat``, or (``trump`` None) a random
    hidden trump of ``seat``."""
    seat: int
    trump: str | None = None

    def __post_init__(self):
        if self.trump is not None:
            object.__setattr__(self, "trump", _try(parse_trump, self.trump))

    def wording(self):
        if self.trump is None:
            return N_("Destroy a hidden trump of {t}"), self.seat
        return N_("Destroy {trump} at {t}"), self.trump, self.seat


@dataclasses.dataclass(frozen=True)
class Swap(Action):
    """Exchange's choice: the trumps given and taken. Given: "open:<trump>" (lying at you) or
    "hand:<trump>"; taken: "open:<trump>" (lying at them) or "hidden" (one of their hand, at random).

    Chosen card by card in the app: its ``parts`` are "give:…" and "take:…" tokens."""
    give: tuple[str, ...]
    take: tuple[str, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "give", tuple(sorted(_item(x) for x in _tuple(self.give))))
        object.__setattr__(self, "take", tuple(sorted(_item(x) for x in _tuple(self.take))))

    def label(self):
        given = ", ".join(_words(x, mine=True) for x in self.give) or "nothing"
        taken = ", ".join(_words(x, mine=False) for x in self.take) or "nothing"
        return f"Give {given}; take {taken}"

    def wording(self):
        return N_("Give {g}; take {k}"), _listed(self.give, True), _listed(self.take, False)

    @property
    def parts(self) -> tuple:
        return tuple("give:" + x for x in self.give) + tuple("take:" + x for x in self.take)

    @classmethod
    def from_parts(cls, parts):
        give, take = [], []
        for part in parts:
            side, _, item = str(part).partition(":")
            if side not in ("give", "take") or not item:
                raise ValueError(f"{part!r} is not a part of an exchange (give:… or take:…)")
            (give if side == "give" else take).append(item)
        return cls(tuple(give), tuple(take))

    @classmethod
    def part_label(cls, part):
        side, _, item = str(part).partition(":")
        return f"{side} {_words(item, mine=side == 'give')}"

    @classmethod
    def part_label_for(cls, part, viewer, names=None):
        side, _, item = str(part).partition(":")
        words = _words(item, mine=side == "give")
        template = {"give": N_("give {x}"), "take": N_("take {x}")}.get(side)
        if template is None:
            return cls.part_label(part)
        return Phrase(template, (words,)).for_seat(viewer, names)


def _tuple(value):
    return (value,) if isinstance(value, str) or not isinstance(value, (tuple, list)) else tuple(value)


def _item(text):
    """The normal spelling of an exchange item ("open:Shield", "hand:Shield", "hidden")."""
    if not isinstance(text, str):
        return text
    place, _, card = text.partition(":")
    if place in ("open", "hand") and card:
        return f"{place}:{_try(parse_trump, card)}"
    return text


def _words(item, mine):
    """One item of an exchange in words: a phrase, read in the reader's language where a person reads it."""
    place, _, card = str(item).partition(":")
    if item == "hidden":
        return N_("a hidden trump")
    if place == "hand":
        return Phrase("{c} from your hand", (card,)) if mine else card
    return card or str(item)


def _listed(items, mine):
    """The items of one side of an exchange, "A, B", or "nothing"."""
    found = None
    for item in items:
        words = _words(item, mine)
        found = words if found is None else Phrase("{a}, {b}", (found, words))
    return N_("nothing") if found is None else found


def _try(convert, value):
    """The normal spelling of ``value``, or ``value`` itself when it names nothing (apply refuses it)."""
    try:
        return convert(value)
    except (ValueError, TypeError, AttributeError):
        return value


TAKE, CLOSE = Take(), Close()
def play_of(trump, target=None) -> PlayTrump:
    return interned(PlayTrump, trump, target)
