"""The server measured without browsers: N visitors, each doing over HTTP and the kernel's websocket
what a visitor's Voila page does, against one server started as `make app` / `make class` start it.

One visit, as the page's scripts do it (Voila 0.5, @jupyter-widgets/jupyterlab-manager 8):

1. GET the page (``/voila/render/<page>``), then, as a browser with an empty cache does, the files
   one headless chromium page fetched from this server (learned once per run; without chromium,
   or with ``--no-learn``, the scripts and style sheets the page's HTML names and the fonts those
   name; ``--no-static`` skips them); a refusal (503) is the "class is full" notice;
2. GET ``/api/kernels/<id>`` (the kernel id is in the page's config), open
   ``/api/kernels/<id>/channels`` with the page's subprotocol (``v1.kernel.websocket.jupyter.org``)
   and send ``kernel_info_request``, as JupyterLab's KernelConnection does on connecting;
3. as the widget manager restores the page's widgets: ``comm_open`` of ``jupyter.widget.control``,
   ``{"method": "request_states"}`` on it, the ``update_states`` reply carrying every model's state,
   and the control comm closed; the models are kept up to date from the kernel's later
   ``comm_open`` / ``update`` messages;
4. the page's ``open-in-view.js`` presses the "Show the example" buttons near the screen: the first
   ``--open-in-view`` of them (default 0: a 1280x900 window of the Flip 7 page presses none, as
   ``--check`` shows); then the page reports the views of the models that count them
   (``_view_count``, the move panel's focus), after the click below;
5. wait until the GameApp's first move button's model exists (a Button with ``ck-action`` and not
   ``ck-illegal``, or ``ck-next-round``, inside the model with ``ck-app``): the page is usable;
6. press it (``{"method": "custom", "content": {"event": "click"}}`` on its comm, what a click sends)
   and wait for the redraw: the kernel's updates, until it is idle again after that message.

A page is broken when it shows neither a game nor a notice (a refusal, a cell's error that the page
guard turns into its notice, a kernel that died) within PAGE_TIMEOUT. Every visitor keeps its socket
open, as a tab does, until the case ends.

Each case runs with a server of its own: class mode (``--class-mode on``: as many warm kernels as
visitors, ``class_reserve`` 0 so that no refill blurs the figures) or not, ``--visitors`` arriving
``at-once`` or ``spread`` evenly over 60 s. Printed per case: p50 / p95 / max seconds from the page
request to the move button's model and for the click's round trip, pages broken (and notices), the
CPU seconds of the server process and of the visitors' kernels per visit (from /proc, the difference
over the case), memory per visitor (the kernels' RSS plus the server's growth) and the load average
at the start and the end. ``--check`` instead measures one visit by this client and one by headless
chromium (playwright, Debian's chromium) on one class-mode server, each from idle to idle, and
prints both CPU figures (they should be within 20 %).

    python bench/server_capacity.py                                   # the whole matrix, ~15 min
    python bench/server_capacity.py --visitors 30 --arrival at-once --class-mode on
    python bench/server_capacity.py --check

Every server and kernel started here is stopped at the end, on an error or Ctrl-C too.
"""
from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import re
import shutil
import signal
import statistics
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urljoin, urlparse

from jupyter_server.services.kernels.connection.base import (deserialize_msg_from_ws_v1,
                                                              serialize_msg_to_ws_v1)
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
import voila_app as va  # noqa: E402  (process helpers, chromium's path)
from _hosting import Server, quantile  # noqa: E402  (the app's server, as make app / make class start it)

PROTOCOL = "v1.kernel.websocket.jupyter.org"
PAGE_TIMEOUT = 300.0                 # s for one visit to reach its move button
CLICK_TIMEOUT = 60.0                 # s for the click's redraw
SPREAD_SECONDS = 60.0
CASES = [(n, arrival, mode) for mode in ("on", "off") for n in (10, 30, 60) for arrival in ("at-once", "spread")]
GOAL_P95 = 5.0
va.START_TIMEOUT = 600               # s for Voila to answer: at a load of 45 on 2 cores, 120 s was too few


class Broken(Exception):
    """The page shows neither a game nor a notice."""


class Notice(Exception):
    """The page shows one of its notices (refused, a cell's error, the kernel gone)."""


class KernelSocket:
    """The page's socket to its kernel, in the v1 protocol (binary frames)."""

    def __init__(self, conn, session: str):
        self.conn, self.session = conn, session

    def send(self, channel: str, msg_type: str, content: dict, metadata=None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "", "session": self.session,
                  "date": "", "version": "5.3"}
        parts = [json.dumps(p).encode() for p in (header, {}, metadata or {}, content)]
        self.conn.write_message(serialize_msg_to_ws_v1(parts, channel), binary=True)
        return msg_id

    async def receive(self, deadline: float):
        """(channel, msg) of the next message; Notice if the socket closed."""
        left = deadline - time.monotonic()
        if left <= 0:
            raise asyncio.TimeoutError
        frame = await asyncio.wait_for(self.conn.read_message(), left)
        if frame is None:
            raise Notice("the kernel's socket closed (the page says its game is lost)")
        if isinstance(frame, str):
            msg = json.loads(frame)
            return msg.get("channel"), msg
        channel, parts = deserialize_msg_from_ws_v1(frame)
        header, parent, _metadata, content = (json.loads(p) for p in parts[:4])
        return channel, {"header": header, "parent_header": parent, "content": content, "buffers": parts[4:]}


class Models:
    """The widget models the page holds: id -> {"model_name", "state"}."""

    def __init__(self):
        self.models: dict[str, dict] = {}

    def apply(self, msg: dict) -> None:
        kind, content = msg["header"]["msg_type"], msg["content"]
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            state = content["data"].get("state", {})
            self.models[content["comm_id"]] = {"model_name": state.get("_model_name"), "state": state}
        elif kind == "comm_msg" and content.get("comm_id") in self.models:
            data = content.get("data", {})
            if data.get("method") in ("update", "echo_update"):
                self.models[content["comm_id"]]["state"].update(data.get("state", {}))
        elif kind == "comm_close":
            self.models.pop(content.get("comm_id"), None)

    def _children(self, model_id: str):
        for value in self.models.get(model_id, {}).get("state", {}).values():
            for item in (value if isinstance(value, list) else [value]):
                if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                    yield item[len("IPY_MODEL_"):]

    def classes(self, model_id: str) -> list:
        return self.models.get(model_id, {}).get("state", {}).get("_dom_classes", [])

    def move_button(self) -> str | None:
        """The first usable move button inside the GameApp (``ck-app``), in the page's order."""
        for app in (m for m in self.models if "ck-app" in self.classes(m)):
            todo, seen = [app], set()
            while todo:
                model_id = todo.pop(0)
                if model_id in seen:
                    continue
                seen.add(model_id)
                model = self.models.get(model_id, {})
                classes = self.classes(model_id)
                if (model.get("model_name") == "ButtonModel" and not model["state"].get("disabled")
                        and (("ck-action" in classes and "ck-illegal" not in classes) or "ck-next-round" in classes)):
                    return model_id
                todo.extend(self._children(model_id))
        return None

    def unseen(self) -> list[str]:
        """Models whose views the page reports (``_view_count`` 0: ipywidgets counts them)."""
        return [m for m, model in self.models.items() if model["state"].get("_view_count") == 0]

    def open_in_view(self) -> list[str]:
        return [m for m in self.models if "ck-open-in-view" in self.classes(m)
                and not self.models[m]["state"].get("disabled")]


def static_refs(html: str, base: str) -> list[str]:
    """The scripts and style sheets the page's HTML names on this server."""
    host = urlparse(base).netloc
    refs = []
    for tag in re.findall(r"<(?:script|link)\b[^>]*>", html):
        if tag.startswith("<link") and "stylesheet" not in tag:
            continue
        found = re.search(r'\b(?:src|href)="([^"]+)"', tag)
        if found:
            url = urljoin(base, found.group(1).replace("&amp;", "&"))
            if urlparse(url).netloc == host and url not in refs:
                refs.append(url)
    return refs


async def http_get(reader, writer, host: str, url: str) -> tuple[int, dict, bytes, int]:
    """One GET on a kept-alive HTTP/1.1 connection, gzip accepted as a browser accepts it:
    (status, headers, body decoded, bytes on the wire)."""
    parsed = urlparse(url)
    target = parsed.path + (f"?{parsed.query}" if parsed.query else "")
    writer.write(f"GET {target} HTTP/1.1\r\nHost: {host}\r\nAccept-Encoding: gzip\r\n\r\n".encode())
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in head[1:] if ":" in line)}
    if status in (204, 304):
        body = b""
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            body += (await reader.readexactly(size + 2))[:-2]
        await reader.readuntil(b"\r\n")
    elif "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    else:
        body = await reader.read()
    wire = len(body)
    if headers.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    return status, headers, body, wire


async def fetch_static(refs: list[str], fonts: bool = True) -> tuple[int, int, int]:
    """(files fetched, bytes, bytes on the wire) of ``refs`` and (``fonts``) the fonts their style sheets
    name, over 6 kept-alive connections to their server, as a browser fetches them."""
    todo: asyncio.Queue = asyncio.Queue()
    seen, size = set(), [0, 0, 0]
    for url in refs:
        seen.add(url)
        todo.put_nowait(url)
    server = urlparse(refs[0]) if refs else None

    async def connection():
        reader = writer = None
        while True:
            url = await todo.get()
            try:
                if writer is None:
                    reader, writer = await asyncio.open_connection(server.hostname, server.port or 80)
                status, headers, body, wire = await http_get(reader, writer, server.netloc, url)
                size[0] += status == 200                 # a file the page lacks is not counted
                size[1] += len(body)
                size[2] += wire
                if headers.get("connection", "").lower() == "close":
                    writer.close()
                    writer = None
                if fonts and urlparse(url).path.endswith(".css") and status == 200:
                    for font in re.findall(r"url\(['\"]?([^'\")]+\.woff2)[^)]*\)", body.decode(errors="replace")):
                        if (font := urljoin(url, font)) not in seen:
                            seen.add(font)
                            todo.put_nowait(font)
            except (OSError, ValueError, asyncio.IncompleteReadError):   # a failed file: the page lacks it
                if writer is not None:
                    writer.close()
                writer = None
            finally:
                todo.task_done()

    workers = [asyncio.create_task(connection()) for _ in range(6)]
    try:
        await asyncio.wait_for(todo.join(), PAGE_TIMEOUT)
    finally:
        for worker in workers:
            worker.cancel()
    return tuple(size)


async def visit(base: str, page: str, start_at: float, opts, tabs: list) -> dict:
    """One visitor; returns its row (times in s from its page request)."""
    await asyncio.sleep(max(0.0, start_at - time.monotonic()))
    row: dict = {}
    t0 = time.monotonic()
    deadline = t0 + PAGE_TIMEOUT
    http = AsyncHTTPClient(force_instance=True, max_clients=6)
    try:
        response = await http.fetch(f"{base}/voila/render/{page}", raise_error=False, request_timeout=PAGE_TIMEOUT)
        if response.code == 503:
            raise Notice("refused: the class is full")
        if response.code != 200:
            raise Broken(f"HTTP {response.code} for the page")
        html = response.body.decode(errors="replace")
        row["html_s"] = time.monotonic() - t0
        if "error when executing cell" in html or "ck-output-lost" in html:
            raise Notice("a cell failed or its output was lost (the page guard's notice)")
        found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
        if not found:
            raise Broken("no kernel id in the page")
        row["kernel_id"] = kernel_id = found.group(1)
        if opts.files is not None:               # what a browser fetched for this page (learned)
            row["static_files"], row["static_bytes"], row["static_wire"] = await fetch_static(
                [urljoin(base, f) for f in opts.files], fonts=False)
        elif opts.static:
            row["static_files"], row["static_bytes"], row["static_wire"] = await fetch_static(
                static_refs(html, response.effective_url))
        await http.fetch(f"{base}/api/kernels/{kernel_id}", request_timeout=PAGE_TIMEOUT)
        ws_url = base.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
        conn = await asyncio.wait_for(websocket_connect(HTTPRequest(ws_url), subprotocols=[PROTOCOL],
                                                        max_message_size=1 << 30), PAGE_TIMEOUT)
        tabs.append(conn)
        kernel = KernelSocket(conn, uuid.uuid4().hex)
        kernel.send("shell", "kernel_info_request", {})
        control = uuid.uuid4().hex
        kernel.send("shell", "comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                    metadata={"version": "1.0.0"})
        kernel.send("shell", "comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        models, states_at, pressed, button = Models(), None, 0, None
        while button is None:
            channel, msg = await kernel.receive(deadline)
            kind, content = msg["header"]["msg_type"], msg["content"]
            if kind == "status" and content.get("execution_state") in ("dead", "restarting", "autorestarting"):
                raise Notice("the kernel died (the page says its game is lost)")
            if kind == "comm_msg" and content.get("comm_id") == control:
                data = content.get("data", {})
                if data.get("method") == "update_states":
                    states_at = time.monotonic()
                    for model_id, model in data["states"].items():
                        models.models[model_id] = {"model_name": model["model_name"], "state": model["state"]}
                    kernel.send("shell", "comm_close", {"comm_id": control, "data": {}})
                    for model_id in models.open_in_view()[:opts.open_in_view - pressed]:
                        kernel.send("shell", "comm_msg", {"comm_id": model_id, "data": {
                            "method": "custom", "content": {"event": "click"}}})
                        pressed += 1
            elif channel == "iopub":
                models.apply(msg)
            if states_at is not None:
                button = models.move_button()
        row["states_s"] = states_at - t0
        row["models"] = len(models.models)
        row["usable_s"] = time.monotonic() - t0
        click_at = time.monotonic()
        click = kernel.send("shell", "comm_msg", {"comm_id": button, "data": {
            "method": "custom", "content": {"event": "click"}}})
        updates, click_deadline = 0, click_at + CLICK_TIMEOUT
        while True:
            channel, msg = await kernel.receive(click_deadline)
            kind = msg["header"]["msg_type"]
            if channel == "iopub":
                models.apply(msg)
                if msg.get("parent_header", {}).get("msg_id") == click:
                    if kind in ("comm_msg", "comm_open"):
                        updates += 1
                    elif kind == "status" and msg["content"].get("execution_state") == "idle":
                        break
        if not updates:
            raise Broken("the click redrew nothing")
        row["click_s"] = time.monotonic() - click_at
        row["click_updates"] = updates
        # The page's views of the models that count them (the move panel's focus) say they are shown.
        last = None
        for model_id in models.unseen():
            models.models[model_id]["state"]["_view_count"] = 1
            last = kernel.send("shell", "comm_msg", {"comm_id": model_id, "data": {
                "method": "update", "state": {"_view_count": 1}, "buffer_paths": []}})
        while last is not None:
            channel, msg = await kernel.receive(click_deadline)
            if (channel == "iopub" and msg.get("parent_header", {}).get("msg_id") == last
                    and msg["header"]["msg_type"] == "status" and msg["content"].get("execution_state") == "idle"):
                break
    except Notice as notice:
        row["notice"] = str(notice)
    except Broken as broken:
        row["broken"] = str(broken)
    except asyncio.TimeoutError:
        row["broken"] = f"no move button and no notice in {PAGE_TIMEOUT:.0f} s"
    except Exception as exc:                      # a failed request or socket: the page shows nothing
        row["broken"] = f"{type(exc).__name__}: {exc}"
    finally:
        http.close()
    return row


async def arrive(base: str, page: str, visitors: int, arrival: str, opts) -> list[dict]:
    gap = SPREAD_SECONDS / max(visitors - 1, 1) if arrival == "spread" else 0.0
    start = time.monotonic() + 0.5
    tabs: list = []
    try:
        return await asyncio.gather(*(visit(base, page, start + i * gap, opts, tabs) for i in range(visitors)))
    finally:
        for conn in tabs:                         # the tabs close once every visitor is in
            conn.close()


def kernel_cpu(server: Server) -> dict[int, float]:
    return {pid: st[1] for pid in server.kernel_pids() if (st := va._stat(pid))}


def start_server(workdir: Path, page: str, class_size: int, profile: str | None = None) -> Server:
    extra = ([f"--CardkitVoila.class_pages={page}", f"--CardkitVoila.class_size={class_size}",
              "--CardkitVoila.class_reserve=0"] if class_size else [])
    python_args = ("-m", "cProfile", "-o", str(Path(profile).resolve())) if profile else ()
    server = Server(va.NOTEBOOKS, workdir, extra, python_args=python_args)
    va.progress(f"starting the server on port {server.port}" + (f", {class_size} warm kernels" if class_size else ""))
    try:
        server.wait_started()
        if class_size:
            va.progress(server.wait_warm())
        server.wait_idle("start-up")
    except BaseException:                        # not started in time: its kernels warm on, unless stopped
        server.stop()
        raise
    return server


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def nginx_cpu(proxy) -> float:
    """CPU seconds of nginx's master and workers so far."""
    return sum(st[1] for pid in [proxy.proc.pid, *va.descendants(proxy.proc.pid)] if (st := va._stat(pid)))


def start_nginx(workdir: Path, server: Server):
    """nginx with the shipped site (deploy/nginx/cardkit.conf) in front of ``server`` alone, its
    static-file cache empty: what a school's first class of the day meets."""
    sys.path.insert(0, str(va.REPO))
    from tests._nginx import Nginx
    folder = workdir / "nginx"
    folder.mkdir()
    workdir.chmod(0o755)                          # nginx's workers (nobody, when run as root) read the cache
    servers = (f"upstream cardkit_any {{ server 127.0.0.1:{server.port}; }}\n"
               "map $cookie_cardkit_server $cardkit_upstream { default cardkit_any; }\n")
    proxy = Nginx(folder, va._free_port(), servers)
    deadline = time.monotonic() + 30
    while not answers(proxy.url + "/"):
        if proxy.proc.poll() is not None or time.monotonic() > deadline:
            raise va.BenchError(f"nginx did not answer:\n{proxy.log.read_text(errors='replace')[-2000:]}")
        time.sleep(0.2)
    return proxy


def run_case(visitors: int, arrival: str, mode: str, opts) -> dict:
    workdir = Path(tempfile.mkdtemp(prefix="cardkit-bench-capacity-"))
    server = proxy = None
    try:
        learn = opts.static and opts.files is None and opts.learn
        server = start_server(workdir, opts.page, visitors + learn if mode == "on" else 0, opts.profile_server)
        if learn:
            opts.files = learn_page_files(server, opts.page)
            opts.learn = opts.files is not None
            server.wait_idle("the page that learned the files")
        url = server.url
        if opts.nginx:
            proxy = start_nginx(workdir, server)
            url, nginx0 = proxy.url, nginx_cpu(proxy)
        server_rss0, _ = server.memory()
        kernels0 = kernel_cpu(server)
        server_cpu0, _ = server.cpu_split()
        load0 = os.getloadavg()
        va.progress(f"{visitors} visitors {arrival}, class mode {mode}" + (f", through nginx ({url})" if proxy else ""))
        t0 = time.monotonic()
        rows = asyncio.run(arrive(url, opts.page, visitors, arrival, opts))
        wall = time.monotonic() - t0
        time.sleep(1.0)
        server.wait_idle("the visits")               # the visits' last work counted, no more
        server_cpu = server.cpu_split()[0] - server_cpu0
        kernels1 = kernel_cpu(server)
        visited = {va.kernel_pid(server.proc.pid, r["kernel_id"]) for r in rows if r.get("kernel_id")}
        visited.discard(None)
        kernels_cpu = sum(kernels1.get(p, 0.0) - kernels0.get(p, 0.0) for p in visited)
        others_cpu = sum(c - kernels0.get(p, 0.0) for p, c in kernels1.items() if p not in visited)
        log_kept = None
        if any("broken" in r for r in rows):      # the server's side of a broken page, kept for a look
            log_kept = Path(tempfile.mkdtemp(prefix="cardkit-capacity-broken-")) / "voila.log"
            shutil.copy(server.log_path, log_kept)
        server_rss, _ = server.memory()
        kernels_rss = sum(va.memory_kib(p)[0] / 1024 for p in visited if va._stat(p))
        return {"visitors": visitors, "arrival": arrival, "mode": mode, "rows": rows, "wall": wall,
                "nginx_cpu": nginx_cpu(proxy) - nginx0 if proxy else None, "log_kept": log_kept,
                "server_cpu": server_cpu, "kernels_cpu": kernels_cpu, "others_cpu": others_cpu,
                "kernels_seen": len(visited), "server_growth": server_rss - server_rss0,
                "kernels_rss": kernels_rss, "load": (load0, os.getloadavg())}
    finally:
        if proxy is not None:
            proxy.stop()
        if server is not None:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    return f"p50 {statistics.median(values):.2f}  p95 {quantile(values, 0.95):.2f}  max {max(values):.2f}"


def report(case: dict) -> None:
    rows, n = case["rows"], case["visitors"]
    ok = [r for r in rows if "usable_s" in r and "notice" not in r and "broken" not in r]
    usable = [r["usable_s"] for r in rows if "usable_s" in r]
    broken = [r for r in rows if "broken" in r]
    notices = [r for r in rows if "notice" in r]
    (l0, l1) = case["load"]
    through = ", through nginx" if case["nginx_cpu"] is not None else ""
    print(f"\n== class mode {case['mode']}, {n} visitors {case['arrival']}{through} ({case['wall']:.0f} s)")
    print(f"   page request -> move button's model (s): {spread(usable)}")
    print(f"   the click's round trip (s):              {spread([r['click_s'] for r in ok])}")
    print(f"   pages broken: {len(broken)}; notices: {len(notices)}; working: {len(ok)} of {n}")
    for reason in sorted({r.get('broken') or r.get('notice') for r in broken + notices}):
        print(f"      {sum(1 for r in broken + notices if reason in (r.get('broken'), r.get('notice')))} x {reason}")
    if case["log_kept"]:
        print(f"   the server's log: {case['log_kept']}")
    models = sorted({r['models'] for r in rows if 'models' in r})
    files = [r for r in rows if "static_files" in r]
    if files:
        print(f"   per page: {models} widget models, {files[0]['static_files']} static files "
              f"({files[0]['static_bytes'] / 1e6:.1f} MB, {files[0]['static_wire'] / 1e6:.1f} MB on the wire)")
    per = max(case["kernels_seen"], 1)
    print(f"   CPU s per visit: server {case['server_cpu'] / n:.2f}, kernels {case['kernels_cpu'] / per:.2f}, "
          f"together {(case['server_cpu'] + case['kernels_cpu']) / n:.2f} (other kernels: {case['others_cpu']:.1f} s in all)"
          + (f"; nginx {case['nginx_cpu'] / n:.3f}" if through else ""))
    print(f"   memory per visitor: {(case['kernels_rss'] + case['server_growth']) / per:.0f} MiB "
          f"(kernels {case['kernels_rss'] / per:.0f} each, server growth {case['server_growth']:.0f} in all)")
    print(f"   load average: {l0[0]:.1f} {l0[1]:.1f} {l0[2]:.1f} at the start, {l1[0]:.1f} {l1[1]:.1f} {l1[2]:.1f} at the end")
    if case["mode"] == "on" and n == 30 and case["arrival"] == "at-once":
        met = len(ok) == n and usable and quantile(usable, 0.95) <= GOAL_P95
        print(f"   goal (class mode, 30 at once, all working, p95 <= {GOAL_P95:.0f} s): {'met' if met else 'NOT met'}")


# -- the check against a real page ------------------------------------------------------------
MOVE_BUTTONS = ".ck-app button.ck-action:not(.ck-illegal), .ck-app button.ck-next-round"
CHROMIUM_READY = ("(sel) => Array.from(document.querySelectorAll(sel))"
                  ".some(b => b.getBoundingClientRect().width > 0 && !b.disabled)")


async def chromium_visit(url: str, server: Server | None = None) -> dict:
    """One page in headless chromium, usable, its first move pressed. With ``server``: the CPU the
    server and its kernels spent from idle before the page to idle after the click, measured before
    the page closes (closing it shuts its kernel down)."""
    from playwright.async_api import async_playwright
    sent: dict[str, int] = {}
    requests: list[tuple[str, str]] = []

    def frame(payload):
        try:
            if isinstance(payload, (bytes, bytearray)):
                _channel, parts = deserialize_msg_from_ws_v1(bytes(payload))
                header, content = json.loads(parts[0]), json.loads(parts[3])
            else:
                msg = json.loads(payload)
                header, content = msg["header"], msg["content"]
            kind = header["msg_type"]
            if kind == "comm_msg":
                kind += ":" + str(content.get("data", {}).get("method"))
                if kind == "comm_msg:update":
                    kind += str(sorted(content["data"].get("state", {})))
            sent[kind] = sent.get(kind, 0) + 1
        except Exception:
            sent["?"] = sent.get("?", 0) + 1

    row: dict = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=va.CHROMIUM, args=va.CHROMIUM_ARGS)
        try:
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
            page = await context.new_page()
            page.on("request", lambda r: requests.append((r.method, r.url)))
            page.on("websocket", lambda ws: ws.on("framesent", frame) if "/channels" in ws.url else None)
            if server is not None:
                meter = Meter(server)
                meter.start()
            t0 = time.monotonic()
            await page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT * 1000)
            await page.wait_for_function(CHROMIUM_READY, arg=MOVE_BUTTONS, timeout=PAGE_TIMEOUT * 1000, polling=100)
            row["usable_s"] = time.monotonic() - t0
            await page.locator(MOVE_BUTTONS).first.click()
            await asyncio.sleep(2)
            if server is not None:
                kernel_id = await page.evaluate(
                    "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
                row["cpu"] = meter.stop(kernel_id)
            await context.close()
        finally:
            await browser.close()
    row["sent"], row["requests"] = sent, requests
    return row


def page_files(requests: list[tuple[str, str]], page_url: str) -> list[str]:
    """The files a page's browser fetched from its server (paths), the page and the APIs left out."""
    host = urlparse(page_url).netloc
    files = []
    for method, url in requests:
        parsed = urlparse(url)
        if (method == "GET" and parsed.netloc == host and url != page_url and "/api/" not in parsed.path
                and parsed.path not in files):
            files.append(parsed.path + (f"?{parsed.query}" if parsed.query else ""))
    return files


def learn_page_files(server: Server, page: str) -> list[str] | None:
    """What a first-time browser fetches for ``page`` (one chromium page), or None without chromium."""
    if not (shutil.which(va.CHROMIUM) or Path(va.CHROMIUM).is_file()):
        return None
    try:
        import playwright  # noqa: F401
    except ImportError:
        return None
    url = f"{server.url}/voila/render/{page}"
    va.progress("one page in chromium, to learn the files a browser fetches for it")
    return page_files(asyncio.run(chromium_visit(url))["requests"], url)


IDLE_SAMPLE = 4.0                    # s over which the idle server's own CPU use is measured


class Meter:
    """CPU of the server process and of one visit's kernel from idle to idle, less what they use
    idle over that time (Voila's and the kernel's timers): what one visit cost. Other kernels
    (the warm ones waiting) are left out."""

    def __init__(self, server: Server):
        self.server = server

    def start(self) -> None:
        self.server.wait_idle("the last visit")
        s0, k0 = self.server.cpu_split(), kernel_cpu(self.server)
        time.sleep(IDLE_SAMPLE)
        s1, k1 = self.server.cpu_split(), kernel_cpu(self.server)
        self.idle_server = (s1[0] - s0[0]) / IDLE_SAMPLE
        self.idle_kernel = sum(k1.get(p, c) - c for p, c in k0.items()) / max(len(k0), 1) / IDLE_SAMPLE
        self.server0, self.kernels0, self.t0 = s1[0], k1, time.monotonic()

    def stop(self, kernel_id: str) -> tuple[float, float]:
        time.sleep(1.0)
        self.server.wait_idle("this visit")
        pid = va.kernel_pid(self.server.proc.pid, kernel_id)
        st = va._stat(pid) if pid else None
        wall = time.monotonic() - self.t0
        kernel = (st[1] - self.kernels0.get(pid, 0.0) - self.idle_kernel * wall) if st else float("nan")
        return self.server.cpu_split()[0] - self.server0 - self.idle_server * wall, kernel


def measured(server: Server, action) -> tuple[dict, float, float]:
    meter = Meter(server)
    meter.start()
    result = action()
    return (result, *meter.stop(result.get("kernel_id", "")))


def check(opts) -> int:
    if not (shutil.which(va.CHROMIUM) or Path(va.CHROMIUM).is_file()):
        print("--check needs chromium (apt-get install -y chromium) and playwright")
        return 2
    samples = opts.samples
    workdir = Path(tempfile.mkdtemp(prefix="cardkit-bench-capacity-"))
    server = None
    try:
        server = start_server(workdir, opts.page, 2 * samples + 1)
        url = f"{server.url}/voila/render/{opts.page}"
        if opts.static:
            opts.files = learn_page_files(server, opts.page)
        figures = {"client": [], "chromium": []}
        for i in range(samples):
            va.progress(f"sample {i + 1}: one visit by this client")
            row, s, k = measured(server, lambda: asyncio.run(arrive(server.url, opts.page, 1, "at-once", opts))[0])
            if "usable_s" not in row or "click_s" not in row:
                raise va.BenchError(f"the client's visit failed: {row}")
            figures["client"].append((s, k, row))
            va.progress(f"sample {i + 1}: one visit by headless chromium")
            row = asyncio.run(chromium_visit(url, server))
            figures["chromium"].append((*row["cpu"], row))
        load = os.getloadavg()
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"\nOne visit of {opts.page}, class mode (a warm kernel each), CPU seconds from idle to idle:")
    for who, runs in figures.items():
        for s, k, row in runs:
            extra = (f"{row.get('models')} models, {row.get('static_files', 0)} static files"
                     if who == "client" else f"{len(row['requests'])} requests, sent {row['sent']}")
            print(f"   {who:8s}: server {s:.2f} + kernel {k:.2f} = {s + k:.2f}  (usable after {row['usable_s']:.1f} s; {extra})")
    row = figures["chromium"][-1][2]
    host = urlparse(url).netloc
    print(f"   chromium's requests to the server beyond the static files: "
          f"{[m + ' ' + urlparse(u).path for m, u in row['requests'] if urlparse(u).netloc == host and (m != 'GET' or '/api/' in u)]}")
    client = statistics.median(s + k for s, k, _ in figures["client"])
    chromium = statistics.median(s + k for s, k, _ in figures["chromium"])
    ratio = client / chromium if chromium else float("nan")
    print(f"   median: client {client:.2f} CPU s, chromium {chromium:.2f} CPU s: ratio {ratio:.2f} "
          f"({'within' if abs(ratio - 1) <= 0.2 else 'NOT within'} 20 %); load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, choices=(10, 30, 60), help="one size only (default: 10, 30 and 60)")
    parser.add_argument("--arrival", choices=("at-once", "spread"), help="one arrival only (default: both)")
    parser.add_argument("--class-mode", choices=("on", "off"), help="one mode only (default: both)")
    parser.add_argument("--page", default="flip7.ipynb", help="notebook under notebooks/ (default flip7.ipynb)")
    parser.add_argument("--open-in-view", type=int, default=0,
                        help="'Show the example' buttons the page presses as they come near the screen (default 1)")
    parser.add_argument("--no-static", dest="static", action="store_false", help="skip the page's static files")
    parser.add_argument("--no-learn", dest="learn", action="store_false",
                        help="fetch only the files the page's HTML names, not those one chromium page fetched")
    parser.add_argument("--nginx", action="store_true",
                        help="visitors go through nginx with the shipped site (deploy/nginx/cardkit.conf), as at a school")
    parser.add_argument("--profile-server", metavar="FILE",
                        help="run the server under cProfile, its statistics written to FILE when it stops")
    parser.add_argument("--check", action="store_true", help="one visit by this client against one by chromium")
    parser.add_argument("--samples", type=int, default=3, help="--check: visits of each (default 3)")
    opts = parser.parse_args()
    opts.files = None
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    if not (va.NOTEBOOKS / opts.page).is_file():
        print(f"no notebook {opts.page} under notebooks/")
        return 2
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start; page {opts.page}")
    try:
        if opts.check:
            return check(opts)
        for visitors, arrival, mode in CASES:
            if opts.visitors not in (None, visitors) or opts.arrival not in (None, arrival) \
                    or opts.class_mode not in (None, mode):
                continue
            report(run_case(visitors, arrival, mode, opts))
            sys.stdout.flush()
    except va.BenchError as exc:
        print(f"error: {exc}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
