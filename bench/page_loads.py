"""Every game page opened again and again, a few at a time, beside a busy CPU: does each page show
and become usable, and how fast?

The app's server (``server.voila_server`` as ``make app`` runs it: no class mode, voila.json from the
repository root; page limits off, every page comes from 127.0.0.1) serves notebooks/. Beside it a
process spins one core (a busy loop). One headless chromium (Debian's, via playwright) works in K
browser contexts at once (``--at-once``); each context opens the page, waits for its first usable
move button (as bench/class_arrival.py: a page is broken when it shows the page guard's notice, says
its kernel is gone, or shows no move button in time), presses that button and times the click to
the GameApp's table redrawn (settled: no change for 500 ms; bench/voila_app.py's watch), then closes
the page (which ends its kernel) and opens the next, until each game page was opened N times
(``--loads``).

Printed for each page: loads, reloads by the page guard, pages broken (not shown), pages shown but
not usable (the click changed nothing within 30 s), p50 / p95 / max seconds from the request to the
first usable move button, p50 / p95 of the click to the redrawn table, and the load average before
and after (the machine is shared: read the figures with it). Nothing is written into the repository.

    python bench/page_loads.py                               # 5 game pages x 20 loads, 2 at a time
    python bench/page_loads.py --loads 10 --pages flip7 eights
    python bench/page_loads.py --at-once 4 --no-busy
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import voila_app as va  # chromium, the click-to-redraw watch, progress
from _hosting import Server, quantile  # the app's server, as make app starts it
from class_arrival import PlaywrightError, async_playwright, load_page  # a page to its first usable move

GAME_PAGES = ("flip7", "eights", "trump21", "skitgubbe", "frantic")
MOVE = f"{va.APP} button.ck-action:not(.ck-illegal), {va.APP} button.ck-next-round"
BUSY_LOOP = "while True: pass"


async def press_first_move(page) -> float | str:
    """Seconds from the click on the first usable move button to the GameApp's table redrawn, or why not."""
    try:
        button = page.locator(MOVE).locator("visible=true").first
        await page.evaluate(va.WATCH_JS, [va.APP, f"{va.APP} .ck-table"])
        await button.click(timeout=va.HIT_TIMEOUT)
        await page.wait_for_function(va.CHANGED_SETTLED_JS, arg=va.QUIET_MS, timeout=va.HIT_TIMEOUT)
        seen = await page.evaluate(va.UNWATCH_JS)
    except PlaywrightError as exc:
        return f"no redraw within {va.HIT_TIMEOUT / 1000:.0f} s of a click ({str(exc).splitlines()[0]})"
    if seen["t0"] is None:
        return "the click was not seen by the page"
    return (seen["last"] - seen["t0"]) / 1000


async def one_context(browser, url: str, loads: list[int], rows: list[dict]) -> None:
    """Opens ``url`` once per item of ``loads`` taken, one page at a time, in one browser context."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        while loads:
            loads.pop()
            page = await context.new_page()
            row = await load_page(page, url, time.time())
            if "broken" not in row:
                click = await press_first_move(page)
                row["click" if isinstance(click, float) else "unusable"] = click
            rows.append(row)
            va.progress(f"{url.rsplit('/', 1)[-1]}: {len(rows)} loaded")
            await page.close(run_before_unload=True)     # pagehide ends its kernel
    finally:
        await context.close()


async def open_many(url: str, loads: int, at_once: int) -> list[dict]:
    rows: list[dict] = []
    todo = list(range(loads))
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=va.CHROMIUM, args=va.CHROMIUM_ARGS)
        try:
            await asyncio.gather(*(one_context(browser, url, todo, rows) for _ in range(at_once)))
        finally:
            await browser.close()
    return rows


def seconds(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.1f} / {quantile(values, 0.95):.1f} / {max(values):.1f}"


def report(page: str, rows: list[dict], load_before, load_after) -> tuple[str, list[str]]:
    broken = [r for r in rows if "broken" in r]
    unusable = [r for r in rows if "unusable" in r]
    ready = [r["seconds"] for r in rows if "broken" not in r and "seconds" in r]
    clicks = [r["click"] for r in rows if "click" in r]
    click = (f"{statistics.median(clicks):.2f} / {quantile(clicks, 0.95):.2f}" if clicks else "-")
    line = (f"| {page} | {len(rows)} | {sum(1 for r in rows if r.get('reloads'))} | {len(broken)} | "
            f"{len(unusable)} | {seconds(ready)} | {click} | "
            f"{load_before[0]:.1f} -> {load_after[0]:.1f} |")
    why = [f"{page}: {n} x {reason}" for reason, n in
           Counter([r["broken"] for r in broken] + [r["unusable"] for r in unusable]).most_common()]
    why += [f"{page}: the page said: {note}" for note in sorted({n for r in rows for n in r.get("notes", [])})]
    return line, why


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=20, help="times each page is opened (default 20)")
    parser.add_argument("--at-once", type=int, default=2, help="browser contexts at once (default 2)")
    parser.add_argument("--pages", nargs="+", default=list(GAME_PAGES), choices=GAME_PAGES,
                        help="game pages (default: all five)")
    parser.add_argument("--no-busy", action="store_true", help="no busy loop beside the server")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    if not (1 <= args.loads <= 200 and 1 <= args.at_once <= 8):
        print("--loads must be 1 to 200 and --at-once 1 to 8")
        return 2
    if async_playwright is None or not (shutil.which(va.CHROMIUM) or Path(va.CHROMIUM).is_file()):
        print("needs playwright and chromium (apt-get install -y chromium)")
        return 2
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start; headless chromium "
          f"on the same machine; {'no busy loop' if args.no_busy else 'a busy loop on one core'}; "
          f"{args.loads} loads per page, {args.at_once} at a time")
    workdir = Path(tempfile.mkdtemp(prefix="cardkit-bench-loads-"))
    server = busy = None
    lines, whys = [], []
    started = time.monotonic()
    try:
        server = Server(va.NOTEBOOKS, workdir)
        va.progress(f"starting the server on port {server.port}")
        server.wait_started()
        server.wait_idle("start-up")
        if not args.no_busy:
            busy = subprocess.Popen([sys.executable, "-c", BUSY_LOOP], start_new_session=True)
        for page in args.pages:
            load_before = os.getloadavg()
            rows = asyncio.run(open_many(f"{server.url}/voila/render/{page}.ipynb", args.loads, args.at_once))
            line, why = report(page, rows, load_before, os.getloadavg())
            lines.append(line)
            va.progress(line)
            whys += why
    except va.BenchError as exc:
        print(f"error: {exc}")
        return 1
    finally:
        if busy is not None:
            busy.kill()
            busy.wait()
        if server is not None:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    print("\n| page | loads | reloaded by the guard | not shown | not usable | first usable move, s "
          "(p50 / p95 / max) | click to redrawn table, s (p50 / p95) | load (1 min) before -> after |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(lines))
    for why in whys:
        print(f"   {why}")
    print(f"\n{time.monotonic() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
