"""How long the probability corner takes to open, and how long the page freezes while it opens and
while a lesson's simulation draws its first plot (issue 28, items 2 and 5).

One Voila server, started as `make app` starts it (the repository's voila.json and template, the
page limits off), serves notebooks/; Debian's chromium (/usr/bin/chromium or $CARDKIT_CHROMIUM)
loads each page in a fresh tab through playwright. A PerformanceObserver of 'longtask' entries
records every task that held the page's main thread over 50 ms (while one runs the tab is frozen:
no scrolling, no clicks, no redraw).

- corner: on a game page, from the click on "Open the probability corner" to its figures visible,
  and to its chart of the next card (when the moment has one), with the longest task meanwhile.
- lesson: on a lesson page, from the click on a simulation's button to its first plot, and the
  longest task until the run is done (its button enabled again).

The machine's load (1-minute average) is printed beside each figure: on a shared 2-core machine the
figures move with it.

    python bench/page_freeze.py
    python bench/page_freeze.py --corner flip7 trump21 --lesson "flip7_when_to_stop:Play rounds"
"""
from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
LONG_TASKS = """(() => { window.__lt = []; new PerformanceObserver(list => { for (const e of list.getEntries())
  window.__lt.push(e.duration); }).observe({type: 'longtask', buffered: true}); })()"""
PLOTS = ".main-svg, .ck-svg-plot svg"
CORNERS = ["flip7", "trump21", "eights", "skitgubbe", "frantic"]
LESSONS = ["flip7_when_to_stop:Play rounds", "flip7_when_to_stop:Run the simulation",
           "eights_will_i_draw:Deal the hands", "skitgubbe_counting:Deal the hands"]
TIMEOUT = 180_000                     # ms: a cold kernel on a busy machine


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def start_server():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(REPO), JUPYTER_PATH=str(REPO / "share" / "jupyter"))
    proc = subprocess.Popen([sys.executable, "-m", "server.voila_server", "notebooks/", "--no-browser",
                             f"--port={port}", "--Voila.ip=127.0.0.1", "--CardkitVoila.max_kernels=0",
                             "--CardkitVoila.max_kernels_per_client=0"], cwd=REPO, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(240):
        try:
            urllib.request.urlopen(url + "/", timeout=5)
            return proc, url
        except OSError:
            time.sleep(0.5)
    raise SystemExit("Voila did not start")


def longest(page) -> float:
    return max(page.evaluate("window.__lt") or [0])


def corner(browser, url: str, game: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{url}/voila/render/{game}.ipynb")
    page.wait_for_selector(".ck-app .ck-table", state="visible")
    page.evaluate(LONG_TASKS)
    time.sleep(2)                                  # the page settles; its own tasks are not counted
    page.evaluate("window.__lt = []")
    button = page.get_by_role("button", name=re.compile("Open the probability corner"))
    button.scroll_into_view_if_needed()
    t0 = page.evaluate("performance.now()")
    button.click()
    page.wait_for_selector(".ck-prob .ck-insights, .ck-prob .ck-note", state="visible")
    t1 = page.evaluate("performance.now()")
    chart = page.locator(f".ck-prob .ck-next-card, .ck-prob {PLOTS}")
    chart_s = f"{(page.evaluate('performance.now()') - t0) / 1000:.2f} s" if chart.count() else "none now"
    time.sleep(1)
    print(f"corner {game}: figures {(t1 - t0) / 1000:.2f} s, chart {chart_s}, longest task "
          f"{longest(page):.0f} ms, {load()}", flush=True)
    page.close()


def lesson(browser, url: str, notebook: str, label: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{url}/voila/render/lessons/{notebook}.ipynb")
    page.wait_for_selector(f"button:has-text('{label}')", state="visible")
    page.evaluate(LONG_TASKS)
    time.sleep(2)
    page.evaluate("window.__lt = []")
    plots = page.locator(PLOTS).count()
    button = page.get_by_role("button", name=label).first
    button.scroll_into_view_if_needed()
    t0 = page.evaluate("performance.now()")
    button.click()
    page.wait_for_function(f"() => document.querySelectorAll({json.dumps(PLOTS)}).length > {plots}")
    t1 = page.evaluate("performance.now()")
    page.wait_for_function("(label) => [...document.querySelectorAll('button')]"
                           ".some(b => b.innerText.trim() === label && !b.disabled)", arg=label)
    time.sleep(1)
    over = [round(d) for d in page.evaluate("window.__lt") if d > 200]
    print(f"lesson {notebook} '{label}': first plot {(t1 - t0) / 1000:.2f} s, longest task {longest(page):.0f} ms, "
          f"tasks over 200 ms {over}, {load()}", flush=True)
    page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corner", nargs="*", default=CORNERS, help="game pages whose corner to open")
    parser.add_argument("--lesson", nargs="*", default=LESSONS, help="notebook:button of lessons to press")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    proc, url = start_server()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game in args.corner:
                corner(browser, url, game)
            for item in args.lesson:
                notebook, label = item.split(":", 1)
                lesson(browser, url, notebook, label)
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


if __name__ == "__main__":
    main()
