"""ProbabilityPanel: the game's exact insights for the human seat and a chart of the next card.

The chart is HTML bars, not a plot: it opens at once (no plotting library to import in the kernel,
no 5 MB of plotly.js for the page to load), and each bar says its chance in words, formatted as
every other figure of the corner is (``format_value``)."""
from __future__ import annotations

import html
import logging
from fractions import Fraction

import ipywidgets as W

from cardkit import i18n
from cardkit.core.events import render
from cardkit.i18n import N_, _, ngettext
from cardkit.insight import COUNT, EXPECTED, POINTS, PROBABILITY

from ..ui.declared import declared_part
from ..ui.language import follow_language, said
from ..ui.style import BLUE, lesson_style, style_widget

log = logging.getLogger("widgets")


def _number(value) -> str:
    """A number as it is: whole numbers plainly, fractions exactly and to two decimals."""
    if isinstance(value, Fraction):
        return (i18n.number(value.numerator) if value.denominator == 1
                else f"{value} ≈ {i18n.number(float(value), 2)}")
    if isinstance(value, float):
        return i18n.number(value, 0) if value.is_integer() else i18n.number(value, 2)
    return i18n.number(value) if isinstance(value, int) else str(value)


def _count(value) -> str:
    """A count: a whole number, or an average count to one decimal ('15.9'), never a fraction."""
    return i18n.number(int(value)) if value == int(value) else i18n.number(float(value), 1)


def _points(value) -> str:
    return ngettext("{n} point", "{n} points", 1 if value == 1 else 2).format(n=_number(value))


def _probability(value) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value} ≈ {i18n.percent(float(value), 1)}"
    return i18n.percent(float(value)) if float(value) in (0.0, 1.0) else i18n.percent(float(value), 1)


def _expected(value) -> str:
    shown = i18n.number(float(value), 2).replace("-", "−")
    return ngettext("{n} point", "{n} points", 1 if float(value) == 1 else 2).format(n=shown)


FORMATS = {PROBABILITY: _probability, COUNT: _count, POINTS: _points, EXPECTED: _expected}


def format_value(value, kind: str | None = None) -> str:
    """A figure shown as what it is: a probability as '12/79 ≈ 15.2%', a count as '1', points as
    '23 points', an expected value as '7.50 points', an average count as '15.9'. Without a kind, a plain
    number. The one format of every figure in every game's corner."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if not isinstance(value, (int, float, Fraction)):
        return str(value)
    return FORMATS.get(kind, _number)(value)


def insights_html(items) -> str:
    """The ``Insight`` items of a game's ``prob.insights(view)`` as a table, each value shown as its kind says."""
    rows = "".join(
        f'<tr><td>{html.escape(said(i.title))}</td><td class="ck-value" data-kind="{html.escape(str(i.kind))}">'
        f'{html.escape(format_value(i.value, i.kind))}</td>'
        f'<td class="ck-note">{html.escape(said(i.why))}</td></tr>' for i in items)
    return (f'<div class="ck-scroll"><table class="ck-insights">{rows}</table></div>' if rows
            else _note(N_("Nothing to compute now.")))


def _note(message: str, **values) -> str:
    return f'<div class="ck-note">{html.escape(_(message).format(**values))}</div>'


#: The chart's caption: what every game's ``next_card(state, seat)`` gives, the outcomes of the next card.
CHART_TITLE = N_("Your next card: the chance of each outcome")


def chart_html(dist) -> str:
    """``next_card``'s outcome -> chance as a bar chart in HTML: each outcome, a bar as long as its
    chance and the chance in words. '' when there is nothing to show: no card to take, every chance
    0, or one outcome certain (the figures above say it; a single full bar adds nothing)."""
    chances = {str(k): v for k, v in dist.items()}
    if not chances or not any(chances.values()) or max(chances.values()) == 1:
        return ""
    rows = "".join(
        f'<tr><th scope="row" style="text-align:left;font-weight:400;font-size:16px;padding:3px 10px 3px 0">{html.escape(_(label))}</th>'
        f'<td class="ck-bar-cell"><div class="ck-bar" style="width:{100 * float(v):.1f}%;'
        f'min-width:{2 if v else 0}px;height:16px;background:{BLUE};border-radius:3px"></div></td>'
        f'<td class="ck-value" data-kind="{PROBABILITY}">{html.escape(format_value(v, PROBABILITY))}</td></tr>'
        for label, v in chances.items())
    return (f'<table class="ck-next-card ck-insights" style="width:100%;max-width:640px">'
            f'<caption style="text-align:left;font-weight:700;padding:8px 0 4px 0">{html.escape(_(CHART_TITLE))}</caption>'
            f'<colgroup><col style="width:34%"><col style="width:36%"><col></colgroup>{rows}</table>')


class ProbabilityPanel(W.VBox):
    """Shows the game's declared ``insights(view)`` (the seat's view) and a bar chart of its ``next_card(state,
    seat)`` for the app's human seat; refreshes on every change of ``app`` (via ``app.on_change``).
    Once the game is over it says so and shows nothing more: there is nothing left to compute."""

    def __init__(self, app, **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-prob")
        self.add_class("ck-root")
        self.app = app
        self.insights_of = declared_part(app.game_id, "insights")      # insights(view), as declared
        self.next_card_of = declared_part(app.game_id, "next_card")    # next_card(state, seat), if declared
        self.title = W.HTML()
        self.insights = W.HTML()
        self.note = W.HTML()
        self.chart = W.HTML()
        self.chart.add_class("ck-chart")
        if self.insights_of is None and self.next_card_of is None:
            follow_language(self._no_notes, owner=self)
            self._no_notes()
            self.children = [style_widget(), self.title, self.note]
            return
        self.children = [style_widget(), lesson_style(), self.title, self.insights, self.note, self.chart]
        app.on_change(self.refresh)
        follow_language(self.refresh, owner=self)
        self.refresh(app)

    def _no_notes(self) -> None:
        self.title.value = f"<b>{html.escape(_('Probability corner'))}</b>"
        self.note.value = _note(N_("This game has no probability notes yet: play on, and count the cards yourself!"))

    def refresh(self, app=None) -> None:
        app = app or self.app
        self.title.value = f"<b>{html.escape(_('Probability corner'))}</b>"
        turn = app.turn                      # the seat's view, made once per redraw of the app
        seat = turn.seat if turn is not None else None
        self.note.value = ""
        self.chart.value = ""
        if seat is None:
            self.insights.value = _note(N_("No player to compute for."))
            return
        state = app.shown_state
        if state.is_over:
            self.insights.value = _note(N_("The game is over: there is nothing left to compute."))
            return
        try:
            items = list(self.insights_of(turn.view)) if self.insights_of else []
            # "For you, from what you can see:" to the page's one person; seats by name in hot-seat
            whom = render(N_("For {p}, from what {p:they} can see:"), (seat,), getattr(app, "reader", None))
            self.insights.value = f"<div>{html.escape(whom)}</div>" + insights_html(items)
        except Exception as exc:
            log.exception("insights failed")
            self.insights.value = _note(N_("No insights here ({error})."), error=exc)
        if self.next_card_of is None:
            return
        try:
            dist = dict(self.next_card_of(state, seat))
        except Exception as exc:
            log.exception("next_card failed")
            self.note.value = _note(N_("No next-card chart here ({error})."), error=exc)
            return
        self.chart.value = chart_html(dist)
        if not dist:
            self.note.value = _note(N_("No card to take right now."))
