"""Counting shared by the games' exact probabilities (standard library only, exact Fractions), and the
loop their lessons' simulations share."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb


def hold_chance(hand_size: int, pool: Counter, good) -> Fraction:
    """Chance that ``hand_size`` cards drawn from ``pool`` include at least one ``good`` card:
    1 − C(N − G, h) / C(N, h), with N cards in the pool and G of them good (drawn without replacement)."""
    total = sum(pool.values())
    if hand_size <= 0 or total == 0:
        return Fraction(0)
    hits = sum(n for card, n in pool.items() if good(card))
    h = min(hand_size, total)
    return 1 - Fraction(comb(total - hits, h), comb(total, h))


def tried(task, settings, n, trial):
    """For each of ``settings`` in turn, ``trial(setting)`` tried ``n`` times: yields (setting, its
    outcomes) as each setting is done. ``task`` (anything with ``cancelled`` and ``advance()``, a
    background run's) counts each try; once it is cancelled the setting under way is yielded with the
    outcomes it has, and no more."""
    for setting in settings:
        outcomes = []
        while len(outcomes) < n and not task.cancelled:
            outcomes.append(trial(setting))
            task.advance()
        if outcomes:
            yield setting, outcomes
        if task.cancelled:
            return
