"""RuleExplorer: every value's games at once, the plot as they come back, Cancel keeps what was played,
the workers start when it is opened (and not before)."""
import subprocess
import sys
import threading
import types

import pytest

import cardkit
import cardkit.sim as real_sim
import widgets as w

# Upper bound for a background explorer run or a hand-off between threads: each wait ends as soon
# as its condition holds, the bound only turns a hang into a failure (a busy machine can stall a
# thread for seconds, issue 7).
HANG = 120


def _stub_explorer(monkeypatch, explorer):
    mod = types.ModuleType("cardkit.games.flip7.explore")
    mod.EXPLORER = explorer
    monkeypatch.setitem(sys.modules, "cardkit.games.flip7.explore", mod)


def _explorer_spec():
    from cardkit.bots import RandomBot
    return {"options": {"target": [50, 100, 150]}, "players": [2, 3],
            "bots": lambda players, seed: [RandomBot(seed + i) for i in range(players)],
            "seats": lambda players: [f"Player {i} plays at random" for i in range(players)],
            "metrics": {"rounds": "Rounds per game", "win_0": "Share of games won by Player 0"}}


def _stub_sim(monkeypatch, stream, started=None):
    """cardkit.sim with a fake ``stream`` (and ``start_workers`` noting the games it was asked to warm)."""
    mod = types.ModuleType("cardkit.sim")
    mod.spec_of, mod.columns = real_sim.spec_of, real_sim.columns
    mod.stream = stream
    mod.start_workers = lambda game_ids: (started if started is not None else []).append(list(game_ids))
    monkeypatch.setitem(sys.modules, "cardkit.sim", mod)


def _fake_stream(calls, block=None, chunk=5):
    """Fake games in chunks of ``chunk``, every value in turn; with ``block`` (an Event), waits for
    Cancel once every value has had its first chunk."""
    def stream(jobs, executor=None, cancel=None):
        calls.append(([spec[2]["target"] for spec, _n in jobs.values()], [n for _s, n in jobs.values()], executor))
        most = max(n for _spec, n in jobs.values())
        for start in range(0, most, chunk):
            if block is not None and start == chunk:
                block.set()
                assert cancel.wait(HANG), "cancel never arrived"
            for key, (spec, n) in jobs.items():
                if cancel is not None and cancel.is_set():
                    return
                players, target = spec[1], spec[2]["target"]
                yield key, [(i, i, target // 50 + i % 3, 10, 0, 1, *[1] * players, i % 2, *[0] * (players - 1))
                            for i in range(start, min(start + chunk, n))]
    return stream


def test_rule_explorer_speaks_in_words():
    ex = w.RuleExplorer("eights", players=3, executor="inline")
    assert ex.option.options == (("Cards dealt to each player", "hand_size"),
                                 ("Penalty points that end the match", "limit"), ("Number of players", "players"))
    assert "Player 0 counts the cards it cannot see" in ex.who.value and "seat 0" not in ex.who.value
    assert all("seat" not in label and "_" not in label for label, _ in ex.metric.options)
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    ex.option.value = "actions"
    assert ex.values.options == (("yes", True), ("no", False))


def test_rule_explorer_shows_a_friendly_empty_state_before_a_run(monkeypatch):
    _stub_explorer(monkeypatch, _explorer_spec())
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    assert ex.plot_box.children == (ex.empty,) and "press <b>Run</b>" in ex.empty.value


def test_opening_the_explorer_starts_the_workers_for_its_game(monkeypatch):
    _stub_explorer(monkeypatch, _explorer_spec())
    started = []
    _stub_sim(monkeypatch, _fake_stream([]), started)
    ex = w.RuleExplorer("flip7", players=3)
    ex._workers.join(HANG)
    assert started == [["flip7"]]
    w.RuleExplorer("flip7", players=3, executor="inline")          # an executor of its own: nothing to start
    assert started == [["flip7"]]


def test_the_explorer_says_so_when_its_workers_cannot_start(monkeypatch):
    _stub_explorer(monkeypatch, _explorer_spec())
    _stub_sim(monkeypatch, _fake_stream([]))

    def refuse(_game_ids):
        raise ValueError("no Dask scheduler at tcp://nowhere:8786")
    sys.modules["cardkit.sim"].start_workers = refuse
    ex = w.RuleExplorer("flip7", players=3)
    ex._workers.join(HANG)
    assert "did not start: no Dask scheduler at tcp://nowhere:8786" in ex.status.value


def test_rule_explorer_runs_in_the_background_and_plots(monkeypatch):
    _stub_explorer(monkeypatch, _explorer_spec())
    calls = []
    _stub_sim(monkeypatch, _fake_stream(calls))
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    assert calls == [] and len(ex.figure.data) == 0            # nothing heavy at construction
    ex.games.value = 20
    ex.run_button.click()
    assert ex.wait(HANG)
    assert calls == [([50, 100, 150], [20, 20, 20], "inline")]     # every value at once
    assert ex.progress.value == ex.progress.max == 60
    assert ex.plot_box.children == (ex.figure,)
    assert len(ex.figure.data) == 3 and "ck-plot" in ex.figure._dom_classes
    mean = ex.figure.data[2]
    assert list(mean.x) == [50, 100, 150] and list(mean.y) == pytest.approx([1.95, 2.95, 3.95])
    lower, upper = ex.figure.data[1].y, ex.figure.data[0].y
    assert all(lo < m < hi for lo, m, hi in zip(lower, mean.y, upper))
    assert ex.figure.layout.yaxis.title.text == "Rounds per game"
    assert ex.figure.layout.xaxis.title.text == "Points that end the game"
    assert ex.figure.layout.width is None and ex.figure.layout.autosize      # as wide as the screen
    assert "Done" in ex.status.value and not ex.run_button.disabled


def test_the_plot_shows_every_value_before_the_run_ends_and_cancel_keeps_what_was_played(monkeypatch):
    _stub_explorer(monkeypatch, _explorer_spec())
    started, calls = threading.Event(), []
    _stub_sim(monkeypatch, _fake_stream(calls, block=started))
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    ex.games.value = 100
    ex.run_button.click()
    assert started.wait(HANG) and ex.running and not ex.cancel_button.disabled
    mean = ex.figure.data[2]                                          # drawn while the games go on
    assert list(mean.x) == [50, 100, 150] and [c[2] for c in mean.customdata] == [5, 5, 5]
    assert ex.plot_box.children == (ex.figure,) and ex.runner.task.done == 15
    ex.cancel_button.click()
    assert ex.wait(HANG)
    assert len(calls) == 1
    assert [(r["value"], r["games"], r["cut_short"]) for r in ex.results] == [(50, 5, True), (100, 5, True),
                                                                           (150, 5, True)]
    assert "Cancelled: kept the 15 games played (5 for each value, of 100 asked for)" in ex.status.value
    assert ex.cancel_button.disabled and not ex.run_button.disabled
    assert [c[2] for c in ex.figure.data[2].customdata] == [5, 5, 5]
    assert ex.figure.data[2] is mean                  # redrawn in place: one update, not new traces


def test_rule_explorer_redraws_when_the_measure_changes_after_a_run(monkeypatch):
    _stub_explorer(monkeypatch, _explorer_spec())
    calls = []
    _stub_sim(monkeypatch, _fake_stream(calls))
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    ex.games.value = 20
    ex.run()
    assert ex.wait(HANG)
    ex.metric.value = "win_0"
    assert len(calls) == 1                                            # no new simulation
    assert ex.figure.layout.yaxis.title.text == "Share of games won by Player 0"
    assert list(ex.figure.data[2].y) == pytest.approx([0.5, 0.5, 0.5])


def test_a_single_value_is_a_marker_with_its_band(monkeypatch):
    _stub_explorer(monkeypatch, _explorer_spec())
    _stub_sim(monkeypatch, _fake_stream([]))
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    ex.values.value = (50,)
    ex.games.value = 20
    ex.run()
    assert ex.wait(HANG)
    # one value: a marker with its band on a category axis, not a lone point on a 49-51 axis
    assert ex.figure.layout.xaxis.type == "category"
    assert list(ex.figure.data[0].x) == ["50"] and ex.figure.data[0].error_y.array is not None


def test_rule_explorer_boolean_option_uses_error_bars(monkeypatch):
    spec = _explorer_spec()
    spec["options"] = {"actions": [True, False]}
    _stub_explorer(monkeypatch, spec)

    def stream(jobs, executor=None, cancel=None):
        for key, (spec_, _n) in jobs.items():
            yield key, [(i, i, r, 10, 0, 1, 1, 1, 1, 0, 0, 0)
                        for i, r in enumerate([1, 2, 3] if spec_[2]["actions"] else [4, 5, 6])]
    _stub_sim(monkeypatch, stream)
    ex = w.RuleExplorer("flip7", executor="inline")
    ex.run()
    assert ex.wait(HANG)
    assert len(ex.figure.data) == 1 and list(ex.figure.data[0].y) == [2.0, 5.0]
    assert list(ex.figure.data[0].x) == ["yes", "no"]
    assert ex.figure.data[0].error_y.array is not None


# -- against the real explore.py / sim.py ------------------------------------------------------------
def test_real_rule_explorer_small_run():
    from cardkit.games.flip7.explore import EXPLORER
    ex = w.RuleExplorer("flip7", players=EXPLORER["players"][0], executor="inline")
    ex.values.value = tuple(ex.values.options[i][1] for i in range(2))
    ex.games.value = 10
    ex.run()
    assert ex.wait(HANG), "simulation did not finish"
    assert "Done" in ex.status.value, ex.status.value
    assert len(ex.figure.data) == 3 and len(ex.results) == 2


def test_same_seed_same_figures_whatever_order_the_games_come_back_in(monkeypatch):
    def explore(stream=None):
        if stream is not None:
            _stub_sim(monkeypatch, stream)
        ex = w.RuleExplorer("flip7", players=3, executor="inline")
        ex.values.value = (100, 200)
        ex.games.value = 30
        ex.run()
        assert ex.wait(HANG) and "Done" in ex.status.value, ex.status.value
        monkeypatch.undo()
        return ex.results

    def backwards(jobs, executor=None, cancel=None):       # the real games, the last chunk first
        yield from reversed(list(real_sim.stream(jobs, "inline", cancel, chunk=7)))
    played = explore()
    assert [r["games"] for r in played] == [30, 30]
    assert explore(backwards) == played
    # and what simulate() gives for one value, with the explorer's bots and seed
    from cardkit.games.flip7.explore import EXPLORER
    df = real_sim.simulate(cardkit.make("flip7", players=3, seed=0, target=200), EXPLORER["bots"](3, 0), 30,
                           seed=0, executor="inline")
    assert played[1]["estimates"]["rounds"] == w.lessons.stats.estimate(df.rounds.tolist())


def test_rule_explorer_varies_the_number_of_players_and_skips_values_that_do_not_fit():
    ex = w.RuleExplorer("eights", players=3, executor="inline")
    ex.option.value = "players"
    ex.values.value = (2, 3)
    ex.metric.value = "rounds"
    ex.games.value = 10
    ex.run()
    assert ex.wait(HANG) and "Done: 10 games for each of 2 values" in ex.status.value, ex.status.value
    assert [r["value"] for r in ex.results] == [2, 3]
    ex.players_box.value = 6
    ex.option.value = "hand_size"
    ex.values.value = (5, 8)
    ex.run()
    assert ex.wait(HANG) and [r["value"] for r in ex.results] == [5]
    assert "Left out 8: eights: hand_size must be from 1 to 5 with 6 players" in ex.status.value


def test_a_page_starts_simulation_workers_only_once_its_explorer_is_opened():
    code = """
import multiprocessing, sys, time
import widgets as w
app = w.GameApp("flip7", players=3)
box = w.on_demand("Open the rule explorer", lambda: w.RuleExplorer(game="flip7", players=3))
assert multiprocessing.active_children() == [], "processes before the explorer is opened"
assert "cardkit.sim" not in sys.modules or sys.modules["cardkit.sim"]._POOL is None
box.children[0].children[0].click()
explorer = box.children[0]
explorer._workers.join(120)
print(len(multiprocessing.active_children()), type(sys.modules["cardkit.sim"]._POOL).__name__)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert int(out[0]) >= 1 and out[1] == "ProcessPoolExecutor"


def test_once_a_simulation_is_over_and_the_pool_idles_no_worker_process_remains():
    """A kernel holds simulation workers only while it uses them (issue 28, item 11): after a run
    and the idle time (short here), none of the pool's processes is left, its forkserver included."""
    code = """
import os, time
import widgets as w
from cardkit import sim

def descendants(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                for child in f.read().split():
                    found += [int(child)] + descendants(int(child))
    except FileNotFoundError:          # a thread or process that just ended
        pass
    return found

sim.IDLE_SECONDS = 0.5
before = set(descendants(os.getpid()))
explorer = w.RuleExplorer(game="flip7", players=3, games=20)
explorer._workers.join(120)
explorer.run()
assert explorer.wait(120), "the run did not end"
assert explorer.results, "no results"
during = set(descendants(os.getpid())) - before
from multiprocessing import resource_tracker
def left():    # multiprocessing's resource tracker stays: it is not the pool's
    return set(descendants(os.getpid())) - before - {resource_tracker._resource_tracker._pid}
deadline = time.monotonic() + 30
while (left() or sim._POOL is not None) and time.monotonic() < deadline:
    time.sleep(0.1)
print(len(during), len(left()), sim._POOL is None)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert int(out[0]) >= 3                     # the workers and their forkserver ran the games
    assert out[1:] == ["0", "True"]             # and are gone once the pool idled


def test_a_german_explorer_reads_its_hint_measures_seats_values_and_refusals_in_german():
    from cardkit import i18n
    with i18n.using("de"):
        ex = w.RuleExplorer("trump21", players=3, executor="inline")
        ex.option.value = "trumps"
        values = [label for label, _value in ex.values.options]
        ex.values.value = ()
        with pytest.raises(ValueError, match="^Wähle mindestens einen Wert"):
            ex.request()
    assert "<b>Start</b>" in ex.empty.value and "Choose what to vary" not in ex.empty.value
    assert "keine Trümpfe" in values and "no trumps" not in values
    assert "Spieler 1 nimmt Karten, bis seine Summe" in ex.who.value
    assert "Schwellen-Bot" in dict((column, label) for label, column in ex.metric.options)["win_1"]
