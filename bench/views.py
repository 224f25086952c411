"""Decisions per second with and without a seat's view, with a learner's observation, and through the
PettingZoo wrapper, for every game, against RLCard's UNO (its game object, whose ``step`` builds the
next player's observation, and its env, which also encodes it) and OpenSpiel's C++ crazy_eights
(with its observation tensor), in one run.

Every setting plays random games for SECONDS, RUNS times, the settings taking turns, so a change in
the machine's load hits them alike; each figure is the LOWEST of the runs (not the best), each ratio
the lowest of the run-by-run ratios. Ways of playing (a random choice every decision):

  moves   legal_actions() then apply(): no view
  own     cardkit.run's lent view, the bot reading its own zones and unseen (what a counting bot reads)
  view    state.view(seat) built in full every decision (what the table renderer reads)
  obs     state.observation(seat) and action_ids() every decision (a learner's input: the
          legal moves' fixed ids, as RLCard's legal_actions; the dense mask is the env's)
  env     cardkit.env(game): PettingZoo's AEC loop, numpy observation and mask every decision

    .venv/bin/python bench/views.py                 # every game (about 6 minutes)
    .venv/bin/python bench/views.py flip7 frantic   # some
"""
import os
import random
import sys
import time

from _peers import LOOKS, available, spiel_run, uno_run

import cardkit
from cardkit.core import bot_seed
from cardkit.core import game as core_game

SECONDS = float(os.environ.get("BENCH_SECONDS", 1.0))
RUNS = 5
#: (label, game, seats, options, peers): the peers race with the same number of players.
SETTINGS = [
    ("Flip 7", "flip7", 3, {}, ("uno", "uno_env")),
    ("Huit americain", "eights", 4, {}, ("uno", "uno_env", "spiel")),
    ("Frantic (base game)", "frantic", 4, {}, ("uno", "uno_env")),
    ("Frantic (both expansions)", "frantic", 4, {"troublemaker": True, "supercharge": True}, ("uno", "uno_env")),
    ("21 with trumps", "trump21", 2, {}, ()),
    ("Skitgubbe", "skitgubbe", 4, {}, ()),
]
WAYS = ("moves", "own", "view", "obs", "env")


def play(game_id, seats, options, way, seconds):
    """Random play of ``game_id`` for ``seconds`` the ``way`` named (see the module's docstring)."""
    if way == "env":
        return env_play(game_id, seats, options, seconds)
    if way in ("moves", "own"):
        bot = LOOKS[None if way == "moves" else "own"]
        decisions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = cardkit.make(game_id, players=seats, seed=games, **options).new_state()
            cardkit.run(state, [bot(bot_seed(games, s)) for s in range(seats)])
            decisions += len(state.history)
            games += 1
        return decisions / (time.perf_counter() - start)
    rng = random.Random(1)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardkit.make(game_id, players=seats, seed=games, **options).new_state()
        games += 1
        while not state.is_over:
            seat = state.current_player
            if way == "view":
                state.view(seat)
            else:
                state.observation(seat)
                state.action_ids(seat)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def env_play(game_id, seats, options, seconds):
    """PettingZoo's AEC loop over cardkit.env(): last() (observation and mask as numpy), a random
    marked move id, step()."""
    env = cardkit.env(game_id, players=seats, **options)
    rng = random.Random(1)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=games)
        games += 1
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            marked = observation["action_mask"].nonzero()[0]
            env.step(int(marked[rng.randrange(len(marked))]))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def uno_env_play(players, seconds):
    """RLCard's UNO env: reset/step with a random legal action; every step encodes the next player's
    observation as numpy (what a learner reads)."""
    import rlcard

    env = rlcard.make("uno", config={"game_num_players": players, "seed": 0})
    rng = random.Random(0)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


PEERS = {
    "uno": ("RLCard UNO game (step builds the observation)", lambda p, s: uno_run(p, s)[0], "rlcard"),
    "uno_env": ("RLCard UNO env (numpy observation)", uno_env_play, "rlcard"),
    "spiel": ("OpenSpiel crazy_eights (C++), no observation", lambda p, s: spiel_run("crazy_eights", p, s)[0], "pyspiel"),
    "spiel_obs": ("OpenSpiel crazy_eights, observation tensor",
                  lambda p, s: spiel_run("crazy_eights", p, s, observe=True)[0], "pyspiel"),
}


def lowest_ratio(ours, theirs):
    return min(o / t for o, t in zip(ours, theirs))


def main():
    core_game.CHECK_CONSERVATION = False
    wanted = sys.argv[1:]
    settings = [s for s in SETTINGS if not wanted or s[1] in wanted]
    have = {module: available(module, f"{module} is not installed (make bench installs it): skipped")
            for module in ("rlcard", "pyspiel", "pettingzoo")}
    ways = [w for w in WAYS if w != "env" or have["pettingzoo"]]
    load = os.getloadavg()
    print(f"load average at the start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {os.cpu_count()} cores; "
          f"lowest of {RUNS} runs of {SECONDS:g} s each, taking turns")
    for label, game_id, seats, options, peer_names in settings:
        peers = [p for p in peer_names if have[PEERS[p][2]]]
        if "spiel" in peers:
            peers.append("spiel_obs")
        ours = {way: [] for way in ways}
        theirs = {p: [] for p in peers}
        cardkit.make(game_id, players=seats, **options).encoding.moves   # the move ids, built once, not timed
        for _ in range(RUNS):
            for way in ways:
                ours[way].append(play(game_id, seats, options, way, SECONDS))
            for p in peers:
                theirs[p].append(PEERS[p][1](seats, SECONDS))
        print(f"\n{label}, {seats} seats (decisions/s, lowest of {RUNS}; every run)")
        for way in ways:
            runs = ours[way]
            share = "" if way == "moves" else f"   {lowest_ratio(runs, ours['moves']):.2f} of no view"
            print(f"  {way:6s} {min(runs):9,.0f}{share}   ({', '.join(f'{r / 1000:.0f}k' for r in runs)})")
        for p in peers:
            print(f"  {PEERS[p][0]}: {min(theirs[p]):,.0f}   ({', '.join(f'{r / 1000:.0f}k' for r in theirs[p])})")
        if "uno" in peers:
            uno = theirs["uno"]
            print(f"  vs UNO game: moves {lowest_ratio(ours['moves'], uno):.2f}x, own view "
                  f"{lowest_ratio(ours['own'], uno):.2f}x, full view {lowest_ratio(ours['view'], uno):.2f}x, "
                  f"observation {lowest_ratio(ours['obs'], uno):.2f}x (lowest run-by-run ratios)")
        if "uno_env" in peers and "env" in ours:
            print(f"  PettingZoo wrapper vs UNO env: {lowest_ratio(ours['env'], theirs['uno_env']):.2f}x")
        if "spiel" in peers:
            print(f"  vs OpenSpiel: moves {lowest_ratio(ours['moves'], theirs['spiel']):.2f}x, observation "
                  f"{lowest_ratio(ours['obs'], theirs['spiel_obs']):.2f}x")
    load = os.getloadavg()
    print(f"\nload average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
