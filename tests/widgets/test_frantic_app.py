"""Frantic in the GameApp: the human seat is asked to react out of turn (a Counterattack window)
and the bots wait for it; the human's counter turns the attack back."""
import widgets as w
from cardkit.core import Window
from cardkit.games.frantic.rules import stack
from tests.engine.moves import act


def move_labels(app):
    return [b.description for b in app.actions.buttons]


def test_the_human_is_asked_to_counter_out_of_turn_and_the_attack_goes_back():
    # Player 0 (human): r1 and a Counterattack; Player 1 (the heuristic bot): a red Gift and low cards
    deck = stack([["r1", "Counterattack", "b2", "b3", "b4", "b6", "b7"],
                  ["Gift r", "g1", "g2", "y1", "y2", "g3", "y3"]], start="r5")
    app = w.GameApp("frantic", players=2, seed=3, humans=(0,), deck=deck)
    app.play("Play r1")                              # the bot answers with Gift r aimed at Player 0
    state = app.state
    assert type(state.decision) is Window and state.to_act() == [0]
    assert "Counterattack → Player 1" in move_labels(app) and "Pass" in move_labels(app)
    assert "Out of turn: you may react now, or Pass." in app.actions.message.value
    log_before = len(state.events)
    app.play("Counterattack → Player 1")
    app.play("Wish blue")
    assert {"b2", "b3"} <= {b.ck_card for b in app.actions.card_buttons}   # the cards to give, picked one by one
    app.play("Give b2 b3")
    assert len(app.state.view(None).seats[1]["hand"]) == 6 + 2       # the bot got two cards instead
    assert any(e.kind == "counter" and e.seat == 0 for e in app.state.events[log_before:])
    assert app.state.view(None).table["discard"][-2:] == ["Gift r", "Counterattack"]


def test_a_panel_watching_a_reaction_window_does_not_say_who_is_asked():
    deck = stack([["r1", "Skip r"], ["Counterattack"], ["g1"]], start="r5")
    app = w.GameApp("frantic", players=3, seed=3, humans="all", deck=deck)
    app.play("Play Skip r → Player 1")
    assert app.state.to_act() == [1]
    panel = w.ActionPanel()
    panel.update(app.state, seat=2)
    assert "Waiting for the others to react" in panel.message.value and "Player 1" not in panel.message.value


def test_lasting_events_are_shown_on_the_table_while_they_last():
    import cardkit
    from cardkit.games.frantic.cards import HINTS
    from widgets.table import TableView
    state = cardkit.make("frantic", players=2, seed=1).new_state(deck=stack([["k5"], []]), events=["Plus One"])
    table = TableView(hints=HINTS)
    assert not any("In force" in part for part in table.facts_html(state.view(1)))
    act(state, "Play k5")
    assert any("In force this round" in part and "Plus One" in part for part in table.facts_html(state.view(1)))
