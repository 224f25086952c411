"""Huit américain: the moves, as values: play cards of one rank (a play of 8s announces a suit), draw,
and pass (the core's one Pass)."""
from __future__ import annotations

import dataclasses

from cardkit import i18n
from cardkit.core import Action, interned
from cardkit.i18n import N_

from .cards import ORDER, SUITS, SYMBOL, parse, parse_suit, show


@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play ``cards`` (one rank; the last ends on top); a play of 8s ``announce``s a suit."""
    cards: tuple[str, ...]
    announce: str | None = None

    def __post_init__(self):
        raw = self.cards
        items = (raw,) if isinstance(raw, str) or not isinstance(raw, (tuple, list)) else raw
        object.__setattr__(self, "cards", tuple(_try(parse, c) for c in items))
        if self.announce is not None:
            object.__setattr__(self, "announce", _try(parse_suit, self.announce))

    def label(self):
        text = "Play " + " ".join(show(c) if c in ORDER else str(c) for c in self.cards)
        if self.announce is not None:
            text += f", announce {SYMBOL.get(self.announce, self.announce)}"
        return text

    def wording(self):
        shown = " ".join(show(c) if c in ORDER else str(c) for c in self.cards)
        if self.announce is None:
            return N_("Play {cs}"), shown
        return N_("Play {cs}, announce {s}"), shown, SYMBOL.get(self.announce, self.announce)

    # Chosen card by card in the app: the cards in the order played (the last ends on top), and
    # for a play of 8s the suit announced.
    @property
    def parts(self) -> tuple:
        return self.cards if self.announce is None else (*self.cards, self.announce)

    @classmethod
    def from_parts(cls, parts):
        suits = [p for p in parts if p in SUITS]
        if len(suits) > 1:
            raise ValueError("a play announces one suit")
        return cls(tuple(p for p in parts if p not in SUITS), suits[0] if suits else None)

    @classmethod
    def part_label(cls, part):
        return f"announce {SYMBOL[part]}" if part in SUITS else show(part) if part in ORDER else str(part)

    @classmethod
    def part_label_for(cls, part, viewer, names=None):
        if part in SUITS:
            return i18n.gettext(N_("announce {s}")).format(s=SYMBOL[part])
        return cls.part_label(part)


@dataclasses.dataclass(frozen=True)
class Draw(Action):
    def label(self):
        return N_("Draw")


def _try(convert, value):
    """The normal spelling of ``value``, or ``value`` itself when it names nothing (apply refuses it)."""
    try:
        return convert(value)
    except (ValueError, TypeError, AttributeError):
        return value


DRAW = Draw()
def play_of(cards_, announce=None) -> Play:
    return interned(Play, cards_, announce)
