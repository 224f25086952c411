"""One value per turn between the engine and the widgets (issue 32, item 4): the app makes one Turn
per redraw and draws every component from it; the move panel reports (seat, action), which the app
checks; widget state is held in traits; no widget model tells seat 0 another hand's cards."""
import dataclasses
import json
import re
import sys
import types

import ipywidgets as W
import pytest

import cardkit
import widgets as w
from cardkit import IllegalAction
from cardkit.core import Turn

#: Eights, 3 seats of 2 cards: Player 0 holds 8♥ 9♥; the others K♠ Q♦ and 9♣ 10♣.
EIGHTS_DECK = ["8H", "KS", "9C", "9H", "QD", "10C"]


def eights(**kwargs):
    return w.GameApp("eights", players=3, seed=7, humans=(0,), deck=EIGHTS_DECK, options={"hand_size": 2}, **kwargs)


def tree(root):
    seen, stack = {}, [root]
    while stack:
        widget = stack.pop()
        if id(widget) not in seen:
            seen[id(widget)] = widget
            stack.extend(v for v in widget._trait_values.values() if isinstance(v, W.Widget))
            stack.extend(c for c in widget._trait_values.get("children", ()) if isinstance(c, W.Widget))
    return list(seen.values())


def page_text(app):
    """Everything the page is sent about the app's widgets: each one's synced state."""
    return json.dumps([widget.get_state() for widget in tree(app)], default=str, ensure_ascii=False)


def test_the_app_keeps_one_turn_for_the_seat_and_draws_from_it():
    app = eights()
    turn = app.turn
    assert isinstance(turn, Turn) and turn.seat == 0 and turn.asked
    assert turn.view == app.state.view(0) and app.table.view is turn.view
    assert app.actions.turn is turn and app.table.hand_zones == turn.hand_zones == ("hand",)
    assert [b.choice for b in app.actions.buttons] == [c for c in turn.choices if c.parts is None]


def test_no_widget_model_tells_seat_0_another_hands_cards():
    app = eights()
    labels = w.play.app._hints("eights")["labels"]
    checked = 0
    for _ in range(4):                                        # as the game goes on
        mine, teacher = app.state.view(0), app.state.view(None)
        seen = {c for zones in mine.seats for cards in zones.values() for c in cards}
        seen |= {c for cards in mine.table.values() for c in cards}
        hidden = {c for zones in teacher.seats[1:] for c in zones["hand"]} - seen
        text = page_text(app)
        for card in hidden:
            for shown in (card, labels[card]):
                assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(shown)}(?![0-9A-Za-z])", text), shown
            checked += 1
        if app.state.is_over or app.paused is not None:
            break
        app.play(next(a for a in app.state.legal_actions() if "8" not in str(a)))
    assert checked >= 4


def test_a_forged_seat_or_move_is_refused_on_the_server():
    app = eights()
    before, history = app.state.view(None), list(app.state.history)
    report = app.actions.on_action
    with pytest.raises(IllegalAction, match="not yours"):
        report(1, app.state.legal_actions(0)[0])               # a seat that is not asked
    with pytest.raises(IllegalAction):
        report(0, cardkit.core.PASS)                           # not one of seat 0's moves now
    with pytest.raises(IllegalAction):
        report(0, "Play K♠")                                   # a card seat 0 does not hold
    assert app.state.view(None) == before and app.state.history == history
    pass_button = next(b for b in app.actions.buttons if b.description == "Pass")
    pass_button.click()                                        # a muted button says why, and plays nothing
    assert "Not allowed" in app.actions.message.value and app.state.history == history


def test_a_click_reports_the_seat_with_the_move():
    reports = []
    state = cardkit.make("flip7", players=2, seed=1).new_state()
    panel = w.ActionPanel(on_action=lambda seat, action: reports.append((seat, str(action))))
    panel.update(state, 0)
    next(b for b in panel.buttons if b.description == "Stay").click()
    assert reports == [(0, "Stay")]


def test_the_table_redraws_once_per_move_even_when_the_seat_and_the_view_change(monkeypatch):
    app = w.GameApp("flip7", players=2, seed=3, humans=(0, 1))        # hot seat: the seat changes too
    draws = []
    monkeypatch.setattr(app.table, "redraw", lambda: draws.append((app.table.you, app.table.view)))
    app.play("Stay")
    # people sharing the screen read the status line with every seat by name ("Player 1's turn")
    assert draws == [(1, dataclasses.replace(app.state.view(1), status=app.state.view(None).status))]


def test_one_redraw_builds_the_seats_view_once_for_every_panel(monkeypatch):
    mod = types.ModuleType("cardkit.games.flip7.prob")
    mod.insights = lambda view: []
    mod.next_card = lambda state, seat: {}
    monkeypatch.setitem(sys.modules, "cardkit.games.flip7.prob", mod)
    app = w.GameApp("flip7", players=3, seed=7)
    seen = []
    mod.insights = lambda view: seen.append(view) or []
    w.ProbabilityPanel(app)
    views = []
    real = type(app.state).view
    monkeypatch.setattr(type(app.state), "view", lambda state, seat=None: views.append(seat) or real(state, seat))
    app.refresh()
    assert views == [0] and seen[-1] is app.turn.view is app.table.view


def test_the_pick_state_is_the_selection_trait_and_the_buttons_hold_their_choice_in_traits():
    app = eights()
    panel = app.actions
    eight = next(b for b in panel.card_buttons if b.card == "8H")
    panel.selection = ("8H",)                                  # the buttons follow the trait
    assert "ck-picked" in eight._dom_classes and panel.builder.picked == ("8H",)
    assert any(getattr(b, "part", None) == "C" for b in panel.part_buttons)
    panel.selection = ()
    assert "ck-picked" not in eight._dom_classes and panel.part_buttons == []
    for button in panel.buttons + panel.card_buttons:         # what a button chooses stays in the kernel
        assert not {"choice", "part", "card", "leads_on"} & set(button.keys)
        assert not [name for name in vars(button) if name.startswith("ck_")]


def test_new_game_keeps_the_game_it_replaced_as_a_snapshot():
    app = w.GameApp("flip7", players=3, seed=7)
    app.play("Hit")
    state = app.state
    app.new_game(5)
    earlier, = app._earlier_games
    assert isinstance(earlier, w.play.app.Snapshot) and earlier.state is state and earlier.game.seed == 7
    app.undo()
    assert app.state is state
