"""simulate() on a Dask cluster of 1 and then 2 worker processes (one thread each) on this machine:
games per second with Flip 7's explorer bots and the speed-up of 2 workers over 1. The frames are
checked to be the same as played in this process. Needs the `dask` extra (``pip install -e '.[dask]'``).

    python bench/dask_speed.py [games]
"""
import os
import sys
import time

import _peers  # noqa: F401  (puts the repository on sys.path)

import cardkit
from cardkit.core import plural
from cardkit.games.flip7.explore import explorer_bots
from cardkit.sim import simulate


def main():
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("Dask is not installed (pip install 'dask[distributed]'): nothing to measure")
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    game = cardkit.make("flip7", players=3, seed=0)
    bots = explorer_bots(3, 0)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    reference = simulate(game, bots, n, seed=1, executor="inline")
    rates = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            executor = client.get_executor(pure=False)   # a repeated run is played again, not read from memory
            simulate(game, bots, 20, seed=2, executor=executor)            # workers import the game first
            best = 0.0
            for run in range(3):
                start = time.perf_counter()
                df = simulate(game, bots, n, seed=1, executor=executor)
                best = max(best, n / (time.perf_counter() - start))
                assert df.equals(reference), "a Dask run gave other figures than one in this process"
            rates[workers] = best
            print(f"Dask, {plural(workers, 'worker process', 'worker processes')}: {best:,.0f} games/s "
                  f"(Flip 7, 3 seats, explorer bots, {n} games, best of 3)")
    print(f"speed-up of 2 workers over 1: {rates[2] / rates[1]:.2f}x")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
