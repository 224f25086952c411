"""Plots that fit their box: on a phone (390 px), in a notebook and on a projector."""
from __future__ import annotations

import sys
import textwrap

BLUE = "#3e7bd6"
BAND = "rgba(62,123,214,0.22)"


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


__all__ = ["graph_objects", "responsive_figure", "wrapped", "BLUE", "BAND"]
