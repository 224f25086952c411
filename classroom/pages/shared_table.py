"""Play with others: one game at a shared table, each classmate on their own page (their own kernel).

The page creates a table (its game, options and number of seats: a short code to tell the others) or
joins one by its code and a name; it then shows only its own seat's view and moves, and looks at the
table every ``poll`` seconds, so the others' moves appear within a poll. Every move goes through the
store (``classroom.store``): the engine checks it, and the database settles who answered first; a
move that came too late says so and shows the new state; one the database did not take says so and
the page shows the table as stored. The game starts when every seat is taken or the creator starts
it: no moves before, and empty seats are bots from then on, to the end. A seat whose page stays away
is played by a bot until it returns. No Undo at a shared table. The finished game can be downloaded
as a replay file. One page is one player: a page seated at a game that is not over takes no other
seat, and makes at most ``TABLES_PER_PAGE`` tables in ``TABLES_WINDOW`` seconds.

Inside a class (the page's *Join a class* bar has joined one): a table the page creates belongs to
that class (the class board lists it), and the page's seat posts its finished game to the class, read
from the table's own state on the server (``table_record``), once per table and seat.
"""
from __future__ import annotations

import base64
import dataclasses
import html
import json
import logging
import threading
import time

import ipywidgets as W

import cardkit
from cardkit import i18n
from cardkit.core import IllegalAction
from cardkit.i18n import N_, _
from cardkit.games import declaration

from widgets.ui import hosting
from widgets.ui.declared import hints as _hints
from widgets.ui.pyodide import in_browser
from widgets.play.move_panel import ActionPanel
from widgets.ui.buttons import Button
from widgets.ui.language import follow_language, said, words
from widgets.play.log import EventLog
from widgets.play.options import option_control
from widgets.play.table import TableView

from .access import visitor_address
from .browser_memory import BrowserMemory
from .join_bar import class_bar, page_bar

log = logging.getLogger("widgets")

POLL = 0.25                # seconds between two looks at the table: the others' moves within 0.5 s
TABLES_PER_PAGE = 5        # tables one page may make in TABLES_WINDOW seconds (the store limits per address)
TABLES_WINDOW = 600.0
NOT_SAVED = N_("Your move was not saved: the class's database is not answering. Try again.")


NO_SERVER = N_("Playing with others needs the Voila app (<code>make app</code>): the table lives on the "
             "server, and this static site has none.")

#: The options a class page deals a game with (a tick box on the create form: anyone may turn it off):
#: Frantic's 42-point card by its classroom name, "Ten Cards" (issue 39).
CLASS_OPTIONS = {"frantic": {"classroom_names": True}}


def play_together_page(game_id: str | None = None) -> W.Widget:
    """The *Play with others* part of a page: ``?game=`` picks the game (default Frantic); a page with
    the host's key (``?teacher=<CARDKIT_TEACHER_KEY>``) may deal a chosen ``?seed=`` (a demonstration,
    like "everybody play seed 42"); nobody else chooses the deal: whoever knows it knows every hand at
    the table, so a class's key (which a student may hold for a class of her own) is not enough."""
    if in_browser():
        return W.HTML(f'<div class="ck-shared-table ck-note">{_(NO_SERVER)}</div>')
    game_id = game_id or hosting.page_parameter("game") or "frantic"
    seed = hosting.page_parameter("seed")
    chosen = int(seed) if seed and seed.isdigit() and hosting.host_teacher_view_allowed() else None
    return SharedTable(game_id, seed=chosen, memory=True, class_bar=class_bar("play_together"),
                       options=CLASS_OPTIONS.get(game_id))


class SharedTable(W.VBox):
    """"Play with others" on a game page: create or join a table, then play this page's seat."""

    def __init__(self, game_id: str, store=None, poll: float | None = POLL, options: dict | None = None,
                 seed: int | None = None, memory: bool = False, class_bar=None):
        super().__init__()
        self.class_bar = class_bar          # the page's Join a class bar (None: the page's own, if any)
        self._posted = False                # this seat's finished game went to the class
        self.seed = seed
        self.add_class("ck-shared-table")
        self.game_id = game_id
        self.options = dict(options or {})
        self._store = store
        self.poll = poll
        self.code = None
        self.token = None
        self.host_key = None
        self.shown_moves = -1
        self._made = []                     # when this page made its tables (time.monotonic)
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self.seats_box = words(W.BoundedIntText(value=3, min=2, max=8, layout=W.Layout(width="140px")),
                               description=N_("Seats"))
        self.seats_box.add_class("ck-shared-seats")
        self.create_button = Button(layout=W.Layout(width="auto"))
        self.create_button.add_class("ck-shared-create")
        self.other_games = W.HTML()
        self.create_button.on_click(lambda _: self.create(self.seats_box.value))
        label = {"description_width": "initial"}
        self.name_box = words(W.Text(style=label, layout=W.Layout(width="16em")),
                              description=N_("Your name"), placeholder=N_("e.g. Ada"))
        self.name_box.add_class("ck-shared-your-name")
        self.code_box = words(W.Text(style=label, layout=W.Layout(width="16em")),
                              description=N_("Table code"), placeholder=N_("to join a table"))
        self.code_box.add_class("ck-shared-table-code")
        self.seat_code_box = words(W.Text(style=label, layout=W.Layout(width="17em")),
                                   description=N_("Seat code"), placeholder=N_("only from a new device"),
                                   tooltip=N_("Your seat code, shown on the page where you sat first"))
        self.seat_code_box.add_class("ck-shared-seat-code-box")
        self.join_button = words(Button(layout=W.Layout(width="auto")), description=N_("Join"))
        self.join_button.add_class("ck-shared-join")
        self.join_button.on_click(lambda _: self.join_with_form())
        self.start_button = words(Button(), description=N_("Start the game"))
        self.start_button.on_click(lambda _: self.start())
        self.start_button.layout.display = "none"
        self.message = W.HTML()
        self.message.add_class("ck-shared-message")
        self.info = W.HTML()
        self.info.add_class("ck-shared-info")
        self.replay_link = W.HTML()
        self.seat_note = W.HTML()
        self.seat_note.add_class("ck-shared-seat-note")
        self.play_area = W.VBox()
        self._draw_game(game_id)
        self.play_area.layout.display = "none"
        self.option_controls = self._option_controls()
        options_box = W.HBox(list(self.option_controls.values()), layout=W.Layout(flex_flow="row wrap"))
        options_box.add_class("ck-shared-options")
        row = W.Layout(flex_flow="row wrap", align_items="center")
        self.forms_heading = W.HTML()
        self.or_word = W.HTML()
        self.forms = W.VBox([
            self.forms_heading,
            self.name_box,
            W.HBox([self.code_box, self.seat_code_box, self.join_button], layout=row),
            W.HBox([self.or_word, self.seats_box, self.create_button, self.other_games], layout=row),
            options_box])
        self.forms.add_class("ck-shared-forms")
        self.children = [self.forms, self.message, self.play_area]
        if class_bar is not None:           # the play-together page: the class first, both forms named
            self.class_heading = W.HTML()
            self.children = [self.class_heading, class_bar, *self.children]
        self._show_words()
        follow_language(self._language_changed, owner=self)
        self.memory = None
        if memory:                      # the seat kept in the browser: a reload comes back to it
            self.memory = BrowserMemory(key="cardkit-table")
            self.memory.observe(self._remembered, "remembered")
            self.children = [*self.children, self.memory]

    def _show_words(self) -> None:
        """The forms' words in the page's language."""
        title = _(declaration(self.game_id).title)
        self.create_button.description = _("Create a {game} table").format(game=title)
        other_games = " · ".join(
            f"<a href='play_together.ipynb?game={other}'>{html.escape(_(declaration(other).title))}</a>"
            for other in cardkit.list_games() if other != self.game_id)
        self.other_games.value = (f"<span class='ck-class-note'>{html.escape(_('Another game:'))} "
                                  f"{other_games}</span>")
        self.forms_heading.value = (
            f"<h2 class='ck-shared-heading'>{html.escape(_('A table'))}</h2><p class='ck-class-note'>"
            + html.escape(_("Your name first. Then type the code a classmate gave you and press Join, or create a "
                            "table and give its code to the others. Back on a new device? Add your seat code."))
            + "</p>")
        self.or_word.value = html.escape(_("or")) + "&nbsp;"
        if hasattr(self, "class_heading"):
            self.class_heading.value = (
                f"<h2 class='ck-shared-heading'>{html.escape(_('Join a class'))}</h2><p class='ck-class-note'>"
                + html.escape(_("Optional: with your class's code, your finished game goes to the class board."))
                + "</p>")

    def _language_changed(self) -> None:
        self._show_words()
        if self.token is not None:
            self._show_seat_note()
            self.refresh(force=True)

    def _draw_game(self, game_id: str) -> None:
        """The play area for ``game_id``'s cards and moves (again when the table joined is another game's
        than the page's ``?game=``)."""
        self.game_id = game_id
        hints = _hints(game_id)
        self.actions = ActionPanel(on_action=self.play, hints=hints)
        self.table = TableView(hints=hints, moves=self.actions)
        self.event_log = EventLog()
        self.play_area.children = [self.info, self.start_button, self.table, self.event_log,   # the table holds the moves
                                   self.replay_link, self.seat_note]

    @property
    def store(self):
        if self._store is None:
            from classroom.store import open_store
            self._store = open_store()
        return self._store

    def _option_controls(self) -> dict:
        """Option name -> its control on the create form, from the game's declared options."""
        controls = {}
        for spec in declaration(self.game_id).option_specs:
            control = option_control(spec, self.options.get(spec.name, spec.default))
            if control is not None:
                controls[spec.name] = control
        return controls

    def _joined_class(self):
        """(the page's Join a class bar, its class code) when the page has joined a class, else (None, None)."""
        bar = self.class_bar
        if bar is None:
            bar = page_bar()
        if getattr(bar, "comm", None) is None:         # none, or a closed bar: no page's any more
            return None, None
        joined = bar.joined
        return (bar, joined[0]) if joined else (None, None)

    # -- what a player does ------------------------------------------------------------------------

    def create(self, seats: int) -> str | None:
        """Create a table of this page's game with ``seats`` seats and the options chosen on the form,
        inside the page's class if it joined one, and sit at it; its code. The game checks the options."""
        name = self.name_box.value.strip() or _("Host")
        if self._seated_elsewhere(None):
            return None
        now = time.monotonic()
        self._made = [t for t in self._made if now - t < TABLES_WINDOW]
        if len(self._made) >= TABLES_PER_PAGE:
            self._say(html.escape(_("This page made {n} tables in the last {minutes} minutes: join one, or try again "
                                    "in a few minutes.").format(n=TABLES_PER_PAGE, minutes=i18n.number(TABLES_WINDOW / 60))),
                      "error")
            return None
        options = {**self.options, **{name_: control.value for name_, control in self.option_controls.items()}}
        _bar, class_code = self._joined_class()
        try:
            table = self.store.create_table(self.game_id, players=seats, options=options, seed=self.seed,
                                            class_code=class_code, address=visitor_address())
        except ValueError as error:
            self._say(html.escape(str(error)), "error")
            return None
        self._made.append(now)
        self.host_key = table.host_key
        if self.join(table.code, name):
            self.start_button.layout.display = None
        return table.code

    def join_with_form(self) -> bool:
        """The Join button: the table code and name, and the seat code when one was typed (a seat taken
        to this device)."""
        if self.seat_code_box.value.strip():
            return self.reclaim(self.code_box.value, self.name_box.value, self.seat_code_box.value)
        return self.join(self.code_box.value, self.name_box.value)

    def reclaim(self, code: str, name: str, seat_code: str) -> bool:
        """Sit in one's own seat again from this device, with the seat code the first page showed."""
        if self._seated_elsewhere(None):
            return False
        try:
            seat = self.store.reclaim(code, name, seat_code)
        except ValueError as error:
            self._say(html.escape(str(error)), "error")
            return False
        return self.join(seat.code, seat.name, token=seat.token)

    def join(self, code: str, name: str, token: str | None = None) -> bool:
        """Take a seat at table ``code`` as ``name`` (with ``token``: this browser's seat again)."""
        if self._seated_elsewhere(token):
            return False
        try:
            seat = self.store.sit(code, name, token=token)
        except ValueError as error:
            self._say(html.escape(str(error)), "error")
            return False
        game = self.store.table_info(seat.code).game
        with self._lock:
            if game != self.game_id:        # a table of another game than this page's ?game=
                self._draw_game(game)
            if seat.code != self.code:      # a new table after a finished game: its own result to post
                self._posted = False
            self.code, self.token, self.seat, self.name = seat.code, seat.token, seat.index, seat.name
        if self.memory is not None:
            self.memory.keep = {"code": seat.code, "token": seat.token, "name": seat.name}
        self.forms.layout.display = "none"
        self.play_area.layout.display = None
        self._show_seat_note()
        self._say(html.escape(_("Table {code}: you are {name}. Tell the others this code.")).format(
            code=f'<b class="ck-shared-code">{html.escape(seat.code)}</b>',
            name=f'<span class="ck-shared-name">{html.escape(seat.name)}</span>'))
        self.refresh(force=True)
        self._start_polling()
        return True

    def _show_seat_note(self) -> None:
        code = self.store.seat_code(self.token)
        self.seat_note.value = (
            "<p class='ck-class-note'>"
            + html.escape(_("Your seat code: {code}. To play this seat from another device (a new laptop, a phone), "
                            "type the table code, your name and this seat code there. Keep it to yourself: it is "
                            "your seat.")).format(code=f"<b class='ck-shared-seat-code'>{code[:4]}-{code[4:]}</b>")
            + "</p>")

    def _seated_elsewhere(self, token) -> bool:
        """True (and said) when this page holds a seat at a game not over: one page plays one seat.
        The page's buttons are hidden then, but a forged click still arrives: checked here."""
        if self.token is None or token == self.token:
            return False
        try:
            over = self.store.table_info(self.code).over
        except ValueError:                  # its table was deleted: the page may sit elsewhere
            return False
        if over:
            return False
        self._say(html.escape(_("This page plays at table {code} as {name}: one page is one player. Finish that game, "
                                "or open another page to watch.")).format(
            code=f"<b>{html.escape(self.code)}</b>", name=html.escape(self.name)), "error")
        return True

    def _remembered(self, change) -> None:
        """The browser remembers a seat: take it again if the store knows its token at that table."""
        found = change["new"] or {}
        token, code = found.get("token"), found.get("code")
        if self.token is not None or not isinstance(token, str) or not isinstance(code, str):
            return
        try:
            seat = self.store.seat(token)
        except Exception:
            log.exception("shared table: could not look up a remembered seat")
            return
        if seat is None or seat.code != code.strip().upper():
            self.memory.keep = {"forget": True}     # the table is gone, or the token is not its
            return
        self.join(seat.code, seat.name, token=token)

    def start(self) -> None:
        try:
            self.store.start_table(self.code, self.host_key)
        except ValueError as error:
            self._say(html.escape(str(error)), "error")
            return
        self.start_button.layout.display = "none"
        self.refresh(force=True)

    def play(self, seat, action) -> None:
        """The ActionPanel's move ``(seat, action)``: only this page's own seat plays (its token says which);
        the engine checks the move through the store; too late or illegal says so."""
        if seat != self.seat:
            self.actions.show(_("Only your own seat plays from this page."), "error")
            return
        try:
            self.store.play(self.token, action, seen=self.shown_moves)
        except IllegalAction as error:       # TooLate is one: the table moved on
            self.refresh(force=True)
            self.actions.show(_("{reason} (rule {id})").format(reason=error.reason_for(self.seat, self.actions.names),
                                                                 id=error.rule), "error")
            return
        except Exception as error:          # not written (the database away, or refused): the move does not exist
            from classroom.store import StoreUnavailable    # here: a page that plays at no table loads no database
            if not isinstance(error, (StoreUnavailable, ValueError)):
                raise
            message = (_(NOT_SAVED) if isinstance(error, StoreUnavailable)
                    else _("Your move was not saved: {why}").format(why=_(str(error))))
            try:
                self.refresh(force=True)    # the table as the store has it
            except Exception:
                log.exception("shared table: could not look at table %s", self.code)
            self.actions.show(message, "error")
            return
        self.refresh(force=True)

    # -- the table ---------------------------------------------------------------------------------

    def refresh(self, force: bool = False) -> None:
        """Draw this seat's view if the table moved on (``force``: draw anyway)."""
        if self.token is None:
            return
        with self._lock:
            seen = self.store.table_view(self.token)
            if seen["info"].over and not self._posted:
                self._post_to_class(seen["info"])
            if not force and seen["moves"] == self.shown_moves and not self._info_changed(seen["info"]):
                return
            self.shown_moves = seen["moves"]
            self._last_info = seen["info"]
            info = seen["info"]
            state = self.store.table_state(self.code)     # server side: the panel shows this seat's moves only
            # "Player 1 · Bob": the moves name seats as the engine does, the table says who sits there
            empty = _("bot") if info.started else _("free seat")
            away = " " + _("(away: a bot plays)")
            names = [f"{i18n.player(s['index'])} · {s['name'] or empty}" + (away if s["away"] else "")
                     for s in info.seats]
            self.table.names = names
            self.table.you = self.seat
            # the log, the status line, the moves and refusals in this seat's words, the others by the
            # names people gave: "You draw 7.", "Ada gives you a card.", "Freeze → Ada"
            called = [s["name"] or i18n.player(s["index"]) for s in info.seats]
            self.event_log.read_as(self.seat, called)
            self.actions.read_as(self.seat, called)
            playing = info.started and not info.ended           # no moves before the start
            self.actions.update(state, self.seat, enabled=playing,
                                message="" if playing or info.ended else _(
                                    "The game starts when every seat is taken, or when the table's creator "
                                    "presses Start."))
            self.table.hand_zones = self.actions.card_zones
            view = seen["view"]
            if view.status == state.view_status(self.seat):        # the status line of this moment
                view = dataclasses.replace(view, status=state.view_status(self.seat, called))
            self.table.update(view)
            self.event_log.update(state.events)
            notes = "".join(f"<div>{html.escape(said(note))}</div>" for note in info.notes)
            if info.started:                # a full table starts by itself: no Start left to press
                self.start_button.layout.display = "none"
            free = sum(1 for s in info.seats if s["name"] is None)
            waiting = "" if info.started else ("<div>" + html.escape(_(
                "{free} of {n} seats free. Waiting for the others, or for the creator's Start (free seats are then "
                "bots).").format(free=free, n=info.players), quote=False) + "</div>")
            table = html.escape(_("Table {code}")).format(code=f"<b>{html.escape(info.code)}</b>")
            self.info.value = f"<div>{table} · {html.escape(', '.join(names))}</div>{waiting}{notes}"
            if info.over:
                data = base64.b64encode(json.dumps(self.store.table_replay(self.code)).encode()).decode()
                self.replay_link.value = (f'<a download="{html.escape(self.game_id)}-{html.escape(info.code)}.json" '
                                          f'href="data:application/json;base64,{data}">'
                                          f'{html.escape(_("Download the replay"))}</a>')

    def _post_to_class(self, info) -> None:
        """Post this seat's finished game to the class the table belongs to, when the page joined that
        class: the figures come from the table's state on the server; the key (table and seat) makes a
        reload's second post write nothing."""
        bar, class_code = self._joined_class()
        if bar is None or info.class_code is None or class_code != info.class_code:
            return
        record = self.store.table_record(self.token)
        bar.record_game(self.game_id, record, key=f"table-{info.code}-{self.seat}")
        self._posted = True

    def _info_changed(self, info) -> bool:
        last = getattr(self, "_last_info", None)
        return last is None or (last.notes, last.seats, last.started) != (info.notes, info.seats, info.started)

    def _start_polling(self) -> None:
        if not self.poll or getattr(self, "_poller", None) is not None:
            return

        def run(stop=self._stop):
            while not stop.wait(self.poll):
                try:
                    self.refresh()
                except ValueError as gone:      # the table was deleted: nothing more to look at
                    self._say(html.escape(str(gone)), "error")
                    return
                except Exception:               # the database away for a moment: look again next time
                    log.exception("shared table: could not look at table %s", self.code)
        self._poller = threading.Thread(target=run, daemon=True, name=f"ck-table-{self.code}")
        self._poller.start()

    def close(self):
        self._stop.set()
        super().close()

    def _say(self, text: str, kind: str = "info") -> None:
        self.message.value = f'<span class="ck-{kind}">{text}</span>'
