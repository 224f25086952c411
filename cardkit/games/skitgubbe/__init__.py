"""Skitgubbe: a Swedish two-round game with two decks: take tricks, then shed runs; the last one
holding cards is the skitgubbe."""
from cardkit.core.declaration import Declaration

from .cards import HINTS
from .rules import DEMOS, HOUSE_RULES
from .state import Chance, Lay, PickUp, Play, Skitgubbe, SkitgubbeState

GAME = Skitgubbe
DECLARATION = Declaration(
    game=Skitgubbe, demos=DEMOS, hints=HINTS, house_rules=HOUSE_RULES,
    bots={"heuristic": "bots:HeuristicBot", "trick": "bots:TrickBot", "shed": "bots:ShedBot"},
    default_bot="heuristic",
    explorer="explore:EXPLORER", insights="prob:insights", next_card="prob:next_card",
    compound_moves=True, hidden_hands=True)

__all__ = ["Chance", "Lay", "PickUp", "Play", "Skitgubbe", "SkitgubbeState", "GAME", "DECLARATION"]
