"""Random-play speed: Frantic (4 seats, everything on: the default options, Troublemaker and
Supercharge) against RLCard's UNO game object (4 players), the nearest shedding
game a peer engine ships.

A decision is one choice by a player (see _peers.py): Frantic's wishes, targets, counters and event
choices each count as one. Best of three timed runs each, the engines' runs taking turns. The goal
is not to be slower than UNO.

    python bench/frantic_speed.py            # figures
    python bench/frantic_speed.py --profile  # plus where Frantic's hot path spends its time
"""
from _peers import compare, uno


def main():
    compare("frantic", 4, [uno("goal >= 1x")])


if __name__ == "__main__":
    main()
