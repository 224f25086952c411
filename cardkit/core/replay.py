"""Replay files: JSON with the game id, options, seed, stacked deck and the actions taken."""
from __future__ import annotations

import json
from pathlib import Path

from .errors import IllegalAction, ReplayError

FORMAT = "cardkit-replay"
VERSION = 1


def replay(game, history, deck=None):
    """Same seed, same stacked deck and same actions give the same state."""
    state = game.new_state(deck=deck)
    for action in history:
        state.apply(action)
    return state


def to_json(state) -> dict:
    game = state.game
    return {"format": FORMAT, "version": VERSION, "game": game.id, "players": game.players,
            "seed": game.seed, "options": dict(game.options), "deck": state.stacked,
            "history": [action.to_dict() for action in state.history]}


def save(state, path) -> None:
    Path(path).write_text(json.dumps(to_json(state), indent=1))


def load(path, make):
    """Read a replay file back into a state; any problem raises ReplayError saying what is wrong."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise ReplayError(f"cannot read replay file {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path} is not a replay file: not valid JSON ({exc})") from None
    return from_json(data, make, str(path))


def from_json(data, make, where="replay"):
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f"{where} is not a cardkit replay file (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise ReplayError(f"{where}: replay version {data.get('version')!r} is not supported (this is {VERSION})")
    for key, kind in (("game", str), ("players", int), ("seed", int), ("options", dict), ("history", list)):
        if not isinstance(data.get(key), kind):
            raise ReplayError(f"{where}: field {key!r} is missing or not a {kind.__name__}")
    if data.get("deck") is not None and not isinstance(data["deck"], list):
        raise ReplayError(f"{where}: field 'deck' must be a list of cards or null")
    try:
        game = make(data["game"], players=data["players"], seed=data["seed"], **data["options"])
        state = game.new_state(deck=data.get("deck"))
    except (ValueError, TypeError) as exc:
        raise ReplayError(f"{where}: {exc}") from None
    for step, raw in enumerate(data["history"], 1):
        try:
            action = game.action_from_dict(raw)
            state.apply(action)
        except (ValueError, TypeError) as exc:
            raise ReplayError(f"{where}: move {step} is malformed: {exc}") from None
        except IllegalAction as exc:
            raise ReplayError(f"{where}: move {step} ({raw}) is not legal there: {exc}") from None
    return state
