"""Random-play speed: Flip 7 (3 seats) against RLCard's UNO game object (3 players).

A decision is one choice made by a player: for Flip 7 ``state.legal_actions()`` then
``state.apply(random choice)``; for UNO ``game.get_legal_actions()`` then ``game.step(random
choice)`` (RLCard's step also builds the next player's observation, so Flip 7 is measured both
without and with ``state.view(seat)`` per decision). Best of three timed runs each; the engines'
runs take turns and each run's figure is printed, so a busy machine shows up as spread.

    python bench/flip7_speed.py            # figures
    python bench/flip7_speed.py --profile  # plus where Flip 7's hot path spends its time
"""
from _peers import compare, uno


def main():
    compare("flip7", 3, [uno("goal >= 1.5x")])


if __name__ == "__main__":
    main()
