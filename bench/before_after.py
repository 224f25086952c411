"""Random-play speed of this tree against an earlier revision, in the same run.

    python bench/before_after.py 6b303aa                 # Flip 7 (3 seats) and Huit américain (4)
    python bench/before_after.py                         # the same: 6b303aa is the core before v2
    python bench/before_after.py 6b303aa --games trump21:2 frantic:4

The revision is checked out once into a temporary git worktree. Each tree plays in its own process
(the same interpreter, conservation checks off): wall clock, best of several short runs that take
turns, so a change in the machine's load hits both alike. A busy machine still spreads wall-clock
figures by ten per cent and more; with valgrind installed the script also counts the machine
instructions per decision of a fixed set of games (the same seeds and random choices in both trees,
start-up subtracted), a figure that does not depend on the load.
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5
CORE_V1 = "6b303aa"     # the last commit before the core's rewrite (issue 7), what `make bench` compares with
SECONDS = 1.5

#: Plays random games in the tree on sys.path[0]: "timed SECONDS" prints decisions per second,
#: "fixed GAMES" plays that many games (seeds 0..GAMES-1) and prints the decisions made.
PLAYER = r"""
import random, sys, time
tree, mode, amount, game_id, seats = sys.argv[1:6]
sys.path.insert(0, tree)
import cardkit
from cardkit.core import game as core_game
core_game.CHECK_CONSERVATION = False
rng = random.Random(1)
decisions = seed = 0
clock = time.perf_counter
start = clock()
while (clock() - start < float(amount)) if mode == "timed" else seed < int(amount):
    state = cardkit.make(game_id, players=int(seats), seed=seed).new_state()
    seed += 1
    while state.decision is not None:
        choices = state.legal_actions()
        state.apply(choices[rng.randrange(len(choices))])
        decisions += 1
print(decisions / (clock() - start) if mode == "timed" else decisions)
"""


def play(tree, mode, amount, game_id, seats, wrap=()):
    out = subprocess.run([*wrap, sys.executable, "-c", PLAYER, str(tree), mode, str(amount), game_id, str(seats)],
                         capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1]), out.stderr


def instructions(tree, game_id, seats, games):
    """Machine instructions per decision, start-up subtracted (two runs of games and 4 x games)."""
    counts = []
    for n in (games, 4 * games):
        decisions, log = play(tree, "fixed", n, game_id, seats,
                              wrap=("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"))
        collected = next(line for line in log.splitlines() if "Collected" in line)
        counts.append((decisions, int(collected.split()[-1])))
    (d1, i1), (d2, i2) = counts
    return (i2 - i1) / (d2 - d1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("revision", nargs="?", default=CORE_V1,
                        help=f"the earlier revision, a commit id or a tag (default {CORE_V1}: the core before v2)")
    parser.add_argument("--games", nargs="+", default=["flip7:3", "eights:4"], help="game:seats ...")
    parser.add_argument("--no-instructions", action="store_true", help="skip the valgrind counts")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="cardkit-before-"))
    before = workdir / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(before), args.revision],
                   check=True)
    try:
        for spec in args.games:
            game_id, seats = spec.split(":")
            runs = {"before": [], "after": []}
            for _ in range(RUNS):
                for name, tree in (("before", before), ("after", ROOT)):
                    runs[name].append(play(tree, "timed", SECONDS, game_id, seats)[0])
            best = {name: max(figures) for name, figures in runs.items()}
            print(f"{game_id}, {seats} seats, random play (decisions/s, best of {RUNS}; every run):")
            for name, figures in runs.items():
                print(f"  {name:6s} {args.revision if name == 'before' else 'this tree':>10s}: {best[name]:9,.0f}"
                      f"   ({', '.join(f'{f:,.0f}' for f in figures)})")
            print(f"  after / before: {best['after'] / best['before']:.3f}")
            if not args.no_instructions and shutil.which("valgrind"):
                games = 40 if game_id in ("flip7", "trump21") else 4
                per = {name: instructions(tree, game_id, seats, games) for name, tree in
                       (("before", before), ("after", ROOT))}
                print(f"  instructions per decision: before {per['before']:,.0f}, after {per['after']:,.0f}"
                      f" -> speed ratio {per['before'] / per['after']:.3f}")
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)], check=False)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
