"""Flip 7 (The Op, 2024): push your luck with a 94-card deck."""
from .state import Flip7, Flip7State, Give, Hit, Stay

GAME = Flip7
__all__ = ["Flip7", "Flip7State", "Give", "Hit", "Stay", "GAME"]
