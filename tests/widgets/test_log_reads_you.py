"""The log and the status line address the page's one player as "you"; the teacher view and people
sharing a screen read every seat by name."""
import re

import cardkit
import widgets as w


def played_a_few(app, moves=4):
    for _ in range(moves):
        if app.state.is_over or app.state.current_player not in app.humans:
            break
        app.play(app.state.legal_actions(app.state.current_player)[0])


def test_the_log_and_the_status_say_you_to_the_one_player():
    app = w.GameApp("flip7", players=3, seed=7, humans=(0,), teacher_view=False)
    app.play("Hit")
    texts = app.event_log.texts
    assert any(t.startswith("You flip") for t in texts), texts
    assert not any("Player 0" in t for t in texts), texts
    assert "Player 0" not in app.event_log.body.value
    assert any("Player 1" in t for t in texts)                          # the others by name
    assert texts == [e.text_for(0) for e in app.event_log.events]      # the same events, in the seat's words
    assert [e.text for e in app.event_log.events] == [e.text for e in app.state.events[-len(texts):]]
    if app.state.current_player == 0:
        assert "your turn" in app.table.status.value.lower() and "Player 0" not in app.table.status.value


def test_eights_status_and_log_for_a_player_at_seat_1():
    app = w.GameApp("eights", players=3, seed=5, humans=(1,), teacher_view=False)
    played_a_few(app, 3)
    assert not any("Player 1" in t for t in app.event_log.texts), app.event_log.texts
    assert any(re.match(r"You (play|draw|pass)", t) for t in app.event_log.texts), app.event_log.texts
    assert "Player 1" not in app.table.status.value


def test_the_teacher_view_names_every_seat():
    app = w.GameApp("flip7", players=3, seed=7, teacher_view=True)
    app.play("Hit")
    app.teacher = True
    assert any(t.startswith("Player 0 flips") for t in app.event_log.texts)
    assert not any(re.search(r"\byou\b", t, re.I) for t in app.event_log.texts)
    assert "your" not in app.table.status.value.lower()
    app.teacher = False
    assert any(t.startswith("You flip") for t in app.event_log.texts)


def test_people_sharing_a_screen_read_seats_by_name():
    app = w.GameApp("flip7", players=2, seed=7, humans="all", teacher_view=False)
    played_a_few(app, 3)
    assert not any(re.search(r"\byou\b", t, re.I) for t in app.event_log.texts), app.event_log.texts
    if not app.state.is_over:
        seat = app.state.current_player
        assert f"Player {seat}" in app.table.status.value and "your" not in app.table.status.value.lower()


FREEZE_YOURSELF = {"type": "Give", "card": "Freeze", "target": 0}


def freeze_app(**kwargs):
    """Player 0 flips a Freeze and must choose who gets it: Hit and Stay are muted."""
    app = w.GameApp("flip7", players=3, seed=1, deck=["5", "9", "4", "Freeze"], **kwargs)
    app.play("Hit")
    assert app.state.decision.kind == "give"
    return app


def shown_labels(panel):
    return [b.description for b in panel.buttons]


def test_a_refusal_and_the_moves_speak_to_the_one_player():
    app = freeze_app(teacher_view=False)
    assert shown_labels(app.actions) == ["Freeze → you", "Freeze → Player 1", "Freeze → Player 2", "Hit", "Stay"]
    next(b for b in app.actions.buttons if b.description == "Hit").click()
    message = app.actions.message.value
    assert "Not allowed: you must first choose who gets the Freeze" in message and "Player 0" not in message
    assert "flip7.action_target" in message
    reason = app.state.why_illegal(cardkit.games.flip7.actions.HIT, 0)
    assert str(reason) == "Player 0 must first choose who gets the Freeze (rule flip7.action_target)"
    app.play("Freeze → you")                          # the words on the page find the move
    assert app.state.history[1] == (0, app.state.game.action_from_dict(FREEZE_YOURSELF))


def test_the_engines_label_still_plays_the_move():
    app = freeze_app(teacher_view=False)
    app.play("Freeze → Player 0")
    assert app.state.history[1] == (0, app.state.game.action_from_dict(FREEZE_YOURSELF))


def test_people_sharing_a_screen_read_moves_and_refusals_by_name():
    app = freeze_app(humans=(0, 1), teacher_view=False)
    assert "Freeze → Player 0" in shown_labels(app.actions) and "Freeze → you" not in shown_labels(app.actions)
    next(b for b in app.actions.buttons if b.description == "Stay").click()
    assert "Player 0 must first choose" in app.actions.message.value


def test_the_probability_corner_speaks_to_the_one_player():
    app = w.GameApp("flip7", players=3, seed=7, humans=(0,), teacher_view=False)
    corner = w.ProbabilityPanel(app)
    assert "For you, from what you can see:" in corner.insights.value and "Player 0" not in corner.insights.value
    two = w.GameApp("flip7", players=2, seed=7, humans="all", teacher_view=False)
    assert f"For Player {two.turn.seat}, from what they can see:" in w.ProbabilityPanel(two).insights.value
