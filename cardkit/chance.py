"""Counting shared by the games' exact probabilities (standard library only, exact Fractions)."""
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
