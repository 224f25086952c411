"""Cards are short strings in each game's notation; piles are lists with the top card last."""
from __future__ import annotations

import random
from collections import Counter, _count_elements
from typing import Callable, Iterable


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


class Pile(list):
    """A stack of cards; the top card is the last item so draws are O(1)."""

    def draw(self) -> str:
        return self.pop()

    def counts(self, *more: Iterable[str]) -> Counter:
        """A new Counter of this pile's cards (plus those of ``more``), for a view's ``unseen``.

        Views ask every decision, and between two asks a draw pile loses a card or two from the top.
        So the pile keeps the count of its last ask, with the pile as it was then, and brings it up
        to date by only the cards drawn (or put back on top) since; anything else that changed it
        (a reshuffle, a card taken from the middle) is caught by comparing it with that copy, and
        the pile is counted afresh. A clone starts without."""
        size = len(self)
        kept = self.__dict__.get("_counted")
        if kept is not None and size <= len(kept[0]) and self == kept[0][:size]:
            was, counts = kept[1], kept[2]
            if size < was:
                for card in kept[0][size:was]:
                    left = counts[card] - 1
                    if left:
                        counts[card] = left
                    else:
                        del counts[card]
            elif size > was:
                counts.update(kept[0][was:size])
            kept[1] = size
        else:
            counts = Counter(self)
            self.__dict__["_counted"] = [self[:], size, counts]
        unseen = Counter.__new__(Counter)     # an empty Counter without Counter.__init__'s Python
        dict.update(unseen, counts)           # a copy at C speed: the view owns its Counter
        for cards in more:
            _count_elements(unseen, cards)    # what Counter.update does with a list, without its checks
        return unseen

    def __deepcopy__(self, memo):
        return Pile(self)                      # cards are strings; the kept count stays behind

    def __copy__(self):
        return Pile(self)

    def __reduce__(self):
        return Pile, (), None, iter(self)      # pickled without the kept count

    @property
    def top(self):
        return self[-1] if self else None

    def shuffle(self, rng: random.Random) -> None:
        shuffle(self, rng)

    def refill_from(self, discard: "Pile", rng: random.Random, keep: int = 0) -> int:
        """Shuffle the discard pile (all but its top ``keep`` cards) under this pile; returns how many."""
        moved = discard[:len(discard) - keep] if keep else discard[:]
        del discard[:len(discard) - keep if keep else len(discard)]
        shuffle(moved, rng)
        self[:0] = moved
        return len(moved)


def stacked_deck(full: Counter, stacked: Iterable[str] | None, rng: random.Random,
                 parse: Callable[[str], str], name: str = "deck") -> Pile:
    """The draw pile: ``stacked`` cards on top in the given order, the rest shuffled below.

    Raises ValueError naming the first unknown token or a card named more often than the pack has it;
    ``name`` is the pile's keyword in ``new_state`` (e.g. "trumps"), which the message starts with.
    """
    rest = Counter(full) if stacked else full
    top = []
    for token in stacked or ():
        card = parse(token)
        if rest[card] <= 0:
            raise ValueError(f"{name}: {token!r} named more often than the pack has it "
                             f"({full[card]} in the pack)")
        rest[card] -= 1
        top.append(card)
    below = list(rest.elements())      # in the pack's order: ``rest`` keeps the keys of ``full``
    shuffle(below, rng)                # (a plain list: CPython indexes it faster than a Pile)
    return Pile(below + top[::-1])


def check_conservation(expected: Counter, found: Iterable[str], where: str = "") -> None:
    """Assert that no card was lost or duplicated."""
    got = Counter(found)
    # dict equality first: it is C-fast and, counts being positive, agrees with Counter's own ==
    if not dict.__eq__(got, expected) and got != expected:
        missing = expected - got
        extra = got - expected
        raise AssertionError(f"card conservation broken{where}: missing {dict(missing)}, extra {dict(extra)}")
