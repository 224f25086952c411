""""21" with trump cards: a push-your-luck duel to 21 with a hidden card, trumps and lives."""
from .state import Close, DestroyTrump, PlayTrump, Swap, Take, Trump21, Trump21State

GAME = Trump21
__all__ = ["Close", "DestroyTrump", "PlayTrump", "Swap", "Take", "Trump21", "Trump21State", "GAME"]
