"""Frantic bots. Each sees only its seat's View.

* ``HeuristicBot``: sheds its most expensive cards and specials first, keeps Counterattack and Nice
  Try for defence, aims every attack at the leader (the opponent with the fewest cards, then the
  lowest total), dumps Fuck You the moment it holds 10 cards, and wishes the colour it holds most.
"""
from __future__ import annotations

from collections import Counter

from cardkit.bots import Bot, RandomBot

from .cards import COLOUR, COLOURS, FUCK_YOU, POINTS
from .state import Counterattack, Discard, Draw, Give, GiveTo, NiceTry, Play, Split, Take, Wish

#: Cards kept back for defence: thrown in out of turn, played on a turn only when nothing else goes.
KEEP = ("Counterattack", "Nice Try")


def leader(view) -> int:
    """The opponent nearest to winning: fewest cards in hand, then the lowest total."""
    sizes = view.facts["hand_sizes"]
    return min((s for s in range(len(sizes)) if s != view.seat), key=lambda s: (sizes[s], view.scores[s], s))


def colour_held_most(hand) -> str:
    count = Counter(COLOUR[c] for c in hand if COLOUR.get(c) in COLOURS)
    return max(COLOURS, key=lambda c: (count[c], -COLOURS.index(c)))


class HeuristicBot(Bot):
    name = "heuristic"

    def act(self, view, actions):
        kind = type(actions[0])
        hand = view.seats[view.seat]["hand"]
        aim = leader(view)
        if kind is Counterattack:
            return next((a for a in actions if getattr(a, "target", None) == aim), actions[0])
        if kind is NiceTry:
            return actions[0]
        if kind is Wish:
            best = colour_held_most(hand)
            return next((a for a in actions if a.wish == best), actions[0])
        if kind is Split:
            return next((a for a in actions if set(a.shares) == {aim}), actions[0])
        if kind is Give:
            return max(actions, key=lambda a: sum(POINTS[c] - 20 * (c in KEEP) for c in a.cards))
        if kind is Take:
            return min(actions, key=lambda a: POINTS[a.card])
        if kind is GiveTo:
            return max(actions, key=lambda a: (POINTS[a.card] - 20 * (a.card in KEEP), a.target == aim))
        if kind is Discard:
            return max(actions, key=lambda a: POINTS[a.card] - 20 * (a.card in KEEP))
        plays = [a for a in actions if type(a) is Play]
        for play in plays:
            if play.card == FUCK_YOU:
                return play
        shed = [p for p in plays if p.card not in KEEP]
        if shed:
            return max(shed, key=lambda p: (POINTS[p.card], p.target == aim, not p.plain))
        other = [a for a in actions if type(a) is not Play]
        if other:
            return next((a for a in other if type(a) is Draw), other[0])
        return plays[0]


#: The opponent the app seats by default.
DEFAULT_BOT = HeuristicBot

__all__ = ["HeuristicBot", "RandomBot", "DEFAULT_BOT", "leader", "colour_held_most"]
