"""Widgets taken off the page are closed, a minute later.

ipywidgets keeps every widget it makes (in ``ipywidgets.widgets.widget._instances``) until the
widget is closed, so a page that makes new buttons on every move grows for ever unless what leaves
the page is closed. Closing at once is not safe either: the page may still be drawing an update
that names the widget (on a busy server it lags seconds behind the kernel), and would show
"widget model not found". So ``retire`` keeps what left the page for ``KEEP_SECONDS`` (at most
``KEEP_MOST`` widgets: no page lags that far), then closes it with its parts (children, layout,
style), except what a widget still open shows (the shared CSS widget, a reused panel). Closing
looks through every open widget, so it is done in batches: every ``SWEEP_EVERY`` seconds, or down to
half of ``KEEP_MOST`` once that many wait.
"""
from __future__ import annotations

import threading
import time
from collections import deque

from ipywidgets import Widget
from ipywidgets.widgets.widget import _instances

KEEP_SECONDS = 60.0
KEEP_MOST = 500           # widgets waiting to be closed; past this the oldest are closed sooner
SWEEP_EVERY = 10.0

#: The clock retirements are timed by (a bench or a test may run it faster).
clock = time.monotonic


class Retirements:
    """The widgets that left the page, oldest first, each batch with the time it left; closed once
    their time is up. One per kernel (``RETIRED``): a page's widgets all live in ipywidgets' one
    registry, and a background run may retire widgets too (hence the lock)."""

    def __init__(self):
        self.batches: deque = deque()     # (when, widgets) in the order they were retired
        self.waiting = 0                  # widgets in batches
        self.lock = threading.RLock()

    def retire(self, widgets) -> None:
        now = clock()
        widgets = tuple(w for w in widgets if isinstance(w, Widget))
        with self.lock:
            if widgets:
                self.batches.append((now, widgets))
                self.waiting += len(widgets)
            if self.batches and (now - self.batches[0][0] > KEEP_SECONDS + SWEEP_EVERY or self.waiting > KEEP_MOST):
                self.sweep(now)

    def sweep(self, now: float | None = None, everything: bool = False) -> int:
        now = clock() if now is None else now
        with self.lock:
            due = []
            batches = self.batches
            while batches and (everything or now - batches[0][0] > KEEP_SECONDS or self.waiting > KEEP_MOST // 2):
                _when, batch = batches.popleft()
                self.waiting -= len(batch)
                due.extend(batch)
            return close_unused(due) if due else 0


RETIRED = Retirements()


def retire(widgets) -> None:
    """``widgets`` have left the page for good: close them (and their parts) once their time is up."""
    RETIRED.retire(widgets)


def replace_children(box, children) -> None:
    """Show ``children`` in ``box``; those that left it are retired (only for children dropped for good)."""
    children = tuple(children)
    gone = [w for w in box.children if w not in children]
    box.children = children
    retire(gone)


def sweep(now: float | None = None, everything: bool = False) -> int:
    """Close the retired widgets whose time is up (``everything``: all of them); returns how many closed."""
    return RETIRED.sweep(now, everything)


def _parts(widget):
    """The widgets ``widget`` shows or is drawn with: its children, its layout, its style."""
    for name in ("layout", "style"):
        part = widget._trait_values.get(name)
        if isinstance(part, Widget):
            yield part
    yield from (c for c in widget._trait_values.get("children", ()) if isinstance(c, Widget))


def close_unused(widgets) -> int:
    """Close ``widgets`` and their parts, except those that a widget not closed here still shows
    (and the parts of those). Returns how many were closed."""
    doomed, stack = {}, list(widgets)
    while stack:
        widget = stack.pop()
        if widget.comm is not None and id(widget) not in doomed:
            doomed[id(widget)] = widget
            stack.extend(_parts(widget))
    used = [part for widget in list(_instances.values()) if id(widget) not in doomed for part in _parts(widget)]
    stack = [part for part in used if id(part) in doomed]
    while stack:                                  # still shown: it and its parts stay open
        widget = doomed.pop(id(stack.pop()), None)
        if widget is not None:
            stack.extend(part for part in _parts(widget) if id(part) in doomed)
    for widget in doomed.values():
        widget.close()
    return len(doomed)


def waiting() -> int:
    """How many retired widgets wait to be closed."""
    return RETIRED.waiting
