"""Huit américain bots. Each sees only its seat's View.

* ``GreedyBot``: sheds the most penalty points it can, keeps its 8s until it needs one, and
  announces the suit it holds most.
* ``CountingBot``: plays like the greedy bot, but among its plays picks the one least likely to
  let the next player go out, then the least likely to leave them a playable card, from the
  cards it cannot see (``prob.go_out_chance``, ``hold_chance``; worked out by ``prob.NextPlayerOdds``).
"""
from __future__ import annotations

from collections import Counter

from cardkit.bots import Bot

from cardkit.core import next_seat

from .cards import ORDER, RANK, SUIT, SUITS, penalty
from .prob import NextPlayerOdds
from .actions import Draw, Play, play_of


def most_held_suit(cards) -> str:
    """The suit of most of ``cards`` (8s left out); ties go to the earlier suit, ♠ ♥ ♣ ♦."""
    count = Counter(SUIT[c] for c in cards if RANK[c] != "8")
    return max(SUITS, key=lambda s: (count[s], -SUITS.index(s)))


def shed(play) -> int:
    return penalty(play.cards)


class EightsBot(Bot):
    """Shared play: go out if possible, else play a card that is not an 8 if any (see ``choose``);
    an 8 only when needed (after drawing, or to answer an Ace); otherwise draw, then pass."""

    name = "eights"

    def act(self, view, actions):
        hand = view.seats[view.seat]["hand"]
        plays = [a for a in actions if type(a) is Play]
        out = [p for p in plays if len(p.cards) == len(hand)]
        if out:
            return self.choose(view, out)
        plain = [p for p in plays if RANK[p.cards[-1]] != "8"]
        if plain:
            return self.choose(view, plain)
        eights = [p for p in plays if len(p.cards) == 1]
        if eights and (view.facts["drawn"] or view.facts["charge"] or not any(type(a) is Draw for a in actions)):
            return self.choose(view, eights)
        return next(a for a in actions if type(a) is not Play)

    def choose(self, view, plays):
        raise NotImplementedError


class GreedyBot(EightsBot):
    """The most penalty points off its hand; with 8s, the suit it holds most."""

    name = "greedy"

    def choose(self, view, plays):
        hand = view.seats[view.seat]["hand"]
        best = max(plays, key=lambda p: (shed(p), len(p.cards), -ORDER[p.cards[-1]]))
        if RANK[best.cards[-1]] == "8":
            rest = [c for c in hand if c not in best.cards]
            return play_of(best.cards, most_held_suit(rest))
        return best


class CountingBot(EightsBot):
    """Counts the unseen cards: the play least likely to let the next player go out, then least
    likely to leave them a playable card, then the most penalty points shed."""

    name = "counting"

    def choose(self, view, plays):
        if len(plays) == 1:                    # nothing to weigh
            return plays[0]
        seat, n = view.seat, len(view.seats)
        sizes = view.facts["hand_sizes"]
        odds = NextPlayerOdds(view.unseen)
        hand = view.seats[seat]["hand"]

        def risk(play):
            top = play.cards[-1]
            skip = len(play.cards) if RANK[top] == "Q" else 0
            nxt = next_seat(seat, n, 1 + skip)
            if nxt == seat:                    # Queens that bring the turn back: nobody else may go out
                chances = (0, 0)
            else:                              # go_out_chance, then hold_chance of a playable card
                chances = odds.chances(sizes[nxt], top, play.announce)
            return (*chances,
                    -shed(play), -len(play.cards), ORDER[top], -sum(SUIT[c] == play.announce for c in hand))
        return min(plays, key=risk)


__all__ = ["EightsBot", "GreedyBot", "CountingBot", "most_held_suit"]
