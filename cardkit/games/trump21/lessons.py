"""Figures for the lesson "Counting cards at 21": two players, no trumps, target 21, counted card
by card so a student can redo each figure by hand. The exact chances are ``prob``'s; here they are
split into the counts a student writes down, and dealt out at random to set beside them."""
from __future__ import annotations

from cardkit.i18n import N_, gettext

import random
from collections import Counter
from fractions import Fraction
from typing import NamedTuple

from cardkit.core import action_labelled
from cardkit.core.declaration import ClassBoard

from .cards import COPIES, NUMBERS, VALUE, number_deck, total

TARGET = 21


def unseen_after(seen) -> Counter:
    """The number cards a player cannot see once ``seen`` (card strings) are on the table: 4 of
    each of 1 … 11 less the seen ones. A number seen more than 4 times is a ValueError."""
    seen = Counter(str(c) for c in seen)
    unknown = [c for c in seen if c not in VALUE]
    if unknown:
        raise ValueError(f"unknown number card {unknown[0]!r}; the number cards are 1 … 11")
    too_many = [c for c in NUMBERS if seen[c] > COPIES]
    if too_many:
        raise ValueError(f"there are only {COPIES} cards {too_many[0]}, not {seen[too_many[0]]}")
    left = number_deck()
    left.subtract(seen)
    return +left


def over_cards(have: int, target: int = TARGET) -> list[str]:
    """The numbers that take a player at ``have`` over ``target``."""
    return [c for c in NUMBERS if have + VALUE[c] > target]


def over_count(have: int, pool: Counter, target: int = TARGET) -> tuple[int, int]:
    """(k, N): k of the N cards of ``pool`` take a player at ``have`` over ``target``."""
    return sum(pool[c] for c in over_cards(have, target)), sum(pool.values())


def hidden_split(have: int, pool: Counter, target: int = TARGET) -> list[dict]:
    """The law of total probability, one row per card the opponent's hidden card could be: its
    chance n/N, and the chance that the next card then takes ``have`` over, k'/(N − 1). The rows'
    products add up to k/N, the chance counted as if the hidden card were still in the deck."""
    size = sum(pool.values())
    k = over_count(have, pool, target)[0]
    rows = []
    for card in NUMBERS:
        n = pool[card]
        if not n:
            continue
        k_left = k - (card in over_cards(have, target))
        hidden, after = Fraction(n, size), Fraction(k_left, size - 1) if size > 1 else Fraction(0)
        rows.append({"card": card, "n": n, "N": size, "k": k_left, "left": size - 1,
                     "hidden": hidden, "over": after, "both": hidden * after})
    return rows


def deal_unseen(have: int, pool: Counter, rng: random.Random, target: int = TARGET) -> tuple[str, str, bool]:
    """Shuffle the unseen cards and deal them as at the table: the first is the opponent's hidden
    card, the next one is yours. Returns (their hidden card, your card, you went over)."""
    cards = list(pool.elements())
    hidden, mine = rng.sample(cards, 2)
    return hidden, mine, have + VALUE[mine] > target


def line_total(cards) -> int:
    return total(str(c) for c in cards)


#: The stacked round of part 2 (top card first): Player 0's hidden 8, Player 1's hidden 4, the open
#: 5 and 10, then the cards taken in turn. Player 1 never shows the 4 until the round is scored.
COUNTING_ROUND = {"deck": ["8", "4", "5", "10", "2", "3", "3"], "actions": ["Take", "Take", "Take", "Close"]}


def counting_round(moves: int = 0, seed: int = 1):
    """Part 2's round on the engine (two players, no trumps) after its first ``moves`` moves:
    (what the last move did, in the log's words, the state). Replayed from the deal each time:
    the same cards and moves always give the same round."""
    import cardkit

    if not 0 <= moves <= len(COUNTING_ROUND["actions"]):
        raise ValueError(f"the round has {len(COUNTING_ROUND['actions'])} moves, not {moves}")
    state = cardkit.make("trump21", players=2, seed=seed, gamble_chance=0.0).new_state(deck=COUNTING_ROUND["deck"])
    said = gettext(N_("The deal: Player 0 gets the hidden 8 and the open 5; Player 1 shows a 10."))
    for label in COUNTING_ROUND["actions"][:moves]:
        seat = state.current_player
        before = len(state.events)
        state.apply(action_labelled(state.legal_actions(), label))
        said = next((e.text_for(None) for e in state.events[before:] if e.seat == seat),
                    f"{state.name(seat)}: {gettext(label)}")
    return said, state


class Odds(NamedTuple):
    """k of the N unseen cards take a player over: ``share`` is k/N in words, e.g. '26.8%'."""
    k: int
    n: int

    @property
    def share(self) -> str:
        return f"{self.k / self.n:.1%}"


def odds_after(have: int, seen) -> Odds:
    """The odds that one more card takes a player at ``have`` over, once ``seen`` are on the table."""
    return Odds(*over_count(have, unseen_after(seen)))


__all__ = ["Odds", "odds_after", "TARGET", "unseen_after", "over_cards", "over_count", "hidden_split", "deal_unseen", "line_total",
           "COUNTING_ROUND", "counting_round"]


# -- the class board: what a class's own games show ------------------------------------------------
#: What the class board pools for 21 with trumps (title, what the exact figure is).
CLASS_FIGURE = (N_("Busts when you take a card"), N_("the exact chance of going over the target, counted from the "
                "cards you had not seen"))


def class_moment(state, seat, action):
    """Before a person's ``action``: for a Take, (the exact chance it takes them over the target, as
    they could count it, a test of the move's events: did it?); None for any other move."""
    from .prob import bust_probability, my_total
    from .actions import Take

    if not isinstance(action, Take):
        return None
    view = state.view(seat)
    have, target = my_total(view, seat), view.facts["target"]

    def went_over(events) -> bool:
        return any(e.kind == "take" and e.seat == seat and have + VALUE[e.args["c"]] > target for e in events)
    return bust_probability(view, seat), went_over


CLASS_BOARD = ClassBoard(CLASS_FIGURE, class_moment)

__all__ += ["CLASS_FIGURE", "class_moment", "CLASS_BOARD"]
