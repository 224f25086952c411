"""The last cell of every page: a preheated kernel waits there for its visitor; any other returns at once."""

import asyncio
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import websockets

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def test_outside_a_preheated_kernel_it_returns_at_once_without_importing_voila():
    code = ("import sys; from widgets.ui.hosting import wait_for_visitor; wait_for_visitor();"
            "print([m for m in ('voila', 'jupyter_server', 'websockets') if m in sys.modules])")
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOILA_")}
    for preheat in (None, "False"):
        if preheat:
            env["VOILA_PREHEAT"] = preheat
        out = subprocess.run([sys.executable, "-c", code], cwd=NOTEBOOKS, env=env,
                             capture_output=True, text=True, check=True, timeout=120).stdout
        assert out.strip() == "[]"


def test_a_preheated_kernel_waits_for_the_request_info_voila_sends():
    """A stand-in for Voila's /voila/query/<kernel id> socket sends the visitor's request; a page
    built before it asks again then whether it may show the teacher view (the key is in the address)."""
    info = {"SCRIPT_NAME": "/voila/render/flip7.ipynb", "QUERY_STRING": "seed=42&teacher=k3y"}
    out, paths = wait_in_a_warm_kernel(info, drop_first=False, kernel_id="k-123",
                                       then="print(os.environ['SCRIPT_NAME'], os.environ['QUERY_STRING'])")
    assert out.split() == ["False", "True", "/voila/render/flip7.ipynb", "seed=42&teacher=k3y"]
    assert paths == ["/voila/query/k-123"]


def test_a_wait_that_the_server_closes_is_opened_again_and_still_gets_the_visitors_request():
    """A warm kernel's wait ended for good when its socket closed (a server too busy for 20 s failed
    the keep-alive pings): the visitor's key and class never reached the page."""
    out, paths = wait_in_a_warm_kernel({"SCRIPT_NAME": "/voila/render/flip7.ipynb", "QUERY_STRING": "teacher=k3y"},
                                       drop_first=True, kernel_id="k-9",
                                       then="print(os.environ.get('QUERY_STRING'))")
    assert out.split() == ["False", "True", "teacher=k3y"] and len(paths) == 2


def wait_in_a_warm_kernel(info, drop_first, kernel_id, then):
    """A stand-in for Voila's /voila/query/<kernel id> socket sends ``info`` (the visitor's request;
    ``drop_first``: after closing the first wait, as a busy server does); a kernel started as a warm
    one waits for it, prints whether it may show the teacher view before and after, then runs ``then``.
    Returns what it printed and the paths the socket was opened on."""
    ready, paths = threading.Event(), []

    async def handler(socket, *path):          # websockets < 13 passes the path separately
        paths.append(path[0] if path else socket.request.path)
        if drop_first and len(paths) == 1:
            await socket.close(1011, "keepalive ping timeout")
            return
        await socket.send(json.dumps(info))

    async def serve():
        async with websockets.serve(handler, "127.0.0.1", 0) as server:
            port.append(server.sockets[0].getsockname()[1])
            ready.set()
            while len(paths) < (2 if drop_first else 1):
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.2)

    port = []
    thread = threading.Thread(target=lambda: asyncio.run(serve()), daemon=True)
    thread.start()
    assert ready.wait(30)
    code = ("import os; from widgets.ui.hosting import on_visitor, teacher_view_allowed, wait_for_visitor;"
            "on_visitor(lambda: print(teacher_view_allowed())); wait_for_visitor();" + then)
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOILA_")}
    env.pop("CARDKIT_TEACHER_VIEW", None)
    env.pop("QUERY_STRING", None)
    env.update(CARDKIT_TEACHER_KEY="k3y", VOILA_PREHEAT="True", VOILA_KERNEL_ID=kernel_id, VOILA_APP_IP="127.0.0.1",
               VOILA_APP_PORT=str(port[0]), VOILA_SERVER_URL="/")
    out = subprocess.run([sys.executable, "-c", code], cwd=NOTEBOOKS, env=env,
                         capture_output=True, text=True, check=True, timeout=120).stdout
    thread.join(30)
    return out, paths
