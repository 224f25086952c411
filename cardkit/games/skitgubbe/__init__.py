"""Skitgubbe: a Swedish two-round game with two decks: take tricks, then shed runs; the last one
holding cards is the skitgubbe."""
from .state import Chance, Lay, PickUp, Play, Skitgubbe, SkitgubbeState

GAME = Skitgubbe
__all__ = ["Chance", "Lay", "PickUp", "Play", "Skitgubbe", "SkitgubbeState", "GAME"]
