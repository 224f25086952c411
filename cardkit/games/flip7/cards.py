"""Flip 7 cards in their notation: "0"…"12", "+2"…"+10", "x2", "Freeze", "Flip Three", "Second Chance"."""
import functools
from collections import Counter

NUMBERS = [str(n) for n in range(13)]
MODIFIERS = ["+2", "+4", "+6", "+8", "+10", "x2"]
ACTIONS = ["Freeze", "Flip Three", "Second Chance"]

VALUE = {card: int(card) for card in NUMBERS}
BONUS = {"+2": 2, "+4": 4, "+6": 6, "+8": 8, "+10": 10}
KIND = {**{c: "number" for c in NUMBERS}, **{c: "modifier" for c in MODIFIERS},
        **{c: "action" for c in ACTIONS}}

_SPELLINGS = {card.lower(): card for card in KIND}
_SPELLINGS.update({"flip3": "Flip Three", "flip 3": "Flip Three", "2nd chance": "Second Chance",
                   "×2": "x2"})


def parse(token) -> str:
    """The card a token names; raises ValueError naming an unknown token."""
    card = _SPELLINGS.get(str(token).strip().lower())
    if card is None:
        raise ValueError(f"unknown Flip 7 card {token!r}; use 0…12, +2…+10, x2, "
                         "Freeze, Flip Three or Second Chance")
    return card


def make_deck(actions: bool = True, modifiers: bool = True) -> Counter:
    """The pack: a fresh Counter each time (callers may change theirs), built once per variant."""
    return Counter(_deck(actions, modifiers))


# One per variant (4 at most): a game is made for every game a simulation plays, and building the pack
# each time costs 1.0% more instructions per decision of random play (3 seats; bench/caches.py).
@functools.lru_cache(maxsize=4)
def _deck(actions, modifiers) -> dict:
    deck = {"0": 1, **{str(n): n for n in range(1, 13)}}
    if modifiers:
        deck.update({card: 1 for card in MODIFIERS})
    if actions:
        deck.update({card: 3 for card in ACTIONS})
    return deck


def line_score(numbers, modifiers, unique: int = 7, bonus: int = 15) -> int:
    """Numbers, doubled by x2, plus modifiers, plus the bonus for ``unique`` distinct numbers."""
    base = 0
    for card in numbers:
        base += VALUE[card]
    if modifiers:
        if "x2" in modifiers:
            base *= 2
        for card in modifiers:
            base += BONUS.get(card, 0)
    if len(numbers) >= unique:
        base += bonus
    return base
