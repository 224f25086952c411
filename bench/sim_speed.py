"""Simulation speed against the engine's own, and the rule explorer's default Run, for every game.

For each game (seated as its walkthrough seats the rule explorer) it prints, in one run:
  * the engine's random-play decisions per second (``cardkit.run`` with random bots, a fresh game
    each time: what ``flip7_speed.py`` and the others measure), and with a ``view(seat)`` lent for
    every decision and its own zones and ``unseen`` read (as a counting bot reads), with its ratio
    to without;
  * ``simulate`` with the same random bots, played in this process ("inline") and on the default
    executor (the local process pool, all cores, started before the clock runs), and the ratio
    of each to the engine (goal: inline at least 0.5);
  * games per second of ``simulate`` on the default executor with the app's bots (the game's
    declared default bot in every seat, the one the app seats against a person);
  * the rule explorer's default Run (the call its Run button makes, with the explorer made as the
    walkthrough makes it, its workers started as opening it starts them): seconds until the first
    points are drawn and until the run is done (goals: Flip 7 under 3 s, Huit américain under 10 s),
    and the CPU seconds its workers and this process spent, which a busy machine blurs less.
Best of three runs that take turns for the rates (each run's figure beside it); the load average at
the start and the end says how busy the machine was.

    python bench/sim_speed.py                    # every game
    python bench/sim_speed.py flip7 eights       # some
"""
import json
import os
import re
import sys
import time

from _peers import cardkit_run, note_check, spread

import cardkit
from cardkit import sim
from cardkit.bots import RandomBot

SECONDS = 1.5
RUNS = 3
NOTEBOOKS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "notebooks")
#: How each walkthrough opens its explorer, when the notebook is not there to read it from.
EXPLORER_CALLS = {"flip7": {"players": 3}, "eights": {"players": 3}, "trump21": {"players": 2},
                  "skitgubbe": {"players": 4}, "frantic": {"players": 4}}


def explorer_call(game_id) -> dict:
    """The keyword arguments of ``RuleExplorer(game=...)`` in the game's walkthrough."""
    path = os.path.join(NOTEBOOKS, f"{game_id}.ipynb")
    if os.path.exists(path):
        with open(path) as f:
            source = "".join("".join(c["source"]) for c in json.load(f)["cells"])
        found = re.search(r'RuleExplorer\(game="%s"((?:, \w+=\d+)*)\)' % game_id, source)
        if found:
            return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", found.group(1))}
    return dict(EXPLORER_CALLS.get(game_id, {}))


def simulate_rate(game, bots, seconds, executor, seed):
    """Decisions and games per second of ``simulate`` over about ``seconds`` (sized from a short run)."""
    n = 8
    while True:
        start = time.perf_counter()
        df = sim.simulate(game, bots, n, seed=seed, executor=executor)
        took = time.perf_counter() - start
        if took >= seconds or n >= 1_000_000:
            return df.moves.sum() / took, n / took
        n = max(n * 2, int(n * seconds / max(took, 1e-3) * 1.1))


def workers_cpu() -> float:
    """CPU seconds spent so far by the default process pool's workers (Linux /proc)."""
    total = 0
    for pid in list(getattr(sim.default_executor(), "_processes", {}) or {}):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rpartition(")")[2].split()
            total += int(fields[11]) + int(fields[12])         # utime, stime
        except OSError:
            pass
    return total / os.sysconf("SC_CLK_TCK")


def explorer_run(game_id, call):
    """Seconds until the explorer's default Run draws its first points and until it is done, and
    the CPU seconds its workers and this process spent (a figure a busy machine blurs less)."""
    import widgets as w
    ex = w.RuleExplorer(game=game_id, **call)
    ex._workers.join()
    cpu, own = workers_cpu(), time.process_time()
    start = time.perf_counter()
    ex.run()
    first = None
    while not ex.wait(0.01):
        if first is None and any(t.rows for t in ex._tallies.values()):
            first = time.perf_counter() - start
    done = time.perf_counter() - start
    return first if first is not None else done, done, workers_cpu() - cpu, time.process_time() - own, ex


def main():
    note_check()
    games = sys.argv[1:] or cardkit.list_games()
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    sim.start_workers(games)
    summary = []
    for game_id in games:
        call = explorer_call(game_id)
        players = call.get("players") or cardkit.make(game_id, seed=0).players
        game = cardkit.make(game_id, players=players, seed=0)
        randoms = [RandomBot(s) for s in range(players)]
        engine, viewed, inline, pool = [], [], [], []
        for run in range(RUNS):
            engine.append(cardkit_run(game_id, players, SECONDS, seed=run * 1000))
            viewed.append(cardkit_run(game_id, players, SECONDS, with_view="own", seed=run * 1000))
            inline.append(simulate_rate(game, randoms, SECONDS, "inline", run))
            pool.append(simulate_rate(game, randoms, SECONDS, None, run))
        best_e, best_i, best_p = max(engine)[0], max(inline)[0], max(pool)[0]
        app_bot = cardkit.games.bot_class(game_id)          # the declared default bot
        _, app_games = simulate_rate(game, [app_bot(seed=s) for s in range(players)], SECONDS * 2, None, 7)
        first, done, cpu, own, ex = explorer_run(game_id, call)
        print(f"\n{game.title} ({game_id}), {players} seats, {max(engine)[1]:.0f} decisions per game")
        print(f"  engine, random play            {best_e:10,.0f} decisions/s  (runs {spread(engine)})")
        best_v = max(viewed)[0]
        print(f"  engine, reading view(seat) each {best_v:10,.0f} decisions/s  (runs {spread(viewed)})"
              f"  ratio to without {best_v / best_e:.2f}")
        print(f"  simulate, random bots, inline  {best_i:10,.0f} decisions/s  (runs {spread(inline)})"
              f"  ratio {best_i / best_e:.2f}")
        print(f"  simulate, random bots, pool    {best_p:10,.0f} decisions/s  (runs {spread(pool)})"
              f"  ratio {best_p / best_e:.2f}")
        print(f"  simulate, app bots ({app_bot.__name__}), pool  {app_games:,.0f} games/s")
        values = len(ex.values.value)
        print(f"  explorer default Run: {ex.option.label!r}, {values} values x {ex.games.value} games "
              f"({ex.players_box.value} players): first points {first:.2f} s, done in {done:.1f} s; "
              f"CPU {cpu:.1f} s in the workers, {own:.1f} s here (on {os.cpu_count()} idle cores about "
              f"{max(cpu / (os.cpu_count() or 1), own):.1f} s)")
        summary.append((game_id, best_i / best_e, done))
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("summary: " + "; ".join(f"{g} inline/engine {r:.2f}, explorer Run {d:.1f} s" for g, r, d in summary))


if __name__ == "__main__":
    main()
