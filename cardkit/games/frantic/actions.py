"""Frantic's moves: what a player may do (play, draw, wish, throw a card in out of turn, answer an
event or a power card), and the names of the cards the rule parts share.
"""
from __future__ import annotations

import dataclasses
from collections import Counter

from cardkit.core import Action, interned
from cardkit.core.events import render

from .cards import ORDER, SWAP_COLOURS, WISH_VALUES, wish_words

COUNTERATTACK, NICE_TRY, FANTASTIC_FOUR, EQUALITY = "Counterattack", "Nice Try", "Fantastic Four", "Equality"
INEQUALITY, LUCKY, FAVOURS = "Inequality", "Lucky Bastard", "Special Favours"
FOUR_ATTACKS = (EQUALITY, INEQUALITY, FAVOURS)     # four-colour wishers against one player


# -- actions -------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play ``card`` from the hand; ``target`` for a special against one player; ``plain`` plays a
    wisher (Fantastic Four, Equality) for its wish alone; ``copy``: the special Mimicry imitates."""
    card: str
    target: int | None = None
    plain: bool = False
    copy: str | None = None
    power: str | None = None

    def label(self):
        if self.target is not None:
            return super().label()
        return (f"Play {self.card}" + (f" as {self.copy}" if self.copy else "") + (" as a plain wish" if self.plain else "")
                + (f" + {self.power}" if self.power else ""))

    def wording(self):
        if self.target is None:
            return None
        return ("Play {c}" + (" as {copy}" if self.copy else "") + " → {t}" + (" as a plain wish" if self.plain else "")
                + (" + {power}" if self.power else ""), self.card, *((self.copy,) if self.copy else ()), self.target,
                *((self.power,) if self.power else ()))

    def with_power(self, power):
        return interned(Play, self.card, self.target, self.plain, self.copy, power)


@dataclasses.dataclass(frozen=True)
class Draw(Action):
    def label(self):
        return "Draw"


@dataclasses.dataclass(frozen=True)
class Wish(Action):
    """The wish a four-colour card makes: a colour letter or a number ("7")."""
    wish: str

    def label(self):
        return f"Wish {wish_words(self.wish) if self.wish in WISH_VALUES['any'] else self.wish}"


@dataclasses.dataclass(frozen=True)
class Split(Action):
    """Fantastic Four's four cards: one seat per card, e.g. (1, 1, 2, 2)."""
    shares: tuple[int, ...]

    def wording(self):
        counts = Counter(self.shares)
        seats = sorted(counts)
        return (", ".join(f"{{p{i}}} {{p{i}:draws}} {counts[s]}" for i, s in enumerate(seats)), *seats)

    @property
    def parts(self):
        return tuple(str(s) for s in self.shares)

    @classmethod
    def from_parts(cls, parts):
        return cls(tuple(sorted(int(p) for p in parts)))

    @classmethod
    def part_label(cls, part):
        return cls.part_label_for(part, None)

    @classmethod
    def part_label_for(cls, part, viewer, names=None):
        return render("one card to {t}", (int(part),), viewer, names)


@dataclasses.dataclass(frozen=True)
class Give(Action):
    """The cards Gift or Exchange hands over, chosen by their player."""
    cards: tuple[str, ...]

    def label(self):
        return "Give " + " ".join(self.cards)

    @property
    def parts(self):
        return self.cards

    @classmethod
    def from_parts(cls, parts):
        return cls(tuple(sorted(parts, key=lambda c: ORDER.get(c, -1))))


@dataclasses.dataclass(frozen=True)
class Counterattack(Action):
    """Throw Counterattack in against the attack and turn it on ``target``."""
    target: int

    def wording(self):
        return "Counterattack → {t}", self.target


@dataclasses.dataclass(frozen=True)
class NiceTry(Action):
    def label(self):
        return "Nice Try"


@dataclasses.dataclass(frozen=True)
class Take(Action):
    """Market: take this card."""
    card: str

    def label(self):
        return f"Take {self.card}"


@dataclasses.dataclass(frozen=True)
class GiveTo(Action):
    """Surprise Party, Merry Christmas: give ``card`` to ``target``."""
    card: str
    target: int

    def wording(self):
        return "Give {c} → {t}", self.card, self.target


@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """Recession: discard this card."""
    card: str

    def label(self):
        return f"Discard {self.card}"


@dataclasses.dataclass(frozen=True)
class Steal(Give):
    """Thief: the cards taken from the victim's hand (chosen like Gift's, by parts)."""

    def label(self):
        return "Steal " + " ".join(self.cards)


@dataclasses.dataclass(frozen=True)
class LuckyBastard(Action):
    """Throw Lucky Bastard in before an event is revealed: its player is exempt from it."""
    def label(self):
        return "Lucky Bastard"


@dataclasses.dataclass(frozen=True)
class Stack(Action):
    """Distributor: the cards ``owner`` held go to ``target``."""
    owner: int
    target: int

    def wording(self):
        return "{p}'s cards → {t}", self.owner, self.target


@dataclasses.dataclass(frozen=True)
class Choose(Action):
    """Event Manager, Repeat: the event to run."""
    event: str

    def label(self):
        return f"Choose {self.event}"


@dataclasses.dataclass(frozen=True)
class Lay(Action):
    """Russian Roulette: the card laid face down."""
    card: str

    def label(self):
        return f"Lay {self.card}"


@dataclasses.dataclass(frozen=True)
class Risk(Action):
    """Seppuku: turn up the top card (True) or take 21 points (False)."""
    risk: bool

    def label(self):
        return "Commit Seppuku" if self.risk else "Take 21 points"


@dataclasses.dataclass(frozen=True)
class Pick(Action):
    """Trust Fall: the player who must give two cards."""
    target: int

    def wording(self):
        return "Pick {t:self}", self.target


@dataclasses.dataclass(frozen=True)
class Aim(Action):
    """A power card's target: Special Charge's victim, or who takes the card back (Recycling)."""
    target: int

    def wording(self):
        return "Aim at {t:self}", self.target


@dataclasses.dataclass(frozen=True)
class Trade(Action):
    """Edison: a power card of each of two players changes places."""
    first: int
    second: int

    def wording(self):
        return "Swap power cards of {p} and {t}", self.first, self.second


DRAW = Draw()
NICE = NiceTry()
LUCKY_THROW = LuckyBastard()
#: The wishes a wisher (or a Colour Swap played on neither of its colours) may make.
WISH_CHOICES = {kind: tuple(interned(Wish, w) for w in values) for kind, values in WISH_VALUES.items()}
WISH_CHOICES.update({pair: tuple(interned(Wish, w) for w in pair) for pair in SWAP_COLOURS.values()})


def names_of(cards_) -> str:
    """Cards for a log line."""
    return " ".join(cards_) or "nothing"
