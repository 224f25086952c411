"""Cards are short strings in each game's notation; piles are lists with the top card last."""
from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Iterable


class Pile(list):
    """A stack of cards; the top card is the last item so draws are O(1)."""

    def draw(self) -> str:
        return self.pop()

    @property
    def top(self):
        return self[-1] if self else None

    def shuffle(self, rng: random.Random) -> None:
        rng.shuffle(self)

    def refill_from(self, discard: "Pile", rng: random.Random, keep: int = 0) -> int:
        """Shuffle the discard pile (all but its top ``keep`` cards) under this pile; returns how many."""
        moved = discard[:len(discard) - keep] if keep else discard[:]
        del discard[:len(discard) - keep if keep else len(discard)]
        rng.shuffle(moved)
        self[:0] = moved
        return len(moved)


def stacked_deck(full: Counter, stacked: Iterable[str] | None, rng: random.Random,
                 parse: Callable[[str], str]) -> Pile:
    """The draw pile: ``stacked`` cards on top in the given order, the rest shuffled below.

    Raises ValueError naming the first unknown token or a card named more often than the pack has it.
    """
    rest = Counter(full)
    top = []
    for token in stacked or ():
        card = parse(token)
        if rest[card] <= 0:
            raise ValueError(f"deck: {token!r} named more often than the pack has it "
                             f"({full[card]} in the pack)")
        rest[card] -= 1
        top.append(card)
    below = sorted(rest.elements(), key=_sort_key(full))
    rng.shuffle(below)
    return Pile(below + top[::-1])


def _sort_key(full: Counter):
    order = {card: i for i, card in enumerate(full)}
    return order.__getitem__


def check_conservation(expected: Counter, found: Iterable[str], where: str = "") -> None:
    """Assert that no card was lost or duplicated."""
    got = Counter(found)
    if got != expected:
        missing = expected - got
        extra = got - expected
        raise AssertionError(f"card conservation broken{where}: missing {dict(missing)}, extra {dict(extra)}")
