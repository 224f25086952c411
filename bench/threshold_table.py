"""Time of the exact Flip 7 threshold table (one player, fresh deck, thresholds 1-60).

Number-only and modifier decks use the closed form over sets of numbers (goal: under 0.5 s for
thresholds 1-60 on the number-only deck); the action decks (unique=7) read stored exact tables.
``--recompute`` also times the exact recursion that produced those stored tables (minutes, GBs).

    python bench/threshold_table.py [--recompute]
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pandas  # noqa: E402,F401  (imported up front so its import time is not counted)

import cardkit  # noqa: E402
from cardkit.games.flip7 import solo  # noqa: E402
from cardkit.games.flip7.cards import make_deck  # noqa: E402
from cardkit.games.flip7.prob import threshold_table  # noqa: E402

DECKS = [("number-only", dict(actions=False, modifiers=False)),
         ("numbers + modifiers", dict(actions=False, modifiers=True)),
         ("numbers + actions", dict(actions=True, modifiers=False)),
         ("full deck", dict(actions=True, modifiers=True))]


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def main():
    for label, options in DECKS:
        game = cardkit.make("flip7", players=1, **options)
        solo._table.cache_clear()
        cold, df = timed(threshold_table, game, range(1, 61))
        warm, _ = timed(threshold_table, game, range(1, 61))
        best = df.loc[df.expected_score.idxmax()]
        print(f"{label:20s} first call {cold * 1000:8.1f} ms, cached {warm * 1000:6.1f} ms;"
              f" best threshold {best.threshold} (expected {best.expected_score:.3f},"
              f" bust {best.bust_probability:.3f})")
    if "--recompute" in sys.argv:
        for label, options in DECKS[2:]:
            params = solo._deck_params(make_deck(options["actions"], options["modifiers"]))
            seconds, _ = timed(solo.solve_actions, *params, 7)
            print(f"{label:20s} exact recursion from scratch: {seconds:.0f} s")


if __name__ == "__main__":
    main()
