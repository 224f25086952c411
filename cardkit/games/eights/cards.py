"""Huit américain cards: a 32-card pack, written rank then suit letter: "AS", "10H", "8C", "QD"."""
from collections import Counter

from cardkit.core.cards import SUIT_SPELLINGS, rank_of_suit, rank_suit_parser
from cardkit.core.fast import keep
from cardkit.i18n import N_

RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["S", "H", "C", "D"]
SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SUIT_NAME = {"S": N_("spades"), "H": N_("hearts"), "C": N_("clubs"), "D": N_("diamonds")}
RANK_NAME = {"7": "7", "8": "8", "9": "9", "10": "10", "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King"),
             "A": N_("Ace")}

#: The pack in its order: suit by suit, 7 up to Ace. Hands are kept sorted in this order.
PACK = [rank + suit for suit in SUITS for rank in RANKS]
ORDER = {card: i for i, card in enumerate(PACK)}
RANK = {card: card[:-1] for card in PACK}
SUIT = {card: card[-1] for card in PACK}

#: Penalty points of a card left in hand when someone else goes out.
PENALTY = {"8": 32, "A": 11, "10": 10, "9": 9, "7": 7, "K": 4, "Q": 3, "J": 2}
POINTS = {card: PENALTY[RANK[card]] for card in PACK}


def penalty(cards) -> int:
    """What cards count when left in hand as someone else goes out."""
    return sum(POINTS[c] for c in cards)

# -- what may go on what: the rule predicates (the state, the bots and prob.py all ask them) --------
def fit_test(top, announced):
    """What a first card must pass on ``top`` (8s aside): the announced suit; on an Ace, an Ace;
    else the suit or rank of ``top``. None when no card lies on the table (anything may lead).

    The test is a set's membership (C code, no Python call per card): the sets are made once."""
    if top is None:
        return None
    key = (top, announced)
    test = _FIT_TESTS.get(key)
    if test is None:
        if announced is not None:
            fitting = {c for c in PACK if SUIT[c] == announced}
        elif RANK[top] == "A":
            fitting = {c for c in PACK if RANK[c] == "A"}
        else:
            fitting = {c for c in PACK if SUIT[c] == SUIT[top] or RANK[c] == RANK[top]}
        test = keep(_FIT_TESTS, key, frozenset(fitting).__contains__, 256)
    return test


#: (top, announced) -> its test: 160 at most. Without it random play costs 61% more instructions per
#: decision (4 seats; bench/caches.py).
_FIT_TESTS: dict = {}


def playable(card, top, announced) -> bool:
    """Whether ``card`` may be played now, alone or first of several (an 8 always may)."""
    test = fit_test(top, announced)
    return RANK[card] == "8" or test is None or test(card)


#: The card a token names ("AS", "as", "A♠", "10h", "TH"); raises ValueError naming a bad token.
parse = rank_suit_parser({r.lower(): r for r in RANKS} | {"t": "10"},
                         "unknown card {token!r}; write rank then suit: A K Q J 10 9 8 7 and "
                         "S H C D (or ♠ ♥ ♣ ♦), e.g. 'AS', '10H', '8C'")


def parse_suit(token) -> str:
    """A suit letter from "S", "s", "♠" or "spades"; raises ValueError otherwise."""
    text = str(token).strip().lower()
    for suit, name in SUIT_NAME.items():
        if text == name:
            return suit
    suit = SUIT_SPELLINGS.get(text)
    if suit is None or len(text) != 1:
        raise ValueError(f"unknown suit {token!r}; use S, H, C or D (or ♠ ♥ ♣ ♦)")
    return suit


def show(card: str) -> str:
    """How a card reads on a button or in the log: "8♥", "10♠"."""
    return card[:-1] + SYMBOL[card[-1]]


def make_deck() -> Counter:
    return Counter(PACK)


#: Renderer hints (widgets): suit symbols on the cards, red and black, the bank drawn top first.
HINTS = {
    "labels": {card: show(card) for card in PACK},
    "names": lambda card: rank_of_suit(RANK_NAME[RANK[card]], SUIT_NAME[SUIT[card]]),   # what a screen reader says
    "kind": {card: "red" if SUIT[card] in "HD" else "black" for card in PACK},
    "top_first": ["bank"],
    "piles": ["bank", "pile"],
    "back": "",
    "zone_labels": {"hand": N_("hand"), "pile": N_("played cards (top on the right)"), "bank": N_("bank")},
    "score_label": N_("penalty points"),
    "show_facts": {"announced": N_("Announced suit")},
    "fact_text": {"S": N_("♠ spades"), "H": N_("♥ hearts"), "C": N_("♣ clubs"), "D": N_("♦ diamonds")},
}
