"""A class of simulated students posting to one class room, and its board watching, on SQLite and PostgreSQL.

Each student is a process of its own with its own store (as each page is a kernel of its own). Two runs
per back end:

- **board latency**: the students post at a class's pace (each a result every ``--every`` seconds on
  average, at random), the board polls "anything since id N" every ``--poll`` seconds; figures: the
  time from a student starting to post a result to the board having it, p50/p95/max, and what one poll
  costs;
- **writes/s**: every student posts ``--burst`` results as fast as the store takes them (limits off).

The SQLite file lives in a temporary folder; PostgreSQL is a throwaway server started for the run
(Debian's `postgresql`, as the class rooms' tests start it), with fsync on, as a school's server
would be; ``--url`` measures a database of your own instead (it gets a class of its own, deleted after).

    python bench/class_board.py                         # 30 students, both back ends
    python bench/class_board.py --students 60 --seconds 20 --backends sqlite
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

from classroom.store import Limits, open_store  # noqa: E402
from _databases import each_backend  # noqa: E402  (bench/ is on the path when a script runs)

UNLIMITED = Limits(student_per_second=1e6, class_per_second=1e6, results_per_class=10**7)
RECORD = {"options": {"target": 200}, "seed": 0, "scores": [120, 205, 87], "winner": 1, "rounds": 5,
          "practice": False, "stops": [18, 21, 9, 25, 14]}


def student(url, token, index, start, stop_at, every, burst, out):
    """One page: posts at random intervals until ``stop_at`` (latency run), or ``burst`` results at once."""
    rng = random.Random(index)
    with open_store(url, limits=UNLIMITED, retry_seconds=60) as store:
        start.wait()
        n, write_times = 0, []
        if burst:
            for n in range(burst):
                began = time.perf_counter()
                store.add_result(token, game="flip7", kind="game", record=dict(RECORD, seed=n), key=f"b{n}")
                write_times.append(time.perf_counter() - began)
        else:
            time.sleep(rng.uniform(0, every))
            while time.time() < stop_at:
                began = time.perf_counter()
                store.add_result(token, game="flip7", kind="game",
                                 record=dict(RECORD, seed=n, posted=time.time()), key=f"l{n}")
                write_times.append(time.perf_counter() - began)
                n += 1
                time.sleep(rng.expovariate(1 / every))
        out.put(write_times)


def class_run(url, students, seconds=0.0, every=1.0, poll=0.1, burst=0):
    """Start the class, watch it as a board would; the board's latencies, poll costs, writes and elapsed."""
    with open_store(url, limits=UNLIMITED) as store:
        room = store.create_class("bench")
        tokens = [store.join(room.code, f"student {i}").token for i in range(students)]
        fork = multiprocessing.get_context("fork")
        start, out = fork.Event(), fork.Queue()
        stop_at = time.time() + 1.0 + seconds
        pages = [fork.Process(target=student, args=(url, token, i, start, stop_at, every, burst, out))
                 for i, token in enumerate(tokens)]
        for page in pages:
            page.start()
        time.sleep(1.0)                    # every page has its store open
        began = time.perf_counter()
        start.set()
        latencies, polls, last = [], [], 0
        if not burst:
            while time.time() < stop_at + 2 * poll:
                asked = time.perf_counter()
                new = store.results(room.code, since_id=last)
                polls.append(time.perf_counter() - asked)
                seen = time.time()
                latencies += [seen - r["record"]["posted"] for r in new]
                last = new[-1]["id"] if new else last
                time.sleep(poll)
        writes = [t for _ in pages for t in out.get(timeout=600)]
        for page in pages:
            page.join()
        elapsed = time.perf_counter() - began
        total = store.class_state(room.code).last_id
        store.delete_class(room.code, room.teacher_key)
    return latencies, polls, writes, total, elapsed


def pct(values, q):
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else (values or [float("nan")])[0]


def measure(name, url, args):
    latencies, polls, writes, total, _ = class_run(url, args.students, args.seconds, args.every, args.poll)
    print(f"{name}: board latency, {args.students} students, a result every {args.every:g} s each, "
          f"polled every {args.poll:g} s: {len(latencies)} results seen of {total} posted")
    print(f"  post to board   p50 {pct(latencies, 50) * 1000:7.1f} ms   p95 {pct(latencies, 95) * 1000:7.1f} ms"
          f"   max {max(latencies) * 1000:7.1f} ms")
    print(f"  one poll        p50 {pct(polls, 50) * 1000:7.2f} ms   p95 {pct(polls, 95) * 1000:7.2f} ms")
    print(f"  one write       p50 {pct(writes, 50) * 1000:7.2f} ms   p95 {pct(writes, 95) * 1000:7.2f} ms")
    _, _, writes, total, elapsed = class_run(url, args.students, burst=args.burst)
    print(f"{name}: writes/s, {args.students} students posting {args.burst} results each as fast as they can: "
          f"{total / elapsed:.0f} writes/s ({total} in {elapsed:.1f} s; one write p50 "
          f"{pct(writes, 50) * 1000:.1f} ms, p95 {pct(writes, 95) * 1000:.1f} ms)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the latency run")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between one student's results, on average")
    parser.add_argument("--poll", type=float, default=0.1, help="seconds between the board's polls")
    parser.add_argument("--burst", type=int, default=50, help="results per student in the writes/s run")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--url", help="measure this database only (SQLAlchemy URL)")
    args = parser.parse_args()
    if args.url:
        measure(args.url.split(":")[0], args.url, args)
        return
    each_backend(args.backends, measure, args, parser.error)

if __name__ == "__main__":
    main()
