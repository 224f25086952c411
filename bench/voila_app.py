"""The app in a browser: Voila first render, Hit-to-table time and kernel memory.

One Voila server, started as `make app` starts it (same voila.json from the repository root, same
template), serves a temporary copy of notebooks/ plus a one-button notebook written here
(``import ipywidgets as w; w.Button(description="OK")``), so both pages get the same settings,
preheated kernels included when voila.json turns them on. Debian's chromium (/usr/bin/chromium or
$CARDKIT_CHROMIUM) loads the pages through playwright, each load in a fresh browser context.

1. First render: from navigation start (``performance.now()`` in the page, timed from the goto) to
   the first animation frame where Voila's spinner is gone, every widget output of the notebook is
   drawn, and (Flip 7) the GameApp's table and action buttons are visible, or (one button) the
   button is visible. Samples alternate between the pages after one warm-up load of each; before
   each load the server and its kernels are left to go idle (a used preheated kernel is replaced
   by a new one that runs the notebook, which would otherwise compete with the next load).
2. Hit: on a Flip 7 page, from the click event on the GameApp's Hit button (a real mouse click) to
   the last change of the GameApp's table (a MutationObserver on it; the table is done when the
   app has been quiet for a while). When Hit is not allowed (a target to choose first, the game is
   over) the first allowed move or New game is played, untimed.
3. Kernel memory: VmRSS (and the peak, VmHWM) of the kernel behind each first-render page, found
   by the kernelId in the page, once the page is loaded and the server idle.

Nothing is written into the repository: the served copy, Voila's log and Python's bytecode caches
go to a temporary directory, removed at the end; each measured kernel is shut down after use.

    python bench/voila_app.py                    # 5 first renders of each page, 10 Hits
    python bench/voila_app.py --samples 3 --hits 5
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

try:
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright
except ImportError:                   # reported by main()
    sync_playwright = None
    PlaywrightError = Exception

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
FLIP7 = "flip7.ipynb"
BUTTON = "bench_one_button.ipynb"
APP = ".ck-app"                      # the GameApp (the rule demos above it have tables of their own)

START_TIMEOUT = 120                  # s for Voila to answer (it compiles its bytecode afresh: see env)
RENDER_TIMEOUT = 180_000             # ms for a page's first render (a cold kernel on a busy machine)
HIT_TIMEOUT = 30_000                 # ms for the table to change after a click
QUIET_MS = 500                       # the app is settled after this long without a DOM change
IDLE_TIMEOUT = 120                   # s to wait for the server and its kernels to go idle
IDLE_WINDOW = 1.0                    # s: idle = under IDLE_CPU of one core over this window
IDLE_CPU = 0.05
FILL_DELAY = 1.5                     # s: Voila refills a kernel pool 1 s after a kernel is taken

GOAL_RATIO = 1.5
GOAL_HIT_MS = 150

BUTTON_NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "one-button", "metadata": {},
               "outputs": [], "source": ["import ipywidgets as w\n", 'w.Button(description="OK")']}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                 "language_info": {"name": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}

# Installed before any script of the page runs. Records, in performance.now() milliseconds since
# navigation start: DOMContentLoaded, the spinner's removal, and the first animation frame where
# the page is "rendered" (window.__ck.ready); then stops polling.
READY_JS = r"""
(() => {
  const want = __WANT__;
  const ck = window.__ck = {nw: null, dcl: null, spinner: null, interactive: null, ready: null};
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    return getComputedStyle(el).visibility !== 'hidden';
  };
  const allVisible = (sel) => {
    const els = document.querySelectorAll(sel);
    return els.length > 0 && Array.from(els).every(visible);
  };
  document.addEventListener('DOMContentLoaded', () => {
    ck.dcl = performance.now();
    let n = 0;  // widget outputs the page has to draw
    for (const s of document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]')) {
      try { if ((JSON.parse(s.textContent).data || {})['application/vnd.jupyter.widget-view+json']) n++; }
      catch (e) {}
    }
    ck.nw = n;
  });
  function tick() {
    const now = performance.now();
    const rc = document.getElementById('rendered_cells');
    const spinnerGone = ck.dcl !== null && !document.getElementById('loading') && rc && rc.style.display !== 'none';
    if (spinnerGone && ck.spinner === null) ck.spinner = now;
    if (spinnerGone && ck.interactive === null
        && Array.from(document.querySelectorAll('#rendered_cells button.jupyter-button')).some(visible))
      ck.interactive = now;
    if (spinnerGone
        && !document.querySelector('script[type="application/vnd.voila.cell-output+json"]')
        && Array.from(document.querySelectorAll('.jp-OutputArea-output'))
             .filter(o => o.querySelector(':scope > .jupyter-widgets')).length >= ck.nw
        && want.every(allVisible)) {
      ck.ready = now;
      return;
    }
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})();
"""
WANT = {
    FLIP7: [f"{APP} .ck-table", f"{APP} .ck-action"],
    BUTTON: [".jupyter-button"],
}

# Watches the GameApp before a click: the click event's time, the table's first and last change,
# and the app's last change (for "settled").
WATCH_JS = r"""
([appSel, tableSel]) => {
  const st = window.__ckHit = {t0: null, first: null, last: null, appLast: performance.now(), n: 0};
  const table = document.querySelector(tableSel), app = document.querySelector(appSel);
  const opts = {subtree: true, childList: true, characterData: true, attributes: true};
  st.tableObs = new MutationObserver((records) => {
    const t = performance.now();
    if (st.first === null) st.first = t;
    st.last = t; st.n += records.length;
  });
  st.appObs = new MutationObserver(() => { st.appLast = performance.now(); });
  st.tableObs.observe(table, opts);
  st.appObs.observe(app, opts);
  document.addEventListener('click', () => { if (st.t0 === null) st.t0 = performance.now(); },
                            {capture: true, once: true});
}
"""
CHANGED_SETTLED_JS = ("(quiet) => window.__ckHit.first !== null"
                      " && performance.now() - window.__ckHit.appLast > quiet")
UNWATCH_JS = """() => { const st = window.__ckHit; st.tableObs.disconnect(); st.appObs.disconnect();
  return {t0: st.t0, first: st.first, last: st.last, n: st.n}; }"""


class BenchError(RuntimeError):
    pass


T_START = time.monotonic()


def progress(text: str) -> None:
    """Progress on stderr, so that stdout holds the figures only."""
    print(f"[{time.monotonic() - T_START:5.0f} s] {text}", file=sys.stderr, flush=True)


# -- processes ---------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stat(pid: int):
    """(ppid, cpu seconds, start time) of a process, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / tick, int(fields[19])


def descendants(root: int) -> dict[int, int]:
    """{pid: start time} of every live descendant of ``root``."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(int(entry))
            if st:
                children.setdefault(st[0], []).append(int(entry))
    found, todo = {}, [root]
    while todo:
        for child in children.get(todo.pop(), []):
            st = _stat(child)
            if st:
                found[child] = st[2]
                todo.append(child)
    return found


def kernel_pid(server: int, kernel_id: str) -> int | None:
    for pid in descendants(server):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if f"kernel-{kernel_id}.json" in cmdline:
            return pid
    return None


def memory_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) in KiB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0])
    return values["VmRSS"], values["VmHWM"]


class Voila:
    """``voila <served>`` on a free port, run from the repository root so that it reads voila.json."""

    def __init__(self, served: Path, workdir: Path, extra_args=()):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "voila.log"
        self.seen: dict[int, int] = {}     # every descendant ever seen, for the final clean-up
        env = dict(os.environ)
        env["JUPYTER_PATH"] = os.pathsep.join(
            p for p in (str(REPO / "share" / "jupyter"), env.get("JUPYTER_PATH")) if p)
        env["PYTHONPYCACHEPREFIX"] = str(workdir / "pycache")   # no __pycache__ in the repository
        self.cmd = [sys.executable, "-m", "voila", str(served), "--no-browser", f"--port={self.port}",
                    "--Voila.port_retries=0", "--Voila.ip=127.0.0.1", *extra_args]
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(self.cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def wait_started(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            if self.proc.poll() is not None:
                raise BenchError(f"Voila exited with code {self.proc.returncode}:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise BenchError(f"Voila did not answer within {START_TIMEOUT} s:\n{self.log_tail()}")
            time.sleep(0.3)

    def cpu_seconds(self) -> float:
        procs = {self.proc.pid: 0, **descendants(self.proc.pid)}
        self.seen.update((p, s) for p, s in procs.items() if p != self.proc.pid)
        return sum(st[1] for st in map(_stat, procs) if st)

    def wait_idle(self, what: str) -> None:
        """Until the server and its kernels use under IDLE_CPU of a core over IDLE_WINDOW."""
        deadline = time.monotonic() + IDLE_TIMEOUT
        before, t = self.cpu_seconds(), time.monotonic()
        while True:
            time.sleep(IDLE_WINDOW)
            after, now = self.cpu_seconds(), time.monotonic()
            if (after - before) / (now - t) < IDLE_CPU:
                return
            if now > deadline:
                print(f"  note: server still busy {IDLE_TIMEOUT} s after {what}; going on")
                return
            before, t = after, now

    def shutdown_kernel(self, kernel_id: str) -> None:
        """Voila's own shutdown call (the page's beacon lacks the xsrf token, so do it here)."""
        request = urllib.request.Request(
            f"{self.url}/voila/api/shutdown/{kernel_id}", data=b"", method="POST",
            headers={"Cookie": "_xsrf=cardkit-bench", "X-XSRFToken": "cardkit-bench"})
        try:
            urllib.request.urlopen(request, timeout=30).close()
        except (urllib.error.URLError, OSError) as exc:
            print(f"  note: could not shut kernel {kernel_id} down ({exc}); it is culled when idle")

    def stop(self) -> None:
        """SIGTERM (Voila shuts its kernels down), then kill whatever of ours is left."""
        self.cpu_seconds()                              # note the newest descendants too
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        for pid, started in self.seen.items():          # kernels run in sessions of their own
            st = _stat(pid)
            if st and st[2] == started:
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass


# -- pages -------------------------------------------------------------------------------------
def cell_error(page) -> str | None:
    box = page.locator('[data-mime-type="application/vnd.jupyter.stderr"]',
                       has_text="error when executing cell")
    return box.first.inner_text().strip() if box.count() else None


def open_page(browser, voila: Voila, notebook: str):
    """A fresh context and page, navigated to ``notebook``; returns (context, page, timings)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(READY_JS.replace("__WANT__", json.dumps(WANT[notebook])))
    url = f"{voila.url}/voila/render/{notebook}"
    try:
        response = page.goto(url, wait_until="commit", timeout=RENDER_TIMEOUT)
        if response is None or not response.ok:
            raise BenchError(f"{url}: HTTP {response.status if response else 'no response'}")
        page.wait_for_function("() => window.__ck && window.__ck.ready !== null", timeout=RENDER_TIMEOUT)
    except BenchError:
        context.close()
        raise
    except PlaywrightError as exc:
        try:
            detail = cell_error(page) or f"state in the page: {page.evaluate('() => window.__ck')}"
        except PlaywrightError as inner:
            detail = f"the page could not be read ({inner})"
        context.close()
        raise BenchError(f"{notebook} did not finish its first render within {RENDER_TIMEOUT / 1000:.0f} s "
                         f"({type(exc).__name__}); {detail}\nend of voila.log:\n{voila.log_tail()}") from exc
    timings = page.evaluate("() => window.__ck")
    if err := cell_error(page):
        context.close()
        raise BenchError(f"{notebook}: a cell failed: {err}")
    kernel_id = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    return context, page, timings, kernel_id


def render_sample(browser, voila: Voila, notebook: str) -> dict:
    voila.wait_idle(f"the load before {notebook}")
    context, _page, timings, kernel_id = open_page(browser, voila, notebook)
    try:
        time.sleep(FILL_DELAY)                # let a preheated pool start its refill, then wait it out
        voila.wait_idle(f"loading {notebook}")
        pid = kernel_pid(voila.proc.pid, kernel_id)
        cpu = (_stat(pid) or (0, None))[1] if pid else None
        try:
            rss = memory_kib(pid) if pid else None
        except (OSError, KeyError):                 # the kernel went away meanwhile
            rss = None
    finally:
        context.close()
    voila.shutdown_kernel(kernel_id)
    return {**timings, "rss": rss, "cpu": cpu}


def hit_samples(browser, voila: Voila, count: int) -> tuple[list[dict], int]:
    """Times of ``count`` Hit clicks on one Flip 7 page; also returns the untimed moves played."""
    voila.wait_idle("the render samples")
    context, page, _timings, kernel_id = open_page(browser, voila, FLIP7)
    samples, untimed = [], 0
    try:
        # The moves shown are all the candidates; those the engine refuses now carry .ck-illegal.
        hit = page.locator(f"{APP} .ck-action:not(.ck-illegal)", has_text=re.compile(r"^\s*Hit\s*$"))
        others = page.locator(f"{APP} .ck-action:not(.ck-illegal)")
        new_game = page.locator(f"{APP} .ck-new-game")
        time.sleep(FILL_DELAY)
        voila.wait_idle("loading the Hit page")
        while len(samples) < count:
            if len(samples) + untimed >= count * 10:
                raise BenchError(f"only {len(samples)} of {count} Hit clicks in {count * 10} moves")
            if hit.count() == 1:
                target, timed = hit, True
            elif others.count():
                target, timed = others.first, False
            else:
                target, timed = new_game, False
            label = "a move"
            try:
                label = target.inner_text(timeout=HIT_TIMEOUT).strip()
                page.evaluate(WATCH_JS, [APP, f"{APP} .ck-table"])
                target.click(timeout=HIT_TIMEOUT)
                page.wait_for_function(CHANGED_SETTLED_JS, arg=QUIET_MS,
                                       timeout=HIT_TIMEOUT)
            except PlaywrightError as exc:
                why = (str(exc).splitlines() or [type(exc).__name__])[0]
                raise BenchError(f"the GameApp's table did not change within {HIT_TIMEOUT / 1000:.0f} s "
                                 f"of a click on {label!r} ({why})\n"
                                 f"end of voila.log:\n{voila.log_tail()}") from exc
            result = page.evaluate(UNWATCH_JS)
            if timed:
                if result["t0"] is None:
                    raise BenchError("the click on Hit was not seen by the page")
                samples.append(result)
            else:
                untimed += 1
    finally:
        context.close()
    voila.shutdown_kernel(kernel_id)
    return samples, untimed


# -- report ------------------------------------------------------------------------------------
def ms(values) -> str:
    return ", ".join(f"{v:.0f}" for v in values)


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=5, help="first renders of each page (default 5)")
    parser.add_argument("--hits", type=int, default=10, help="timed Hit clicks (default 10)")
    parser.add_argument("--cold", action="store_true",
                        help="no preheated kernels, whatever voila.json says: every page starts its own kernel")
    args = parser.parse_args()
    # A plain kill (make interrupted, a CI time-out) still stops Voila and the browser: see finally.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))

    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).is_file()):
        print(f"no chromium at {CHROMIUM} (apt-get install -y chromium, or set CARDKIT_CHROMIUM): "
              "no browser figures")
        return 0
    if sync_playwright is None:
        print("playwright is not installed (pip install -e '.[test]'): no browser figures")
        return 0

    config = json.loads((REPO / "voila.json").read_text())
    vc = config.get("VoilaConfiguration", {})
    preheat = bool(vc.get("preheat_kernel")) and not args.cold
    extra_args = ["--VoilaConfiguration.preheat_kernel=False"] if args.cold else []
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(("--cold: " if args.cold else "") + f"voila.json: template={vc.get('template')}, preheat_kernel={preheat}"
          + (f", default_pool_size={vc.get('default_pool_size', 1)}" if preheat else ""))

    workdir = Path(tempfile.mkdtemp(prefix="cardkit-bench-voila-"))
    voila = None
    try:
        served = workdir / "notebooks"
        shutil.copytree(NOTEBOOKS, served, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        (served / BUTTON).write_text(json.dumps(BUTTON_NOTEBOOK, indent=1))
        if preheat:
            cells = [c for c in json.loads((served / FLIP7).read_text())["cells"] if c["cell_type"] == "code"]
            at = [i for i, c in enumerate(cells) if "wait_for_visitor" in "".join(c["source"])]
            if at and at[0] < len(cells) - 1:
                print(f"note: preheated, but flip7.ipynb waits for its visitor at code cell {at[0] + 1} of "
                      f"{len(cells)}: the cells after it run only once the page is asked for")
        voila = Voila(served, workdir, extra_args)
        progress(f"starting Voila on port {voila.port}")
        voila.wait_started()
        voila.wait_idle("start-up")           # preheated pools fill at start-up
        progress("Voila is up and idle")

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for notebook in (FLIP7, BUTTON):   # warm-up, not counted
                    render_sample(browser, voila, notebook)
                    progress(f"warm-up load of {notebook} done")
                runs = {FLIP7: [], BUTTON: []}
                for i in range(args.samples):
                    for notebook in (FLIP7, BUTTON):
                        runs[notebook].append(render_sample(browser, voila, notebook))
                        progress(f"first render {i + 1}/{args.samples} of {notebook}: "
                                 f"{runs[notebook][-1]['ready']:.0f} ms")
                hits, untimed = hit_samples(browser, voila, args.hits)
                progress("Hit clicks done")
            finally:
                browser.close()
    except BenchError as exc:
        print(f"error: {exc}")
        return 1
    finally:
        if voila is not None:
            voila.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    # 1. first render
    print(f"\n1. Voila first render, navigation start to widgets drawn (ms; {args.samples} loads each, "
          "alternating, fresh context, after one warm-up load each)")
    medians = {}
    for notebook, label in ((FLIP7, "flip7.ipynb"), (BUTTON, "one-button page")):
        ready = [r["ready"] for r in runs[notebook]]
        medians[notebook] = statistics.median(ready)
        print(f"   {label:16} median {medians[notebook]:6.0f}  min {min(ready):6.0f}   samples: {ms(ready)}")
        cpu = [r["cpu"] for r in runs[notebook] if r["cpu"] is not None]
        if cpu:
            print(f"   {'':16} kernel CPU to start and run the page (s): median {statistics.median(cpu):.2f}"
                  f"  (less sensitive than times to other load on the machine)")
        print(f"   {'':16} first button usable: median {statistics.median(r['interactive'] for r in runs[notebook]):6.0f}"
              f"  max {max(r['interactive'] for r in runs[notebook]):6.0f}")
        print(f"   {'':16} (medians: HTML parsed {statistics.median(r['dcl'] for r in runs[notebook]):.0f}, "
              f"spinner gone {statistics.median(r['spinner'] for r in runs[notebook]):.0f}, "
              f"widget outputs: {runs[notebook][0]['nw']})")
    ratio = medians[FLIP7] / medians[BUTTON]
    print(f"   ratio flip7 / one-button (medians): {ratio:.2f}   goal < {GOAL_RATIO}: {verdict(ratio < GOAL_RATIO)}")

    # 2. Hit
    to_last = [h["last"] - h["t0"] for h in hits]
    to_first = [h["first"] - h["t0"] for h in hits]
    print(f"\n2. Flip 7, click on Hit to the GameApp's table updated (ms; {len(hits)} clicks on one page, "
          f"{untimed} other moves untimed)")
    print(f"   to the last table change:  median {statistics.median(to_last):5.0f}  max {max(to_last):5.0f}"
          f"   goal < {GOAL_HIT_MS}: {verdict(statistics.median(to_last) < GOAL_HIT_MS)} (median), "
          f"{verdict(max(to_last) < GOAL_HIT_MS)} (max)")
    print(f"   to the first table change: median {statistics.median(to_first):5.0f}  max {max(to_first):5.0f}")
    print(f"   samples (last change): {ms(to_last)}")

    # 3. memory
    print("\n3. Kernel memory once the page is loaded and the server idle (MiB)")
    for notebook, label in ((FLIP7, "flip7.ipynb"), (BUTTON, "one-button page")):
        mem = [r["rss"] for r in runs[notebook] if r["rss"]]
        if not mem:
            print(f"   {label:16} kernel process not found")
            continue
        rss, hwm = [m[0] / 1024 for m in mem], [m[1] / 1024 for m in mem]
        print(f"   {label:16} RSS median {statistics.median(rss):6.1f}  max {max(rss):6.1f}   "
              f"peak (VmHWM) max {max(hwm):6.1f}   ({len(mem)} kernels)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
