"""Who may do what on a class page: the server's store (one per kernel), the visitor's address as the
app's server tells it, who may create a class (the host's key, or the host's own machine), and when a
class's teacher key counts (on a page in that class)."""
from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import threading

from cardkit.i18n import N_, _
from widgets.ui import hosting
from widgets.ui.pyodide import in_browser

log = logging.getLogger("widgets")

NO_SERVER = N_("Class rooms need the Voila app (<code>make app</code>): a class's results are kept by the "
             "server, and this static site has none (no server, no class). Everything else on this page works.")
#: What the bar of a page of the static site says instead (short: it sits beside the page's links).
NO_SERVER_SHORT = N_("Class rooms need the Voila app: no server here, no class.")
#: The visitor's address, as the app's server (server.voila_server) hands it to the page's kernel.
VISITOR_ADDRESS = "HTTP_X_CARDKIT_CLIENT"


# -- the store of this server and who may use it----------------------------------------------------------------------
_store = None
_store_lock = threading.Lock()


def get_store():
    """The server's store (``classroom.store.open_store()``: CARDKIT_DB, else the SQLite default),
    opened once per kernel."""
    global _store
    with _store_lock:
        if _store is None:
            from classroom.store import open_store
            _store = open_store()
        return _store


def use_store(store) -> None:
    """Use ``store`` for this kernel's pages (tests; a host that opens its own)."""
    global _store
    _store = store


def is_class_teacher(key: str, joined: str | None) -> bool:
    """The page's ``?class=CODE&teacher=KEY`` is that class's teacher, and the page is in that class
    (``joined``: the class code its Join a class bar joined, None: none). A class's key works only
    within its own class: on any other page (a class a student made for herself, say) it opens nothing."""
    code = hosting.page_parameter("class")
    if not code or in_browser():
        return False
    if not joined or joined != code.strip().upper():
        return False
    try:
        return bool(get_store().is_teacher(code, key))
    except Exception:
        log.exception("class rooms: could not check a teacher key")
        return False


def visitor_address() -> str | None:
    """The address of this page's visitor, when the app's server told the kernel (else None)."""
    return os.environ.get(VISITOR_ADDRESS) or None


def served_by_voila() -> bool:
    """A page of the Voila app (a visitor's), not a notebook its own user runs (JupyterLab, tests)."""
    return "VOILA_PREHEAT" in os.environ or os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


def why_no_new_class() -> str | None:
    """None when this page may create a class, else why not, in words for the page. Creating a class
    is the host's or a teacher's act: a page opened with the host's key (``?teacher=`` equal to
    CARDKIT_TEACHER_KEY). A server without that key takes classes only from its own machine (a
    teacher's laptop running ``make app``); a notebook that is not a Voila page runs as its user."""
    if in_browser():
        return NO_SERVER
    expected = os.environ.get(hosting.TEACHER_KEY, "")
    given = hosting.page_parameter("teacher") or ""
    if expected:
        if given and hmac.compare_digest(given.encode(), expected.encode()):
            return None
        return _("Creating a class needs the host's key: open the Class board with the teacher link "
                "your host gave you (class_board.ipynb?teacher=…).")
    if not served_by_voila():
        return None
    try:
        local = ipaddress.ip_address(visitor_address() or "").is_loopback
    except ValueError:
        local = False
    return None if local else _("Creating a class here needs the host's key: the host sets CARDKIT_TEACHER_KEY and "
                               "gives teachers the Class board link with ?teacher=<that key>. On your own "
                               "computer (make app), open the app at http://127.0.0.1:8866/.")
