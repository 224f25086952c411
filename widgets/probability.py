"""ProbabilityPanel: the game's exact insights for the human seat and a chart of the next card."""
from __future__ import annotations

import html
import logging
from fractions import Fraction

import ipywidgets as W

from cardkit.insight import COUNT, EXPECTED, POINTS, PROBABILITY

from ._games import declared_part
from .lessons import lesson_style
from .plots import responsive_figure
from .style import style_widget

log = logging.getLogger("widgets")


def _number(value) -> str:
    """A number as it is: whole numbers plainly, fractions exactly and to two decimals."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value} ≈ {float(value):.2f}"
    if isinstance(value, float):
        return f"{value:.0f}" if value.is_integer() else f"{value:.2f}"
    return str(value)


def _points(value) -> str:
    unit = "point" if value == 1 else "points"
    return f"{_number(value)} {unit}"


def _probability(value) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value} ≈ {float(value):.1%}"
    return f"{float(value):.0%}" if float(value) in (0.0, 1.0) else f"{float(value):.1%}"


def _expected(value) -> str:
    shown = f"{float(value):.2f}".replace("-", "−")
    return f"{shown} point" if float(value) == 1 else f"{shown} points"


FORMATS = {PROBABILITY: _probability, COUNT: _number, POINTS: _points, EXPECTED: _expected}


def format_value(value, kind: str | None = None) -> str:
    """A figure shown as what it is: a probability as '12/79 ≈ 15.2%', a count as '1', points as
    '23 points', an expected value as '7.50 points'. Without a kind, a plain number."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if not isinstance(value, (int, float, Fraction)):
        return str(value)
    return FORMATS.get(kind, _number)(value)


def insights_html(items) -> str:
    """The ``Insight`` items of a game's ``prob.insights(view)`` as a table, each value shown as its kind says."""
    rows = "".join(
        f'<tr><td>{html.escape(str(i.title))}</td><td class="ck-value" data-kind="{html.escape(str(i.kind))}">'
        f'{html.escape(format_value(i.value, i.kind))}</td>'
        f'<td class="ck-note">{html.escape(str(i.why))}</td></tr>' for i in items)
    return (f'<div class="ck-scroll"><table class="ck-insights">{rows}</table></div>' if rows
            else '<div class="ck-note">Nothing to compute now.</div>')


class ProbabilityPanel(W.VBox):
    """Shows the game's declared ``insights(view)`` (the seat's view) and a bar chart of its ``next_card(state,
    seat)`` for the app's human seat; refreshes on every change of ``app`` (via ``app.on_change``)."""

    def __init__(self, app, **kwargs):
        import plotly.graph_objects as go   # here, not at import: only this widget draws
        super().__init__(**kwargs)
        self.add_class("ck-prob")
        self.add_class("ck-root")
        self.app = app
        self.insights_of = declared_part(app.game_id, "insights")      # insights(view), as declared
        self.next_card_of = declared_part(app.game_id, "next_card")    # next_card(state, seat), if declared
        self.title = W.HTML("<b>Probability corner</b>")
        self.insights = W.HTML()
        self.note = W.HTML()
        self.figure = None
        if self.insights_of is None and self.next_card_of is None:
            self.note.value = ('<div class="ck-note">This game has no probability notes yet: '
                               'play on, and count the cards yourself!</div>')
            self.children = [style_widget(), self.title, self.note]
            return
        self.figure = responsive_figure(height=320, title="What could the next card be?",
                                        xaxis_title="next card", yaxis_title="chance", yaxis_tickformat=".0%")
        self.figure.add_trace(go.Bar(x=[], y=[], marker_color="#3e7bd6", hovertemplate="%{x}: %{text}<extra></extra>"))
        self.children = [style_widget(), lesson_style(), self.title, self.insights, self.note, self.figure]
        app.on_change(self.refresh)
        self.refresh(app)

    def refresh(self, app=None) -> None:
        app = app or self.app
        turn = app.turn                      # the seat's view, made once per redraw of the app
        seat = turn.seat if turn is not None else None
        self.note.value = ""
        if seat is None:
            self.insights.value = '<div class="ck-note">No player to compute for.</div>'
            return
        state = app.shown_state
        try:
            items = list(self.insights_of(turn.view)) if self.insights_of else []
            self.insights.value = (f"<div>For {html.escape(turn.names[seat])}, from what they can see:</div>"
                                   + insights_html(items))
        except Exception as exc:
            log.exception("insights failed")
            self.insights.value = f'<div class="ck-note">No insights here ({html.escape(str(exc))}).</div>'
        try:
            dist = dict(self.next_card_of(state, seat)) if self.next_card_of else {}
        except Exception as exc:
            log.exception("next_card failed")
            dist = {}
            self.note.value = f'<div class="ck-note">No next-card chart here ({html.escape(str(exc))}).</div>'
        labels = [str(k) for k in dist]
        with self.figure.batch_update():
            bar = self.figure.data[0]
            bar.x = labels
            bar.y = [float(v) for v in dist.values()]
            bar.text = [format_value(v, PROBABILITY) for v in dist.values()]
            bar.textposition = "none"
        if not dist and not self.note.value:
            self.note.value = '<div class="ck-note">No card to draw right now.</div>'
