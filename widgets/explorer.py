"""RuleExplorer: vary one game option, simulate many bot games per value in a background thread, plot
the mean of a metric with a 95 % confidence band. Reads ``cardkit.games.<id>.prob.EXPLORER``."""
from __future__ import annotations

import html
import logging
import math
import threading

import ipywidgets as W

import cardkit

from ._games import game_id as _game_id, optional_module, sim_module
from .actions import message_html
from .style import style_widget

log = logging.getLogger("widgets")


def summarize(values) -> dict:
    """n, mean, sd and the normal-approximation 95 % interval mean ± 1.96·sd/√n."""
    xs = [float(v) for v in values if v is not None and v == v]      # unfinished games have no figure
    n = len(xs)
    if n == 0:
        return {"n": 0, "mean": float("nan"), "sd": float("nan"), "low": float("nan"), "high": float("nan")}
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "low": mean - half, "high": mean + half}


def _numeric(values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


class RuleExplorer(W.VBox):
    """Choose an option to vary, its values, games per value and a metric; Run simulates (Cancel stops)."""

    def __init__(self, game="flip7", players=3, seed: int = 0, games: int = 200, **kwargs):
        import plotly.graph_objects as go   # here, not at import: only this widget draws
        super().__init__(**kwargs)
        self.add_class("ck-explorer")
        self.add_class("ck-root")
        self.game_id = _game_id(game)
        self.players = players
        self.results: list[dict] = []
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        prob = optional_module(self.game_id, "prob")
        self.spec = getattr(prob, "EXPLORER", None) if prob else None
        self.status = W.HTML()
        self.status.add_class("ck-message")
        self.figure = None
        if not self.spec:
            self.status.value = '<div class="ck-note">This game has no rule explorer yet.</div>'
            self.children = [style_widget(), self.status]
            return
        options = self.spec["options"]
        self.help = {o.name: o.help for o in getattr(cardkit.make(self.game_id, seed=0), "option_specs", [])}
        self.help.setdefault("players", "number of players")
        self.option = W.Dropdown(options=list(options), description="Vary", layout=W.Layout(width="260px"))
        self.values = W.SelectMultiple(description="Values", rows=5, layout=W.Layout(width="260px"))
        self.option.observe(lambda _c: self._fill_values(), "value")
        self._fill_values()
        player_choices = list(self.spec.get("players") or [players])
        if players not in player_choices:
            player_choices.append(players)
        self.players_box = W.Dropdown(options=player_choices, value=players, description="Players",
                                      layout=W.Layout(width="200px"))
        self.games = W.IntSlider(value=games, min=10, max=5000, step=10, description="Games/value",
                                 continuous_update=False, style={"description_width": "initial"},
                                 layout=W.Layout(width="360px"))
        self.metric = W.Dropdown(options=[(label, column) for column, label in self.spec["metrics"].items()],
                                 description="Measure", layout=W.Layout(width="360px"))
        self.seed = W.IntText(value=seed, description="Seed", layout=W.Layout(width="200px"))
        self.run_button = W.Button(description="Run", icon="play", button_style="primary",
                                   tooltip="Simulate the games (bots play)", layout=W.Layout(width="auto"))
        self.cancel_button = W.Button(description="Cancel", icon="stop", disabled=True,
                                      tooltip="Stop the simulation", layout=W.Layout(width="auto"))
        self.run_button.add_class("ck-run")
        self.cancel_button.add_class("ck-cancel")
        self.run_button.on_click(lambda _b: self.run())
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Progress",
                                      layout=W.Layout(width="360px"))
        self.figure = go.FigureWidget(layout=go.Layout(
            height=440, margin=dict(l=70, r=20, t=60, b=60), font=dict(size=15),
            title="Press Run to simulate", xaxis_title=self.option.value, yaxis_title=""))
        self.figure.add_class("ck-plot")
        controls = W.HBox([W.VBox([self.option, self.values]),
                           W.VBox([self.players_box, self.games, self.metric, self.seed])],
                          layout=W.Layout(flex_flow="row wrap"))
        self.children = [style_widget(), controls,
                         W.HBox([self.run_button, self.cancel_button, self.progress],
                                layout=W.Layout(align_items="center", flex_flow="row wrap")),
                         self.status, self.figure]

    def _fill_values(self):
        values = list(self.spec["options"][self.option.value])
        self.values.options = [(str(v), v) for v in values]
        self.values.value = tuple(values)

    # -- running ---------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def run(self) -> None:
        """Start the simulation in a background thread (returns at once)."""
        if self.running:
            self.status.value = message_html("A simulation is already running.", "info")
            return
        values = list(self.values.value)
        if not values:
            self.status.value = message_html("Choose at least one value to try.", "warn")
            return
        job = dict(option=self.option.value, values=values, n=int(self.games.value), metric=self.metric.value,
                   players=int(self.players_box.value), seed=int(self.seed.value))
        self._cancel = threading.Event()
        self.progress.max = max(1, job["n"] * len(values))
        self.progress.value = 0
        self.progress.bar_style = ""
        self.run_button.disabled = True
        self.cancel_button.disabled = False
        self.status.value = message_html(f"Simulating {job['n']} games for each of {len(values)} values…", "info")
        self._thread = threading.Thread(target=self._work, kwargs=job, daemon=True, name="ck-explorer")
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()
        self.status.value = message_html("Cancelling…", "info")

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the run ends (tests, scripts); True when it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def _work(self, option, values, n, metric, players, seed):
        cancel = self._cancel
        results = []
        skipped = []
        try:
            simulate = sim_module().simulate
            for i, value in enumerate(values):
                if cancel.is_set():
                    break
                seats = value if option == "players" else players     # "players" may be the thing varied
                try:
                    game = cardkit.make(self.game_id, players=seats, seed=seed,
                                        **({} if option == "players" else {option: value}))
                except ValueError as exc:                              # e.g. too many cards for the seats
                    skipped.append(f"{value}: {exc}")
                    continue
                bots = self.spec["bots"](seats, seed)

                def progress(done, total, offset=i * n):
                    self.progress.value = min(self.progress.max, offset + int(done))

                frame = simulate(game, bots, n, seed, executor="inline", progress=progress, cancel=cancel)
                if cancel.is_set():
                    break                       # a value cut short is left out
                if metric not in frame:
                    raise ValueError(f"“{self.spec['metrics'].get(metric, metric)}” is not measured "
                                     f"with {seats} players")
                results.append({"value": value, **summarize(frame[metric].tolist())})
                self.progress.value = min(self.progress.max, (i + 1) * n)
        except ModuleNotFoundError as exc:
            return self._finish(results, option, metric, f"The simulator is not available here ({exc}).", "error")
        except Exception as exc:
            log.exception("explorer run failed")
            return self._finish(results, option, metric, f"The simulation stopped: {exc}", "error")
        left_out = f" Left out {'; '.join(skipped)}." if skipped else ""
        if cancel.is_set():
            self._finish(results, option, metric,
                         f"Cancelled: {len(results)} of {len(values)} values done.{left_out}", "warn")
        else:
            self._finish(results, option, metric, f"Done: {n} games for each of {len(results)} values.{left_out}",
                         "warn" if skipped else "info")

    def _finish(self, results, option, metric, text, kind):
        self.results = results
        try:
            self._plot(option, metric)
        finally:
            self.run_button.disabled = False
            self.cancel_button.disabled = True
            self.progress.bar_style = {"info": "success", "warn": "warning", "error": "danger"}[kind]
            self.status.value = message_html(text, kind)

    def _plot(self, option, metric):
        import plotly.graph_objects as go   # here, not at import: only this widget draws
        rows = self.results
        label = dict(self.spec["metrics"]).get(metric, metric)
        help_text = self.help.get(option)
        x_title = f"{option} ({help_text})" if help_text else option
        xs = [r["value"] for r in rows]
        means = [r["mean"] for r in rows]
        lows = [r["low"] for r in rows]
        highs = [r["high"] for r in rows]
        counts = [r["n"] for r in rows]
        traces = []
        if rows and _numeric(xs):
            traces = [
                go.Scatter(x=xs, y=highs, mode="lines", line=dict(width=0), showlegend=False, hoverinfo="skip",
                           name="upper"),
                go.Scatter(x=xs, y=lows, mode="lines", line=dict(width=0), fill="tonexty",
                           fillcolor="rgba(62,123,214,0.22)", name="95% confidence band", hoverinfo="skip"),
                go.Scatter(x=xs, y=means, mode="lines+markers", name=f"mean {label}", line=dict(color="#3e7bd6"),
                           customdata=list(zip(lows, highs, counts)),
                           hovertemplate="%{x}: %{y:.3g} (95%: %{customdata[0]:.3g}–%{customdata[1]:.3g}, "
                                         "%{customdata[2]} games)<extra></extra>"),
            ]
        elif rows:
            traces = [go.Scatter(x=[str(x) for x in xs], y=means, mode="markers", name=f"mean {label}",
                                 marker=dict(size=14, color="#3e7bd6"),
                                 error_y=dict(type="data", symmetric=False,
                                              array=[h - m for h, m in zip(highs, means)],
                                              arrayminus=[m - lo for m, lo in zip(means, lows)]))]
        with self.figure.batch_update():
            self.figure.data = []
            for trace in traces:
                self.figure.add_trace(trace)
            self.figure.layout.title = f"{label}<br><sup>by {option}: the mean, with its 95% confidence band</sup>"
            self.figure.layout.legend = dict(orientation="h", yanchor="top", y=-0.25, x=0)
            self.figure.layout.margin = dict(l=70, r=20, t=70, b=110)
            self.figure.layout.xaxis.title = x_title
            self.figure.layout.yaxis.title = label
