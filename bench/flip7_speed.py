"""Random-play speed: Flip 7 (3 seats) against RLCard's UNO game object (3 players).

A decision is one choice made by a player: for Flip 7 ``state.legal_actions()`` then
``state.apply(random choice)``; for UNO ``game.get_legal_actions()`` then ``game.step(random
choice)`` (RLCard's step also builds the next player's observation, so Flip 7 is measured both
without and with ``state.view(seat)`` per decision). Best of three timed runs each; the engines'
runs take turns and each run's figure is printed, so a busy machine shows up as spread.

    python bench/flip7_speed.py            # figures
    python bench/flip7_speed.py --profile  # plus where Flip 7's hot path spends its time
"""
import cProfile
import os
import pstats
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import cardkit  # noqa: E402

SECONDS = 1.5
RUNS = 3


def flip7_run(seconds, with_view=False, seed=0):
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardkit.make("flip7", players=3, seed=seed + games).new_state()
        while not state.is_over:
            actions = state.legal_actions()
            if with_view:
                state.view(state.current_player)
            state.apply(actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0])
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), decisions / games


def uno_run(seconds, seed=0):
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(seed)
    game = UnoGame(num_players=3)
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


def spread(runs):
    return " ".join(f"{rate / 1000:.0f}k" for rate, _ in runs)


def main():
    check = os.environ.get("CARDKIT_CHECK", "")
    if check not in ("", "0"):
        print("note: CARDKIT_CHECK is on, so every apply also checks card conservation")
    try:
        import rlcard.games.uno.game  # noqa: F401
    except ImportError:
        print("RLCard is not installed (pip install rlcard, or make bench): no UNO comparison")
        uno_runs = None
    else:
        uno_runs = []
    f7_runs, f7v_runs = [], []
    for _ in range(RUNS):           # interleaved: a change in the machine's load hits every engine alike
        f7_runs.append(flip7_run(SECONDS))
        f7v_runs.append(flip7_run(SECONDS, True))
        if uno_runs is not None:
            uno_runs.append(uno_run(SECONDS))
    (f7, f7_len), (f7v, _) = max(f7_runs), max(f7v_runs)
    print(f"Flip 7, 3 seats, random play:        {f7:10,.0f} decisions/s  ({f7_len:.0f} per game; "
          f"runs {spread(f7_runs)})")
    print(f"Flip 7, same, plus view(seat) each:  {f7v:10,.0f} decisions/s  (runs {spread(f7v_runs)})")
    if uno_runs:
        uno, uno_len = max(uno_runs)
        print(f"RLCard UNO game, 3 players, random:  {uno:10,.0f} decisions/s  ({uno_len:.0f} per game; "
              f"runs {spread(uno_runs)})")
        pairs = sorted(f[0] / u[0] for f, u in zip(f7_runs, uno_runs))
        print(f"ratio Flip 7 / UNO: {f7 / uno:.2f}x (with views {f7v / uno:.2f}x); goal >= 1.5x; "
              f"run by run {pairs[0]:.2f}x to {pairs[-1]:.2f}x")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.runcall(flip7_run, 3.0)
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
