"""Skitgubbe cards and the rule predicates (the state, the bots and prob.py all ask them).

Cards are written rank then suit letter: "2C", "10H", "JD", "AS" (ranks 2…10 J Q K A, suits
S H C D); with two decks there are two of each, and two equal strings are two identical cards.
"""
from __future__ import annotations

from collections import Counter

from cardkit.core.cards import rank_of_suit, rank_suit_parser
from cardkit.core.events import Phrase
from cardkit.i18n import N_

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["S", "H", "C", "D"]
SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SUIT_NAME = {"S": N_("spades"), "H": N_("hearts"), "C": N_("clubs"), "D": N_("diamonds")}
RANK_NAME = {"J": N_("Jack"), "Q": N_("Queen"), "K": N_("King"), "A": N_("Ace")}
#: The other suit of the same colour: if spades are trump, clubs are anti-trump (and so on).
ANTI = {"S": "C", "C": "S", "H": "D", "D": "H"}

#: One deck in its order: suit by suit, 2 up to Ace. Hands are kept sorted in this order.
PACK = [rank + suit for suit in SUITS for rank in RANKS]
ORDER = {card: i for i, card in enumerate(PACK)}
RANK = {card: card[:-1] for card in PACK}
SUIT = {card: card[-1] for card in PACK}
#: 2 … 10, Jack 11, Queen 12, King 13, Ace 14.
VALUE = {card: RANKS.index(card[:-1]) + 2 for card in PACK}
RANK_VALUE = {rank: i + 2 for i, rank in enumerate(RANKS)}
#: The ranks thrown in for the share-out.
SHARED_RANKS = frozenset({"2", "3", "4", "5"})
HAND_SIZE = 3


def make_deck(decks: int = 2) -> Counter:
    return Counter({card: decks for card in PACK})


def rank_name(rank: str) -> str:
    return RANK_NAME.get(rank, rank)


def show(card) -> str:
    """How a card reads on a button or in the log: "8♥", "10♠"."""
    return card[:-1] + SYMBOL[card[-1]] if card in ORDER else str(card)


def names(cards) -> str:
    return " ".join(show(c) for c in cards)


#: The card a token names ("AS", "as", "A♠", "10h", "TH", " 2 C "); ValueError naming a bad token.
parse = rank_suit_parser({r.lower(): r for r in RANKS}
                         | {"t": "10", "1": "A", "11": "J", "12": "Q", "13": "K", "14": "A"},
                         "unknown Skitgubbe card {token!r}; write rank then suit: 2 … 10 J Q K A and "
                         "S H C D (or ♠ ♥ ♣ ♦), e.g. '10H', 'AS', '2C'")


def sort_cards(cards) -> list:
    return sorted(cards, key=ORDER.__getitem__)


# -- the first round: who takes the trick -------------------------------------------------------
def settle(plays):
    """Who takes a round of ``plays`` (a list of (seat, card) in the order played).

    Returns ``(rule, seats)``: one seat that takes the trick (``skitgubbe.highest``), or the seats
    that play off: two identical cards (``skitgubbe.identical``) beat a rank with more copies; else
    the rank with most copies (``skitgubbe.most``); several ranks with as many copies: the lowest
    (``skitgubbe.lowest``). Among several ranks that each show identical cards, the same two
    steps pick one."""
    by_rank: dict = {}
    same = Counter(card for _, card in plays)
    for seat, card in plays:
        by_rank.setdefault(RANK[card], []).append(seat)
    if len(by_rank) == len(plays):
        best = max(plays, key=lambda p: VALUE[p[1]])
        return "skitgubbe.highest", [best[0]]
    twins = {RANK[c] for c, k in same.items() if k > 1}
    pool = twins or {r for r, seats in by_rank.items() if len(seats) > 1}
    most = max(len(by_rank[r]) for r in pool)
    tops = sorted((r for r in pool if len(by_rank[r]) == most), key=RANK_VALUE.__getitem__)
    rank = tops[0]
    if twins:
        rule = "skitgubbe.identical"
    elif len(tops) > 1:
        rule = "skitgubbe.lowest"
    else:
        rule = "skitgubbe.most"
    return rule, by_rank[rank]


def needed_count(card, decks) -> int:
    """Cards each player must have taken: the trump card's rank (Jack 11 … Ace 14) × the decks."""
    return VALUE[card] * decks


# -- the second round: runs and where they may go --------------------------------------------------
def is_run(cards) -> bool:
    """One or more cards of one suit, in ascending ranks without gaps (duplicates allowed), as given."""
    if not cards:
        return False
    suit = SUIT.get(cards[0])
    last = None
    for card in cards:
        if SUIT.get(card) != suit:
            return False
        value = VALUE[card]
        if last is not None and value not in (last, last + 1):
            return False
        last = value
    return True


def is_trump_pair(run, trump) -> bool:
    """A run of trump that starts with a pair (two identical trump cards)."""
    return len(run) >= 2 and SUIT[run[0]] == trump and run[0] == run[1]


def placement(run, top, trump, climb=False):
    """Which rule lets ``run`` (a run in ascending order) go on the table's top run ``top``
    (None: an empty table), or None when no rule does. Checked in the rules' priority order.
    ``climb`` (option ``trump_climbs``): trump on trump must also start at or above the rank the
    top run ended on; by default any trump run goes on trump."""
    if top is None:
        return "skitgubbe.empty_table"
    suit, top_suit = SUIT[run[0]], SUIT[top[-1]]
    if is_trump_pair(run, trump):
        return "skitgubbe.trump_pair"
    if suit == trump:
        if top_suit == ANTI[trump] or (climb and top_suit == trump and VALUE[run[0]] < VALUE[top[-1]]):
            return None
        return "skitgubbe.trump_on"
    if suit == top_suit and VALUE[run[0]] >= VALUE[top[-1]]:
        return "skitgubbe.follow"
    return None


def refusal(run, top, trump, climb=False) -> tuple[str, str] | None:
    """(rule, reason in words) when ``run`` may not go on ``top``; None when it may."""
    if placement(run, top, trump, climb) is not None:
        return None
    suit, top_suit = SUIT[run[0]], SUIT[top[-1]]
    if suit == trump and top_suit == trump:
        return ("skitgubbe.trump_on", Phrase("trump on trump must start at or above the rank the top run ended on "
                                             "({top}) in this game (option trump_climbs): {c} is lower",
                                             (show(top[-1]), show(run[0]))))
    if suit == trump:
        return ("skitgubbe.anti_trump", Phrase("trump ({s}) may not go on anti-trump ({a}), except a trump pair",
                                               (SYMBOL[trump], SYMBOL[top_suit])))
    if suit != top_suit:
        if top_suit != ANTI[trump]:
            return ("skitgubbe.follow", Phrase("a run must follow suit: the top run is {s}; lay {s} starting at {r} "
                                               "or higher or lay trump ({t}), or pick up",
                                               (SYMBOL[top_suit], rank_name(RANK[top[-1]]), SYMBOL[trump])))
        return ("skitgubbe.follow", Phrase("a run must follow suit: the top run is {s}; lay {s} starting at {r} "
                                           "or higher, or pick up", (SYMBOL[top_suit], rank_name(RANK[top[-1]]))))
    return ("skitgubbe.follow", Phrase("a run must start at or above the rank the top run ended on ({top}): "
                                       "{c} is lower", (show(top[-1]), show(run[0]))))


def lowest_run(piles) -> int:
    """How many plays, from the bottom of the table, make the lowest connected run: the bottom play
    and every play after it that continues its suit's run (same suit, no gap)."""
    if not piles:
        return 0
    count = 1
    last = piles[0][-1]
    for run in piles[1:]:
        first = run[0]
        if SUIT[first] != SUIT[last] or VALUE[first] not in (VALUE[last], VALUE[last] + 1):
            break
        count += 1
        last = run[-1]
    return count


#: Renderer hints (widgets): suit symbols, red and black, the stock drawn top first.
HINTS = {
    "labels": {card: show(card) for card in PACK},
    "names": lambda card: rank_of_suit(rank_name(RANK[card]), SUIT_NAME[SUIT[card]]),   # what a screen reader says
    "kind": {card: "red" if SUIT[card] in "HD" else "black" for card in PACK},
    "top_first": ["stock"],
    "piles": ["stock", "out", "aside"],
    "back": "",
    "zone_labels": {"hand": N_("hand"), "tricks": N_("cards taken"), "stock": N_("stock"), "trick": N_("this trick"),
                    "piles": N_("runs on the table (bottom first)"), "trump_card": N_("trump card (set aside)"),
                    "out": N_("turned away"), "aside": N_("not in play")},
    "score_label": N_("place"),
    "score_text": {0: N_("still in")},              # a place is given when a player goes out
    "show_facts": {"trump": N_("Trump"), "anti_trump": N_("Anti-trump"), "needed": N_("Cards needed"),
                   "trump_card": N_("Trump card")},
    "fact_text": {"S": N_("♠ spades"), "H": N_("♥ hearts"), "C": N_("♣ clubs"), "D": N_("♦ diamonds"),
                  **{c: show(c) for c in PACK}},
}
