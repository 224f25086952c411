"""GameApp: play a game against bots or hot-seat, with undo, history browsing and a teacher view."""
from __future__ import annotations

import functools
import html
import logging

import ipywidgets as W

import cardkit
from cardkit import IllegalAction

from ._games import default_bot_factory, game_id as _game_id, hints as _hints, make_game
from .actions import ActionPanel, explain, message_html
from .log import EventLog
from .style import style_widget
from .table import TableView

log = logging.getLogger("widgets")
MAX_BOT_MOVES = 100_000


def _safe(method):
    """Run a button handler; show any failure as a friendly message, never a traceback."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except IllegalAction as exc:
            self.say(explain(exc, self.game.rules if self.game else None), "warn")
        except Exception as exc:
            log.exception("GameApp: %s failed", method.__name__)
            self.say(f"Something went wrong: {exc}", "error")
    return wrapper


class GameApp(W.VBox):
    """Play ``game`` with ``players`` seats; ``humans`` are the seats people play, the rest are bots.

    ``bot``: callable(seed) -> bot (default: the game's ``bots.DEFAULT_BOT`` or ``RandomBot``), or one
    bot object used for every bot seat. ``app.on_change(callback)`` calls ``callback(app)`` after every
    change of what is shown. ``deck`` (optional) stacks cards on top of every new game's deck.
    """

    #: ``app.log`` is the EventLog (it also forwards logger calls, which traitlets makes on ``.log``).
    log = None

    def __init__(self, game="flip7", players=3, seed=None, humans=(0,), bot=None, options=None, deck=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-app")
        self.add_class("ck-root")
        self.game_id = _game_id(game)
        self.players = players if isinstance(game, str) else game.players
        self.options = dict(options or {}) if isinstance(game, str) else dict(game.options)
        self.humans = tuple(range(self.players)) if humans == "all" else tuple(humans or ())
        self.bot = bot
        self.deck = list(deck) if deck else None
        self.game = None
        self.state = None
        self.bots: dict = {}
        self.actors: list = []        # the seat that made each move in state.history
        self.browse: int | None = None  # number of moves shown while browsing history
        self._callbacks: list = []
        self._last_human = self.humans[0] if self.humans else None
        hints = _hints(self.game_id)

        self.title = W.HTML()
        self.seed_box = W.Text(placeholder="random", description="Seed", layout=W.Layout(width="170px"),
                               style={"description_width": "initial"})
        self.new_button = self._button("New game", "play", self.new_game_clicked, "Start a new game (seed box: empty = random)")
        self.undo_button = self._button("Undo", "undo", self.undo, "Take back your last move (and the bots' replies)")
        self.back_button = self._button("Back", "step-backward", self.back, "Look one move back in history")
        self.forward_button = self._button("Forward", "step-forward", self.forward, "Look one move forward")
        self.resume_button = self._button("Resume", "play-circle", self.resume, "Stop browsing and play on")
        self.teacher_toggle = W.ToggleButton(value=False, description="Teacher view", icon="eye",
                                             tooltip="Show every card (the teacher's view) or only what you may see")
        self.teacher_toggle.observe(self._teacher_changed, "value")
        for b in (self.new_button, self.undo_button, self.back_button, self.forward_button, self.resume_button,
                  self.teacher_toggle):
            b.add_class("ck-tool")
        self.new_button.add_class("ck-new-game")
        self.undo_button.add_class("ck-undo")
        self.back_button.add_class("ck-back")
        self.forward_button.add_class("ck-forward")
        self.resume_button.add_class("ck-resume")
        self.teacher_toggle.add_class("ck-teacher")
        toolbar = W.HBox([self.new_button, self.seed_box, self.undo_button, self.back_button,
                          self.forward_button, self.resume_button, self.teacher_toggle],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.message = W.HTML()
        self.message.add_class("ck-message")
        self.table = TableView(hints=hints)
        self.actions = ActionPanel(on_action=self.play)
        self.log = EventLog()
        self.log.layout = W.Layout(flex="1 1 300px", min_width="280px")
        main = W.VBox([self.table, self.actions], layout=W.Layout(flex="3 1 560px"))
        self.children = [style_widget(), self.title, toolbar, self.message,
                         W.HBox([main, self.log], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))]
        self._start(seed)           # bad options or seed raise ValueError here, for the notebook's author

    @staticmethod
    def _button(text, icon, handler, tip):
        button = W.Button(description=text, icon=icon, tooltip=tip, layout=W.Layout(width="auto"))
        button.on_click(lambda _b: handler())
        return button

    # -- observers ----------------------------------------------------------------------
    def on_change(self, callback, remove: bool = False) -> None:
        """Call ``callback(app)`` whenever the shown state changes (moves, undo, browsing, new game)."""
        if remove:
            self._callbacks.remove(callback)
        elif callback not in self._callbacks:
            self._callbacks.append(callback)

    def say(self, text: str = "", kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    # -- what is shown ------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The human seat whose eyes we use: the human to play, else the last human who played."""
        state = self.shown_state
        if state is not None and state.current_player in self.humans:
            return state.current_player
        return self._last_human

    @property
    def teacher(self) -> bool:
        return self.teacher_toggle.value

    @property
    def shown_state(self):
        """The live state, or the past state being browsed."""
        if self.browse is None or self.state is None:
            return self.state
        return cardkit.replay(self.game, self.state.history[:self.browse], deck=self.state.stacked)

    def shown_view(self):
        state = self.shown_state
        return state.view(None if self.teacher or self.seat is None else self.seat)

    # -- game flow ----------------------------------------------------------------------
    def new_game_clicked(self):
        text = self.seed_box.value.strip()
        if text and not text.lstrip("-").isdigit():
            self.say(f"The seed must be a whole number (or empty for a random game), not {text!r}.", "warn")
            return
        self.new_game(int(text) if text else None)

    @_safe
    def new_game(self, seed=None):
        """Start again with the same players and options; ``seed`` None picks a random one."""
        self._start(seed)

    def _start(self, seed):
        self.game = make_game(self.game_id, self.players, seed, self.options)
        self.state = self.game.new_state(deck=self.deck)
        self.actors, self.browse = [], None
        factory = self.bot or default_bot_factory(self.game_id)
        self.bots = {s: (factory if hasattr(factory, "act") and not isinstance(factory, type) else factory(self.game.seed * 1000 + s + 1))
                     for s in range(self.players) if s not in self.humans}
        self.seed_box.value = str(self.game.seed)
        self.title.value = (f"<h3 style='margin:4px 0'>{html.escape(self.game.title)} · {self.players} players · "
                            f"seed {self.game.seed}</h3>")
        self.say("")
        self._run_bots()
        self.refresh(new_from=0)

    def _run_bots(self):
        state, moves = self.state, 0
        while not state.is_over and state.current_player not in self.humans and moves < MAX_BOT_MOVES:
            seat = state.current_player
            action = self.bots[seat].act(state.view(seat), state.legal_actions())
            self.actors.append(seat)
            state.apply(action)
            moves += 1

    def _coerce(self, action):
        if isinstance(action, str):
            for candidate in self.state.candidate_actions():
                if str(candidate) == action:
                    return candidate
            raise IllegalAction(f"{action!r} is not a move here; the moves are "
                                f"{', '.join(map(str, self.state.candidate_actions())) or 'none'}",
                                f"{self.game_id}.turn")
        return action

    def play(self, action):
        """Play ``action`` (an Action or its label) for the human to move, then let the bots answer.

        The engine checks it: raises IllegalAction (state unchanged) if it is not allowed.
        Returns the events it caused, the bots' moves included."""
        if self.browse is not None:
            raise IllegalAction("you are looking at an earlier moment; press Resume to play on", f"{self.game_id}.turn")
        state = self.state
        if state.is_over:
            raise IllegalAction("the game is over", self.game.end_rule)
        seat = state.current_player
        if seat not in self.humans:
            raise IllegalAction(f"it is {state.name(seat)}'s turn, not yours", f"{self.game_id}.turn")
        action = self._coerce(action)
        before = len(state.events)
        state.apply(action)                 # the engine decides; raises IllegalAction untouched
        self.actors.append(seat)
        self._last_human = seat
        self.say("")
        try:
            self._run_bots()
        finally:
            self.refresh(new_from=before)
        return state.events[before:]

    @_safe
    def undo(self):
        """Back to the human's previous decision: replay the history up to before that move."""
        self.browse = None
        human_moves = [i for i, seat in enumerate(self.actors) if seat in self.humans]
        if not human_moves:
            self.say("Nothing to undo yet.", "info")
            self.refresh()
            return
        keep = human_moves[-1]
        self.state = cardkit.replay(self.game, self.state.history[:keep], deck=self.state.stacked)
        self.actors = self.actors[:keep]
        self._last_human = self.state.current_player
        self.say(f"Took back your move ({keep} moves kept).", "info")
        self.refresh(new_from=len(self.state.events))

    @_safe
    def back(self):
        total = len(self.state.history)
        if total == 0:
            self.say("This is the start of the game.", "info")
            return
        self.browse = max(0, (total if self.browse is None else self.browse) - 1)
        self.refresh()

    @_safe
    def forward(self):
        if self.browse is None:
            self.say("You are already at the present moment.", "info")
            return
        self.browse += 1
        if self.browse >= len(self.state.history):
            self.browse = None
        self.refresh()

    @_safe
    def resume(self):
        self.browse = None
        self.say("")
        self.refresh()

    def _teacher_changed(self, _change):
        self.refresh()

    # -- drawing -------------------------------------------------------------------------
    @_safe
    def refresh(self, new_from=None):
        state, shown = self.state, self.shown_state
        names = [state.name(s) + ("" if s in self.humans else " · bot") for s in range(self.players)]
        self.table.names = names
        self.table.update(self.shown_view())
        if self.browse is None:
            human_turn = not state.is_over and state.current_player in self.humans
            self.actions.update(state, state.current_player if human_turn else self.seat,
                                message="" if not state.is_over else "Game over. Press New game to play again.")
            self.log.update(state.events, self.game.rules, new_from=new_from)
        else:
            self.actions.update(state, self.seat, enabled=False)
            k, total = self.browse, len(state.history)
            last = (f" ({state.name(self.actors[k - 1])}: {state.history[k - 1]})"
                    if k and k - 1 < len(self.actors) else "")
            self.actions.show(f"Looking back: after move {k} of {total}{last}. "
                              "Use Back/Forward, or Resume to play on.", "info")
            self.log.update(shown.events, self.game.rules, new_from=len(shown.events))
        self.undo_button.disabled = not any(s in self.humans for s in self.actors)
        self.back_button.disabled = not state.history or self.browse == 0
        self.forward_button.disabled = self.browse is None
        self.resume_button.layout.display = None if self.browse is not None else "none"
        for callback in list(self._callbacks):
            try:
                callback(self)
            except Exception as exc:
                log.exception("GameApp observer failed")
                self.say(f"A panel could not update: {exc}", "error")
