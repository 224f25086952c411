"""One package per game; each exposes GAME, its Game subclass."""
import importlib

AVAILABLE = ["flip7", "eights", "trump21", "skitgubbe", "frantic"]


def game_class(game_id: str):
    if game_id not in AVAILABLE:
        raise ValueError(f"unknown game {game_id!r}; available: {', '.join(AVAILABLE)}")
    return importlib.import_module(f"cardkit.games.{game_id}").GAME
