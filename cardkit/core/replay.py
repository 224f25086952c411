"""Replay files: JSON with the game id, options, seed, stacked piles and the moves with their seats.

Version 2 stores the seat of every move (reaction windows let seats act out of turn); version 1
files, with bare actions made by whoever was to play, still load. Version 3 is version 2 read with
today's option defaults: an option a file of version 1 or 2 left out means the default it had then
(a game declares the defaults that changed as ``replay_defaults``; Frantic's expansions were on).
``save`` writes every option, so its files never depend on a default.
"""
from __future__ import annotations

import json
from pathlib import Path

from .errors import IllegalAction, ReplayError, shown
from .fast import Move

FORMAT = "cardkit-replay"
VERSION = 3
READS = (1, 2, 3)


def replay(game, history, deck=None, **piles):
    """Same seed, same stacked piles and same moves give the same state. ``history`` holds
    ``(seat, action)`` pairs (``state.history``) or bare actions, made by the current player."""
    state = game.new_state(deck=deck, **piles)
    for move in history:
        if isinstance(move, tuple) and len(move) == 2:
            state.apply(move[1], move[0])
        else:
            state.apply(move)
    return state


def to_json(state) -> dict:
    game = state.game
    return {"format": FORMAT, "version": VERSION, "game": game.id, "players": game.players,
            "seed": game.seed, "options": dict(game.options), "deck": state.stacked,
            "piles": dict(state.stacked_piles),
            "history": [{"seat": seat, "action": action.to_dict()} for seat, action in state.history]}


def save(state, path) -> None:
    Path(path).write_text(json.dumps(to_json(state), indent=1))


def load(path, make, former_defaults=None):
    """Read a replay file back into a state; any problem raises ReplayError saying what is wrong.
    ``former_defaults(game_id, version)``: the option values an older file meant by leaving them out."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise ReplayError(f"cannot read replay file {path}: {exc.strerror}") from None
    except (ValueError, UnicodeDecodeError) as exc:      # JSONDecodeError, or a number of 4,300+ digits
        raise ReplayError(f"{path} is not a replay file: not valid JSON ({exc})") from None
    except RecursionError:
        raise ReplayError(f"{path} is not a replay file: its JSON is nested too deep") from None
    return from_json(data, make, str(path), former_defaults)


#: The fields of a replay file: name -> (the types allowed, in words).
_FIELDS = {"game": ((str,), "a game id"), "players": ((int,), "a whole number"), "seed": ((int,), "a whole number"),
           "options": ((dict,), "an object of option values"), "history": ((list,), "a list of moves"),
           "deck": ((list, type(None)), "a list of cards or null"),
           "piles": ((dict, type(None)), "an object of pile name -> list of cards, or null")}


def from_json(data, make, where="replay", former_defaults=None):
    """A state from a replay file's data; ReplayError (a ValueError) says what is wrong, and where.
    ``former_defaults(game_id, version)`` gives the options an older file left out (see ``load``)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f"{where} is not a cardkit replay file (no \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if type(version) is not int or version not in READS:
        raise ReplayError(f"{where}: replay version {shown(version)} is not supported (this reads "
                          f"{', '.join(map(str, READS[:-1]))} and {READS[-1]})")
    for key, (kinds, words) in _FIELDS.items():
        if key not in data and type(None) not in kinds:
            raise ReplayError(f"{where}: field {key!r} is missing: it must be {words}")
        value = data.get(key)
        if type(value) not in kinds:              # type(): True is not a number of players
            raise ReplayError(f"{where}: field {key!r} must be {words}, got {shown(value)}")
    piles = data.get("piles") or {}
    for name, cards in piles.items():
        if type(cards) is not list:
            raise ReplayError(f"{where}: field 'piles' must map pile names to lists of cards, got "
                              f"{shown(name)}: {shown(cards)}")
    try:
        options = dict(data["options"])
        if former_defaults is not None and version < VERSION:
            options = {**former_defaults(data["game"], version), **options}
        game = make(data["game"], players=data["players"], seed=data["seed"], **options)
        state = game.new_state(deck=data.get("deck"), **piles)
    except (ValueError, TypeError) as exc:
        raise ReplayError(f"{where}: {exc}") from None
    for step, raw in enumerate(data["history"], 1):
        try:
            seat, action = _move(game, raw, version)
            state.apply(action, seat)
        except (ValueError, TypeError) as exc:
            raise ReplayError(f"{where}: move {step} is malformed: {exc}") from None
        except IllegalAction as exc:
            raise ReplayError(f"{where}: move {step} ({shown(raw)}) is not legal there: {exc}") from None
    return state


def _move(game, raw, version):
    """(seat, action) of one stored move; version 1 stored the bare action (seat: whoever was asked)."""
    if version == 1:
        return None, game.action_from_dict(raw)
    if not isinstance(raw, dict) or set(raw) != {"seat", "action"}:
        raise ValueError(f"a move must be an object with 'seat' and 'action', got {shown(raw)}")
    seat = raw["seat"]
    if type(seat) is not int or not 0 <= seat < game.players:
        raise ValueError(f"seat {shown(seat)} is not a seat of this {game.players}-player game")
    return seat, game.action_from_dict(raw["action"])


__all__ = ["replay", "save", "load", "from_json", "to_json", "Move"]
