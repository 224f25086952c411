"""What each game's value-keyed cache saves: machine instructions per decision of random play with
the cache, and with it turned off (every lookup a miss, the value built again), under valgrind.

    PYTHONHASHSEED=0 python bench/caches.py                       # every cache
    PYTHONHASHSEED=0 python bench/caches.py frantic               # one game's

A cache is turned off in the playing process only: a dict cache (stored into through
``cardkit.core.fast.keep``) is swapped for one that keeps nothing, a functools.lru_cache for the function it wraps. The figure is the one the
cache's comment quotes ("without it random play costs N% more instructions per decision"). Same
games, seeds, options and random choices in both runs, start-up subtracted, so the machine's load
does not change it (valgrind needed); a game is made afresh for every game played, as a simulation
does. The first line of each game is measured twice: their difference is the figures' noise.
"""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (game, seats, games to play, options, the caches on its path as "module:name").
CACHES = [
    ("eights", 4, 4, "", ["cardkit.games.eights.cards:_FIT_TESTS", "cardkit.games.eights.state:_GROUP_PLAYS",
                          "cardkit.games.eights.state:_EIGHT_PLAYS"]),
    ("skitgubbe", 4, 2, "", ["cardkit.games.skitgubbe.state:_RUNS"]),
    ("frantic", 4, 4, "", ["cardkit.games.frantic.cards:_FITS", "cardkit.games.frantic.specials:_PLAYS"]),
    ("frantic", 4, 4, "troublemaker,supercharge", ["cardkit.games.frantic.powers:_POWERED"]),
    ("flip7", 3, 40, "", ["cardkit.games.flip7.cards:_deck"]),
]

#: Plays GAMES random games (seeds 0..) with the caches named turned off; prints the decisions made.
PLAYER = r"""
import random, sys
tree, game_id, seats, games, options, *off = sys.argv[1:]
sys.path.insert(0, tree)
import cardkit
from cardkit.core import game as core_game
core_game.CHECK_CONSERVATION = False

class KeepsNothing(dict):
    def __setitem__(self, key, value):
        pass

options = {name: True for name in options.split(",") if name}
cardkit.make(game_id, players=int(seats), **options)      # the game's modules, imported by the registry
for spec in off:
    module, name = spec.split(":")
    module = sys.modules[module]
    cache = getattr(module, name)
    setattr(module, name, cache.__wrapped__ if hasattr(cache, "__wrapped__") else KeepsNothing())
rng = random.Random(1)
decisions = 0
for seed in range(int(games)):
    state = cardkit.make(game_id, players=int(seats), seed=seed, **options).new_state()
    while state.decision is not None:
        choices = state.legal_actions()
        state.apply(choices[rng.randrange(len(choices))])
        decisions += 1
print(decisions)
"""


def instructions(game_id, seats, games, options="", off=()) -> float:
    """Machine instructions per decision, start-up subtracted (games, then 4 x games)."""
    counts = []
    for n in (games, 4 * games):
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              "-c", PLAYER, str(ROOT), game_id, str(seats), str(n), options, *off],
                             capture_output=True, text=True, check=True)
        collected = next(line for line in out.stderr.splitlines() if "Collected" in line)
        counts.append((int(out.stdout.split()[-1]), int(collected.split()[-1])))
    (d1, i1), (d2, i2) = counts
    return (i2 - i1) / (d2 - d1)


def main():
    if not shutil.which("valgrind"):
        sys.exit("valgrind is needed: it counts instructions, a figure the machine's load does not change")
    for game_id, seats, games, options, caches in CACHES:
        if sys.argv[1:] and game_id not in sys.argv[1:]:
            continue
        with_all = instructions(game_id, seats, games, options)
        again = instructions(game_id, seats, games, options)
        print(f"{game_id}, {seats} seats{', ' + options if options else ''}: {with_all:,.0f} instructions per "
              f"decision with every cache ({again:,.0f} measured again)", flush=True)
        for cache in caches:
            without = instructions(game_id, seats, games, options, [cache])
            print(f"  without {cache}: {without:,.0f}, {100 * (without / with_all - 1):+.1f}% per decision",
                  flush=True)


if __name__ == "__main__":
    main()
