"""RuleExplorer: vary one rule of a game, let bots play many games for each value in the background,
and plot the mean of a measure with its 95 % confidence band as the results arrive.

Reads the game's declared ``explorer`` (``cardkit.games.declaration(id).explorer``): ``options`` (name -> values to try), ``players``,
``bots(players, seed)``, ``metrics`` (column -> words) and, optionally, ``seats(players)`` (who
plays, in words) and ``games`` (games per value at first; 200 if not given).

The games run on ``cardkit.sim``'s default executor (a local process pool, or the Dask scheduler
named by ``CARDKIT_DASK_SCHEDULER``), started when the explorer is opened; a local pool ends once
unused for ``cardkit.sim.IDLE_SECONDS`` (a kernel holds no workers between runs).

The page can send any value for any control, whatever the widget's range says (a forged update
can raise a slider's ``max``): Run checks what it is asked against ``LIMITS`` and the spec (the rule,
its values, the players) and refuses, in words, what is out of them; a run stops at its kernel's
budget (``widgets.lessons.background.BUDGET``).
"""
from __future__ import annotations

import html
import logging
import threading
import time
from dataclasses import dataclass, field

import ipywidgets as W

import cardkit
from cardkit import i18n
from cardkit.i18n import _

from ..ui.pyodide import in_browser
from ..ui.declared import explorer_spec, game_id as _game_id, sim_module
from .background import BackgroundRun
from .questions import lesson_style
from .plots import BAND, BLUE, graph_objects, responsive_figure, wrapped
from .stats import estimate
from ..ui.style import style_widget

log = logging.getLogger("widgets")

#: How often the plot is redrawn at most while games come in (seconds); the first results at once.
PLOT_EVERY = 0.5


@dataclass(frozen=True)
class Limits:
    """What the server plays for one run, whatever the page says: games per value (the slider's
    range) and how large a seed may be."""
    games: tuple = (10, 5000)
    seed: int = 2**63


LIMITS = Limits()


@dataclass
class _Tally:
    """The games played so far for one value: ``n`` asked for, the rows (see ``cardkit.sim.columns``)
    and where each measure sits in a row."""
    n: int
    index: dict
    rows: list = field(default_factory=list)


def _numeric(values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def value_label(value) -> str:
    """How a value of a rule is shown: yes/no for a rule that is on or off."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (int, float)):
        return i18n.number(value)
    return _(str(value))            # a named value (a preset table of trumps) the catalog knows


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class RuleExplorer(W.VBox):
    """Choose a rule to vary, its values, games per value and a measure; Run simulates in the
    background, every value at once: the points appear at once and their means and bands settle as
    the games come in. Cancel stops and keeps what is done."""

    def __init__(self, game="flip7", players=3, seed: int = 0, games: int | None = None, executor=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-explorer")
        self.add_class("ck-root")
        self.game_id = _game_id(game)
        self.players = players
        self.spec = explorer_spec(self.game_id)
        self.figure = None
        self._plotted = None          # (option, values) of the results shown
        self._tallies = {}            # value -> _Tally of the games played for it
        if executor is None and in_browser():     # the browser's Python starts no processes: play here
            executor = "inline"
        self.executor = executor      # None: cardkit.sim's default (a process pool, or Dask); "inline"
        if not self.spec:
            note = W.HTML('<div class="ck-note">' + html.escape(_("This game has no rule explorer yet.")) + "</div>")
            self.status = note
            self.children = [style_widget(), note]
            return
        specs = cardkit.games.declaration(self.game_id).option_specs
        self.words = {o.name: _sentence(_(o.help)) for o in specs if o.help}
        self.words.setdefault("players", _("Number of players"))
        options = self.spec["options"]
        self.option = W.Dropdown(options=[(self.words.get(name, _sentence(name.replace("_", " "))), name)
                                          for name in options],
                                 description=_("Vary"), layout=W.Layout(width="auto", max_width="100%"))
        self.values = W.SelectMultiple(description=_("Values"), rows=5, layout=W.Layout(width="260px", max_width="100%"))
        self.option.observe(lambda _c: self._fill_values(), "value")
        player_choices = list(self.spec.get("players") or [players])
        if players not in player_choices:
            player_choices.append(players)
        self.players_box = W.Dropdown(options=player_choices, value=players, description=_("Players"),
                                      layout=W.Layout(width="200px", max_width="100%"))
        games = self.spec.get("games", 200) if games is None else games
        if not LIMITS.games[0] <= games <= LIMITS.games[1]:
            raise ValueError(f"games: from {LIMITS.games[0]:,} to {LIMITS.games[1]:,} per value, not {games!r}")
        self.player_choices = player_choices
        self.games = W.IntSlider(value=games, min=LIMITS.games[0], max=LIMITS.games[1], step=10,
                                 description=_("Games per value"),
                                 continuous_update=False, style={"description_width": "initial"},
                                 layout=W.Layout(width="360px", max_width="100%"))
        self.metric = W.Dropdown(options=[(_(label), column) for column, label in self.spec["metrics"].items()],
                                 description=_("Measure"), layout=W.Layout(width="360px", max_width="100%"))
        self.seed = W.IntText(value=seed, description=_("Seed"), layout=W.Layout(width="200px", max_width="100%"))
        self.who = W.HTML()
        self.who.add_class("ck-note")
        self.players_box.observe(lambda _c: self._describe_seats(), "value")
        self._fill_values()
        self.runner = BackgroundRun(lambda _run: self.run(), _("Run"), tooltip=_("Simulate the games (bots play)"))
        self.runner.add_class("ck-explorer-run")
        self.run_button, self.cancel_button = self.runner.run_button, self.runner.cancel_button
        self.progress, self.status = self.runner.progress, self.runner.status
        self.figure = responsive_figure(height=440)
        self.empty = W.HTML('<div class="ck-empty-plot">' + _(
            "Choose what to vary and what to measure, then press <b>{run}</b>: the plot appears here and grows "
            "as the games are played.").format(run=html.escape(_("Run"))) + "</div>")
        self.plot_box = W.Box([self.empty], layout=W.Layout(width="100%"))
        self.metric.observe(lambda _c: self._plot(), "value")
        controls = W.HBox([W.VBox([self.option, self.values]),
                           W.VBox([self.players_box, self.games, self.metric, self.seed])],
                          layout=W.Layout(flex_flow="row wrap"))
        self.children = [style_widget(), lesson_style(), controls, self.who, self.runner, self.plot_box]
        if executor is None:
            self._start_workers()

    # -- choices -----------------------------------------------------------------------------
    def _fill_values(self):
        values = list(self.spec["options"][self.option.value])
        self.values.options = [(value_label(v), v) for v in values]
        self.values.value = tuple(values)
        self.players_box.disabled = self.option.value == "players"
        self._describe_seats()

    def _describe_seats(self):
        describe = self.spec.get("seats")
        if not describe:
            self.who.value = ""
            return
        varied = self.option.value == "players"
        seats = max(self.spec["options"]["players"]) if varied else int(self.players_box.value)
        who = "; ".join(_(seat) for seat in describe(seats))
        said = (_("Who plays (up to {n} players): {who}.") if varied else _("Who plays: {who}.")).format(n=seats, who=who)
        self.who.value = '<div class="ck-note">' + html.escape(said) + "</div>"

    # -- running -----------------------------------------------------------------------------
    def _start_workers(self) -> None:
        """Start the simulation workers (a process pool, or a Dask client) while the visitor reads
        the controls, so Run does not wait for them; a page that never opens an explorer starts none."""
        def start():
            try:
                sim_module().start_workers([self.game_id])
            except Exception as exc:                      # e.g. no Dask scheduler at the address given
                log.warning("rule explorer: workers did not start: %s", exc)
                if not self.runner.running:
                    self.runner.say(_("The simulation workers did not start: {why}").format(why=exc), "warn")
        self._workers = threading.Thread(target=start, daemon=True, name="ck-explorer-workers")
        self._workers.start()

    @property
    def running(self) -> bool:
        return self.runner.running

    @property
    def results(self) -> list[dict]:
        """One dict per value with games played so far: value, games, cut_short, and an Estimate per
        measure (from the games sorted by number, so the same seed gives the same figures whatever
        order the games came back in)."""
        return [self._result(value, tally, self.spec["metrics"]) for value, tally in self._tallies.items()
                if tally.rows]

    def _result(self, value, tally, metrics) -> dict:
        rows = sorted(tally.rows)
        return {"value": value, "games": len(rows), "cut_short": len(rows) < tally.n,
                "estimates": {m: estimate([row[tally.index[m]] for row in rows]) for m in metrics
                              if m in tally.index}}

    def request(self) -> tuple:
        """(rule, values, games per value, players, seed, measure) as the controls ask, checked
        against ``LIMITS`` and the spec whatever the widgets' own ranges say; raises ValueError
        saying what is allowed."""
        options = self.spec["options"]
        option = self.option.value
        if option not in options:
            raise ValueError(_("Vary: one of {choices}").format(
                choices=", ".join(label for label, _name in self.option.options)))
        allowed = list(options[option])
        values = list(dict.fromkeys(self.values.value))
        if not values:
            raise ValueError(_("Choose at least one value to try."))
        wrong = [v for v in values if not any(v == a and type(v) is type(a) for a in allowed)]
        if wrong:
            raise ValueError(_("Values: {choices}, not {value}").format(
                choices=", ".join(map(value_label, allowed)), value=value_label(wrong[0])))
        low, high = LIMITS.games
        n = self.games.value
        if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high:
            raise ValueError(_("Games per value: from {low} to {high}, not {value}").format(
                low=i18n.number(low), high=i18n.number(high), value=repr(n)))
        players = self.players_box.value
        if option != "players" and players not in self.player_choices:
            raise ValueError(_("Players: {choices}, not {value}").format(
                choices=", ".join(map(str, self.player_choices)), value=repr(players)))
        seed = self.seed.value
        if isinstance(seed, bool) or not isinstance(seed, int) or not -LIMITS.seed < seed < LIMITS.seed:
            raise ValueError(_("Seed: a whole number between {low} and {high}").format(
                low="−" + i18n.number(LIMITS.seed), high=i18n.number(LIMITS.seed)))
        metric = self.metric.value
        if metric not in self.spec["metrics"]:
            raise ValueError(_("Measure: one of {choices}").format(
                choices=", ".join(_(label) for label in self.spec["metrics"].values())))
        return option, values, n, players, seed, metric

    def run(self) -> None:
        """Start the simulation in a background thread (returns at once): every value's games are
        played at once on the workers, and the plot is redrawn as they come back. A request out of
        the limits is refused, saying what is allowed."""
        if self.runner.running:
            self.runner.say(_("A simulation is already running."), "info")
            return
        try:
            option, values, n, players, seed, _metric = self.request()
        except ValueError as exc:
            self.runner.say(_("Not run: {why}").format(why=str(exc).rstrip(".")) + ".", "warn")
            return
        sim = sim_module()
        skipped, jobs, tallies = [], {}, {}
        for value in values:
            seats = value if option == "players" else players     # "players" may be the thing varied
            try:
                game = cardkit.make(self.game_id, players=seats, seed=seed,
                                    **({} if option == "players" else {option: value}))
            except ValueError as exc:                              # e.g. too many cards for the seats
                skipped.append(f"{value_label(value)}: {exc}")
                continue
            jobs[value] = (sim.spec_of(game, self.spec["bots"](seats, seed), seed), n)
            names = sim.columns(seats, game.summary_columns)
            tallies[value] = _Tally(n, {m: names.index(m) for m in self.spec["metrics"] if m in names})
        self._plotted = (option, values)
        self._tallies = tallies
        self._shown = 0.0             # the last plot's results stay until the first new ones come

        def work(task):
            metric = self.metric.value
            missing = [value_label(v) for v, tally in tallies.items() if metric not in tally.index]
            if missing:
                raise ValueError(_("“{measure}” is not measured with {values} ({rule})").format(
                    measure=_(self.spec["metrics"][metric]), values=", ".join(missing),
                    rule=self.words.get(option, option)))
            done = 0
            for value, rows in sim.stream(jobs, self.executor, cancel=task):    # Cancel, or the budget
                tally = tallies[value]
                first = not tally.rows
                tally.rows += rows
                done += len(rows)
                task.progress(done)
                now = time.monotonic()
                if first or now - self._shown >= PLOT_EVERY:     # a new point, or a while since the last
                    self._shown = now
                    self._plot()

        def on_end(outcome, run):
            self._plot()
            left_out = " " + _("Left out {what}.").format(what="; ".join(skipped)) if skipped else ""
            if outcome in ("cancelled", "stopped"):
                counts = [len(t.rows) for t in tallies.values()] or [0]
                played = sum(counts)
                each = (i18n.number(min(counts)) if min(counts) == max(counts) else
                        _("{low} to {high}").format(low=i18n.number(min(counts)), high=i18n.number(max(counts))))
                why = _("Cancelled") if outcome == "cancelled" else _("Stopped at {limit}").format(limit=run.task.stopped_by)
                return _("{why}: kept the {played} games played ({each} for each value, of {n} asked for).").format(
                    why=why, played=i18n.number(played), each=each, n=i18n.number(n)) + left_out
            if outcome == "done":
                return _("Done: {n} games for each of {values} values.").format(
                    n=i18n.number(n), values=len(tallies)) + left_out
            return None

        self.runner.start(work, total=n * len(jobs), on_end=on_end,
                          message=_("Simulating {n} games for each of {values} values…").format(
                              n=i18n.number(n), values=len(jobs)))

    def cancel(self) -> None:
        self.runner.cancel()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the run ends (tests, scripts); True when it has ended."""
        return self.runner.wait(timeout)

    # -- the plot ------------------------------------------------------------------------------
    def _plot(self) -> None:
        """Draw the current measure from the kept results (also when the measure changes)."""
        go = graph_objects()   # here, not at import: only a run draws
        if self.figure is None or not self._plotted:
            return
        option, _values = self._plotted
        metric = self.metric.value
        rows = [self._result(value, tally, [metric]) for value, tally in list(self._tallies.items())
                if tally.rows and metric in tally.index]
        if not rows:
            self.plot_box.children = [self.empty]
            return
        label = _(self.spec["metrics"].get(metric, metric))
        words = self.words.get(option, option)
        xs = [r["value"] for r in rows]
        est = [r["estimates"][metric] for r in rows]
        means, lows, highs = [e.mean for e in est], [e.low for e in est], [e.high for e in est]
        hover = [(e.low, e.high, r["games"]) for e, r in zip(est, rows)]
        template = _("%{x}: %{y:.3g} (95% band %{customdata[0]:.3g} to %{customdata[1]:.3g}, "
                     "%{customdata[2]} games)") + "<extra></extra>"
        if _numeric(xs) and len(rows) >= 2:
            traces = [
                go.Scatter(x=xs, y=highs, mode="lines", line=dict(width=0), showlegend=False, hoverinfo="skip",
                           name="upper"),
                go.Scatter(x=xs, y=lows, mode="lines", line=dict(width=0), fill="tonexty", fillcolor=BAND,
                           name=_("95% confidence band"), hoverinfo="skip"),
                go.Scatter(x=xs, y=means, mode="lines+markers", name=_("mean"), line=dict(color=BLUE),
                           customdata=hover, hovertemplate=template),
            ]
            xaxis = dict(type="linear", title=wrapped(words))
        else:   # rules on or off, or a single value: one marker per value with its band as an error bar
            traces = [go.Scatter(x=[value_label(x) for x in xs], y=means, mode="markers", name=_("mean, with its 95% band"),
                                 marker=dict(size=14, color=BLUE), customdata=hover, hovertemplate=template,
                                 error_y=dict(type="data", symmetric=False, thickness=2, width=10,
                                              array=[h - m for h, m in zip(highs, means)],
                                              arrayminus=[m - lo for m, lo in zip(means, lows)]))]
            xaxis = dict(type="category", title=wrapped(words))
        if [t.name for t in self.figure.data] != [t.name for t in traces]:
            self.figure.data = []                  # another kind of plot: new traces
            self.figure.add_traces(traces)
            traces = ()
        with self.figure.batch_update():          # the same traces, new figures: one message to the page
            for old, new in zip(self.figure.data, traces):
                old.update({k: v for k, v in new.to_plotly_json().items() if k != "type"}, overwrite=True)
            title = wrapped(label)
            self.figure.layout.title = dict(text=f"{title}<br><sup>{_('the mean, with its 95% confidence band')}</sup>",
                                            x=0, xanchor="left")
            # The legend sits at the bottom of the figure, under the axis title however many lines it has.
            self.figure.layout.margin = dict(l=60, r=16, t=80 + 22 * title.count("<br>"),
                                             b=120 + 20 * xaxis["title"].count("<br>"))
            self.figure.layout.legend = dict(orientation="h", yref="container", yanchor="bottom", y=0, x=0)
            self.figure.layout.xaxis = xaxis
            self.figure.layout.yaxis.title = wrapped(label, 40)
        if self.plot_box.children != (self.figure,):
            self.plot_box.children = [self.figure]
