"""Ports for the servers the tests start (Voila, the static site's server, a Dask scheduler).

``CARDKIT_TEST_PORT=9100`` makes the n-th server of a run listen on 9100 + n (9100, 9101, ...), so
a host running the tests next to other servers keeps them apart; without it each server takes a
port the system reports free at that moment."""
from __future__ import annotations

import itertools
import os
import socket

PORT_VARIABLE = "CARDKIT_TEST_PORT"
_next = itertools.count()


def server_port() -> int:
    """The port for the next test server: ``$CARDKIT_TEST_PORT`` + n, else a free one."""
    base = os.environ.get(PORT_VARIABLE, "").strip()
    if base:
        if not base.isdigit() or not 1 <= int(base) <= 65535:
            raise ValueError(f"{PORT_VARIABLE} is a port number from 1 to 65535, not {base!r}")
        port = int(base) + next(_next)
        if port > 65535:
            raise ValueError(f"{PORT_VARIABLE}={base}: this run needs ports past 65535")
        return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
