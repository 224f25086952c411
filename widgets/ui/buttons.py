"""A button the page cannot press while it is disabled.

ipywidgets runs a button's click handlers for every click message the page sends, even while the
button is disabled: a forged message (or a second click that raced the redraw) runs them all the
same. ``Button`` drops a click from the page while it is disabled; ``click()`` from Python still
runs the handlers. Every button in ``widgets`` is one.
"""
from __future__ import annotations

import logging

import ipywidgets as W
import traitlets

log = logging.getLogger("widgets")


class Button(W.Button):
    """``ipywidgets.Button`` whose clicks from the page count only while it is enabled.
    ``focus_pending``: the keyboard focus waits for the page to draw it (``actions.request_focus``)."""

    focus_pending = traitlets.Bool(False, help="give it the focus once the page reports its view")

    def _handle_button_msg(self, _widget, content, buffers):
        if self.disabled:
            log.info("a click on the disabled button %r was ignored", self.description)
            return
        super()._handle_button_msg(_widget, content, buffers)


__all__ = ["Button"]
