"""Frantic, the base game: a shedding party game with specials, counters out of turn and events."""
from .state import (Counterattack, Discard, Draw, Frantic, FranticState, Give, GiveTo, NiceTry, Pass, Play, Split,
                    Take, Wish)

GAME = Frantic
__all__ = ["Counterattack", "Discard", "Draw", "Frantic", "FranticState", "Give", "GiveTo", "NiceTry", "Pass", "Play",
           "Split", "Take", "Wish", "GAME"]
