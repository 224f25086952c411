""""21" with trump cards: a push-your-luck duel to 21 with a hidden card, trumps and lives."""
from cardkit.core.declaration import Declaration

from .cards import HINTS
from .rules import DEMOS, HOUSE_RULES
from .state import Close, DestroyTrump, PlayTrump, Swap, Take, Trump21, Trump21State

GAME = Trump21
DECLARATION = Declaration(
    game=Trump21, demos=DEMOS, hints=HINTS, house_rules=HOUSE_RULES,
    bots={"counting": "bots:CountingBot", "threshold": "bots:ThresholdBot"}, default_bot="counting",
    explorer="explore:EXPLORER", insights="prob:insights", class_board="lessons:CLASS_BOARD", next_card="prob:next_card",
    compound_moves=True, hidden_hands=True)

__all__ = ["Close", "DestroyTrump", "PlayTrump", "Swap", "Take", "Trump21", "Trump21State", "GAME", "DECLARATION"]
