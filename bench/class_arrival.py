"""A class arriving together: N browsers open the same page at once against one server.

The app's server (``server.voila_server``, as ``make app`` / ``make class`` run it; voila.json from
the repository root) serves notebooks/ on 127.0.0.1. One headless chromium (Debian's, via
playwright) on the same machine opens N pages, each in a browser context of its own (a student),
all at the same moment, and times each page from that moment to its first usable move button (a
``.ck-app .ck-action`` button, visible and enabled, or Next round: each page deals a random game, and
in some the bots end the first round before the student is asked). A page is broken when it shows the page
guard's notice (after the one reload the guard does by itself), says its kernel is gone, is
refused, or shows no move button within PAGE_TIMEOUT: that last one is a silent page.

Two runs, each with a server of its own:

- **class mode**: ``--class N`` warm kernels for the page (``make class``), N pages at once,
  after the server printed "ready: N pages warm"; also printed: the time and CPU the warm-up took;
- **without**: no warm kernels (``make app``), ``--plain N`` pages at once.

Printed for each: p50 / p95 / max seconds to the first usable move button, pages broken (and how
many the guard reloaded), the memory of the server and of each kernel once every page is in
(RSS), and the load average before and after (the machine is shared: read the figures with it).
The page limits are off (every page comes from 127.0.0.1). Nothing is written into the repository.

    python bench/class_arrival.py                      # class mode 30 pages, without 10, flip7
    python bench/class_arrival.py --class 30 --plain 0 # class mode only
    python bench/class_arrival.py --class 0 --plain 10 --page eights.ipynb
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import voila_app as va  # process, memory and clean-up helpers; chromium's path
from _hosting import Server, quantile  # the app's server, as make app / make class start it

try:
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import async_playwright
except ImportError:
    async_playwright = None

MAX_PAGES = 40
PAGE_TIMEOUT = 600                  # s for one page to show its first usable move button
GOAL_P95 = 5.0                      # s, class mode (issue 27)

# Stamps, in the page, the wall-clock time of its first usable move button or of its notice.
# Runs again after a reload by the page guard; the last stamp stands.
READY_JS = r"""
(() => {
  const ck = window.__ck = {at: null, broken: null};
  const usable = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !el.disabled && !el.classList.contains('ck-illegal')
      && getComputedStyle(el).visibility !== 'hidden';
  };
  function tick() {
    const notice = document.querySelector('.ck-page-error, .ck-kernel-gone, .ck-class-full');
    if (notice) { ck.broken = notice.className + ': ' + (notice.getAttribute('data-reason') || ''); ck.at = Date.now(); return; }
    const rc = document.getElementById('rendered_cells');
    if (rc && rc.style.display !== 'none' && !document.getElementById('loading')
        && Array.from(document.querySelectorAll('.ck-app button.ck-action, .ck-app button.ck-next-round')).some(usable)) {
      ck.at = Date.now(); return;
    }
    setTimeout(tick, 100);
  }
  tick();
})();
"""


# Where a page that showed neither a move button nor a notice stands.
STAGE_JS = r"""
() => {
  const rc = document.getElementById('rendered_cells');
  if (!rc) return 'its HTML had not arrived';
  if (document.getElementById('loading') || rc.style.display === 'none') return 'still on Voila\'s spinner';
  const loading = Array.from(document.querySelectorAll('.jp-OutputArea-output'))
    .filter(o => o.childElementCount === 0 && (o.textContent || '').includes('Loading widget...')).length;
  const buttons = document.querySelectorAll('.ck-app button.ck-action, .ck-app button.ck-next-round').length;
  return `cells shown, ${loading} widgets still loading, ${buttons} move buttons (none usable)`;
}
"""


async def one_student(browser, url: str, start_at: float) -> dict:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    return await load_page(await context.new_page(), url, start_at)
    # the context stays open, as a student's tab, until the end


async def load_page(page, url: str, start_at: float) -> dict:
    """Opens ``url`` in ``page`` at ``start_at`` and waits for its first usable move button or its
    notice: a row with "seconds" (from start_at), "broken" (why), "reloads" (by the page guard)."""
    await page.add_init_script(READY_JS)
    loads = []
    page.on("load", lambda _page: loads.append(time.time()))
    row: dict = {"notes": []}
    page.on("console", lambda msg: row["notes"].append(msg.text) if msg.text.startswith("cardkit:") else None)
    await asyncio.sleep(max(0.0, start_at - time.time()))
    row["status"] = None
    try:
        response = await page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT * 1000)
        row["status"] = response.status if response else None
    except PlaywrightError as exc:
        row["broken"] = f"no page ({str(exc).splitlines()[0]})"
        return row
    deadline = time.time() + PAGE_TIMEOUT
    while time.time() < deadline:
        try:
            ck = await page.evaluate("() => window.__ck && window.__ck.at ? window.__ck : null")
        except PlaywrightError:           # the page guard reloaded the page: look again
            ck = None
        if ck:
            row["seconds"] = ck["at"] / 1000 - start_at
            if ck["broken"]:
                row["broken"] = ck["broken"]
            break
        await asyncio.sleep(0.5)
    else:
        try:
            stage = await page.evaluate(STAGE_JS)
        except PlaywrightError as exc:
            stage = f"unknown ({str(exc).splitlines()[0]})"
        row["broken"] = f"no move button and no notice in {PAGE_TIMEOUT} s; the page: {stage}"
    row["reloads"] = max(0, len(loads) - 1)
    return row


async def arrive(url: str, pages: int, measure) -> tuple[list[dict], object]:
    """Every page's row, and what ``measure()`` returned with every page still open."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=va.CHROMIUM, args=va.CHROMIUM_ARGS)
        try:
            start_at = time.time() + 3.0       # every context made, then every page asked for together
            rows = await asyncio.gather(*(one_student(browser, url, start_at) for _ in range(pages)))
            return rows, measure()
        finally:
            await browser.close()


def tree_cpu_seconds() -> float:
    """CPU seconds of this process and every live process under it (the server and its kernels,
    playwright's driver and chromium)."""
    procs = [os.getpid(), *va.descendants(os.getpid())]
    return sum(st[1] for st in map(va._stat, procs) if st)


def run(label: str, page: str, pages: int, class_size: int) -> dict:
    workdir = Path(tempfile.mkdtemp(prefix="cardkit-bench-arrival-"))
    server = None
    extra = ([f"--CardkitVoila.class_pages={page}", f"--CardkitVoila.class_size={class_size}"]
             if class_size else [])
    try:
        server = Server(va.NOTEBOOKS, workdir, extra)
        va.progress(f"{label}: starting the server on port {server.port}")
        server.wait_started()
        warm = None
        if class_size:
            t0, cpu0 = time.monotonic(), server.cpu_seconds()
            line = server.wait_warm()
            warm = (line, time.monotonic() - t0, server.cpu_seconds() - cpu0)
            va.progress(f"{label}: {line} after {warm[1]:.0f} s")
        server.wait_idle("start-up")
        server_idle, kernels_idle = server.memory()
        load_before = os.getloadavg()
        va.progress(f"{label}: {pages} pages at once")
        cpu_server0, cpu_all0, t0 = server.cpu_seconds(), tree_cpu_seconds(), time.monotonic()

        def measure():
            cpu = (server.cpu_seconds() - cpu_server0, tree_cpu_seconds() - cpu_all0, time.monotonic() - t0)
            return server.memory(), cpu

        rows, ((server_mem, kernels), cpu) = asyncio.run(
            arrive(f"{server.url}/voila/render/{page}", pages, measure))
        load_after = os.getloadavg()
        return {"label": label, "page": page, "pages": pages, "class_size": class_size, "warm": warm,
                "rows": rows, "server_mem": server_mem, "kernels": kernels, "server_idle": server_idle,
                "kernels_idle": kernels_idle, "load_before": load_before, "load_after": load_after,
                "cpu": cpu}
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def report(result: dict) -> None:
    rows = result["rows"]
    ok = [r for r in rows if "broken" not in r and "seconds" in r]
    broken = [r for r in rows if "broken" in r]
    print(f"\n== {result['label']}: {result['pages']} pages of {result['page']} opened at once")
    if result["warm"]:
        line, seconds, cpu = result["warm"]
        print(f"   warm-up: {line!r} after {seconds:.0f} s, {cpu:.0f} CPU s "
              f"({cpu / max(result['class_size'], 1):.1f} CPU s per warm kernel)")
    if ok:
        times = [r["seconds"] for r in ok]
        p95 = quantile(times, 0.95)
        print(f"   first usable move button (s): p50 {statistics.median(times):.1f}  p95 {p95:.1f}  "
              f"max {max(times):.1f}  ({len(ok)} pages)")
    print(f"   pages broken: {len(broken)} of {len(rows)}; reloaded once by the page guard: "
          f"{sum(1 for r in rows if r.get('reloads'))}")
    for reason, count in Counter(r["broken"] for r in broken).most_common():
        print(f"      {count} x {reason}")
    notes = sorted({n for r in rows for n in r.get("notes", [])})
    for note in notes:
        print(f"      the page said: {note}")
    kernels = result["kernels"]
    each = f"median {statistics.median(kernels):.0f} MiB" if kernels else "none"
    print(f"   memory with every page open: server {result['server_mem']:.0f} MiB, {len(kernels)} kernels "
          f"({each} each), {result['server_mem'] + sum(kernels):.0f} MiB in all; before the class: "
          f"{len(result['kernels_idle'])} kernels, {result['server_idle'] + sum(result['kernels_idle']):.0f} MiB")
    server_cpu, all_cpu, wall = result["cpu"]
    print(f"   CPU from the first request until every page was in ({wall:.0f} s): server and kernels "
          f"{server_cpu:.0f} s, chromium and the bench {all_cpu - server_cpu:.0f} s "
          f"({os.cpu_count()} cores give {os.cpu_count() * wall:.0f} s in that time, shared with the machine's other jobs)")
    lb, la = result["load_before"], result["load_after"]
    print(f"   load average (1, 5, 15 min): before {lb[0]:.1f} {lb[1]:.1f} {lb[2]:.1f}, "
          f"after {la[0]:.1f} {la[1]:.1f} {la[2]:.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--class", dest="class_pages", type=int, default=30,
                        help="pages at once with class mode (that many warm kernels); 0 skips (default 30)")
    parser.add_argument("--plain", type=int, default=10,
                        help="pages at once without class mode; 0 skips (default 10)")
    parser.add_argument("--page", default="flip7.ipynb", help="notebook under notebooks/ (default flip7.ipynb)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    if not (0 <= args.class_pages <= MAX_PAGES and 0 <= args.plain <= MAX_PAGES):
        print(f"--class and --plain must be 0 to {MAX_PAGES}")
        return 2
    if not (va.NOTEBOOKS / args.page).is_file():
        print(f"no notebook {args.page} under notebooks/")
        return 2
    if async_playwright is None or not (shutil.which(va.CHROMIUM) or Path(va.CHROMIUM).is_file()):
        print("needs playwright and chromium (apt-get install -y chromium)")
        return 2
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start; headless chromium "
          f"on the same machine")
    results = []
    try:
        if args.class_pages:
            results.append(run("class mode", args.page, args.class_pages, args.class_pages))
        if args.plain:
            results.append(run("without class mode", args.page, args.plain, 0))
    except va.BenchError as exc:
        print(f"error: {exc}")
        return 1
    for result in results:
        report(result)
    for result in results:
        if result["class_size"]:
            ok = [r["seconds"] for r in result["rows"] if "broken" not in r and "seconds" in r]
            fine = len(ok) == result["pages"] and quantile(ok, 0.95) <= GOAL_P95
            print(f"\nclass mode goal (all {result['pages']} working, p95 <= {GOAL_P95:.0f} s): "
                  + ("met" if fine else "NOT met"))
        else:
            fine = all("broken" not in r for r in result["rows"])
            print(f"without class mode goal (all {result['pages']} working, slow allowed): "
                  + ("met" if fine else "NOT met"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
