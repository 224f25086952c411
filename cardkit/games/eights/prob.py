"""Huit américain probability: exact chances from what one seat can see.

Cards a seat cannot see (``view.unseen``: the bank and the other hands) are, as far as that
seat knows, in random order, so a hidden hand of h cards is h cards drawn without replacement
from ``unseen`` (hypergeometric), and the next card drawn is any unseen card with equal
chance. When the bank is empty the next draw comes from the played cards under the top one,
which the seat has seen. Everything is exact (``fractions.Fraction``).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from cardkit.chance import hold_chance
from cardkit.core import cards_count, next_seat
from cardkit.insight import COUNT, EXPECTED, PROBABILITY, Insight, view_of
from cardkit.insight import POINTS as IN_POINTS
from cardkit.core.events import Phrase
from cardkit.i18n import N_

from .cards import PACK, POINTS, RANK, SYMBOL, fit_test, penalty, playable, show

TOTAL_POINTS = sum(POINTS.values())          # 312: what the whole pack would count


# -- counting --------------------------------------------------------------------------------
def draw_pool(view) -> Counter:
    """The cards the seat's next draw comes from, as that seat knows them: the unseen cards, or
    with an empty bank the played cards under the top one (shuffled into a new bank first)."""
    if view.facts.get("bank"):
        return +Counter(view.unseen)
    return Counter(view.table.get("pile", [])[:-1])


def expected_penalty(hand_size: int, pool: Counter) -> Fraction:
    """Average penalty of ``hand_size`` cards drawn from ``pool``: h × the pool's mean card."""
    total = sum(pool.values())
    if not total:
        return Fraction(0)
    return Fraction(hand_size * sum(POINTS[c] * n for c, n in pool.items()), total)


#: What a hand counts if someone else goes out: 8 = 32, A = 11, 10 = 10, 9, 7, K = 4, Q = 3, J = 2.
hand_penalty = penalty


def go_out_chance(hand_size: int, pool: Counter, top, announced) -> Fraction:
    """Chance that a hidden hand of ``hand_size`` cards from ``pool`` can be played out at once on
    ``top``: one card that may be played, or all cards of one rank with a first that fits (8s
    always). On the lead (``top`` None) only one card or 8s."""
    total = sum(pool.values())
    if hand_size <= 0 or hand_size > total:
        return Fraction(0)
    fits = fit_test(top, announced)
    ways = 0
    by_rank = Counter()
    fitting = Counter()
    for card, n in pool.items():
        by_rank[RANK[card]] += n
        if fits is None or fits(card):
            fitting[RANK[card]] += n
    for rank, u in by_rank.items():
        if rank == "8" or hand_size == 1 and fits is None:
            ways += comb(u, hand_size)
        elif fits is not None:
            ways += comb(u, hand_size) - comb(u - fitting[rank], hand_size)
    return Fraction(ways, comb(total, hand_size))


class NextPlayerOdds:
    """``go_out_chance`` and the chance of holding a playable card (``hold_chance`` with
    ``playable``), exactly as those give them, for many plays against one pool: what does not
    depend on the play (the pool by rank) is counted once, and each (hand size, top, announced)
    is worked out once. The counting bot asks this for every play it weighs."""

    def __init__(self, pool: Counter):
        self.items = [(card, n) for card, n in pool.items() if n > 0]
        self.total = sum(n for _card, n in self.items)
        self.by_rank = Counter()
        for card, n in self.items:
            self.by_rank[RANK[card]] += n
        self._known = {}

    def chances(self, hand_size: int, top, announced) -> tuple[Fraction, Fraction]:
        """(chance a hidden hand of ``hand_size`` goes out at once, chance it holds a playable card)."""
        key = (hand_size, top, announced)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = self._work_out(hand_size, top, announced)
        return found

    def _work_out(self, h, top, announced):
        total, by_rank = self.total, self.by_rank
        fits = fit_test(top, announced)
        fitting = Counter()
        for card, n in self.items:
            if fits is None or fits(card):
                fitting[RANK[card]] += n
        if h <= 0 or h > total:
            out = Fraction(0)
        else:
            ways = 0
            for rank, u in by_rank.items():
                if rank == "8" or h == 1 and fits is None:
                    ways += comb(u, h)
                elif fits is not None:
                    ways += comb(u, h) - comb(u - fitting[rank], h)
            out = Fraction(ways, comb(total, h))
        if h <= 0 or total == 0:
            return out, Fraction(0)
        hits = total if fits is None else sum(fitting.values()) + by_rank["8"] - fitting["8"]
        h = min(h, total)
        return out, 1 - Fraction(comb(total - hits, h), comb(total, h))


# -- from a state (or a view) and a seat ---------------------------------------------------------
def playable_in_hand_chance(state, seat, other) -> Fraction:
    """Chance, as ``seat`` sees it, that ``other`` holds a card they may play now."""
    view = view_of(state, seat)
    facts = view.facts
    return hold_chance(facts["hand_sizes"][other], +Counter(view.unseen),
                       lambda c: playable(c, facts["top"], facts["announced"]))


def draw_playable_probability(state, seat) -> Fraction:
    """Chance that ``seat``'s next draw is a card it may play at once."""
    view = view_of(state, seat)
    pool = draw_pool(view)
    total = sum(pool.values())
    if not total:
        return Fraction(0)
    top, announced = view.facts["top"], view.facts["announced"]
    return Fraction(sum(n for c, n in pool.items() if playable(c, top, announced)), total)


def ace_answer_chance(state, seat, other=None) -> Fraction:
    """Chance, as ``seat`` sees it, that ``other`` (default: the next player) holds an Ace or an 8
    and so can answer an Ace instead of drawing 2."""
    view = view_of(state, seat)
    other = next_seat(seat, len(view.seats)) if other is None else other
    return hold_chance(view.facts["hand_sizes"][other], +Counter(view.unseen),
                       lambda c: RANK[c] in ("A", "8"))


def next_card(state, seat) -> dict[str, Fraction]:
    """What ``seat``'s next draw could be: "an 8", "fits the pile", "does not fit" (sums to 1)."""
    view = view_of(state, seat)
    pool = draw_pool(view)
    total = sum(pool.values())
    if not total:
        return {}
    fits = fit_test(view.facts["top"], view.facts["announced"])
    tally = Counter()
    for card, n in pool.items():
        if RANK[card] == "8":
            tally["an 8"] += n
        elif fits is None or fits(card):
            tally["fits the pile"] += n
        else:
            tally["does not fit"] += n
    return {label: Fraction(tally[label], total) for label in (N_("an 8"), N_("fits the pile"), N_("does not fit"))}


def insights(view) -> list[Insight]:
    """What the probability panel shows ``view.seat``, from that seat's view: each figure with its kind."""
    seat = view.seat
    facts = view.facts
    hand = view.seats[seat]["hand"]
    top, announced = facts["top"], facts["announced"]
    unseen = +Counter(view.unseen)
    hidden = sum(unseen.values())
    pool = draw_pool(view)
    where = (Phrase("the {k} you cannot see (the bank and the other hands)", (cards_count(hidden),)) if facts["bank"]
             else Phrase("the {k} played under the top one, shuffled into a new bank", (cards_count(sum(pool.values())),)))
    items = []
    mine = [c for c in hand if playable(c, top, announced)]
    what = (Phrase("anything may lead", ()) if top is None else
            Phrase("{s} announced", (SYMBOL[announced],)) if announced else Phrase("on the {c}", (show(top),)))
    items.append(Insight(N_("Cards you may play now"), len(mine), COUNT,
                         Phrase("{n} of your {k} may be played ({what}).", (len(mine), cards_count(len(hand)), what))))
    if sum(pool.values()):
        good = sum(n for c, n in pool.items() if playable(c, top, announced))
        items.append(Insight(N_("Chance that a draw is playable"), Fraction(good, sum(pool.values())), PROBABILITY,
                             Phrase("{n} of {where} could be played at once.", (good, where))))
    nxt = next_seat(seat, len(view.seats))
    h = facts["hand_sizes"][nxt]
    if view.current_player is not None and hidden:          # the game goes on
        answers = sum(n for c, n in unseen.items() if RANK[c] in "A8")
        items.append(Insight(Phrase("Chance that {t} holds a playable card", (nxt,)),
                             playable_in_hand_chance(view, seat, nxt), PROBABILITY,
                             Phrase("{t}'s hand ({k}) is drawn from the {hidden} cards you cannot see: 1 − (ways to "
                                    "pick only cards that do not fit) / (ways to pick any).", (nxt, cards_count(h), hidden))))
        items.append(Insight(Phrase("Chance that {t} could answer an Ace", (nxt,)),
                             ace_answer_chance(view, seat, nxt), PROBABILITY,
                             Phrase("Holding at least one of the {n} unseen Aces and 8s among {t:their} cards; "
                                    "otherwise an Ace makes {t:them} draw 2.", (answers, nxt))))
    items.append(Insight(N_("Your hand's penalty now"), hand_penalty(hand), IN_POINTS,
                         Phrase("What your {k} count if someone else goes out now.", (cards_count(len(hand)),))))
    if hidden and h:
        items.append(Insight(Phrase("{t}'s hand, on average", (nxt,)), expected_penalty(h, unseen), EXPECTED,
                             Phrase("{k} × the average penalty of the unseen cards.", (cards_count(h),))))
    return items


__all__ = ["hold_chance", "draw_pool", "expected_penalty", "hand_penalty", "go_out_chance",
           "playable_in_hand_chance", "draw_playable_probability", "ace_answer_chance", "next_card",
           "insights", "PACK", "TOTAL_POINTS"]
