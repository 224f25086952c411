"""Figures for the classroom lesson "Counting with two decks": a trick on the table seen by an
onlooker, and the trump card's rank against the cards each player must take. Counted card by card,
so a student can redo each figure by hand."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import comb

import cardkit
from cardkit.core import bot_seed

from .cards import HAND_SIZE, RANK, RANK_VALUE, RANKS, make_deck
from .prob import forced_chance

#: The cards of a growing trick, every one a new rank: the k-th player to play sees the first k−1.
TRICK = ["7H", "KS", "3D", "10C", "QH", "5S", "9D", "AC", "2H", "JD", "4S"]


def unseen_of(table, decks: int = 2) -> Counter:
    """The cards an onlooker cannot see: both decks (or one) without the cards on the table."""
    pool = make_deck(decks)
    pool.subtract(table)
    return +pool


def matching(table, decks: int = 2) -> int:
    """How many unseen cards share a rank with a card on the table (any suit matches)."""
    ranks = {RANK[c] for c in table}
    return sum(n for c, n in unseen_of(table, decks).items() if RANK[c] in ranks)


def forced_exact(table, decks: int = 2, hand_size: int = HAND_SIZE) -> Fraction:
    """Chance that the next player's hand holds a card of a rank on the table: 1 − C(N − G, h) / C(N, h)."""
    return forced_chance(hand_size, unseen_of(table, decks), {RANK[c] for c in table})


def forced_if_put_back(table, decks: int = 2, hand_size: int = HAND_SIZE) -> Fraction:
    """The wrong count that puts every card back before the next: 1 − ((N − G) / N)^h."""
    pool = sum(unseen_of(table, decks).values())
    return 1 - Fraction(pool - matching(table, decks), pool) ** hand_size


def deal_forced(table, decks: int, rng: random.Random, hand_size: int = HAND_SIZE) -> bool:
    """Deal one hand from the unseen cards; whether it holds a card of a rank on the table."""
    ranks = {RANK[c] for c in table}
    cards = list(unseen_of(table, decks).elements())
    return any(RANK[c] in ranks for c in rng.sample(cards, hand_size))


def needed_table(players: int, decks: int = 2) -> list[tuple[str, int, Fraction, int]]:
    """Per trump rank: (rank, cards needed = rank × decks, its chance before anything is seen,
    the fewest tricks that hold that many cards when a trick holds one card per player)."""
    chance = Fraction(4 * decks, 52 * decks)
    return [(rank, RANK_VALUE[rank] * decks, chance, -(-RANK_VALUE[rank] * decks // players)) for rank in RANKS]


def average_share(players: int, decks: int = 2) -> Fraction:
    """Cards each player takes on average in the first round: every card but the trump card, shared out."""
    return Fraction(52 * decks - 1, players)


def above_average_chance(players: int, decks: int = 2) -> Fraction:
    """Chance that the trump card asks for more cards than an average share (a share-out is then sure)."""
    return Fraction(sum(1 for r in RANKS if RANK_VALUE[r] * decks > average_share(players, decks)), 13)


def first_round(players: int, seed: int, decks: int = 2) -> dict:
    """Play one first round with the heuristic bots: the trump card, the cards needed and whether
    the 2s–5s were shared out (someone had taken fewer)."""
    from .bots import HeuristicBot
    game = cardkit.make("skitgubbe", players=players, seed=seed, decks=decks)
    state = game.new_state()
    bots = [HeuristicBot(seed=bot_seed(seed, s)) for s in range(players)]
    cardkit.run(state, bots, stop=lambda _events: state.phase != 1)
    facts = state.view(None).facts
    return {"trump": facts["trump_card"], "needed": facts["needed"], "shared": state.shared}


def comb_text(n: int, k: int) -> str:
    return f"C({n}, {k}) = {comb(n, k):,}"


__all__ = ["TRICK", "unseen_of", "matching", "forced_exact", "forced_if_put_back", "deal_forced", "needed_table",
           "average_share", "above_average_chance", "first_round", "comb_text"]
