"""Random-play speed of Skitgubbe with 4 and 8 seats, and the worst case of listing runs.

A decision is one choice by a player (see _peers.py). Random play is slow to end in the second
round (a random player often picks up), so a game is long: thousands of decisions with 8 seats.
Best of three timed runs each, without and with a ``view(seat)`` per decision, taking turns, each run's
figure beside it. Then the worst case of
``legal_actions``: a hand holding two whole suits twice over, leading on an empty table (every run
of both suits is a legal move, 65,476 of them), cold (runs enumerated) and cached, and the builder's
next-part search, by the rules (``part_options``) and by searching every listed run.

    python bench/skitgubbe_speed.py            # figures
    python bench/skitgubbe_speed.py --profile  # plus where the hot path spends its time
"""
import sys
import time

from _peers import cardkit_run, note_check, profile, seats_with_and_without_views

import cardkit
from cardkit.games.skitgubbe import state as skit

SECONDS = 3.0
RUNS = 3


def worst_case():
    from cardkit.games.skitgubbe.cards import PACK
    state = cardkit.make("skitgubbe", players=3, seed=0, stock=1).new_state()
    while state.phase == 1:                       # reach the second round, then give Player 0 the hand
        state.apply(state.legal_actions()[0])
    hand = sorted([c for c in PACK if c[-1] in "SH"] * 2, key=skit.ORDER.__getitem__)
    seat = state.current_player
    state.piles = []
    skit._RUNS.clear()
    start = time.perf_counter()
    lays = state.lays(hand)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(20):
        state.lays(hand)
    warm = (time.perf_counter() - start) / 20
    print(f"worst case: {len(lays):,} legal runs (two suits twice over, empty table): "
          f"{cold * 1000:.0f} ms cold, {warm * 1000:.2f} ms cached")
    state.hands[seat] = hand
    state._legal = None
    builder = state.builder(seat)
    start = time.perf_counter()
    fast = builder.options()
    by_rules = time.perf_counter() - start
    start = time.perf_counter()
    found = builder.searched_options()
    generic = time.perf_counter() - start
    assert sorted(found) == sorted(fast)
    print(f"builder's first choice of card: {by_rules * 1000:.2f} ms by the rules (part_options), "
          f"{generic * 1000:.0f} ms searching every listed run")


def main():
    note_check()
    seats_with_and_without_views("skitgubbe", (4, 8), SECONDS, RUNS)
    worst_case()
    if "--profile" in sys.argv:
        profile(cardkit_run, "skitgubbe", 4, 3.0)


if __name__ == "__main__":
    main()
