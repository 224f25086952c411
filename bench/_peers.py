"""What the speed benchmarks share: timed random play of a cardkit game and of the peer engines
(RLCard's UNO game object, OpenSpiel games), and the printing of runs and ratios.

Each ``*_run`` plays whole games for ``seconds`` and returns (decisions per second, decisions per game).
A decision is one choice by a player; OpenSpiel's chance nodes are resolved at random and not counted.
"""
import cProfile
import os
import pstats
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import cardkit  # noqa: E402
from cardkit.bots import RandomBot  # noqa: E402


class _LookingRandomBot(RandomBot):
    """A random bot that is handed a view every decision, as a bot that reads the table is."""
    needs_view = True


def cardkit_run(game_id, players, seconds, with_view=False, seed=0):
    """Random play through ``cardkit.run`` (the loop simulations and the app use): ``legal_actions()``
    then ``apply(random choice)``; with ``with_view`` also ``view(seat)`` each time."""
    bot = _LookingRandomBot if with_view else RandomBot
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardkit.make(game_id, players=players, seed=seed + games).new_state()
        cardkit.run(state, [bot(seed + games * 31 + s) for s in range(players)])
        decisions += len(state.history)
        games += 1
    return decisions / (time.perf_counter() - start), decisions / games


def uno_run(players, seconds, seed=0):
    """RLCard's ``UnoGame``: ``get_legal_actions()`` then ``step(random choice)`` (step also builds
    the next player's observation)."""
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(seed)
    game = UnoGame(num_players=players)
    game.np_random.seed(seed)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), decisions / games


def spiel_run(name, players, seconds, seed=0):
    """An OpenSpiel game: ``legal_actions()`` then ``apply_action(random choice)``."""
    import pyspiel

    rng = random.Random(seed)
    game = pyspiel.load_game(name, {"players": players})
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), decisions / games


def available(module, missing) -> bool:
    """Whether the peer engine imports; prints ``missing`` when it does not."""
    try:
        __import__(module)
    except ImportError:
        print(missing)
        return False
    return True


def note_check():
    if os.environ.get("CARDKIT_CHECK", "") not in ("", "0"):
        print("note: CARDKIT_CHECK is on, so every apply also checks card conservation")


def spread(runs):
    return " ".join(f"{rate / 1000:.0f}k" for rate, _ in runs)


def report(label, runs, per_game=True):
    rate, length = max(runs)
    games = f"{length:.0f} per game; " if per_game else ""
    print(f"{label:<38}{rate:10,.0f} decisions/s  ({games}runs {spread(runs)})")


def ratio(ours_name, peer_name, ours, ours_v, peer, goal):
    """Best against best (and with views), and the spread of the run-by-run ratios."""
    (best, _), (best_v, _), (other, _) = max(ours), max(ours_v), max(peer)
    pairs = sorted(o[0] / p[0] for o, p in zip(ours, peer))
    print(f"ratio {ours_name} / {peer_name}: {best / other:.2f}x (with views {best_v / other:.2f}x); {goal}; "
          f"run by run {pairs[0]:.2f}x to {pairs[-1]:.2f}x")


def profile(run, *args):
    """Where the time goes in ``run(*args)``, the 15 functions that spend most of it themselves."""
    prof = cProfile.Profile()
    prof.runcall(run, *args)
    pstats.Stats(prof).sort_stats("tottime").print_stats(15)
