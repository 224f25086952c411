"""The *Join a class* bar of every game and lesson page: a student joins with the class code and a
nickname, and the page posts what it did (finished games, lesson answers) to the class.

What a page posts comes from its own kernel: a finished game is read from the GameApp's engine state
(game, options, seed, scores, winner, rounds, practice, and the exact chances of the moves the person
chose, replayed from the history), an answer from the choice the kernel's Question took. Nothing the
browser sends becomes a figure. The store (``classroom.store``) keeps the class's results; a result
it cannot take at once (a database briefly away) stays on the page and is tried again with backoff.

The student's token lives in the browser (localStorage) through ``BrowserMemory``, a tiny anywidget:
a reload or a rejoin from the same browser keeps the same student, and the server checks the token
with the store before it believes it.

The static site (no server) has no class: the bar says so instead.
"""
from __future__ import annotations

import logging
import threading
import uuid

import ipywidgets as W
import traitlets

from cardkit.i18n import N_, _

from widgets.lessons import landing
from widgets.ui import hosting
from widgets.ui.pyodide import in_browser
from widgets.ui.buttons import Button
from widgets.ui.language import follow_language, words

from .access import NO_SERVER_SHORT, get_store, is_class_teacher, visitor_address
from .browser_memory import BrowserMemory, BrowserOutbox
from .outbox import KEPT_AT_MOST, Outbox, seal, unseal
from .records import game_record, plain
from .style import CSS, esc

log = logging.getLogger("widgets")

#: Seconds between two looks at the store of a joined page, for its class's state.
PAGE_POLL = 3.0
#: Seconds between Enter in a join box and the join: the box's value follows the Enter.
SUBMIT_SETTLES = 0.5
#: Students one page may be in its life: one at a time (a page is one student), and after Leave at
#: most this many in all (another class, say), so forged Join clicks cannot make a class of names.
STUDENTS_PER_PAGE = 3


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
        note = W.HTML(f'<span class="ck-class-note">{_(NO_SERVER_SHORT)}</span>')
        note.add_class("ck-class-none")
        return note
    if _bar is None or _bar.comm is None:
        _bar = JoinBar(page)
    elif page and not _bar.page:
        _bar.page = page
    return _bar


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
        label = {"description_width": "initial"}
        self.code_box = words(W.Text(style=label, layout=W.Layout(width="15em"), continuous_update=False),
                              description=N_("Class code"), placeholder=N_("e.g. K7QF"),
                              tooltip=N_("The code your teacher wrote on the board"))
        self.code_box.add_class("ck-class-code")
        self.name_box = words(W.Text(style=label, layout=W.Layout(width="16em"), continuous_update=False),
                              description=N_("Nickname"), placeholder=N_("e.g. Ada"),
                              tooltip=N_("The name the class board shows (1 to 24 characters)"))
        self.name_box.add_class("ck-class-nickname")
        self.join_button = words(Button(icon="users", layout=W.Layout(width="auto")), description=N_("Join a class"),
                                 tooltip=N_("Join your class: your finished games and answers go to its board"))
        self.join_button.add_class("ck-class-join")
        self.join_button.on_click(lambda _b: self.join(self.code_box.value, self.name_box.value))
        for box in (self.code_box, self.name_box):          # Enter in either box joins too
            box.on_msg(self._box_message)
        self.leave_button = words(Button(icon="sign-out", layout=W.Layout(width="auto", display="none")),
                                  description=N_("Leave"), tooltip=N_("Stop sending to the class (this browser forgets it)"))
        self.leave_button.add_class("ck-class-leave")
        self.leave_button.on_click(lambda _b: self.leave())
        self.seed_button = Button(description="", layout=W.Layout(width="auto", display="none"))
        self.seed_button.add_class("ck-class-seed")
        self.seed_button.on_click(lambda _b: self.play_suggested_seed())
        self.status = W.HTML("", layout=W.Layout(min_width="0"))
        self.status.add_class("ck-class-status")
        self._saving = ()
        self._said = (None, "info", {})
        self.kept = BrowserOutbox()             # results not yet saved, in the browser: a restart loses none
        self.outbox = Outbox(self.store, self._show_saving, on_waiting=self._keep_in_browser,
                             on_done=lambda item: self.kept.drop(item["key"]))
        super().__init__([W.HTML(CSS, layout=W.Layout(display="none")), self.memory, self.kept, self.code_box,
                          self.name_box, self.join_button, self.status, self.seed_button, self.leave_button],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("ck-class-bar")
        follow_language(self._language_changed, owner=self)
        self.memory.observe(self._remembered, "remembered")
        self.observe(lambda _change: self._tell_apps(), ["joined", "suggested_seed"])
        self.kept.observe(lambda _change: self._send_kept(), "found")
        self.observe(lambda _change: hosting.teacher_view_changed(), "joined")   # a class key counts in its class
        allow_class_teachers()
        hooks = hosting.page_hooks()            # the page's games and lesson questions tell the bar
        hooks.listen(hooks.new_app, _follow_new_app)
        hooks.listen(hooks.answer, _on_answer)

    def store(self):
        return self._fixed_store or get_store()

    # -- joining ------------------------------------------------------------------------------------
    def join(self, code: str, nickname: str) -> bool:
        """Join class ``code`` as ``nickname`` (both typed by the student): the store checks both."""
        code, nickname = str(code or "").strip().upper(), str(nickname or "").strip()
        if not code or not nickname:
            self._say(N_("Type the class code and a nickname first."), "error")
            return False
        if self.joined:                          # one page is one student: a forged Join changes nothing
            if self.joined[:2] == (code, nickname):
                return True
            self._say(N_("This page is in class {code} as {nickname} already: one page is one student."), "error",
                      code=self.joined[0], nickname=self.joined[1])
            return False
        token = self._students.get(code) or self._old_token(code)
        if code not in self._students and len(self._students) >= STUDENTS_PER_PAGE:
            self._say(N_("This page has joined {n} times already; reload it to join again."), "error",
                      n=STUDENTS_PER_PAGE)
            return False
        try:
            member = self.store().join(code, nickname, token=token, page=self.page_id, address=visitor_address())
        except ValueError as refused:
            self._say(str(refused), "error")            # the store's words (a message it knows, translated)
            return False
        except Exception:
            log.exception("class rooms: join failed")
            self._say(N_("The class's database is not answering; try again in a moment."), "error")
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
        self._say(N_("You left the class; nothing more is sent."), "info")

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
        self.outbox.post(self.joined[2], game, "game", plain(record), key=key)
        return True

    def record_answer(self, question: str, answer, lesson: str | None = None, right=None, words: str = "") -> None:
        """Post a lesson answer (the kernel's own value of the student's choice, the question's right
        answer, for the board to show when the teacher reveals it, and its words, the board's
        heading), while joined."""
        if not self.joined:
            return
        record = plain({"lesson": lesson or self.page, "question": question, "answer": answer, "right": right,
                        "words": words})
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
            self._say(N_("Class {code} is closed: nothing more is sent."), "info", code=self.joined[0])
            self.joined = None
            self._stop.set()
            self.memory.keep = {"forget": True}
            self.seed_button.layout.display = "none"
            return
        if seed != self.suggested_seed:
            self.suggested_seed = seed
            self._show_seed()
            self.seed_button.layout.display = None if seed is not None and self.apps else "none"

    def play_suggested_seed(self) -> None:
        if self.suggested_seed is None:
            return
        for number, app in enumerate(self.apps):
            app.new_game(self.suggested_seed)
            app.say(f"Your teacher's game: seed {self.suggested_seed}.", show_game=number == 0)   # in sight

    # -- saying --------------------------------------------------------------------------------------
    def _show_seed(self) -> None:
        seed = self.suggested_seed
        self.seed_button.description = _("Your teacher: play seed {seed}").format(seed=seed) if seed is not None else ""

    def _language_changed(self) -> None:
        self._show_seed()
        self._say_again()

    def _show_saving(self, text: str, kind: str) -> None:
        """The outbox's saving state, in the page's language."""
        self._saving = (text, kind, {})
        self._say_again()

    def _say_again(self) -> None:
        text, kind, values = self._said
        self._say(text, kind, **values)

    def _say(self, text: str | None = None, kind: str = "info", **values) -> None:
        """The status line: where the page is joined, the saving state, or ``text`` (a message, read in
        the page's language with ``values``; escaped)."""
        self._said = (text, kind, values)
        parts = []
        if self.joined:
            code, nickname, _token = self.joined
            parts.append(_("In class {code} as {nickname}").format(code=f"<b>{esc(code)}</b>",
                                                                   nickname=f"<b>{esc(nickname)}</b>"))
            if self._saving:
                saving, saving_kind, saving_values = self._saving
                parts.append(f'<span class="ck-{saving_kind}">{esc(_(saving).format(**saving_values))}</span>')
        if text:
            parts.append(f'<span class="ck-{kind}">{esc(_(text).format(**values) if values else _(text))}</span>')
        self.status.value = " · ".join(parts)


def _follow_new_app(app) -> None:
    bar = page_bar()
    if bar is not None:
        bar.follow(app)


def _on_answer(question, answer) -> None:
    bar = page_bar()
    if bar is not None and question.qid:
        bar.record_answer(question.qid, answer, question.lesson or None, question.right, question.words)


def _teacher_key_of_this_page(key: str) -> bool:
    """``hosting.teacher_key_checks``: a class's teacher key counts on a page whose bar joined that class."""
    bar = page_bar()
    joined = bar.joined if bar is not None and bar.comm is not None else None
    return is_class_teacher(key, joined[0] if joined else None)


def allow_class_teachers() -> None:
    """Let a class's teacher link (``?class=CODE&teacher=KEY``) turn the teacher view on."""
    if _teacher_key_of_this_page not in hosting.teacher_key_checks:
        hosting.teacher_key_checks.append(_teacher_key_of_this_page)


def game_nav(game_id: str, root: str = ".", current: str | None = None, join: bool = True):
    """A game page's link bar (``widgets.lessons.landing.game_nav``) with a link to play the game with others
    (on a server) and the page's Join a class bar after the links (``join=False``: without)."""
    together = [] if in_browser() else [(_("Play with others"), f"play_together.ipynb?game={game_id}")]
    return landing.game_nav(game_id, root, current, join=class_bar if join else None, more=together)
