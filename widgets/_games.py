"""Optional per-game modules, found by convention: cardkit.games.<id>.{rules.DEMOS, prob, cards.HINTS, bots,
explore.EXPLORER}."""
from __future__ import annotations

import importlib
import logging

import cardkit

log = logging.getLogger("widgets")


def optional_module(game_id: str, name: str):
    """``cardkit.games.<id>.<name>`` or None when the game has no such module."""
    full = f"cardkit.games.{game_id}.{name}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name and full.startswith(exc.name):
            return None
        raise


def make_game(game, players=None, seed=None, options=None):
    """A Game from an id (or a Game passed through unchanged)."""
    if not isinstance(game, str):
        return game
    return cardkit.make(game, players=players, seed=seed, **(options or {}))


def game_id(game) -> str:
    return game if isinstance(game, str) else game.id


def hints(game_id_: str) -> dict:
    mod = optional_module(game_id_, "cards")
    if mod is None:
        return {}
    found = dict(getattr(mod, "HINTS", None) or {})
    if "kind" not in found and isinstance(getattr(mod, "KIND", None), dict):
        found["kind"] = mod.KIND     # convention: a card -> kind table in cards.py
    return found


def demos(game_id_: str) -> dict:
    mod = optional_module(game_id_, "rules")
    return dict(getattr(mod, "DEMOS", None) or {}) if mod else {}


def default_bot_factory(game_id_: str):
    mod = optional_module(game_id_, "bots")
    factory = getattr(mod, "DEFAULT_BOT", None) if mod else None
    if factory is None:
        from cardkit.bots import RandomBot
        factory = RandomBot
    return factory


def explorer_spec(game_id_: str) -> dict | None:
    """What the rule explorer varies for this game: ``cardkit.games.<id>.explore.EXPLORER``."""
    mod = optional_module(game_id_, "explore")
    return getattr(mod, "EXPLORER", None) if mod else None


def sim_module():
    return importlib.import_module("cardkit.sim")


def rule_map(rules) -> dict:
    return {rule.id: rule for rule in rules or ()}
