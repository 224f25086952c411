"""A joined page's results on their way to the store: each waits, in order, with its idempotency key,
and is tried again with backoff while the database is away; the browser keeps a sealed copy
(``BrowserOutbox``) so a server restart loses none, and gives back only what this server sealed."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import os
import threading
import time
import uuid

from cardkit import i18n
from cardkit.i18n import _

log = logging.getLogger("widgets")

#: A result refused for a limit (posting too fast) is tried again this many times, this many seconds apart.
LIMIT_RETRIES = 4
LIMIT_PAUSE = 5.0
#: A result the store could not take is tried again after 0.5, 1, 2, 4 … seconds, at most this long apart.
MAX_BACKOFF = 15.0


def _limit_reached(error) -> bool:
    try:
        from classroom.store import LimitReached
    except ImportError:
        return False
    return isinstance(error, LimitReached)


# -- a result kept in the browser until the store has it----------------------------------------
PAGE_SECRET = "CARDKIT_PAGE_SECRET"     # the server's key for what a page keeps for it (server.voila_server sets it)
KEPT_AT_MOST = 50                       # results a browser gives back at one page load


def _seal_key() -> bytes | None:
    secret = os.environ.get(PAGE_SECRET, "")
    return secret.encode() if secret else None


def seal(item: dict) -> dict | None:
    """A waiting result as the browser keeps it: readable, but signed with the server's secret, so a
    page can give back only what the server gave it. None without a secret (nothing kept then)."""
    secret = _seal_key()
    if secret is None:
        return None
    body = base64.urlsafe_b64encode(json.dumps(
        {k: item[k] for k in ("token", "game", "kind", "record", "key")}, sort_keys=True).encode()).decode()
    return {"key": item["key"], "body": body, "sig": hmac.new(secret, body.encode(), hashlib.sha256).hexdigest()}


def unseal(kept) -> dict | None:
    """The result a browser gave back, if the server sealed it (else None: forged, edited, or another
    server's)."""
    secret = _seal_key()
    if secret is None or not isinstance(kept, dict):
        return None
    body, sig = kept.get("body"), kept.get("sig")
    if not isinstance(body, str) or not isinstance(sig, str) or len(body) > 200_000:
        return None
    if not hmac.compare_digest(sig, hmac.new(secret, body.encode(), hashlib.sha256).hexdigest()):
        return None
    try:
        item = json.loads(base64.urlsafe_b64decode(body.encode()))
    except ValueError:
        return None
    return item if isinstance(item, dict) and item.get("key") == kept.get("key") else None


# -- posting with retries ------------------------------------------------------------------------------
class Outbox:
    """Results waiting for the store, in order; each with its idempotency key, so a retry after a
    write whose answer was lost is not counted twice. ``on_status(text, kind)`` hears "saving…",
    "saved", or why it waits. A refused result (ValueError: class closed, a limit) is dropped and said.
    ``on_waiting(item)`` hears each result as it is queued, ``on_done(item)`` once it is saved or
    refused (the page's ``BrowserOutbox`` keeps it meanwhile, through a server restart)."""

    def __init__(self, store_getter, on_status, sleep=time.sleep, on_waiting=None, on_done=None):
        self._store = store_getter
        self._on_status = on_status
        self._sleep = sleep
        self._on_waiting = on_waiting or (lambda item: None)
        self._on_done = on_done or (lambda item: None)
        self.pending: list[dict] = []
        self.saved = 0
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self.backoff = 0.0

    def post(self, token: str, game: str, kind: str, record: dict, key: str | None = None) -> None:
        """Queue a result and send it from a thread (the store may take seconds when its database
        is away: the page stays responsive meanwhile). ``key``: the result's own idempotency key (one
        that another page may post too, e.g. a shared table's seat); default a fresh one."""
        item = {"token": token, "game": game, "kind": kind, "record": record, "key": key or uuid.uuid4().hex}
        with self._lock:
            if any(waiting["key"] == item["key"] for waiting in self.pending):
                return                          # already waiting here (given back by the browser twice)
            self.pending.append(item)
        self._on_waiting(item)
        self._on_status(_("saving…"), "saving")
        self._send_soon()

    def flush(self) -> bool:
        """Try the waiting results now, oldest first; True when none is left. On a failure the rest
        wait, and a thread tries again after a growing pause."""
        refused_last = False
        while True:
            with self._lock:
                if not self.pending:
                    break
                item = self.pending[0]
            try:
                self._store().add_result(item["token"], game=item["game"], kind=item["kind"],
                                         record=item["record"], key=item["key"])
            except ValueError as refused:
                item["refusals"] = item.get("refusals", 0) + 1
                if _limit_reached(refused) and item["refusals"] <= LIMIT_RETRIES:   # too fast: wait, then again
                    self.backoff = max(LIMIT_PAUSE, self.backoff)
                    self._on_status(_("saving… ({why}; kept on this page, trying again in {s} s)").format(
                        why=_(str(refused)), s=i18n.number(self.backoff)), "saving")
                    return False
                with self._lock:
                    self.pending.pop(0)
                self._on_done(item)
                self._on_status(_("not saved: {why}").format(why=_(str(refused))), "error")
                refused_last = True
                continue
            except Exception as exc:            # the database is away: keep it, try again
                log.warning("class rooms: a result waits (%s)", exc)
                self.backoff = min(MAX_BACKOFF, max(0.5, self.backoff * 2))
                self._on_status(_("saving… (the class's database is not answering; kept on this page, "
                                  "trying again in {s} s)").format(s=i18n.number(self.backoff)), "saving")
                return False
            with self._lock:
                self.pending.pop(0)
            self._on_done(item)
            self.saved += 1
            self.backoff = 0.0
            refused_last = False
        if not refused_last:
            self._on_status(_("saved"), "saved")
        return True

    def _send_soon(self) -> None:
        """One thread sends what waits, pausing ``backoff`` seconds between failed tries."""
        with self._lock:
            if self._worker is not None and self._worker.is_alive():
                return

            def send():
                while not self.flush():
                    self._sleep(self.backoff)

            self._worker = threading.Thread(target=send, daemon=True, name="cardkit-class-send")
            self._worker.start()

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait for the sending thread (tests); True when nothing waits."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
        return not self.pending
