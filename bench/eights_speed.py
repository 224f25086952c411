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
from _peers import Peer, available, compare, spiel_run, uno


def main():
    spiel = None
    if available("pyspiel", "OpenSpiel is not installed (pip install open-spiel, or make bench): "
                 "no crazy_eights comparison"):
        spiel = Peer("OpenSpiel", "OpenSpiel crazy_eights, {players} players:",
                     lambda players, seconds: spiel_run("crazy_eights", players, seconds), "reported only")
    compare("eights", 4, [uno("goal > 1x"), spiel])


if __name__ == "__main__":
    main()
