"""GameApp: play a game against bots or hot-seat, with undo, history browsing and a teacher view."""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import html
import logging
import re
import secrets

import ipywidgets as W
import traitlets

import cardkit
from cardkit import IllegalAction, i18n
from cardkit.i18n import N_, _, ngettext
from cardkit.core import PASS, Turn

from ..ui import hosting
from ..ui.language import follow_language, said, words
from ..ui.declared import default_bot_factory, game_id as _game_id, hints as _hints, make_game
from .move_panel import ActionPanel, explain, track_views
from ..ui.buttons import Button
from .log import EventLog
from .options import option_control, option_title
from .savefile import SaveOpen
from ..ui.style import message_html, style_widget
from .table import TableView

log = logging.getLogger("widgets")
MAX_BOT_MOVES = 100_000
MAX_SEED = 2**32 - 1             # the seed box takes 0..MAX_SEED; a random game's seed is one of them
#: State copies kept for Undo and browsing besides the start of the game: those of the last 20 moments
#: a human decided (a whole Flip 7 round and more). Undo goes back further all the same, rebuilding the
#: state from the start of the game (same seed + same moves = same game: some milliseconds).
UNDO_COPIES = 20
#: Games New game replaced that Undo can bring back; older ones are let go.
EARLIER_GAMES = 3
#: This kernel's secret for the short game ids a class sees instead of seeds: an id tells nothing of the seed.
_GAME_ID_KEY = secrets.token_bytes(16)


def short_game_id(game) -> str:
    """'a3f9': a short id of ``game`` (its seed, players and options) that cannot be turned back into
    the seed (a keyed hash, the key never leaves the kernel)."""
    text = repr((game.id, game.players, sorted(game.options.items()), game.seed)).encode()
    return hashlib.blake2b(text, key=_GAME_ID_KEY, digest_size=2).hexdigest()


@dataclasses.dataclass
class Snapshot:
    """A game New game replaced, with what the app kept of it, as Undo brings it back."""

    game: cardkit.core.Game
    state: cardkit.core.State
    saved: dict              # number of moves -> a copy of the state then (the start, the last decision)
    ends_shown: int          # round ends already shown
    paused: cardkit.core.RoundEnd | None
    last_human: int | None
    bots: dict
    practice: bool
    passed_for: set
    seed_seen: bool = False
    teachers_game: bool = False


def _safe(method):
    """Run a button handler; show any failure as a friendly message, never a traceback."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except IllegalAction as exc:
            self.say(explain(exc, self.game.rules if self.game else None, self.reader), "warn")
        except Exception as exc:
            log.exception("GameApp: %s failed", method.__name__)
            self.say(_("Something went wrong: {error}").format(error=exc), "error")
    return wrapper


class GameApp(W.VBox):
    """Play ``game`` with ``players`` seats; ``humans`` are the seats people play, the rest are bots.

    ``player_choices`` (e.g. ``range(3, 13)``) adds a Players menu: choosing a number starts a new game
    with that many seats and the seed in the seed box. ``option_choices`` (e.g.
    ``{"supercharge": [False, True]}``) adds a menu per option, labelled from the game's option specs (a
    checkbox for on/off): a change starts a new game with it, which Undo takes back. ``bot``: callable(seed) -> bot (default: the game's declared ``default_bot``), or one
    bot object used for every bot seat. ``deck`` (optional) stacks cards on top of every new game's deck.
    Undo takes back one human decision at a time, to the start of the game, then brings back the last
    ``EARLIER_GAMES`` games New game replaced (state copies kept: see ``UNDO_COPIES``).
    What the page shows is held in traits (``browse``, ``seat``, ``teacher``, ``paused``, and ``turn``,
    the seat's ``Turn`` every part is drawn from); ``version`` goes up after every redraw, so
    ``app.observe(f, "version")`` (or ``app.on_change(f)``) sees every change.

    The teacher view shows every card, so it is a teacher's tool: ``teacher_view`` None asks the host
    (``hosting.teacher_view_allowed``: the page opened with the teacher's key, or the host's setting
    for a teacher's laptop), True or False decides here. Elsewhere the toggle is hidden and
    ``teacher`` cannot be set, whatever the page sends. A game in which Undo took a move back or the
    teacher view was on is ``practice`` (shown in the title).

    In a class (``in_class``, set by the page's class bar once joined) a game counts only while its
    future is secret: a game dealt from a seed the student knew (typed, given by the notebook, shown
    before joining, opened from a file, saved to a file) is practice, except the teacher's
    "Everybody play seed N" (``class_seed``). There the title shows a short game id ("game #a3f9"),
    not the seed, and the seed box stays empty; outside a class, the seed shows (a seed can be shared).
    """

    browse = traitlets.Int(None, allow_none=True, help="moves shown while looking back; None: the present")
    seat = traitlets.Int(None, allow_none=True, help="the human seat whose eyes the table uses")
    teacher = traitlets.Bool(False, help="show every card (the teacher's view); only where teacher_allowed")
    teacher_allowed = traitlets.Bool(False, help="this page may switch the teacher view on (never set by the page)")
    practice = traitlets.Bool(False, help="Undo or the teacher view was used in this game: it counts as practice")
    in_class = traitlets.Bool(False, help="the page joined a class: a game whose seed is known is practice "
                                          "(set by the class bar, never by the page)")
    class_seed = traitlets.Int(None, allow_none=True, help="the class's 'Everybody play seed N': known, yet it counts")
    paused = traitlets.Any(None, allow_none=True, help="the round end shown until Next round is pressed")
    turn = traitlets.Instance(Turn, allow_none=True, help="what the seat sees and may do now, made once per redraw")
    version = traitlets.Int(0, help="goes up after every redraw")

    def __init__(self, game="flip7", players=3, seed=None, humans=(0,), bot=None, options=None, deck=None,
                 player_choices=None, option_choices=None, teacher_view=None, hooks=None, **kwargs):
        super().__init__(**kwargs)
        self.hooks = hooks or hosting.page_hooks()      # who hears of this game (the page's class bar)
        self.add_class("ck-app")
        self.add_class("ck-root")
        self.game_id = _game_id(game)
        self.spec = cardkit.games.declaration(self.game_id)
        self.players = players if isinstance(game, str) else game.players
        self.options = dict(options or {}) if isinstance(game, str) else dict(game.options)
        self.humans = tuple(range(self.players)) if humans == "all" else tuple(humans or ())
        self.bot = bot
        self.deck = list(deck) if deck else None
        self.game = None
        self.state = None
        self.bots: dict = {}
        self._saved: dict = {}        # number of moves -> a copy of the state then (undo, browsing; UNDO_COPIES)
        self._ends_shown = 0          # round ends already shown
        self._earlier_games: list[Snapshot] = []  # what New game replaced, for Undo (the last EARLIER_GAMES)
        self._games_let_go = 0
        self._observers: dict = {}
        self._reader = None              # the seat the log and the moves call "you" (read_as)
        self._last_human = self.humans[0] if self.humans else None
        self._seed_seen = False       # the student knew or saw this game's seed (outside the teacher's seed)
        self._seed_chosen = False     # the seed was asked for (typed, the notebook's, a file's), not dealt at random
        self._teachers_game = False   # this game is the class's "Everybody play seed N"
        hints = _hints(self.game_id)

        self.title = W.HTML()
        self.seed_box = W.Text(layout=W.Layout(width="170px"), style={"description_width": "initial"})
        words(self.seed_box, placeholder=N_("random"), description=N_("Seed"))
        follow_language(lambda: setattr(self.seed_box, "tooltip", _(
            "A whole number from 0 to {most}: the same seed deals the same game (empty: random). Enter plays it."
        ).format(most=MAX_SEED)), owner=self)
        self.seed_box.add_class("ck-seed")
        self.seed_box.on_msg(self._seed_box_message)
        self.new_button = self._button(N_("New game"), "play", self.new_game_clicked,
                                       N_("Start a new game: the seed you typed, else a random one; Undo brings this one back"))
        self.undo_button = self._button(N_("Undo"), "undo", self.undo, N_("Take back your last move (and the bots' replies)"))
        self.back_button = self._button(N_("Back"), "step-backward", self.back, N_("Look one move back in history"))
        self.forward_button = self._button(N_("Forward"), "step-forward", self.forward, N_("Look one move forward"))
        self.resume_button = self._button(N_("Resume"), "play-circle", self.resume, N_("Stop browsing and play on"))
        self.next_button = self._button(N_("Next round"), "forward", self.next_round, N_("Deal the next round and play on"))
        self.next_button.button_style = "primary"
        self.next_button.add_class("ck-next-round")
        track_views(self.next_button)
        choices = sorted(set(player_choices or ()) | ({self.players} if player_choices else set()))
        self.players_menu = W.Dropdown(options=choices, value=self.players if choices else None,
                                       style={"description_width": "initial"},
                                       layout=W.Layout(width="130px", display=None if choices else "none"))
        words(self.players_menu, description=N_("Players"))
        self.players_menu.add_class("ck-players")
        self.players_menu.observe(self._players_chosen, "value")
        self.option_menus = self._option_menus(option_choices or {})
        self.teacher_toggle = words(W.ToggleButton(value=False, icon="eye", layout=W.Layout(display="none")),
                                    description=N_("Teacher view"),
                                    tooltip=N_("Show every card (the teacher's view) or only what you may see"))
        self.teacher_toggle.observe(self._teacher_toggled, "value")
        for b in (self.new_button, self.undo_button, self.back_button, self.forward_button, self.resume_button,
                  self.teacher_toggle):
            b.add_class("ck-tool")
        self.new_button.add_class("ck-new-game")
        self.undo_button.add_class("ck-undo")
        self.back_button.add_class("ck-back")
        self.forward_button.add_class("ck-forward")
        self.resume_button.add_class("ck-resume")
        self.teacher_toggle.add_class("ck-teacher")
        self.save_open = SaveOpen(self)
        # After the table in the page and in tab order: the moves come first.
        self.toolbar = W.HBox([self.undo_button, self.back_button, self.forward_button, self.resume_button,
                               self.teacher_toggle, self.players_menu, *self.option_menus.values(),
                               self.seed_box, self.new_button, self.save_open],
                              layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.toolbar.add_class("ck-toolbar")
        self.message = W.HTML()           # what Undo, New game, Open and the seed box say: right under them
        self.message.add_class("ck-message")
        self.message.add_class("ck-app-message")
        self.actions = ActionPanel(on_action=lambda seat, action: self.play(action, seat), hints=hints)
        self.table = TableView(hints=hints, moves=self.actions)
        self.event_log = EventLog()
        self.event_log.layout = W.Layout(flex="1 1 300px", min_width="260px")
        main = W.VBox([self.table, self.toolbar, self.message], layout=W.Layout(flex="3 1 340px", min_width="0px"))
        self.children = [style_widget(), self.title,
                         W.HBox([main, self.event_log], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))]
        self.observe(self._on_teacher, "teacher")
        self.observe(self._on_teacher_allowed, "teacher_allowed")
        self.observe(lambda _change: self._show_title(), "practice")
        self.observe(self._on_in_class, "in_class")
        self._add_reaction_setting()
        self._start(seed)           # bad options or seed raise ValueError here, for the notebook's author
        if teacher_view is None:    # asked again once a preheated kernel has its visitor, or the page joins a class
            hosting.follow_teacher_view(lambda allowed: setattr(self, "teacher_allowed", allowed))
        else:
            self.teacher_allowed = bool(teacher_view)
        hosting.keep_tracebacks_off_the_page()
        follow_language(self._language_changed, owner=self)
        for listener in list(self.hooks.new_app):
            listener(self)

    def _language_changed(self) -> None:
        """The page's language is known now (a class's warm page got its visitor): every word again."""
        self.event_log.read_as(self._reader, refresh=True)
        self._show_title()
        self.refresh()

    @staticmethod
    def _button(text, icon, handler, tip):
        button = words(Button(icon=icon, layout=W.Layout(width="auto")), description=text, tooltip=tip)
        button.on_click(lambda _b: handler())
        return button

    # -- observers ----------------------------------------------------------------------
    def on_change(self, callback, remove: bool = False) -> None:
        """Call ``callback(app)`` whenever the shown state changes (a thin wrapper over observing ``version``)."""
        if remove:
            self.unobserve(self._observers.pop(callback), "version")
        elif callback not in self._observers:
            def observer(_change, callback=callback):
                try:
                    callback(self)
                except Exception as exc:
                    log.exception("GameApp observer failed")
                    self.say(_("A panel could not update: {error}").format(error=exc), "error")
            self._observers[callback] = observer
            self.observe(observer, "version")

    def say(self, text: str = "", kind: str = "info", show_game: bool = False) -> None:
        """``text`` under the tools, read out; ``show_game``: the page scrolls the game to the top of
        the screen (a game started from elsewhere on the page, as the teacher's seed from the class bar)."""
        self.message.value = message_html(text, kind, "ck-show-game" if show_game else "")

    # -- the teacher view ------------------------------------------------------------------
    @traitlets.validate("teacher")
    def _check_teacher(self, proposal):
        if proposal["value"] and not self.teacher_allowed:
            raise traitlets.TraitError("the teacher view is off on this page: it needs the teacher's key "
                                       "(?teacher=<key> with CARDKIT_TEACHER_KEY) or CARDKIT_TEACHER_VIEW=on")
        return proposal["value"]

    def _teacher_toggled(self, change) -> None:
        """The toggle's value comes from the page: only a page that may show every card does."""
        if change["new"] and not self.teacher_allowed:
            self.teacher_toggle.value = False
            return
        self.teacher = bool(change["new"])

    def _on_teacher(self, change) -> None:
        self.teacher_toggle.value = change["new"]
        if change["new"]:
            self.practice = True
        self.refresh()

    def _on_teacher_allowed(self, change) -> None:
        self.teacher_toggle.layout.display = None if change["new"] else "none"
        if not change["new"]:
            self.teacher = False

    @property
    def shows_seed(self) -> bool:
        """Whether the page may show this game's seed: outside a class, for practice, for the teacher's seed."""
        return not self.in_class or self.practice or self._teachers_game

    def _show_title(self) -> None:
        """The game, its players and the seed in force (a typed seed can be checked), or in a class
        its short id; "practice" once Undo, the teacher view or a known seed made it so."""
        if self.game is None:
            return
        if self.shows_seed and not self._teachers_game:
            self._seed_seen = True
        if self.in_class and self._seed_seen and not self._teachers_game and not self.practice:
            self.practice = True               # its observer draws the title again
            return
        why = _("Undo, the teacher view or a seed you knew was used in this game: it counts as practice")
        practice = (f" <span class='ck-practice' style='font-weight:normal;opacity:0.7' title='{html.escape(why)}'>"
                    f"· {html.escape(_('practice'))}</span>" if self.practice else "")
        game = (_("seed {seed}").format(seed=self.game.seed) if self.shows_seed
                else _("game #{id}").format(id=short_game_id(self.game)))
        players = ngettext("{n} player", "{n} players", self.players).format(n=self.players)
        self.title.value = (f"<h3 style='margin:4px 0'>{html.escape(_(self.game.title))} · {html.escape(players)} · "
                            f"{html.escape(game)}{practice}</h3>")

    def _show_seed_box(self) -> None:
        """The seed box offers the game's seed where the page may show it, else stays empty (random)."""
        self.seed_box.value = str(self.game.seed) if self.shows_seed else ""

    def _on_in_class(self, change) -> None:
        """Joined a class: a game whose seed was known before cannot count. A random deal whose seed only
        showed is dealt again from a secret seed before the student's first decision; otherwise the game
        is practice (and says so)."""
        if self.game is None:
            return
        if change["new"]:
            self._teachers_game = self._teachers_game or self.game.seed == self.class_seed
            if self._seed_seen and not self._teachers_game and not self.practice:
                decided = any(self._chosen(k, move.seat) for k, move in enumerate(self.state.history))
                if not self._seed_chosen and not decided:
                    self._start(None)
                    return
                self.say(_("This game's seed was known before you joined the class: it counts as practice. "
                           "New game deals one that counts."), "info")
        self._show_title()
        self._show_seed_box()

    def seed_given_away(self, why: str) -> None:
        """In a class, a game in play whose seed just left the kernel (a saved file) becomes practice."""
        if self.in_class and not self.practice and not self._teachers_game and not self.state.is_over:
            self._seed_seen = True
            self.practice = True
            self.say(_("{why}: this game counts as practice now.").format(why=_(why)), "info")

    # -- what is shown ------------------------------------------------------------------
    @property
    def shown_state(self):
        """The live state, or the past state being browsed (made once per position)."""
        if self.browse is None or self.state is None:
            return self.state
        return self._state_at(self.browse)

    def shown_view(self):
        state = self.shown_state
        return state.view(None if self.teacher or self.seat is None else self.seat)

    def _human_to_act(self, state=None):
        state = state or self.state
        if state is None or state.is_over:
            return None
        first = state.current_player
        return first if first in self.humans else None

    def _state_at(self, k: int):
        """The state after ``k`` moves: from the nearest saved copy, applying only the moves since."""
        if k >= len(self.state.history):
            return self.state
        saved = self._saved.get(k)
        if saved is None:
            start = max(p for p in self._saved if p <= k)
            saved = self._saved[start].clone()
            for seat, action in self.state.history[start:k]:
                saved.apply(action, seat)
            self._keep_copy(k, saved)
        return saved

    def _keep_copy(self, k: int, state) -> None:
        """Keep ``state`` as the copy after ``k`` moves; past UNDO_COPIES the oldest kept goes (never the start)."""
        self._saved[k] = state
        while len(self._saved) > UNDO_COPIES + 1:
            del self._saved[next(p for p in self._saved if p != 0)]

    def _save_point(self) -> None:
        """Keep a copy of the live state where a human decides: Undo returns to one, browsing starts from one."""
        k = len(self.state.history)
        if k not in self._saved:
            self._keep_copy(k, self.state.clone())

    # -- game flow ----------------------------------------------------------------------
    def _seed_box_message(self, _widget, content, _buffers) -> None:
        """Enter in the seed box plays the game of that seed, as New game does with a typed seed."""
        if isinstance(content, dict) and content.get("event") == "submit":
            self.new_game_clicked(as_typed=True)

    @_safe
    def new_game_clicked(self, as_typed=False):
        """A new game with the seed typed (checked here: the page may send any text), or a fresh random
        one when the box is empty or still shows this game's seed. ``as_typed`` (Enter in the box, a
        Players or option menu) plays the box's seed even when it is this game's."""
        text = str(self.seed_box.value).strip()
        if text and not (len(text) <= len(str(MAX_SEED)) and re.fullmatch("[0-9]+", text) and int(text) <= MAX_SEED):
            self.say(_("The seed must be a whole number from 0 to {most}, or empty for a random game.").format(
                most=MAX_SEED), "warn")
            return
        seed = int(text) if text else None
        self.new_game(None if seed == self.game.seed and not as_typed else seed)
        if len(self._earlier_games):
            self.say(_("A new game. Undo brings the previous one back."), "info")

    @_safe
    def _players_chosen(self, change) -> None:
        if change["new"] is None or change["new"] == self.players:
            return
        self.players = int(change["new"])
        self.new_game_clicked(as_typed=True)     # the seed in the box: a class can all play the same game
        if self.game.players != self.players:    # refused (a bad seed): the menu shows the game played
            self.players = self.game.players
            self.players_menu.value = self.players
            return
        self.say(ngettext("A new game with {n} player. Undo brings the previous one back.",
                          "A new game with {n} players. Undo brings the previous one back.",
                          self.players).format(n=self.players), "info")

    def _option_menus(self, option_choices) -> dict:
        """Option name -> its menu: a checkbox for an on/off option, else a dropdown of the values
        offered; names and values are checked against the game's option specs first."""
        specs = {spec.name: spec for spec in self.spec.option_specs}
        menus = {}
        for name, values in option_choices.items():
            if name not in specs:
                raise ValueError(f"option_choices: {self.game_id} has no option {name!r}; "
                                 f"allowed: {', '.join(specs) or 'none'}")
            spec = specs[name]
            values = [spec.check(v) for v in values]
            current = spec.check(self.options.get(name, spec.default))
            menu = option_control(spec, current, values)
            menu.observe(lambda change, name=name: self._option_chosen(name, change["new"]), "value")
            menus[name] = menu
        return menus

    @_safe
    def _option_chosen(self, name, value) -> None:
        if self.game is None or value == self.game.options.get(name):
            return
        before = dict(self.options)
        self.options[name] = value
        self.new_game_clicked(as_typed=True)     # the seed in the box
        if self.game.options.get(name) != value:     # refused: the menus show the game played
            self.options = before
            self._show_game_settings()
            return
        title = option_title(next(spec for spec in self.spec.option_specs if spec.name == name))
        if isinstance(value, bool):
            text = (_("A new game with this option on: {option}. Undo brings the previous one back.") if value
                    else _("A new game with this option off: {option}. Undo brings the previous one back."))
            self.say(text.format(option=title), "info")
        else:
            self.say(_("A new game with {option}: {value}. Undo brings the previous one back.").format(
                option=title, value=i18n.localized(value)), "info")

    def _show_game_settings(self) -> None:
        """The Players and option menus show the game being played (after Undo or a refused change)."""
        self.players_menu.value = self.players if self.players in self.players_menu.options else None
        for name, menu in self.option_menus.items():
            menu.value = self.game.options[name]

    @_safe
    def new_game(self, seed=None):
        """Start again with the same players and options; ``seed`` None picks a random one. The game
        it replaces is kept: Undo brings it back."""
        self._keep_for_undo()
        self._start(seed, focus=True)

    def open_game(self, state) -> None:
        """Play on from ``state``, a game of this page's game read from a file (Open): its players and
        options become the app's; the game it replaces is kept, Undo brings it back."""
        if state.game.id != self.game_id:
            raise ValueError(f"this page plays {self.game_id}, not {state.game.id}")
        self._keep_for_undo()
        self.players = state.game.players
        self.options.update(state.game.options)
        self._start(state.game.seed, focus=True, opened=state)
        self.practice = True        # its cards can come again from the file, as after Undo
        self._show_game_settings()
        self.say(ngettext("Opened a game of {n} move: play on. Undo brings the previous game back.",
                          "Opened a game of {n} moves: play on. Undo brings the previous game back.",
                          len(state.history)).format(n=len(state.history)), "info")

    def _keep_for_undo(self) -> None:
        if self.state is not None:
            saved = {k: self._saved[k] for k in sorted({0, max(self._saved)})}     # the start, the last decision
            self._earlier_games.append(Snapshot(self.game, self.state, saved, self._ends_shown, self.paused,
                                                self._last_human, self.bots, self.practice, self._passed_for,
                                                self._seed_seen, self._teachers_game))
            self._games_let_go += max(0, len(self._earlier_games) - EARLIER_GAMES)
            del self._earlier_games[:-EARLIER_GAMES]

    def _start(self, seed, focus=False, opened=None):
        """A new game of ``seed``, or the game ``opened`` (a state read from a file) from where it is."""
        if opened is None:
            self.game = make_game(self.game_id, self.players, seed, self.options)
            self.state = start = self.game.new_state(deck=self.deck)
        else:
            self.game, self.state = opened.game, opened
            start = self.game.new_state(deck=opened.stacked, **opened.stacked_piles)
        self.state.keep_round_ends = True
        self.browse, self.paused, self._ends_shown = None, None, len(self.state.round_ends)
        self._saved = {0: start.clone()}
        self._passed_for: set[int] = set()    # moves the app made for a person (a Pass, all they could do)
        factory = self.bot or default_bot_factory(self.game_id)
        self.bots = {s: (factory if hasattr(factory, "act") and not isinstance(factory, type)
                         else factory(cardkit.bots.bot_seed(self.game.seed, s)))
                     for s in range(self.players) if s not in self.humans}
        self._seed_seen = self._seed_chosen = seed is not None    # a seed given (typed, the notebook's, a file's)
        self._teachers_game = self.in_class and self.game.seed == self.class_seed
        self.practice = self.teacher          # a new game is practice only while the teacher view is on
        self._show_title()
        self._show_seed_box()
        self.say("")
        self._advance()
        self.refresh(new_from=0, focus=focus)

    def _round_ends(self):
        return self.state.round_ends

    def _pause_at_round_end(self) -> bool:
        """Show the next round end not shown yet (the last one of a game shows as the final result)."""
        ends = self._round_ends()
        if ends and len(ends) > self._ends_shown:
            self._ends_shown += 1
            if not self.state.is_over:
                self.paused = ends[self._ends_shown - 1]
                return True
        return False

    def _advance(self):
        """Let the bots play until a human is asked, the game ends, or a round ends (shown until Next round)."""
        if self._pause_at_round_end():
            return
        state = self.state
        ends, history, shown = state.round_ends, state.history, self._ends_shown
        before = len(history)
        while True:
            cardkit.run(state, self.bots, wait_for=self.humans, stop=lambda _events: len(ends) > shown,
                        max_moves=MAX_BOT_MOVES)
            seat = None if state.is_over or len(ends) > shown else state.current_player
            if seat not in self.humans or not (self.pass_for_me and state.only_passes(seat)):
                break
            state.apply(PASS, seat)      # a reaction window the person cannot answer: passed, as the bots do
            self.say(_("Passed for you: you had nothing to react with."), "info")
            if len(ends) > shown:
                break
        self._passed_for.update(k for k in range(before, len(history)) if history[k].seat in self.humans)
        if not self._pause_at_round_end() and self._human_to_act() is not None:
            self._save_point()

    def _coerce(self, action, seat):
        if isinstance(action, str):
            state = self.state
            # the engine's label ("Freeze → Player 0"), or the words the page shows ("Freeze → you")
            found = cardkit.core.action_labelled([*state.legal_actions(seat), *state.candidate_actions(seat)], action,
                                                 self.reader)
            if found is not None:
                return found
            moves = ", ".join(a.label_for(self.reader) for a in state.candidate_actions(seat))
            raise IllegalAction(_("{move!r} is not a move here; the moves are {moves}").format(
                move=action, moves=moves or _("none")), f"{self.game_id}.turn")
        return action

    def play(self, action, seat=None):
        """Play ``action`` (an Action or its label) for the human asked now, then let the bots answer.

        The engine checks it: raises IllegalAction (state unchanged) if it is not allowed.
        Returns the events it caused, the bots' moves included."""
        if self.browse is not None:
            raise IllegalAction(_("you are looking at an earlier moment; press Resume to play on"), f"{self.game_id}.turn")
        state = self.state
        if state.is_over:
            raise IllegalAction(_("the game is over"), self.game.end_rule)
        if self.paused is not None:
            raise IllegalAction(_("{round}: press Next round to play on").format(
                round=said(self.paused.title, self.reader)), f"{self.game_id}.turn")
        seat = self._human_to_act() if seat is None else seat
        if seat is None or seat not in self.humans or seat not in state.to_act():
            raise IllegalAction(_("it is {player}'s turn, not yours").format(player=i18n.player(state.current_player)),
                                f"{self.game_id}.turn")
        action = self._coerce(action, seat)
        before = len(state.events)
        self._save_point()
        state.apply(action, seat)            # the engine decides; raises IllegalAction untouched
        self._last_human = seat
        self.say("")
        try:
            self._advance()
        finally:
            self.refresh(new_from=before, focus=True)
        return state.events[before:]

    @_safe
    def next_round(self):
        """Leave the round end shown and play on."""
        if self.paused is None:
            return
        before = self.paused.event_index         # the next round's deal, held back until now, is new
        self.paused = None
        self._advance()
        self.refresh(new_from=before, focus=True)

    @_safe
    def undo(self):
        """Back to the human's previous decision (from the copy kept then: nothing is replayed);
        before the first move of a game, back to the game New game replaced."""
        self.browse = None
        human_moves = [k for k, move in enumerate(self.state.history) if self._chosen(k, move.seat)]
        if not human_moves:
            if self._earlier_games:
                earlier = self._earlier_games.pop()
                self.game, self.state, self._saved, self._ends_shown = (earlier.game, earlier.state, earlier.saved,
                                                                        earlier.ends_shown)
                self.paused, self._last_human, self.bots = earlier.paused, earlier.last_human, earlier.bots
                self._passed_for, practice = earlier.passed_for, earlier.practice
                self._seed_seen, self._teachers_game = earlier.seed_seen, earlier.teachers_game
                self._seed_chosen = True          # not dealt again at a join: Undo brought it back
                self.players = self.game.players
                self.options.update((name, self.game.options[name]) for name in self.option_menus)
                self._show_game_settings()
                self.practice = practice or self.teacher
                self._show_title()
                self._show_seed_box()
                older = (" " + _("The games before it are let go: Undo keeps the last {n} games New game "
                                 "replaced.").format(n=EARLIER_GAMES)
                         if self._games_let_go and not self._earlier_games else "")
                self.say(_("Back to the game you were playing before New game.") + older, "info")
                self.refresh(new_from=len(self.state.events))
                return
            self.say(_("Nothing to undo yet."), "info")
            self.refresh()
            return
        keep = human_moves[-1]
        self.state = self._state_at(keep).clone()
        self._saved = {k: s for k, s in self._saved.items() if k <= keep}
        self._passed_for = {k for k in self._passed_for if k < keep}
        self._ends_shown = len(self.state.round_ends)
        self.paused = None
        self._last_human = self._human_to_act()
        self.practice = True                  # the same cards come again: this game is practice now
        self.say(ngettext("Took back your move ({n} move kept).", "Took back your move ({n} moves kept).",
                          keep).format(n=keep), "info")
        self.refresh(new_from=len(self.state.events), focus=True)

    @_safe
    def back(self):
        total = len(self.state.history)
        if total == 0:
            self.say(_("This is the start of the game."), "info")
            return
        self.browse = max(0, (total if self.browse is None else self.browse) - 1)
        self.refresh()

    @_safe
    def forward(self):
        if self.browse is None:
            self.say(_("You are already at the present moment."), "info")
            return
        self.browse = None if self.browse + 1 >= len(self.state.history) else self.browse + 1
        self.refresh()

    @_safe
    def resume(self):
        self.browse = None
        self.say("")
        self.refresh(focus=True)

    # -- drawing -------------------------------------------------------------------------
    def _names(self):
        bot = " · " + _("bot")
        return [i18n.player(s) + ("" if s in self.humans else bot) for s in range(self.players)]

    def _names_read(self):
        """The seats' names as the reader reads them: their own seat is "You"."""
        return [_("You") if s == self.reader else name for s, name in enumerate(self._names())]

    def _round_summary(self, end) -> str:
        """Who scored what in the round that ended: the change of each score since the round before
        (no table when no score changed: a stage of a game that scores only at its end)."""
        ends = self._round_ends() or []
        index = next((i for i, e in enumerate(ends) if e is end), len(ends))
        before = ends[index - 1].view.scores if index > 0 else self._saved[0].scores   # the game's start
        after = end.view.scores
        title = html.escape(said(end.title, self.reader))
        if list(after) == list(before):
            return f"<div class='ck-round-end'><b>{title}</b></div>"
        label = self.table.score_label
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td class='ck-value'>{after[s] - before[s]:+}</td>"
            f"<td>{html.escape(label)}: {i18n.number(after[s])}</td></tr>"
            for s, name in enumerate(self._names_read()) if s < len(after) and s < len(before))
        return (f"<div class='ck-round-end'><b>{title}</b>"
                f"<table class='ck-round-scores'>{rows}</table></div>")

    def _final_view(self, state):
        """At the end: the last round end as shown to the seat (the hands it reveals) with the game's
        result line."""
        ends = self._round_ends()
        who = None if self.teacher or self.seat is None else self.seat
        view = ends[-1].shown_to(who) if ends else state.view(who)
        if self.teacher:
            view = state.view(None)
        return dataclasses.replace(view, status=state.view_status(self.reader))

    def _turn(self) -> Turn:
        """The one Turn of this redraw: the seat's view of the state shown and, while it plays on,
        its choices (none while looking back, at a round's end, or at the game's end)."""
        state = self.shown_state
        live = self.browse is None and self.paused is None and not state.is_over
        return Turn.of(state, self.seat, playing=live, compound_moves=self.spec.compound_moves)

    def _table_view(self, turn):
        """The view the table draws: the seat's own (the Turn's), the teacher's, or a round's end as
        the rules reveal it."""
        who = None if self.teacher or self.seat is None else self.seat
        if self.browse is None and self.paused is not None:
            return dataclasses.replace(self.paused.shown_to(who), status=said(self.paused.title, self.reader))
        if self.browse is None and self.state.is_over:
            return self._final_view(self.state)
        view = turn.view if who == turn.seat else self.shown_state.view(who)
        # to the one person reading it (people sharing the screen: seats by name), in the page's language
        status = self.shown_state.view_status(self.reader)
        return view if view.status == status else dataclasses.replace(view, status=status)

    @property
    def reader(self) -> int | None:
        """The seat the log and the status line call "you": the one person's seat. Nobody in the teacher
        view, or when several people share the screen (hot-seat): there "you" would move round the
        table with the turn, and a line already read would change its meaning, so seats go by name."""
        if self.teacher or self.seat is None or len(self.humans) != 1:
            return None
        return self.seat

    @_safe
    def refresh(self, new_from=None, focus=False):
        state = self.state
        human = self._human_to_act(self.shown_state)
        self.seat = human if human is not None else self._last_human
        if self.reader != self._reader:        # "you" moved (the teacher view, another seat): the panels reword
            self._reader = self.reader
            self.event_log.read_as(self._reader)
            self.actions.read_as(self._reader)
        turn = self.turn = self._turn()
        rules = self.game.rules
        # The table (its status line) first, the moves after: a page never shows the moves of a game
        # the status line does not show yet (a new game's, while the table still shows the old one).
        self.table.show(self._table_view(turn), you=self.seat, hand_zones=turn.hand_zones,
                        everything=self.teacher, names=self._names())
        if self.browse is not None:
            k, total = self.browse, len(state.history)
            last = f" ({state.history[k - 1].action.label_for(self.reader)})" if k else ""
            self.actions.show_turn(turn, _("Looking back: after move {k} of {total}{last}. "
                                           "Use Back/Forward, or Resume to play on.").format(
                k=k, total=total, last=last))
            shown = self.shown_state
            self.event_log.update(shown.events, rules, new_from=len(shown.events))
        elif self.paused is not None:
            self.actions.show_turn(None, extra=[self.next_button], focus=focus)
            self.actions.message.value = self._round_summary(self.paused)
            self.event_log.update(state.events[:self.paused.event_index], rules, new_from=new_from)   # not the next deal yet
        else:
            over = _("Game over. Press New game to play again.") if state.is_over else ""
            self.actions.show_turn(turn, over, focus=focus)
            self.event_log.update(state.events, rules, new_from=new_from)
        self.undo_button.disabled = not (self._earlier_games or any(m.seat in self.humans for m in state.history))
        self.back_button.disabled = not state.history or self.browse == 0
        self.forward_button.disabled = self.browse is None
        self.resume_button.layout.display = None if self.browse is not None else "none"
        self.version += 1

    # -- reaction windows a person cannot answer ------------------------------------------------
    pass_for_me = traitlets.Bool(True, help="pass for a person in a reaction window they cannot answer")

    def _add_reaction_setting(self) -> None:
        """In a game with reaction windows, a setting in the toolbar: "Don't ask me when I can't react".
        On (the default for one person), the app passes at once for a person whose only choice in a
        window is Pass, as the bots do; off (the default when several people share the screen of a
        game that hides hands, its declared ``hidden_hands``, where being passed for would show the
        others what one's hand lacks), they press Pass themselves."""
        self.reaction_setting = words(W.Checkbox(value=len(self.humans) <= 1 or not self.spec.hidden_hands,
                                                 indent=False, layout=W.Layout(width="auto")),
                                      description=N_("Don't ask me when I can't react"),
                                      tooltip=N_("Pass for me at once in a reaction window when I hold "
                                              "nothing to react with"))
        self.reaction_setting.add_class("ck-pass-for-me")
        W.link((self.reaction_setting, "value"), (self, "pass_for_me"))
        if self.spec.reaction_windows:
            self.toolbar.children = (*self.toolbar.children, self.reaction_setting)

    def _chosen(self, k: int, seat) -> bool:
        """Whether move ``k`` was a person's own choice, not a pass the app made for them (Undo's stops)."""
        return seat in self.humans and k not in self._passed_for

