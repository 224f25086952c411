"""The one registry of games: one package per game, each declaring itself once as ``DECLARATION``
(a ``cardkit.core.declaration.Declaration``). Everything else asks here; nothing finds a game's parts
by trying names."""
import importlib

AVAILABLE = ["flip7", "eights", "trump21", "skitgubbe", "frantic"]


def declaration(game_id: str):
    """The game's declaration; an unknown id is a ValueError naming the games there are."""
    if game_id not in AVAILABLE:
        raise ValueError(f"unknown game {game_id!r}; available: {', '.join(AVAILABLE)}")
    return importlib.import_module(f"{__name__}.{game_id}").DECLARATION


def game_class(game_id: str):
    return declaration(game_id).game


def part(game_id: str, name: str):
    """A declared part, imported now: ``name`` is "explorer", "insights", "next_card" or "class_board"; None when the
    game declares none. A declared module that cannot be imported raises ImportError."""
    if name not in ("explorer", "insights", "next_card", "class_board"):
        raise ValueError(f"no part {name!r}; the parts are explorer, insights, next_card and class_board")
    ref = getattr(declaration(game_id), name)
    return None if ref is None else _resolve(game_id, ref)


def bot_class(game_id: str, name: str | None = None):
    """The bot class declared under ``name`` (default: the game's default bot; ``RandomBot`` when it
    declares none); build it with ``cls(seed=...)``."""
    spec = declaration(game_id)
    name = spec.default_bot if name is None else name
    if name is None:
        from cardkit.bots import RandomBot
        return RandomBot
    if name not in spec.bots:
        raise ValueError(f"{game_id} has no bot {name!r}; its bots: {', '.join(spec.bots) or 'none'}")
    return _resolve(game_id, spec.bots[name])


def warm(game_ids) -> None:
    """Import the games' bots and explorers now (a simulation worker, before its first games)."""
    for game_id in game_ids:
        spec = declaration(game_id)
        for ref in (*spec.bots.values(), spec.explorer):
            if ref is not None:
                _resolve(game_id, ref)


def _resolve(game_id: str, ref: str):
    module, attr = ref.split(":")
    return getattr(importlib.import_module(f"{__name__}.{game_id}.{module}"), attr)
