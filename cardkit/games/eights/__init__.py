"""Huit américain: Crazy Eights with a 32-card pack, Aces that make you draw, Queens that skip."""
from cardkit.core.declaration import Declaration

from .cards import HINTS
from .rules import DEMOS
from .state import Draw, Eights, EightsState, Pass, Play

GAME = Eights
DECLARATION = Declaration(
    game=Eights, demos=DEMOS, hints=HINTS,
    bots={"counting": "bots:CountingBot", "greedy": "bots:GreedyBot"}, default_bot="counting",
    explorer="explore:EXPLORER", insights="prob:insights", class_board="lessons:CLASS_BOARD", next_card="prob:next_card",
    compound_moves=True, hidden_hands=True)

__all__ = ["Draw", "Eights", "EightsState", "Pass", "Play", "GAME", "DECLARATION"]
