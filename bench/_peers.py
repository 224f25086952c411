"""What the speed benchmarks share: timed random play of a cardkit game and of the peer engines
(RLCard's UNO game object, OpenSpiel games), and the printing of runs and ratios.

Each ``*_run`` plays whole games for ``seconds`` and returns (decisions per second, decisions per game).
A decision is one choice by a player; OpenSpiel's chance nodes are resolved at random and not counted.
"""
import cProfile
import os
import pstats
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import cardkit  # noqa: E402
from cardkit.bots import RandomBot  # noqa: E402
from cardkit.core import bot_seed  # noqa: E402


class _LookingRandomBot(RandomBot):
    """A random bot that reads, before each move, what a counting bot reads: its own zones and
    ``unseen``. ``cardkit.run`` lends it a view that builds just those fields."""
    needs_view = True

    def act(self, view, actions):
        view.seats[view.seat], view.unseen
        return actions[self.rng.randrange(len(actions))] if len(actions) > 1 else actions[0]   # RandomBot's act


class _ReadingRandomBot(RandomBot):
    """A random bot that has every field of its view built, as the table renderer reads it."""
    needs_view = True

    def act(self, view, actions):
        view.keep()
        return actions[self.rng.randrange(len(actions))] if len(actions) > 1 else actions[0]


#: How a random bot looks at the table: not at all, at its own zones and unseen, at every field.
LOOKS = {None: RandomBot, "own": _LookingRandomBot, "all": _ReadingRandomBot}


def cardkit_run(game_id, players, seconds, with_view=None, seed=0, **options):
    """Random play through ``cardkit.run`` (the loop simulations and the app use): ``legal_actions()``
    then ``apply(random choice)``; with ``with_view`` ("own" or "all", see LOOKS) the bot is also
    lent ``view(seat)`` each time and reads those fields. ``options``: the game's (default: its defaults)."""
    bot = LOOKS[with_view]
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardkit.make(game_id, players=players, seed=seed + games, **options).new_state()
        cardkit.run(state, [bot(bot_seed(seed + games, s)) for s in range(players)])
        decisions += len(state.history)
        games += 1
    return decisions / (time.perf_counter() - start), decisions / games


def uno_run(players, seconds, seed=0):
    """RLCard's ``UnoGame``: ``get_legal_actions()`` then ``step(random choice)`` (step also builds
    the next player's observation)."""
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(seed)
    game = UnoGame(num_players=players)
    game.np_random.seed(seed)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), decisions / games


def spiel_run(name, players, seconds, seed=0, observe=False):
    """An OpenSpiel game: ``legal_actions()`` then ``apply_action(random choice)``; with ``observe``
    the player's observation tensor is read first, each decision."""
    import pyspiel

    rng = random.Random(seed)
    game = pyspiel.load_game(name, {"players": players})
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), decisions / games


def available(module, missing) -> bool:
    """Whether the peer engine imports; prints ``missing`` when it does not."""
    try:
        __import__(module)
    except ImportError:
        print(missing)
        return False
    return True


def note_check():
    if os.environ.get("CARDKIT_CHECK", "") not in ("", "0"):
        print("note: CARDKIT_CHECK is on, so every apply also checks card conservation")


def spread(runs):
    return " ".join(f"{rate / 1000:.0f}k" for rate, _ in runs)


def report(label, runs, per_game=True):
    rate, length = max(runs)
    games = f"{length:.0f} per game; " if per_game else ""
    print(f"{label:<38}{rate:10,.0f} decisions/s  ({games}runs {spread(runs)})")


def view_ratio(ours, views, views_all):
    """What a view every decision leaves of the speed. The goal (>= 0.5: view(seat) and unseen cost
    no more than the move) is for a bot that reads its own zones and unseen; a view read in full is
    printed beside it."""
    share = max(views)[0] / max(ours)[0]
    pairs = sorted(v[0] / o[0] for v, o in zip(views, ours))
    print(f"  with a view every decision, own zones and unseen read: {share:.2f} of the speed without "
          f"(goal >= 0.5); run by run {pairs[0]:.2f} to {pairs[-1]:.2f}; "
          f"every field read: {max(views_all)[0] / max(ours)[0]:.2f}")


def seats_with_and_without_views(game_id, seat_counts, seconds, runs):
    """Random play of ``game_id`` for each number of seats, without and with a view per decision,
    best of ``runs`` interleaved runs (a change in the machine's load hits every setting alike);
    prints each and what a view leaves of the speed."""
    found = {(seats, look): [] for seats in seat_counts for look in LOOKS}
    for _ in range(runs):
        for (seats, look), figures in found.items():
            figures.append(cardkit_run(game_id, seats, seconds, with_view=look))
    for seats in seat_counts:
        report(f"{game_id}, {seats} seats, random play:", found[seats, None])
        report(f"{game_id}, same, reading view(seat) each:", found[seats, "own"], per_game=False)
        view_ratio(found[seats, None], found[seats, "own"], found[seats, "all"])


def ratio(ours_name, peer_name, ours, ours_v, peer, goal):
    """Best against best (and with views), and the spread of the run-by-run ratios."""
    (best, _), (best_v, _), (other, _) = max(ours), max(ours_v), max(peer)
    pairs = sorted(o[0] / p[0] for o, p in zip(ours, peer))
    print(f"ratio {ours_name} / {peer_name}: {best / other:.2f}x (with views {best_v / other:.2f}x); {goal}; "
          f"run by run {pairs[0]:.2f}x to {pairs[-1]:.2f}x")


def profile(run, *args):
    """Where the time goes in ``run(*args)``, the 15 functions that spend most of it themselves."""
    prof = cProfile.Profile()
    prof.runcall(run, *args)
    pstats.Stats(prof).sort_stats("tottime").print_stats(15)


class Peer:
    """A peer engine to race: ``run(players, seconds)`` as ``uno_run``; ``goal`` is printed with the ratio."""

    def __init__(self, name, label, run, goal):
        self.name, self.label, self.run, self.goal = name, label, run, goal


def uno(goal):
    """RLCard's UNO game object as a Peer, or None (with a note) when RLCard is not installed."""
    if available("rlcard.games.uno.game", "RLCard is not installed (pip install rlcard, or make bench): "
                 "no UNO comparison"):
        return Peer("UNO", "RLCard UNO game, {players} players, random:", uno_run, goal)
    return None


def compare(game_id, players, peers, seconds=1.5, runs=3, options=None, label=""):
    """Random play of ``game_id`` with ``players`` seats, without and with a view per decision,
    against each of ``peers`` (None entries are skipped): the runs take turns, so a change in the
    machine's load hits every engine alike; then the reports, the ratios and, with ``--profile``,
    where the game's hot path spends its time. ``options``: the game's (default: its defaults),
    ``label`` says which in the report."""
    note_check()
    peers = [p for p in peers if p is not None]
    ours, views, views_all, theirs = [], [], [], {p.name: [] for p in peers}
    for _ in range(runs):
        ours.append(cardkit_run(game_id, players, seconds, **(options or {})))
        views.append(cardkit_run(game_id, players, seconds, with_view="own", **(options or {})))
        views_all.append(cardkit_run(game_id, players, seconds, with_view="all", **(options or {})))
        for peer in peers:
            theirs[peer.name].append(peer.run(players, seconds))
    title = cardkit.make(game_id, players=players).title + label
    report(f"{title}, {players} seats, random play:", ours)
    report(f"{title}, same, reading view(seat) each:", views, per_game=False)
    view_ratio(ours, views, views_all)
    for peer in peers:
        report(peer.label.format(players=players), theirs[peer.name])
    for peer in peers:
        ratio(title, peer.name, ours, views, theirs[peer.name], peer.goal)
    if "--profile" in sys.argv:
        profile(cardkit_run, game_id, players, 3.0)
