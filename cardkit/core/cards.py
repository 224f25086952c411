"""Cards are short strings in each game's notation; piles are lists with the top card last."""
from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Iterable

from .errors import shown
from .fast import copy_counter, count_into, shuffle


def _follow(kept: list, piles: list) -> bool:
    """Bring a kept count ``[counts, copies of the piles]`` up to date with ``piles`` that lost cards
    from the top or had cards laid on it; False when a pile changed some other way, or the piles
    are not those counted."""
    if len(piles) != len(kept[1]):
        return False
    counts, emptied = kept[0], False
    for pile, before in zip(piles, kept[1]):
        if pile == before:
            continue
        size, was = len(pile), len(before)
        if size < was:
            drawn = before[size:]
            del before[size:]
            if pile == before:                  # drawn from the top
                for card in drawn:
                    left = counts[card] - 1
                    if left:
                        counts[card] = left
                    else:
                        counts.pop(card)        # dict's own, in C (Counter's del is Python)
                        emptied = True
                continue
        elif size > was:
            laid = pile[was:]
            before += laid
            if pile == before:                  # laid on top
                count_into(counts, laid)
                continue
        return False
    if emptied:                       # CPython copies a dict with deleted slots key by key,
        kept[0] = copy_counter(counts)      # a compact one at memcpy speed
    return True


class Pile(list):
    """A stack of cards; the top card is the last item so draws are O(1)."""

    def draw(self) -> str:
        return self.pop()

    def counts(self, more: Iterable[Iterable[str]] = (), also: tuple = ()) -> Counter:
        """A new Counter of this pile's cards, of the other face-down piles ``also`` and of the card
        lists in ``more`` (e.g. the other hands), for a view's ``unseen``. Both are passed as one
        argument each: spread as ``*lists`` they would cost every view a slower call.

        Views ask every decision, and between two asks a draw pile loses a card or two from the top.
        So this pile keeps the count of its last ask (its cards and those of ``also``), with a copy of
        each pile as it was then, and brings it up to date by only the cards drawn from the top, or
        laid on it, since; anything else that changed a pile (a reshuffle, a card taken from the
        middle, other piles ``also``) is caught by comparing with those copies, and the piles are
        counted afresh. A clone starts without."""
        kept = self.__dict__.get("_counted")
        piles = [self, *also]
        if kept is None or (kept[1] != piles and not _follow(kept, piles)):
            counts = Counter(self)
            for pile in also:
                count_into(counts, pile)
            kept = self.__dict__["_counted"] = [counts, [pile[:] for pile in piles]]
        unseen = copy_counter(kept[0])       # the view owns its Counter
        for cards in more:
            count_into(unseen, cards)    # what Counter.update does with a list, without its checks
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


#: Every way to write one of the four French suits (lower case): its letter, its symbol, white or black.
SUIT_SPELLINGS = {"s": "S", "h": "H", "c": "C", "d": "D", "♠": "S", "♥": "H", "♣": "C", "♦": "D",
                  "♤": "S", "♡": "H", "♧": "C", "♢": "D"}


def rank_suit_parser(rank_spellings: dict, unknown: str) -> Callable[[str], str]:
    """A game's ``parse`` for cards written rank then French suit ("AS", "as", "A♠", "10h", " 2 C "):
    ``rank_spellings`` maps each lower-case way to write a rank to the rank; ``unknown`` is the
    ValueError's text, ``{token!r}`` the token that names no card."""
    def parse(token) -> str:
        text = str(token).strip().replace(" ", "")
        rank = rank_spellings.get(text[:-1].lower())
        suit = SUIT_SPELLINGS.get(text[-1:].lower())
        if rank is None or suit is None or isinstance(token, bool):
            raise ValueError(unknown.format(token=token))
        return rank + suit
    return parse


def parse_cards(tokens: Iterable, parse: Callable[[str], str], name: str = "deck") -> list[str]:
    """The cards ``tokens`` name, in order. A bad token raises the game's ValueError, which says
    what is allowed, starting with ``name``, the pile's keyword in ``new_state`` (e.g. "trumps")."""
    cards = []
    for token in tokens:
        try:
            cards.append(parse(token))
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
    return cards


def stacked_deck(full: Counter, stacked: Iterable[str] | None, rng: random.Random,
                 parse: Callable[[str], str], name: str = "deck") -> Pile:
    """The draw pile: ``stacked`` cards on top in the given order, the rest shuffled below.

    Raises ValueError naming the first unknown token or a card named more often than the pack has it;
    ``name`` is the pile's keyword in ``new_state`` (e.g. "trumps"), which the message starts with.
    """
    rest = Counter(full) if stacked else full
    top = []
    for token, card in zip(stacked or (), parse_cards(stacked or (), parse, name)):
        if rest[card] <= 0:
            raise ValueError(f"{name}: {shown(token)} named more often than the pack has it "
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


def rank_of_suit(rank: str, suit: str) -> str:
    """A card's full name as a person reads it, from its rank's and suit's words (msgids): "Queen of
    hearts", "Herz Dame", "dame de cœur"."""
    from ..i18n import N_, gettext
    return gettext(N_("{rank} of {suit}")).format(rank=gettext(rank), suit=gettext(suit))
