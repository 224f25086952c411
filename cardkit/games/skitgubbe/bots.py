"""Skitgubbe bots. Each sees only its seat's View.

``HeuristicBot`` plays both rounds the way a careful player does:

* first round: the cards you take become your hand, so win tricks that are worth it and keep
  high cards for the second round: when forced to match, keep the best card for the play-off;
  lead your highest card; follow with the lowest card that beats the table (a new rank, so no
  play-off it could lose), else throw your lowest card, or chance it when every card in hand is
  high; never start a play-off it is not forced into.
* second round: go out if it can; one turn in ten it lays any run (``WANDER``); otherwise lay
  the longest run it can without trump, lowest first
  (a run that completes the table, so that it turns away and the bot leads, counts extra); trump
  only when nothing else goes, and rather pick up a single card than spend its last trumps.
"""
from __future__ import annotations

from cardkit.bots import Bot

from .cards import RANK, SUIT, VALUE
from .actions import Chance, Lay, PickUp, Play

#: A card this high is kept for the second round: the bot would rather chance it than throw it.
HIGH = 10
#: The share of second-round turns on which the bot lays any run at random. The rules let a table
#: cycle for ever (a run laid on the empty table, picked up by a player who cannot follow, laid
#: again …); a player who always makes the same choice can be caught in such a loop.
WANDER = 0.1


class HeuristicBot(Bot):
    name = "heuristic"

    def act(self, view, actions):
        if len(actions) == 1:
            return actions[0]
        if view.facts["phase"] == 1:
            return self.first_round(view, actions)
        return self.second_round(view, actions)

    # -- the first round ---------------------------------------------------------------------------
    def first_round(self, view, actions):
        hand = view.seats[view.seat]["hand"]
        table = [card for _, card in view.facts["plays"]]
        plays = [a for a in actions if type(a) is Play]
        chance = next((a for a in actions if type(a) is Chance), None)
        ranks = {RANK[c] for c in table}
        if plays and RANK[plays[0].card] in ranks:             # forced to match: a play-off follows
            def kept(play):
                rest = list(hand)
                rest.remove(play.card)
                return (max((VALUE[c] for c in rest), default=0), -VALUE[play.card])
            return max(plays, key=kept)
        if not plays:
            return chance
        low = min(plays, key=lambda a: VALUE[a.card])
        if not table:                                          # lead: the highest card
            return max(plays, key=lambda a: VALUE[a.card])
        paired = len(ranks) < len(table)                       # others already play off: no way to win
        if not paired:
            best = max(VALUE[c] for c in table)
            winners = [a for a in plays if VALUE[a.card] > best]
            if winners:
                return min(winners, key=lambda a: VALUE[a.card])
        if chance is not None and VALUE[low.card] >= HIGH:
            return chance
        return low

    # -- the second round --------------------------------------------------------------------------
    def second_round(self, view, actions):
        facts = view.facts
        hand = view.seats[view.seat]["hand"]
        trump = facts["trump"]
        lays = [a for a in actions if type(a) is Lay]
        pick = next((a for a in actions if type(a) is PickUp), None)
        for lay in lays:
            if len(lay.cards) == len(hand):
                return lay
        if lays and self.rng.random() < WANDER:                 # now and then any run: breaks the
            return lays[self.rng.randrange(len(lays))]          # cycles the rules allow (see WANDER)
        plain = [a for a in lays if SUIT[a.cards[0]] != trump]
        completes = len(facts["runs"]) + 1 >= facts["still_in"]

        def score(lay):
            return (-len(lay.cards) - (2 if completes else 0), VALUE[lay.cards[0]])
        if plain:
            return min(plain, key=score)
        if not lays:
            return pick
        trumps = sum(1 for c in hand if SUIT[c] == trump)
        if pick is not None and facts["lowest_run"] and trumps <= 2 and self.pick_size(facts) <= 1:
            return pick
        return min(lays, key=lambda a: (len(a.cards), VALUE[a.cards[0]]))   # spend as little trump as may be

    @staticmethod
    def pick_size(facts) -> int:
        return sum(len(run) for run in facts["runs"][:facts["lowest_run"]])


class TrickBot(HeuristicBot):
    """The heuristic first round, then random runs and pick-ups (to measure what each round's play is worth)."""
    name = "tricks"

    def second_round(self, view, actions):
        return actions[self.rng.randrange(len(actions))]


class ShedBot(HeuristicBot):
    """Random cards in the first round, then the heuristic second round."""
    name = "shed"

    def first_round(self, view, actions):
        return actions[self.rng.randrange(len(actions))]


__all__ = ["HeuristicBot", "TrickBot", "ShedBot", "HIGH", "WANDER"]
