"""The class's JupyterHub (deploy/jupyterhub/jupyterhub_config.py), run for real as `make hub` runs it:
the hub, configurable-http-proxy from npm, the idle culler and a throwaway PostgreSQL as CARDKIT_DB.
A teacher and three students, each in a browser of their own, sign up; the teacher approves the
students (NativeAuthenticator; a name someone guesses at is blocked after 5 wrong passwords) and lands on the Class board in their own server, where they create
the class. Each student lands on the landing page in their own server (/user/<name>/voila/render/),
follows its Flip 7 tile, joins the class from the class bar and finishes a game; then they sit at one
Frantic table. The teacher's board, in the teacher's server, shows the three, their games and the
table. Before making that table, Ada tries every way to run code of her own in her server (the lock,
deploy/jupyterhub/voila_only.py): each is refused, and the same page then makes the table. Prints the
memory of each part (docs/deploy.md quotes it)."""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import expect

from .._ports import server_port
from ._pages import (APP, SHARED, TEACHER_KEY, create_class, create_table, finish_game, follow_tile, join,
                                  saved, sit, wait_until_usable)
from ._people import people
from .conftest import SCREENSHOTS
from ..classroom.pg_server import PostgresServer, pg_bin

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
JUPYTERHUB = Path(sys.executable).parent / "jupyterhub"
PASSWORD = "cards-and-chances-7B"
STUDENTS = ["ada", "bo", "cy"]
BOARD_SEES = 30_000      # ms: a slow board passes, one that never shows the result fails


def _answers(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


@pytest.fixture(scope="module")
def hub():
    """The hub as `make hub` starts it, on PostgreSQL; yields (base URL, hub process)."""
    if not JUPYTERHUB.exists():
        pytest.fail(f"no {JUPYTERHUB}: `make venv` (or `make hub`) installs the hub extra")
    if pg_bin() is None:
        pytest.fail("no PostgreSQL (initdb, pg_ctl): apt-get install postgresql")
    pg = PostgresServer(pg_bin())
    data = Path(tempfile.mkdtemp(prefix="cardkit-hub-"))
    port, hub_port, api_port = server_port(), server_port(), server_port()
    env = {**os.environ, "CARDKIT_HUB_DATA": str(data / "hub-data"), "CARDKIT_DB": pg.new_database(),
           "CARDKIT_TEACHER_KEY": TEACHER_KEY, "CARDKIT_HUB_IDLE": "600"}
    SCREENSHOTS.mkdir(exist_ok=True)
    log_path = SCREENSHOTS / "jupyterhub.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [str(JUPYTERHUB), "-f", str(CONFIG), "--ip=127.0.0.1", f"--port={port}",
             f"--JupyterHub.hub_port={hub_port}", f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api_port}"],
            cwd=data, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while not _answers(url + "/hub/login"):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("the hub did not start:\n" + log_path.read_text(errors="replace")[-3000:])
            time.sleep(0.5)
        yield url, proc
    finally:
        proc.send_signal(signal.SIGTERM)          # the hub stops the students' servers and the proxy
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        pg.cleanup()


def sign_up(page, url, name):
    page.goto(f"{url}/hub/signup")
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORD)
    page.fill("#password_confirmation_input", PASSWORD)
    page.locator("form input[type=submit], form button[type=submit]").first.click()
    expect(page.locator(".alert")).to_contain_text(
        "successful" if name == "teacher" else "sent to the admin")


def log_in(page, url, name, next_url="", password=PASSWORD):
    page.goto(f"{url}/hub/login" + (f"?next={next_url}" if next_url else ""))
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")


# Sends an execute_request over the kernel websocket the page itself uses, then a kernel_info_request:
# the shell channel answers in order, so the info reply arriving before any answer to the code proves
# the code was dropped, not slow. Returns the messages that answered the code.
EXECUTE_OVER_WEBSOCKET = """async ([url, code]) => {
  const ws = new WebSocket(url);
  await new Promise((opened, failed) => { ws.onopen = opened; ws.onerror = () => failed(new Error("no websocket")); });
  const message = (type, id, content) => JSON.stringify({channel: "shell", parent_header: {}, metadata: {}, buffers: [],
    header: {msg_id: id, msg_type: type, username: "", session: "doors", date: new Date().toISOString(), version: "5.3"},
    content});
  const answers = [];
  const answered = new Promise(done => { ws.onmessage = event => {
    const reply = JSON.parse(event.data);
    if (reply.parent_header.msg_id === "code") answers.push(reply.msg_type);
    if (reply.parent_header.msg_id === "info" && reply.msg_type === "kernel_info_reply") done();
  }; });
  ws.send(message("execute_request", "code", {code, silent: false, store_history: false, user_expressions: {},
                                              allow_stdin: false, stop_on_error: true}));
  ws.send(message("kernel_info_request", "info", {}));
  await answered;
  ws.close();
  return answers;
}"""
NOTEBOOK = {"cells": [{"cell_type": "code", "source": "import os; print(os.environ['CARDKIT_DB'])", "metadata": {},
                       "outputs": [], "execution_count": None}],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def try_the_doors(page, server, channels):
    """From a student's own login (her browser's cookies and xsrf token), every way to run code in her
    server: each refused by the lock (the authorizer's own message, not a token error); reading her
    kernel's state and Voila's static files still work."""
    kernel = re.search(r"/api/kernels/([^/]+)/channels", channels).group(1)
    xsrf = next(c["value"] for c in page.context.cookies(f"{server}/") if c["name"] == "_xsrf")

    def answer(door, data=None):
        method, path = door.split(" ")
        response = page.context.request.fetch(f"{server}/{path}", method=method, data=data,
                                              headers={"X-XSRFToken": xsrf})
        if response.status < 400 or "html" in response.headers.get("content-type", ""):
            return response.status, ""
        try:
            return response.status, response.json()["message"]
        except ValueError:
            return response.status, response.text()

    refused = "User is not authorized to write on resource: {}."
    assert {door: answer(door, data) for door, data in [
        (f"GET api/kernels/{kernel}", None),                  # reading a kernel's state: allowed
        ("POST api/kernels", {"name": "python3"}),
        ("POST api/sessions", {"path": "x.ipynb", "type": "notebook", "kernel": {"name": "python3"}}),
        (f"DELETE api/kernels/{kernel}", None),
        (f"POST api/kernels/{kernel}/restart", None),
        ("PUT api/contents/evil.ipynb", {"type": "notebook", "content": NOTEBOOK}),
        ("GET api/contents/evil.ipynb", None),                # nothing written...
        ("GET voila/render/evil.ipynb", None),                # ...so nothing for Voila to run
        ("POST api/terminals", None),                         # no terminals at all
        ("GET voila/static/kernel-watch.js", None),           # Voila's static files: served
    ]} == {
        f"GET api/kernels/{kernel}": (200, ""),
        "POST api/kernels": (403, refused.format("kernels")),
        "POST api/sessions": (403, refused.format("sessions")),
        f"DELETE api/kernels/{kernel}": (403, refused.format("kernels")),
        f"POST api/kernels/{kernel}/restart": (403, refused.format("kernels")),
        "PUT api/contents/evil.ipynb": (403, refused.format("contents")),
        "GET api/contents/evil.ipynb": (404, "file or directory '/evil.ipynb' does not exist"),
        "GET voila/render/evil.ipynb": (404, ""),
        "POST api/terminals": (404, ""),
        "GET voila/static/kernel-watch.js": (200, ""),
    }

    # The page's kernel websocket, from a tab of her server's origin (a static file of Voila's: the
    # API's own pages forbid websockets) with a session of its own.
    tab = page.context.new_page()
    try:
        tab.goto(f"{server}/voila/static/kernel-watch.js")
        socket_url = re.sub(r"session_id=[^&]*", "session_id=doors", channels)
        assert tab.evaluate(EXECUTE_OVER_WEBSOCKET, [socket_url, NOTEBOOK["cells"][0]["source"]]) == []
    finally:
        tab.close()


def memory(hub_proc) -> dict:
    """RSS in MB: the hub, the proxy, the culler, and each student's server with its kernels."""
    mb = lambda procs: round(sum(p.memory_info().rss for p in procs) / 2**20)   # noqa: E731
    hub = psutil.Process(hub_proc.pid)
    figures = {"hub": mb([hub])}
    for child in hub.children():
        line = " ".join(child.cmdline())
        if "configurable-http-proxy" in line:
            figures["proxy"] = mb([child, *child.children(recursive=True)])
        elif "jupyterhub_idle_culler" in line:
            figures["idle culler"] = mb([child])
        elif "jupyterhub-singleuser" in line:
            user = child.environ().get("JUPYTERHUB_USER", "?")
            kernels = child.children(recursive=True)
            figures[f"{user}: server"] = mb([child])
            figures[f"{user}: kernels ({len(kernels)})"] = mb(kernels)
    return figures


def test_a_class_on_the_hub(hub, browser, screenshot):
    url, hub_proc = hub
    with people(browser, screenshot, "jupyterhub") as crowd:
        teacher = crowd.new_page()
        sign_up(teacher, url, "teacher")                   # the admin's own sign-up needs no approval
        students = {}
        for name in STUDENTS:
            students[name] = crowd.new_page()
            sign_up(students[name], url, name)
        log_in(students["ada"], url, "ada")                # not yet approved: no way in
        expect(students["ada"].locator("p.login_error")).to_be_visible()
        assert "/hub/login" in students["ada"].url

        guesser = crowd.new_page()                         # an approved name someone tries to guess
        sign_up(guesser, url, "eve")
        log_in(teacher, url, "teacher", "/hub/authorize")
        for name in [*STUDENTS, "eve"]:
            teacher.locator(f"tr#{name}").get_by_role("button", name="Authorize", exact=True).click()
            expect(teacher.locator(f"tr#{name}").get_by_role("button", name="Unauthorize", exact=True)).to_be_visible()

        for _ in range(5):                                 # 5 wrong passwords block the name for 10 minutes
            log_in(guesser, url, "eve", password="not-her-password")
            expect(guesser.locator("p.login_error")).to_be_visible()
        log_in(guesser, url, "eve")                        # even the right one, now
        expect(guesser.locator("p.login_error")).to_be_visible()
        assert "/hub/login" in guesser.url

        teacher.goto(f"{url}/hub/spawn")                   # the teacher's server opens on the Class board
        teacher.wait_for_url(re.compile(r"/user/teacher/voila/render/class_board\.ipynb"), timeout=120_000)
        wait_until_usable(teacher, ".ck-board-create", timeout=120_000)
        assert TEACHER_KEY not in teacher.url              # the template took the key out of the address
        code = create_class(teacher)
        board = teacher.locator(".ck-board")

        for number, (name, page) in enumerate(students.items(), 1):
            log_in(page, url, name)                        # lands on the landing page of their own server
            page.wait_for_url(re.compile(rf"/user/{name}/voila/render/index\.ipynb$"), timeout=120_000)
            wait_until_usable(page, '.ck-tile[data-game="flip7"]', timeout=120_000)
            follow_tile(page, "flip7", "Flip 7", "lessons/flip7_when_to_stop.ipynb")   # a relative link
            assert page.url.startswith(f"{url}/user/{name}/voila/render/flip7.ipynb")
            join(page, code, name.capitalize())
            wait_until_usable(page, f"{APP} .ck-action", timeout=120_000)
            finish_game(page)
            saved(page)
            assert page.evaluate("window.cardkitRendererMended === true")   # the template's widget-restore.js ran
            expect(board.locator(".ck-board-count")).to_have_text(str(number), timeout=BOARD_SEES)
            expect(board.locator('.ck-board-game[data-game="flip7"]')).to_contain_text(
                f"{number} {'game' if number == 1 else 'games'} pooled", timeout=BOARD_SEES)
        game_page_memory = memory(hub_proc)                # each student's server with its Flip 7 page
        ada = students["ada"]
        ada.locator(APP).first.scroll_into_view_if_needed()
        SCREENSHOTS.mkdir(exist_ok=True)
        ada.screenshot(path=str(SCREENSHOTS / "jupyterhub_student_game.png"))
        ada.locator(".ck-nav a", has_text="All games").first.click()      # the game nav, relative too
        ada.wait_for_url(f"{url}/user/ada/voila/render/index.ipynb")

        # One Frantic table for the three: Ada makes it, the others sit by its code. Before she makes
        # it, she tries every way to run code of her own in her server; her page works on after.
        ada_sockets = []
        ada.on("websocket", lambda socket: ada_sockets.append(socket.url))
        for number, (name, page) in enumerate(students.items()):
            page.goto(f"{url}/user/{name}/voila/render/play_together.ipynb?game=frantic", timeout=120_000)
            page.wait_for_selector(f"{SHARED} .ck-shared-message", state="attached", timeout=120_000)
            if number == 0:
                channels = [u for u in ada_sockets if u.split("?")[0].endswith("/channels")][-1]
                started = time.monotonic()
                try_the_doors(page, f"{url}/user/{name}", channels)
                print(f"the doors tried in {time.monotonic() - started:.1f} s")
                table_code = create_table(page, name.capitalize(), 3)
            else:
                sit(page, table_code, name.capitalize())
        expect(board.locator(f".ck-board-tables tr[data-table='{table_code}']")).to_contain_text(
            "3 of 3 seats taken: Ada, Bo, Cy", timeout=BOARD_SEES)

        members = board.locator(".ck-board-members li")
        expect(members).to_have_text(["Ada", "Bo", "Cy"])
        print("screenshot:", screenshot(teacher, "jupyterhub_board", kept=True))
        print(f"memory (RSS, MB) with a Flip 7 page open in each server; load average {os.getloadavg()}",
              *(f"  {k}: {v}" for k, v in game_page_memory.items()), sep="\n")
        print("memory (RSS, MB) at the shared table (the Flip 7 kernels were shut as their tabs moved on)",
              *(f"  {k}: {v}" for k, v in memory(hub_proc).items()), sep="\n")
        for page in crowd.pages:
            assert page.errors == [], page.errors
