"""ProbabilityPanel: the game's exact insights for the human seat and a chart of the next card."""
from __future__ import annotations

import html
import logging
from fractions import Fraction

import ipywidgets as W

from ._games import optional_module
from .style import style_widget

log = logging.getLogger("widgets")


def format_value(value) -> str:
    """Fractions exactly and approximately: '12/79 ≈ 15.2%' for a probability, '15/2 ≈ 7.50' otherwise."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        exact = str(value)
        if 0 <= value <= 1:
            return f"{exact} ≈ {float(value):.1%}" if value.denominator != 1 else f"{float(value):.0%}"
        return f"{exact} ≈ {float(value):.2f}" if value.denominator != 1 else exact
    if isinstance(value, float):
        return f"{value:.1%}" if 0 <= value <= 1 else f"{value:.2f}"
    return html.escape(str(value)) if not isinstance(value, str) else value


def insights_html(items) -> str:
    rows = "".join(
        f'<tr><td>{html.escape(str(title))}</td><td class="ck-value">{html.escape(format_value(value))}</td>'
        f'<td class="ck-note">{html.escape(str(why))}</td></tr>' for title, value, why in items)
    return f'<table class="ck-insights">{rows}</table>' if rows else '<div class="ck-note">Nothing to compute now.</div>'


class ProbabilityPanel(W.VBox):
    """Shows ``prob.insights(state, seat)`` and a bar chart of ``prob.next_card(state, seat)`` for the app's
    human seat; refreshes on every change of ``app`` (via ``app.on_change``)."""

    def __init__(self, app, **kwargs):
        import plotly.graph_objects as go   # here, not at import: only this widget draws
        super().__init__(**kwargs)
        self.add_class("ck-prob")
        self.add_class("ck-root")
        self.app = app
        self.prob = optional_module(app.game_id, "prob")
        self.title = W.HTML("<b>Probability corner</b>")
        self.insights = W.HTML()
        self.note = W.HTML()
        self.figure = None
        if self.prob is None:
            self.note.value = ('<div class="ck-note">This game has no probability notes yet: '
                               'play on, and count the cards yourself!</div>')
            self.children = [style_widget(), self.title, self.note]
            return
        self.figure = go.FigureWidget(
            data=[go.Bar(x=[], y=[], marker_color="#3e7bd6", hovertemplate="%{x}: %{text}<extra></extra>")],
            layout=go.Layout(title="What could the next card be?", height=320, margin=dict(l=60, r=20, t=50, b=60),
                             xaxis_title="next card", yaxis_title="chance", yaxis_tickformat=".0%",
                             font=dict(size=15)))
        self.figure.add_class("ck-plot")
        self.children = [style_widget(), self.title, self.insights, self.note, self.figure]
        app.on_change(self.refresh)
        self.refresh(app)

    def refresh(self, app=None) -> None:
        app = app or self.app
        state, seat = app.shown_state, app.seat
        self.note.value = ""
        if state is None or seat is None:
            self.insights.value = '<div class="ck-note">No player to compute for.</div>'
            return
        try:
            items = list(self.prob.insights(state, seat)) if hasattr(self.prob, "insights") else []
            self.insights.value = (f"<div>For {html.escape(state.name(seat))}, from what they can see:</div>"
                                   + insights_html(items))
        except Exception as exc:
            log.exception("insights failed")
            self.insights.value = f'<div class="ck-note">No insights here ({html.escape(str(exc))}).</div>'
        try:
            dist = dict(self.prob.next_card(state, seat)) if hasattr(self.prob, "next_card") else {}
        except Exception as exc:
            log.exception("next_card failed")
            dist = {}
            self.note.value = f'<div class="ck-note">No next-card chart here ({html.escape(str(exc))}).</div>'
        labels = [str(k) for k in dist]
        with self.figure.batch_update():
            bar = self.figure.data[0]
            bar.x = labels
            bar.y = [float(v) for v in dist.values()]
            bar.text = [format_value(v) for v in dist.values()]
            bar.textposition = "none"
        if not dist and not self.note.value:
            self.note.value = '<div class="ck-note">No card to draw right now.</div>'
