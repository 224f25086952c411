"""Frantic: a shedding party game with specials, counters out of turn and events (base game and the
Troublemaker and Supercharge expansions)."""
from .state import (Aim, Choose, Counterattack, Discard, Draw, Frantic, FranticState, Give, GiveTo, Lay, LuckyBastard,
                    NiceTry, Pass, Pick, Play, Risk, Split, Stack, Steal, Take, Trade, Wish)

GAME = Frantic
__all__ = ["Aim", "Choose", "Counterattack", "Discard", "Draw", "Frantic", "FranticState", "Give", "GiveTo", "Lay",
           "LuckyBastard", "NiceTry", "Pass", "Pick", "Play", "Risk", "Split", "Stack", "Steal", "Take", "Trade",
           "Wish", "GAME"]
