"""Random-play speed: Flip 7 (3 seats) against RLCard's UNO game object (3 players).

A decision is one choice made by a player: for Flip 7 ``state.legal_actions()`` then
``state.apply(random choice)``; for UNO ``game.get_legal_actions()`` then ``game.step(random
choice)`` (RLCard's step also builds the next player's observation, so Flip 7 is measured both
without and with ``state.view(seat)`` per decision). Best of three timed runs each; the engines'
runs take turns and each run's figure is printed, so a busy machine shows up as spread.

    python bench/flip7_speed.py            # figures
    python bench/flip7_speed.py --profile  # plus where Flip 7's hot path spends its time
"""
import sys

from _peers import available, cardkit_run, note_check, profile, ratio, report, uno_run

SECONDS = 1.5
RUNS = 3


def main():
    note_check()
    uno = available("rlcard.games.uno.game", "RLCard is not installed (pip install rlcard, or make bench): "
                    "no UNO comparison")
    f7_runs, f7v_runs, uno_runs = [], [], []
    for _ in range(RUNS):           # interleaved: a change in the machine's load hits every engine alike
        f7_runs.append(cardkit_run("flip7", 3, SECONDS))
        f7v_runs.append(cardkit_run("flip7", 3, SECONDS, with_view=True))
        if uno:
            uno_runs.append(uno_run(3, SECONDS))
    report("Flip 7, 3 seats, random play:", f7_runs)
    report("Flip 7, same, plus view(seat) each:", f7v_runs, per_game=False)
    if uno:
        report("RLCard UNO game, 3 players, random:", uno_runs)
        ratio("Flip 7", "UNO", f7_runs, f7v_runs, uno_runs, "goal >= 1.5x")
    if "--profile" in sys.argv:
        profile(cardkit_run, "flip7", 3, 3.0)


if __name__ == "__main__":
    main()
