"""Frantic bots. Each sees only its seat's View.

* ``HeuristicBot``: sheds its most expensive cards and specials first, keeps Counterattack and Nice
  Try for defence, aims every attack at the leader (the opponent with the fewest cards, then the
  lowest total), dumps Fuck You the moment it holds 10 cards, and wishes the colour it holds most.
  Troublemaker: it steals four-colour cards, throws Lucky Bastard in, lays and gives its dearest cards
  (Curse first), risks Seppuku (a number card is more likely than not), makes the player with the
  most cards give in Trust Fall, deals itself the smallest stack and the leader the biggest, and picks
  a harmless event (a round-ender when its own hand is cheap).
  Supercharge: it activates a power card with its play when one helps now (All Draw One, Special
  Charge on the leader, Anti Counter with an attack, Random Chance to shed one more card, the wishes
  and Colour Blockade), sends Recycled cards to the leader, and in Tsunami lays its cheapest card that
  matches.
"""
from __future__ import annotations

from collections import Counter

from cardkit.bots import Bot, RandomBot

from .cards import COLOUR, COLOURS, FUCK_YOU, POINTS
from .actions import (Aim, Choose, Counterattack, Discard, Draw, Give, GiveTo, Lay, LuckyBastard, NiceTry, Pick,
                    Play, Risk, Split, Stack, Steal, Take, Trade, Wish)

#: Cards kept back for defence: thrown in out of turn, played on a turn only when nothing else goes.
KEEP = ("Counterattack", "Nice Try", "Lucky Bastard")
#: Events to choose (Event Manager, Repeat), the mildest first; the round-enders when one's hand is cheap.
MILD = ("Friday the 13th", "Identity Theft", "Plus One", "Last Chance", "The All-Seeing Eye", "Black Hole",
        "Russian Roulette", "Earthquake", "Tornado", "Robin Hood", "Distributor")
ENDERS = ("Finish Line", "Doomsday")
#: Power cards worth activating with any play; Anti Counter only with an attack.
USEFUL = ("All Draw One", "Special Charge", "Random Chance", "Black Wish", "Colour Blockade", "Number Wish")


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
        if kind is Discard:                    # Recession, Parasite (which also offers Pass)
            return max((a for a in actions if type(a) is Discard), key=lambda a: POINTS[a.card] - 20 * (a.card in KEEP))
        if kind is Lay:                        # Russian Roulette, Tsunami: the dearest / the cheapest that matches
            if view.table.get("wave") is not None or "Tsunami" in view.table["revealed"][-1:]:
                return min(actions, key=lambda a: POINTS[a.card])
            return max(actions, key=lambda a: POINTS[a.card] - 20 * (a.card in KEEP))
        if kind is Aim:                        # Special Charge, Recycling: the leader
            return next((a for a in actions if a.target == aim), actions[-1])
        if kind is Trade:
            return next((a for a in actions if view.seat in (a.first, a.second)), actions[0])
        if kind is Steal:
            return max(actions, key=lambda a: sum(10 * (COLOUR[c] is None) - POINTS[c] for c in a.cards))
        if kind is LuckyBastard or kind is Risk:
            return actions[0]                  # throw it in; risk Seppuku (−21 is likelier than +42)
        if kind is Pick:
            sizes = view.facts["hand_sizes"]
            return max(actions, key=lambda a: (sizes[a.target], a.target != aim))
        if kind is Stack:
            stacks = [len(zones.get("giving", ())) for zones in view.seats]
            mine = actions[0].target == view.seat
            return (min if mine or actions[0].target != aim else max)(actions, key=lambda a: stacks[a.owner])
        if kind is Choose:
            names = [a.event for a in actions]
            liked = (ENDERS if sum(POINTS[c] for c in hand) <= 15 else ()) + MILD
            return next((a for e in liked for a in actions if a.event == e), actions[names.index(min(names))])
        plays = [a for a in actions if type(a) is Play]
        for play in plays:
            if play.card == FUCK_YOU:
                return play
        shed = [p for p in plays if p.card not in KEEP]
        if shed:
            def worth(p):
                power = p.power in USEFUL or p.power == "Anti Counter" and p.target is not None
                return POINTS[p.card], p.target == aim, not p.plain, power if p.power else 0.5
            return max(shed, key=worth)
        other = [a for a in actions if type(a) is not Play]
        if other:
            return next((a for a in other if type(a) is Draw), other[0])
        return plays[0]


__all__ = ["HeuristicBot", "RandomBot", "leader", "colour_held_most"]
