"""The pieces every lesson page uses: a question with its answer behind a button, a part that
opens on demand, a line picker, the page's link bar, tables that fit a phone.

Nothing here imports plotly, so the landing page and the lessons' first paint stay light.
"""
from __future__ import annotations

import html
import re

import ipywidgets as W
import traitlets

from cardkit import i18n
from cardkit.core import plural
from cardkit.i18n import DEFAULT, N_, _, using
from ..ui.buttons import Button
from ..ui.hosting import page_hooks
from ..ui.lifetime import replace_children
from ..ui.style import LESSON_CSS, lesson_style  # noqa: F401 (re-exported)

def percent(p: float, digits: int = 1) -> str:
    """0.419… -> '41.9%' ('41,9 %' in German and French)."""
    return i18n.percent(p, digits)


def html_widget(markup: str, css_class: str = "ck-links") -> W.HTML:
    """HTML shown by a widget, not by Jupyter's output renderer.

    Under Voila the output renderer hands relative links (``flip7.ipynb``) to a JupyterLab
    command that does nothing there, so a click would not leave the page. A widget's HTML is
    plain HTML: the browser resolves the link against the page's address and follows it."""
    box = W.HTML(markup)
    box.add_class(css_class)
    return box


def nav(*links) -> W.HBox:
    """The page's link bar, e.g. ``nav(("← All games", "../index.ipynb"), ("Flip 7: the rules", "../flip7.ipynb"))``.

    Real links that look like buttons: large enough for a projector, reached with Tab. The first
    is the way back; the others are drawn lighter."""
    items = "".join(
        f'<a href="{html.escape(href)}" class="{"ck-nav-back" if i == 0 else "ck-nav-secondary"}">'
        f'{html.escape(_(text))}</a>' for i, (text, href) in enumerate(links))
    bar = html_widget(f'<nav class="ck-nav-bar" aria-label="Pages">{items}</nav>', "ck-nav")
    return W.HBox([lesson_style(), bar])


def plain_text(markup: str) -> str:
    """The words of some HTML, its tags dropped."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup)).strip()


def scroll_table(markup: str) -> str:
    """An HTML table inside a box that scrolls sideways when the screen is narrower than the table;
    the page then shows the hint under it, and the box takes the keyboard's focus (arrow keys
    scroll it: landmarks.js)."""
    return (f'<div class="ck-scroll-box"><div class="ck-scroll">{markup}</div>'
            '<div class="ck-scroll-hint">Scroll the table sideways to see all of it →</div></div>')


def table_html(head, rows, css_class: str, best: int | None = None) -> str:
    """A lesson table that fits a phone: ``head`` cells, ``rows`` of cells (HTML), ``best`` a row to mark."""
    head_row = "<tr>" + "".join(f"<th>{_(h) if isinstance(h, str) else h}</th>" for h in head) + "</tr>"
    body = "".join(f'<tr{" class=" + chr(34) + "ck-best" + chr(34) if i == best else ""}>'
                   + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for i, row in enumerate(rows))
    return scroll_table(f'<table class="ck-lesson-table {css_class}">{head_row}{body}</table>')


#: Characters of a question's words that go to the class board with each answer.
WORDS_MAX = 240


class Question(W.VBox):
    """A question for students; its answer (HTML) appears when the button is pressed.

    ``answer`` may be a function: it is asked again when the answer is shown and whenever a
    widget in ``follows`` changes, so the answer always fits what the page shows now.
    ``revealed`` is a trait: a table may wait for it before it marks the best row.

    With ``choices`` (and a ``qid``, the question's id in its lesson) the student picks an answer
    first; the pick (``chosen``, one of the choices, whatever the page sends) goes to the class board
    of a joined page, with ``right`` for the board to show when the teacher reveals it, and ``words``
    (the prompt's, for the board's heading)."""

    revealed = traitlets.Bool(False)
    chosen = traitlets.Any(None, allow_none=True)

    def __init__(self, prompt: str, answer, label: str = N_("Show the answer"), follows=(), choices=None,
                 qid: str = "", right=None, lesson: str = "", hooks=None):
        self._answer = answer
        self.hooks = hooks or page_hooks()      # who hears the student's choice (the page's class bar)
        self.label = _(label)
        self.qid, self.right, self.lesson = qid, right, lesson
        with using(DEFAULT):        # the board keeps the question's own (English) words: one class, many languages
            self.words = plain_text(prompt() if callable(prompt) else prompt)[:WORDS_MAX]
        prompt = prompt() if callable(prompt) else _(prompt)     # a function: words with the page's numbers
        self.prompt = W.HTML(_("<b>Question.</b> {prompt}").format(prompt=prompt))
        self.shown = W.HTML(layout=W.Layout(display="none"))
        self.shown.add_class("ck-answer-box")
        self.button = Button(description=self.label, icon="eye", layout=W.Layout(width="auto"),
                             tooltip=_("Show or hide the answer"))
        self.button.on_click(lambda _b: self.toggle())
        parts = [lesson_style(), self.prompt, self.button, self.shown]
        if choices:
            self.choices = W.ToggleButtons(options=[(_(str(c)), c) for c in choices], value=None,
                                           tooltips=[_("Answer {c}").format(c=_(str(c))) for c in choices],
                                           style={"button_width": "auto"}, layout=W.Layout(max_width="100%"))
            self.choices.add_class("ck-choices")
            self.choices.observe(self._picked, "value")
            parts.insert(2, self.choices)
        super().__init__(parts, layout=W.Layout(margin="8px 0 16px 0", align_items="flex-start"))
        self.add_class("ck-question")
        for widget in follows:
            widget.observe(lambda _change: self.refresh(), "value")
        self.refresh()

    def _picked(self, change) -> None:
        """A choice made (its value is one of ``choices``: ipywidgets refuses any other)."""
        if change["new"] is None:
            return
        self.chosen = change["new"]
        for listener in list(self.hooks.answer):
            listener(self, change["new"])

    @property
    def answer(self) -> str:
        return self._answer() if callable(self._answer) else _(self._answer)

    def refresh(self) -> None:
        self.shown.value = f'<div class="ck-answer">{self.answer}</div>'

    def toggle(self) -> None:
        self.revealed = not self.revealed

    @traitlets.observe("revealed")
    def _show(self, change) -> None:
        if change["new"]:
            self.refresh()
        self.shown.layout.display = None if change["new"] else "none"
        self.button.description = _("Hide the answer") if change["new"] else self.label


def question(prompt: str, answer, label: str = N_("Show the answer"), follows=(), **choices) -> Question:
    """``Question(prompt, answer, label, follows, choices=…, qid=…, right=…)``: see there."""
    return Question(prompt, answer, label, follows, **choices)


#: An opening part's button shows a turning spinner: the page is not frozen, the kernel is at work.
OPENING_CSS = ("<style>@keyframes ck-turn { to { transform: rotate(360deg); } }"
               ".ck-on-demand .fa-spinner { animation: ck-turn 1s linear infinite; }</style>")


def on_demand(label: str, factory, hint: str = "") -> W.VBox:
    """A button that builds a heavy widget (plots, simulations) only when pressed, so the page
    itself loads fast. ``factory()`` returns the widget; an error is shown in words."""
    button = Button(description=_(label), icon="chevron-down", button_style="info", layout=W.Layout(width="auto"))
    box = W.VBox([W.HBox([button, W.HTML(OPENING_CSS + (f"<i>{html.escape(_(hint))}</i>" if hint else ""))],
                         layout=W.Layout(align_items="center", flex_flow="row wrap"))])
    box.add_class("ck-on-demand")

    def build(_button):
        button.disabled = True          # a second click, even a forged one, opens nothing more
        button.description = _("Opening…")
        button.icon = "spinner"         # turns (OPENING_CSS) until the part is there
        try:
            opened = factory()
        except Exception as err:  # shown on the page, not lost in the kernel log
            opened = W.HTML(_("<b>This part could not open:</b> {why}").format(why=html.escape(str(err))))
        replace_children(box, [opened])

    button.on_click(build)
    return box


class LinePicker(W.VBox):
    """Toggle buttons 0 to 12 (or ``numbers``): the numbers in a player's line, under ``prompt``.
    ``line`` (a trait) is the list of card strings in the order picked; observe it, or
    ``on_change(callback)`` to be called with it."""

    line = traitlets.List(traitlets.Unicode())

    def __init__(self, line=(), numbers=range(13), prompt: str = N_("Click the numbers in your line:")):
        self.buttons = [W.ToggleButton(description=str(n), value=False, layout=W.Layout(width="46px"),
                                       tooltip=_("a {n} in your line").format(n=n)) for n in numbers]
        for b in self.buttons:
            b.observe(self._toggled, "value")
        clear = Button(description=_("Clear"), layout=W.Layout(width="auto"), tooltip=_("Empty the line"))
        clear.on_click(lambda _b: self.set([]))
        super().__init__([W.HTML(_(prompt)),
                          W.HBox(self.buttons + [clear], layout=W.Layout(flex_flow="row wrap"))])
        self.add_class("ck-line-picker")
        self._quiet = False
        self.set(line)

    def _toggled(self, change) -> None:
        if self._quiet:
            return
        card = change["owner"].description
        line = [c for c in self.line if c != card]
        self.line = line + [card] if change["new"] else line

    def set(self, line) -> None:
        """Show exactly the numbers of ``line``."""
        line = [str(c) for c in line]
        self._quiet = True
        try:
            for b in self.buttons:
                b.value = b.description in line
        finally:
            self._quiet = False
        self.line = line

    def on_change(self, callback) -> None:
        self.observe(lambda change: callback(list(change["new"])), "line")


__all__ = ["plural", "question", "Question", "on_demand", "LinePicker", "nav", "html_widget", "percent",
           "scroll_table", "table_html", "lesson_style", "LESSON_CSS"]


# -- figures that follow the page's controls --------------------------------------------------------
def figure_html(figure) -> str:
    """A lesson figure as HTML: ``intro`` (a line above), a table (``head``, ``rows``, ``css``, ``best``)
    and ``outro`` (lines below); every part may be missing. Or ``cards`` (with ``hints`` and a
    ``cards_label``) shown beside a ``text``. Or ``tiles``, (card, mark) pairs, a row of cards each
    marked (in red) under it, ``empty`` shown when there is none, then the ``outro``. Or HTML already
    (a str), shown as it is. The game's lesson module writes the words."""
    if isinstance(figure, str):
        return figure
    if figure.get("tiles") is not None:          # a row of cards, each with its mark under it
        from ..play.cards import card_html
        mark = "<div style='font-size:85%;color:#b00020;font-weight:bold'>{}</div>"
        tiles = "".join(f"<div style='display:inline-block;text-align:center;margin:3px'>"
                        f"{card_html(card, figure.get('hints'), 'small')}"
                        f"{mark.format(caption) if caption else '<div>&nbsp;</div>'}</div>"
                        for card, caption in figure["tiles"])
        shown = f"<div style='display:flex;flex-wrap:wrap'>{tiles}</div>" if tiles else figure.get("empty", "")
        return shown + (f"<p style='font-size:115%'>{figure['outro']}</p>" if figure.get("outro") else "")
    if figure.get("cards") is not None:          # cards beside a text
        from ..play.cards import cards_html
        return (f"<div style='display:flex;gap:20px;flex-wrap:wrap;align-items:center'>"
                f"<div>{figure.get('cards_label', '')}{cards_html(figure['cards'], figure.get('hints'), 'small')}</div>"
                f"<div class='{figure.get('css', '')}' style='font-size:115%'>{figure.get('text', '')}</div></div>")
    text = "<p style='font-size:115%'>{}</p>"
    return ((text.format(figure["intro"]) if figure.get("intro") else "")
            + (table_html(figure["head"], figure["rows"], figure.get("css", ""), figure.get("best"))
               if figure.get("head") else "")
            + (text.format(figure["outro"]) if figure.get("outro") else ""))


def _follow(widgets, trait: str, callback) -> None:
    for widget in widgets:
        widget.observe(lambda _change: callback(), trait)


class LiveFigure(W.HTML):
    """A figure (``make()`` returns it, see ``figure_html``) drawn again whenever a widget in ``follows``
    changes its ``trait`` (a LinePicker's ``line``, a control's ``value``)."""

    def __init__(self, make, follows=(), trait: str = "line"):
        super().__init__()
        self.make = make
        _follow(follows, trait, self.redraw)
        self.redraw()

    def redraw(self) -> None:
        self.value = figure_html(self.make())


class TryMany(W.HBox):
    """A button that tries something many times, ``run(rng)`` returning the result as HTML, shown beside
    it; the ``seed`` makes the page's batches the same each time it opens. The result is cleared when a
    widget in ``follows`` changes (it no longer fits the page)."""

    def __init__(self, label: str, run, seed: int | None = None, follows=(), trait: str = "line",
                 css_class: str = ""):
        import random

        self.rng = random.Random(seed)
        self.button = Button(description=_(label), icon="random", layout=W.Layout(width="auto"))
        if css_class:
            self.button.add_class(css_class)
        self.result = W.HTML()
        self.button.on_click(lambda _b: setattr(self.result, "value", run(self.rng)))
        _follow(follows, trait, lambda: setattr(self.result, "value", ""))
        super().__init__([self.button, self.result], layout=W.Layout(flex_flow="row wrap", align_items="center"))


class Follows(W.VBox):
    """A LiveFigure of one widget's ``trait``, ``explain(value)`` (HTML or a figure), and with
    ``simulate(value, rng)`` -> HTML a TryMany ``button`` under it. ``above``: widgets shown first;
    ``show_source``: the widget itself is shown too (else it is shown elsewhere on the page)."""

    def __init__(self, source, explain, simulate=None, button: str = "", seed: int | None = None,
                 show_source: bool = False, above=(), trait: str = "value"):
        def value():
            return getattr(source, trait)
        self.source = source
        self.worked = LiveFigure(lambda: explain(value()), follows=[source], trait=trait)
        children = [*above, *([source] if show_source else []), self.worked]
        if simulate is not None:
            self.trial = TryMany(button, lambda rng: simulate(value(), rng), seed, follows=[source], trait=trait)
            children.append(self.trial)
        super().__init__(children)


class LineTrial(Follows):
    """Follows a LinePicker started on ``line``: what the line works out to exactly (``explain(line)``)
    and a button that tries it many times (``simulate(line, rng)``)."""

    def __init__(self, line, explain, simulate, button: str, seed: int | None = None):
        self.picker = LinePicker(line)
        super().__init__(self.picker, explain, simulate, button, seed, show_source=True, trait="line")


# -- exact figures beside simulated ones, run in the background ----------------------------------------
class SimulatedTable(W.VBox):
    """A table of exact figures whose simulated columns a background run fills in.

    ``figure(results)`` (see ``figure_html``; its ``intro`` is drawn above the Run button, its ``lines``,
    ``{key: (xs, ys)}`` or ``(xs, ys, ± half-widths)``, into a LinePlot made from the ``plot`` spec and
    titled ``plot_title`` if it has one; no ``lines`` empties the plot) is drawn again every ``every``
    results, when a run starts and ends, and when a widget in ``follows`` changes its ``trait``. Run
    calls ``work(task, n, seeds)``: ``n`` is the ``size`` control's value (beside the button), ``n * steps``
    the progress bar's length, ``seeds`` a random.Random from ``seed``; ``done(n)``, asked at the
    start, is the line shown when the run is done. The controls in ``above`` go on top."""

    def __init__(self, label: str, size, work, figure, done, seed: int | None = None, steps: int = 1,
                 every: int = 1, plot: dict | None = None, message: str = "Working…", above=(), follows=(),
                 trait: str = "value"):
        import random
        from .background import BackgroundRun

        self.figure, self.plot_spec, self.every = figure, plot, every
        self.seeds = random.Random(seed)
        self.results: list = []
        self.head, self.table, self.plot = W.HTML(), W.HTML(), W.VBox()

        def start(run):
            n, said = size.value, done(size.value)
            self.results.clear()
            self.redraw()
            run.start(lambda task: work(task, n, self.seeds), total=n * steps, on_result=self._got,
                      on_end=lambda outcome, _run: self._ended(said if outcome == "done" else None),
                      message=_(message))
        self.run = BackgroundRun(start, label, extra=[size])
        _follow(follows, trait, self.redraw)
        self.redraw()
        head = [self.head] if self.head.value else []
        super().__init__([*above, *head, self.run, self.table, self.plot])

    def _got(self, result) -> None:
        self.results.append(result)
        if len(self.results) % self.every == 0:
            self.redraw()

    def _ended(self, said):
        self.redraw()
        if self.plot.children:
            self.plot.children[0].flush()           # the last points, drawn even if they came quickly
        return said

    def redraw(self) -> None:
        figure = dict(self.figure(list(self.results)))
        intro, lines, title = figure.pop("intro", ""), figure.pop("lines", None), figure.pop("plot_title", None)
        self.head.value = f"<div style='font-size:115%'>{intro}</div>" if intro else ""
        self.table.value = figure_html(figure)
        if not lines:
            if self.plot.children:                  # nothing simulated for what the page shows now
                shown = self.plot.children[0]
                for key in shown.lines:
                    shown.set(key, [], [])
                shown.flush()
            return
        if not self.plot.children:
            from .plots import LinePlot
            spec = dict(self.plot_spec)
            shown = LinePlot(**{k: v for k, v in spec.items() if k != "lines"})
            for key, name, style in spec["lines"]:
                shown.add_line(key, _(name), **style)
            self.plot.children = [shown]
        shown = self.plot.children[0]
        if title is not None:
            shown.title = title
        *first, last = lines
        for key in first:
            shown.set(key, *lines[key])
        shown.set(last, *lines[last], now=True)     # one row a time: each drawn


class SweepTable(SimulatedTable):
    """A SimulatedTable of an exact average and share for each setting, next to their simulated
    estimates (± the 95% range), the ``best`` row marked once ``best_question`` is answered.

    ``exact``: setting -> (average, share); ``trial(setting, seed)`` -> (figure, counted: bool);
    ``heads``: the five column titles; ``plot``: LinePlot's title, x_title, y_title; ``count``: the
    IntSlider of runs per setting; ``done``: the closing words, ``{n}`` the runs per setting."""

    def __init__(self, settings, exact: dict, trial, heads, css_class: str, plot: dict, count: dict,
                 run_label: str, message: str, done: str, best_question=None, seed: int | None = None):
        import itertools

        from cardkit.chance import tried

        from .stats import estimate
        settings = list(settings)
        best = settings.index(best_question.right) if best_question is not None else None
        count = {**count, "description": _(count.get("description", ""))}
        self.count = W.IntSlider(**count, style={"description_width": "initial"}, layout=W.Layout(max_width="100%"))

        def work(task, n, seeds):
            runs = {}                # setting -> its seeds: a fresh run of shuffles for every setting and press

            def one(setting):
                if setting not in runs:
                    runs[setting] = itertools.count(seeds.randrange(10**9))
                return trial(setting, next(runs[setting]))
            for setting, outcomes in tried(task, settings, n, one):
                figures, counted = zip(*outcomes)
                task.emit((setting, estimate(figures), estimate(counted)))

        def figure(results):
            simulated = {t: (average, share) for t, average, share in results}
            rows = []
            for t in settings:
                (mean, share), s = exact[t], simulated.get(t)
                rows.append([t, i18n.number(mean, 2), f"{i18n.number(s[0].mean, 2)} ± {i18n.number(s[0].half, 2)}" if s else "–",
                             percent(share), percent(s[1].mean) if s else "–"])
            shown = best is not None and best_question.revealed
            drawn = {"head": heads, "rows": rows, "css": css_class, "best": best if shown else None}
            xs = [t for t in settings if t in simulated]
            if xs:
                drawn["lines"] = {"exact": (settings, [exact[t][0] for t in settings]),
                                  "simulated": (xs, [simulated[t][0].mean for t in xs],
                                                [simulated[t][0].half for t in xs])}
            return drawn

        super().__init__(run_label, self.count, work, figure, lambda n: _done_words(done, n), seed=seed,
                         steps=len(settings), message=message, follows=[best_question] if best_question else (),
                         trait="revealed", plot={**plot, "lines": [("exact", N_("exact"), {}), (
                             "simulated", N_("simulated (95% range)"), {"mode": "markers"})]})


class ShareSweep(SimulatedTable):
    """A SimulatedTable of how often ``trial(value, setting, rng)`` comes out True for each setting,
    simulated for the ``source`` widget's value, next to the exact figures: ``head(value)`` -> HTML
    above, ``rows(value, shares)`` -> table rows under ``heads``, and a plot of ``curves(value)`` (key
    -> the figure for each setting) with the simulated shares, titled ``title(value)``. ``lines``: key ->
    LinePlot.add_line's name and settings, ``simulated`` among them; ``count``: the Dropdown of runs per
    setting. Shares run for one value are not shown for another."""

    def __init__(self, source, settings, head, rows, heads, css_class: str, curves, lines: dict, plot: dict,
                 title, count: dict, trial, run_label: str, message: str, done: str, seed: int | None = None):
        from cardkit.chance import tried
        settings = list(settings)
        self.source = source
        self.count = W.Dropdown(**{**count, "description": _(count.get("description", ""))},
                                style={"description_width": "initial"})

        def work(task, n, seeds):
            value, rng = source.value, random_from(seeds)         # new shuffles for every press
            for setting, hits in tried(task, settings, n, lambda setting: trial(value, setting, rng)):
                task.emit((value, setting, sum(hits) / len(hits)))

        def figure(results):
            value = source.value
            shares = {setting: share for ran_on, setting, share in results if ran_on == value}
            drawn = {"intro": head(value), "head": heads, "rows": rows(value, shares), "css": css_class}
            if shares:
                xs = [s for s in settings if s in shares]
                drawn["lines"] = {**{key: (settings, ys) for key, ys in curves(value).items()},
                                  "simulated": (xs, [shares[s] for s in xs])}
                drawn["plot_title"] = title(value)
            return drawn

        super().__init__(run_label, self.count, work, figure, lambda n: _done_words(done, n), seed=seed,
                         steps=len(settings), message=message, follows=[source],
                         plot={**plot, "lines": [(key, name, style) for key, (name, style) in lines.items()]})


def _done_words(done: str, n: int) -> str:
    """A run's closing words, ``{n}`` the runs (in the page's digits; ``{n:,}`` as written)."""
    text = _(done)
    return text.format(n=i18n.number(n)) if "{n}" in text else text.format(n=n)


def random_from(seeds):
    """A new ``random.Random`` seeded from ``seeds`` (a ``random.Random``)."""
    import random
    return random.Random(seeds.randrange(10**9))


class RunningAverage(W.VBox):
    """The law of large numbers: ``trial(choice, seed)`` (a figure first) played again and again, and
    the average so far drawn against ``exact(choice)`` as it grows. ``choice`` and ``rounds``: the two
    Dropdowns' settings; ``title``: the plot's, ``{}`` the choice."""

    def __init__(self, choices, exact, trial, choice: dict, rounds: dict, title: str, x_title: str, y_title: str,
                 run_label: str, message: str, seed: int | None = None):
        import random
        from .background import BackgroundRun
        choice = W.Dropdown(options=list(choices), **{**choice, "description": _(choice.get("description", ""))})
        rounds = W.Dropdown(**{**rounds, "description": _(rounds.get("description", ""))})
        self.choice, self.rounds, self.exact, self.trial, self.title = choice, rounds, exact, trial, title
        self.x_title, self.y_title, self.message, self.seeds = x_title, y_title, message, random.Random(seed)
        self.plot = W.VBox()
        self.run = BackgroundRun(self._start, run_label, cancel_label=N_("Stop"), extra=[choice, rounds])
        super().__init__([self.run, self.plot])

    def figure(self, choice, n):
        """The plot, made once and reused."""
        from .plots import LinePlot
        exact = self.exact(choice)
        if not self.plot.children:
            figure = LinePlot(x_title=self.x_title, y_title=self.y_title)
            figure.add_line("exact", _("exact average"), mode="lines", dash=True, color="#1f2933")
            figure.add_line("simulated", _("simulated average so far"), mode="lines")
            self.plot.children = [figure]
        figure = self.plot.children[0]
        figure.title = _(self.title).format(choice)
        figure.x_range = (0, n)                         # fixed: the line grows across it, the axis does not jump
        figure.set("simulated", [], [])
        figure.set("exact", [0, n], [exact, exact], name=_("exact average {x}").format(x=i18n.number(exact, 2)), now=True)
        figure.start_over()                             # the first rounds played show at once
        return figure

    def _play(self, task, choice, n, figure) -> None:
        from .stats import RunningMean
        first = self.seeds.randrange(10**9)
        average, xs, ys = RunningMean(), [], []
        for i in range(1, n + 1):
            if task.cancelled:
                break
            average.add(self.trial(choice, first + i)[0])
            xs.append(i)
            ys.append(average.mean)
            task.advance()
            figure.set("simulated", xs, ys)             # drawn at once the first time, then a few times a second
        figure.set("simulated", xs, ys, now=True)
        task.emit(average.estimate())

    def _start(self, run) -> None:
        choice, n = self.choice.value, self.rounds.value
        figure, exact = self.figure(choice, n), self.exact(choice)

        def say(outcome, run):
            est = run.results[-1] if run.results else None
            if est is None or not est.n:
                return _("Stopped before the first round.")
            values = dict(n=i18n.number(est.n), mean=i18n.number(est.mean, 2), exact=i18n.number(exact, 2))
            if outcome == "done":
                return _("After {n} rounds the average is {mean}; exact {exact}.").format(**values)
            return _("Stopped after {n} rounds: the average is {mean}; exact {exact}.").format(**values)

        run.start(lambda task: self._play(task, choice, n, figure), total=n, on_end=say, message=_(self.message))


# -- stepping through a round, one button into a table -----------------------------------------------
class StepThrough(W.VBox):
    """Step and Replay over ``steps`` moves; after each press ``figure(moves)`` is drawn below (see
    ``figure_html``) and, above it, with a ``table`` (a TableView) ``table.update(view_at(moves))``, with
    ``pictures`` the figure ``pictures(moves)``. ``step_label`` and ``done_label`` name the Step button
    (``{n}`` the next move, ``{steps}`` all); ``again`` names the Replay button, and ``on_again()`` is
    called before it starts over (another deal)."""

    def __init__(self, steps: int, figure, table=None, view_at=None, pictures=None,
                 step_label: str = N_("Step {n} of {steps}"), done_label: str = N_("Done"), again: str = N_("Replay"),
                 on_again=None):
        self.steps, self.figure, self.table, self.view_at = steps, figure, table, view_at
        self.pictures_of, self.step_label, self.done_label = pictures, step_label, done_label
        self.moves = 0
        self.step = Button(description=_("Step"), icon="step-forward", button_style="primary",
                           layout=W.Layout(width="auto"))
        self.step.add_class("ck-lesson-step")
        self.again = Button(description=_(again), icon="refresh", layout=W.Layout(width="auto"))
        self.pictures, self.rows = W.HTML(), W.HTML()
        self.step.on_click(lambda _b: self.go(min(self.steps, self.moves + 1)))
        self.again.on_click(lambda _b: (on_again and on_again(), self.go(0)))
        shown = [W.HBox([self.step, self.again], layout=W.Layout(flex_flow="row wrap"))]
        shown += [table] if table is not None else []
        shown += [self.pictures] if pictures is not None else []
        super().__init__(shown + [self.rows])
        self.go(0)

    def go(self, moves: int) -> None:
        """Show the round after its first ``moves`` moves."""
        self.moves = moves
        if self.table is not None:
            self.table.update(self.view_at(moves))
        if self.pictures_of is not None:
            self.pictures.value = figure_html(self.pictures_of(moves))
        self.rows.value = figure_html(self.figure(moves))
        self.step.disabled = moves >= self.steps
        self.step.description = (_(self.done_label) if self.step.disabled
                                 else _(self.step_label).format(n=moves + 1, steps=self.steps))


class TryIntoTable(W.VBox):
    """A button above a table: the table is ``figure(None)`` until the button is pressed, then
    ``figure(run(rng))`` (``rng`` a random.Random from ``seed``): the simulated column filled in."""

    def __init__(self, label: str, run, figure, seed: int | None = None, css_class: str = ""):
        import random

        self.rng = random.Random(seed)
        self.button = Button(description=_(label), icon="random", layout=W.Layout(width="auto"))
        if css_class:
            self.button.add_class(css_class)
        self.table = W.HTML(figure_html(figure(None)))
        self.button.on_click(lambda _b: setattr(self.table, "value", figure_html(figure(run(self.rng)))))
        super().__init__([W.HBox([self.button]), self.table])


__all__ += ["figure_html", "LiveFigure", "TryMany", "Follows", "LineTrial", "SimulatedTable", "SweepTable",
            "ShareSweep", "RunningAverage", "StepThrough", "TryIntoTable"]
