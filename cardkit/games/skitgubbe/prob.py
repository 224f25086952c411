"""Skitgubbe probability: exact chances from what one seat can see.

Cards a seat cannot see (``view.unseen``: the stock, the other hands and taken cards, the trump
card set aside) are, as far as that seat knows, in random order. So a hidden hand of h cards is h
cards drawn without replacement from ``unseen`` (hypergeometric), the top card of the stock is any
unseen card with equal chance, and so is the trump card until it is turned. Everything is exact
(``fractions.Fraction``).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from cardkit.chance import hold_chance
from cardkit.core import cards_count
from cardkit.insight import COUNT, PROBABILITY, Insight, view_of
from cardkit.core.events import Phrase
from cardkit.i18n import N_, count

from .cards import PACK, RANK, RANK_VALUE, RANKS, SUIT, VALUE, show

#: The chance a stock card is the trump card's rank, when nothing is known: 1 in 13.
START_RANK = Fraction(1, 13)


# -- counting ---------------------------------------------------------------------------------
def forced_chance(hand_size: int, pool: Counter, ranks) -> Fraction:
    """Chance that a hidden hand of ``hand_size`` cards from ``pool`` holds a card of one of
    ``ranks`` (the ranks on the table), so that its player must match."""
    ranks = set(ranks)
    return hold_chance(hand_size, pool, lambda c: RANK[c] in ranks)


def match_chance_at_start(decks: int = 2, players: int = 4, hand_size: int = 3) -> Fraction:
    """Chance, seen by the player who leads the very first trick with a card of a rank they hold
    once, that the next player must match it: that player's 3 cards come from the 52 × decks − 3
    cards the leader cannot see, of which 4 × decks − 1 have the led rank (any suit matches;
    players does not matter)."""
    unseen = 52 * decks - hand_size
    same = 4 * decks - 1
    return 1 - Fraction(comb(unseen - same, hand_size), comb(unseen, hand_size))


def needed_distribution(pool: Counter, decks: int) -> dict[int, Fraction]:
    """The needed count (the trump card's rank × decks) when the trump card is any card of
    ``pool`` with equal chance: {count: chance}, counts ascending."""
    total = sum(pool.values())
    if not total:
        return {}
    by_rank = Counter()
    for card, n in pool.items():
        by_rank[RANK[card]] += n
    return {RANK_VALUE[r] * decks: Fraction(by_rank[r], total) for r in RANKS if by_rank[r]}


def start_needed_distribution(decks: int = 2) -> dict[int, Fraction]:
    """Before any card is seen: each rank 1 in 13, so 2×decks … 14×decks, each 1/13."""
    return needed_distribution(Counter({card: decks for card in PACK}), decks)


def mean(distribution: dict) -> Fraction:
    return sum((k * p for k, p in distribution.items()), Fraction(0))


# -- from a state and a seat -------------------------------------------------------------------
def _unseen(view) -> Counter:
    return +Counter(view.unseen)


def trump_pool(view) -> Counter:
    """The cards the trump card may be, as the seat knows: every unseen card (it is the bottom card
    of the stock, or set aside face down), nothing once it is turned."""
    if view.facts["trump_card"] is not None:
        return Counter()
    return _unseen(view)


def needed_chances(state, seat) -> dict[int, Fraction]:
    """The needed count as ``seat`` sees it: certain once the trump card is turned."""
    view = view_of(state, seat)
    facts = view.facts
    if facts["needed"] is not None:
        return {facts["needed"]: Fraction(1)}
    return needed_distribution(trump_pool(view), facts["decks"])


def below_chance(state, seat) -> Fraction:
    """Chance that ``seat`` is below the needed count with the cards it has taken so far."""
    taken = view_of(state, seat).facts["taken"][seat]
    return sum((p for k, p in needed_chances(state, seat).items() if k > taken), Fraction(0))


def forced_probability(state, seat, other) -> Fraction:
    """Chance, as ``seat`` sees it, that ``other`` must match a rank on the table when it plays."""
    view = view_of(state, seat)
    ranks = {RANK[c] for _, c in view.facts["plays"]}
    if other == seat:
        return Fraction(int(any(RANK[c] in ranks for c in view.seats[seat]["hand"])))
    return forced_chance(view.facts["hand_sizes"][other], _unseen(view), ranks)


def next_card(state, seat) -> dict[str, Fraction]:
    """What the top card of the stock (a chance) would be, as ``seat`` sees it: "matches the table",
    "beats the table" (a new rank above every card on it) or "neither"; sums to 1. Empty when one
    may not chance (the second round, or only the trump card left)."""
    view = view_of(state, seat)
    if view.facts["phase"] != 1 or view.facts["stock"] < 2:
        return {}
    pool = _unseen(view)
    total = sum(pool.values())
    table = [c for _, c in view.facts["plays"]]
    ranks = {RANK[c] for c in table}
    best = max((VALUE[c] for c in table), default=0)
    tally = Counter()
    for card, n in pool.items():
        if RANK[card] in ranks:
            tally["matches the table"] += n
        elif VALUE[card] > best:
            tally["beats the table"] += n
        else:
            tally["neither"] += n
    return {label: Fraction(tally[label], total) for label in (N_("matches the table"), N_("beats the table"), N_("neither"))}


def insights(view) -> list[Insight]:
    """What the probability panel shows ``view.seat``, from that seat's view: each figure with its kind."""
    seat = view.seat
    facts = view.facts
    items = []
    unseen = _unseen(view)
    hidden = sum(unseen.values())
    if facts["phase"] == 1:
        needed = needed_chances(view, seat)
        taken = facts["taken"][seat]
        items.append(Insight(N_("Cards needed, on average"), mean(needed), COUNT,
                             Phrase("The trump card is any of the {hidden} cards you cannot see; its rank × "
                                    "{decks} is the count (from {low} to {high}).",
                                    (hidden, facts["decks"], min(needed), max(needed)))
                             if len(needed) > 1 else N_("The trump card is known.")))
        items.append(Insight(N_("Chance you are below the count now"), below_chance(view, seat), PROBABILITY,
                             Phrase("You have taken {k}: the share of trump ranks whose count is above that.",
                                    (cards_count(taken),))))
        table = [c for _, c in facts["plays"]]
        nxt = view.current_player                               # None once the game is over
        if table and nxt is not None and nxt != seat:
            items.append(Insight(Phrase("Chance that {t} must match", (nxt,)), forced_probability(view, seat, nxt),
                                 PROBABILITY,
                                 Phrase("{t}'s hand ({k}) is drawn from the {hidden} cards you cannot see: 1 − (ways "
                                        "to hold no card of a rank on the table) / (ways to hold any).",
                                        (nxt, cards_count(facts["hand_sizes"][nxt]), hidden))))
        chance = next_card(view, seat) if table else None     # on an empty table any card leads
        if chance:
            items.append(Insight(N_("Chance that chancing it beats the table"), chance["beats the table"], PROBABILITY,
                                 N_("The top card of the stock is any unseen card: the share of a new rank above "
                                    "every card on the table.")))
            items.append(Insight(N_("Chance that chancing it matches the table"), chance["matches the table"],
                                 PROBABILITY, N_("A match starts a play-off (or joins one).")))
    else:
        hand = view.seats[seat]["hand"]
        trumps = sum(1 for c in hand if SUIT[c] == facts["trump"])
        items.append(Insight(N_("Your cards"), len(hand), COUNT, Phrase("{n} of them trump.", (trumps,))))
        items.append(Insight(N_("Players still in"), facts["still_in"], COUNT,
                             Phrase("The table turns away at {k}; {lying} there now.",
                                    (count(facts["still_in"], "{n} play", "{n} plays"),
                                     count(len(facts["runs"]), "{n} play lies", "{n} plays lie")))))
        if facts["runs"]:
            lowest = facts["runs"][:facts["lowest_run"]]
            items.append(Insight(N_("Cards a pick-up takes"), sum(len(r) for r in lowest), COUNT,
                                 Phrase("The lowest connected run: {cards}.",
                                        (" ".join(show(c) for r in lowest for c in r),))))
    return items


__all__ = ["hold_chance", "forced_chance", "match_chance_at_start", "needed_distribution",
           "start_needed_distribution", "mean", "trump_pool", "needed_chances", "below_chance",
           "forced_probability", "next_card", "insights", "START_RANK"]
