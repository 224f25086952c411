"""Flip 7 (The Op, 2024): push your luck with a 94-card deck."""
from cardkit.core.declaration import Declaration

from .cards import KIND
from .rules import DEMOS
from .state import Flip7, Flip7State, Give, Hit, Stay

GAME = Flip7
DECLARATION = Declaration(
    game=Flip7, demos=DEMOS, hints={"kind": KIND},
    bots={"expectation": "bots:ExpectationBot", "threshold": "bots:ThresholdBot"},
    default_bot="expectation",          # it plays the odds, like a careful person would
    explorer="explore:EXPLORER", insights="prob:insights", class_board="lessons:CLASS_BOARD", next_card="prob:next_card",
    compound_moves=False, hidden_hands=False)     # every card lies face up

__all__ = ["Flip7", "Flip7State", "Give", "Hit", "Stay", "GAME", "DECLARATION"]
