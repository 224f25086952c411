"""Random-play speed: eights (Huit américain, 4 seats) against RLCard's UNO game object and
OpenSpiel's crazy_eights (4 players each), the nearest shedding games the peer engines ship.

A decision is one choice made by a player: for eights ``state.legal_actions()`` then
``state.apply(random choice)``; for UNO ``game.get_legal_actions()`` then ``game.step(random
choice)`` (RLCard's step also builds the next player's observation, so eights is measured both
without and with ``state.view(seat)`` per decision); for OpenSpiel ``state.legal_actions()`` then
``state.apply_action(random choice)``, its chance nodes (the deal, the draws) resolved by a uniformly
random outcome and not counted. Best of three timed runs each; the engines' runs take turns and
each run's figure is printed, so a busy machine shows up as spread. The goal is to beat UNO; the
OpenSpiel figure (C++ behind its Python binding) is only reported.

    python bench/eights_speed.py            # figures
    python bench/eights_speed.py --profile  # plus where eights' hot path spends its time
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


def eights_run(seconds, with_view=False, seed=0):
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardkit.make("eights", players=4, seed=seed + games).new_state()
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
    game = UnoGame(num_players=4)
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


def spiel_run(seconds, seed=0):
    import pyspiel

    rng = random.Random(seed)
    game = pyspiel.load_game("crazy_eights", {"players": 4})
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


def spread(runs):
    return " ".join(f"{rate / 1000:.0f}k" for rate, _ in runs)


def peer_runs(module, missing):
    """An empty list to fill if the peer engine imports, else None after printing why not."""
    try:
        __import__(module)
    except ImportError:
        print(missing)
        return None
    return []


def ratio(name, ours, ours_v, peer, goal):
    (best, _), (best_v, _), (other, _) = max(ours), max(ours_v), max(peer)
    pairs = sorted(o[0] / p[0] for o, p in zip(ours, peer))
    print(f"ratio eights / {name}: {best / other:.2f}x (with views {best_v / other:.2f}x); {goal}; "
          f"run by run {pairs[0]:.2f}x to {pairs[-1]:.2f}x")


def main():
    check = os.environ.get("CARDKIT_CHECK", "")
    if check not in ("", "0"):
        print("note: CARDKIT_CHECK is on, so every apply also checks card conservation")
    uno_runs = peer_runs("rlcard.games.uno.game", "RLCard is not installed (pip install rlcard, "
                         "or make bench): no UNO comparison")
    spiel_runs = peer_runs("pyspiel", "OpenSpiel is not installed (pip install open-spiel, "
                           "or make bench): no crazy_eights comparison")
    e_runs, ev_runs = [], []
    for _ in range(RUNS):           # interleaved: a change in the machine's load hits every engine alike
        e_runs.append(eights_run(SECONDS))
        ev_runs.append(eights_run(SECONDS, True))
        if uno_runs is not None:
            uno_runs.append(uno_run(SECONDS))
        if spiel_runs is not None:
            spiel_runs.append(spiel_run(SECONDS))
    (e, e_len), (ev, _) = max(e_runs), max(ev_runs)
    print(f"eights, 4 seats, random play:       {e:10,.0f} decisions/s  ({e_len:.0f} per game; "
          f"runs {spread(e_runs)})")
    print(f"eights, same, plus view(seat) each: {ev:10,.0f} decisions/s  (runs {spread(ev_runs)})")
    if uno_runs:
        uno, uno_len = max(uno_runs)
        print(f"RLCard UNO game, 4 players, random: {uno:10,.0f} decisions/s  ({uno_len:.0f} per game; "
              f"runs {spread(uno_runs)})")
    if spiel_runs:
        sp, sp_len = max(spiel_runs)
        print(f"OpenSpiel crazy_eights, 4 players:  {sp:10,.0f} decisions/s  ({sp_len:.0f} per game; "
              f"runs {spread(spiel_runs)})")
    if uno_runs:
        ratio("UNO", e_runs, ev_runs, uno_runs, "goal > 1x")
    if spiel_runs:
        ratio("OpenSpiel", e_runs, ev_runs, spiel_runs, "reported only")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.runcall(eights_run, 3.0)
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
