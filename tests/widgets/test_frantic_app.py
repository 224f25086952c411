"""Frantic in the GameApp: the human seat is asked to react out of turn (a Counterattack window)
and the bots wait for it; the human's counter turns the attack back."""
import widgets as w
from cardkit.core import Pass, Window
from cardkit.games.frantic.rules import stack
from tests.engine.moves import act

#: Both expansions on, as the game was made before its defaults became the base game.
BOTH = {"troublemaker": True, "supercharge": True}


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
    assert {"b2", "b3"} <= {b.card for b in app.actions.card_buttons}   # the cards to give, picked one by one
    app.play("Give b2 b3")
    assert len(app.state.view(None).seats[1]["hand"]) == 6 + 2       # the bot got two cards instead
    assert any(e.kind == "counter" and e.seat == 0 for e in app.state.events[log_before:])
    assert app.state.view(None).table["discard"][-2:] == ["Gift r", "Counterattack"]


def test_a_panel_watching_a_reaction_window_does_not_say_who_is_asked():
    deck = stack([["r1", "Skip r"], ["Counterattack"], ["g1"]], start="r5")
    app = w.GameApp("frantic", players=3, seed=3, humans="all", deck=deck, options=BOTH)
    app.play("Play Skip r → Player 1")
    assert app.state.to_act() == [1]
    panel = w.ActionPanel()
    panel.update(app.state, seat=2)
    assert "Waiting for the others to react" in panel.message.value and "Player 1" not in panel.message.value


def test_lasting_events_are_shown_on_the_table_while_they_last():
    import cardkit
    from cardkit.games.frantic.cards import HINTS
    from widgets.play.table import TableView
    state = cardkit.make("frantic", players=2, seed=1, **BOTH).new_state(deck=stack([["k5"], []]), events=["Plus One"])
    table = TableView(hints=HINTS)
    assert not any("In force" in part for part in table.facts_html(state.view(1)))
    act(state, "Play k5")
    assert any("In force this round" in part and "Plus One" in part for part in table.facts_html(state.view(1)))


def test_a_person_who_cannot_react_is_passed_for_at_once_and_undo_skips_that_pass():
    # Player 0 (human) holds no Counterattack; the bot's Gift r is aimed at them
    deck = stack([["r1", "b2", "b3", "b4", "b6", "b7", "b8"], ["Gift r", "g1", "g2", "y1", "y2", "g3", "y3"]],
                  start="r5")
    app = w.GameApp("frantic", players=2, seed=3, humans=(0,), deck=deck)
    assert app.pass_for_me and app.reaction_setting in app.toolbar.children
    assert app.reaction_setting.value is True
    app.play("Play r1")
    state = app.state
    assert (0, Pass()) in state.history and state.history[-1].seat == 1     # the window went by: the bot played on
    assert state.decision.kind == "turn" and state.to_act() == [0]
    assert "Passed for you" in app.message.value
    app.undo()                                                              # back to Play r1, not to the pass
    assert len(app.state.history) == 0 and app.state.to_act() == [0]


def test_with_the_setting_off_a_person_is_asked_in_every_window_and_only_pass_is_offered():
    deck = stack([["r1", "b2", "b3", "b4", "b6", "b7", "b8"], ["Gift r", "g1", "g2", "y1", "y2", "g3", "y3"]],
                  start="r5")
    app = w.GameApp("frantic", players=2, seed=3, humans=(0,), deck=deck)
    app.reaction_setting.value = False
    assert app.pass_for_me is False
    app.play("Play r1")
    assert type(app.state.decision) is Window and app.state.to_act() == [0]
    assert move_labels(app) == ["Pass"] and "nothing to react with" in app.actions.message.value
    app.play("Pass")
    assert app.state.decision.kind == "turn" and app.state.to_act() == [0]


def test_people_sharing_a_screen_are_asked_whatever_they_hold():
    # hot seat: passing for one person would show the others what their hand lacks
    for holder in ("Counterattack", "b1"):
        deck = stack([["r1", "Skip r"], [holder], ["g1"]], start="r5")
        app = w.GameApp("frantic", players=3, seed=3, humans="all", deck=deck, options=BOTH)
        assert app.pass_for_me is False and app.reaction_setting.value is False
        app.play("Play Skip r → Player 1")
        assert type(app.state.decision) is Window and app.state.to_act() == [1] and "Pass" in move_labels(app)


def test_no_reaction_setting_in_a_game_without_reaction_windows():
    app = w.GameApp("flip7", players=3, seed=3, humans=(0,))
    assert app.reaction_setting not in app.toolbar.children


def test_a_rule_demo_steps_through_windows_nobody_asked_can_answer():
    from cardkit.games.frantic.lessons import COUNTER_CHAIN
    from cardkit.games.frantic.rules import DEMOS
    from widgets.lessons.rule_stepper import RuleDemo
    demo = RuleDemo("frantic", COUNTER_CHAIN)
    buttons = []
    while not demo.done:                    # Player 0, countered back without a Counterattack, passes on the way
        buttons.append(demo.step_button.description)
        assert demo.step() or demo.done
    # Each step's button names its move in full words, even one legal only past a window to pass.
    assert buttons[-1] == "Step 6 of 6: Give blue 8, blue 9", buttons
    assert (0, Pass()) in demo.state.history and "cannot go on" not in demo.message.value
    demo = RuleDemo("frantic", DEMOS["frantic.reaction_window"])
    demo.step()
    assert type(demo.state.decision) is Window and demo.state.to_act() == [1]     # asked without the card
    demo.step()
    assert demo.state.history[-1] == (1, Pass()) and demo.done
