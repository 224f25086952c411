"""Save and Open in the app: the game in play as a replay file to download, and a replay file opened
to play on ("look at my game", or finish it tomorrow).

The file is the engine's replay (``cardkit.core.replay``: game, options, seed, stacked cards, moves).
The seed with the moves a person made is the whole game (bots are seeded from it), every card to come
included: outside a class the title shows the seed anyway; in a class, saving a game in play makes
it practice (``GameApp.seed_given_away``), as opening a file does. A file that comes back is checked here, on
the server: its size, its JSON, its kind, its game and every move (replayed by the engine); any
problem is said in words and leaves the game in play as it was.
"""
from __future__ import annotations

import base64
import html
import json

import ipywidgets as W

import cardkit
from cardkit import i18n
from cardkit.i18n import N_, _
from cardkit.core import replay as _replay

from ..ui.buttons import Button
from ..ui.language import words

#: A replay file larger than this is refused unread (a long Frantic game is some tens of kB).
MAX_BYTES = 1_000_000


def file_name(state) -> str:
    """'flip7-seed-42-35-moves.json': the game, its seed and how far it went."""
    return f"{state.game.id}-seed-{state.game.seed}-{len(state.history)}-moves.json"


def download_html(state) -> str:
    """A link that downloads ``state``'s replay file (a data: address: nothing stored on the server)."""
    data = base64.b64encode(json.dumps(_replay.to_json(state), indent=1).encode()).decode()
    name = file_name(state)
    return (f'<a class="ck-download" download="{html.escape(name)}" href="data:application/json;base64,{data}">'
            f'Download {html.escape(name)}</a>')


def _title(game_id) -> str:
    try:
        return _(cardkit.games.declaration(str(game_id)).title)
    except (KeyError, ValueError, ImportError):
        return repr(str(game_id)[:40])


def read_upload(content: bytes, game_id: str):
    """The state of an uploaded replay file for the game ``game_id``; ValueError saying what is wrong."""
    if len(content) > MAX_BYTES:
        raise ValueError(_("this file is {size} bytes: a game file is at most {most}").format(
            size=i18n.number(len(content)), most=i18n.number(MAX_BYTES)))
    try:
        data = json.loads(bytes(content).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ValueError(_("this is not a game file: it is not JSON text (a game file is the .json Save gives)")) from None
    if not isinstance(data, dict) or data.get("format") != _replay.FORMAT:
        raise ValueError(_("this is not a game file (a game file is the .json Save gives)"))
    if data.get("game") != game_id:
        raise ValueError(_("this file holds a game of {other}, not of {game}: open it on that game's page").format(
            other=_title(data.get("game")), game=_title(game_id)))
    try:
        return cardkit.from_json(data, "this file")
    except ValueError as exc:
        raise ValueError(str(exc)) from None


class SaveOpen(W.HBox):
    """Save (a link to download the game in play, made when pressed and gone at the next move) and
    Open (upload a game file: ``app.open_game`` plays on from it)."""

    def __init__(self, app):
        self.app = app
        self.save_button = words(Button(icon="download", layout=W.Layout(width="auto")), description=N_("Save"),
                                 tooltip=N_("Download this game as a file, to open it later or give it to your teacher"))
        self.save_button.add_class("ck-save")
        self.save_button.on_click(lambda _b: self.save())
        self.upload = words(W.FileUpload(accept=".json,application/json", multiple=False, layout=W.Layout(width="auto")),
                            description=N_("Open"), tooltip=N_("Open a game file saved before and play on from it"))
        self.upload.add_class("ck-open")
        self.upload.observe(self._uploaded, "value")
        self.link = W.HTML()
        self.link.add_class("ck-save-link")
        super().__init__([self.save_button, self.upload, self.link],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("ck-save-open")
        app.on_change(lambda _app: self._forget_link())

    def save(self) -> None:
        self.app.seed_given_away(N_("Saved: the file holds this game's seed, and so every card to come"))
        self.link.value = download_html(self.app.state)

    def _forget_link(self) -> None:
        if self.link.value and f"-{len(self.app.state.history)}-moves.json" not in self.link.value:
            self.link.value = ""          # a move since: that file is not this game any more

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        try:
            first = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
            content = first["content"] if isinstance(first, dict) else first.content
            state = read_upload(bytes(content), self.app.game_id)
        except (ValueError, TypeError, KeyError, AttributeError, StopIteration) as exc:
            self.app.say(_("Could not open that file: {error}").format(error=exc), "warn")
        else:
            self.app.open_game(state)
        finally:
            self.upload.unobserve(self._uploaded, "value")
            self.upload.value = ()            # the same file may be opened again
            self.upload.observe(self._uploaded, "value")


__all__ = ["SaveOpen", "download_html", "read_upload", "file_name", "MAX_BYTES"]
