"""What the widgets read about a game: its declaration (``cardkit.games.declaration(id)``), never
modules found by name."""
from __future__ import annotations

import logging
import sys

import cardkit
from cardkit.games import bot_class, declaration, part

log = logging.getLogger("widgets")


def make_game(game, players=None, seed=None, options=None):
    """A Game from an id (or a Game passed through unchanged)."""
    if not isinstance(game, str):
        return game
    return cardkit.make(game, players=players, seed=seed, **(options or {}))


def game_id(game) -> str:
    return game if isinstance(game, str) else game.id


def hints(game_id_: str) -> dict:
    return dict(declaration(game_id_).hints)


def compound_moves(game_id_: str) -> bool:
    """The game's declared flag: some moves are picked part by part."""
    return declaration(game_id_).compound_moves


def demos(game_id_: str) -> dict:
    return dict(declaration(game_id_).demos)


def default_bot_factory(game_id_: str):
    """The bot the app seats: ``factory(seed)`` builds one."""
    cls = bot_class(game_id_)
    return lambda seed: cls(seed=seed)


def explorer_spec(game_id_: str) -> dict | None:
    """What the rule explorer varies for this game (its declared ``explorer``)."""
    return part(game_id_, "explorer")


def declared_part(game_id_: str, name: str):
    """A declared part ("insights", "next_card"), or None when the game declares none or its module
    does not load (the panel then says so instead of failing)."""
    try:
        return part(game_id_, name)
    except ImportError as exc:
        log.warning("%s: its %s did not load: %s", game_id_, name, exc)
        return None


def sim_module():
    """``cardkit.sim``, imported when a simulation is first asked for (it brings pandas)."""
    import cardkit.sim  # noqa: F401
    return sys.modules["cardkit.sim"]


def rule_map(rules) -> dict:
    return {rule.id: rule for rule in rules or ()}
