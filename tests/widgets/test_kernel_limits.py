"""A shared server holds a class: a page's widgets do not pile up, Undo keeps a bounded past, and
what the page sends (forged or not) is checked on the server (issue 27, items 5 and 6).

Clicks and updates are sent the way a page sends them: a comm message handed to the widget
(``_handle_msg``), which ipywidgets turns into ``set_state`` or a click. Growth is counted in
widgets alive (ipywidgets' registry), not timed.
"""
import random
import sys
import time
import types

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import _instances

import cardkit.sim as real_sim
import widgets as w
import widgets.lessons.background as background
import widgets.lessons.explorer as explorer
import widgets.ui.lifetime as lifetime
from widgets.play.app import EARLIER_GAMES, UNDO_COPIES
from widgets.ui.buttons import Button

HANG = 120


def click(button):
    """A click as the page sends it."""
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})


def update(widget, **state):
    """A state update as the page sends it (any trait, whatever the widget's own range)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


@pytest.fixture
def clock(monkeypatch):
    """The retirement clock, moved by hand; nothing retired before the test is left waiting."""
    lifetime.sweep(everything=True)
    now = [0.0]
    monkeypatch.setattr(lifetime, "clock", lambda: now[0])
    yield now
    lifetime.sweep(everything=True)


def tree(root):
    """Every widget ``root`` shows: its children, layouts and styles, all the way down."""
    seen, stack = {}, [root]
    while stack:
        widget = stack.pop()
        if id(widget) not in seen:
            seen[id(widget)] = widget
            stack.extend(lifetime._parts(widget))
    return list(seen.values())


def play_one(app, rng):
    """One move through the page's buttons (a random allowed one; Next round, New game when asked)."""
    if app.paused is not None:
        click(app.next_button)
        return
    if app.state.is_over or app._human_to_act() is None:
        click(app.new_button)
        return
    shown = [b for b in app.actions.top if getattr(b, "leads_on", False)]
    while shown:                                   # a folder opens its family: choose in it
        pick = rng.choice(shown)
        click(pick)
        if "ck-folder" not in pick._dom_classes:
            return
        shown = [b for b in app.actions.box.children if getattr(b, "leads_on", False)]
    moves = len(app.state.history)
    while len(app.state.history) == moves and not app.state.is_over:      # cards picked one by one
        cards = [b for b in app.actions.card_buttons if "ck-unpickable" not in b._dom_classes]
        confirm = [b for b in app.actions.part_buttons if "ck-confirm" in b._dom_classes]
        if confirm and (not cards or rng.random() < 0.5):
            click(confirm[0])
        elif cards:
            click(rng.choice(cards))
        else:
            click(app.new_button)
            return


# -- 5. memory stays flat -----------------------------------------------------------------------------
@pytest.mark.parametrize("game, players", [("flip7", 3), ("frantic", 4)])
def test_moves_and_new_games_leave_as_many_widgets_as_a_fresh_page(clock, game, players):
    app = w.GameApp(game, players=players, seed=3)
    fresh = len(_instances)
    rng = random.Random(5)
    for i in range(300):
        play_one(app, rng)
        if i % 10 == 0:
            click(app.new_button)
        clock[0] += 3                              # a quick player: a move every 3 seconds
        assert lifetime.waiting() <= lifetime.KEEP_MOST
    grown = len(_instances) - fresh               # the moment shown, and the last minute's moves (kept a while)
    assert grown <= (lifetime.KEEP_SECONDS + lifetime.SWEEP_EVERY) / 3 * 40, grown
    clock[0] += lifetime.KEEP_SECONDS + lifetime.SWEEP_EVERY + 1
    play_one(app, rng)
    assert len(_instances) - fresh < 3 * 40, len(_instances) - fresh


def test_no_widget_the_page_still_shows_is_closed(clock):
    app = w.GameApp("frantic", players=4, seed=2)
    stepper = w.RuleStepper("flip7")
    rng = random.Random(1)
    for _ in range(60):
        play_one(app, rng)
    for _ in stepper.rules:
        click(stepper.next_button)
    lifetime.sweep(everything=True)
    shown = tree(app) + tree(stepper)
    assert all(widget.comm is not None for widget in shown)
    assert w.style_widget() in shown and w.style_widget().comm is not None      # shared: never closed
    assert stepper.demo is None or stepper.demo.table.comm is not None
    before = len(_instances)
    for _ in range(3):                             # the page goes on working with the same widgets
        play_one(app, rng)
        click(stepper.prev_button)
    lifetime.sweep(everything=True)
    assert len(_instances) <= before + 3 * 40


def test_what_leaves_the_page_is_closed_a_minute_later_with_its_parts(clock):
    stepper = w.RuleStepper("flip7", start="flip7.bust", alone=False)
    demo = stepper.demo
    parts = tree(demo)
    click(stepper.next_button)
    assert demo not in stepper.demo_box.children
    assert all(widget.comm is not None for widget in parts)            # the page may still draw it
    clock[0] += lifetime.KEEP_SECONDS + lifetime.SWEEP_EVERY + 1
    click(stepper.next_button)
    assert demo.comm is None and demo.table.comm is None and demo.step_button.layout.comm is None
    still_open = [widget for widget in parts if widget.comm is not None]
    assert still_open and set(map(id, still_open)) == set(map(id, tree(w.style_widget())))   # others show it


def test_a_flood_of_widgets_is_closed_before_its_minute(clock):
    made = [W.HTML() for _ in range(lifetime.KEEP_MOST + 50)]
    lifetime.retire(made)
    lifetime.retire([])
    assert lifetime.waiting() <= lifetime.KEEP_MOST
    assert all(widget.comm is None for widget in made)             # one batch over the cap: closed at once


def test_undo_keeps_copies_of_the_last_moments_and_goes_back_further_all_the_same():
    app = w.GameApp("flip7", players=2, seed=4, humans="all")
    rng = random.Random(2)
    shown = []                                    # the table before each human move
    while len(shown) < 2 * UNDO_COPIES + 5 and not app.state.is_over:
        if app.paused is not None:
            app.next_round()
            continue
        shown.append((len(app.state.history), app.state.view(None)))
        app.play(rng.choice(list(app.state.legal_actions(app._human_to_act()))))
        assert len(app._saved) <= UNDO_COPIES + 1
    assert len(shown) == 2 * UNDO_COPIES + 5
    for moves, view in reversed(shown):
        app.undo()
        assert len(app.state.history) == moves and app.state.view(None) == view
        assert len(app._saved) <= UNDO_COPIES + 1
    app.undo()
    assert "Nothing to undo" in app.message.value


def test_new_game_keeps_the_last_games_for_undo_and_says_so_past_them():
    app = w.GameApp("flip7", players=3, seed=1)
    seeds = [app.game.seed]
    for seed in range(100, 110):
        app.seed_box.value = str(seed)
        click(app.new_button)
        seeds.append(app.game.seed)
    assert len(app._earlier_games) == EARLIER_GAMES
    assert all(len(earlier.saved) <= 2 for earlier in app._earlier_games)
    for seed in reversed(seeds[-EARLIER_GAMES - 1:-1]):
        assert "Undo keeps the last" not in app.message.value
        click(app.undo_button)
        assert app.game.seed == seed
    assert f"Undo keeps the last {EARLIER_GAMES} games New game replaced" in app.message.value
    assert app.undo_button.disabled
    click(app.undo_button)
    assert app.game.seed == seeds[-EARLIER_GAMES - 1]


# -- 6. what the page sends is checked on the server ----------------------------------------------------------
def every_button_is_guarded(root):
    buttons = [widget for widget in tree(root) if isinstance(widget, W.Button)]
    guarded = [b for b in buttons if isinstance(b, Button) and type(b)._handle_button_msg is Button._handle_button_msg]
    assert buttons and guarded == buttons, {type(b) for b in buttons}


def test_every_button_in_widgets_ignores_a_forged_click_while_disabled():
    app = w.GameApp("frantic", players=4, seed=2)
    for root in (app, app.actions, w.RuleStepper("flip7", alone=False), w.RuleExplorer("flip7", executor="inline"),
                 w.BackgroundRun(), w.question("?", "!"), w.on_demand("Open", W.HTML), w.LinePicker()):
        every_button_is_guarded(root)
    pressed = []
    button = Button(description="Go")
    button.on_click(lambda _b: pressed.append(1))
    click(button)
    button.disabled = True
    for _ in range(100):
        click(button)
    assert pressed == [1]


def test_a_hundred_forged_clicks_on_an_opened_part_build_one_explorer():
    built = []
    box = w.on_demand("Open the rule explorer", lambda: built.append(W.HTML()) or built[-1])
    opener = box.children[0].children[0]
    for _ in range(100):
        click(opener)
    assert len(built) == 1 and box.children == (built[0],)


def test_forged_clicks_on_disabled_toolbar_and_stepper_buttons_do_nothing():
    app = w.GameApp("flip7", players=3, seed=1)
    assert app.undo_button.disabled and app.forward_button.disabled
    message, version = app.message.value, app.version
    click(app.undo_button)
    click(app.forward_button)
    assert app.message.value == message and app.version == version
    stepper = w.RuleStepper("flip7", alone=False)
    demo = stepper.demo
    click(stepper.prev_button)
    assert stepper.index == 0 and stepper.demo is demo


def _stub_explorer(monkeypatch, calls):
    from cardkit.bots import RandomBot
    mod = types.ModuleType("cardkit.games.flip7.explore")
    mod.EXPLORER = {"options": {"target": [50, 100, 150]}, "players": [2, 3],
                    "bots": lambda players, seed: [RandomBot(seed + i) for i in range(players)],
                    "metrics": {"rounds": "Rounds per game"}}
    monkeypatch.setitem(sys.modules, "cardkit.games.flip7.explore", mod)
    sim = types.ModuleType("cardkit.sim")
    sim.spec_of, sim.columns = real_sim.spec_of, real_sim.columns
    sim.start_workers = lambda game_ids: None

    def stream(jobs, executor=None, cancel=None):
        calls.append({key: n for key, (_spec, n) in jobs.items()})
        while not cancel.is_set():                  # a game every few milliseconds, until stopped
            for key, (spec, _n) in jobs.items():
                yield key, [(0, 0, 1, 10, 0, 1, *[1] * spec[1], 1, *[0] * (spec[1] - 1))]
            time.sleep(0.005)
    sim.stream = stream
    monkeypatch.setitem(sys.modules, "cardkit.sim", sim)


@pytest.mark.parametrize("control, state, refused", [
    ("games", {"max": 10_000_000, "value": 10_000_000}, "Games per value: from 10 to 5,000, not 10000000"),
    ("games", {"min": 0, "value": 0}, "Games per value: from 10 to 5,000, not 0"),
    ("seed", {"value": 10**30}, "Seed: a whole number between"),
])
def test_a_forged_control_is_refused_on_the_server_with_a_message(monkeypatch, control, state, refused):
    calls = []
    _stub_explorer(monkeypatch, calls)
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    update(getattr(ex, control), **state)
    assert getattr(ex, control).value == state["value"]           # ipywidgets took it: the widget's range moved
    click(ex.run_button)
    assert ex.wait(HANG) and calls == [] and not ex.running
    assert refused in ex.status.value and "Not run" in ex.status.value


def test_forged_choices_outside_the_menus_never_reach_the_engine(monkeypatch):
    calls = []
    _stub_explorer(monkeypatch, calls)
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    for widget, index in ((ex.players_box, 7), (ex.option, 5), (ex.metric, 9)):
        before = widget.value
        update(widget, index=index)                # out of the menu: ipywidgets refuses it
        assert widget.value == before
    update(ex.values, index=[0, 0, 2])             # a repeated value is one value
    assert ex.request()[1] == [50, 150]
    ex.players_box.options = [2, 3, 99]            # what the page shows is not what the server allows
    ex.players_box.value = 99
    with pytest.raises(ValueError, match="Players: 2, 3, not 99"):
        ex.request()


def test_a_run_stops_at_its_time_budget_and_keeps_what_was_played(monkeypatch):
    calls = []
    _stub_explorer(monkeypatch, calls)
    monkeypatch.setattr(background, "BUDGET", background.Budget(seconds=0.3))
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    started = time.monotonic()
    click(ex.run_button)
    assert ex.wait(HANG) and ex.runner.outcome == "stopped"
    assert time.monotonic() - started < 10
    assert "Stopped at the time limit of 0.3 s for one run: kept the" in ex.status.value
    assert sum(r["games"] for r in ex.results) > 0


def test_a_run_stops_at_its_memory_budget():
    run = w.BackgroundRun()
    kept = []

    def hoard(task):
        while not task.cancelled and len(kept) < 400:       # up to 400 MB, far past the budget
            kept.append(b"x" * 2**20)
            task.advance()
            time.sleep(0.001)
    run.start(hoard, total=400, budget=background.Budget(megabytes=20))
    assert run.wait(HANG) and run.outcome == "stopped"
    assert len(kept) < 200 and "memory limit of 20 MB" in run.status.value
    kept.clear()


def test_cancel_reaches_a_running_simulation_and_the_run_button_is_back(monkeypatch):
    calls = []
    _stub_explorer(monkeypatch, calls)
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    click(ex.run_button)
    for _ in range(50):
        click(ex.run_button)                       # disabled while it runs: forged clicks start nothing
    deadline = time.monotonic() + HANG
    while not ex.results and time.monotonic() < deadline:
        time.sleep(0.01)
    click(ex.cancel_button)
    assert ex.wait(HANG) and ex.runner.outcome == "cancelled" and len(calls) == 1
    assert not ex.run_button.disabled and ex.cancel_button.disabled
    played = sum(r["games"] for r in ex.results)
    click(ex.cancel_button)                        # disabled now: nothing changes
    assert sum(r["games"] for r in ex.results) == played and "Cancelled" in ex.status.value


def test_the_real_explorer_refuses_more_games_than_the_limit_before_playing_any():
    ex = w.RuleExplorer("flip7", players=3, executor="inline")
    update(ex.games, max=10**9, value=10**9)
    started = time.monotonic()
    click(ex.run_button)
    assert ex.wait(HANG) and time.monotonic() - started < 5
    assert "from 10 to 5,000" in ex.status.value and ex.results == []
    with pytest.raises(ValueError, match="games: from 10 to 5,000"):
        w.RuleExplorer("flip7", players=3, games=10**7, executor="inline")
    assert explorer.LIMITS.games == (ex.games.min, 5000)
