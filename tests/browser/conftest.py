"""Browser tests: the notebooks served by Voila, driven in Debian's chromium.

Fixtures
  voila_url   (session)  base URL, no trailing slash, of the app's Voila server
                         (server.voila_server) serving notebooks/ from the repository
                         root with voila.json, page limits off
  ready_url   (function) the same, once every preheated kernel has run its notebook
                         (``render`` waits for that itself)
  browser     (session)  one chromium, /usr/bin/chromium (or $CARDKIT_CHROMIUM)
  page        (function) a fresh page in its own context; ``page.errors`` lists
                         uncaught page errors and console errors, and
                         ``page.external_errors`` the failed loads of resources
                         from outside this machine (kept apart: no network here)
  render      (function) the ``render`` helper below
  screenshot  (function) the ``screenshot`` helper below

A failed test leaves a screenshot of the whole page in tests/browser/screenshots/
(gitignored), next to voila.log, the server's output; the end of that log is
printed with the failure. Mark every test here with ``pytest.mark.browser``;
``pytest -m "not browser"`` deselects them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from .._ports import server_port as _free_port  # noqa: F401  (the servers' ports: tests/_ports.py)
from ._pages import TEACHER_KEY, wait_until_usable
from ._voila_server import READY

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VOILA_LOG = SCREENSHOTS / "voila.log"
VOILA_SERVER = Path(__file__).resolve().parent / "_voila_server.py"
START_TIMEOUT = 90  # seconds for Voila to answer
RENDER_TIMEOUT = 60_000  # milliseconds for a notebook page to finish rendering
# Upper bounds that only guard against hangs: every wait below ends as soon as its condition
# holds, so a busy machine (issue 7) gets more time without slowing a quiet one.
PREHEAT_TIMEOUT = 300  # seconds for the preheated kernels to run their notebooks
ACTION_TIMEOUT = 60_000  # milliseconds for a click, a fill, ... (Playwright's default is 30 s)
EXPECT_TIMEOUT = 30_000  # milliseconds for an expect(...) to come true (Playwright's default is 5 s)
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
# Leaving a page, Voila's own beacon posts /voila/api/shutdown/<kernel> without an xsrf token and
# gets 403; the template's beacon, which carries one, shuts the kernel down. Not an error a person
# would see.
SHUTDOWN_BEACON = re.compile(r"403 \(Forbidden\)")
GUARD_GAVE_UP = "cardkit: page not shown ("   # the page guard's warning as it hides a broken page


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def _preheat_on() -> bool:
    config = json.loads((REPO / "voila.json").read_text())
    return bool(config.get("VoilaConfiguration", {}).get("preheat_kernel", False))


def wait_for_preheated_kernels(timeout: float = PREHEAT_TIMEOUT) -> None:
    """Return once every preheated kernel waiting in a pool has run its whole notebook.

    Voila starts a new kernel for a page's pool each time a page takes one, and serves a
    page from a kernel that is still running its cells by streaming them. On a busy machine
    such a page can lose the browser's race against the widget manager's fixed timeouts
    ("widget model not found", issue 7), so a test asks for a page only once the kernels are
    ready, as a visitor of a running server would find them. ``_voila_server.py`` logs
    READY when a kernel reaches ``wait_for_request()``.
    """
    if not _preheat_on():
        return
    deadline = time.monotonic() + timeout
    while True:
        text = VOILA_LOG.read_text(errors="replace")
        started = set(re.findall(r"Kernel started: ([\w-]+)", text))
        gone = set(re.findall(r"(?:Using pre-heated kernel|Kernel shutdown): ([\w-]+)", text))
        ready = set(re.findall(re.escape(READY) + r" ([\w-]+)", text))
        waiting = started - gone - ready
        if not waiting:
            return
        if time.monotonic() > deadline:
            pytest.fail(f"preheated kernels still running their notebooks after {timeout} s: {sorted(waiting)}\n"
                        + text[-3000:])
        time.sleep(0.5)


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM lets Voila shut its kernels down; kill the group if it hangs."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    try:  # kernels orphaned by a killed server: they share its process group
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def start_voila(log_path: Path, *extra_args: str, data_dir: str | None = None,
                port: int | None = None) -> tuple[subprocess.Popen, str]:
    """The app's server (``server.voila_server``, as ``make app`` runs it) serving notebooks/ on a
    port of its own (``$CARDKIT_TEST_PORT`` + n, or a free one), logging to ``log_path``; returns (process, base URL) once it answers. The page limits
    are off (every test's pages come from one address) unless ``extra_args`` set them. ``data_dir``:
    the class rooms' folder (CARDKIT_DATA; default a fresh one); ``port``: that port (a server
    restarted for the same browser: its storage is the origin's)."""
    if not NOTEBOOKS.is_dir():
        pytest.fail(f"{NOTEBOOKS} does not exist: nothing to serve")
    SCREENSHOTS.mkdir(exist_ok=True)
    port = port or _free_port()
    env = dict(os.environ)
    env["CARDKIT_TEACHER_KEY"] = TEACHER_KEY   # a page opened with ?teacher=<it> has the teacher view
    env["CARDKIT_DATA"] = data_dir or tempfile.mkdtemp(prefix="cardkit-data-")   # the class rooms' store
    env.pop("CARDKIT_DB", None)
    env.pop("CARDKIT_TEACHER_VIEW", None)
    # The app's Voila template lives in the repository; find it even when the
    # environment was installed without `make` (an editable install does not
    # copy data files).
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(REPO / "share" / "jupyter"), env.get("JUPYTER_PATH")) if p
    )
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    cmd = [
        sys.executable, str(VOILA_SERVER), "notebooks/",  # the app's server, logging READY
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--Voila.ip=127.0.0.1",
        *(f"--CardkitVoila.{limit}=0" for limit in ("max_kernels", "max_kernels_per_client")
          if not any(arg.startswith(f"--CardkitVoila.{limit}=") for arg in extra_args)),
        *extra_args,
    ]  # everything else comes from voila.json in the working directory
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    while not _answers(url + "/"):
        if proc.poll() is not None or time.monotonic() > deadline:
            _stop(proc)
            tail = log_path.read_text(errors="replace")[-3000:]
            pytest.fail(f"Voila did not start ({' '.join(cmd)}):\n{tail}")
        time.sleep(0.3)
    return proc, url


@pytest.fixture(scope="session")
def voila_url():
    """Start the app's server on notebooks/ on a port of its own; yield its base URL."""
    proc, url = start_voila(VOILA_LOG)
    try:
        yield url
    finally:
        _stop(proc)


@pytest.fixture
def ready_url(voila_url):
    """``voila_url``, once the preheated kernels have run their notebooks: for a test that
    opens a page itself instead of through ``render``."""
    wait_for_preheated_kernels()
    return voila_url


@pytest.fixture(scope="session")
def browser():
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).is_file()):
        pytest.fail(
            f"no chromium at {CHROMIUM}: `apt-get install -y chromium` "
            "(or set CARDKIT_CHROMIUM), or skip these tests with -m 'not browser'"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so fixtures can see a failure."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def _is_local(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob") or parsed.hostname in LOCAL_HOSTS


def watch(pg, dialogs: bool = False) -> None:
    """Collect on ``pg`` what a person would see break: ``pg.errors`` (uncaught errors, local console
    errors; with ``dialogs``, an alert or confirm is one too and is dismissed) and ``pg.external_errors``
    (failed loads from outside this machine: no network here).

    A page the page guard found broken and reloads itself is gone: its errors ("widget model not
    found", "Failed to initialize model": the known flake under load) are kept apart, in
    ``pg.replaced_errors``, from the errors of the page the test goes on with. Only the guard's own
    words mark it (it then hides the cells)."""
    pg.errors, pg.external_errors, pg.replaced_errors = [], [], []
    replacing = []

    def on_navigated(frame):
        if frame == pg.main_frame:
            replacing.clear()

    def note(text):
        (pg.replaced_errors if replacing else pg.errors).append(text)

    def on_console(msg):
        if msg.type == "warning" and msg.text.startswith(GUARD_GAVE_UP):
            replacing.append(msg.text)
            pg.replaced_errors.extend(pg.errors)
            pg.replaced_errors.append(msg.text)
            pg.errors.clear()
            return
        if msg.type != "error":
            return
        source = (msg.location or {}).get("url", "")
        if SHUTDOWN_BEACON.search(msg.text) and "/voila/api/shutdown/" in source:
            return
        if msg.text.startswith("Failed to load resource") and source and not _is_local(source):
            pg.external_errors.append(f"{msg.text} ({source})")
        else:
            note(f"console: {msg.text} ({source})")

    pg.on("pageerror", lambda exc: note(f"pageerror: {exc}"))
    pg.on("console", on_console)
    pg.on("framenavigated", on_navigated)
    if dialogs:
        pg.on("dialog", lambda dialog: (note(f"dialog: {dialog.message}"), dialog.dismiss()))


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    # Kernel round trips take seconds on a busy machine: wait for conditions, with generous bounds.
    context.set_default_timeout(ACTION_TIMEOUT)
    expect.set_options(timeout=EXPECT_TIMEOUT)
    pg = context.new_page()
    watch(pg)
    yield pg
    failed = any(
        getattr(getattr(request.node, f"rep_{when}", None), "failed", False)
        for when in ("setup", "call")
    )
    if failed:
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid.split("::", 1)[-1])
        try:
            print("screenshot:", screenshot(pg, name))
        except Exception as exc:  # a crashed page must not hide the real failure
            print(f"no screenshot for {name}: {exc}")
        if pg.errors:
            print("page errors:", *pg.errors, sep="\n  ")
        if pg.replaced_errors:
            print("errors of a page the page guard reloaded:", *pg.replaced_errors, sep="\n  ")
        if VOILA_LOG.exists():
            print("end of voila.log:", *VOILA_LOG.read_text(errors="replace").splitlines()[-40:], sep="\n")
    context.close()


def render(page, url: str, notebook: str, selector: str | None = None,
           timeout: float = RENDER_TIMEOUT):
    """Open ``notebook`` (a path under notebooks/) as Voila renders it.

    Returns once every cell has run (Voila then shows ``#rendered_cells``) and,
    when ``selector`` is given, once an element matching it is visible: pass a
    widget's stable class (``.ck-table``, ``.ck-action``, ...) to wait for the
    widgets to be drawn, which happens after the cells have run. A page the
    page guard reloads (a broken page on a busy machine) is waited for again
    after its reload, and a game paused at a round end before the person's
    first move goes on with Next round (``_pages.wait_until_usable``). Fails if
    a cell raised: Voila then stops, and shows a notice instead of the
    traceback (the traceback is in voila.log).
    """
    target = f"{url}/voila/render/{notebook}"
    wait_for_preheated_kernels()
    response = page.goto(target, timeout=timeout)
    assert response is not None and response.ok, (
        f"{target}: HTTP {response.status if response else 'no response'}"
    )
    wait_until_usable(page, selector, timeout)
    return page


#: Under CI nobody looks at the pictures a passing test keeps, and a tall page's costs seconds of CPU.
KEEP_PICTURES = os.environ.get("CI", "").lower() not in ("true", "1", "yes")


def screenshot(page, name: str, kept: bool = False) -> Path | str:
    """Save the whole page as tests/browser/screenshots/<name>.png.

    ``kept``: a picture to look at after a run, not the evidence of a failure; not taken under CI.
    Voila's cells scroll inside ``#rendered_cells``, not the document, so a
    ``full_page`` screenshot shows one viewport: grow the viewport instead.
    """
    if kept and not KEEP_PICTURES:
        return f"{name}.png not taken (CI)"
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    size = page.viewport_size or {"width": 1280, "height": 900}
    height = page.evaluate(
        "() => (document.querySelector('#rendered_cells') || document.documentElement).scrollHeight"
    )
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(height, 12000))})
    try:
        page.screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)
    return path


@pytest.fixture(name="render")
def render_fixture():
    """``render(page, voila_url, "flip7.ipynb", ".ck-action")``"""
    return render


@pytest.fixture(name="screenshot")
def screenshot_fixture():
    """``screenshot(page, "flip7-after-hit")`` -> the PNG's path"""
    return screenshot
