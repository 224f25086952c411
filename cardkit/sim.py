"""Many games at once: bots, seeds, executors, progress and cancel.

    df = simulate(cardkit.make("flip7", players=3), [ThresholdBot(20), ThresholdBot(25), ExpectationBot()],
                  n=2000, seed=1)

One row per game. Game ``i`` is ``cardkit.make(game.id, players=game.players, seed=s_i, **game.options)``
with ``s_i = derive_seed(seed, i, "game")``, played by ``cardkit.run`` with the bots reseeded from that
game's seed (``bot_seed(s_i, seat)``, as the app seeds its bots), so the same seed gives the same
DataFrame whatever the executor and the chunking.

pandas is imported when ``simulate`` builds its result (never at ``import cardkit``); the worker
side (``play_chunk``) and ``simulate_rows`` (the same rows as tuples) need only the engine.
"""
from __future__ import annotations

import atexit
import concurrent.futures as cf
import copy
import math
import multiprocessing
import os
import random
import threading
from typing import NamedTuple

import cardkit
from cardkit.core import bot_seed, derive_seed

#: The default executor: one process pool shared by every call (started on first use).
_POOL = None
_POOL_LOCK = threading.Lock()


def _bots_for(bots, players, game_seed):
    if callable(bots) and not isinstance(bots, (list, tuple)):
        made = list(bots(players, derive_seed(game_seed, "bots")))
    else:
        made = copy.deepcopy(list(bots))
        for seat, bot in enumerate(made):
            bot.reseed(bot_seed(game_seed, seat))
    if len(made) != players:
        raise ValueError(f"simulate: {len(made)} bots for {players} seats")
    return made


def play_chunk(spec, start, stop, cancel=None):
    """Play games ``start`` … ``stop - 1``; returns one tuple per game (see ``COLUMNS``).

    Runs in worker processes: ``spec`` is (game id, players, options, bots, seed, max_moves).
    ``cancel`` (only in the calling process) stops between games.
    """
    game_id, players, options, bots, seed, max_moves = spec
    rows = []
    for i in range(start, stop):
        if cancel is not None and cancel.is_set():
            break
        game_seed = derive_seed(seed, i, "game")
        game = cardkit.make(game_id, players=players, seed=game_seed, **options)
        state = game.new_state()
        cardkit.run(state, _bots_for(bots, players, game_seed), max_moves=max_moves)
        winners = list(state.winners) if state.is_over else []
        share = 1 / len(winners) if winners else 0.0
        rounds = state.view(None).facts.get("round")
        rows.append((i, game_seed, rounds, len(state.history), winners[0] if winners else -1,
                     len(winners), *state.scores, *[share if s in winners else 0.0 for s in range(players)],
                     *(state.summary() if state.is_over else [None] * len(game.summary_columns))))
    return rows


def columns(players, extra=()) -> list[str]:
    return (["game", "seed", "rounds", "moves", "winner", "n_winners"]
            + [f"score_{s}" for s in range(players)] + [f"win_{s}" for s in range(players)] + list(extra))


def default_executor() -> cf.Executor:
    """The shared local process pool (all cores; 'forkserver' where available, else 'spawn',
    so it is safe to start from a Jupyter kernel that runs threads)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or getattr(_POOL, "_broken", False):
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
            _POOL = cf.ProcessPoolExecutor(max_workers=os.cpu_count() or 1,
                                           mp_context=multiprocessing.get_context(method))
        return _POOL


@atexit.register
def _shutdown_pool():
    global _POOL
    if _POOL is not None:
        _POOL.shutdown(wait=False, cancel_futures=True)
        _POOL = None


def simulate(game, bots, n, seed=None, executor=None, progress=None, cancel=None, chunk=None,
             max_moves=100_000):
    """Play ``n`` games of ``game`` between ``bots``; one row per game in a pandas DataFrame.

    Columns: ``game`` (0 … n−1), ``seed`` (that game's seed), ``rounds`` (the "round" fact of the
    final view, None if the game has none), ``moves`` (actions taken), ``winner`` (first winner;
    −1 if the game hit ``max_moves`` unfinished), ``n_winners``, ``score_0`` … ``score_{p−1}`` and
    ``win_0`` … ``win_{p−1}`` (1/len(winners) for each winner, else 0, so column means are win shares),
    then the game's own ``summary_columns`` (``State.summary()``; None for an unfinished game).

    ``bots``: one Bot per seat (picklable; copied, then reseeded from (seed, game index)) or a
    picklable callable ``(players, seed) -> list of bots`` called once per game.
    ``seed``: the master seed (None picks one; it is in ``df.attrs["seed"]``).
    ``executor``: any ``concurrent.futures.Executor`` (e.g. ``distributed.Client(...).get_executor()``);
    None uses a shared local process pool (``default_executor()``); "inline" plays in this process.
    Games are split into chunks (``chunk`` games each, default 100–500) submitted to the executor.
    ``progress(done, total)`` is called in the calling thread each time a chunk finishes, with the
    number of games finished so far. ``cancel``: any object with ``is_set()`` (threading.Event);
    once set, chunks not yet started are cancelled, running ones are not waited for, and the rows of
    the games finished so far are returned (sorted by game; ``df.attrs["cancelled"]`` is True).
    """
    played = simulate_rows(game, bots, n, seed, executor, progress, cancel, chunk, max_moves)
    import pandas as pd

    players = game.players
    df = pd.DataFrame(played.rows, columns=played.columns)
    if not played.rows:
        df = df.astype({"game": "int64", "seed": "int64", "moves": "int64", "winner": "int64",
                        "n_winners": "int64", **{f"win_{s}": "float64" for s in range(players)}})
    df.attrs.update(seed=played.seed, game=game.id, players=players, options=dict(game.options),
                    n=n, cancelled=played.cancelled)
    return df


class Played(NamedTuple):
    """What ``simulate_rows`` returns: the rows (tuples, sorted by game), their column names, the
    master seed and whether the run was cancelled."""

    rows: list
    columns: list
    seed: int
    cancelled: bool

    def column(self, name) -> list:
        """One column's values, game by game."""
        at = self.columns.index(name)
        return [row[at] for row in self.rows]


def simulate_rows(game, bots, n, seed=None, executor=None, progress=None, cancel=None, chunk=None,
                  max_moves=100_000) -> Played:
    """``simulate`` without pandas: the same rows as plain tuples (see ``Played``), for a Python
    that has no pandas, such as the browser's (the static site)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"simulate: n must be a whole number ≥ 0, got {n!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    players = game.players
    if not callable(bots) or isinstance(bots, (list, tuple)):
        bots = list(bots)
        if len(bots) != players:
            raise ValueError(f"simulate: {len(bots)} bots for {players} seats")
    spec = (game.id, players, dict(game.options), bots, seed, max_moves)
    if chunk is None:
        chunk = min(500, max(100, math.ceil(n / 20)))
    bounds = [(a, min(a + chunk, n)) for a in range(0, n, chunk)]
    rows = []
    cancelled = False

    def stopped():
        return cancel is not None and cancel.is_set()

    if executor == "inline":
        done = 0
        for a, b in bounds:
            if stopped():
                cancelled = True
                break
            part = play_chunk(spec, a, b, cancel)
            rows += part
            done += len(part)
            if len(part) < b - a:
                cancelled = True
                break
            if progress:
                progress(done, n)
    else:
        pool = default_executor() if executor is None else executor
        futures = {pool.submit(play_chunk, spec, a, b): (a, b) for a, b in bounds}
        pending = set(futures)
        done = 0
        try:
            while pending:
                finished, pending = cf.wait(pending, timeout=0.05, return_when=cf.FIRST_COMPLETED)
                for future in finished:
                    part = future.result()
                    rows += part
                    done += len(part)
                    if progress:
                        progress(done, n)
                if pending and stopped():
                    cancelled = True
                    break
        finally:
            for future in pending:
                future.cancel()
    rows.sort(key=lambda row: row[0])
    return Played(rows, columns(players, game.summary_columns), seed, cancelled)


__all__ = ["simulate", "simulate_rows", "Played", "play_chunk", "derive_seed", "default_executor", "columns"]
