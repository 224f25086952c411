"""A class counts only games whose future the student could not know (issue 42, items 6 and 7).

A game from a seed the student typed, read in the notebook, saw in the title before joining, opened
from a file or saved to one can be dealt at home and worked out: in a class it is practice, not
pooled; the teacher's "Everybody play seed N" still counts. In a class the page shows a short game
id, never the seed of a counted game (title, seed box, log, any widget's state); outside a class
the seed shows, as a self-learner shares it to replay a deal."""
import base64
import json
import re

import ipywidgets as W

import widgets as w
from tests.classroom.pages.test_classroom import finish
from tests.classroom.pages.test_classroom import store as _store_fixture  # noqa: F401  (the `store` fixture: a SQLite class store)
from tests.widgets.test_save_open import upload
from widgets.play.app import short_game_id
from classroom.pages import JoinBar, Tally


def joined(store, seed=None):
    """A page joined to a new class (its teacher suggesting ``seed``) with a two-seat Flip 7 game."""
    room = store.create_class("7B maths")
    if seed is not None:
        store.set_class_state(room.code, room.teacher_key, suggested_seed=seed)
    bar = JoinBar("flip7", store=store, poll=None)
    assert bar.join(room.code, "Ada")
    app = w.GameApp("flip7", players=2, options={"target": 60})     # not over before a decision of Ada's
    bar.follow(app)
    return room, bar, app


def posted(store, room, bar):
    bar.outbox.wait()
    return [row["record"] for row in store.results(room.code)]


def page_state(widget, seen=None) -> str:
    """Every widget's state under ``widget``, as the page's models get it, as one text."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return ""
    seen.add(id(widget))
    texts = [json.dumps(widget.get_state(), default=str)]
    for key in widget.keys:
        value = getattr(widget, key, None)
        for child in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(child, W.Widget):
                texts.append(page_state(child, seen))
    return "\n".join(texts)


def shows(text: str, seed: int) -> bool:
    return re.search(rf"(?<!\d){seed}(?!\d)", text) is not None


def type_seed(app, text, enter=True):
    app.seed_box.value = text
    if enter:
        app.seed_box._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "submit"}}},
                                  "buffers": []})
    else:
        app.new_button.click()


# -- item 6: a game with a known deal is practice ---------------------------------------------------
def test_a_typed_seed_in_a_class_is_practice_and_not_pooled(store):
    room, bar, app = joined(store)
    type_seed(app, "42")
    assert app.game.seed == 42 and app.practice
    assert "seed 42" in app.title.value and "practice" in app.title.value   # typed: the student knows it
    finish(app)
    (record,) = posted(store, room, bar)
    assert record["practice"] is True
    tally = Tally()
    tally.add(store.results(room.code))
    assert "flip7" not in tally.games and tally.practice["flip7"] == 1


def test_the_teachers_seed_counts_typed_or_from_the_button(store):
    room, bar, app = joined(store, seed=42)
    bar.seed_button.click()
    assert app.game.seed == 42 and not app.practice and "seed 42" in app.title.value
    finish(app)
    type_seed(app, "42")                               # the same seed typed: still the teacher's game
    assert app.game.seed == 42 and not app.practice
    finish(app)
    assert [r["practice"] for r in posted(store, room, bar)] == [False, False]


def test_a_notebooks_seed_in_a_class_is_practice(store):
    room, bar, _app = joined(store)
    app = w.GameApp("flip7", players=2, seed=5, options={"target": 1})     # made after joining
    bar.follow(app)
    assert app.game.seed == 5 and app.practice
    finish(app)
    assert [r["practice"] for r in posted(store, room, bar)] == [True]


def test_a_random_game_in_a_class_counts(store):
    room, bar, app = joined(store)
    type_seed(app, "", enter=False)
    assert not app.practice
    finish(app)
    assert [r["practice"] for r in posted(store, room, bar)] == [False]


def test_a_game_whose_seed_showed_before_joining_is_dealt_again_or_practice(store):
    room = store.create_class("7B maths")
    bar = JoinBar("flip7", store=store, poll=None)
    fresh = w.GameApp("flip7", players=2, options={"target": 60})   # a random deal, as a game page has
    played = w.GameApp("flip7", players=2, seed=11, options={"target": 60})
    played.play("Hit")
    bar.follow(fresh)
    bar.follow(played)
    shown = fresh.game.seed
    assert f"seed {shown}" in fresh.title.value          # outside a class the seed shows
    bar.join(room.code, "Ada")
    assert fresh.game.seed != shown and not fresh.practice   # no decision yet: a new, secret deal
    assert f"game #{short_game_id(fresh.game)}" in fresh.title.value
    assert played.game.seed == 11 and played.practice    # decided already: practice, and said
    assert "known before you joined" in played.message.value


def test_an_opened_file_in_a_class_is_practice(store):
    room, bar, app = joined(store)
    other = w.GameApp("flip7", players=2, seed=3, options={"target": 1})
    other.save_open.save_button.click()
    link = other.save_open.link.value
    upload(app, base64.b64decode(link.split("base64,")[1].split('"')[0]))
    assert app.game.seed == 3 and app.practice
    finish(app)
    assert [r["practice"] for r in posted(store, room, bar)] == [True]


# -- item 7: in a class, a counted game's seed stays in the kernel -----------------------------------
def test_in_a_class_the_title_shows_a_game_id_not_the_seed(store):
    _room, _bar, app = joined(store)
    seed = app.game.seed
    assert not app.practice
    assert f"game #{short_game_id(app.game)}" in app.title.value and "seed" not in app.title.value
    assert app.seed_box.value == ""
    for _ in range(3):
        if app.state.is_over or app.paused is not None:
            break
        app.play(str(app.state.legal_actions(app._human_to_act())[0]))
    assert not shows(page_state(app), seed)             # title, seed box, log, table: no widget model has it


def test_a_game_id_is_short_and_is_not_the_seed():
    a = w.GameApp("flip7", players=2, seed=42)
    b = w.GameApp("flip7", players=2, seed=42)
    assert re.fullmatch("[0-9a-f]{4}", short_game_id(a.game)) and short_game_id(a.game) == short_game_id(b.game)
    assert short_game_id(a.game) != format(42, "04x")


def test_outside_a_class_the_seed_shows_to_share_a_deal():
    app = w.GameApp("flip7", players=2, seed=42)
    assert "seed 42" in app.title.value and app.seed_box.value == "42" and not app.practice


def test_leaving_the_class_shows_the_seed_again(store):
    _room, bar, app = joined(store)
    bar.leave()
    assert f"seed {app.game.seed}" in app.title.value


def test_saving_a_counted_game_in_play_makes_it_practice(store):
    room, bar, app = joined(store)
    assert not app.practice
    app.save_open.save_button.click()                   # the file holds the seed: every card to come
    assert app.practice and "practice" in app.message.value
    assert f"seed {app.game.seed}" in app.title.value
    finish(app)
    assert [r["practice"] for r in posted(store, room, bar)] == [True]


def test_saving_a_finished_or_the_teachers_game_keeps_it_counted(store):
    room, bar, app = joined(store, seed=42)
    bar.seed_button.click()
    app.save_open.save_button.click()                   # everybody knows seed 42: nothing given away
    assert not app.practice
    type_seed(app, "", enter=False)
    finish(app)
    app.save_open.save_button.click()                   # over: no card to come
    assert not app.practice
    assert [r["practice"] for r in posted(store, room, bar)] == [False]
