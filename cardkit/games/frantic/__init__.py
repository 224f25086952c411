"""Frantic: a shedding party game with specials, counters out of turn and events (base game and the
Troublemaker and Supercharge expansions)."""
from cardkit.core.declaration import Declaration

from .cards import HINTS
from .rules import DEMOS, HOUSE_RULES
from .state import (Aim, Choose, Counterattack, Discard, Draw, Frantic, FranticState, Give, GiveTo, Lay, LuckyBastard,
                    NiceTry, Pass, Pick, Play, Risk, Split, Stack, Steal, Take, Trade, Wish)

GAME = Frantic
DECLARATION = Declaration(
    game=Frantic, demos=DEMOS, hints=HINTS, house_rules=HOUSE_RULES,
    bots={"heuristic": "bots:HeuristicBot"}, default_bot="heuristic",
    explorer="explore:EXPLORER", insights="prob:insights",
    compound_moves=True, hidden_hands=True,
    # Files written before the expansions became options off by default: left out, they were on.
    replay_defaults={version: {"troublemaker": True, "supercharge": True} for version in (1, 2)})

__all__ = ["Aim", "Choose", "Counterattack", "Discard", "Draw", "Frantic", "FranticState", "Give", "GiveTo", "Lay",
           "LuckyBastard", "NiceTry", "Pass", "Pick", "Play", "Risk", "Split", "Stack", "Steal", "Take", "Trade",
           "Wish", "GAME", "DECLARATION"]
