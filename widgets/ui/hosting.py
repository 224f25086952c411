"""Hosting helpers: who may open the teacher view, the visitor's request in Voila's preheated
kernels (the notebooks' last cell), and no tracebacks sent to a page."""
from __future__ import annotations

import hmac
import logging
import os
import sys
import urllib.parse

log = logging.getLogger("widgets")

TEACHER_KEY = "CARDKIT_TEACHER_KEY"    # the host's secret: a page opened with ?teacher=<it> has the teacher view
TEACHER_VIEW = "CARDKIT_TEACHER_VIEW"  # "on": every page has it (a teacher's own laptop); off by default

#: More ways to accept a teacher's key (e.g. the class rooms' keys): callables ``key -> bool``.
teacher_key_checks: list = []

_visitor_known = False
_on_visitor: list = []
_teacher_view_followers: list = []


class PageHooks:
    """Who hears what the parts of a page do: ``new_app`` callables ``(app)`` each GameApp made,
    ``answer`` callables ``(question, choice)`` each choice a student makes. The page's class bar
    listens here (it follows the page's games and posts its answers), so the games and lessons need
    not know of class rooms. A GameApp or a Question takes the hooks it is given, else the page's own
    (``page_hooks()``: one per kernel, as a Voila page is one kernel)."""

    def __init__(self):
        self.new_app: list = []
        self.answer: list = []

    @staticmethod
    def listen(hooks: list, callback) -> None:
        """Add ``callback`` to ``hooks`` (one of the lists above) once."""
        if callback not in hooks:
            hooks.append(callback)


_page_hooks = PageHooks()


def page_hooks() -> PageHooks:
    """This page's hooks (see ``PageHooks``)."""
    return _page_hooks


def page_parameter(name: str) -> str | None:
    """One parameter of the page's address (``?teacher=…``): Voila hands its query string to the
    kernel as QUERY_STRING (a preheated kernel learns it in ``wait_for_visitor``)."""
    values = urllib.parse.parse_qs(os.environ.get("QUERY_STRING", "")).get(name)
    return values[-1] if values else None


def host_teacher_view_allowed() -> bool:
    """The host's own say: CARDKIT_TEACHER_VIEW=on, or the page opened with the host's key
    (``?teacher=<CARDKIT_TEACHER_KEY>``). A class's key is not enough (``teacher_view_allowed``)."""
    if os.environ.get(TEACHER_VIEW, "").strip().lower() in ("on", "1", "true", "yes"):
        return True
    given = page_parameter("teacher")
    expected = os.environ.get(TEACHER_KEY, "")
    return bool(given and expected and hmac.compare_digest(given.encode(), expected.encode()))


def teacher_view_allowed() -> bool:
    """May this page show every card? Only when the host turns it on for every page
    (CARDKIT_TEACHER_VIEW=on) or the page was opened with the teacher's key (``?teacher=<key>``,
    equal to CARDKIT_TEACHER_KEY or accepted by a ``teacher_key_checks`` entry). Off otherwise."""
    if host_teacher_view_allowed():
        return True
    given = page_parameter("teacher")
    return bool(given) and any(check(given) for check in teacher_key_checks)


def follow_teacher_view(callback) -> None:
    """Call ``callback(teacher_view_allowed())`` now, once a preheated kernel has its visitor, and
    again on ``teacher_view_changed()`` (the page joined or left a class: a class's key counts only
    on a page in that class)."""
    _teacher_view_followers.append(callback)
    on_visitor(lambda: callback(teacher_view_allowed()))


def teacher_view_changed() -> None:
    """What ``teacher_view_allowed`` depends on changed: tell every ``follow_teacher_view`` callback."""
    allowed = teacher_view_allowed()
    for callback in list(_teacher_view_followers):
        try:
            callback(allowed)
        except Exception:
            log.exception("the teacher view could not follow a change")


def on_visitor(callback) -> None:
    """Call ``callback()`` now and, in a preheated kernel that has no visitor yet, once more when
    ``wait_for_visitor`` has the visitor's request (the page's address with its ``?teacher=…``)."""
    callback()
    if os.environ.get("VOILA_PREHEAT") == "True" and not _visitor_known:
        _on_visitor.append(callback)


def _visitor_arrived() -> None:
    global _visitor_known
    _visitor_known = True
    while _on_visitor:
        callback = _on_visitor.pop(0)
        try:
            callback()
        except Exception:
            log.exception("a page could not take its visitor's request")


def keep_tracebacks_off_the_page() -> None:
    """In a Voila kernel, an error in a widget's handler (a message from the page) is logged (the
    terminal running Voila shows it) instead of sent to the page, where ipywidgets would send its
    traceback, server paths and all, whatever ``show_tracebacks`` says. A cell's error is left
    to Voila, which hides it."""
    if "VOILA_PREHEAT" not in os.environ:
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None or getattr(shell, "_ck_quiet", False):
        return
    cell_traceback = shell.showtraceback

    def showtraceback(*args, **kwargs):
        header = getattr(shell, "parent_header", None) or {}
        if header.get("msg_type") == "execute_request":
            return cell_traceback(*args, **kwargs)
        log.error("error in the page's kernel (not sent to the page)", exc_info=sys.exc_info())

    shell.showtraceback = showtraceback
    shell._ck_quiet = True


def wait_for_visitor() -> None:
    """Hold a preheated kernel until a visitor's page takes it; return at once otherwise.

    Voila marks its pool kernels with VOILA_PREHEAT=True. This does what
    voila.utils.wait_for_request() does (wait on Voila's /voila/query/<kernel id> socket for
    the visitor's request, then put it in os.environ) without importing voila, whose import
    pulls in jupyter_server: 5 s of CPU, 15-25 s on a busy 2-core machine, which a visitor
    arriving while the pool kernel still runs the page would wait for."""
    if os.environ.get("VOILA_PREHEAT") != "True" or _visitor_known:
        return
    kernel_id = os.environ.get("VOILA_KERNEL_ID")
    if not kernel_id:                          # not the Voila this was written for: its own way
        from voila.utils import wait_for_request
        wait_for_request()
        _visitor_arrived()
        return
    import asyncio
    import json
    import threading

    import websockets                          # a dependency of voila

    env = os.environ.get
    url = (f"{env('VOILA_WS_PROTOCOL', 'ws')}://{env('VOILA_APP_IP', '127.0.0.1')}:{env('VOILA_APP_PORT', '8866')}"
           f"{env('VOILA_WS_BASE_URL', env('VOILA_SERVER_URL', '/'))}voila/query/{kernel_id}")
    received = []

    async def receive():
        # A warm kernel may wait all day. No keep-alive pings: a server busy for 20 s (warming a
        # class) failed them and ended the wait, and the kernel went on without its visitor's
        # address (the teacher's key, the class). A wait that closes is opened again (Voila keeps
        # the request for a kernel whose socket comes back); only a server that cannot be reached
        # for a minute ends it.
        unreachable = 0
        while not received and unreachable < 12:
            try:
                async with websockets.connect(url, open_timeout=5, ping_interval=None) as socket:
                    unreachable = 0
                    received.append(await socket.recv())
            except (OSError, asyncio.TimeoutError):
                unreachable += 1
                await asyncio.sleep(5)
            except Exception:                  # closed by the server: wait again
                await asyncio.sleep(0.5)

    def run():                                 # the kernel's own event loop is busy running this cell
        try:
            asyncio.new_event_loop().run_until_complete(receive())
        except Exception:                      # no request info: the page works without it
            pass

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join()
    for text in received:
        os.environ.update({str(k): str(v) for k, v in json.loads(text).items()})
    _visitor_arrived()
