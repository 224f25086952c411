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
    code = ("import sys; from widgets.hosting import wait_for_visitor; wait_for_visitor();"
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
    ready, paths = threading.Event(), []
    info = {"SCRIPT_NAME": "/voila/render/flip7.ipynb", "QUERY_STRING": "seed=42&teacher=k3y"}

    async def handler(socket, *path):          # websockets < 13 passes the path separately
        paths.append(path[0] if path else socket.request.path)
        await socket.send(json.dumps(info))

    async def serve():
        async with websockets.serve(handler, "127.0.0.1", 0) as server:
            port.append(server.sockets[0].getsockname()[1])
            ready.set()
            while not paths:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.2)

    port = []
    thread = threading.Thread(target=lambda: asyncio.run(serve()), daemon=True)
    thread.start()
    assert ready.wait(30)
    code = ("import os; from widgets.hosting import on_visitor, teacher_view_allowed, wait_for_visitor;"
            "on_visitor(lambda: print(teacher_view_allowed())); wait_for_visitor();"
            "print(os.environ['SCRIPT_NAME'], os.environ['QUERY_STRING'])")
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOILA_")}
    env.pop("CARDKIT_TEACHER_VIEW", None)
    env.update(CARDKIT_TEACHER_KEY="k3y", VOILA_PREHEAT="True", VOILA_KERNEL_ID="k-123", VOILA_APP_IP="127.0.0.1",
               VOILA_APP_PORT=str(port[0]), VOILA_SERVER_URL="/")
    out = subprocess.run([sys.executable, "-c", code], cwd=NOTEBOOKS, env=env,
                         capture_output=True, text=True, check=True, timeout=120).stdout
    thread.join(30)
    assert out.split() == ["False", "True", "/voila/render/flip7.ipynb", "seed=42&teacher=k3y"]
    assert paths == ["/voila/query/k-123"]


def test_a_wait_that_the_server_closes_is_opened_again_and_still_gets_the_visitors_request():
    """A warm kernel's wait ended for good when its socket closed (a server too busy for 20 s failed
    the keep-alive pings): the visitor's key and class never reached the page."""
    ready, opened = threading.Event(), []
    info = {"SCRIPT_NAME": "/voila/render/flip7.ipynb", "QUERY_STRING": "teacher=k3y"}

    async def handler(socket, *path):
        opened.append(1)
        if len(opened) == 1:
            await socket.close(1011, "keepalive ping timeout")     # the first wait is dropped
            return
        await socket.send(json.dumps(info))

    async def serve():
        async with websockets.serve(handler, "127.0.0.1", 0) as server:
            port.append(server.sockets[0].getsockname()[1])
            ready.set()
            while len(opened) < 2:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.2)

    port = []
    thread = threading.Thread(target=lambda: asyncio.run(serve()), daemon=True)
    thread.start()
    assert ready.wait(30)
    code = ("import os; from widgets.hosting import on_visitor, teacher_view_allowed, wait_for_visitor;"
            "on_visitor(lambda: print(teacher_view_allowed())); wait_for_visitor();"
            "print(os.environ.get('QUERY_STRING'))")
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOILA_")}
    env.pop("CARDKIT_TEACHER_VIEW", None)
    env.pop("QUERY_STRING", None)
    env.update(CARDKIT_TEACHER_KEY="k3y", VOILA_PREHEAT="True", VOILA_KERNEL_ID="k-9", VOILA_APP_IP="127.0.0.1",
               VOILA_APP_PORT=str(port[0]), VOILA_SERVER_URL="/")
    out = subprocess.run([sys.executable, "-c", code], cwd=NOTEBOOKS, env=env,
                         capture_output=True, text=True, check=True, timeout=120).stdout
    thread.join(30)
    assert out.split() == ["False", "True", "teacher=k3y"] and len(opened) == 2
