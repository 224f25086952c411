"""Hosting helpers for the notebooks' last cell (Voila's preheated kernels)."""
from __future__ import annotations

import os


def wait_for_visitor() -> None:
    """Hold a preheated kernel until a visitor's page takes it; return at once otherwise.

    Voila marks its pool kernels with VOILA_PREHEAT=True. This does what
    voila.utils.wait_for_request() does (wait on Voila's /voila/query/<kernel id> socket for
    the visitor's request, then put it in os.environ) without importing voila, whose import
    pulls in jupyter_server: 5 s of CPU, 15-25 s on a busy 2-core machine, which a visitor
    arriving while the pool kernel still runs the page would wait for."""
    if os.environ.get("VOILA_PREHEAT") != "True":
        return
    kernel_id = os.environ.get("VOILA_KERNEL_ID")
    if not kernel_id:                          # not the Voila this was written for: its own way
        from voila.utils import wait_for_request
        wait_for_request()
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
        async with websockets.connect(url, open_timeout=5) as socket:
            received.append(await socket.recv())

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
