"""The live *Class board*: without a class, the form that creates one; with ``?class=CODE``, who is in,
the answers and the games, folded in as they arrive; with the class's teacher key too, the teacher's
controls (reveal, a seed for everybody, close, delete, the CSV, removing a student)."""
from __future__ import annotations

import base64
import functools
import logging
import threading
from collections import Counter
from pathlib import Path

import ipywidgets as W

from cardkit import i18n
from cardkit.i18n import _, ngettext
from widgets.lessons.landing import notebook_title
from widgets.ui import hosting
from widgets.ui.pyodide import in_browser
from widgets.ui.buttons import Button

from .access import NO_SERVER, get_store, visitor_address, why_no_new_class
from .browser_memory import CopyLink, PageAddress
from .records import class_figure, declared_board
from .style import CSS, esc

log = logging.getLogger("widgets")

#: Seconds between two looks at the store for new results.
BOARD_POLL = 0.4
#: Classes one board page may make (a teacher makes one; a page looping on Create no more than this).
CLASSES_PER_PAGE = 3


class Tally:
    """The class's results folded as they arrive (``add(rows)``, rows as the store gives them)."""

    def __init__(self):
        self.last_id = 0
        self.answers: dict[tuple, dict] = {}             # (lesson, question) -> nickname -> their last answer
        self.words: dict[tuple, str] = {}                # (lesson, question) -> the question's words
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
                if record.get("words"):
                    self.words[key] = str(record["words"])
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
    return i18n.percent(x, 1)


@functools.lru_cache(maxsize=64)
def lesson_title(lesson: str) -> str:
    """A lesson's title, from its notebook (lessons/<lesson>.ipynb beside the board's), else its name
    in words."""
    return notebook_title(Path("lessons") / f"{Path(lesson).stem}.ipynb")


def answers_html(tally: Tally, revealed=lambda question: False) -> str:
    """Per lesson question, the class's answers as bars (each student's last pick), under the question's
    words and its lesson's title; the right one marked when ``revealed(question id)``."""
    if not tally.answers:
        return f"<p class='ck-class-note'>{esc(_('No answers yet.'))}</p>"
    parts = []
    for (lesson, question), picks in sorted(tally.answers.items()):
        counts = Counter(picks.values())
        reveal = revealed(question)
        right = tally.right.get((lesson, question)) if reveal else None
        most = max(counts.values())
        rows = "".join(
            f"<tr class='{'ck-right' if right is not None and answer == str(right) else ''}'>"
            f"<td>{esc(answer)}{' ✔' if right is not None and answer == str(right) else ''}</td>"
            f"<td style='width:70%'><div class='ck-bar' style='width:{100 * n / most:.0f}%'></div></td>"
            f"<td>{n}</td></tr>" for answer, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
        said = ("" if not reveal else f"<p>{esc(_('Right answer:'))} <b>{esc(right)}</b></p>" if right is not None
                else "")
        parts.append(f"<div class='ck-board-question' data-question='{esc(question)}'>"
                     f"<h4>{esc(tally.words.get((lesson, question)) or question)}</h4>"
                     f"<p class='ck-class-note'>{esc(lesson_title(lesson))}</p>"
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
            f"aria-label='{esc(_('running class figure next to the exact one'))}'>"
            f"<polyline fill='none' stroke='#2f6fbf' stroke-width='2' points='{line(0)}'/>"
            f"<polyline fill='none' stroke='#2f7a2f' stroke-width='2' stroke-dasharray='5 4' points='{line(1)}'/>"
            f"</svg>")


def games_html(tally: Tally) -> str:
    """Per game: the class's pooled figure next to the exact one, the running figure, and the
    practice games apart."""
    titles = game_titles()
    games = sorted(set(tally.games) | set(tally.practice))
    if not games:
        return f"<p class='ck-class-note'>{esc(_('No finished games yet.'))}</p>"
    parts = []
    for game in games:
        pooled = tally.games.get(game)
        practice = tally.practice.get(game, 0)
        body = []
        if pooled:
            won = pooled["won"]
            pooled_games = ngettext("{n} game pooled", "{n} games pooled", pooled["games"]).format(n=pooled["games"])
            won_text = (_("none won by the student playing") if won == 0 else
                        _("{n} won by the student playing").format(n=won))
            body.append(f"<p>{esc(pooled_games)}; {esc(won_text)}.</p>")
            figure = class_figure(game)
            if figure and pooled["tries"]:
                title, exact = figure
                figure_line = esc(_("{title}: the class {rate} ({k} of {n}), exact {exact}")).format(
                    title=f"<b>{esc(_(title))}</b>",
                    rate=f"<b class='ck-class-rate'>{_percent(pooled['happened'] / pooled['tries'])}</b>",
                    k=pooled["happened"], n=pooled["tries"],
                    exact=f"<b class='ck-exact-rate'>{_percent(pooled['expected'] / pooled['tries'])}</b>")
                body.append(
                    f"<p class='ck-board-figure'>{figure_line}</p>"
                    f"<p class='ck-class-note'>"
                    + esc(_("Exact: {how}, averaged over the same moves. Solid: the class so far, game after "
                            "game; dashed: the exact figure so far.").format(how=_(exact)))
                    + "</p>" + running_svg(pooled["running"]))
        table = _details_table(game, pooled["details"]) if pooled and pooled["details"] else ""
        if table:
            body.append(table)
        if practice:
            body.append("<p class='ck-practice'>" + esc(_(
                "Practice games (Undo, the teacher view or a known seed used), not pooled: {n}").format(n=practice))
                + "</p>")
        parts.append(f"<div class='ck-board-section ck-board-game' data-game='{esc(game)}'>"
                     f"<h3>{esc(titles.get(game, game))}</h3>{''.join(body)}</div>")
    return "".join(parts)


def tables_html(tables) -> str:
    """The class's open tables (``store.tables.in_class(code)``): code, game, seats taken; a finished one goes."""
    titles = game_titles()
    open_ = [t for t in tables if not t["over"]]
    if not open_:
        link = f"<a class='ck-board-play-together' href='play_together.ipynb'>{esc(_('Play with others'))}</a>"
        return f"<p class='ck-class-note'>{esc(_('No open tables. Start one with {link}.')).format(link=link)}</p>"
    rows = "".join(
        f"<tr data-table='{esc(t['code'])}'><td class='ck-board-table-code'><b>{esc(t['code'])}</b></td>"
        f"<td>{esc(titles.get(t['game'], t['game']))}</td>"
        f"<td>{esc(_('{k} of {n} seats taken: {names}').format(k=len(t['names']), n=int(t['players']), names=', '.join(t['names'])))}</td>"
        f"<td>{esc(_('playing') if t['started'] else _('waiting to start'))}</td></tr>" for t in open_)
    return f"<table class='ck-lesson-table ck-board-table-list'>{rows}</table>"


def _number(x, digits=2) -> str:
    return "–" if x is None else i18n.number(x, digits) if isinstance(x, float) else esc(i18n.localized(x))


def _details_table(game: str, details: list) -> str:
    """The game's own table of the pooled games (``CLASS_TABLE`` and ``class_table`` in its lessons)."""
    board = declared_board(game)
    spec, rows_of = (board.table, board.table_rows) if board else (None, None)
    if spec is None or rows_of is None:
        return ""
    title, head, note = spec
    try:
        rows = rows_of(details)
    except Exception:
        log.exception("class board: %s's table failed", game)
        return ""
    return (f"<p><b>{esc(_(title))}</b></p><div class='ck-scroll'><table class='ck-lesson-table ck-board-table'>"
            + "<tr>" + "".join(f"<th>{esc(_(h))}</th>" for h in head) + "</tr>"
            + "".join("<tr>" + "".join(f"<td>{_number(v)}</td>" for v in row) + "</tr>" for row in rows)
            + f"</table></div><p class='ck-class-note'>{esc(_(note))}</p>")


def game_titles() -> dict:
    import cardkit
    from cardkit.games import declaration
    return {g: _(declaration(g).title) for g in cardkit.list_games()}


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
            self.children = [W.HTML(f"<p class='ck-class-note'>{_(NO_SERVER)}</p>")]
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
            self.children = [W.HTML(f"<p class='ck-class-note ck-board-no-create'>{esc(why_not)}</p>")]
            return
        self.name_box = W.Text(placeholder=_("e.g. 7B maths"), description=_("Class name"),
                               style={"description_width": "initial"}, layout=W.Layout(max_width="100%"))
        self.name_box.add_class("ck-board-name")
        self.create_button = Button(description=_("Create the class"), icon="plus", button_style="primary",
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
            why_not = _("This page has made {n} classes already, the most one page makes: "
                        "open the Class board again for another.").format(n=self.classes_made)
        if why_not:
            self.message.value = f"<p class='ck-class-note'>{esc(why_not)}</p>"
            return False
        try:
            room = self.store().create_class(str(name or "").strip(), address=visitor_address())
        except ValueError as refused:
            self.message.value = f"<p class='ck-class-note'>{esc(_(str(refused)))}</p>"
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
            self.children = [W.HTML(f"<p class='ck-class-note'>{esc(_(str(unknown)))}</p>")]
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
        # The class goes into the address (the key never does): a reload shows this board, not the form.
        self.address = PageAddress(query={"class": code}, teacher_key=self.teacher_key or "")
        parts = [W.HTML(CSS, layout=W.Layout(display="none")), self.address, self.header]
        if self.teacher_key:
            parts.append(self._teacher_controls(new))
        parts += [self.message, self.members_html, W.HTML(f"<h3>{esc(_('Questions'))}</h3>"), self.answers,
                  W.HTML(f"<h3>{esc(_('Games'))}</h3>"), self.games, W.HTML(f"<h3>{esc(_('Tables'))}</h3>"),
                  self.tables]
        self.children = parts
        self.refresh(full=True)
        self._start_polling()

    def _teacher_controls(self, new: bool) -> W.Widget:
        key = self.teacher_key
        self.reveal_button = W.ToggleButton(value=self.info.is_revealed("*"), description=_("Reveal the answers"),
                                            icon="eye", layout=W.Layout(width="auto"),
                                            tooltip=_("Show the right answers on the board"))
        self.reveal_button.add_class("ck-board-reveal")
        self.reveal_button.observe(
            lambda change: self._act(lambda s: s.set_class_state(self.code, key, revealed=bool(change["new"])),
                                     _("The right answers are on the board.") if change["new"] else
                                     _("The answers are hidden again.")), "value")
        self.seed_box = W.Text(placeholder=_("e.g. 42"), description=_("Everybody play seed"),
                               style={"description_width": "initial"}, layout=W.Layout(width="17em"))
        self.seed_box.add_class("ck-board-seed")
        self.seed_button = Button(description=_("Send"), icon="send", layout=W.Layout(width="auto"),
                                  tooltip=_("Every joined page offers this seed"))
        self.seed_button.add_class("ck-board-send-seed")
        self.seed_button.on_click(lambda _b: self.suggest_seed(self.seed_box.value))
        self.close_button = Button(description=_("Close the class"), icon="lock", layout=W.Layout(width="auto"),
                                   tooltip=_("No more joining or results; the board stays"))
        self.close_button.add_class("ck-board-close")
        self.close_button.on_click(lambda _b: self._act(lambda s: s.close_class(self.code, key),
                                                        _("The class is closed: no more joining or results.")))
        self.delete_button = Button(description=_("Delete its data"), icon="trash", button_style="danger",
                                    layout=W.Layout(width="auto"), tooltip=_("Delete the class and every result"))
        self.delete_button.add_class("ck-board-delete")
        self.delete_button.on_click(lambda _b: self.delete())
        self.csv_button = Button(description=_("Download results (CSV)"), icon="download",
                                 layout=W.Layout(width="auto"))
        self.csv_button.add_class("ck-board-csv")
        self.csv_button.on_click(lambda _b: self.prepare_csv())
        self.csv_link = W.HTML()
        self.csv_link.add_class("ck-board-csv-link")
        self._delete_armed = False
        self.remove_choice = W.Dropdown(options=[], description=_("Student"), style={"description_width": "initial"},
                                        layout=W.Layout(width="16em"))
        self.remove_choice.add_class("ck-board-remove-choice")
        self.remove_button = Button(description=_("Remove with their results"), icon="user-times",
                                    layout=W.Layout(width="auto"),
                                    tooltip=_("A made-up or unwanted name: it leaves the class, its results go"))
        self.remove_button.add_class("ck-board-remove")
        self.remove_button.on_click(lambda _b: self.remove_student(self.remove_choice.value))
        row = {"flex_flow": "row wrap", "align_items": "center"}
        self.teacher_link = CopyLink(href=f"class_board.ipynb?{self._teacher_query()}", text=_("class board, teacher"),
                                     link_class="ck-board-teacher-link")
        return W.VBox([
            W.HBox([W.HTML(f"<span class='ck-class-note'>{esc(_('Your teacher link:'))}</span>"), self.teacher_link],
                   layout=W.Layout(**row)),
            W.HBox([self.reveal_button, self.seed_box, self.seed_button], layout=W.Layout(**row)),
            W.HBox([self.csv_button, self.csv_link, self.close_button, self.delete_button], layout=W.Layout(**row)),
            W.HBox([self.remove_choice, self.remove_button], layout=W.Layout(**row)),
        ], layout=W.Layout(margin="6px 0"))

    def _act(self, do, said: str = "") -> bool:
        try:
            do(self.store())
        except (ValueError, PermissionError) as refused:
            self.message.value = f"<p class='ck-class-note'>{esc(_(str(refused)))}</p>"
            return False
        except Exception:
            log.exception("class board: a teacher's action failed")
            not_answering = _("The class's database is not answering; try again.")
            self.message.value = f"<p class='ck-class-note'>{esc(not_answering)}</p>"
            return False
        self.message.value = f"<p class='ck-class-note'>{esc(said)}</p>" if said else ""
        self.refresh(full=True)
        return True

    def suggest_seed(self, text) -> bool:
        text = str(text or "").strip()
        from widgets.play.app import MAX_SEED
        if not text.isdigit() or int(text) > MAX_SEED:
            self.message.value = (f"<p class='ck-class-note'>"
                                  f"{esc(_('A seed is a whole number from 0 to {most}.').format(most=MAX_SEED))}</p>")
            return False
        seed = int(text)
        return self._act(lambda s: s.set_class_state(self.code, self.teacher_key, suggested_seed=seed),
                         _("Every joined page now offers seed {seed}.").format(seed=seed))

    def remove_student(self, nickname) -> bool:
        """Remove a student and their results, on a second click naming the same student (the store
        checks the name and the key); the board folds the class's results again without theirs."""
        if not self.teacher_key:
            return False
        if not isinstance(nickname, str) or not nickname:
            self.message.value = f"<p class='ck-class-note'>{esc(_('Choose a student to remove.'))}</p>"
            return False
        if self._remove_armed != nickname:                 # the first click names who goes
            self._remove_armed = nickname
            self.remove_button.description = _("Really remove {nickname}? Click again").format(nickname=nickname[:24])
            return False
        self._remove_armed = None
        self.remove_button.description = _("Remove with their results")
        done = self._act(lambda s: s.remove_student(self.code, self.teacher_key, nickname),
                         _("{nickname} left the class; their results are deleted.").format(nickname=nickname))
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
            self.delete_button.description = _("Really delete? Click again")
            return False
        self._stop.set()
        done = self._act(lambda s: s.delete_class(self.code, self.teacher_key))
        if done:
            self.children = [W.HTML(f"<p>{esc(_('Class {code} and all its results are deleted.').format(code=self.code))}</p>")]
        return done

    def prepare_csv(self) -> str:
        """A download link for the class's results (the store's CSV)."""
        text = self.store().results_csv(self.code, self.teacher_key)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.csv_link.value = (f"<a download='class-{esc(self.code)}.csv' href='data:text/csv;base64,{data}'>"
                               f"class-{esc(self.code)}.csv</a>")
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
                    self.message.value = f"<p class='ck-class-note'>{esc(_('This class no longer exists.'))}</p>"
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
                tables = tables_html(store.tables.in_class(self.code))
                if tables != self.tables.value:
                    self.tables.value = tables
            if changed:
                self.answers.value = answers_html(self.tally, self.info.is_revealed)
                self.games.value = games_html(self.tally)

    def _draw_header(self) -> None:
        info, members = self.info, self._members
        state = f" · <b>{esc(_('closed'))}</b>" if info.closed else ""
        seed = (" · " + esc(_("everybody plays seed {seed}")).format(seed=f"<b>{esc(info.suggested_seed)}</b>")
                if info.suggested_seed is not None else "")
        names = "".join(f"<li>{esc(m['nickname'])}</li>" for m in members)
        code = f"<span class='ck-board-code'>{esc(self.code)}</span>"
        if self.teacher_key and hasattr(self, "remove_choice"):
            chosen, nicknames = self.remove_choice.value, tuple(m["nickname"] for m in members)
            if nicknames != tuple(self.remove_choice.options):   # a classmate joining keeps the teacher's choice
                self.remove_choice.options = nicknames
                self.remove_choice.value = chosen if chosen in nicknames else None
        self.header.value = (
            f"<h2>{esc(info.name)}{state}</h2>"
            + "<div>" + esc(_("Join with the code {code}")).format(code=code) + f"{seed}</div>"
            + (self._teacher_links() if self.teacher_key else ""))
        count = f"<b class='ck-board-count'>{len(members)}</b>"
        self.members_html.value = (f"<p>{esc(ngettext('{n} student in', '{n} students in', len(members))).format(n=count)}</p>"
                                   f"<ul class='ck-board-members'>{names}</ul>")

    def _teacher_query(self) -> str:
        import urllib.parse
        return urllib.parse.urlencode({"class": self.code, "teacher": self.teacher_key})

    def _teacher_links(self) -> str:
        import urllib.parse
        query = self._teacher_query()
        board = f"<a href='class_board.ipynb?class={esc(urllib.parse.quote(self.code))}'>{esc(_('class board'))}</a>"
        return ("<p class='ck-class-note'>"
                + esc(_("Keep your teacher link (below: copy it somewhere safe) to yourself: it opens these controls, "
                        "and the teacher view on a game page that joined this class; once its page is open, the key "
                        "leaves the address bar, and a reload of this tab keeps the controls. The same board without "
                        "the controls, safe to project or share: {board}. The games with the teacher view:")).format(
                    board=board) + " "
                + ", ".join(f"<a class='ck-board-game-link' href='{esc(game)}.ipynb?{esc(query)}'>{esc(title)}</a>"
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
        return W.HTML(f"<p class='ck-class-note'>{_(NO_SERVER)}</p>")
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
