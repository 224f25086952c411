"""BackgroundRun: heavy work in a thread behind a Run button, with a progress bar and a Cancel
that stops at once and keeps what was done. The rule explorer and the lessons share it.

    run = BackgroundRun(lambda run: run.start(work, total=8000, on_result=plot), "Run the simulation")

    def work(task):                     # runs in the thread
        for n in range(8000):
            if task.cancelled:
                return
            task.emit(play_one(n))      # on_result(result) runs now, so a plot grows as results arrive
            task.advance()

Results arrive in order; ``run.results`` keeps them, also after Cancel.

Every run has a budget (``BUDGET``, per kernel, unless its owner gives one): so many seconds, and so
many megabytes added to the kernel's memory. A run over it stops as Cancel stops it, keeps what is
done, and says which limit it met: one visitor cannot hold a shared server's cores or memory.

Where Python has no threads (the browser's Pyodide, in the static site) the same work runs on the
page's event loop instead: each pause of the work (``task.cancelled``, ``advance``) hands the
browser a moment (Pyodide's ``time.sleep`` yields to the event loop), so the bar moves and Cancel
is heard just the same. A browser that cannot pause Python (no JavaScript promise integration)
runs the work in one go, and the page says that Cancel will wait for the end.
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from dataclasses import dataclass

import ipywidgets as W
import traitlets

from cardkit import i18n
from cardkit.i18n import N_, _

from ..ui.buttons import Button
from ..ui.style import message_html, style_widget

log = logging.getLogger("widgets")

#: How often the progress bar is redrawn at most (seconds): each redraw is a message to the page.
PROGRESS_EVERY = 0.1
#: How long the worker may hold the interpreter before it pauses for the kernel (seconds), so a
#: click on Cancel is heard while the work goes on.
PAUSE_EVERY = 0.02


@dataclass(frozen=True)
class Budget:
    """What one run may use of its kernel: ``seconds`` of wall time, and ``megabytes`` added to the
    kernel's resident memory (checked where it can be read: Linux)."""
    seconds: float = 180.0
    megabytes: float = 256.0


#: The budget of every run in this kernel whose owner gives none.
BUDGET = Budget()


def kernel_megabytes() -> float | None:
    """This process's resident memory (RSS) in MB; None where it cannot be read (not Linux, the browser)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class Task:
    """What the work function sees: ``cancelled``, ``advance``/``progress`` and ``emit``.
    ``stopped_by``: the limit of the run's budget that stopped it, in words (None until then)."""

    def __init__(self, run: "BackgroundRun", total: int, on_result, budget: Budget | None = None):
        self.run = run
        self.total = max(1, int(total))
        self.done = 0
        self.event = threading.Event()          # pass to code that takes a cancel event (simulate)
        self.budget = budget or BUDGET
        self.stopped_by: str | None = None
        self._on_result = on_result
        self._shown = 0.0
        self._started = self._paused = time.monotonic()
        self._base_megabytes = kernel_megabytes()

    @property
    def cancelled(self) -> bool:
        self._breathe()
        return self.event.is_set()

    def is_set(self) -> bool:
        """The task as a cancel event (``simulate(cancel=task)``) that also pauses for the page
        and stops at the budget."""
        return self.cancelled

    def wait(self, timeout: float | None = None) -> bool:
        """As ``threading.Event.wait``: block until cancelled (or stopped at the budget)."""
        return self.event.wait(timeout)

    def advance(self, steps: int = 1) -> None:
        self.progress(self.done + steps)

    def progress(self, done: int) -> None:
        """``done`` of ``total`` steps finished (the bar is redrawn a few times a second)."""
        self.done = min(self.total, int(done))
        now = time.monotonic()
        if now - self._shown >= PROGRESS_EVERY or self.done >= self.total:
            self._shown = now
            self.run.progress.value = self.done
        self._breathe()

    def emit(self, result) -> None:
        """Keep ``result`` and hand it to ``on_result`` at once (also a last, partial result after Cancel)."""
        self.run.results.append(result)
        if self._on_result is not None:
            self._on_result(result)

    def _breathe(self) -> None:
        # A busy thread holds the interpreter lock; a short sleep lets the kernel read the page's
        # messages (a click on Cancel) instead of waiting for the lock.
        now = time.monotonic()
        if now - self._paused >= PAUSE_EVERY:
            self._check_budget(now)
            time.sleep(0.002)
            self._paused = time.monotonic()

    def _check_budget(self, now: float) -> None:
        """Over its time or memory: the run stops as if cancelled, saying which limit it met."""
        if self.event.is_set():
            return
        if now - self._started > self.budget.seconds:
            self.stopped_by = _("the time limit of {s} s for one run").format(s=i18n.number(self.budget.seconds))
        elif self._base_megabytes is not None:
            grown = (kernel_megabytes() or self._base_megabytes) - self._base_megabytes
            if grown > self.budget.megabytes:
                self.stopped_by = _("the memory limit of {mb} MB for one run").format(mb=i18n.number(self.budget.megabytes))
        if self.stopped_by:
            log.warning("background run stopped at %s", self.stopped_by)
            self.event.set()


class BackgroundRun(W.VBox):
    """A Run button, a Cancel button, a progress bar and a status line for work done in a thread.

    ``on_run(run)`` is called when Run is pressed; it calls ``run.start(work, total, ...)`` (or
    shows why not with ``run.say``). ``running`` is a trait, so other widgets can follow it.
    """

    running = traitlets.Bool(False)

    def __init__(self, on_run=None, run_label: str = N_("Run"), cancel_label: str = N_("Cancel"),
                 tooltip: str = "", extra=(), **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-background-run")
        self.add_class("ck-root")
        self._on_run = on_run
        self.results: list = []
        self.outcome: str | None = None         # "done", "cancelled", "stopped" (its budget) or "error" at the end
        self.task: Task | None = None
        self._thread: threading.Thread | None = None
        # Cancel's "Stopping…" and the run's last words are written one at a time, so "Stopping…"
        # never comes after the end (reentrant: on the browser's event loop both run in one thread).
        self._ending = threading.RLock()
        self.run_button = Button(description=_(run_label), icon="play", button_style="primary",
                                 tooltip=_(tooltip or run_label), layout=W.Layout(width="auto"))
        self.cancel_button = Button(description=_(cancel_label), icon="stop", disabled=True,
                                    tooltip=_("Stop now and keep what is done"), layout=W.Layout(width="auto"))
        self.run_button.add_class("ck-run")
        self.cancel_button.add_class("ck-cancel")
        self.progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="240px", max_width="100%"))
        self.progress.add_class("ck-progress")
        self.status = W.HTML()
        self.status.add_class("ck-message")
        self.run_button.on_click(lambda _b: self.press_run())
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.children = [style_widget(),
                         W.HBox([*extra, self.run_button, self.cancel_button, self.progress],
                                layout=W.Layout(flex_flow="row wrap", align_items="center")),
                         self.status]

    # -- for the page ------------------------------------------------------------------------
    def press_run(self) -> None:
        if self.running:
            self.say(_("It is already running: wait, or press Cancel."), "info")
            return
        if self._on_run is not None:
            self._on_run(self)

    def say(self, text: str, kind: str = "info") -> None:
        self.status.value = message_html(text, kind) if text else ""

    # -- for the code that owns it -----------------------------------------------------------------
    def start(self, work, total: int, on_result=None, on_end=None, message: str = N_("Working…"),
              budget: Budget | None = None) -> None:
        """Run ``work(task)`` in a thread; ``on_result(result)`` for each ``task.emit``;
        ``on_end(outcome, run)`` when it ends ("done", "cancelled", "stopped" at the ``budget``
        (default ``BUDGET``) or "error"), returning the text to show."""
        if self.running:
            raise RuntimeError("a run is already going")
        self.results = []
        self.outcome = None
        self.task = task = Task(self, total, on_result, budget)
        self.progress.max = task.total
        self.progress.value = 0
        self.progress.bar_style = ""
        self.run_button.disabled = True
        self.cancel_button.disabled = False
        message = _(message)
        self.say(message, "info")
        self.running = True
        self._thread = threading.Thread(target=self._work, args=(task, work, on_end), daemon=True,
                                        name="ck-background-run")
        try:
            self._thread.start()
        except RuntimeError:                    # no threads here: run on the event loop (see above)
            self._thread = None
            if not can_pause():
                self.say(message + " " + _("This browser runs it in one go: Cancel waits for the end."), "info")
            asyncio.get_event_loop().call_soon(self._work, task, work, on_end)

    def cancel(self) -> None:
        """Stop at the next step; what is done stays in ``results``."""
        with self._ending:
            if self.task is not None and self.running and not self.task.event.is_set():
                self.cancel_button.disabled = True
                self.say(_("Stopping…"), "info")
                self.task.event.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the run has ended (tests, scripts); True when it has."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return not self.running                 # on the event loop: nothing to wait on from here

    def _work(self, task: Task, work, on_end) -> None:
        error = None
        try:
            work(task)
        except Exception as exc:            # shown on the page: a thread's error is lost otherwise
            log.exception("background run failed")
            error = exc
        with self._ending:
            self._end(task, error, on_end)

    def _end(self, task: Task, error, on_end) -> None:
        outcome = ("error" if error else "stopped" if task.stopped_by else "cancelled" if task.event.is_set()
                   else "done")
        self.outcome = outcome
        if outcome == "done":
            self.progress.value = self.progress.max
        done, total = i18n.number(task.done), i18n.number(task.total)
        text = {"done": _("Done."),
                "cancelled": _("Cancelled: kept what was done ({done} of {total}).").format(done=done, total=total),
                "stopped": _("Stopped at {limit}: kept what was done ({done} of {total}).").format(
                    limit=task.stopped_by, done=done, total=total),
                "error": _("It stopped: {why}").format(why=error)}[outcome]
        try:
            if on_end is not None:
                text = on_end(outcome, self) or text
        except Exception as exc:
            log.exception("background run: on_end failed")
            outcome, text = "error", _("It stopped: {why}").format(why=exc)
        self.progress.bar_style = {"done": "success", "cancelled": "warning", "stopped": "warning",
                                   "error": "danger"}[outcome]
        self.say(text, {"done": "info", "cancelled": "warn", "stopped": "warn", "error": "error"}[outcome])
        self.run_button.disabled = False
        self.cancel_button.disabled = True
        self.running = False


def can_pause() -> bool:
    """Whether work on Pyodide's event loop can pause for the page (outside Pyodide: threads do)."""
    try:
        from pyodide.ffi import can_run_sync
    except ImportError:
        return True
    from js import WebAssembly                  # JavaScript promise integration (JSPI)
    return hasattr(WebAssembly, "Suspending") or can_run_sync()


__all__ = ["BackgroundRun", "Task", "Budget", "BUDGET"]
