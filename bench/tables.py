"""Shared tables: how fast a move reaches the others, and how many moves a second one table takes,
on SQLite and PostgreSQL.

Each seat is a process of its own with its own store (as each player's page is a kernel of its own),
all at one Frantic table of 4 and of 8 seats. Two runs per back end and table size:

- **move-to-others latency**: every seat polls ``table_state`` every ``--poll`` seconds (as a page
  does) and, when asked, thinks ``--think`` seconds and plays a random legal move; figure: the time
  from a player calling ``play`` to each other seat's poll showing the move, p50/p95/max;
- **moves/s**: one process plays every seat as fast as the store takes the moves, while the other
  seats keep polling; figure: moves a second the table sustains.

The SQLite file lives in a temporary folder; PostgreSQL is a throwaway server started for the run
(Debian's `postgresql`, as the class rooms' tests start it), with fsync on, as a school's server would be.

    python bench/tables.py                               # 4 and 8 seats, both back ends
    python bench/tables.py --seats 4 --seconds 10 --backends sqlite
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from classroom.store import TooLate, open_store  # noqa: E402
from _databases import each_backend  # noqa: E402  (bench/ is on the path when a script runs)

GAME = "frantic"


def seat(url, code, token, index, start, stop_at, poll, think, drive, out):
    """One player's page: polls, notes when it first sees each move, plays its own when asked."""
    rng = random.Random(index)
    with open_store(url, retry_seconds=60) as store:
        me = store.seat(token)
        start.wait()
        seen, played, moves = {}, {}, 0
        while time.time() < stop_at:
            state = store.table_state(code)
            now = time.time()
            for n in range(moves, len(state.history)):
                seen[n] = now
            moves = len(state.history)
            if state.is_over:
                break
            actions = state.legal_actions(me.index)
            if actions and not drive:
                time.sleep(rng.uniform(0, 2 * think))
                began = time.time()
                try:
                    store.play(token, rng.choice(actions), seen=moves)
                    played[moves] = began
                except TooLate:
                    pass
                continue
            time.sleep(poll)
        out.put((index, seen, played))


def driver(url, code, tokens, start, stop_at, out):
    """Plays every seat as fast as the store takes the moves."""
    rng = random.Random(0)
    with open_store(url, retry_seconds=60) as store:
        start.wait()
        began, moves = time.perf_counter(), 0
        while time.time() < stop_at:
            state = store.table_state(code)
            if state.is_over:
                break
            asked = state.to_act()[0]
            store.play(tokens[asked], rng.choice(state.legal_actions(asked)), seen=len(state.history))
            moves += 1
        out.put((moves, time.perf_counter() - began))


def table_run(url, seats, seconds, poll, think, drive):
    with open_store(url) as store:
        table = store.create_table(GAME, players=seats)
        tokens = [store.sit(table.code, f"player {i}").token for i in range(seats)]
    fork = multiprocessing.get_context("fork")
    start, out = fork.Event(), fork.Queue()
    stop_at = time.time() + 1.0 + seconds
    pages = [fork.Process(target=seat, args=(url, table.code, token, i, start, stop_at, poll, think, drive, out))
             for i, token in enumerate(tokens)]
    if drive:
        pages.append(fork.Process(target=driver, args=(url, table.code, tokens, start, stop_at, out)))
    for page in pages:
        page.start()
    time.sleep(1.0)                        # every page has its store open
    start.set()
    got = [out.get(timeout=seconds + 600) for _ in pages]
    for page in pages:
        page.join()
    return got


def pct(values, q):
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else (values or [float("nan")])[0]


def measure(name, url, args):
    for seats in args.seats:
        got = table_run(url, seats, args.seconds, args.poll, args.think, drive=False)
        latencies = []
        for index, _, played in got:
            for n, began in played.items():
                latencies += [seen[n] - began for other, seen, _ in got if other != index and n in seen]
        moves = sum(len(played) for _, _, played in got)
        print(f"{name}, {seats} seats: move-to-others, polled every {args.poll:g} s, a player thinking "
              f"{args.think:g} s on average: {moves} moves, {len(latencies)} sightings")
        if latencies:
            print(f"  move to others  p50 {pct(latencies, 50) * 1000:7.1f} ms   p95 {pct(latencies, 95) * 1000:7.1f} ms"
                  f"   max {max(latencies) * 1000:7.1f} ms")
        got = table_run(url, seats, args.seconds, args.poll, args.think, drive=True)
        moves, elapsed = next(item for item in got if len(item) == 2)
        print(f"{name}, {seats} seats: one process plays every seat as fast as it can, {seats} pages polling: "
              f"{moves / elapsed:.0f} moves/s ({moves} in {elapsed:.1f} s)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=lambda s: [int(x) for x in s.split(",")], default=[4, 8])
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each run")
    parser.add_argument("--poll", type=float, default=0.1, help="seconds between a page's polls")
    parser.add_argument("--think", type=float, default=0.2, help="a player's thinking time, on average")
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args()
    each_backend(args.backends, measure, args, parser.error)

if __name__ == "__main__":
    main()
