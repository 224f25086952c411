"""Random-play speed: eights (Huit américain, 4 seats) against RLCard's UNO game object and
OpenSpiel's crazy_eights (4 players each), the nearest shedding games the peer engines ship.

A decision is one choice by a player (see _peers.py). RLCard's step also builds the next player's
observation, so eights is measured both without and with ``state.view(seat)`` per decision.
Best of three timed runs each; the engines' runs take turns and each run's figure is printed, so a
busy machine shows up as spread. The goal is to beat UNO; the OpenSpiel figure (C++ behind its
Python binding) is only reported.

    python bench/eights_speed.py            # figures
    python bench/eights_speed.py --profile  # plus where eights' hot path spends its time
"""
import sys

from _peers import available, cardkit_run, note_check, profile, ratio, report, spiel_run, uno_run

SECONDS = 1.5
RUNS = 3
PLAYERS = 4


def main():
    note_check()
    uno = available("rlcard.games.uno.game", "RLCard is not installed (pip install rlcard, or make bench): "
                    "no UNO comparison")
    spiel = available("pyspiel", "OpenSpiel is not installed (pip install open-spiel, or make bench): "
                      "no crazy_eights comparison")
    runs = {"eights": [], "views": [], "uno": [], "spiel": []}
    for _ in range(RUNS):           # interleaved: a change in the machine's load hits every engine alike
        runs["eights"].append(cardkit_run("eights", PLAYERS, SECONDS))
        runs["views"].append(cardkit_run("eights", PLAYERS, SECONDS, with_view=True))
        if uno:
            runs["uno"].append(uno_run(PLAYERS, SECONDS))
        if spiel:
            runs["spiel"].append(spiel_run("crazy_eights", PLAYERS, SECONDS))
    report("eights, 4 seats, random play:", runs["eights"])
    report("eights, same, plus view(seat) each:", runs["views"], per_game=False)
    if uno:
        report("RLCard UNO game, 4 players, random:", runs["uno"])
    if spiel:
        report("OpenSpiel crazy_eights, 4 players:", runs["spiel"])
    if uno:
        ratio("eights", "UNO", runs["eights"], runs["views"], runs["uno"], "goal > 1x")
    if spiel:
        ratio("eights", "OpenSpiel", runs["eights"], runs["views"], runs["spiel"], "reported only")
    if "--profile" in sys.argv:
        profile(cardkit_run, "eights", PLAYERS, 3.0)


if __name__ == "__main__":
    main()
