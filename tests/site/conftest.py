"""The static site (make site) in Debian's chromium: built once per session, served by a plain
static file server, every request to another host blocked.

Fixtures
  site_dir  (session)  a fresh build of the site (tools/site/build_site.py into a temporary
                       folder), or the build named by $CARDKIT_SITE (e.g. CARDKIT_SITE=site)
  site_url  (session)  base URL, no trailing slash, of ``python -m http.server`` serving it
  page      (function) a fresh page in its own context; requests to any host but this one are
                       aborted and listed in ``page.off_host``; ``page.errors`` lists uncaught
                       page errors and console errors; ``page.requests`` every URL requested
  open_page (function) ``open_page(page, "flip7", ".ck-app .ck-table")``: the rendered page of
                       notebooks/flip7.ipynb, once that selector is visible

The tests here run only when named (``pytest tests/site``, as ``make test-site`` does): they need
the site-building tools (the ``site`` extra) and npm, which ``make test`` does not install.
A failed test leaves a screenshot in tests/site/screenshots/ (gitignored).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

# The same chromium, and the hook that lets ``page`` see a failure, as the Voila browser tests.
from tests.browser.conftest import _free_port, _stop, browser, pytest_runtest_makereport  # noqa: F401

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# Generous bounds that only guard against hangs: a page starts Python in the browser (Pyodide),
# 10-30 s on a busy 2-core machine; each wait ends as soon as its condition holds.
RENDER_TIMEOUT = 240_000
ACTION_TIMEOUT = 60_000
EXPECT_TIMEOUT = 60_000


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    given = os.environ.get("CARDKIT_SITE")
    if given:
        site = Path(given).resolve()
        assert (site / "voici" / "render" / "index.html").is_file(), f"CARDKIT_SITE={given}: no built site there"
        return site
    site = tmp_path_factory.mktemp("site") / "site"
    subprocess.run([sys.executable, str(REPO / "tools" / "site" / "build_site.py"), "--out", str(site)],
                   check=True, cwd=REPO)
    return site


@pytest.fixture(scope="session")
def site_url(site_dir):
    port = _free_port()
    SCREENSHOTS.mkdir(exist_ok=True)
    log = open(SCREENSHOTS / "http.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
                            cwd=site_dir, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=2).close()
            break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                _stop(proc)
                pytest.fail("the static file server did not start (tests/site/screenshots/http.log)")
            time.sleep(0.2)
    yield url
    _stop(proc)
    log.close()


@pytest.fixture
def page(browser, site_url, request):  # noqa: F811  (the fixture imported above)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(ACTION_TIMEOUT)
    expect.set_options(timeout=EXPECT_TIMEOUT)
    here = urlparse(site_url).netloc
    pg = context.new_page()
    pg.off_host, pg.errors = [], []

    def route(r):
        parsed = urlparse(r.request.url)
        if parsed.scheme in ("data", "blob") or parsed.netloc == here:
            r.continue_()
        else:
            pg.off_host.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    pg.requests = []                            # every URL asked for, the kernel's (a worker's) too
    context.on("request", lambda r: pg.requests.append(r.url))
    pg.on("pageerror", lambda exc: pg.errors.append(f"pageerror: {exc}"))
    pg.console = []                             # every console line, in order
    pg.on("console", lambda msg: pg.console.append(msg.text))
    pg.on("console", lambda msg: msg.type == "error" and pg.errors.append(f"console: {msg.text}"))
    yield pg
    if any(getattr(getattr(request.node, f"rep_{w}", None), "failed", False) for w in ("setup", "call")):
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid.split("::", 1)[-1])
        try:
            pg.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
        except Exception as exc:
            print(f"no screenshot: {exc}")
        print("page errors:", *pg.errors, "requests to other hosts:", *pg.off_host, sep="\n  ")
    context.close()


def open_page(page, url: str, notebook: str, selector: str):
    """Open the static page of notebooks/<notebook>.ipynb and wait until ``selector`` is visible
    (the cells have run in the browser and the widgets are drawn)."""
    response = page.goto(f"{url}/voici/render/{notebook}.html")
    assert response is not None and response.ok, f"{notebook}: HTTP {response and response.status}"
    page.wait_for_selector(selector, state="visible", timeout=RENDER_TIMEOUT)
    return page


@pytest.fixture(name="open_page")
def open_page_fixture(site_url):
    return lambda page, notebook, selector: open_page(page, site_url, notebook, selector)
