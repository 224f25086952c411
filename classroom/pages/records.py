"""What a joined page posts to its class, read from its own kernel, never from the page: a finished
game from the GameApp's engine state (game, options, seed, scores, winner, rounds, practice, and the
exact chances of the moves the person chose, replayed from the history); an answer as the kernel's
Question took it."""
from __future__ import annotations

from fractions import Fraction

from cardkit import games as registry


def declared_board(game_id: str):
    """The game's declared ``ClassBoard`` (what the board pools of it), or None."""
    try:
        return registry.part(game_id, "class_board")
    except ValueError:               # not a game this app knows
        return None


def class_figure(game_id: str):
    """(title, what the exact figure is) of the game's pooled figure on the board, or None."""
    board = declared_board(game_id)
    return board.figure if board else None


def game_figure(game, history, seats, deck=None) -> dict | None:
    """Replay ``history`` and, before each move a person in ``seats`` made, ask the game's
    ``class_moment``: how many such moves (``tries``), how often the thing happened (``happened``),
    and the sum of its exact chances (``expected``). None for a game without a figure."""
    board = declared_board(game.id)
    if board is None:
        return None
    moment = board.moment
    state = game.new_state(deck=deck)
    tries = happened = 0
    expected = Fraction(0)
    for seat, action in history:
        asked = moment(state, seat, action) if seat in seats else None
        before = len(state.events)
        state.apply(action, seat)
        if asked is not None:
            chance, judge = asked
            tries += 1
            happened += bool(judge(state.events[before:]))
            expected += chance
    return {"tries": tries, "happened": happened, "expected": round(float(expected), 6)}


def game_details(game, history, seat, deck=None):
    """The game's own ``class_details`` of a finished game (Flip 7: the rounds by stopping point), or None."""
    board = declared_board(game.id)
    details = board.details if board else None
    return None if details is None or seat is None else details(game, history, seat, deck)


def plain(value):
    """JSON-ready: numbers, text, lists and dicts of them (Fractions become floats)."""
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def game_record(app) -> dict:
    """What a finished game posts, read from the GameApp's engine state, never from the page."""
    state, game = app.state, app.game
    seat = app.humans[0] if app.humans else None
    winners = list(state.winners or ())
    return plain({
        "options": dict(game.options), "seed": game.seed, "players": game.players, "seat": seat,
        "scores": list(state.scores), "winners": winners, "won": seat in winners,
        "rounds": len(state.round_ends or ()), "moves": len(state.history), "practice": bool(app.practice),
        "figure": game_figure(game, state.history, set(app.humans), app.deck),
        "details": game_details(game, state.history, seat, app.deck),
    })
