"""Random-play speed of "21 with trumps" (trump21) with 2 and 4 seats.

A decision is one choice by a player: ``state.legal_actions()`` then ``state.apply(random choice)``
through ``cardkit.run`` (see _peers.py); also measured with ``state.view(seat)`` per decision, as a
bot that reads the table pays. Best of three timed runs each, the runs taking turns, each run's
figure printed beside the best, so a busy machine shows up as spread. No peer engine ships this game,
so there is no ratio.

    python bench/trump21_speed.py            # figures
    python bench/trump21_speed.py --profile  # plus where trump21's hot path spends its time
"""
import sys

from _peers import cardkit_run, note_check, profile, report, view_ratio

SECONDS = 1.5
RUNS = 3


def main():
    note_check()
    runs = {(players, view): [] for players in (2, 4) for view in (False, True)}
    for _ in range(RUNS):           # interleaved: a change in the machine's load hits every setting alike
        for (players, view), found in runs.items():
            found.append(cardkit_run("trump21", players, SECONDS, with_view=view))
    for players in (2, 4):
        report(f"trump21, {players} seats, random play:", runs[players, False])
        report("trump21, same, plus view(seat) each:", runs[players, True], per_game=False)
        view_ratio(runs[players, False], runs[players, True])
    if "--profile" in sys.argv:
        profile(cardkit_run, "trump21", 4, 3.0)


if __name__ == "__main__":
    main()
