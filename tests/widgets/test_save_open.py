"""Save and Open in the app: the game in play goes to a file and comes back to be played on; a file
that is not a game of this page is refused in words, and the game in play stays as it was."""
import base64
import datetime
import json
import random

import pytest

import widgets as w
from widgets.play.savefile import MAX_BYTES


def played(game="flip7", players=3, seed=7, moves=6):
    app = w.GameApp(game, players=players, seed=seed)
    rng = random.Random(seed)
    while moves:
        if app.paused is not None:
            app.next_button.click()
            continue
        app.play(rng.choice([str(a) for a in app.state.legal_actions()]))
        moves -= 1
    return app


def saved_file(app) -> bytes:
    app.save_open.save_button.click()
    link = app.save_open.link.value
    assert f'download="{app.game_id}-seed-{app.game.seed}-{len(app.state.history)}-moves.json"' in link
    return base64.b64decode(link.split("base64,")[1].split('"')[0])


def upload(app, content: bytes) -> None:
    """What the page's Open sends: one file, its bytes."""
    app.save_open.upload.value = ({"name": "game.json", "type": "application/json", "size": len(content),
                                   "content": memoryview(content), "last_modified": datetime.datetime(2026, 1, 1)},)


def test_a_saved_game_opens_where_it_was_and_plays_on():
    app = played()
    content = saved_file(app)
    assert json.loads(content)["history"]                                  # the moves, with their seats
    other = w.GameApp("flip7", players=3, seed=99)
    upload(other, content)
    assert other.game.seed == 7 and other.state.history == app.state.history
    assert other.state.view(0) == app.state.view(0)                       # the same table, for you
    assert "Opened a game of" in other.message.value and other.practice   # its cards can come again
    assert "seed 7" in other.title.value and other.seed_box.value == "7"
    assert other.save_open.upload.value == ()                             # the same file may come again
    other.play(str(other.state.legal_actions()[0]))                      # and play goes on
    assert len(other.state.history) > len(app.state.history)


def test_open_brings_its_players_and_options_and_undo_brings_back_the_game_it_replaced():
    app = w.GameApp("flip7", players=2, seed=3, options={"target": 50})
    content = saved_file(app)
    other = w.GameApp("flip7", players=3, seed=99, player_choices=range(2, 6))
    upload(other, content)
    assert other.players == 2 and other.game.options["target"] == 50 and other.players_menu.value == 2
    other.undo()
    assert other.game.seed == 99 and other.players == 3 and "Back to the game you were playing" in other.message.value


def test_the_download_link_goes_at_the_next_move():
    app = next(a for a in (played(seed=s, moves=1) for s in range(20)) if a.paused is None)
    saved_file(app)
    app.play(str(app.state.legal_actions()[0]))
    assert app.save_open.link.value == ""


@pytest.mark.parametrize("content, said", [
    (b"{not json", "it is not JSON text"),
    (b"\xff\xfe", "it is not JSON text"),
    (b'{"format": "something else"}', "this is not a game file"),
    (b"[1, 2]", "this is not a game file"),
    (json.dumps({"format": "cardkit-replay", "version": 3, "game": "eights", "players": 3, "seed": 1,
                 "options": {}, "history": []}).encode(), "a game of Huit américain, not of Flip 7"),
    (json.dumps({"format": "cardkit-replay", "version": 3, "game": "flip7", "players": 3, "seed": 1,
                 "options": {}, "history": [{"seat": 2, "action": {"type": "stay"}}]}).encode(), "move 1"),
    (json.dumps({"format": "cardkit-replay", "version": 3, "game": "flip7", "players": 99, "seed": 1,
                 "options": {}, "history": []}).encode(), "players"),
    (b" " * (MAX_BYTES + 1), "a game file is at most"),
])
def test_a_file_that_is_not_a_game_of_this_page_is_refused_in_words_and_changes_nothing(content, said):
    app = played(moves=2)
    before = (app.game.seed, list(app.state.history), app.practice)
    upload(app, content)
    assert "Could not open that file" in app.message.value and said in app.message.value.replace("&#x27;", "'")
    assert (app.game.seed, list(app.state.history), app.practice) == before
    assert app.save_open.upload.value == ()
