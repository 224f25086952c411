"""Figures for the classroom lesson "Will I have to draw?": one card face up on the pile, the
other 31 unseen and shuffled. Counted card by card, so a student can redo each figure by hand."""
from __future__ import annotations

from cardkit.i18n import N_

import random
from collections import Counter

from cardkit.core.declaration import ClassBoard

from .cards import PACK, RANK, RANK_NAME, SUIT, SUIT_NAME, SYMBOL, playable
from .prob import hold_chance


def unseen_of(top) -> list[str]:
    """The 31 cards you cannot see when ``top`` lies face up on the pile."""
    return [c for c in PACK if c != top]


def fits_on(top):
    """Whether a card may be played on ``top`` (same suit or same rank; an 8 always may)."""
    return lambda card: playable(card, top, None)


def count_fits(top) -> int:
    """How many of the unseen cards fit ``top``."""
    return sum(map(fits_on(top), unseen_of(top)))


def fit_groups(top) -> list[tuple[str, list[str]]]:
    """The cards that fit ``top``, in the groups a student would count, each card once."""
    unseen = unseen_of(top)
    rank, suit = RANK[top], SUIT[top]
    if rank == "A":
        return [("other Aces", [c for c in unseen if RANK[c] == "A"]),
                ("8s", [c for c in unseen if RANK[c] == "8"])]
    return [(f"other {SUIT_NAME[suit]} (with the 8{SYMBOL[suit]})", [c for c in unseen if SUIT[c] == suit]),
            (f"other {RANK_NAME[rank]}s", [c for c in unseen if RANK[c] == rank]),
            (f"other 8s (not {SYMBOL[suit]})", [c for c in unseen if RANK[c] == "8" and SUIT[c] != suit])]


def hand_chances(top, hand_size: int) -> tuple[float, float]:
    """(exact chance that a hand of ``hand_size`` unseen cards holds one that fits ``top``,
    the same chance if every card went back before the next was dealt: the wrong formula)."""
    unseen = unseen_of(top)
    miss = len(unseen) - count_fits(top)
    return float(hold_chance(hand_size, Counter(unseen), fits_on(top))), 1 - (miss / len(unseen)) ** hand_size


def deal_fits(top, hand_size: int, rng: random.Random) -> bool:
    """Deal ``hand_size`` different unseen cards, as in a real deal: does one of them fit ``top``?"""
    fits = fits_on(top)
    return any(fits(c) for c in rng.sample(unseen_of(top), hand_size))


HAND_SIZES = list(range(1, 11))


def hand_curves(top) -> dict:
    """Part 3's plot: the exact chance for each hand size, and the wrong one."""
    chances = [hand_chances(top, h) for h in HAND_SIZES]
    return {"exact": [c[0] for c in chances], "wrong": [c[1] for c in chances]}


def fits_how_often(rank) -> tuple[int, int]:
    """(top cards this rank fits, top cards tried): every top card but the 8s and the card itself."""
    card = rank + "H"
    tops = [t for t in PACK if t != card and RANK[t] != "8"]
    return sum(playable(card, t, None) for t in tops), len(tops)


__all__ = ["HAND_SIZES", "hand_curves", "fits_how_often", "unseen_of", "fits_on", "count_fits", "fit_groups", "hand_chances", "deal_fits"]


# -- the class board: what a class's own games show ------------------------------------------------
#: What the class board pools for Huit américain (title, what the exact figure is).
CLASS_FIGURE = (N_("Turns with no card to play (had to draw)"), N_("the exact chance that a hand of that size, dealt "
                "from the cards you could not see and your own, holds no card that fits"))


def class_moment(state, seat, action):
    """Before a person's ``action`` at the start of their turn (a card on the pile, no Ace to answer):
    (the exact chance that a hand of their size holds nothing that fits, whether theirs did not);
    None otherwise."""
    from .actions import Play

    view = state.view(seat)
    facts = view.facts
    if facts["top"] is None or facts["drawn"] or facts["charge"] or seat != state.current_player:
        return None
    hand = [c for c in view.seats[seat]["hand"] if c is not None]
    pool = +Counter(view.unseen) + Counter(hand)
    top, announced = facts["top"], facts["announced"]
    chance = 1 - hold_chance(len(hand), pool, lambda c: playable(c, top, announced))
    stuck = not any(isinstance(a, Play) for a in state.legal_actions(seat))
    return chance, lambda _events: stuck


CLASS_BOARD = ClassBoard(CLASS_FIGURE, class_moment)

__all__ += ["CLASS_FIGURE", "class_moment", "CLASS_BOARD"]
