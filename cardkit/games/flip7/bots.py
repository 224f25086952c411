"""Flip 7 bots. Each sees only its seat's View (``view.unseen`` is the draw pile it cannot see).

* ``ThresholdBot(threshold)``: hits while the sum of its number cards is below the threshold.
* ``ExpectationBot()``: hits while one more flip raises its round score on average
  (``prob.hit_gain`` from the unseen cards).

Both give action cards the same way (see ``Flip7Bot.give``).
"""
from __future__ import annotations

from cardkit.bots import Bot

from .cards import VALUE
from .prob import SECOND, bust_chance, flip_pool, hit_gain
from .actions import HIT, STAY, Give


class Flip7Bot(Bot):
    """Shared Flip 7 play: Hit/Stay by ``wants_hit``; action cards by ``give``."""

    name = "flip7"

    def wants_hit(self, view) -> bool:
        raise NotImplementedError

    def act(self, view, actions):
        if isinstance(actions[0], Give):
            return self.give(view, actions)
        if HIT in actions and self.wants_hit(view):
            return HIT
        return STAY if STAY in actions else actions[0]

    def give(self, view, actions):
        """Freeze: the opponent with the highest round score. Flip Three: itself when it would hit
        anyway and its own bust chance is at most 10%, else the opponent most likely to bust.
        Second Chance: the opponent with the lowest round score. Ties go to the lower seat;
        with no opponent to choose, the only legal target."""
        me = view.seat
        card = actions[0].card
        targets = [a.target for a in actions]
        others = [t for t in targets if t != me]
        if not others:
            return actions[0]
        scores = view.facts["round_scores"]
        if card == "Freeze":
            pick = max(others, key=lambda t: (scores[t], -t))
        elif card == "Flip Three":
            pool = flip_pool(view)
            if me in targets and self.wants_hit(view) and self._bust(view, me, pool) <= 0.1:
                pick = me
            else:
                pick = max(others, key=lambda t: (self._bust(view, t, pool), scores[t], -t))
        else:
            pick = min(others, key=lambda t: (scores[t], t))
        return Give(card, pick)

    @staticmethod
    def _bust(view, seat, pool):
        line = view.seats[seat]
        return bust_chance(line["numbers"], pool, SECOND in line["actions"])


class ThresholdBot(Flip7Bot):
    """Hits while the sum of its number cards is below ``threshold``, else stays."""

    def __init__(self, threshold: int = 20, seed=None):
        super().__init__(seed)
        self.threshold = threshold
        self.name = f"threshold {threshold}"

    def wants_hit(self, view) -> bool:
        return sum(VALUE[c] for c in view.seats[view.seat]["numbers"]) < self.threshold


class ExpectationBot(Flip7Bot):
    """Hits while the exact expected gain of one flip (from ``view.unseen``) is positive.

    The ``unique``/``bonus`` options are read from ``view.facts``; the constructor's values serve
    a view without them (a hand-made one).
    """

    name = "expectation"

    def __init__(self, seed=None, unique: int = 7, bonus: int = 15):
        super().__init__(seed)
        self.unique = unique
        self.bonus = bonus

    def wants_hit(self, view) -> bool:
        facts = view.facts
        gain = hit_gain(view.seats[view.seat], flip_pool(view), facts.get("unique", self.unique),
                        facts.get("bonus", self.bonus))
        return gain > 0


__all__ = ["Flip7Bot", "ThresholdBot", "ExpectationBot"]
