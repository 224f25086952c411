"""The engine's speed tricks, in one place. Everything else is plain code.

Each trick says what it saves, measured with ``bench/before_after.py`` (machine instructions per
decision of random play, under valgrind: a figure the machine's load does not change; CPython 3.11),
as the share of a game's instructions per decision the plain version costs more. Each behaves exactly
like the plain version it replaces: ``tests/engine/test_core.py`` pins it.
"""
from __future__ import annotations

import random
from collections import Counter
from operator import itemgetter
from typing import TYPE_CHECKING

from .seats import player_name

if TYPE_CHECKING:
    from .actions import Action

try:
    from collections import _count_elements as count_into     # C: Counter.update's loop without its checks
except ImportError:                                           # another Python: the same, written out
    def count_into(counts: dict, cards) -> None:
        for card in cards:
            counts[card] = counts.get(card, 0) + 1


# -- shuffling: every deal and reshuffle --------------------------------------------------------------
# Flip 7: rng.shuffle costs 3.0% more per decision (one Python call per card to draw an index).
def shuffle(cards: list, rng: random.Random) -> None:
    """Shuffle in place exactly as ``rng.shuffle(cards)`` does: same draws from ``rng``, same order.

    Every deal and reshuffle shuffles, so the stdlib's loop (one Python call per card to draw
    a random index) is inlined here; a subclass of Random with its own draws gets ``rng.shuffle``.
    """
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(cards))):
        n = i + 1                       # j = rng._randbelow(i + 1)
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


# -- counting the cards a seat cannot see (``Pile.counts``, on every view a bot is lent) ---------------
def copy_counter(counts: Counter) -> Counter:
    """A copy at C speed: an empty Counter made without Counter.__init__'s Python, then filled."""
    copied = Counter.__new__(Counter)
    dict.update(copied, counts)
    return copied


# -- a game's choices hand out the same objects every time ---------------------------------------------
# Huit américain: building its moves afresh each time costs 3.3% more per decision (a frozen
# dataclass is built field by field in Python); apply() then finds a bot's choice by identity.
# The table holds each distinct move once: a game has finitely many (cards, seats, targets).
_INTERNED: dict = {}


def interned(cls, *fields) -> Action:
    """The one ``cls(*fields)`` object: a game's choices hand out the same objects every time, so
    ``apply`` finds a bot's choice by identity instead of comparing it with every listed move."""
    key = (cls, fields)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(*fields)
    return action


# -- the games' caches of what they work out again and again -------------------------------------------
# Each game keeps its caches as plain dicts, so that a hit is one C lookup (a dict subclass with a
# bound of its own costs 18% more per lookup: 1,439 against 1,217 instructions), and stores through
# ``keep``, which bounds them. Each cache's comment quotes what it saves (bench/caches.py).
def keep(cache: dict, key, value, limit: int):
    """Store ``value`` under ``key`` in ``cache``, emptied first once it holds ``limit`` entries, so a
    cache keyed by value stays bounded however long the process plays; returns ``value``."""
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value


# -- history: one entry per move of every simulated game ------------------------------------------------
# Recording a Move (a NamedTuple built in Python) for each move instead of the plain pair costs 5.2%
# more per decision in Flip 7 and 4.5% in Huit américain.
class Move(tuple):
    """One entry of ``state.history``: the pair ``(seat, action)``, who acted and what they chose."""
    __slots__ = ()
    seat = property(itemgetter(0), doc="The seat that acted.")
    action = property(itemgetter(1), doc="What it chose.")

    def __str__(self):
        return f"{player_name(self[0])}: {self[1]}"

    def __repr__(self):
        return f"Move(seat={self[0]!r}, action={self[1]!r})"


class History(list):
    """``state.history``: the moves so far, kept as plain ``(seat, action)`` pairs and read as Moves.

    Every move of every simulated game records one, where building a Move would cost more than the
    rest of recording it; only readers (the app, tests, replay files) need Moves. Indexing and
    iterating give Moves, slicing a History; equality and ``in`` work on the pairs (a Move is one)."""
    __slots__ = ()

    def __getitem__(self, index):
        if type(index) is slice:
            return History(list.__getitem__(self, index))
        return Move(list.__getitem__(self, index))

    def __iter__(self):
        return map(Move, list.__iter__(self))

    def __reversed__(self):
        return map(Move, list.__reversed__(self))

    def __add__(self, other):
        return History([*list.__iter__(self), *other])

    def pop(self, index=-1):
        return Move(list.pop(self, index))

    def copy(self):
        return History(list.__iter__(self))

    def __deepcopy__(self, memo):
        # (seat, action) pairs are immutable (actions are frozen values): a clone shares them, so
        # cloning a long game costs a list copy, not a copy of every move.
        return History(list.__iter__(self))

    def __reduce__(self):
        return History, (list(list.__iter__(self)),)

    def __repr__(self):
        return repr(list(self))
