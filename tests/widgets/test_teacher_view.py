"""The teacher view is a teacher's tool (the page's key or the host's setting, checked in the kernel
whatever the page sends); Undo and the teacher view make a game practice; the seed box says what it
takes, and Enter in it starts that game."""
import logging

import pytest
import traitlets

import cardkit
import widgets as w
from widgets.ui import hosting


def page_sends(widget, state):
    """What a page sends when a control changes (or a hostile page forges): an update message."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def page_presses_enter(text_box):
    text_box._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "submit"}}}, "buffers": []})


@pytest.fixture(autouse=True)
def no_host_settings(monkeypatch):
    for name in (hosting.TEACHER_KEY, hosting.TEACHER_VIEW, "QUERY_STRING", "VOILA_PREHEAT"):
        monkeypatch.delenv(name, raising=False)


def student_page():
    return w.GameApp("flip7", players=3, seed=7)


# -- who may see every card ------------------------------------------------------------------------
def test_a_students_page_has_no_teacher_view_whatever_the_page_sends():
    app = student_page()
    mine = app.state.view(0)
    assert not app.teacher_allowed and app.teacher_toggle.layout.display == "none"
    page_sends(app.teacher_toggle, {"value": True})             # a forged toggle
    assert not app.teacher and not app.teacher_toggle.value and app.table.view == mine
    assert not app.table.everything
    app.set_state({"teacher": True, "teacher_allowed": True})    # the app's own traits are not the page's
    assert not app.teacher and not app.teacher_allowed and app.table.view == mine
    with pytest.raises(traitlets.TraitError, match="teacher's key"):
        app.teacher = True
    assert not app.practice


def test_the_teachers_key_in_the_page_address_opens_the_teacher_view(monkeypatch):
    monkeypatch.setenv(hosting.TEACHER_KEY, "s3cret-Ä")
    monkeypatch.setenv("QUERY_STRING", "teacher=wrong")
    assert not student_page().teacher_allowed
    monkeypatch.setenv("QUERY_STRING", "x=1&teacher=s3cret-%C3%84")
    app = student_page()
    assert app.teacher_allowed and app.teacher_toggle.layout.display != "none"
    page_sends(app.teacher_toggle, {"value": True})
    assert app.teacher and app.table.view == app.state.view(None)


def test_with_no_key_set_a_key_in_the_address_opens_nothing(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "teacher=")
    assert not hosting.teacher_view_allowed()
    monkeypatch.setenv(hosting.TEACHER_KEY, "")
    assert not hosting.teacher_view_allowed()


def test_the_host_may_turn_it_on_for_a_teachers_own_laptop(monkeypatch):
    monkeypatch.setenv(hosting.TEACHER_VIEW, "off")
    assert not hosting.teacher_view_allowed()
    monkeypatch.setenv(hosting.TEACHER_VIEW, "on")
    assert student_page().teacher_allowed


def test_class_rooms_can_plug_their_teacher_keys_in(monkeypatch):
    monkeypatch.setattr(hosting, "teacher_key_checks", [lambda key: key == "room-7B"])
    monkeypatch.setenv("QUERY_STRING", "teacher=room-7B")
    assert hosting.teacher_view_allowed()
    monkeypatch.setenv("QUERY_STRING", "teacher=room-7C")
    assert not hosting.teacher_view_allowed()


def test_a_preheated_page_asks_again_once_its_visitor_arrives(monkeypatch):
    """A pool kernel runs the page before anybody asks for it: the key arrives with the visitor."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv(hosting.TEACHER_KEY, "k")
    monkeypatch.setattr(hosting, "_visitor_known", False)
    monkeypatch.setattr(hosting, "_on_visitor", [])
    app = student_page()
    assert not app.teacher_allowed
    monkeypatch.setenv("QUERY_STRING", "teacher=k")               # what wait_for_visitor puts in os.environ
    hosting._visitor_arrived()
    assert app.teacher_allowed and app.teacher_toggle.layout.display != "none"
    later = student_page()                                        # after the visitor: asked once, at once
    assert later.teacher_allowed and hosting._on_visitor == []


def test_a_revoked_teacher_view_closes():
    app = w.GameApp("flip7", players=3, seed=7, teacher_view=True)
    app.teacher = True
    app.teacher_allowed = False
    assert not app.teacher and app.table.view == app.state.view(0) and app.teacher_toggle.layout.display == "none"


# -- practice ----------------------------------------------------------------------------------------
def test_undo_makes_the_game_practice_and_a_new_game_does_not():
    app = student_page()
    assert not app.practice and "practice" not in app.title.value
    app.play("Hit")
    assert not app.practice
    app.undo()
    assert app.practice and "ck-practice" in app.title.value
    app.seed_box.value = ""
    app.new_button.click()
    assert not app.practice and "practice" not in app.title.value
    app.undo()                                                    # back to the game New game replaced
    assert app.game.seed == 7 and app.practice


def test_the_teacher_view_makes_the_game_practice_while_it_is_on():
    app = w.GameApp("flip7", players=3, seed=7, teacher_view=True)
    app.teacher_toggle.value = True
    assert app.practice
    app.teacher_toggle.value = False
    assert app.practice                                           # the cards were seen
    app.new_game()
    assert not app.practice
    app.teacher = True
    app.new_game()
    assert app.practice


# -- seeds ---------------------------------------------------------------------------------------------
def test_a_game_starts_from_a_random_seed_shown_in_the_title_and_the_box():
    seeds = {w.GameApp("flip7", players=3).game.seed for _ in range(3)}
    assert len(seeds) > 1
    app = w.GameApp("flip7", players=3)
    assert f"seed {app.game.seed}" in app.title.value and app.seed_box.value == str(app.game.seed)
    assert 0 <= app.game.seed <= w.play.app.MAX_SEED


def test_new_game_deals_a_fresh_game_unless_a_seed_was_typed():
    app = student_page()
    app.new_button.click()                                        # the box still shows seed 7
    assert app.game.seed != 7 and app.seed_box.value == str(app.game.seed)
    page_sends(app.seed_box, {"value": "7"})
    app.new_button.click()
    assert app.game.seed == 7
    page_presses_enter(app.seed_box)                              # Enter on the seed shown: that game again
    assert app.game.seed == 7 and app.state.history == [] and len(app._earlier_games) == 3


@pytest.mark.parametrize("text", ["--5", "-5", "²", "٣", "5" * 5000, "4294967296", "1e3", "0x10", "4 2"])
def test_the_seed_box_says_what_it_takes_and_changes_nothing(text, caplog):
    app = student_page()
    before = app.state.view(0)
    page_sends(app.seed_box, {"value": text})
    with caplog.at_level(logging.ERROR, logger="widgets"):
        app.new_button.click()
        page_presses_enter(app.seed_box)
    assert "whole number from 0 to 4294967295" in app.message.value
    assert app.game.seed == 7 and app.state.view(0) == before and not caplog.records


def test_enter_in_the_seed_box_starts_that_game_as_new_game_does():
    app = student_page()
    page_sends(app.seed_box, {"value": " 42 "})
    page_presses_enter(app.seed_box)
    assert app.game.seed == 42 and "seed 42" in app.title.value
    assert app.state.view(0) == cardkit.make("flip7", players=3, seed=42).new_state().view(0)
    assert "Undo brings the previous one back" in app.message.value
    page_sends(app.seed_box, {"value": str(w.play.app.MAX_SEED)})
    page_presses_enter(app.seed_box)
    assert app.game.seed == w.play.app.MAX_SEED


def test_no_traceback_is_sent_to_a_page(monkeypatch, caplog):
    """In a Voila kernel, what ipywidgets would show as a traceback for a message from the page goes
    to the server's log; a cell's error is left to Voila."""
    shown = []

    class Shell:
        def __init__(self):
            self.parent_header = {"msg_type": "comm_msg"}

        def showtraceback(self, *args, **kwargs):
            shown.append(self.parent_header["msg_type"])

    shell = Shell()
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setattr("IPython.get_ipython", lambda: shell)
    hosting.keep_tracebacks_off_the_page()
    with caplog.at_level(logging.ERROR, logger="widgets"):
        try:
            int("5" * 5000)
        except ValueError:
            shell.showtraceback()
    assert shown == [] and "not sent to the page" in caplog.text
    shell.parent_header = {"msg_type": "execute_request"}
    shell.showtraceback()
    assert shown == ["execute_request"]
