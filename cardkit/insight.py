"""What a probability panel shows: a figure, the kind of value it is, and why.

A game's ``prob.insights(view)`` reads one seat's view (``view.seat``: whose figures) and returns
``Insight`` items, so a score of 1 is shown as "1 point" and not mistaken for a chance of 100 %.
"""
from __future__ import annotations

from typing import NamedTuple

from .core import View

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


def view_of(state_or_view, seat):
    """The view of ``seat``: a state's, or a View passed through (that seat's or the teacher's), so
    a game's figures take either."""
    if isinstance(state_or_view, View):
        if state_or_view.seat not in (None, seat):
            raise ValueError(f"this is Player {state_or_view.seat}'s view, not Player {seat}'s")
        return state_or_view
    return state_or_view.view(seat)


__all__ = ["view_of", "Insight", "KINDS", "PROBABILITY", "COUNT", "POINTS", "EXPECTED"]
