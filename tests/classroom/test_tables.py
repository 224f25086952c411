"""Shared tables on SQLite and PostgreSQL: processes playing one game through the store, races settled
by the database, forged rows refused, bots in empty and away seats, seats kept across restarts."""
import json
import logging
import multiprocessing
import random
import threading
import time

import pytest
import sqlalchemy as sa

import cardkit
from cardkit import IllegalAction, i18n
from classroom.store import Limits, LimitReached, NotStarted, StoreUnavailable, TooLate, open_store
from classroom.store.schema import table_moves
from cardkit.core import Window

from .test_store import Clock

# Options that keep a game of random moves short (the rules are the same, the target is nearer).
SHORT = {"flip7": {"target": 50}, "trump21": {"lives": 3}, "eights": {"limit": 1, "hand_size": 3},
         "skitgubbe": {"decks": 1, "stock": 10}, "frantic": {"limit": 20}}
# Fresh processes from a forkserver, not forks of the test run: a fork copies whatever lock another
# thread (a page's poller) held at that moment, and such a child waits forever.
FORK = multiprocessing.get_context("forkserver")


def plays_randomly(url, code, token, seed, results):
    """One player's process: its own store (its own cache), random legal moves for its seat only."""
    store = open_store(url)
    me = store.seat(token)
    rng = random.Random(seed)
    too_late = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = store.table_state(code)
        if state.is_over:
            break
        actions = state.legal_actions(me.index)
        if not actions:               # another seat's turn: look again soon (15 processes poll at once)
            time.sleep(0.05)
            continue
        try:
            store.play(token, rng.choice(actions), seen=len(state.history))
        except TooLate:
            too_late += 1
    history = [[seat, action.to_dict()] for seat, action in store.table_state(code).history]
    results.put((me.index, history, too_late))
    store.close()


def moves_of(state):
    return [[seat, action.to_dict()] for seat, action in state.history]


def test_processes_play_whole_games_of_every_game_and_end_with_identical_histories(db_url):
    processes = 3                                   # one process per seat: three race for every move
    with open_store(db_url) as store:
        tables = {}
        for game in cardkit.list_games():
            players = max(processes, 3) if game == "skitgubbe" else processes
            table = store.create_table(game, players=players, options=SHORT[game])
            seats = [store.sit(table.code, name) for name in ("Ada", "Bob", "Cy")[:processes]]
            if len(seats) < players:                 # a free seat: the creator starts, the bot plays it
                store.start_table(table.code, table.host_key)
            tables[game] = (table, seats)
        results = FORK.Queue()
        workers = [FORK.Process(target=plays_randomly, args=(db_url, table.code, seat.token, 7 * n + i, results))
                   for n, (table, seats) in enumerate(tables.values()) for i, seat in enumerate(seats)]
        for worker in workers:
            worker.start()
        got = [results.get(timeout=150) for _ in workers]
        for worker in workers:
            worker.join(timeout=30)
            assert worker.exitcode == 0
        with open_store(db_url) as fresh:            # a reader that never saw the game rebuilds the same
            for game, (table, seats) in tables.items():
                final = fresh.table_state(table.code)
                assert final.is_over, game
                assert final.game.id == game and final.history
                expected = moves_of(final)
                mine = [h for h in (history for _, history, _ in got) if h == expected]
                assert len(mine) == len(seats), f"{game}: the processes' histories differ"
                assert store.table_state(table.code).history == final.history
                assert [s["name"] for s in fresh.table_info(table.code).seats if s["name"]] == \
                    ["Ada", "Bob", "Cy"][:len(seats)]


def window_with_two_seats(store, rng):
    """A Frantic table of three players whose reaction window asks two of them at once (Nice Try when
    a player goes out, Lucky Bastard): found by the engine alone, then played to through the store."""
    for seed in range(100):
        state = cardkit.make("frantic", players=3, seed=seed).new_state()
        while not state.is_over and not (type(state.decision) is Window and len(state.to_act()) >= 2):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    table = store.create_table("frantic", players=3, seed=seed)
    seats = [store.sit(table.code, name) for name in ("Ada", "Bob", "Cy")]
    for n, (seat, action) in enumerate(state.history):
        store.play(seats[seat].token, action, seen=n)
    return table, seats, store.table_state(table.code)


def test_a_race_on_a_reaction_window_resolves_to_one_answer(db_url):
    with open_store(db_url) as first, open_store(db_url) as second:     # two kernels, two caches
        table, seats, state = window_with_two_seats(first, random.Random(3))
        one, two = state.to_act()[:2]
        second.table_state(table.code)           # both kernels have seen the open window
        seen = len(state.history)
        answers = {one: state.legal_actions(one)[-1], two: state.legal_actions(two)[-1]}
        outcome = {}
        start = threading.Barrier(2)

        def answer(store, seat):
            start.wait()
            try:
                store.play(seats[seat].token, answers[seat], seen=seen)
                outcome[seat] = "played"
            except TooLate as late:
                outcome[seat] = late
        threads = [threading.Thread(target=answer, args=(first, one)), threading.Thread(target=answer,
                                                                                         args=(second, two))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(v if v == "played" else "late" for v in outcome.values()) == ["late", "played"]
        winner = next(seat for seat, v in outcome.items() if v == "played")
        late = next(v for v in outcome.values() if v != "played")
        assert late.state.history[seen] == (winner, answers[winner])     # the loser sees the new state
        for store in (first, second):
            assert store.table_state(table.code).history[seen] == (winner, answers[winner])


def test_a_move_written_first_by_another_kernel_makes_this_one_too_late(db_url):
    """The database's key settles it even when this kernel had not seen the other row yet."""
    with open_store(db_url) as first, open_store(db_url) as second:
        table = first.create_table("flip7", players=2, options={})
        ada, bob = first.sit(table.code, "Ada"), first.sit(table.code, "Bob")
        state = second.table_state(table.code)
        mover = (ada, bob)[state.current_player]
        action = state.legal_actions()[0]
        synced = second.tables._sync

        def stale(code):                         # second reads just before first's row commits
            cached = synced(code)
            first.play(mover.token, action, seen=0)
            second.tables._sync = synced
            return cached
        second.tables._sync = stale
        with pytest.raises(TooLate, match="too late") as late:
            second.play(mover.token, action)
        assert len(late.value.state.history) == 1
        assert second.table_state(table.code).history == first.table_state(table.code).history
        with first.engine.connect() as conn:
            assert conn.scalar(sa.select(sa.func.count()).select_from(table_moves)) == 1


def test_a_move_chosen_from_an_old_state_is_too_late(store):
    table = store.create_table("trump21", players=2)
    seats = [store.sit(table.code, name) for name in ("Ada", "Bob")]
    state = store.table_state(table.code)
    seat = state.current_player
    store.play(seats[seat].token, state.legal_actions(seat)[0], seen=0)
    again = store.table_state(table.code)
    with pytest.raises(TooLate, match=r"moved on \(1 move since\)") as late:
        store.play(seats[again.current_player].token, again.legal_actions()[0], seen=0)
    assert store.table_state(table.code).history == again.history
    with i18n.using("fr"):              # a French page reads why in French
        assert late.value.reason_for(again.current_player) == "trop tard : la table a avancé (1 coup depuis)"


def test_an_illegal_move_is_refused_by_the_engine_and_not_written(store):
    table = store.create_table("eights", players=2)
    seats = [store.sit(table.code, name) for name in ("Ada", "Bob")]
    state = store.table_state(table.code)
    other = 1 - state.current_player
    with pytest.raises(IllegalAction, match="not asked|turn"):
        store.play(seats[other].token, state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="not a Huit|not a"):
        store.play(seats[state.current_player].token, {"type": "Nonsense"})
    with pytest.raises(ValueError, match="no seat"):
        store.play("not-a-token", state.legal_actions()[0])
    assert store.table_state(table.code).history == []


def forge(store, code, number, seat, action_json):
    table_id = store.tables._sync(code).id
    with store.engine.begin() as conn:
        conn.execute(table_moves.insert().values(table_id=table_id, number=number, seat=seat, action=action_json,
                                                 by="player", at=time.time()))


def test_a_forged_row_is_refused_by_every_reader_and_the_game_goes_on(db_url, caplog):
    with open_store(db_url) as store:
        table = store.create_table("flip7", players=2)
        seats = [store.sit(table.code, name) for name in ("Ada", "Bob")]
        state = store.table_state(table.code)
        store.play(seats[state.current_player].token, state.legal_actions()[0])
        before = store.table_state(table.code)
        waiting = 1 - before.current_player
        legal_for_other = json.dumps(before.legal_actions()[0].to_dict())
        caplog.set_level(logging.WARNING, logger="cardkit.classroom.tables")
        forge(store, table.code, 2, waiting, legal_for_other)            # a seat that is not asked
        forge(store, table.code, 3, before.current_player, '{"type": "Flip", "cards": 99}')   # no such move
        forge(store, table.code, 4, 7, legal_for_other)                  # no such seat
        forge(store, table.code, 5, before.current_player, "{not json")       # not a replay file's JSON
        forge(store, table.code, 9, before.current_player, legal_for_other)   # past a gap: waits
        with open_store(db_url) as fresh:
            for reader in (store, fresh):
                after = reader.table_state(table.code)
                assert after.history == before.history
                notes = reader.table_info(table.code).notes
                assert [n.split(" (")[0] for n in notes] == [f"move {n} was refused" for n in (2, 3, 4, 5)]
            assert "does not replay and is refused" in caplog.text
            # the game goes on: the next move takes number 6 and both readers agree
            store.play(seats[after.current_player].token, after.legal_actions()[0], seen=len(after.history))
            assert fresh.table_state(table.code).history == store.table_state(table.code).history
            assert len(store.table_state(table.code).history) == 2


def seat_in_a_process(url, code, results):
    store = open_store(url)
    ada = store.sit(code, "Ada")
    state = store.table_state(code)
    if state.current_player == ada.index:
        store.play(ada.token, state.legal_actions()[0])
    results.put((ada.index, ada.token))
    store.close()


def test_a_restarted_process_resumes_its_seat_with_its_token(db_url):
    with open_store(db_url) as store:
        table = store.create_table("trump21", players=2)
        bob = store.sit(table.code, "Bob")
        results = FORK.Queue()
        kernel = FORK.Process(target=seat_in_a_process, args=(db_url, table.code, results))
        kernel.start()
        index, token = results.get(timeout=60)
        kernel.join(timeout=30)
        assert kernel.exitcode == 0
    with open_store(db_url) as restarted:                  # a new kernel: nothing cached
        again = restarted.sit(table.code, "Ada", token=token)
        assert (again.index, again.token, again.name) == (index, token, "Ada")
        assert restarted.seat(token) == again
        with pytest.raises(ValueError, match="full"):
            restarted.sit(table.code, "Cy")
        state = restarted.table_state(table.code)
        while state.current_player != index:
            restarted.play(bob.token, state.legal_actions()[0], seen=len(state.history))
            state = restarted.table_state(table.code)
        restarted.play(token, state.legal_actions()[0], seen=len(state.history))
        assert restarted.table_state(table.code).history[-1][0] == index


def test_empty_seats_are_bots_once_the_creator_starts(store):
    # Seed 24: three bots move before Ada. A random deal can end a game of 20 points before anyone
    # sits (an event at the start), or before Ada's turn.
    table = store.create_table("frantic", players=4, options={"limit": 20}, seed=24)
    ada = store.sit(table.code, "Ada")
    assert store.table_state(table.code).history == []
    assert not store.table_info(table.code).started
    with pytest.raises(ValueError, match="creator"):
        store.start_table(table.code, "not the key")
    store.start_table(table.code, table.host_key)
    state = store.table_state(table.code)
    assert store.table_info(table.code).started
    assert state.current_player == ada.index                 # the bots played up to Ada's turn
    assert len(state.history) == 3 and all(seat != ada.index for seat, _ in state.history)
    info = store.table_info(table.code)
    assert [s["bot"] for s in info.seats] == [s["index"] != ada.index for s in info.seats]


def test_a_seat_away_longer_than_the_table_allows_is_played_by_a_bot_until_it_returns(db_url):
    clock = Clock(time.time())
    with open_store(db_url, clock=clock) as store:
        table = store.create_table("flip7", players=2, away_seconds=30)
        ada, bob = store.sit(table.code, "Ada"), store.sit(table.code, "Bob")
        state = store.table_state(table.code)
        waiting = (ada, bob)[state.current_player]
        clock.now += 20
        assert store.table_state(table.code).history == []           # 20 s: still here
        clock.now += 15
        store.heartbeat(((ada, bob)[1 - waiting.index]).token)        # the other one is here
        info = store.table_info(table.code)
        assert f"{waiting.name} is away: a bot plays for them" in info.notes
        with i18n.using("de"):              # a German page reads it in German, the name as typed
            assert f"{waiting.name} ist weg: ein Bot spielt für sie oder ihn" in [
                note.for_seat(None) for note in info.notes if hasattr(note, "for_seat")]
        played = store.table_state(table.code)
        assert played.history and played.history[0][0] == waiting.index     # the bot played for them
        store.heartbeat(waiting.token)                                # back
        assert not any("away" in note for note in store.table_info(table.code).notes)


def test_the_seed_never_reaches_a_page_and_the_replay_comes_after_the_end(store):
    table = store.create_table("trump21", players=2, options={"lives": 2})
    seats = [store.sit(table.code, name) for name in ("Ada", "Bob")]
    seed = store.tables._sync(table.code).seed
    page_values = [table, *seats, store.table_info(table.code), store.table_view(seats[0].token)]
    assert not any(str(seed) in repr(value) for value in page_values)
    with pytest.raises(ValueError, match="not over"):
        store.table_replay(table.code)
    rng = random.Random(5)
    while not (state := store.table_state(table.code)).is_over:
        seat = state.current_player
        store.play(seats[seat].token, rng.choice(state.legal_actions(seat)), seen=len(state.history))
    replay = store.table_replay(table.code)
    assert replay["seed"] == seed and replay["options"]["lives"] == 2
    loaded = cardkit.core.replay.from_json(json.loads(json.dumps(replay)), cardkit.make)
    assert loaded.history == state.history and loaded.scores == state.scores


def test_bad_table_input_is_a_clear_error(store):
    with pytest.raises(ValueError, match="unknown game"):
        store.create_table("poker", players=2)
    with pytest.raises(ValueError, match="players"):
        store.create_table("flip7", players=99)
    with pytest.raises(ValueError, match="target"):
        store.create_table("flip7", players=2, options={"target": -5})
    with pytest.raises(ValueError, match="table code"):
        store.sit("K7QF", "Ada")
    with pytest.raises(ValueError, match="no table"):
        store.table_state("ZZZZZ")
    table = store.create_table("flip7", players=2)
    store.sit(table.code, "Ada")
    with pytest.raises(ValueError, match="taken"):
        store.sit(table.code, "ADA")
    with pytest.raises(ValueError, match="name"):
        store.sit(table.code, "")


def test_a_class_lists_its_tables_and_a_finished_game_is_a_result_of_the_class(store):
    room = store.create_class("7B maths")
    ada_student = store.join(room.code, "Ada")
    table = store.create_table("trump21", players=2, options={"lives": 2}, class_code=room.code)
    assert store.create_table("flip7", players=2).class_code is None
    seats = [store.sit(table.code, name) for name in ("Ada", "Bob")]
    assert store.tables.in_class(room.code) == [{"code": table.code, "game": "trump21", "players": 2, "started": True,
                                        "over": False, "names": ["Ada", "Bob"]}]
    with pytest.raises(ValueError, match="not over"):
        store.table_record(seats[0].token)
    rng = random.Random(2)
    while not (state := store.table_state(table.code)).is_over:
        seat = state.current_player
        store.play(seats[seat].token, rng.choice(state.legal_actions(seat)), seen=len(state.history))
    record = store.table_record(seats[0].token)
    assert record["scores"] == state.scores and record["won"] == (0 in state.winners)
    assert record["moves"] == len(state.history) and record["table"] == table.code
    store.add_result(ada_student.token, game="trump21", kind="game", record=record, key=f"table-{table.code}")
    assert [r["record"]["table"] for r in store.results(room.code)] == [table.code]
    assert store.tables.in_class(room.code)[0]["over"]
    store.delete_class(room.code, room.teacher_key)          # its tables go with it
    with open_store(store.url.render_as_string(hide_password=False)) as fresh, \
            pytest.raises(ValueError, match="no table"):
        fresh.table_state(table.code)


# -- issue 42: a table plays only once started, a move exists once stored, limits, bot seats --------------
def first_asked(game, players, seat):
    """A seed whose deal asks ``seat`` first (found by the engine alone)."""
    return next(s for s in range(200) if cardkit.make(game, players=players, seed=s).new_state().current_player == seat)


def test_a_table_plays_no_move_and_no_bot_before_it_has_started(db_url):
    clock = Clock(time.time())
    with open_store(db_url, clock=clock) as store:
        table = store.create_table("flip7", players=3, seed=first_asked("flip7", 3, 0), away_seconds=30)
        ada = store.sit(table.code, "Ada")
        state = store.table_state(table.code)
        assert state.current_player == ada.index and store.table_view(ada.token)["actions"] == []
        with pytest.raises(NotStarted, match="has not started") as refused:
            store.play(ada.token, state.legal_actions()[0], seen=0)
        assert refused.value.rule == "table.not_started"
        bob = store.sit(table.code, "Bob")
        clock.now += 60                                   # both away: still no bot before the start
        assert store.table_state(table.code).history == []
        info = store.table_info(table.code)
        assert not info.started and not any(s["bot"] or s["away"] for s in info.seats) and info.notes == []
        store.heartbeat(bob.token)
        store.sit(table.code, "Cy")                       # the last seat: the game starts
        store.heartbeat(ada.token)
        store.play(ada.token, state.legal_actions()[0], seen=0)
        assert [seat for seat, _ in store.table_state(table.code).history][:1] == [ada.index]


def test_a_move_that_arrives_after_the_end_is_too_late_with_the_final_state(store):
    table = store.create_table("trump21", players=2, options={"lives": 2})
    seats = [store.sit(table.code, name) for name in ("Ada", "Bob")]
    rng = random.Random(5)
    while not (state := store.table_state(table.code)).is_over:
        seat = state.current_player
        store.play(seats[seat].token, rng.choice(state.legal_actions(seat)), seen=len(state.history))
    last_seat, last_move = state.history[-1]
    with pytest.raises(TooLate, match="over") as late:
        store.play(seats[last_seat].token, last_move)
    assert late.value.state.is_over and late.value.state.history == state.history


def database_away(store, monkeypatch):
    """Every write fails as a database that stopped answering does (the store retries, then gives up)."""
    def away(work, write, real=store._transaction):
        if write:
            raise sa.exc.OperationalError("INSERT", {}, ConnectionError("server closed the connection"))
        return real(work, write)
    monkeypatch.setattr(store, "_transaction", away)


def test_a_move_whose_write_failed_does_not_exist_in_the_kernel_that_tried_it(db_url, monkeypatch):
    with open_store(db_url, retry_seconds=0.2) as store, open_store(db_url) as other:
        table = store.create_table("flip7", players=2, seed=1)
        seats = [store.sit(table.code, name) for name in ("Ada", "Bob")]
        state = store.table_state(table.code)
        mover = seats[state.current_player]
        with monkeypatch.context() as patch:
            database_away(store, patch)
            with pytest.raises(StoreUnavailable, match="nothing was written"):
                store.play(mover.token, state.legal_actions()[0], seen=0)
        assert store.table_state(table.code).history == []           # the store's state, not the page's
        assert store.table_view(mover.token)["moves"] == 0
        again = state.legal_actions()[-1]                              # the player may choose anew
        store.play(mover.token, again, seen=0)
        assert store.table_state(table.code).history == other.table_state(table.code).history == [
            (mover.index, again)]


def test_new_tables_are_limited_per_class_and_per_address_and_an_idle_one_frees_its_place(db_url):
    clock = Clock(time.time())
    limits = Limits(tables_per_class=2, tables_per_address=2)
    with open_store(db_url, limits=limits, clock=clock) as store:
        room = store.create_class("7B")
        store.create_table("flip7", players=2, class_code=room.code)
        store.create_table("flip7", players=2, class_code=room.code, address="10.0.0.1")
        with pytest.raises(LimitReached, match=f"class {room.code} has 2 open tables"):
            store.create_table("flip7", players=2, class_code=room.code)
        store.create_table("flip7", players=2, address="10.0.0.1")         # outside the class
        with pytest.raises(LimitReached, match="2 tables were made from this address in the last hour"):
            store.create_table("flip7", players=2, address="10.0.0.1")
        store.create_table("flip7", players=2, address="10.0.0.2")
        clock.now += 3601                                  # nobody played: those tables have ended
        assert store.tables.in_class(room.code) == []
        store.create_table("flip7", players=2, class_code=room.code, address="10.0.0.1")


def test_the_class_board_lists_tables_from_their_rows_without_replaying_them(db_url):
    clock = Clock(time.time())
    with open_store(db_url, clock=clock) as store:
        room = store.create_class("7B")
        table = store.create_table("frantic", players=4, options={"limit": 20}, seed=24, class_code=room.code)
        store.sit(table.code, "Ada")
        store.sit(table.code, "Bob")
        store.start_table(table.code, table.host_key)
        clock.now += 120                                   # Ada and Bob away: a replaying reader would play for them
        with store.engine.connect() as conn:
            stored = conn.scalar(sa.select(sa.func.count()).select_from(table_moves))
        with open_store(db_url, clock=clock) as board:
            def no_replay(code):
                raise AssertionError("the board replayed a table")
            board.tables._sync = no_replay
            assert board.tables.in_class(room.code) == [{"code": table.code, "game": "frantic", "players": 4, "started": True,
                                                "over": False, "names": ["Ada", "Bob"]}]
        with store.engine.connect() as conn:
            assert conn.scalar(sa.select(sa.func.count()).select_from(table_moves)) == stored


def test_a_table_nobody_played_at_for_an_hour_ends(db_url):
    clock = Clock(time.time())
    with open_store(db_url, clock=clock) as store:
        room = store.create_class("7B")
        table = store.create_table("flip7", players=3, class_code=room.code, away_seconds=60)
        ada, bob = store.sit(table.code, "Ada"), store.sit(table.code, "Bob")
        store.start_table(table.code, table.host_key)
        state = store.table_state(table.code)
        clock.now += 3601
        assert store.tables.in_class(room.code) == []                        # off the board
        played = len(store.table_state(table.code).history)
        assert played == len(state.history)                        # no bot plays for the away seats
        asked = (ada, bob)[state.current_player]
        with pytest.raises(NotStarted, match="nobody played at it for an hour") as refused:
            store.play(asked.token, state.legal_actions()[0])
        assert refused.value.rule == "table.ended"
        assert "This table has ended: nobody played at it for an hour." in store.table_info(table.code).notes
        assert store.table_view(ada.token)["actions"] == []


def test_a_newcomer_takes_no_bots_seat_once_the_table_has_started(store):
    table = store.create_table("flip7", players=3)
    ada = store.sit(table.code, "Ada")
    store.start_table(table.code, table.host_key)
    with pytest.raises(ValueError, match="has started: its free seats are bots to the end"):
        store.sit(table.code, "Cy")                      # a classmate who read the code on the board
    assert store.sit(table.code, "Ada", token=ada.token) == ada   # a player who sat comes back
    assert [s["name"] for s in store.table_info(table.code).seats] == ["Ada", None, None]


def test_a_player_takes_her_seat_to_another_device_with_its_seat_code(store):
    """Table code, name and seat code give the seat to a new device; the old page's token is gone, the
    code changes with it, and a wrong code or another seat's name takes nothing."""
    table = store.create_table("trump21", players=2)
    ada = store.sit(table.code, "Ada")
    bob = store.sit(table.code, "Bob")
    code = store.seat_code(ada.token)
    assert len(code) == 8 and code != store.seat_code(bob.token)
    assert code not in json.dumps(str(store.table_info(table.code)))     # only her own page shows it
    wrong = ("2" if code[0] != "2" else "3") + code[1:]
    for name, given in (("Ada", wrong), ("Bob", code), ("Cy", code)):
        with pytest.raises(ValueError, match="has that name and seat code"):
            store.reclaim(table.code, name, given)
    with pytest.raises(ValueError, match="not a seat code: 8 letters and digits"):
        store.reclaim(table.code, "Ada", "abc")
    assert store.seat(ada.token) is not None                  # nothing changed by the refusals
    phone = store.reclaim(table.code.lower(), "ada", code.lower()[:4] + "-" + code.lower()[4:])
    assert (phone.index, phone.name) == (ada.index, "Ada") and phone.token != ada.token
    assert store.seat(ada.token) is None                      # the old page's seat is gone
    with pytest.raises(ValueError, match="taken again on another device"):
        store.table_view(ada.token)
    assert store.table_view(phone.token)["seat"] == ada.index
    assert store.seat_code(phone.token) != code               # the old code is spent
    with pytest.raises(ValueError):
        store.reclaim(table.code, "Ada", code)
