"""Class rooms on the pages: the Join a class bar posts what its own kernel played (never a figure
from the page), keeps a result through a database that is briefly away, rejoins by the token the
browser kept (checked with the store), and the Class board folds the results in as they arrive,
nicknames as text, with the teacher's controls behind the teacher key. A real SQLite store in a
temporary folder."""
import subprocess
import sys
import threading
import time

import pytest

import cardkit
import widgets as w
from classroom.store import open_store
from classroom.store import StoreUnavailable
from classroom.pages import ClassBoard, JoinBar, Outbox, Tally, access, game_figure, join_bar, outbox
from classroom.pages import board as board_page
from widgets.ui import hosting

HOSTILE = "<img src=x onerror=f(1)>"      # the example, cut to the 24 characters a nickname may have
HOSTILE_ANSWER = "<img src=x onerror=alert(1)>"


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDKIT_DATA", str(tmp_path))
    monkeypatch.delenv("CARDKIT_DB", raising=False)
    for name in (hosting.TEACHER_KEY, hosting.TEACHER_VIEW, "QUERY_STRING", "VOILA_PREHEAT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(join_bar, "_bar", None)     # each test a page of its own, as each page has its kernel
    s = open_store()
    access.use_store(s)
    yield s
    access.use_store(None)
    s.close()


def page_sends(widget, state):
    """What a page (or a hostile one) sends when a control changes: an update message."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def finish(app):
    """Play the app's game to its end: Stay (or the first move offered), Next round at round ends."""
    while not app.state.is_over:
        if app.paused is not None:
            app.next_round()
            continue
        moves = [str(a) for a in app.state.legal_actions(app._human_to_act())]
        app.play("Stay" if "Stay" in moves else moves[0])
    return app


def short_game(seed=5):
    return w.GameApp("flip7", players=2, seed=seed, options={"target": 1})


def bar_for(store, page="flip7"):
    return JoinBar(page, store=store, poll=None)


# -- joining ---------------------------------------------------------------------------------------
def test_a_student_joins_with_the_code_and_a_nickname_and_the_browser_keeps_the_token(store):
    room = store.create_class("7B maths")
    bar = bar_for(store)
    assert bar.join(room.code.lower(), "  Ada ")                    # typed in lower case, with spaces
    code, nickname, token = bar.joined
    assert (code, nickname) == (room.code, "Ada")
    assert bar.memory.keep == {"token": token}                       # localStorage gets it
    assert "Ada" in bar.status.value and bar.join_button.layout.display == "none"
    assert [m["nickname"] for m in store.members(room.code)] == ["Ada"]


def test_enter_in_the_nickname_box_joins(store):
    room = store.create_class("7B maths")
    bar = bar_for(store)
    page_sends(bar.code_box, {"value": room.code})
    page_sends(bar.name_box, {"value": "Ada"})
    bar.name_box._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "submit"}}},
                              "buffers": []})
    for _ in range(100):                                            # joined a moment later
        if bar.joined:
            break
        time.sleep(0.05)
    assert bar.joined[:2] == (room.code, "Ada")


def test_a_wrong_code_or_an_empty_nickname_says_why_and_joins_nothing(store):
    store.create_class("7B maths")
    bar = bar_for(store)
    assert not bar.join("ZZZZ", "Ada")
    assert bar.joined is None and "no class with code" in bar.status.value
    assert not bar.join("", "Ada") and "Type the class code" in bar.status.value


def test_a_reload_rejoins_as_the_same_student_and_a_made_up_token_is_forgotten(store):
    room = store.create_class("7B maths")
    first = bar_for(store)
    first.join(room.code, "Ada")
    token = first.joined[2]
    again = bar_for(store)                                          # the reloaded page
    page_sends(again.memory, {"remembered": {"token": token, "nickname": "Mallory"}})
    assert again.joined == (room.code, "Ada", token)                 # the store's nickname, not the page's
    assert len(store.members(room.code)) == 1
    forged = bar_for(store)
    page_sends(forged.memory, {"remembered": {"token": "made-up"}})
    assert forged.joined is None and forged.memory.keep == {"forget": True}


def test_joining_again_from_the_same_browser_keeps_the_student(store):
    room = store.create_class("7B maths")
    first = bar_for(store)
    first.join(room.code, "Ada")
    again = bar_for(store)
    page_sends(again.memory, {"remembered": {"token": first.joined[2]}})
    again.leave()                                                   # then joins by hand, same browser
    page_sends(again.memory, {"remembered": {"token": first.joined[2]}})
    assert len(store.members(room.code)) == 1


# -- what a page posts -----------------------------------------------------------------------------
def test_a_finished_game_is_posted_from_the_kernels_engine_state(store):
    room = store.create_class("7B maths")
    store.set_class_state(room.code, room.teacher_key, suggested_seed=5)   # a known seed counts only as this
    bar = bar_for(store)
    bar.join(room.code, "Ada")
    app = short_game()
    bar.follow(app)
    finish(app)
    assert bar.outbox.wait()
    rows = store.results(room.code)
    assert len(rows) == 1
    row = rows[0]
    record = row["record"]
    assert (row["kind"], row["game"], row["nickname"]) == ("game", "flip7", "Ada")
    assert record["seed"] == app.game.seed == 5 and record["scores"] == list(app.state.scores)
    assert record["winners"] == list(app.state.winners) and record["practice"] is False
    assert record["rounds"] == len(app.state.round_ends) and record["options"]["target"] == 1
    assert "saved" in bar.status.value
    app.refresh()                                                   # a redraw of the same game posts nothing more
    bar.outbox.wait()
    assert len(store.results(room.code)) == 1


def test_a_game_with_undo_is_posted_as_practice(store):
    room = store.create_class("7B maths")
    store.set_class_state(room.code, room.teacher_key, suggested_seed=11)
    bar = bar_for(store)
    bar.join(room.code, "Ada")
    app = w.GameApp("flip7", players=2, seed=11, options={"target": 60})
    bar.follow(app)
    app.play("Hit")
    assert not app.state.is_over
    app.undo()
    finish(app)
    bar.outbox.wait()
    (row,) = store.results(room.code)
    assert row["record"]["practice"] is True


def test_nothing_is_posted_before_joining(store):
    room = store.create_class("7B maths")
    bar = bar_for(store)
    app = short_game()
    bar.follow(app)
    finish(app)
    assert store.results(room.code) == []


def test_a_games_figure_counts_the_exact_chances_and_what_happened():
    """A Hit onto a repeated 12 busts: the figure holds the chance the seat could count, and the bust."""
    game = cardkit.make("flip7", players=1, seed=1, actions=False, modifiers=False)
    deck = ["12", "12"]
    state = game.new_state(deck=deck)
    from cardkit.games.flip7.prob import bust_probability
    chance = float(bust_probability(state, 0))
    state.apply(cardkit.core.action_labelled(state.legal_actions(0), "Hit"), 0)
    assert game_figure(game, state.history, {0}, deck) == {"tries": 1, "happened": 1, "expected": round(chance, 6)}
    assert game_figure(game, state.history, {1}, deck) == {"tries": 0, "happened": 0, "expected": 0.0}
    assert 0 < chance < 1


def test_a_finished_flip7_game_keeps_its_rounds_by_stopping_point(store):
    room = store.create_class("7B maths")
    bar = bar_for(store)
    bar.join(room.code, "Ada")
    app = w.GameApp("flip7", players=2, seed=3, options={"target": 40})
    bar.follow(app)
    finish(app)                                            # a Stay at once in every round
    bar.outbox.wait()
    record = store.results(room.code)[0]["record"]
    rounds = record["details"]
    assert rounds and all(hit == -1 and stayed is not None for hit, stayed, _score in rounds)
    assert record["figure"] == {"tries": 0, "happened": 0, "expected": 0.0}     # no Hit: nothing to count


def test_a_lesson_answer_is_the_kernels_choice_with_the_right_answer(store):
    room = store.create_class("7B maths")
    bar = join_bar.class_bar("flip7_when_to_stop")
    try:
        bar._fixed_store = store
        bar._poll_every = None
        bar.join(room.code, "Ada")
        q = w.question("Which N is best?", "20", choices=[10, 20, 30], qid="best-n", right=20)
        page_sends(q.choices, {"index": 1})
        assert q.chosen == 20
        bar.outbox.wait()
        (row,) = store.results(room.code)
        assert row["kind"] == "answer" and row["record"] == {"lesson": "flip7_when_to_stop", "question": "best-n",
                                                            "answer": 20, "right": 20, "words": "Which N is best?"}
        page_sends(q.choices, {"index": 7})                          # not a choice: ipywidgets refuses it
        bar.outbox.wait()
        assert q.chosen == 20 and len(store.results(room.code)) == 1
    finally:
        bar.close()


# -- the database briefly away -----------------------------------------------------------------------
class Flaky:
    """The store, away for its first ``away`` writes (as a locked SQLite or a restarting PostgreSQL)."""

    def __init__(self, store, away):
        self.store, self.away, self.tries = store, away, 0

    def add_result(self, *args, **kwargs):
        self.tries += 1
        if self.tries <= self.away:
            raise StoreUnavailable("the class database is unavailable (restarting)")
        return self.store.add_result(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.store, name)


def test_a_result_waits_on_the_page_says_saving_and_is_written_once(store):
    room = store.create_class("7B maths")
    flaky = Flaky(store, away=2)
    said = []
    bar = bar_for(flaky)
    bar.join(room.code, "Ada")
    bar.outbox._sleep = lambda seconds: said.append(bar.status.value)
    bar.record_answer("q1", "B")
    assert bar.outbox.wait()
    assert flaky.tries == 3 and len(store.results(room.code)) == 1
    assert all("saving…" in text for text in said) and "kept on this page" in said[0]
    assert "saved" in bar.status.value and "saving" not in bar.status.value


class Browser:
    """One browser's localStorage as the page's BrowserOutbox keeps it (what its JS does with the
    kernel's keep / drop messages)."""

    def __init__(self):
        self.items = []

    def attach(self, bar):
        def send(content, buffers=None):
            if "keep" in content:
                self.items = [i for i in self.items if i["key"] != content["keep"]["key"]] + [content["keep"]]
            if "drop" in content:
                self.items = [i for i in self.items if i["key"] != content["drop"]]
        bar.kept.send = send
        return bar

    def open_page(self, store, token):
        """A page load: the bar rejoins with the remembered token and finds what the browser kept."""
        bar = self.attach(bar_for(store))
        page_sends(bar.kept, {"found": list(self.items)})
        page_sends(bar.memory, {"remembered": {"token": token}})
        return bar


def test_a_result_waiting_for_the_store_outlives_a_server_restart_in_the_browser(store, monkeypatch):
    """The audit: a result waiting to be saved was lost when the server restarted. It is kept in the
    browser, as the token is, and the next page load (same class) sends it again: written once."""
    monkeypatch.setenv(outbox.PAGE_SECRET, "the-servers-secret")
    room = store.create_class("7B maths")
    browser = Browser()
    away = Flaky(store, away=10**6)                                 # the database is away ...
    before = browser.attach(bar_for(away))
    assert before.join(room.code, "Ada")
    token = before.joined[2]
    before.outbox._sleep = lambda seconds: threading.Event().wait(3600)   # ... and the kernel then ends
    before.record_answer("q1", "B")
    for _ in range(500):
        if away.tries:
            break
        time.sleep(0.01)
    assert len(browser.items) == 1 and store.results(room.code) == []
    kept = list(browser.items)
    after = browser.open_page(store, token)                         # the server is back: a reload
    assert after.outbox.wait()
    rows = store.results(room.code)
    assert [(r["nickname"], r["record"]["answer"]) for r in rows] == [("Ada", "B")]
    assert browser.items == []                                      # saved: the browser forgets it
    again = Browser()
    again.items = kept                                              # given back twice (another tab)
    assert again.open_page(store, token).outbox.wait()
    assert len(store.results(room.code)) == 1                       # still written once


def test_a_page_gives_back_only_what_the_server_sealed_for_this_student(store, monkeypatch):
    monkeypatch.setenv(outbox.PAGE_SECRET, "the-servers-secret")
    room = store.create_class("7B maths")
    ada, bo = store.join(room.code, "Ada"), store.join(room.code, "Bo")
    item = {"token": ada.token, "game": "flip7", "kind": "game", "record": {"scores": [200, 3]}, "key": "g1"}
    forged = dict(outbox.seal(item))
    forged["body"] = outbox.seal({**item, "record": {"scores": [999, 0]}})["body"]   # edited, old signature
    made_up = {"key": "g2", "body": forged["body"], "sig": "0" * 64}
    someone_elses = outbox.seal({**item, "token": bo.token, "key": "g3"})
    browser = Browser()
    browser.items = [forged, made_up, someone_elses]
    browser.open_page(store, ada.token).outbox.wait()
    assert store.results(room.code) == []
    monkeypatch.setenv(outbox.PAGE_SECRET, "another-server")
    browser.items = [outbox.seal(item)]                          # another server's
    monkeypatch.setenv(outbox.PAGE_SECRET, "the-servers-secret")
    browser.open_page(store, ada.token).outbox.wait()
    assert store.results(room.code) == []
    browser.items = [outbox.seal(item)]                          # this server's, for Ada: sent
    browser.open_page(store, ada.token).outbox.wait()
    assert [r["record"] for r in store.results(room.code)] == [{"scores": [200, 3]}]


def test_the_same_result_sent_twice_after_a_lost_answer_is_written_once(store):
    room = store.create_class("7B maths")
    me = store.join(room.code, "Ada")
    lost = {"n": 0}

    class LostAnswer(Flaky):
        def add_result(self, *args, **kwargs):
            self.store.add_result(*args, **kwargs)                  # written, but the answer is lost
            lost["n"] += 1
            if lost["n"] == 1:
                raise StoreUnavailable("connection cut")
            return 1

    outbox = Outbox(lambda: LostAnswer(store, 0), lambda text, kind: None, sleep=lambda s: None)
    outbox.post(me.token, "flip7", "answer", {"question": "q", "answer": 1})
    assert outbox.wait() and len(store.results(room.code)) == 1


def test_a_student_who_changes_their_pick_counts_once_with_the_last_one(store):
    room = store.create_class("7B maths")
    bar = bar_for(store)
    bar.join(room.code, "Ada")
    for pick in ("10", "20"):
        bar.record_answer("best-n", pick, "flip7_when_to_stop", words="Which N is best?")
    bar.outbox.wait()
    tally = Tally()
    tally.add(store.results(room.code))
    assert tally.answers[("flip7_when_to_stop", "best-n")] == {"Ada": "20"}
    shown = board_page.answers_html(tally)
    assert ">20<" in shown and ">10<" not in shown
    assert "<h4>Which N is best?</h4>" in shown and "best-n" not in shown.replace("data-question='best-n'", "")


def test_a_page_posting_too_fast_waits_and_tries_again(store):
    from classroom.store import Limits, open_store as open_
    strict = open_(store.engine.url.render_as_string(hide_password=False),
                   limits=Limits(student_per_second=0.1, window=10.0))     # one result per 10 s
    room = strict.create_class("7B maths")
    bar = bar_for(strict)
    bar.join(room.code, "Ada")
    waited = []
    bar.outbox._sleep = lambda seconds: (waited.append(seconds), strict.__setattr__("limits", Limits()))
    bar.record_answer("q1", "A")
    bar.record_answer("q2", "B")
    assert bar.outbox.wait()
    assert waited == [outbox.LIMIT_PAUSE] and len(strict.results(room.code)) == 2
    strict.close()


def test_a_refused_result_is_dropped_and_said(store):
    room = store.create_class("7B maths")
    bar = bar_for(store)
    bar.join(room.code, "Ada")
    store.close_class(room.code, room.teacher_key)
    bar.record_answer("q1", "B")
    bar.outbox.wait()
    assert "not saved: class" in bar.status.value and "closed" in bar.status.value


# -- the board -----------------------------------------------------------------------------------------
def test_a_teacher_creates_a_class_and_gets_the_code_and_the_teacher_link(store):
    board = ClassBoard(store=store, poll=None)
    page_sends(board.name_box, {"value": "7B maths"})
    board.create_button.click()
    assert board.code and board.teacher_key and store.is_teacher(board.code, board.teacher_key)
    assert board.code in board.header.value and f"teacher={board.teacher_key}" in board.header.value


def test_the_board_shows_members_answers_and_games_and_escapes_nicknames(store):
    room = store.create_class("7B maths")
    board = ClassBoard(room.code, room.teacher_key, store=store, poll=None)
    hostile = bar_for(store)
    hostile.join(room.code, HOSTILE)
    assert HOSTILE not in hostile.status.value and "&lt;img" in hostile.status.value
    ada = bar_for(store)
    ada.join(room.code, "Ada")
    for bar, answer in ((hostile, HOSTILE_ANSWER), (ada, "20")):
        bar.record_answer("best-n", answer, "flip7_when_to_stop", right="20")
        bar.outbox.wait()
    app = short_game(seed=None)                                     # a random deal: a known seed is practice
    ada.follow(app)
    finish(app)
    ada.outbox.wait()
    board.refresh(full=True)
    page = board.header.value + board.members_html.value + board.answers.value + board.games.value
    assert HOSTILE not in page and "&lt;img src=x onerror=f(1)&gt;" in page
    assert HOSTILE_ANSWER not in page and "&lt;img src=x onerror=alert(1)&gt;" in board.answers.value
    assert "<b class='ck-board-count'>2</b>" in board.members_html.value
    assert "best-n" in board.answers.value and "Right answer" not in board.answers.value
    assert "Flip 7" in board.games.value and "1 game pooled" in board.games.value


def test_revealing_shows_the_right_answer_on_the_board(store):
    room = store.create_class("7B maths")
    bar = bar_for(store)
    bar.join(room.code, "Ada")
    bar.record_answer("best-n", "15", "flip7_when_to_stop", right="20")
    bar.outbox.wait()
    board = ClassBoard(room.code, room.teacher_key, store=store, poll=None)
    assert "Right answer" not in board.answers.value
    board.reveal_button.value = True
    assert store.class_state(room.code).is_revealed("best-n")
    assert "Right answer: <b>20</b>" in board.answers.value
    board.reveal_button.value = False
    assert "Right answer" not in board.answers.value


def test_the_suggested_seed_reaches_every_joined_page_and_plays_it(store):
    room = store.create_class("7B maths")
    bar = bar_for(store)
    bar.join(room.code, "Ada")
    app = short_game()
    bar.follow(app)
    board = ClassBoard(room.code, room.teacher_key, store=store, poll=None)
    assert not board.suggest_seed("forty-two") and bar.suggested_seed is None
    assert board.suggest_seed("42")
    bar._look_at_class()                                            # the page's next look
    assert bar.suggested_seed == 42 and "42" in bar.seed_button.description
    bar.seed_button.click()
    assert app.game.seed == 42


def test_practice_games_are_shown_apart_and_not_pooled():
    tally = Tally()
    practice = {"practice": True, "figure": {"tries": 1, "happened": 1, "expected": 0.5}}
    tally.add([{"id": 1, "kind": "game", "game": "flip7", "record": practice},
               {"id": 2, "kind": "game", "game": "flip7",
                "record": {"practice": False, "won": True, "figure": {"tries": 2, "happened": 1, "expected": 0.6}}},
               {"id": 3, "kind": "game", "game": "flip7",
                "record": {"practice": False, "figure": {"tries": 2, "happened": 0, "expected": 0.6}}}])
    pooled = tally.games["flip7"]
    assert (pooled["games"], pooled["won"], pooled["tries"], pooled["happened"]) == (2, 1, 4, 1)
    assert pooled["expected"] == pytest.approx(1.2) and tally.practice["flip7"] == 1
    assert pooled["running"] == [(0.5, pytest.approx(0.3)), (0.25, pytest.approx(0.3))]
    html = board_page.games_html(tally)
    assert "25.0%" in html and "30.0%" in html and "not pooled: 1" in html and "<svg" in html
    assert "2 games pooled; 1 won by the student playing." in html
    assert tally.last_id == 3
    tally.add([{"id": 4, "kind": "game", "game": "eights", "record": {"practice": False, "won": False}}])
    assert "1 game pooled; none won by the student playing." in board_page.games_html(tally)


def test_the_flip7_rounds_by_stopping_point_sit_next_to_the_exact_score():
    from cardkit.games.flip7.solo import threshold_figures
    options = dict(cardkit.make("flip7", players=2).options)
    # [highest sum at a Hit, sum at the Stay (None: bust), score kept]
    rounds = [[-1, 12, 12], [12, 21, 25], [17, None, 0], [22, 30, 34]]
    tally = Tally()
    tally.add([{"id": 1, "kind": "game", "game": "flip7",
                "record": {"practice": False, "options": options, "details": rounds}}])
    html = board_page.games_html(tally)
    exact20 = next(f.expected_score for f in threshold_figures(options, [20]))
    # Stop at 20: the Stay at 21 after a Hit at 12 (25) and the bust after a Hit at 17 (0): mean 12.50
    assert f"<tr><td>20</td><td>2</td><td>12.50</td><td>{float(exact20):.2f}</td></tr>" in html
    # Stop at 10: only the Stay at 12 without a Hit
    assert "<tr><td>10</td><td>1</td><td>12.00</td>" in html


def test_a_wrong_teacher_key_gets_no_controls(store):
    room = store.create_class("7B maths")
    board = ClassBoard(room.code, "guessed", store=store, poll=None)
    assert board.teacher_key is None and not hasattr(board, "reveal_button")
    assert "guessed" not in board.header.value


def test_close_delete_and_csv(store):
    room = store.create_class("7B maths")
    bar = bar_for(store)
    bar.join(room.code, "Ada")
    bar.record_answer("q1", "B")
    bar.outbox.wait()
    board = ClassBoard(room.code, room.teacher_key, store=store, poll=None)
    text = board.prepare_csv()
    assert "Ada" in text and "download=" in board.csv_link.value
    board.close_button.click()
    assert store.class_state(room.code).closed and "closed" in board.header.value
    bar._look_at_class()
    assert bar.joined is None and "closed" in bar.status.value
    board.delete_button.click()
    assert "Really delete" in board.delete_button.description      # asks once more
    board.delete_button.click()
    with pytest.raises(ValueError):
        store.class_state(room.code)


def test_the_board_sees_new_results_by_itself(store):
    """Its poll, not a redraw the test asks for, shows the answer (how fast: bench/class_board.py)."""
    room = store.create_class("7B maths")
    board = ClassBoard(room.code, store=store)                      # polling on
    try:
        bar = bar_for(store)
        bar.join(room.code, "Ada")
        seen = threading.Event()
        board.answers.observe(lambda change: "q-live" in change["new"] and seen.set(), "value")
        bar.record_answer("q-live", "A")
        assert seen.wait(30)                                        # slow on a busy machine is not broken
    finally:
        board.close()


# -- issue 42, section 6: who fills the server with classes and students -----------------------------------
def served_page(monkeypatch, query="", address=None):
    """The kernel of a page the app's Voila serves: its address's query, its visitor's address."""
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5")
    monkeypatch.setenv("QUERY_STRING", query)
    if address:
        monkeypatch.setenv(access.VISITOR_ADDRESS, address)
    else:
        monkeypatch.delenv(access.VISITOR_ADDRESS, raising=False)


def test_creating_a_class_is_the_hosts_act_with_its_key(store, monkeypatch):
    monkeypatch.setenv(hosting.TEACHER_KEY, "host-s3cret")
    for query in ("", "teacher=", "teacher=host-s3cre", "teacher=guess"):
        served_page(monkeypatch, query, address="127.0.0.1")
        board = ClassBoard(store=store, poll=None)
        assert "host&#x27;s key" in board.children[0].value and not hasattr(board, "create_button")
        assert not board.create("7B") and "host&#x27;s key" in board.message.value      # a forged click
    served_page(monkeypatch, "teacher=host-s3cret", address="10.0.0.5")
    board = ClassBoard(store=store, poll=None)
    assert board.create("7B") and store.is_teacher(board.code, board.teacher_key)
    assert [store.class_state(board.code).name] == ["7B"]


def test_without_a_host_key_only_this_machine_creates_classes(store, monkeypatch):
    """A teacher's laptop (make app, no key set) creates at once; a visitor from elsewhere cannot."""
    for address in ("10.0.0.5", None):
        served_page(monkeypatch, address=address)
        board = ClassBoard(store=store, poll=None)
        assert not board.create("7B") and "CARDKIT_TEACHER_KEY" in board.message.value
    for address in ("127.0.0.1", "::1"):
        served_page(monkeypatch, address=address)
        assert ClassBoard(store=store, poll=None).create("7B")


def test_forged_create_clicks_from_one_page_make_a_few_classes_and_one_poller(store, monkeypatch):
    served_page(monkeypatch, address="127.0.0.1")
    before = threading.active_count()
    board = ClassBoard(store=store, poll=0.05)
    try:
        made = sum(board.create(f"class {i}") for i in range(20))
        assert made == board_page.CLASSES_PER_PAGE
        assert "the most one page makes" in board.message.value
        pollers = [t for t in threading.enumerate() if t.name == "cardkit-class-board"]
        assert len(pollers) == 1 and threading.active_count() <= before + 1
    finally:
        board.close()


def test_one_page_is_one_student_a_forged_join_under_another_name_is_refused(store):
    room = store.create_class("7B")
    bar = bar_for(store)
    assert bar.join(room.code, "Ada")
    for name in ("Bob", "Carol", "Dave"):
        assert not bar.join(room.code, name)
        assert "one page is one student" in bar.status.value
    assert bar.joined[1] == "Ada" and [m["nickname"] for m in store.members(room.code)] == ["Ada"]


def test_leaving_and_joining_again_stays_one_student_and_a_page_joins_a_few_times_at_most(store):
    rooms = [store.create_class(f"class {i}") for i in range(5)]
    bar = bar_for(store)
    for name in ("Ada", "Bob", "Carol"):                    # Leave, Join as another: the same student renamed
        bar.join(rooms[0].code, name)
        bar.leave()
    assert [m["nickname"] for m in store.members(rooms[0].code)] == ["Carol"]
    page_sends(bar.memory, {"remembered": {"token": "made-up"}})
    for room in rooms[1:join_bar.STUDENTS_PER_PAGE]:
        assert bar.join(room.code, "Zed")
        bar.leave()
    for room in rooms[join_bar.STUDENTS_PER_PAGE:]:
        assert not bar.join(room.code, "Zed") and "joined 3 times already" in bar.status.value
    assert sum(store.class_state(r.code).members for r in rooms) == join_bar.STUDENTS_PER_PAGE


def test_wrong_codes_from_one_page_slow_it_down_and_the_page_says_so(store):
    room = store.create_class("7B")
    bar = bar_for(store)
    wrong = next(c for c in "23456789" if c != room.code[0]) + room.code[1:]
    for _ in range(store.limits.wrong_codes_per_page // 3):
        assert not bar.join(wrong, "Ada") and "no class with code" in bar.status.value
    assert not bar.join(room.code, "Ada") and "too many wrong class codes from here: wait" in bar.status.value


def test_the_teacher_removes_a_made_up_student_and_the_board_forgets_their_results(store):
    room = store.create_class("7B")
    bars = {name: bar_for(store) for name in ("Ada", "Fake")}
    for name, bar in bars.items():
        bar.join(room.code, name)
        bar.record_answer("q1", name)
    for bar in bars.values():
        assert bar.outbox.wait()
    board = ClassBoard(room.code, room.teacher_key, store=store, poll=None)
    assert list(board.remove_choice.options) == ["Ada", "Fake"] and "Fake" in board.answers.value
    assert board.remove_choice.value is None                           # nobody chosen to begin with
    page_sends(board.remove_choice, {"index": 1})
    board.remove_button.click()
    assert "Really remove Fake?" in board.remove_button.description    # the first click names who goes
    bar_for(store).join(room.code, "Late")                              # a classmate joins meanwhile
    board.refresh(full=True)
    assert board.remove_choice.value == "Fake"                          # the teacher's choice stays
    board.remove_button.click()
    assert [m["nickname"] for m in store.members(room.code)] == ["Ada", "Late"]
    assert "Fake" not in board.answers.value and "Fake" not in board.members_html.value
    assert list(board.remove_choice.options) == ["Ada", "Late"]
    board.remove_student("Nobody")                                      # a forged name: the store refuses it
    assert not board.remove_student("Nobody") and "no student" in board.message.value
    visitor = ClassBoard(room.code, "guessed", store=store, poll=None)
    assert not hasattr(visitor, "remove_button")
    visitor.remove_student("Ada")                                       # forged twice: no key, no act
    assert not visitor.remove_student("Ada")
    assert [m["nickname"] for m in store.members(room.code)] == ["Ada", "Late"]


# -- the teacher link turns the teacher view on, in its own class only -----------------------------------
def test_the_class_teacher_link_allows_the_teacher_view_on_a_page_in_that_class(store, monkeypatch):
    room = store.create_class("7B maths")
    bar = join_bar.class_bar("flip7")                              # the page's own bar
    assert bar.join(room.code, "Ms Lee")
    monkeypatch.setenv("QUERY_STRING", f"class={room.code}&teacher={room.teacher_key}")
    assert w.GameApp("flip7", players=2, seed=1).teacher_allowed
    monkeypatch.setenv("QUERY_STRING", f"class={room.code}&teacher=guessed")
    assert not w.GameApp("flip7", players=2, seed=1).teacher_allowed


def test_a_class_key_opens_the_teacher_view_only_on_a_page_in_its_own_class(store, monkeypatch):
    """The audit: a class a student made for herself gave her key, and that key showed every card on
    every game page. A class's key now counts only on a page that joined that class."""
    own = store.create_class("mine")                                # the student's self-made class
    real = store.create_class("7B maths")                           # the class she is in
    monkeypatch.setenv("QUERY_STRING", f"class={own.code}&teacher={own.teacher_key}")
    bar = join_bar.class_bar("flip7")
    app = w.GameApp("flip7", players=2, seed=1)
    assert not app.teacher_allowed                                  # a game page in no class
    assert bar.join(real.code, "Ada")
    assert not app.teacher_allowed and not w.GameApp("flip7", players=2, seed=2).teacher_allowed
    with pytest.raises(Exception, match="teacher's key"):
        app.teacher = True
    bar.leave()
    assert bar.join(own.code, "Ada")                                # now the page is in the key's class
    assert app.teacher_allowed
    bar.leave()                                                     # and out of it again
    assert not app.teacher_allowed and not app.teacher


def test_a_preheated_page_with_a_class_key_waits_for_the_class_it_joins(store, monkeypatch):
    """A warm page learns its address after it ran; the browser's remembered token rejoins it later."""
    room = store.create_class("7B maths")
    me = store.join(room.code, "Ms Lee")
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(hosting, "_visitor_known", False)
    monkeypatch.setattr(hosting, "_on_visitor", [])
    bar = join_bar.class_bar("flip7")
    app = w.GameApp("flip7", players=2, seed=1)
    monkeypatch.setenv("QUERY_STRING", f"class={room.code}&teacher={room.teacher_key}")
    hosting._visitor_arrived()
    assert not app.teacher_allowed                                  # not in the class yet
    page_sends(bar.memory, {"remembered": {"token": me.token}})     # the browser's token rejoins
    assert bar.joined and app.teacher_allowed


def test_a_class_key_deals_no_chosen_seed_at_a_shared_table(store, monkeypatch):
    """Whoever chooses a table's deal knows every hand at it: only the host's key may (a class key may
    be a student's own, made for the purpose), even on a page in that class."""
    from classroom.pages import play_together_page
    room = store.create_class("mine")
    monkeypatch.setenv(hosting.TEACHER_KEY, "host-key")
    bar = join_bar.class_bar("play_together")
    assert bar.join(room.code, "Ada")
    monkeypatch.setenv("QUERY_STRING", f"game=flip7&seed=42&class={room.code}&teacher={room.teacher_key}")
    assert hosting.teacher_view_allowed()                           # her own class's key, on its page
    assert play_together_page().seed is None
    monkeypatch.setenv("QUERY_STRING", "game=flip7&seed=42&teacher=host-key")
    assert play_together_page().seed == 42


# -- the static site ---------------------------------------------------------------------------------
def test_the_static_site_says_class_rooms_need_the_app(monkeypatch):
    monkeypatch.setattr(join_bar, "in_browser", lambda: True)
    monkeypatch.setattr(board_page, "in_browser", lambda: True)
    note = join_bar.class_bar("flip7")
    assert "need the Voila app" in note.value and "no class" in note.value
    board = board_page.class_board().value
    assert "need the Voila app" in board and "no server, no class" in board


# -- the layers: the widgets know no class page; the page's hooks carry what the bar hears -----------------
def test_the_widgets_import_no_class_page():
    code = "import sys, widgets, widgets.play.app, widgets.lessons, widgets.lessons.landing; print([m for m in sys.modules " \
           "if m.split('.')[0] == 'classroom'])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_game_and_a_question_tell_the_hooks_they_are_given():
    hooks, heard = hosting.PageHooks(), []
    hooks.listen(hooks.new_app, heard.append)
    hooks.listen(hooks.answer, lambda question, choice: heard.append((question.qid, choice)))
    app = w.GameApp("flip7", players=2, seed=1, hooks=hooks)
    question = w.Question("Which?", "2", choices=[1, 2], qid="q1", hooks=hooks)
    page_sends(question.choices, {"index": 1})
    assert heard == [app, ("q1", 2)]
    assert hosting.page_hooks() is not hooks                    # given hooks stand in for the page's own
