"""The log and the status line address the page's one player as "you"; the teacher view and people
sharing a screen read every seat by name."""
import re

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
