"""What a probability panel shows: a figure, the kind of value it is, and why.

A game's ``prob.insights(state, seat)`` returns ``Insight`` items, so a score of 1 is shown as
"1 point" and not mistaken for a chance of 100 %.
"""
from __future__ import annotations

from typing import NamedTuple

PROBABILITY = "probability"      # a chance between 0 and 1: shown as a fraction and a percentage
COUNT = "count"                  # a number of things (cards, players): shown as a whole number
POINTS = "points"                # a score or a penalty: shown with its unit
EXPECTED = "expected value"      # a long-run average in points: shown with two decimals

KINDS = (PROBABILITY, COUNT, POINTS, EXPECTED)


class Insight(NamedTuple):
    """One line of the probability corner: ``title``, ``value``, its ``kind`` (one of KINDS), ``why``."""

    title: str
    value: object
    kind: str
    why: str


__all__ = ["Insight", "KINDS", "PROBABILITY", "COUNT", "POINTS", "EXPECTED"]
