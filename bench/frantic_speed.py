"""Random-play speed: Frantic (4 seats, everything on: the default options, Troublemaker and
Supercharge) against RLCard's UNO game object (4 players), the nearest shedding
game a peer engine ships.

A decision is one choice by a player (see _peers.py): Frantic's wishes, targets, counters and event
choices each count as one. Best of three timed runs each, the engines' runs taking turns. The goal
is not to be slower than UNO.

    python bench/frantic_speed.py            # figures
    python bench/frantic_speed.py --profile  # plus where Frantic's hot path spends its time
"""
import sys

from _peers import available, cardkit_run, note_check, profile, ratio, report, uno_run

SECONDS = 1.5
RUNS = 3
PLAYERS = 4


def main():
    note_check()
    uno = available("rlcard.games.uno.game", "RLCard is not installed (pip install rlcard, or make bench): "
                    "no UNO comparison")
    runs = {"frantic": [], "views": [], "uno": []}
    for _ in range(RUNS):
        runs["frantic"].append(cardkit_run("frantic", PLAYERS, SECONDS))
        runs["views"].append(cardkit_run("frantic", PLAYERS, SECONDS, with_view=True))
        if uno:
            runs["uno"].append(uno_run(PLAYERS, SECONDS))
    report("frantic, everything on, 4 seats, random:", runs["frantic"])
    report("frantic, same, plus view(seat) each:", runs["views"], per_game=False)
    if uno:
        report("RLCard UNO game, 4 players, random:", runs["uno"])
        ratio("frantic", "UNO", runs["frantic"], runs["views"], runs["uno"], "goal >= 1x")
    if "--profile" in sys.argv:
        profile(cardkit_run, "frantic", PLAYERS, 3.0)


if __name__ == "__main__":
    main()
