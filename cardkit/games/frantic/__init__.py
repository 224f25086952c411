"""Frantic: a shedding party game with specials, counters out of turn and events (base game and the
Troublemaker expansion)."""
from .state import (Choose, Counterattack, Discard, Draw, Frantic, FranticState, Give, GiveTo, Lay, LuckyBastard,
                    NiceTry, Pass, Pick, Play, Risk, Split, Stack, Steal, Take, Wish)

GAME = Frantic
__all__ = ["Choose", "Counterattack", "Discard", "Draw", "Frantic", "FranticState", "Give", "GiveTo", "Lay",
           "LuckyBastard", "NiceTry", "Pass", "Pick", "Play", "Risk", "Split", "Stack", "Steal", "Take", "Wish", "GAME"]
