"""Huit américain: Crazy Eights with a 32-card pack, Aces that make you draw, Queens that skip."""
from .state import Draw, Eights, EightsState, Pass, Play

GAME = Eights
__all__ = ["Draw", "Eights", "EightsState", "Pass", "Play", "GAME"]
