"""Many games at once: bots, seeds, executors, progress, cancel, and results as they arrive.

    df = simulate(cardkit.make("flip7", players=3), [ThresholdBot(20), ThresholdBot(25), ExpectationBot()],
                  n=2000, seed=1)

One row per game. Game ``i`` is ``cardkit.make(game.id, players=game.players, seed=s_i, **game.options)``
with ``s_i = derive_seed(seed, i, "game")``, played by ``cardkit.run`` with the bots reseeded from that
game's seed (``bot_seed(s_i, seat)``, as the app seeds its bots), so the same seed gives the same
DataFrame whatever the executor, the chunking and the order in which chunks come back.

``stream`` plays several simulations at once (the rule explorer: one per value of a rule) and hands
back each chunk of rows as it finishes, so a plot can grow while the games are played.

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

#: Set to a Dask scheduler's address (e.g. ``tcp://10.0.0.5:8786``) to play simulations on its
#: workers instead of the local process pool (``default_executor``; the rule explorer uses it).
SCHEDULER_VARIABLE = "CARDKIT_DASK_SCHEDULER"

#: The default executor: one process pool (or Dask client) shared by every call, started on first use.
_POOL = None
_POOL_LOCK = threading.Lock()
#: Seconds the local process pool stays up once no simulation uses it: then its workers (about
#: 35 MB each, in every kernel that ran a simulation) end, and the next simulation starts them
#: again (about a second). A Dask client's executor is kept: its workers are the cluster's.
IDLE_SECONDS = 60.0
_USERS = 0                 # simulations (and warm-ups) using the default executor now
_IDLE_TIMER = None


def _is_factory(bots) -> bool:
    return callable(bots) and not isinstance(bots, (list, tuple))


def play_chunk(spec, start, stop, cancel=None):
    """Play games ``start`` … ``stop - 1``; returns one tuple per game (see ``columns``).

    Runs in worker processes: ``spec`` is (game id, players, options, bots, seed, max_moves).
    What does not change from game to game is made once per chunk: the configured game (each game
    is a copy with its own seed) and the bots (one copy of the caller's, reseeded before each game:
    ``Bot.reseed`` must reset whatever a bot keeps from one game to the next).
    ``cancel`` (only in the calling process) stops between games.
    """
    game_id, players, options, bots, seed, max_moves = spec
    template = cardkit.make(game_id, players=players, seed=0, **options)
    unfinished = (None,) * len(template.summary_columns)
    factory = _is_factory(bots)
    seated = None if factory else copy.deepcopy(list(bots))
    seats = range(players)
    rows = []
    for i in range(start, stop):
        if cancel is not None and cancel.is_set():
            break
        game_seed = derive_seed(seed, i, "game")
        game = copy.copy(template)
        game.seed = game_seed
        if factory:
            seated = list(bots(players, game_seed))     # seat s seeded by bot_seed(game_seed, s)
            if len(seated) != players:
                raise ValueError(f"simulate: {len(seated)} bots for {players} seats")
        else:
            for seat, bot in enumerate(seated):
                bot.reseed(bot_seed(game_seed, seat))
        state = game.new_state()
        cardkit.run(state, seated, max_moves=max_moves)
        winners = state.winners if state.is_over else ()
        share = 1 / len(winners) if winners else 0.0
        rounds = state.view(None).facts.get("round")
        rows.append((i, game_seed, rounds, len(state.history), winners[0] if winners else -1,
                     len(winners), *state.scores, *[share if s in winners else 0.0 for s in seats],
                     *(state.summary() if state.is_over else unfinished)))
    return rows


def columns(players, extra=()) -> list[str]:
    return (["game", "seed", "rounds", "moves", "winner", "n_winners"]
            + [f"score_{s}" for s in range(players)] + [f"win_{s}" for s in range(players)] + list(extra))


def chunk_bounds(n: int, chunk: int | None = None) -> list[tuple[int, int]]:
    """How ``n`` games are split: ``chunk`` games each, or by default small chunks first (4, 8, 16 …
    games, so the first results come back at once) growing to n/16, at least 25 and at most 100
    (a worker finishes the chunk it has begun after a Cancel: a long game times 100 is enough)."""
    if chunk is not None:
        return [(a, min(a + chunk, n)) for a in range(0, n, chunk)]
    most = min(100, max(25, math.ceil(n / 16)))
    bounds, start, size = [], 0, 4
    while start < n:
        bounds.append((start, min(start + size, n)))
        start += size
        size = min(most, size * 2)
    return bounds


def _warm(game_ids) -> int:
    """In a worker: import the games (and their bots) before the first chunk arrives."""
    from cardkit.games import warm
    warm(game_ids)
    return os.getpid()


def default_executor() -> cf.Executor:
    """The shared executor: a Dask client's when ``CARDKIT_DASK_SCHEDULER`` names a scheduler, else
    a local process pool (all cores; 'forkserver' where available, else 'spawn', so it is safe to
    start from a Jupyter kernel that runs threads)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or getattr(_POOL, "_broken", False):
            address = os.environ.get(SCHEDULER_VARIABLE, "").strip()
            if address:
                _POOL = dask_executor(address)
            else:
                method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
                context = multiprocessing.get_context(method)
                if method == "forkserver":
                    context.set_forkserver_preload(["cardkit.sim"])
                _POOL = cf.ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=context)
        return _POOL


def dask_executor(address):
    """A ``concurrent.futures`` executor on the Dask cluster whose scheduler is at ``address``
    (needs ``pip install 'dask[distributed]'``, the ``dask`` extra)."""
    try:
        from distributed import Client
    except ImportError:
        raise ValueError(f"{SCHEDULER_VARIABLE}={address}: Dask is not installed "
                         "(pip install 'dask[distributed]')") from None
    return Client(address, set_as_default=False).get_executor()


def start_workers(game_ids=()) -> None:
    """Start the default executor's workers now (and import ``game_ids`` in them), so the first
    simulation does not wait for them: the rule explorer calls this when it is opened. A local pool
    left unused ends after ``IDLE_SECONDS``."""
    with _using_default() as pool:
        client = getattr(pool, "_client", None)          # a Dask client's executor: warm every worker
        if client is not None:
            client.run(_warm, tuple(game_ids))
            return
        workers = getattr(pool, "_max_workers", 1)
        for future in [pool.submit(_warm, tuple(game_ids)) for _ in range(workers)]:
            future.result()


class _using_default:
    """``with _using_default() as pool``: the default executor, kept up while in use; once nothing
    uses a local process pool for ``IDLE_SECONDS``, it is shut down (its processes end)."""

    def __enter__(self):
        global _USERS, _IDLE_TIMER
        with _POOL_LOCK:
            _USERS += 1
            timer, _IDLE_TIMER = _IDLE_TIMER, None
        if timer is not None:
            timer.cancel()
        try:
            return default_executor()
        except BaseException:
            self.__exit__()
            raise

    def __exit__(self, *_exc):
        global _USERS, _IDLE_TIMER
        with _POOL_LOCK:
            _USERS -= 1
            if _USERS or _POOL is None or hasattr(_POOL, "_client"):
                return
            timer = _IDLE_TIMER = threading.Timer(IDLE_SECONDS, _shut_if_idle)
        timer.daemon = True
        timer.name = "ck-sim-idle"
        timer.start()


def _shut_if_idle() -> None:
    """The idle timer's end: shut the local pool down if nothing took it up again meanwhile."""
    global _POOL, _IDLE_TIMER
    with _POOL_LOCK:
        if _USERS or _IDLE_TIMER is not threading.current_thread():
            return
        pool, _POOL, _IDLE_TIMER = _POOL, None, None
    if pool is None:
        return
    pool.shutdown(wait=True, cancel_futures=True)
    with _POOL_LOCK:
        if _POOL is None:          # no new pool started meanwhile from the same forkserver
            _stop_forkserver()


def _stop_forkserver() -> None:
    """The process the pool's workers were forked from (holding ``cardkit.sim`` imported) ends too;
    the next pool starts a new one. (multiprocessing's resource tracker, a small process, stays: it
    may hold what other users of multiprocessing in this process registered.)"""
    from multiprocessing import forkserver
    stop = getattr(getattr(forkserver, "_forkserver", None), "_stop", None)
    if stop is not None:
        stop()


@atexit.register
def _shutdown_pool():
    global _POOL, _IDLE_TIMER
    timer, _IDLE_TIMER = _IDLE_TIMER, None
    if timer is not None:
        timer.cancel()
    pool, _POOL = _POOL, None
    if pool is None:
        return
    client = getattr(pool, "_client", None)
    if client is not None:
        pool.shutdown(wait=False)
        client.close()
    else:
        pool.shutdown(wait=False, cancel_futures=True)


def spec_of(game, bots, seed, max_moves=100_000) -> tuple:
    """What a worker needs to play games of ``game`` between ``bots`` from the master ``seed``."""
    players = game.players
    if not _is_factory(bots):
        bots = list(bots)
        if len(bots) != players:
            raise ValueError(f"simulate: {len(bots)} bots for {players} seats")
    return (game.id, players, dict(game.options), bots, seed, max_moves)


def stream(jobs, executor=None, cancel=None, chunk=None):
    """Play several simulations at once; yields ``(key, rows)`` as each chunk of games finishes.

    ``jobs``: ``{key: (spec, n)}`` with ``spec`` from ``spec_of``. The first chunks of every job are
    handed out before the later ones, so every job has results early. Rows come in the order chunks
    finish; a row's first field is its game's index. ``executor`` as for ``simulate``. Once
    ``cancel`` is set, chunks not started are cancelled and running ones are not waited for.
    """
    def stopped():
        return cancel is not None and cancel.is_set()

    per_job = [[(key, spec, a, b) for a, b in chunk_bounds(n, chunk)] for key, (spec, n) in jobs.items()]
    order = [task for rank in range(max(map(len, per_job), default=0))
             for tasks in per_job if rank < len(tasks) for task in [tasks[rank]]]
    if executor == "inline":
        for key, spec, a, b in order:
            if stopped():
                return
            yield key, play_chunk(spec, a, b, cancel)
        return
    if executor is not None:
        yield from _stream_on(executor, order, stopped)
        return
    with _using_default() as pool:
        yield from _stream_on(pool, order, stopped)


def _stream_on(pool, order, stopped):
    futures = {pool.submit(play_chunk, spec, a, b): key for key, spec, a, b in order}
    pending = set(futures)
    try:
        while pending and not stopped():
            finished, pending = cf.wait(pending, timeout=0.05, return_when=cf.FIRST_COMPLETED)
            for future in finished:
                yield futures[future], future.result()
    finally:
        for future in pending:
            future.cancel()


def simulate(game, bots, n, seed=None, executor=None, progress=None, cancel=None, chunk=None,
             max_moves=100_000):
    """Play ``n`` games of ``game`` between ``bots``; one row per game in a pandas DataFrame.

    Columns: ``game`` (0 … n−1), ``seed`` (that game's seed), ``rounds`` (the "round" fact of the
    final view, None if the game has none), ``moves`` (actions taken), ``winner`` (first winner;
    −1 if the game hit ``max_moves`` unfinished), ``n_winners``, ``score_0`` … ``score_{p−1}`` and
    ``win_0`` … ``win_{p−1}`` (1/len(winners) for each winner, else 0, so column means are win shares),
    then the game's own ``summary_columns`` (``State.summary()``; None for an unfinished game).

    ``bots``: one Bot per seat (picklable; copied, then reseeded from (seed, game index)) or a
    picklable callable ``(players, seed) -> list of bots`` called once per game with that game's seed
    (which seeds seat s's bot with ``bot_seed(seed, s)``).
    ``seed``: the master seed (None picks one; it is in ``df.attrs["seed"]``).
    ``executor``: any ``concurrent.futures.Executor`` (e.g. ``distributed.Client(...).get_executor()``);
    None uses the shared default (``default_executor()``: a local process pool, or the Dask scheduler
    named by ``CARDKIT_DASK_SCHEDULER``); "inline" plays in this process.
    Games are split into chunks (``chunk`` games each; by default small ones first, see ``chunk_bounds``).
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
    spec = spec_of(game, bots, seed, max_moves)
    rows = []
    for _key, part in stream({None: (spec, n)}, executor, cancel, chunk):
        rows += part
        if progress:
            progress(len(rows), n)
    rows.sort(key=lambda row: row[0])
    return Played(rows, columns(players, game.summary_columns), seed, len(rows) < n)


__all__ = ["simulate", "simulate_rows", "Played", "stream", "spec_of", "play_chunk", "chunk_bounds", "derive_seed",
           "default_executor", "dask_executor", "start_workers", "columns", "SCHEDULER_VARIABLE"]
