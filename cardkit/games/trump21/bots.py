""""21" with trumps, bots. Each sees only its seat's View.

* ``ThresholdBot(threshold)``: takes while its total is under ``threshold`` (for the target 21;
  shifted with the target), then closes; it plays no trumps.
* ``CountingBot``: counts the unseen cards (``prob``) and plays its trumps where they help: Return
  or a Go for x that brings it back under; Love your enemy at an opponent who revealed an exact
  total (their best card then takes them over); Draw x and Perfect Draw when close to the target;
  Shield when it is over the target or about to close with a likely loss; Damage+ at the opponent
  most likely over; Harvest at once; Destroy
  and Exchange to get rid of a Damage+ lying at it. Then it takes while the chance of going over
  is below ``risk``.
"""
from __future__ import annotations

from cardkit.bots import Bot

from .cards import DAMAGE_PLUS, DRAW_CARD, GO_FOR, VALUE
from .prob import bust_chance, draw_pool, my_total, over_chance, total_chances, unseen_numbers
from .actions import Close, DestroyTrump, PlayTrump, Swap, Take


def _plain(actions):
    take = next((a for a in actions if type(a) is Take), None)
    close = next(a for a in actions if type(a) is Close)
    return take, close


class ThresholdBot(Bot):
    """Take while the total is under ``threshold`` (+ target − 21), then close. No trumps."""

    name = "threshold"

    def __init__(self, threshold: int = 17, seed: int | None = None):
        super().__init__(seed)
        self.threshold = threshold
        self.name = f"threshold {threshold}"

    def act(self, view, actions):
        if type(actions[0]) in (DestroyTrump, Swap):
            return actions[0]
        take, close = _plain(actions)
        limit = self.threshold + view.facts["target"] - 21
        return take if take is not None and my_total(view, view.seat) < limit else close


class CountingBot(Bot):
    """Counts the unseen cards and plays its trumps sensibly (see the module's docstring)."""

    name = "counting"

    def __init__(self, risk: float = 0.4, seed: int | None = None):
        super().__init__(seed)
        self.risk = risk

    def act(self, view, actions):
        kind = type(actions[0])
        if kind is DestroyTrump:
            return max(actions, key=lambda a: self.destroy_value(view, a))
        if kind is Swap:
            return max(actions, key=lambda a: self.swap_value(view, a))
        seat = view.seat
        target = view.facts["target"]
        have = my_total(view, seat)
        pool = draw_pool(view)
        bust = bust_chance(have, target, pool)
        plays = {}
        for a in actions:
            if type(a) is PlayTrump:
                plays.setdefault(a.trump, []).append(a)
        choice = self.trump_to_play(view, plays, have, target, bust, pool)
        if choice is not None:
            return choice
        take, close = _plain(actions)
        if take is not None and have < target and (bust < self.risk or self.losing_anyway(view, have)):
            return take
        if "Shield" in plays and "Shield" not in view.seats[seat]["played"] and (
                have > target or self.loss_chance(view, have) >= 0.5):
            return plays["Shield"][0]                     # about to close and likely to lose
        return close

    # -- trumps --------------------------------------------------------------------------------------
    def trump_to_play(self, view, plays, have, target, bust, pool):
        seat = view.seat
        mine = view.seats[seat]["played"]
        if "Harvest" in plays:
            return plays["Harvest"][0]
        if have > target:                                 # over: come back under if a trump can
            if "Return" in plays and have - VALUE[view.seats[seat]["open"][-1]] <= target:
                return plays["Return"][0]
            fits = [t for t in plays if t in GO_FOR and GO_FOR[t] >= have]
            if fits:
                return plays[min(fits, key=GO_FOR.get)][0]
        else:
            fits = [t for t in plays if t in GO_FOR and have <= GO_FOR[t] and GO_FOR[t] - have < target - have]
            if fits:
                return plays[min(fits, key=lambda t: GO_FOR[t] - have)][0]
        for other, zones in enumerate(view.seats):       # an opponent on target: their best card busts them
            if other != seat and zones["hidden"] and zones["hidden"][0] is not None and "Love your enemy" in plays:
                if my_total(view, other) == target:
                    return next(a for a in plays["Love your enemy"] if a.target == other)
        if "Destroy" in plays and any(c in DAMAGE_PLUS for c in mine):
            return plays["Destroy"][0]
        if "Exchange" in plays and any(c in DAMAGE_PLUS for c in mine):
            return max(plays["Exchange"], key=lambda a: over_chance(view, seat, a.target))
        damage = [t for t in plays if t in DAMAGE_PLUS]
        if damage and have <= target and target - have <= 3:
            at_others = [a for a in plays[damage[0]] if a.target != seat]
            return max(at_others, key=lambda a: over_chance(view, seat, a.target))
        if have < target:
            unseen = unseen_numbers(view)
            draws = [t for t in plays if t in DRAW_CARD and have + VALUE[DRAW_CARD[t]] <= target
                     and unseen[DRAW_CARD[t]] and target - have - VALUE[DRAW_CARD[t]] <= 2]
            if draws:
                return plays[max(draws, key=lambda t: VALUE[DRAW_CARD[t]])][0]
            if "Perfect Draw" in plays and bust >= self.risk and target - have >= 1:
                return plays["Perfect Draw"][0]
        if "Trump Switch" in plays and len(plays) == 1:
            return plays["Trump Switch"][0]
        return None

    def loss_chance(self, view, have) -> float:
        """Chance, from what the bot sees, that some opponent ends above its total at or under the
        target (their hidden cards among the unseen ones; each opponent counted apart)."""
        target = view.facts["target"]
        safe = 1.0
        for other, zones in enumerate(view.seats):
            if other == view.seat or not zones["hidden"]:
                continue
            beat = sum(p for t, p in total_chances(view, view.seat, other).items() if have < t <= target)
            safe *= 1 - float(beat)
        return 1 - safe

    def losing_anyway(self, view, have) -> bool:
        """An opponent revealed a total above this bot's (at or under the target): stopping loses."""
        target = view.facts["target"]
        return any(other != view.seat and zones["hidden"] and zones["hidden"][0] is not None
                   and have < my_total(view, other) <= target for other, zones in enumerate(view.seats))

    # -- choices -------------------------------------------------------------------------------------
    def destroy_value(self, view, action):
        seat, target = view.seat, view.facts["target"]
        card = action.trump
        if card is None:
            return -10 if action.seat == seat else 1
        if action.seat == seat:
            if card in DAMAGE_PLUS:
                return 10 + DAMAGE_PLUS[card]
            if card in GO_FOR:                   # a Go for lying at us that puts us over
                return 5 if my_total(view, seat) > target else -5
            return -10
        if card == "Shield" or card == "Harvest":
            return 4
        if card in DAMAGE_PLUS:
            return -10
        return 0

    def swap_value(self, view, swap):
        score = 0
        for item in swap.give:
            card = item.partition(":")[2]
            score += 10 + DAMAGE_PLUS[card] if item.startswith("open:") and card in DAMAGE_PLUS else -2
            if card == "Exchange":
                score += 1.5
        for item in swap.take:
            card = item.partition(":")[2]
            if item == "hidden":
                score += 1
            elif card in DAMAGE_PLUS:
                score -= 10
            elif card in ("Shield", "Harvest"):
                score += 3
        return score


__all__ = ["ThresholdBot", "CountingBot"]
