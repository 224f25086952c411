"""Widgets taken off the page stay alive a while before Python lets them go.

ipywidgets closes a widget that Python forgets, and the page may still be drawing an update that
names it: the view then fails with "widget model not found" (on a busy server the page can lag
seconds behind the kernel). So whatever is replaced is kept for a minute first.
"""
from __future__ import annotations

import time
from collections import deque

KEEP_SECONDS = 60.0

_kept: deque = deque()


def retire(widgets) -> None:
    """Keep ``widgets``, just taken off the page, from being closed for ``KEEP_SECONDS``."""
    now = time.monotonic()
    _kept.append((now, tuple(widgets)))
    while now - _kept[0][0] > KEEP_SECONDS:
        _kept.popleft()
