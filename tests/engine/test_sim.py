"""simulate(): one row per game, deterministic from the seed whatever the executor; progress; cancel."""
import subprocess
import sys
import threading

import pandas as pd
import pytest

import cardkit
from cardkit.bots import RandomBot
from cardkit.games.flip7.bots import ExpectationBot, ThresholdBot
from cardkit.core import bot_seed
from cardkit.games.flip7.explore import explorer_bots
from cardkit.sim import simulate, simulate_rows
from tests._ports import server_port

GAME = cardkit.make("flip7", players=3, seed=0, target=100)


def bots():
    return [ThresholdBot(18), ThresholdBot(25), ExpectationBot()]


@pytest.fixture(scope="module")
def reference():
    return simulate(GAME, bots(), 240, seed=11, executor="inline", chunk=100)


def test_rows_and_columns(reference):
    df = reference
    assert list(df.columns) == ["game", "seed", "rounds", "moves", "winner", "n_winners",
                                "score_0", "score_1", "score_2", "win_0", "win_1", "win_2"]
    assert list(df.game) == list(range(240))
    assert (df.n_winners == 1).all() and (df.winner.between(0, 2)).all()
    assert (df[["win_0", "win_1", "win_2"]].sum(axis=1) == 1).all()
    scores = df[["score_0", "score_1", "score_2"]].to_numpy()
    for row, winner in zip(scores, df.winner):
        assert row[winner] == row.max() >= 100
    assert (df.rounds >= 1).all() and (df.moves > df.rounds).all()
    assert df.seed.nunique() == 240


def test_a_row_is_the_game_made_from_its_seed(reference):
    row = reference.loc[17]
    game = cardkit.make("flip7", players=3, seed=int(reference.seed[17]), target=100)
    state = game.new_state()
    seated = bots()
    for seat, bot in enumerate(seated):
        bot.reseed(bot_seed(game.seed, seat))          # a bot's seed follows from its game's seed
    cardkit.run(state, seated)
    assert state.scores == [row.score_0, row.score_1, row.score_2]
    assert len(state.history) == row.moves and state.winners[0] == row.winner


def test_same_seed_same_frame_whatever_the_chunking(reference):
    again = simulate(GAME, bots(), 240, seed=11, executor="inline", chunk=37)
    pd.testing.assert_frame_equal(reference, again)
    other = simulate(GAME, bots(), 240, seed=12, executor="inline")
    assert not other.equals(reference)


def test_process_pool_gives_the_same_frame(reference):
    df = simulate(GAME, bots(), 240, seed=11, chunk=50)      # default: the shared process pool
    pd.testing.assert_frame_equal(reference, df)


def test_a_dask_cluster_of_worker_processes_gives_the_same_frame(reference, monkeypatch):
    """simulate() on a real multi-process Dask cluster, given its executor or its scheduler's address
    in CARDKIT_DASK_SCHEDULER (how the app is pointed at a cluster)."""
    distributed = pytest.importorskip("distributed")
    from cardkit import sim
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  scheduler_port=server_port(), dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        df = simulate(GAME, bots(), 240, seed=11, executor=client.get_executor(), chunk=60)
        pd.testing.assert_frame_equal(reference, df)
        monkeypatch.setattr(sim, "_POOL", None)
        monkeypatch.setenv(sim.SCHEDULER_VARIABLE, cluster.scheduler_address)
        try:
            sim.start_workers(["flip7"])
            assert type(sim.default_executor()).__name__ == "ClientExecutor"
            pd.testing.assert_frame_equal(reference, simulate(GAME, bots(), 240, seed=11))
        finally:
            sim._shutdown_pool()


def test_same_frame_whatever_order_the_chunks_come_back_in(reference):
    from cardkit.sim import spec_of, stream
    parts = list(stream({"a": (spec_of(GAME, bots(), 11), 240)}, "inline", chunk=30))
    assert [len(rows) for _key, rows in parts] == [30] * 8
    rows = sorted(row for _key, rows in reversed(parts) for row in rows)
    assert [row[3] for row in rows] == list(reference.moves)


def test_several_simulations_at_once_hand_out_their_first_chunks_first():
    from cardkit.sim import chunk_bounds, spec_of, stream
    assert chunk_bounds(200) == [(0, 4), (4, 12), (12, 28), (28, 53), (53, 78), (78, 103), (103, 128),
                                 (128, 153), (153, 178), (178, 200)]      # 4, 8, 16, then 200/16 → 25 each
    assert chunk_bounds(10, chunk=4) == [(0, 4), (4, 8), (8, 10)]
    jobs = {target: (spec_of(cardkit.make("flip7", players=3, seed=0, target=target), bots(), 3), 30)
            for target in (50, 100)}
    keys = [key for key, _rows in stream(jobs, "inline")]
    assert keys[:4] == [50, 100, 50, 100] and len(keys) == 2 * len(chunk_bounds(30))
    alone = simulate(cardkit.make("flip7", players=3, seed=0, target=100), bots(), 30, seed=3, executor="inline")
    together = sorted(row for key, rows in stream(jobs, "inline") if key == 100 for row in rows)
    assert [row[1] for row in together] == list(alone.seed) and [row[3] for row in together] == list(alone.moves)


def test_the_default_chunks_give_the_same_frame_on_the_process_pool(reference):
    pd.testing.assert_frame_equal(reference, simulate(GAME, bots(), 240, seed=11))


def test_callable_bots_are_made_per_game():
    a = simulate(GAME, explorer_bots, 30, seed=4, executor="inline", chunk=10)
    b = simulate(GAME, explorer_bots, 30, seed=4, executor="inline", chunk=30)
    pd.testing.assert_frame_equal(a, b)
    assert a.attrs["seed"] == 4 and a.attrs["game"] == "flip7"


def test_the_callers_bots_are_not_changed():
    seated = [RandomBot(1), RandomBot(2), RandomBot(3)]
    before = [b.rng.getstate() for b in seated]
    simulate(GAME, seated, 5, seed=1, executor="inline")
    assert [b.rng.getstate() for b in seated] == before


def test_progress_is_called_as_chunks_finish():
    calls = []
    simulate(GAME, bots(), 120, seed=2, executor="inline", chunk=25, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(25, 120), (50, 120), (75, 120), (100, 120), (120, 120)]
    calls.clear()
    simulate(GAME, bots(), 60, seed=2, chunk=20, progress=lambda d, t: calls.append((d, t)))
    assert [d for d, _ in calls] == [20, 40, 60] and {t for _, t in calls} == {60}


def test_cancel_returns_the_games_finished_so_far(reference):
    stop = threading.Event()

    def progress(done, total):
        if done >= 100:
            stop.set()

    df = simulate(GAME, bots(), 240, seed=11, executor="inline", chunk=50, progress=progress, cancel=stop)
    assert df.attrs["cancelled"] is True
    assert list(df.game) == list(range(100))
    pd.testing.assert_frame_equal(df, reference.iloc[:100])


def test_cancel_with_a_process_pool(reference):
    stop = threading.Event()
    df = simulate(GAME, bots(), 240, seed=11, chunk=10, progress=lambda d, t: stop.set(), cancel=stop)
    assert df.attrs["cancelled"] is True
    assert 10 <= len(df) < 240
    pd.testing.assert_frame_equal(df, reference.set_index("game").loc[list(df.game)].reset_index())


def test_cancel_set_before_the_start_returns_an_empty_frame():
    stop = threading.Event()
    stop.set()
    df = simulate(GAME, bots(), 50, seed=1, executor="inline", cancel=stop)
    assert len(df) == 0 and "win_2" in df.columns and df.attrs["cancelled"]


def test_bad_arguments():
    with pytest.raises(ValueError, match="bots for 3 seats"):
        simulate(GAME, bots()[:2], 5, seed=1, executor="inline")
    with pytest.raises(ValueError, match="n must be"):
        simulate(GAME, bots(), -1, seed=1, executor="inline")


def test_import_cardkit_stays_light():
    code = ("import sys, cardkit, cardkit.sim, cardkit.games.flip7.bots, cardkit.games.flip7.prob; "
            "assert 'pandas' not in sys.modules and 'numpy' not in sys.modules, 'heavy import'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_rows_without_pandas_are_the_frames_rows(reference):
    played = simulate_rows(GAME, bots(), 240, seed=11, executor="inline", chunk=100)
    assert played.columns == list(reference.columns) and played.seed == 11 and not played.cancelled
    assert played.rows == list(reference.itertuples(index=False, name=None))
    assert played.column("rounds") == list(reference.rounds)


def test_a_factorys_bots_are_seeded_as_the_app_seeds_a_seat():
    import random
    seated = explorer_bots(3, 5)
    assert [b.rng.getstate() for b in seated] == [random.Random(bot_seed(5, s)).getstate() for s in range(3)]
    assert bot_seed(None, 1) is None and all(b.rng.getstate() != seated[0].rng.getstate() for b in seated[1:])
