"""Frantic's moves: what a player may do (play, draw, wish, throw a card in out of turn, answer an
event or a power card), and the names of the cards the rule parts share.
"""
from __future__ import annotations

import dataclasses
from collections import Counter

from cardkit import i18n
from cardkit.core import Action, interned
from cardkit.core.events import render, render_line
from cardkit.i18n import N_

from .cards import ORDER, SWAP_COLOURS, WISH_VALUES, ClassroomCard, card_name, cards_named, wish_name, wish_words

COUNTERATTACK, NICE_TRY, FANTASTIC_FOUR, EQUALITY = "Counterattack", "Nice Try", "Fantastic Four", "Equality"
INEQUALITY, LUCKY, FAVOURS = "Inequality", "Lucky Bastard", "Special Favours"
FOUR_ATTACKS = (EQUALITY, INEQUALITY, FAVOURS)     # four-colour wishers against one player


# -- actions -------------------------------------------------------------------------------------------
class Worded:
    """A Frantic move reads on a button by its cards' full names ("Play blue Skip → you"), in the
    page's language, on every page (the teacher's too); ``str()`` keeps the engine's short notation
    ("Play Skip b → Player 1"), which scripts, demos and tests name moves by."""

    def label_for(self, viewer, names=None):
        wording = self.wording()
        if wording is None:
            return i18n.gettext(str(self))
        return render_line(wording[0], wording[1:], viewer, names)

    def notation(self, template, *values):
        """The engine's label: ``template`` with the cards by their codes."""
        return render(template, values, lang=i18n.DEFAULT)


#: Play's wording by (copy, target, plain wish, power card).
_PLAY = {(False, False, False, False): N_("Play {c}"),
         (False, False, False, True): N_("Play {c} + {power}"),
         (False, False, True, False): N_("Play {c} as a plain wish"),
         (False, False, True, True): N_("Play {c} as a plain wish + {power}"),
         (False, True, False, False): N_("Play {c} → {t}"),
         (False, True, False, True): N_("Play {c} → {t} + {power}"),
         (True, False, False, False): N_("Play {c} as {copy}"),
         (True, False, False, True): N_("Play {c} as {copy} + {power}"),
         (True, False, True, False): N_("Play {c} as {copy} as a plain wish"),
         (True, False, True, True): N_("Play {c} as {copy} as a plain wish + {power}"),
         (True, True, False, False): N_("Play {c} as {copy} → {t}"),
         (True, True, False, True): N_("Play {c} as {copy} → {t} + {power}")}


@dataclasses.dataclass(frozen=True)
class Play(Worded, Action):
    """Play ``card`` from the hand; ``target`` for a special against one player; ``plain`` plays a
    wisher (Fantastic Four, Equality) for its wish alone; ``copy``: the special Mimicry imitates."""
    card: str
    target: int | None = None
    plain: bool = False
    copy: str | None = None
    power: str | None = None

    def _words(self, name):
        template = _PLAY[bool(self.copy), self.target is not None, self.plain, bool(self.power)]
        return (template, name(self.card), *((name(self.copy),) if self.copy else ()),
                *((self.target,) if self.target is not None else ()), *((name(self.power),) if self.power else ()))

    def label(self):
        return self.notation(*self._words(str))

    def wording(self):
        return self._words(card_name)

    def with_power(self, power):
        return interned(Play, self.card, self.target, self.plain, self.copy, power)


@dataclasses.dataclass(frozen=True)
class Draw(Worded, Action):
    def label(self):
        return N_("Draw")


@dataclasses.dataclass(frozen=True)
class Wish(Worded, Action):
    """The wish a four-colour card makes: a colour letter or a number ("7")."""
    wish: str

    def label(self):
        return f"Wish {wish_words(self.wish) if self.wish in WISH_VALUES['any'] else self.wish}"

    def wording(self):
        return N_("Wish {w}"), wish_name(self.wish)


#: Fantastic Four's split by the number of players who draw: each seat and its count.
_SPLITS = (None, N_("{p0} {p0:draws} {n0}"), N_("{p0} {p0:draws} {n0}, {p1} {p1:draws} {n1}"),
           N_("{p0} {p0:draws} {n0}, {p1} {p1:draws} {n1}, {p2} {p2:draws} {n2}"),
           N_("{p0} {p0:draws} {n0}, {p1} {p1:draws} {n1}, {p2} {p2:draws} {n2}, {p3} {p3:draws} {n3}"))


@dataclasses.dataclass(frozen=True)
class Split(Action):
    """Fantastic Four's four cards: one seat per card, e.g. (1, 1, 2, 2)."""
    shares: tuple[int, ...]

    def wording(self):
        counts = Counter(self.shares)
        seats = sorted(counts)
        return (_SPLITS[len(seats)], *(v for s in seats for v in (s, counts[s])))

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
        return render(N_("one card to {t}"), (int(part),), viewer, names)


@dataclasses.dataclass(frozen=True)
class Give(Worded, Action):
    """The cards Gift or Exchange hands over, chosen by their player."""
    cards: tuple[str, ...]

    def label(self):
        return "Give " + " ".join(self.cards)

    def wording(self):
        return N_("Give {cs}"), cards_named(self.cards)

    @property
    def parts(self):
        return self.cards

    @classmethod
    def from_parts(cls, parts):
        return cls(tuple(sorted(parts, key=lambda c: ORDER.get(c, -1))))

    @classmethod
    def part_label_for(cls, part, viewer, names=None):
        return card_name(part).localized() if part in ORDER else str(part)


@dataclasses.dataclass(frozen=True)
class Counterattack(Action):
    """Throw Counterattack in against the attack and turn it on ``target``."""
    target: int

    def wording(self):
        return N_("Counterattack → {t}"), self.target


@dataclasses.dataclass(frozen=True)
class NiceTry(Worded, Action):
    def label(self):
        return N_("Nice Try")


@dataclasses.dataclass(frozen=True)
class Take(Worded, Action):
    """Market: take this card."""
    card: str

    def label(self):
        return f"Take {self.card}"

    def wording(self):
        return N_("Take {c}"), card_name(self.card)


@dataclasses.dataclass(frozen=True)
class GiveTo(Worded, Action):
    """Surprise Party, Merry Christmas: give ``card`` to ``target``."""
    card: str
    target: int

    def label(self):
        return self.notation("Give {c} → {t}", self.card, self.target)

    def wording(self):
        return N_("Give {c} → {t}"), card_name(self.card), self.target


@dataclasses.dataclass(frozen=True)
class Discard(Worded, Action):
    """Recession: discard this card."""
    card: str

    def label(self):
        return f"Discard {self.card}"

    def wording(self):
        return N_("Discard {c}"), card_name(self.card)


@dataclasses.dataclass(frozen=True)
class Steal(Give):
    """Thief: the cards taken from the victim's hand (chosen like Gift's, by parts)."""

    def label(self):
        return "Steal " + " ".join(self.cards)

    def wording(self):
        return N_("Steal {cs}"), cards_named(self.cards)


@dataclasses.dataclass(frozen=True)
class LuckyBastard(Worded, Action):
    """Throw Lucky Bastard in before an event is revealed: its player is exempt from it."""
    def label(self):
        return N_("Lucky Bastard")


@dataclasses.dataclass(frozen=True)
class Stack(Action):
    """Distributor: the cards ``owner`` held go to ``target``."""
    owner: int
    target: int

    def wording(self):
        return N_("{p}'s cards → {t}"), self.owner, self.target


@dataclasses.dataclass(frozen=True)
class Choose(Worded, Action):
    """Event Manager, Repeat: the event to run; Recharge, Update: the power card."""
    event: str

    def label(self):
        return f"Choose {self.event}"

    def wording(self):
        return N_("Choose {c}"), card_name(self.event)


@dataclasses.dataclass(frozen=True)
class Lay(Worded, Action):
    """Russian Roulette, Tsunami: the card laid."""
    card: str

    def label(self):
        return f"Lay {self.card}"

    def wording(self):
        return N_("Lay {c}"), card_name(self.card)


@dataclasses.dataclass(frozen=True)
class Risk(Worded, Action):
    """Seppuku: turn up the top card (True) or take 21 points (False)."""
    risk: bool

    def label(self):
        return N_("Commit Seppuku") if self.risk else N_("Take 21 points")


@dataclasses.dataclass(frozen=True)
class Pick(Action):
    """Trust Fall: the player who must give two cards."""
    target: int

    def wording(self):
        return N_("Pick {t:self}"), self.target


@dataclasses.dataclass(frozen=True)
class Aim(Action):
    """A power card's target: Special Charge's victim, or who takes the card back (Recycling)."""
    target: int

    def wording(self):
        return N_("Aim at {t:self}"), self.target


@dataclasses.dataclass(frozen=True)
class Trade(Action):
    """Edison: a power card of each of two players changes places."""
    first: int
    second: int

    def wording(self):
        return N_("Swap power cards of {p} and {t}"), self.first, self.second


def card_move(cls, *fields):
    """``interned(cls, *fields)``, except for a move with the card a game with classroom names deals
    ("Ten Cards"): that move is its own object, as it is equal to the box's card, and an interned one
    would be handed to games that name it otherwise."""
    for value in fields:
        if type(value) is ClassroomCard or type(value) is tuple and any(type(c) is ClassroomCard for c in value):
            return cls(*fields)
    return interned(cls, *fields)


#: The engine's Pass, as Frantic's buttons read it (its label is a message of the catalogs).
PASS_LABEL = N_("Pass")
DRAW = Draw()
NICE = NiceTry()
LUCKY_THROW = LuckyBastard()
#: The wishes a wisher (or a Colour Swap played on neither of its colours) may make.
WISH_CHOICES = {kind: tuple(interned(Wish, w) for w in values) for kind, values in WISH_VALUES.items()}
WISH_CHOICES.update({pair: tuple(interned(Wish, w) for w in pair) for pair in SWAP_COLOURS.values()})


def names_of(cards_):
    """Cards for a log line, by their full names."""
    return cards_named(cards_)
