"""Random-play speed of "21 with trumps" (trump21) with 2 and 4 seats.

A decision is one choice by a player: ``state.legal_actions()`` then ``state.apply(random choice)``
through ``cardkit.run`` (see _peers.py); also measured with a ``view(seat)`` lent per decision and
read as a counting bot reads it (own zones and ``unseen``), and read in full. Best of three timed runs each, the runs taking turns, each run's
figure printed beside the best, so a busy machine shows up as spread. No peer engine ships this game,
so there is no ratio.

    python bench/trump21_speed.py            # figures
    python bench/trump21_speed.py --profile  # plus where trump21's hot path spends its time
"""
import sys

from _peers import cardkit_run, note_check, profile, seats_with_and_without_views

SECONDS = 1.5
RUNS = 3


def main():
    note_check()
    seats_with_and_without_views("trump21", (2, 4), SECONDS, RUNS)
    if "--profile" in sys.argv:
        profile(cardkit_run, "trump21", 4, 3.0)


if __name__ == "__main__":
    main()
