"""Random-play speed: Flip 7 (3 seats) against RLCard's UNO game object (3 players).

A decision is one choice made by a player: for Flip 7 ``state.legal_actions()`` then
``state.apply(random choice)``; for UNO ``game.get_legal_actions()`` then ``game.step(random
choice)`` (RLCard's step also builds the next player's observation, so Flip 7 is measured both
without and with ``state.view(seat)`` per decision). Best of three timed runs each.

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


def best(fn, *args):
    runs = [fn(SECONDS, *args) for _ in range(RUNS)]
    return max(runs)


def main():
    check = os.environ.get("CARDKIT_CHECK", "")
    if check not in ("", "0"):
        print("note: CARDKIT_CHECK is on, so every apply also checks card conservation")
    f7, f7_len = best(flip7_run, False)
    f7v, _ = best(flip7_run, True)
    print(f"Flip 7, 3 seats, random play:        {f7:10,.0f} decisions/s  ({f7_len:.0f} per game)")
    print(f"Flip 7, same, plus view(seat) each:  {f7v:10,.0f} decisions/s")
    try:
        uno, uno_len = best(uno_run)
    except ImportError:
        print("RLCard is not installed (pip install rlcard, or make bench): no UNO comparison")
        uno = None
    if uno:
        print(f"RLCard UNO game, 3 players, random:  {uno:10,.0f} decisions/s  ({uno_len:.0f} per game)")
        print(f"ratio Flip 7 / UNO: {f7 / uno:.2f}x (with views {f7v / uno:.2f}x); goal >= 1.5x")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.runcall(flip7_run, 3.0)
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
