"""Plots that fit their box: on a phone (390 px), in a notebook and on a projector."""
from __future__ import annotations

import html
import sys
import textwrap
import threading
import time

import ipywidgets as W

from cardkit import i18n
from cardkit.i18n import _

from ..ui.style import BAND, BLUE  # noqa: F401 (re-exported)


def graph_objects():
    """``plotly.graph_objects``, imported when a plot is first drawn (pages without one never load plotly).

    plotly imports nbformat, whose jsonschema imports ``rfc3987_syntax`` when it is installed: it builds
    a grammar at import, about 1 s of CPU (4 s and more on a busy server) for checking IRIs, which a
    kernel drawing plots never does. It is kept out (jsonschema then skips those two formats)."""
    sys.modules.setdefault("rfc3987_syntax", None)
    import plotly.graph_objects as go
    return go


def responsive_figure(height: int = 400, **layout):
    """A FigureWidget as wide as its box, never wider: plotly's autosize, no fixed width.

    Make it once and update its traces: every new FigureWidget sends plotly.js to the page again.
    """
    base = dict(autosize=True, height=height, font=dict(size=15), margin=dict(l=60, r=16, t=60, b=50),
                legend=dict(orientation="h", yanchor="top", y=-0.2, x=0), title=dict(x=0, xanchor="left"))
    base.update(layout)
    figure = graph_objects().FigureWidget(layout=base)
    figure.layout.width = None
    figure.add_class("ck-plot")
    figure.add_class("ck-fit")
    return figure


def wrapped(text: str, width: int = 32) -> str:
    """``text`` broken into lines of at most ``width`` characters for a plot title: plotly never
    wraps titles, so a long one runs off a phone's screen."""
    return "<br>".join(textwrap.wrap(text, width)) or text




# -- a light chart for the lessons: SVG drawn here, no plotting library in the page ---------------------------------
#: The lessons' chart redraws at most this often (seconds) while a simulation feeds it; the first
#: drawing goes out at once, and ``flush()`` draws the last.
REDRAW_EVERY = 0.25
#: The first drawings of a run come sooner: after this many seconds, then twice as long each time up to
#: REDRAW_EVERY, so the first points show small and early and later ones come in batches.
FIRST_GAP = 0.02
#: A line keeps at most this many points (evenly picked, the last always): more than the chart's
#: pixels would show, and each redraw is a message to the page.
MAX_POINTS = 300
PALETTE = (BLUE, "#e07b00", "#2a9d5b", "#8e44ad", "#1f2933")
_W, _L, _R, _T, _B = 640, 78, 22, 14, 60          # the drawing's width and margins, in its own units


def _nice_ticks(low: float, high: float, step: float | None = None, count: int = 6) -> list[float]:
    """Round tick values between ``low`` and ``high``: steps of 1, 2 or 5 times a power of ten."""
    import math
    if high <= low:
        high = low + 1
    if not step:
        raw = (high - low) / count
        power = 10 ** math.floor(math.log10(raw))
        step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step - 1e-9)
    return [round(k * step, 10) for k in range(first, int(math.floor(high / step + 1e-9)) + 1)]


def _snapshot(line):
    """A line's points as they are now, of one length (a simulation's thread may be appending to them)."""
    xs, ys, errors = list(line["x"]), list(line["y"]), line["error"]
    errors = list(errors) if errors is not None else None
    n = min(len(xs), len(ys), len(errors) if errors is not None else len(xs))
    return xs[:n], ys[:n], errors[:n] if errors is not None else None


def _thinned(xs, ys, errors):
    if len(xs) <= MAX_POINTS:
        return list(xs), list(ys), list(errors) if errors is not None else None
    keep = sorted({round(i * (len(xs) - 1) / (MAX_POINTS - 1)) for i in range(MAX_POINTS)})
    return ([xs[i] for i in keep], [ys[i] for i in keep],
            [errors[i] for i in keep] if errors is not None else None)


class LinePlot(W.VBox):
    """A line and marker chart for the lessons, drawn as SVG by Python: the page needs no plotting
    library, so the first plot appears at once instead of freezing the tab for seconds while plotly.js
    (5 MB) loads. A simulation may feed it as fast as it likes: it draws at once the first time, then
    after ``FIRST_GAP`` seconds, twice that, … up to every ``REDRAW_EVERY`` seconds; ``flush()`` draws
    what came last, ``start_over()`` makes a new run's first points show at once again.

        plot = LinePlot(title=..., x_title=..., y_title=..., y_percent=True, y_range=(0, 1))
        plot.add_line("exact", "exact average", mode="lines", dash=True)
        plot.set("exact", xs, ys)            # error=[...] for a ± bar at each point
    """

    def __init__(self, title: str = "", x_title: str = "", y_title: str = "", y_percent: bool = False,
                 x_range=None, y_range=None, x_step=None, height: int = 340):
        self.heading = W.HTML()
        self.drawing = W.HTML()
        self.legend = W.HTML()
        super().__init__([self.heading, self.drawing, self.legend], layout=W.Layout(width="100%"))
        self.add_class("ck-plot")
        self.add_class("ck-svg-plot")
        self.x_title, self.y_title, self.y_percent = x_title, y_title, y_percent
        self.x_range, self.y_range, self.x_step, self.height = x_range, y_range, x_step, height
        self.lines: dict[str, dict] = {}
        self.drawn = 0                      # how many times it was drawn: each is a message to the page
        self._last = None                   # when it was last drawn (time.monotonic)
        self._early = 0                     # drawings since the start: the first come quicker
        self._pending = False
        self._lock = threading.Lock()       # a simulation's thread and the kernel may both draw
        self.title = title

    @property
    def title(self) -> str:
        return self._title

    @title.setter
    def title(self, text: str) -> None:
        self._title = text = _(text)
        self.heading.value = f'<div class="ck-plot-title" style="font-weight:700;font-size:17px">{html.escape(text)}</div>'

    def add_line(self, key: str, name: str, mode: str = "lines+markers", dash: bool = False, symbol: str = "circle",
                 color: str | None = None) -> None:
        """A line (``mode``: "lines", "markers" or "lines+markers"), drawn in the order added."""
        self.lines[key] = dict(name=name, mode=mode, dash=dash, symbol=symbol, x=[], y=[], error=None,
                               color=color or PALETTE[len(self.lines) % len(PALETTE)])
        self._draw_legend()

    def set(self, key: str, x, y, error=None, name: str | None = None, now: bool = False) -> None:
        """New points for line ``key`` (``error``: the ± half-width at each point); redrawn at once the
        first time and when ``now``, otherwise at most every ``REDRAW_EVERY`` seconds."""
        line = self.lines[key]
        line["x"], line["y"], line["error"] = x, y, error      # read when drawn: no copy per point fed
        if name is not None and name != line["name"]:
            line["name"] = name
            self._draw_legend()
        self._pending = True
        wait = min(REDRAW_EVERY, FIRST_GAP * 2 ** max(0, self._early - 1))     # 0.02, 0.04 … s, then REDRAW_EVERY
        if now or self._last is None or time.monotonic() - self._last >= wait:
            self.flush()
            self._early += 1

    def start_over(self) -> None:
        """The next ``set`` draws at once: a new run's first points show without waiting."""
        self._last = None
        self._early = 0

    def flush(self) -> None:
        """Draw what was set since the last drawing, now."""
        with self._lock:
            if not self._pending:
                return
            self._pending = False
            self._last = time.monotonic()
            self.drawing.value = self.svg()
            self.drawn += 1

    def _draw_legend(self) -> None:
        items = []
        for line in self.lines.values():
            dash = "dashed" if line["dash"] else "solid"
            mark = (f'<span style="display:inline-block;width:22px;border-top:3px {dash} {line["color"]};'
                    f'vertical-align:middle"></span>' if "lines" in line["mode"] else
                    f'<span style="color:{line["color"]};font-weight:700">{"×" if line["symbol"] == "x" else "●"}</span>')
            items.append(f'<span style="margin-right:16px;white-space:nowrap">{mark} {html.escape(_(line["name"]))}</span>')
        self.legend.value = f'<div class="ck-plot-legend" style="font-size:15px;display:flex;flex-wrap:wrap">{"".join(items)}</div>'

    def _ranges(self):
        lines = [_snapshot(line) for line in self.lines.values()]
        xs = [v for x, _y, _error in lines for v in x]
        ys = []
        for _x, y, error in lines:
            for v, e in zip(y, error or [0] * len(y)):
                ys += [v - (e or 0), v + (e or 0)]
        x0, x1 = self.x_range or ((min(xs), max(xs)) if xs else (0, 1))
        if not self.x_range:                    # room for the first and last markers
            x0, x1 = x0 - (x1 - x0) * 0.03, x1 + (x1 - x0) * 0.03
        if self.y_range:
            y0, y1 = self.y_range
        else:
            y0, y1 = (min(ys), max(ys)) if ys else (0, 1)
            pad = (y1 - y0) * 0.08 or abs(y1) * 0.1 or 1
            y0, y1 = y0 - pad, y1 + pad
        if x1 == x0:
            x0, x1 = x0 - 1, x1 + 1
        return x0, x1, y0, y1

    def svg(self) -> str:
        """The chart as an SVG element, as wide as its box (its text stays readable on a phone)."""
        height = self.height
        x0, x1, y0, y1 = self._ranges()
        inner_w, inner_h = _W - _L - _R, height - _T - _B

        def px(x):
            return _L + (x - x0) / (x1 - x0) * inner_w

        def py(y):
            return _T + (1 - (y - y0) / (y1 - y0)) * inner_h

        parts = [f'<rect x="{_L}" y="{_T}" width="{inner_w}" height="{inner_h}" fill="#f7f9fc" stroke="#c9ced6"/>']
        for t in _nice_ticks(y0, y1):
            label = i18n.percent(t) if self.y_percent else i18n.number(t)
            parts.append(f'<line x1="{_L}" x2="{_W - _R}" y1="{py(t):.1f}" y2="{py(t):.1f}" stroke="#e1e5ea"/>'
                         f'<text x="{_L - 6}" y="{py(t) + 5:.1f}" text-anchor="end">{label}</text>')
        for t in _nice_ticks(x0, x1, self.x_step):
            parts.append(f'<text x="{px(t):.1f}" y="{_T + inner_h + 22}" text-anchor="middle">{i18n.number(t)}</text>')
        parts.append(f'<text x="{_L + inner_w / 2}" y="{height - 8}" text-anchor="middle">{html.escape(_(self.x_title))}</text>'
                     f'<text transform="translate(20 {_T + inner_h / 2}) rotate(-90)" text-anchor="middle">'
                     f'{html.escape(_(self.y_title))}</text>')
        for line in self.lines.values():
            xs, ys, errors = _thinned(*_snapshot(line))
            color, points = line["color"], [(px(x), py(y)) for x, y in zip(xs, ys)]
            if errors:
                for (x, _y), y, e in zip(points, ys, errors):
                    if e:
                        top, bottom = py(y + e), py(y - e)
                        parts.append(f'<path d="M{x:.1f} {top:.1f}V{bottom:.1f}M{x - 5:.1f} {top:.1f}h10'
                                     f'M{x - 5:.1f} {bottom:.1f}h10" stroke="{color}" stroke-width="1.5" fill="none"/>')
            if line["mode"] == "lines" and len(points) == 1:       # a line's first point: a dot
                parts.append(f'<circle cx="{points[0][0]:.1f}" cy="{points[0][1]:.1f}" r="3" fill="{color}"/>')
            if "lines" in line["mode"] and len(points) > 1:
                dash = ' stroke-dasharray="8 6"' if line["dash"] else ""
                path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
                parts.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2.5"{dash}/>')
            if "markers" in line["mode"]:
                for x, y in points:
                    parts.append(f'<path d="M{x - 5:.1f} {y - 5:.1f}l10 10m0 -10l-10 10" stroke="{color}" '
                                 f'stroke-width="2.5"/>' if line["symbol"] == "x" else
                                 f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" fill="{color}"/>')
        return (f'<svg viewBox="0 0 {_W} {height}" width="100%" role="img" aria-label="{html.escape(self._title)}" '
                f'style="max-width:min(100%, 760px);height:auto;font-size:19px;font-family:inherit;fill:#323f4b">'
                f'{"".join(parts)}</svg>')


__all__ = ["LinePlot", "graph_objects", "responsive_figure", "wrapped", "BLUE", "BAND"]
