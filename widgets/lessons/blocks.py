"""Lesson building blocks: each a single call that a teacher's lesson makes (docs/lessons.md shows
each one; notebooks/lessons/_template.ipynb uses them all).

    question("Who is more likely to bust?", "Sam: ...")                   # widgets.lessons.questions
    exact_and_simulated(30 / 76, lambda rng: rng.random() < 30 / 76)      # an exact figure, a simulation
    stacked_deal("flip7", deck=["12", "12"], actions=["Hit", "Hit"])      # a deal to step through
    compare_rules("flip7", {"The rules": {}, "Target 100": {"target": 100}})   # rule variants, played

Every input a page can send here is a button press; the figures, the deal and the variants are the
lesson's own, checked when the lesson runs (a bad one raises ValueError saying what is wrong, so the
teacher sees it in JupyterLab before a class does).
"""
from __future__ import annotations

import html
import random

import ipywidgets as W

import cardkit

from ..ui.declared import explorer_spec, game_id as _game_id, sim_module
from ..ui.pyodide import in_browser
from .background import BackgroundRun
from cardkit import i18n
from cardkit.i18n import N_, _

from ..ui.buttons import Button
from .questions import lesson_style, percent, plain_text, table_html
from .rule_stepper import RuleDemo
from .stats import estimate

#: The most tries one press of "Try it" may make (a lesson's figure, not a page's: the page sends no number).
MOST_TRIES = 100_000
#: Games per variant in compare_rules: at least, at most.
GAMES = (10, 5000)


def _figure(value: float, as_percent: bool, digits: int) -> str:
    return percent(value, digits) if as_percent else i18n.number(value, digits)


class ExactAndSimulated(W.VBox):
    """An exact figure, and a button that tries the thing ``tries`` times and shows the simulated
    figure next to it, with its 95 % band: the law of large numbers on one line. See
    ``exact_and_simulated``."""

    def __init__(self, exact: float, trial, what: str = N_("the chance"), tries: int = 1000,
                 as_percent: bool = True, digits: int | None = None, seed: int | None = None,
                 button: str | None = None):
        if not callable(trial):
            raise ValueError("trial: a function that takes a random.Random and returns one try's figure "
                             "(True/False for a chance, a number for an average)")
        if isinstance(tries, bool) or not isinstance(tries, int) or not 1 <= tries <= MOST_TRIES:
            raise ValueError(f"tries: a whole number from 1 to {MOST_TRIES:,}, not {tries!r}")
        self.exact, self.trial, self.what, self.tries = float(exact), trial, what, tries
        self.as_percent = as_percent
        self.digits = (1 if as_percent else 2) if digits is None else digits
        self.rng = random.Random(seed)
        self.estimate = None
        self.exact_html = W.HTML("<div class='ck-exact'>" + _("<b>exact:</b> {what} = <b>{figure}</b>").format(
            what=html.escape(_(what)), figure=_figure(self.exact, as_percent, self.digits)) + "</div>")
        self.simulated_html = W.HTML()
        self.simulated_html.add_class("ck-simulated")
        self.button = Button(description=_(button) if button else _("Try it {n} times").format(n=i18n.number(tries)),
                             icon="random", layout=W.Layout(width="auto"),
                             tooltip=_("A new batch of random tries each time"))
        self.button.on_click(lambda _b: self.simulate())
        super().__init__([lesson_style(), self.exact_html,
                          W.HBox([self.button, self.simulated_html],
                                 layout=W.Layout(flex_flow="row wrap", align_items="center"))])
        self.add_class("ck-exact-sim")

    def simulate(self):
        """One batch of tries; returns its Estimate (the mean, and the band) and shows it."""
        figures = [float(self.trial(self.rng)) for _ in range(self.tries)]
        self.estimate = e = estimate(figures)
        show = lambda v: _figure(v, self.as_percent, self.digits)  # noqa: E731
        self.simulated_html.value = _(
            "<b>simulated:</b> {what} = <b>{mean}</b> in {n} tries (95% band {low} to {high}) &nbsp; exact: {exact}"
        ).format(what=html.escape(_(self.what)), mean=show(e.mean), n=i18n.number(self.tries), low=show(e.low),
                 high=show(e.high), exact=show(self.exact))
        return e


def exact_and_simulated(exact: float, trial, what: str = N_("the chance"), tries: int = 1000,
                        as_percent: bool = True, digits: int | None = None, seed: int | None = None,
                        button: str | None = None) -> ExactAndSimulated:
    """An exact figure next to a simulation of it.

    ``exact``: the figure worked out (a chance, or an average); ``trial(rng)``: one random try with
    ``rng`` (a ``random.Random``), returning True/False (a chance) or a number (an average);
    ``what``: the figure in words; ``tries``: tries per press; ``as_percent``: show figures as
    percentages (False for an average); ``seed``: the same batches every time the page opens."""
    return ExactAndSimulated(exact, trial, what, tries, as_percent, digits, seed, button)


def stacked_deal(game: str, deck, actions=(), players: int | None = None, caption: str = "",
                 seed: int = 0, piles: dict | None = None, **options) -> RuleDemo:
    """A deal of the lesson's choosing to step through: ``deck`` (top first, in the game's card
    notation; the cards not named follow, shuffled from ``seed``) and ``actions`` (the moves' labels,
    as the game's buttons name them), played one Step at a time, with the table and the narrated log;
    ``piles`` for games with more piles (trump21's ``trumps``); ``options`` are rule options.

    The whole deal is played once when the lesson runs, so a move that is not legal is an error
    then, naming it, not a broken page in class."""
    demo = {"players": players, "deck": list(deck), "actions": [str(a) for a in actions], "caption": caption,
            "options": options, "seed": seed}
    if piles:
        demo["piles"] = dict(piles)
    shown = RuleDemo(_game_id(game), demo, seed=seed)
    if shown.state is None:
        raise ValueError(f"stacked_deal: this deal cannot be set up: {plain_text(shown.message.value)}")
    while not shown.done:
        if not shown.step() and not shown.done:
            raise ValueError(f"stacked_deal: {plain_text(shown.message.value)}")
    shown.reset()
    return shown


class CompareRules(W.VBox):
    """Rule variants side by side: bots play ``games`` games of each, and a table shows each
    measure's mean with its 95 % band as the games come in. See ``compare_rules``."""

    def __init__(self, game: str, variants: dict, players: int | None = None, games: int = 200,
                 measures=None, seed: int = 0, executor=None):
        self.game_id = _game_id(game)
        spec = explorer_spec(self.game_id)
        if not spec:
            raise ValueError(f"{self.game_id} declares no bots to compare rules with (its explorer)")
        if not isinstance(variants, dict) or not variants:
            raise ValueError('variants: a dict, name -> rule options, e.g. {"The rules": {}, "Target 100": {"target": 100}}')
        if isinstance(games, bool) or not isinstance(games, int) or not GAMES[0] <= games <= GAMES[1]:
            raise ValueError(f"games: from {GAMES[0]:,} to {GAMES[1]:,} per variant, not {games!r}")
        self.players = players or (spec.get("players") or [None])[0] or cardkit.make(self.game_id).players
        metrics = dict(spec["metrics"])
        measures = list(metrics) if measures is None else list(measures)
        unknown = [m for m in measures if m not in metrics]
        if unknown or not measures:
            raise ValueError(f"measures: some of {', '.join(metrics)}, not {unknown or measures!r}")
        self.metrics = {m: metrics[m] for m in measures}
        self.games, self.seed = games, seed
        self.executor = "inline" if executor is None and in_browser() else executor
        self.variants = {}
        for name, options in variants.items():      # every variant is checked now, in the teacher's words
            try:
                self.variants[str(name)] = cardkit.make(self.game_id, players=self.players, seed=seed, **dict(options))
            except (TypeError, ValueError) as exc:
                raise ValueError(f"variant {name!r}: {exc}") from None
        self.bots = spec["bots"]
        self.tallies = {name: [] for name in self.variants}
        self.table = W.HTML()
        self.table.add_class("ck-compare-table")
        self.runner = BackgroundRun(lambda _run: self.run(), _("Play {n} games of each").format(n=i18n.number(games)),
                                    tooltip=_("Bots play every variant; the table fills as games end"))
        super().__init__([lesson_style(), self.runner, self.table])
        self.add_class("ck-compare-rules")
        self._draw()

    def results(self) -> dict:
        """variant -> {measure: Estimate} of the games played so far."""
        return {name: {m: estimate([row[i] for row in rows]) for m, i in self._index(name).items()}
                for name, rows in self.tallies.items() if rows}

    def _index(self, name) -> dict:
        names = sim_module().columns(self.players, self.variants[name].summary_columns)
        return {m: names.index(m) for m in self.metrics if m in names}

    def _draw(self) -> None:
        results = self.results()
        rows = []
        for name in self.variants:
            got = results.get(name, {})
            played = len(self.tallies[name])
            rows.append([html.escape(name), i18n.number(played)] + [
                f"{i18n.number(float(f'{got[m].mean:.3g}'))} ± {i18n.number(float(f'{got[m].half:.2g}'))}"
                if m in got else "–" for m in self.metrics])
        self.table.value = table_html([_("variant"), _("games")] + [html.escape(_(w)) for w in self.metrics.values()],
                                      rows, "ck-compare")

    def run(self) -> None:
        sim = sim_module()
        jobs = {name: (sim.spec_of(game, self.bots(self.players, self.seed), self.seed), self.games)
                for name, game in self.variants.items()}
        for rows in self.tallies.values():
            rows.clear()
        self._draw()

        def work(task):
            done = 0
            for name, rows in sim.stream(jobs, self.executor, cancel=task):
                self.tallies[name] += rows
                done += len(rows)
                task.progress(done)
                task.emit(name)

        def on_end(outcome, _run):
            self._draw()
            return _("Done: {n} games of each.").format(n=i18n.number(self.games)) if outcome == "done" else None

        self.runner.start(work, total=self.games * len(jobs), on_result=lambda _name: self._draw(),
                          on_end=on_end, message=N_("Playing…"))

    def wait(self, timeout: float | None = None) -> bool:
        return self.runner.wait(timeout)


def compare_rules(game: str, variants: dict, players: int | None = None, games: int = 200, measures=None,
                  seed: int = 0, executor=None) -> CompareRules:
    """Rule variants compared by play: ``variants`` maps a name to rule options (``{}`` is the rules
    as printed), e.g. ``{"Target 200": {}, "Target 100": {"target": 100}}``. A button has the game's
    declared bots play ``games`` games of each (from ``seed``); the table shows each of ``measures``
    (columns of the game's rule explorer: rounds, moves, win_0, …; default all) with its 95 % band."""
    return CompareRules(game, variants, players, games, measures, seed, executor)


__all__ = ["exact_and_simulated", "ExactAndSimulated", "stacked_deal", "compare_rules", "CompareRules"]
