"""Random-play speed: Frantic (4 seats), the base game (the default options) and then everything on
(Troublemaker and Supercharge), each against RLCard's UNO game object (4 players), the nearest
shedding game a peer engine ships.

A decision is one choice by a player (see _peers.py): Frantic's wishes, targets, counters and event
choices each count as one. Best of three timed runs each, the engines' runs taking turns. The goal
is not to be slower than UNO.

    python bench/frantic_speed.py            # figures
    python bench/frantic_speed.py --profile  # plus where Frantic's hot path spends its time
"""
from _peers import compare, uno


def main():
    peer = uno("goal >= 1x")
    compare("frantic", 4, [peer], label=" (base game)")
    compare("frantic", 4, [peer], options={"troublemaker": True, "supercharge": True}, label=" (both expansions)")


if __name__ == "__main__":
    main()
