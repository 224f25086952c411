"""The server holds a class (issue 27): no silent page, a dead kernel is announced, a closed tab
ends its kernel, and pages past the limits get a friendly refusal.

Short: each test opens one or two pages. A slow page is fine; only a broken or silent one fails.
"""
from __future__ import annotations

import json
import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ._pages import APP, wait_until_usable
from .conftest import SCREENSHOTS, _stop, render, start_voila

pytestmark = pytest.mark.browser

NOTICE_TIMEOUT = 120_000      # ms: the server may be slow to run a page, and the page reloads once


def kernel_id(page) -> str:
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]


def kernel_pids(kernel: str) -> list[int]:
    """Processes of this user running the kernel ``kernel`` (its connection file names it)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if f"kernel-{kernel}.json" in cmdline and "ipykernel" in cmdline:
            found.append(int(entry))
    return found


def kernel_alive(url: str, kernel: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/kernels/{kernel}", timeout=10) as response:
            return response.status == 200
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


@pytest.fixture(scope="module", params=[True, False], ids=["voila-says-so", "voila-silent"])
def server_dropping_outputs(request):
    """A server that gives up on a cell's output at once (IOPub timeout 0): the case of a busy
    server, on which Voila used to drop the output and leave the page without its game. With
    voila.json's raise_on_iopub_timeout Voila says so in the cell; without it (a host's own
    settings), the template marks the cell."""
    proc, url = start_voila(SCREENSHOTS / "voila-iopub.log", "--VoilaExecutor.iopub_timeout=0",
                            f"--VoilaExecutor.raise_on_iopub_timeout={request.param}")
    try:
        yield url
    finally:
        _stop(proc)


def test_a_page_whose_cell_output_was_given_up_says_so(page, server_dropping_outputs):
    page.goto(f"{server_dropping_outputs}/voila/render/flip7.ipynb", timeout=NOTICE_TIMEOUT)
    notice = page.locator(".ck-page-error")
    expect(notice).to_be_visible(timeout=NOTICE_TIMEOUT)      # after one reload by itself
    assert notice.get_attribute("data-reason") == "a cell did not finish"
    expect(notice.locator("button.ck-reload")).to_be_visible()
    expect(page.locator("#rendered_cells")).to_be_hidden()


def test_a_page_whose_kernel_died_says_so_and_starts_again(page, voila_url):
    render(page, voila_url, "flip7.ipynb", ".ck-action")
    expect(page.locator(".ck-kernel-gone")).to_have_count(0)
    kernel = kernel_id(page)
    pids = kernel_pids(kernel)
    assert pids, f"no process runs kernel {kernel}"
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    notice = page.locator(".ck-kernel-gone")
    expect(notice).to_be_visible(timeout=NOTICE_TIMEOUT)
    assert "lost its game" in notice.inner_text()
    page.locator(".ck-kernel-gone button.ck-restart").click()
    # a new kernel runs the whole page again: on a busy machine that is slow, not broken
    wait_until_usable(page, f"{APP} .ck-action", timeout=3 * NOTICE_TIMEOUT)
    expect(page.locator(".ck-kernel-gone")).to_have_count(0)
    assert kernel_id(page) != kernel


def test_leaving_a_page_shuts_its_kernel_down(page, voila_url):
    render(page, voila_url, "index.ipynb", ".ck-tile a")
    kernel = kernel_id(page)
    assert kernel_alive(voila_url, kernel)
    page.goto("about:blank")
    deadline = time.monotonic() + 60
    while kernel_alive(voila_url, kernel):
        assert time.monotonic() < deadline, f"kernel {kernel} still alive 60 s after its page was left"
        time.sleep(0.5)


@pytest.fixture(scope="module")
def server_for_one():
    proc, url = start_voila(SCREENSHOTS / "voila-limits.log", "--CardkitVoila.max_kernels_per_client=1")
    try:
        yield url
    finally:
        _stop(proc)


def test_a_page_past_the_limit_gets_a_friendly_refusal_and_a_closed_page_frees_its_seat(page, server_for_one):
    """One page per client: the landing page (only links) takes none, a lesson the one; past it, a
    game page is refused until the lesson's page is closed."""
    landing = page.context.new_page()
    render(landing, server_for_one, "index.ipynb", ".ck-tile a")
    render(page, server_for_one, "lessons/eights_will_i_draw.ipynb", ".ck-question")
    second = page.context.new_page()
    response = second.goto(f"{server_for_one}/voila/render/flip7.ipynb", wait_until="commit")
    assert response.status == 503
    assert response.headers.get("retry-after") == "60"
    expect(second.locator(".ck-class-full")).to_contain_text("many pages open")
    page.goto("about:blank")                 # the lesson's kernel ends: its seat is free
    deadline = time.monotonic() + 60
    while second.goto(f"{server_for_one}/voila/render/flip7.ipynb", wait_until="commit").status == 503:
        assert time.monotonic() < deadline, "the seat of a closed page was not freed in 60 s"
        time.sleep(1)
    wait_until_usable(second, f"{APP} .ck-action", timeout=NOTICE_TIMEOUT)


def test_every_page_has_the_apps_template_whatever_the_address_asks(ready_url):
    """``?template=lab`` once served Voila's own template: a page without the page guard and the
    lost-game notice."""
    for ask in ("template=lab", "template=classic", "template=cardkit&template=lab"):
        with urllib.request.urlopen(f"{ready_url}/voila/render/index.ipynb?{ask}", timeout=300) as response:
            body = response.read().decode()
        assert "page-guard.js" in body and "kernel-watch.js" in body, ask


@pytest.fixture(scope="module")
def server_ending_orphans():
    proc, url = start_voila(SCREENSHOTS / "voila-orphans.log", "--CardkitVoila.max_kernels_per_client=1",
                            "--CardkitVoila.orphan_timeout=6")
    try:
        yield url
    finally:
        _stop(proc)


def test_a_crashed_tab_frees_its_seat_within_the_orphan_timeout_and_an_open_page_keeps_its_kernel(
        page, server_ending_orphans):
    """A tab that crashes sends no shutdown: its kernel ends once no page has been connected to it for
    orphan_timeout seconds (6 here, 300 by default), not after the idle culler's 20 minutes. A page
    that stays open keeps its kernel past that time."""
    url = server_ending_orphans
    render(page, url, "index.ipynb", ".ck-tile a")
    kernel = kernel_id(page)
    page.wait_for_timeout(15_000)                   # more than twice the timeout, with the page open
    assert kernel_alive(url, kernel), "an open page's kernel was shut down"
    page.evaluate("navigator.sendBeacon = () => true")   # a crash: the socket drops, no shutdown is sent
    page.goto("about:blank")
    deadline = time.monotonic() + 120
    while kernel_alive(url, kernel):
        assert time.monotonic() < deadline, "a crashed tab's kernel was still alive after 120 s"
        time.sleep(1)
    second = page.context.new_page()                 # the client's one seat is free again
    response = second.goto(f"{url}/voila/render/index.ipynb", timeout=NOTICE_TIMEOUT)
    assert response.status == 200, f"the crashed tab's seat was not freed: HTTP {response.status}"
    wait_until_usable(second, ".ck-tile a", timeout=NOTICE_TIMEOUT)
