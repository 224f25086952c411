"""Class rooms on the pages: the *Join a class* bar of every game and lesson page, the recording of
what a joined page did (finished games, lesson answers) and the live *Class board*.

What a page posts comes from its own kernel: a finished game is read from the GameApp's engine state
(game, options, seed, scores, winner, rounds, practice, and the exact chances of the moves the person
chose, replayed from the history), an answer from the choice the kernel's Question took. Nothing the
browser sends becomes a figure. The store (``cardkit.classroom``) keeps the class's results; a result
it cannot take at once (a database briefly away) stays on the page and is tried again with backoff.

The student's token lives in the browser (localStorage) through ``BrowserMemory``, a tiny anywidget:
a reload or a rejoin from the same browser keeps the same student, and the server checks the token
with the store before it believes it.

The static site (no server) has no class: the bar and the board say so instead.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import html
import ipaddress
import json
import logging
import os
import threading
import time
import uuid
from collections import Counter
from fractions import Fraction

import ipywidgets as W
import traitlets

from cardkit import games as registry

from . import hosting
from ._pyodide import in_browser
from .browser_memory import BrowserMemory, BrowserOutbox
from .buttons import Button

log = logging.getLogger("widgets")

NO_SERVER = ("Class rooms need the Voila app (<code>make app</code>): a class's results are kept by the "
             "server, and this static site has none (no server, no class). Everything else on this page works.")
#: What the bar of a page of the static site says instead (short: it sits beside the page's links).
NO_SERVER_SHORT = "Class rooms need the Voila app: no server here, no class."
#: Seconds between two looks at the store: the board for new results, a joined page for its class's state.
BOARD_POLL = 0.4
PAGE_POLL = 3.0
#: A result refused for a limit (posting too fast) is tried again this many times, this many seconds apart.
LIMIT_RETRIES = 4
LIMIT_PAUSE = 5.0
#: Seconds between Enter in a join box and the join: the box's value follows the Enter.
SUBMIT_SETTLES = 0.5
#: A result the store could not take is tried again after 0.5, 1, 2, 4 … seconds, at most this long apart.
MAX_BACKOFF = 15.0
#: The visitor's address, as the app's server (widgets.voila_server) hands it to the page's kernel.
VISITOR_ADDRESS = "HTTP_X_CARDKIT_CLIENT"
#: Classes one board page may make (a teacher makes one; a page looping on Create no more than this).
CLASSES_PER_PAGE = 3
#: Students one page may be in its life: one at a time (a page is one student), and after Leave at
#: most this many in all (another class, say), so forged Join clicks cannot make a class of names.
STUDENTS_PER_PAGE = 3

CSS = """
<style>
.ck-class-bar { font-size: 15px; margin: 0 0 6px 0; gap: 6px; align-items: center; flex-wrap: wrap; }
.ck-class-bar .widget-text { width: auto; }
.ck-class-bar input { font-size: 15px; }
.ck-class-note, .ck-class-status { color: #52606d; font-size: 14px; }
.ck-class-status .ck-saved { color: #2f7a2f; }
.ck-class-status .ck-saving { color: #a35f00; }
.ck-class-seed { background: #fff6dd; border: 1px solid #e3c66b; border-radius: 6px; padding: 2px 8px; }
.ck-board h2 { margin: 4px 0; }
.ck-board-code { font-size: 56px; font-weight: 800; letter-spacing: 6px; font-family: monospace; }
.ck-board-members { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; padding: 0; list-style: none; }
.ck-board-members li { background: #e9eef7; border-radius: 12px; padding: 2px 10px; }
.ck-bars { border-collapse: collapse; width: 100%; max-width: 640px; }
.ck-bars td { padding: 2px 6px; vertical-align: middle; }
.ck-bars .ck-bar { background: #2f6fbf; height: 18px; min-width: 2px; border-radius: 3px; }
.ck-bars tr.ck-right .ck-bar { background: #2f7a2f; }
.ck-bars tr.ck-right td:first-child { font-weight: bold; }
.ck-board-section { border: 1px solid #d5dae3; border-radius: 10px; padding: 8px 14px; margin: 8px 0;
                    max-width: 100%; overflow-x: auto; box-sizing: border-box; }
.ck-board-figure { font-size: 20px; }
.ck-practice { color: #52606d; }
@media (max-width: 600px) { .ck-board-code { font-size: 40px; letter-spacing: 3px; } }
</style>
"""


# -- the store of this server ---------------------------------------------------------------------------
_store = None
_store_lock = threading.Lock()


def get_store():
    """The server's store (``cardkit.classroom.open_store()``: CARDKIT_DB, else the SQLite default),
    opened once per kernel."""
    global _store
    with _store_lock:
        if _store is None:
            from cardkit.classroom import open_store
            _store = open_store()
        return _store


def use_store(store) -> None:
    """Use ``store`` for this kernel's pages (tests; a host that opens its own)."""
    global _store
    _store = store


def _teacher_key_of_this_page(key: str) -> bool:
    """``hosting.teacher_key_checks``: the page's ``?class=CODE&teacher=KEY`` is that class's teacher,
    and the page is in that class (its Join a class bar joined it). A class's key works only within
    its own class: on any other page (a class a student made for herself, say) it opens nothing."""
    code = hosting.page_parameter("class")
    if not code or in_browser():
        return False
    bar = page_bar()
    joined = bar.joined if bar is not None and bar.comm is not None else None
    if not joined or joined[0] != code.strip().upper():
        return False
    try:
        return bool(get_store().is_teacher(code, key))
    except Exception:
        log.exception("class rooms: could not check a teacher key")
        return False


def allow_class_teachers() -> None:
    """Let a class's teacher link (``?class=CODE&teacher=KEY``) turn the teacher view on."""
    if _teacher_key_of_this_page not in hosting.teacher_key_checks:
        hosting.teacher_key_checks.append(_teacher_key_of_this_page)


def visitor_address() -> str | None:
    """The address of this page's visitor, when the app's server told the kernel (else None)."""
    return os.environ.get(VISITOR_ADDRESS) or None


def served_by_voila() -> bool:
    """A page of the Voila app (a visitor's), not a notebook its own user runs (JupyterLab, tests)."""
    return "VOILA_PREHEAT" in os.environ or os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


def why_no_new_class() -> str | None:
    """None when this page may create a class, else why not, in words for the page. Creating a class
    is the host's or a teacher's act: a page opened with the host's key (``?teacher=`` equal to
    CARDKIT_TEACHER_KEY). A server without that key takes classes only from its own machine (a
    teacher's laptop running ``make app``); a notebook that is not a Voila page runs as its user."""
    if in_browser():
        return NO_SERVER
    expected = os.environ.get(hosting.TEACHER_KEY, "")
    given = hosting.page_parameter("teacher") or ""
    if expected:
        if given and hmac.compare_digest(given.encode(), expected.encode()):
            return None
        return ("Creating a class needs the host's key: open the Class board with the teacher link "
                "your host gave you (class_board.ipynb?teacher=…).")
    if not served_by_voila():
        return None
    try:
        local = ipaddress.ip_address(visitor_address() or "").is_loopback
    except ValueError:
        local = False
    return None if local else ("Creating a class here needs the host's key: the host sets CARDKIT_TEACHER_KEY and "
                               "gives teachers the Class board link with ?teacher=<that key>. On your own "
                               "computer (make app), open the app at http://127.0.0.1:8866/.")


# -- what a page posts: read from its own kernel ---------------------------------------------------------
def _class_board(game_id: str):
    """The game's declared ``ClassBoard`` (what the board pools of it), or None."""
    try:
        return registry.part(game_id, "class_board")
    except ValueError:               # not a game this app knows
        return None


def class_figure(game_id: str):
    """(title, what the exact figure is) of the game's pooled figure on the board, or None."""
    board = _class_board(game_id)
    return board.figure if board else None


def game_figure(game, history, seats, deck=None) -> dict | None:
    """Replay ``history`` and, before each move a person in ``seats`` made, ask the game's
    ``class_moment``: how many such moves (``tries``), how often the thing happened (``happened``),
    and the sum of its exact chances (``expected``). None for a game without a figure."""
    board = _class_board(game.id)
    if board is None:
        return None
    moment = board.moment
    state = game.new_state(deck=deck)
    tries = happened = 0
    expected = Fraction(0)
    for seat, action in history:
        asked = moment(state, seat, action) if seat in seats else None
        before = len(state.events)
        state.apply(action, seat)
        if asked is not None:
            chance, judge = asked
            tries += 1
            happened += bool(judge(state.events[before:]))
            expected += chance
    return {"tries": tries, "happened": happened, "expected": round(float(expected), 6)}


def game_details(game, history, seat, deck=None):
    """The game's own ``class_details`` of a finished game (Flip 7: the rounds by stopping point), or None."""
    board = _class_board(game.id)
    details = board.details if board else None
    return None if details is None or seat is None else details(game, history, seat, deck)


def _plain(value):
    """JSON-ready: numbers, text, lists and dicts of them (Fractions become floats)."""
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def game_record(app) -> dict:
    """What a finished game posts, read from the GameApp's engine state, never from the page."""
    state, game = app.state, app.game
    seat = app.humans[0] if app.humans else None
    winners = list(state.winners or ())
    return _plain({
        "options": dict(game.options), "seed": game.seed, "players": game.players, "seat": seat,
        "scores": list(state.scores), "winners": winners, "won": seat in winners,
        "rounds": len(state.round_ends or ()), "moves": len(state.history), "practice": bool(app.practice),
        "figure": game_figure(game, state.history, set(app.humans), app.deck),
        "details": game_details(game, state.history, seat, app.deck),
    })


def _limit_reached(error) -> bool:
    try:
        from cardkit.classroom import LimitReached
    except ImportError:
        return False
    return isinstance(error, LimitReached)


# -- a result kept in the browser until the store has it ---------------------------------------------
PAGE_SECRET = "CARDKIT_PAGE_SECRET"     # the server's key for what a page keeps for it (widgets.voila_server sets it)
KEPT_AT_MOST = 50                       # results a browser gives back at one page load


def _seal_key() -> bytes | None:
    secret = os.environ.get(PAGE_SECRET, "")
    return secret.encode() if secret else None


def seal(item: dict) -> dict | None:
    """A waiting result as the browser keeps it: readable, but signed with the server's secret, so a
    page can give back only what the server gave it. None without a secret (nothing kept then)."""
    secret = _seal_key()
    if secret is None:
        return None
    body = base64.urlsafe_b64encode(json.dumps(
        {k: item[k] for k in ("token", "game", "kind", "record", "key")}, sort_keys=True).encode()).decode()
    return {"key": item["key"], "body": body, "sig": hmac.new(secret, body.encode(), hashlib.sha256).hexdigest()}


def unseal(kept) -> dict | None:
    """The result a browser gave back, if the server sealed it (else None: forged, edited, or another
    server's)."""
    secret = _seal_key()
    if secret is None or not isinstance(kept, dict):
        return None
    body, sig = kept.get("body"), kept.get("sig")
    if not isinstance(body, str) or not isinstance(sig, str) or len(body) > 200_000:
        return None
    if not hmac.compare_digest(sig, hmac.new(secret, body.encode(), hashlib.sha256).hexdigest()):
        return None
    try:
        item = json.loads(base64.urlsafe_b64decode(body.encode()))
    except ValueError:
        return None
    return item if isinstance(item, dict) and item.get("key") == kept.get("key") else None


# -- posting with retries ------------------------------------------------------------------------------
class Outbox:
    """Results waiting for the store, in order; each with its idempotency key, so a retry after a
    write whose answer was lost is not counted twice. ``on_status(text, kind)`` hears "saving…",
    "saved", or why it waits. A refused result (ValueError: class closed, a limit) is dropped and said.
    ``on_waiting(item)`` hears each result as it is queued, ``on_done(item)`` once it is saved or
    refused (the page's ``BrowserOutbox`` keeps it meanwhile, through a server restart)."""

    def __init__(self, store_getter, on_status, sleep=time.sleep, on_waiting=None, on_done=None):
        self._store = store_getter
        self._on_status = on_status
        self._sleep = sleep
        self._on_waiting = on_waiting or (lambda item: None)
        self._on_done = on_done or (lambda item: None)
        self.pending: list[dict] = []
        self.saved = 0
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self.backoff = 0.0

    def post(self, token: str, game: str, kind: str, record: dict, key: str | None = None) -> None:
        """Queue a result and send it from a thread (the store may take seconds when its database
        is away: the page stays responsive meanwhile). ``key``: the result's own idempotency key (one
        that another page may post too, e.g. a shared table's seat); default a fresh one."""
        item = {"token": token, "game": game, "kind": kind, "record": record, "key": key or uuid.uuid4().hex}
        with self._lock:
            if any(waiting["key"] == item["key"] for waiting in self.pending):
                return                          # already waiting here (given back by the browser twice)
            self.pending.append(item)
        self._on_waiting(item)
        self._on_status("saving…", "saving")
        self._send_soon()

    def flush(self) -> bool:
        """Try the waiting results now, oldest first; True when none is left. On a failure the rest
        wait, and a thread tries again after a growing pause."""
        refused_last = False
        while True:
            with self._lock:
                if not self.pending:
                    break
                item = self.pending[0]
            try:
                self._store().add_result(item["token"], game=item["game"], kind=item["kind"],
                                         record=item["record"], key=item["key"])
            except ValueError as refused:
                item["refusals"] = item.get("refusals", 0) + 1
                if _limit_reached(refused) and item["refusals"] <= LIMIT_RETRIES:   # too fast: wait, then again
                    self.backoff = max(LIMIT_PAUSE, self.backoff)
                    self._on_status(f"saving… ({refused}; kept on this page, trying again in {self.backoff:g} s)",
                                    "saving")
                    return False
                with self._lock:
                    self.pending.pop(0)
                self._on_done(item)
                self._on_status(f"not saved: {refused}", "error")
                refused_last = True
                continue
            except Exception as exc:            # the database is away: keep it, try again
                log.warning("class rooms: a result waits (%s)", exc)
                self.backoff = min(MAX_BACKOFF, max(0.5, self.backoff * 2))
                self._on_status(f"saving… (the class's database is not answering; kept on this page, "
                                f"trying again in {self.backoff:g} s)", "saving")
                return False
            with self._lock:
                self.pending.pop(0)
            self._on_done(item)
            self.saved += 1
            self.backoff = 0.0
            refused_last = False
        if not refused_last:
            self._on_status("saved", "saved")
        return True

    def _send_soon(self) -> None:
        """One thread sends what waits, pausing ``backoff`` seconds between failed tries."""
        with self._lock:
            if self._worker is not None and self._worker.is_alive():
                return

            def send():
                while not self.flush():
                    self._sleep(self.backoff)

            self._worker = threading.Thread(target=send, daemon=True, name="cardkit-class-send")
            self._worker.start()

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait for the sending thread (tests); True when nothing waits."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
        return not self.pending


# -- the bar of every page ---------------------------------------------------------------------------
_bar: "JoinBar | None" = None


def page_bar() -> "JoinBar | None":
    """This page's Join a class bar, once one was made."""
    return _bar


def class_bar(page: str = "") -> W.Widget:
    """The page's *Join a class* bar (one per page, made once); ``page`` names the page (a lesson's
    answers are recorded under it). In the static site, a line saying class rooms need the app."""
    global _bar
    if in_browser():
        note = W.HTML(f'<span class="ck-class-note">{NO_SERVER_SHORT}</span>')
        note.add_class("ck-class-none")
        return note
    if _bar is None or _bar.comm is None:
        _bar = JoinBar(page)
    elif page and not _bar.page:
        _bar.page = page
    return _bar


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


class JoinBar(W.HBox):
    """Class code + nickname + Join, small, at the top of a page; once joined, "In class K7QF as Ada",
    the saving status and a Leave button. It follows every GameApp of the page (``follow``) and the
    lesson answers (``record_answer``); without joining, nothing is posted and the page works as before.

    ``joined``: (class code, nickname, token) once the store accepted them; ``suggested_seed``: the
    seed the teacher asks everybody to play (a button here plays it)."""

    joined = traitlets.Tuple(allow_none=True, default_value=None)
    suggested_seed = traitlets.Int(None, allow_none=True)

    def __init__(self, page: str = "", store=None, poll: float | None = PAGE_POLL):
        self.page = page
        self._fixed_store = store
        self.page_id = uuid.uuid4().hex                    # the store counts wrong class codes per page
        self._students: dict[str, str] = {}               # class code -> the token this page joined it with
        self.apps: list = []
        self._recorded: set[int] = set()
        self._poll_every = poll
        self._poller: threading.Thread | None = None
        self._stop = threading.Event()
        self.memory = BrowserMemory()
        # Each box sends its value once, when the student leaves it (Tab, a click on Join): a box that
        # sent a value per key could still be sending the last one when the Join click arrives.
        self.code_box = W.Text(placeholder="class code", layout=W.Layout(width="9em"), continuous_update=False,
                               tooltip="The code your teacher wrote on the board")
        self.code_box.add_class("ck-class-code")
        self.name_box = W.Text(placeholder="nickname", layout=W.Layout(width="11em"), continuous_update=False,
                               tooltip="The name the class board shows (1 to 24 characters)")
        self.name_box.add_class("ck-class-nickname")
        self.join_button = Button(description="Join a class", icon="users", layout=W.Layout(width="auto"),
                                  tooltip="Join your class: your finished games and answers go to its board")
        self.join_button.add_class("ck-class-join")
        self.join_button.on_click(lambda _b: self.join(self.code_box.value, self.name_box.value))
        for box in (self.code_box, self.name_box):          # Enter in either box joins too
            box.on_msg(self._box_message)
        self.leave_button = Button(description="Leave", icon="sign-out", layout=W.Layout(width="auto",
                                                                                           display="none"),
                                   tooltip="Stop sending to the class (this browser forgets it)")
        self.leave_button.add_class("ck-class-leave")
        self.leave_button.on_click(lambda _b: self.leave())
        self.seed_button = Button(description="", layout=W.Layout(width="auto", display="none"))
        self.seed_button.add_class("ck-class-seed")
        self.seed_button.on_click(lambda _b: self.play_suggested_seed())
        self.status = W.HTML("", layout=W.Layout(min_width="0"))
        self.status.add_class("ck-class-status")
        self._saving = ""
        self.kept = BrowserOutbox()             # results not yet saved, in the browser: a restart loses none
        self.outbox = Outbox(self.store, self._show_saving, on_waiting=self._keep_in_browser,
                             on_done=lambda item: self.kept.drop(item["key"]))
        super().__init__([W.HTML(CSS, layout=W.Layout(display="none")), self.memory, self.kept, self.code_box,
                          self.name_box, self.join_button, self.status, self.seed_button, self.leave_button],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("ck-class-bar")
        self.memory.observe(self._remembered, "remembered")
        self.observe(lambda _change: self._tell_apps(), ["joined", "suggested_seed"])
        self.kept.observe(lambda _change: self._send_kept(), "found")
        self.observe(lambda _change: hosting.teacher_view_changed(), "joined")   # a class key counts in its class
        allow_class_teachers()
        _listen_to_questions(self)
        from . import app
        if _follow_new_app not in app.new_app_listeners:
            app.new_app_listeners.append(_follow_new_app)

    def store(self):
        return self._fixed_store or get_store()

    # -- joining ------------------------------------------------------------------------------------
    def join(self, code: str, nickname: str) -> bool:
        """Join class ``code`` as ``nickname`` (both typed by the student): the store checks both."""
        code, nickname = str(code or "").strip().upper(), str(nickname or "").strip()
        if not code or not nickname:
            self._say("Type the class code and a nickname first.", "error")
            return False
        if self.joined:                          # one page is one student: a forged Join changes nothing
            if self.joined[:2] == (code, nickname):
                return True
            self._say(f"This page is in class {self.joined[0]} as {self.joined[1]} already: one page is one "
                      "student.", "error")
            return False
        token = self._students.get(code) or self._old_token(code)
        if code not in self._students and len(self._students) >= STUDENTS_PER_PAGE:
            self._say(f"This page has joined {STUDENTS_PER_PAGE} times already; reload it to join again.", "error")
            return False
        try:
            member = self.store().join(code, nickname, token=token, page=self.page_id, address=visitor_address())
        except ValueError as refused:
            self._say(str(refused), "error")
            return False
        except Exception:
            log.exception("class rooms: join failed")
            self._say("The class's database is not answering; try again in a moment.", "error")
            return False
        self._joined(code, nickname, member.token)
        self.memory.keep = {"token": member.token}
        return True

    def _box_message(self, _box, content, _buffers) -> None:
        """Enter in a box: the page sends it before the box's value, so join a moment later."""
        if isinstance(content, dict) and content.get("event") == "submit" and not self.joined:
            timer = threading.Timer(SUBMIT_SETTLES, lambda: self.join(self.code_box.value, self.name_box.value))
            timer.daemon = True
            timer.start()

    def _old_token(self, code: str) -> str | None:
        """The token this browser remembers (the store uses it only if it is a student of ``code``:
        a rejoin keeps the same student)."""
        token = (self.memory.remembered or {}).get("token")
        return token if isinstance(token, str) and token else None

    def _remembered(self, change) -> None:
        """The browser remembers a token: believe only what the store says it is."""
        token = (change["new"] or {}).get("token")
        if not isinstance(token, str) or not token or self.joined:
            return
        try:
            member = self.store().student(token)
        except Exception:
            log.exception("class rooms: rejoin failed")
            return
        if member is None:                   # an old, deleted or made-up token: forget it
            self.memory.keep = {"forget": True}
            return
        self._joined(member.code, member.nickname, token)

    def _joined(self, code, nickname, token) -> None:
        self._students[code] = token
        self.joined = (code, nickname, token)
        for box in (self.code_box, self.name_box, self.join_button):
            box.layout.display = "none"
        self.leave_button.layout.display = None
        self._say("")
        self._look_at_class()
        self._start_polling()
        self._send_kept()

    def _keep_in_browser(self, item) -> None:
        sealed = seal(item)
        if sealed is not None:
            self.kept.keep(sealed)

    def _send_kept(self) -> None:
        """Send again what this browser kept for this student (a page of a server that restarted
        before the store had it): only results the server sealed, under their own keys, so the
        store writes each once."""
        if not self.joined:
            return
        for kept in list(self.kept.found)[:KEPT_AT_MOST]:
            item = unseal(kept)
            if item is not None and item.get("token") == self.joined[2]:
                self.outbox.post(item["token"], item["game"], item["kind"], item["record"], key=item["key"])

    def leave(self) -> None:
        self.joined = None
        self._stop.set()
        self.memory.keep = {"forget": True}
        for box in (self.code_box, self.name_box, self.join_button):
            box.layout.display = None
        self.leave_button.layout.display = "none"
        self.seed_button.layout.display = "none"
        self.suggested_seed = None
        self._say("You left the class; nothing more is sent.", "info")

    # -- what the page tells the class --------------------------------------------------------------
    def follow(self, app) -> None:
        """Post each game ``app`` finishes (once per game), while joined."""
        if app in self.apps:
            return
        self.apps.append(app)
        app.observe(lambda _change: self._maybe_record(app), "version")
        self._tell_apps()

    def _tell_apps(self) -> None:
        """The page's games learn whether the page is in a class and the teacher's seed: a game whose
        seed the student knows counts there as practice, and its title shows an id, not the seed."""
        for app in self.apps:
            app.class_seed = self.suggested_seed
            app.in_class = bool(self.joined)

    def _maybe_record(self, app) -> None:
        state = app.state
        if not self.joined or state is None or not state.is_over or id(state) in self._recorded:
            return
        self._recorded.add(id(state))
        try:
            record = game_record(app)
        except Exception:
            log.exception("class rooms: could not read a finished game")
            return
        self.record_game(app.game_id, record)

    def record_game(self, game: str, record: dict, key: str | None = None) -> bool:
        """Post a finished game read on the server (a GameApp's state, a shared table's
        ``table_record``), while joined; ``key`` as in ``Outbox.post``."""
        if not self.joined:
            return False
        self.outbox.post(self.joined[2], game, "game", _plain(record), key=key)
        return True

    def record_answer(self, question: str, answer, lesson: str | None = None, right=None) -> None:
        """Post a lesson answer (the kernel's own value of the student's choice, and the question's
        right answer, for the board to show when the teacher reveals it), while joined."""
        if not self.joined:
            return
        record = _plain({"lesson": lesson or self.page, "question": question, "answer": answer, "right": right})
        self.outbox.post(self.joined[2], record["lesson"], "answer", record)

    # -- what the class tells the page --------------------------------------------------------------
    def _start_polling(self) -> None:
        if not self._poll_every or (self._poller and self._poller.is_alive()):
            return
        self._stop = threading.Event()

        def run(stop=self._stop):
            while not stop.wait(self._poll_every):
                self._look_at_class()

        self._poller = threading.Thread(target=run, daemon=True, name="cardkit-class-page")
        self._poller.start()

    def _look_at_class(self) -> None:
        if not self.joined:
            return
        try:
            state = self.store().class_state(self.joined[0])
        except Exception:
            return                            # the next look may work
        seed = state.suggested_seed
        if state.closed:
            self._say(f"Class {_esc(self.joined[0])} is closed: nothing more is sent.", "info")
            self.joined = None
            self._stop.set()
            self.memory.keep = {"forget": True}
            self.seed_button.layout.display = "none"
            return
        if seed != self.suggested_seed:
            self.suggested_seed = seed
            self.seed_button.description = f"Your teacher: play seed {seed}" if seed is not None else ""
            self.seed_button.layout.display = None if seed is not None and self.apps else "none"

    def play_suggested_seed(self) -> None:
        if self.suggested_seed is None:
            return
        for app in self.apps:
            app.new_game(self.suggested_seed)

    # -- saying --------------------------------------------------------------------------------------
    def _show_saving(self, text: str, kind: str) -> None:
        self._saving = f'<span class="ck-{kind}">{_esc(text)}</span>'
        self._say()

    def _say(self, text: str | None = None, kind: str = "info") -> None:
        """The status line: where the page is joined, the saving state, or ``text`` (escaped)."""
        parts = []
        if self.joined:
            code, nickname, _ = self.joined
            parts.append(f"In class <b>{_esc(code)}</b> as <b>{_esc(nickname)}</b>")
            if self._saving:
                parts.append(self._saving)
        if text:
            parts.append(f'<span class="ck-{kind}">{_esc(text)}</span>')
        self.status.value = " · ".join(parts)


def _follow_new_app(app) -> None:
    bar = page_bar()
    if bar is not None:
        bar.follow(app)


# -- lesson answers ---------------------------------------------------------------------------------
def _listen_to_questions(bar: JoinBar) -> None:
    from . import lessons
    if _on_answer not in lessons.answer_listeners:
        lessons.answer_listeners.append(_on_answer)


def _on_answer(question, answer) -> None:
    bar = page_bar()
    if bar is not None and question.qid:
        bar.record_answer(question.qid, answer, question.lesson or None, question.right)


# -- the board --------------------------------------------------------------------------------------
class Tally:
    """The class's results folded as they arrive (``add(rows)``, rows as the store gives them)."""

    def __init__(self):
        self.last_id = 0
        self.answers: dict[tuple, dict] = {}             # (lesson, question) -> nickname -> their last answer
        self.right: dict[tuple, str] = {}                # (lesson, question) -> the right answer
        self.games: dict[str, dict] = {}                 # game -> pooled figures
        self.practice: Counter = Counter()               # game -> practice games (not pooled)

    def add(self, rows) -> bool:
        changed = False
        for row in rows:
            self.last_id = max(self.last_id, int(row.get("id") or 0))
            record = row.get("record") or {}
            if row.get("kind") == "answer":
                key = (str(record.get("lesson", "")), str(record.get("question", "")))
                self.answers.setdefault(key, {})[row.get("nickname")] = str(record.get("answer"))
                if record.get("right") is not None:
                    self.right[key] = str(record["right"])
            elif row.get("kind") == "game":
                game = str(row.get("game"))
                if record.get("practice"):
                    self.practice[game] += 1
                else:
                    self._pool(self.games.setdefault(game, {"games": 0, "won": 0, "tries": 0, "happened": 0,
                                                            "expected": 0.0, "running": [], "details": []}),
                               record)
            else:
                continue
            changed = True
        return changed

    @staticmethod
    def _pool(pooled: dict, record: dict) -> None:
        pooled["games"] += 1
        pooled["won"] += bool(record.get("won"))
        figure = record.get("figure") or {}
        tries = int(figure.get("tries") or 0)
        if tries > 0:
            pooled["tries"] += tries
            pooled["happened"] += int(figure.get("happened") or 0)
            pooled["expected"] += float(figure.get("expected") or 0.0)
            pooled["running"].append((pooled["happened"] / pooled["tries"], pooled["expected"] / pooled["tries"]))
        if record.get("details") is not None:
            pooled["details"].append((dict(record.get("options") or {}), record["details"]))


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def answers_html(tally: Tally, revealed=lambda question: False) -> str:
    """Per lesson question, the class's answers as bars (each student's last pick); the right one marked
    when ``revealed(question id)``."""
    if not tally.answers:
        return "<p class='ck-class-note'>No answers yet.</p>"
    parts = []
    for (lesson, question), picks in sorted(tally.answers.items()):
        counts = Counter(picks.values())
        reveal = revealed(question)
        right = tally.right.get((lesson, question)) if reveal else None
        most = max(counts.values())
        rows = "".join(
            f"<tr class='{'ck-right' if right is not None and answer == str(right) else ''}'>"
            f"<td>{_esc(answer)}{' ✔' if right is not None and answer == str(right) else ''}</td>"
            f"<td style='width:70%'><div class='ck-bar' style='width:{100 * n / most:.0f}%'></div></td>"
            f"<td>{n}</td></tr>" for answer, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
        said = ("" if not reveal else f"<p>Right answer: <b>{_esc(right)}</b></p>" if right is not None else "")
        parts.append(f"<div class='ck-board-question' data-question='{_esc(question)}'>"
                     f"<h4>{_esc(lesson)} · {_esc(question)}</h4>"
                     f"<table class='ck-bars'>{rows}</table>{said}</div>")
    return "".join(parts)


def running_svg(series, width=320, height=90) -> str:
    """The class's running frequency (solid) and the running exact figure (dashed), as a small SVG."""
    if len(series) < 2:
        return ""
    top = max(0.05, max(max(a, b) for a, b in series)) * 1.1
    step = width / (len(series) - 1)

    def line(index):
        return " ".join(f"{i * step:.1f},{height - height * point[index] / top:.1f}" for i, point in enumerate(series))
    return (f"<svg class='ck-running' width='{width}' height='{height}' viewBox='0 0 {width} {height}' role='img' "
            f"aria-label='running class figure next to the exact one'>"
            f"<polyline fill='none' stroke='#2f6fbf' stroke-width='2' points='{line(0)}'/>"
            f"<polyline fill='none' stroke='#2f7a2f' stroke-width='2' stroke-dasharray='5 4' points='{line(1)}'/>"
            f"</svg>")


def games_html(tally: Tally) -> str:
    """Per game: the class's pooled figure next to the exact one, the running figure, and the
    practice games apart."""
    titles = game_titles()
    games = sorted(set(tally.games) | set(tally.practice))
    if not games:
        return "<p class='ck-class-note'>No finished games yet.</p>"
    parts = []
    for game in games:
        pooled = tally.games.get(game)
        practice = tally.practice.get(game, 0)
        body = []
        if pooled:
            body.append(f"<p>{pooled['games']} {'game' if pooled['games'] == 1 else 'games'} pooled; "
                        f"won by the student in {pooled['won']}.</p>")
            figure = class_figure(game)
            if figure and pooled["tries"]:
                title, exact = figure
                body.append(
                    f"<p class='ck-board-figure'><b>{_esc(title)}</b>: the class "
                    f"<b class='ck-class-rate'>{_percent(pooled['happened'] / pooled['tries'])}</b> "
                    f"({pooled['happened']} of {pooled['tries']}), exact "
                    f"<b class='ck-exact-rate'>{_percent(pooled['expected'] / pooled['tries'])}</b></p>"
                    f"<p class='ck-class-note'>Exact: {_esc(exact)}, averaged over the same moves. "
                    f"Solid: the class so far, game after game; dashed: the exact figure so far.</p>"
                    + running_svg(pooled["running"]))
        table = _details_table(game, pooled["details"]) if pooled and pooled["details"] else ""
        if table:
            body.append(table)
        if practice:
            body.append(f"<p class='ck-practice'>Practice games (Undo, the teacher view or a known seed used), "
                        f"not pooled: {practice}</p>")
        parts.append(f"<div class='ck-board-section ck-board-game' data-game='{_esc(game)}'>"
                     f"<h3>{_esc(titles.get(game, game))}</h3>{''.join(body)}</div>")
    return "".join(parts)


def tables_html(tables) -> str:
    """The class's open tables (``store.tables(code)``): code, game, seats taken; a finished one goes."""
    titles = game_titles()
    open_ = [t for t in tables if not t["over"]]
    if not open_:
        return "<p class='ck-class-note'>No open tables. Start one with <i>Play with others</i>.</p>"
    rows = "".join(
        f"<tr data-table='{_esc(t['code'])}'><td class='ck-board-table-code'><b>{_esc(t['code'])}</b></td>"
        f"<td>{_esc(titles.get(t['game'], t['game']))}</td>"
        f"<td>{len(t['names'])} of {int(t['players'])} seats taken: {_esc(', '.join(t['names']))}</td>"
        f"<td>{'playing' if t['started'] else 'waiting to start'}</td></tr>" for t in open_)
    return f"<table class='ck-lesson-table ck-board-table-list'>{rows}</table>"


def _number(x, digits=2) -> str:
    return "–" if x is None else f"{x:.{digits}f}" if isinstance(x, float) else _esc(x)


def _details_table(game: str, details: list) -> str:
    """The game's own table of the pooled games (``CLASS_TABLE`` and ``class_table`` in its lessons)."""
    board = _class_board(game)
    spec, rows_of = (board.table, board.table_rows) if board else (None, None)
    if spec is None or rows_of is None:
        return ""
    title, head, note = spec
    try:
        rows = rows_of(details)
    except Exception:
        log.exception("class board: %s's table failed", game)
        return ""
    return (f"<p><b>{_esc(title)}</b></p><div class='ck-scroll'><table class='ck-lesson-table ck-board-table'>"
            + "<tr>" + "".join(f"<th>{_esc(h)}</th>" for h in head) + "</tr>"
            + "".join("<tr>" + "".join(f"<td>{_number(v)}</td>" for v in row) + "</tr>" for row in rows)
            + f"</table></div><p class='ck-class-note'>{_esc(note)}</p>")


def game_titles() -> dict:
    import cardkit
    from cardkit.games import declaration
    return {g: declaration(g).title for g in cardkit.list_games()}


class ClassBoard(W.VBox):
    """The Class board page. Without a class: a form that creates one (the code to write on the
    board, the teacher link). With ``?class=CODE``: the live board (who is in, the answers, the
    games); with the class's teacher key too (``&teacher=KEY``), the teacher's controls."""

    def __init__(self, code: str | None = None, teacher_key: str | None = None, store=None,
                 poll: float | None = BOARD_POLL):
        super().__init__()
        self.add_class("ck-board")
        self._fixed_store = store
        self._poll_every = poll
        self.tally = Tally()
        self.code = None
        self.teacher_key = None
        self.info = None                                  # the store's ClassState
        self.classes_made = 0
        self._remove_armed = None                         # the nickname a first Remove click named
        self._poller: threading.Thread | None = None      # one per board, whichever class it shows
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self.message = W.HTML()
        self.message.add_class("ck-board-message")
        if in_browser():
            self.children = [W.HTML(f"<p class='ck-class-note'>{NO_SERVER}</p>")]
            return
        if code:
            self.show_class(code, teacher_key)
        else:
            self._creation_form()

    def store(self):
        return self._fixed_store or get_store()

    # -- a new class -----------------------------------------------------------------------------
    def _creation_form(self) -> None:
        why_not = why_no_new_class()
        if why_not:
            self.children = [W.HTML(f"<p class='ck-class-note ck-board-no-create'>{_esc(why_not)}</p>")]
            return
        self.name_box = W.Text(placeholder="e.g. 7B maths", description="Class name",
                               style={"description_width": "initial"}, layout=W.Layout(max_width="100%"))
        self.name_box.add_class("ck-board-name")
        self.create_button = Button(description="Create the class", icon="plus", button_style="primary",
                                    layout=W.Layout(width="auto"))
        self.create_button.add_class("ck-board-create")
        self.create_button.on_click(lambda _b: self.create(self.name_box.value))
        self.children = [W.HTML(CSS, layout=W.Layout(display="none")),
                         W.HBox([self.name_box, self.create_button], layout=W.Layout(flex_flow="row wrap")),
                         self.message]

    def create(self, name: str) -> bool:
        """Create a class named ``name`` (the page's own click, or a forged one: checked here)."""
        why_not = why_no_new_class()
        if why_not is None and self.classes_made >= CLASSES_PER_PAGE:
            why_not = (f"This page has made {self.classes_made} classes already, the most one page makes: "
                       "open the Class board again for another.")
        if why_not:
            self.message.value = f"<p class='ck-class-note'>{_esc(why_not)}</p>"
            return False
        try:
            room = self.store().create_class(str(name or "").strip(), address=visitor_address())
        except ValueError as refused:
            self.message.value = f"<p class='ck-class-note'>{_esc(refused)}</p>"
            return False
        self.classes_made += 1
        for control in (self.name_box, self.create_button):    # the form is gone from the page
            control.close()
        self.show_class(room.code, room.teacher_key, new=True)
        return True

    # -- a class's board ---------------------------------------------------------------------------
    def show_class(self, code: str, teacher_key: str | None = None, new: bool = False) -> None:
        code = str(code).strip().upper()
        if code != self.code:
            with self._lock:
                self.tally = Tally()                       # another class: none of the last one's results
        try:
            self.info = self.store().class_state(code)
        except ValueError as unknown:
            self.children = [W.HTML(f"<p class='ck-class-note'>{_esc(unknown)}</p>")]
            return
        self.code = code
        self.teacher_key = teacher_key if teacher_key and self.store().is_teacher(code, teacher_key) else None
        self.header = W.HTML()
        self.header.add_class("ck-board-header")
        self.members_html = W.HTML()
        self.members_html.add_class("ck-board-members-box")
        self.answers = W.HTML()
        self.answers.add_class("ck-board-answers")
        self.games = W.HTML()
        self.games.add_class("ck-board-games")
        self.tables = W.HTML()
        self.tables.add_class("ck-board-tables")
        parts = [W.HTML(CSS, layout=W.Layout(display="none")), self.header]
        if self.teacher_key:
            parts.append(self._teacher_controls(new))
        parts += [self.message, self.members_html, W.HTML("<h3>Questions</h3>"), self.answers,
                  W.HTML("<h3>Games</h3>"), self.games, W.HTML("<h3>Tables</h3>"), self.tables]
        self.children = parts
        self.refresh(full=True)
        self._start_polling()

    def _teacher_controls(self, new: bool) -> W.Widget:
        key = self.teacher_key
        self.reveal_button = W.ToggleButton(value=self.info.is_revealed("*"), description="Reveal the answers",
                                            icon="eye", layout=W.Layout(width="auto"),
                                            tooltip="Show the right answers on the board")
        self.reveal_button.add_class("ck-board-reveal")
        self.reveal_button.observe(
            lambda change: self._act(lambda s: s.set_class_state(self.code, key, revealed=bool(change["new"])),
                                     "The right answers are on the board." if change["new"] else
                                     "The answers are hidden again."), "value")
        self.seed_box = W.Text(placeholder="e.g. 42", description="Everybody play seed",
                               style={"description_width": "initial"}, layout=W.Layout(width="17em"))
        self.seed_box.add_class("ck-board-seed")
        self.seed_button = Button(description="Send", icon="send", layout=W.Layout(width="auto"),
                                  tooltip="Every joined page offers this seed")
        self.seed_button.add_class("ck-board-send-seed")
        self.seed_button.on_click(lambda _b: self.suggest_seed(self.seed_box.value))
        self.close_button = Button(description="Close the class", icon="lock", layout=W.Layout(width="auto"),
                                   tooltip="No more joining or results; the board stays")
        self.close_button.add_class("ck-board-close")
        self.close_button.on_click(lambda _b: self._act(lambda s: s.close_class(self.code, key),
                                                        "The class is closed: no more joining or results."))
        self.delete_button = Button(description="Delete its data", icon="trash", button_style="danger",
                                    layout=W.Layout(width="auto"), tooltip="Delete the class and every result")
        self.delete_button.add_class("ck-board-delete")
        self.delete_button.on_click(lambda _b: self.delete())
        self.csv_button = Button(description="Download results (CSV)", icon="download",
                                 layout=W.Layout(width="auto"))
        self.csv_button.add_class("ck-board-csv")
        self.csv_button.on_click(lambda _b: self.prepare_csv())
        self.csv_link = W.HTML()
        self.csv_link.add_class("ck-board-csv-link")
        self._delete_armed = False
        self.remove_choice = W.Dropdown(options=[], description="Student", style={"description_width": "initial"},
                                        layout=W.Layout(width="16em"))
        self.remove_choice.add_class("ck-board-remove-choice")
        self.remove_button = Button(description="Remove with their results", icon="user-times",
                                    layout=W.Layout(width="auto"),
                                    tooltip="A made-up or unwanted name: it leaves the class, its results go")
        self.remove_button.add_class("ck-board-remove")
        self.remove_button.on_click(lambda _b: self.remove_student(self.remove_choice.value))
        row = {"flex_flow": "row wrap", "align_items": "center"}
        return W.VBox([
            W.HBox([self.reveal_button, self.seed_box, self.seed_button], layout=W.Layout(**row)),
            W.HBox([self.csv_button, self.csv_link, self.close_button, self.delete_button], layout=W.Layout(**row)),
            W.HBox([self.remove_choice, self.remove_button], layout=W.Layout(**row)),
        ], layout=W.Layout(margin="6px 0"))

    def _act(self, do, said: str = "") -> bool:
        try:
            do(self.store())
        except (ValueError, PermissionError) as refused:
            self.message.value = f"<p class='ck-class-note'>{_esc(refused)}</p>"
            return False
        except Exception:
            log.exception("class board: a teacher's action failed")
            self.message.value = "<p class='ck-class-note'>The class's database is not answering; try again.</p>"
            return False
        self.message.value = f"<p class='ck-class-note'>{_esc(said)}</p>" if said else ""
        self.refresh(full=True)
        return True

    def suggest_seed(self, text) -> bool:
        text = str(text or "").strip()
        from .app import MAX_SEED
        if not text.isdigit() or int(text) > MAX_SEED:
            self.message.value = f"<p class='ck-class-note'>A seed is a whole number from 0 to {MAX_SEED}.</p>"
            return False
        seed = int(text)
        return self._act(lambda s: s.set_class_state(self.code, self.teacher_key, suggested_seed=seed),
                         f"Every joined page now offers seed {seed}.")

    def remove_student(self, nickname) -> bool:
        """Remove a student and their results, on a second click naming the same student (the store
        checks the name and the key); the board folds the class's results again without theirs."""
        if not self.teacher_key:
            return False
        if not isinstance(nickname, str) or not nickname:
            self.message.value = "<p class='ck-class-note'>Choose a student to remove.</p>"
            return False
        if self._remove_armed != nickname:                 # the first click names who goes
            self._remove_armed = nickname
            self.remove_button.description = f"Really remove {nickname[:24]}? Click again"
            return False
        self._remove_armed = None
        self.remove_button.description = "Remove with their results"
        done = self._act(lambda s: s.remove_student(self.code, self.teacher_key, nickname),
                         f"{nickname} left the class; their results are deleted.")
        if done:
            with self._lock:
                self.tally = Tally()
            self.refresh(full=True)
            self.answers.value = answers_html(self.tally, self.info.is_revealed)
            self.games.value = games_html(self.tally)
        return done

    def delete(self) -> bool:
        if not self._delete_armed:
            self._delete_armed = True
            self.delete_button.description = "Really delete? Click again"
            return False
        self._stop.set()
        done = self._act(lambda s: s.delete_class(self.code, self.teacher_key))
        if done:
            self.children = [W.HTML(f"<p>Class {_esc(self.code)} and all its results are deleted.</p>")]
        return done

    def prepare_csv(self) -> str:
        """A download link for the class's results (the store's CSV)."""
        text = self.store().results_csv(self.code, self.teacher_key)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.csv_link.value = (f"<a download='class-{_esc(self.code)}.csv' href='data:text/csv;base64,{data}'>"
                               f"class-{_esc(self.code)}.csv</a>")
        return text

    # -- live ---------------------------------------------------------------------------------------
    def _start_polling(self) -> None:
        """One poller per board: it looks at whichever class the board shows now."""
        if not self._poll_every or (self._poller is not None and self._poller.is_alive()):
            return

        def run(stop=self._stop):
            beat = 0
            while not stop.wait(self._poll_every):
                beat += 1
                try:
                    self.refresh(full=beat % 5 == 0)     # the class's state and members now and then
                except ValueError:                       # the class is gone (deleted, expired and purged)
                    stop.set()
                    self.message.value = "<p class='ck-class-note'>This class no longer exists.</p>"
                except Exception:
                    log.exception("class board: a look at the store failed")

        self._poller = threading.Thread(target=run, daemon=True, name="cardkit-class-board")
        self._poller.start()

    def refresh(self, full: bool = False) -> None:
        """Fold in the results since the last look (and, when ``full``, the class's state and members);
        redraw what changed."""
        if self.code is None:
            return
        with self._lock:
            store = self.store()
            changed = self.tally.add(store.results_since(self.code, self.tally.last_id))
            if full:
                info = store.class_state(self.code)
                members = store.members(self.code)
                if info != self.info or getattr(self, "_members", None) != members or not self.header.value:
                    self.info, self._members = info, members
                    self._draw_header()
                    changed = True
                tables = tables_html(store.tables(self.code))
                if tables != self.tables.value:
                    self.tables.value = tables
            if changed:
                self.answers.value = answers_html(self.tally, self.info.is_revealed)
                self.games.value = games_html(self.tally)

    def _draw_header(self) -> None:
        info, members = self.info, self._members
        state = " · <b>closed</b>" if info.closed else ""
        seed = (f" · everybody plays seed <b>{_esc(info.suggested_seed)}</b>"
                if info.suggested_seed is not None else "")
        names = "".join(f"<li>{_esc(m['nickname'])}</li>" for m in members)
        if self.teacher_key and hasattr(self, "remove_choice"):
            chosen, nicknames = self.remove_choice.value, tuple(m["nickname"] for m in members)
            if nicknames != tuple(self.remove_choice.options):   # a classmate joining keeps the teacher's choice
                self.remove_choice.options = nicknames
                self.remove_choice.value = chosen if chosen in nicknames else None
        self.header.value = (
            f"<h2>{_esc(info.name)}{state}</h2>"
            f"<div>Join with the code <span class='ck-board-code'>{_esc(self.code)}</span>{seed}</div>"
            + (self._teacher_links() if self.teacher_key else ""))
        self.members_html.value = (f"<p><b class='ck-board-count'>{len(members)}</b> "
                                   f"{'student' if len(members) == 1 else 'students'} in</p>"
                                   f"<ul class='ck-board-members'>{names}</ul>")

    def _teacher_links(self) -> str:
        import urllib.parse
        query = urllib.parse.urlencode({"class": self.code, "teacher": self.teacher_key})
        return (f"<p class='ck-class-note'>Your teacher link (keep it to yourself: it opens these controls, "
                f"and the teacher view on a game page that joined this class; once its page is open, the key "
                f"leaves the address bar): "
                f"<a class='ck-board-teacher-link' href='class_board.ipynb?{_esc(query)}'>class board, teacher</a>. "
                f"The same board without the controls, safe to project or share: "
                f"<a href='class_board.ipynb?class={_esc(urllib.parse.quote(self.code))}'>class board</a>. "
                f"The games with the teacher view: "
                + ", ".join(f"<a class='ck-board-game-link' href='{_esc(game)}.ipynb?{_esc(query)}'>{_esc(title)}</a>"
                            for game, title in game_titles().items())
                + ".</p>")

    def close(self) -> None:
        stop = getattr(self, "_stop", None)
        if stop is not None:
            stop.set()
        super().close()


def class_board() -> W.Widget:
    """The Class board page's widget, from the page's address (``?class=CODE&teacher=KEY``)."""
    if in_browser():
        return W.HTML(f"<p class='ck-class-note'>{NO_SERVER}</p>")
    box = W.VBox()
    box.add_class("ck-board-page")

    def build():
        code = hosting.page_parameter("class")
        board = ClassBoard(code, hosting.page_parameter("teacher"))
        old = box.children
        box.children = [board]
        for widget in old:
            widget.close()
    hosting.on_visitor(build)
    return box


__all__ = ["class_bar", "JoinBar", "ClassBoard", "class_board", "BrowserMemory", "Outbox", "Tally", "game_record",
           "game_figure", "game_details", "NO_SERVER", "use_store", "get_store", "page_bar"]
