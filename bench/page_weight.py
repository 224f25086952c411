"""What one page costs its browser: CPU, scripts, widget models, layout and style time.

One server (class mode, 2 warm kernels for the page, as ``make class``), one headless chromium,
one page at a time (``--pages``, one after the other, each in a fresh browser context) timed to its
first usable move button (class_arrival.py's test), then left 3 s to settle. Printed for each page:
seconds to the move button, chromium's CPU seconds (every chromium process, the renderer named
apart), the widget models the kernel sent (each model's state names its ``_model_name``), the
scripts, styles and fonts loaded (their decoded sizes), and chrome's own timings of the renderer
(``Performance.getMetrics``: ScriptDuration, LayoutDuration, RecalcStyleDuration, TaskDuration).
Nothing is written into the repository.

    python bench/page_weight.py                     # flip7.ipynb, 2 pages
    python bench/page_weight.py --page eights.ipynb --pages 1
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import voila_app as va
from class_arrival import READY_JS, Server, async_playwright

METRICS = ("ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "TaskDuration", "LayoutCount",
           "RecalcStyleCount", "Nodes", "JSHeapUsedSize")


def chromium_cpu(root: int) -> dict[int, tuple[float, str]]:
    """CPU seconds and type (renderer, gpu, ...) of every chromium process under ``root``."""
    out = {}
    for pid in va.descendants(root):
        try:
            cmd = re.split(rb"[\0 ]", Path(f"/proc/{pid}/cmdline").read_bytes())  # chromium rewrites its title
        except OSError:
            continue
        if not cmd or b"chrom" not in cmd[0]:
            continue
        kind = next((a.split(b"=", 1)[1].decode() for a in cmd if a.startswith(b"--type=")), "browser")
        st = va._stat(pid)
        if st:
            out[pid] = (st[1], kind)
    return out


async def one_page(browser, url: str, root: int) -> dict:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.add_init_script(READY_JS)
    cdp = await context.new_cdp_session(page)
    await cdp.send("Performance.enable")
    comms: Counter = Counter()

    def frame(payload):
        # Jupyter's binary websocket protocol frames the message's JSON parts: the names are readable
        text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        # (a warm kernel's page asks for every model's state at once, not one comm_open each)
        comms.update(re.findall(r'"_model_name": ?"(\w+)"', text))
    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    before = chromium_cpu(root)
    t0 = time.time()
    await page.goto(url, wait_until="commit")
    while True:
        ck = await page.evaluate("() => window.__ck && window.__ck.at ? window.__ck : null")
        if ck:
            break
        await asyncio.sleep(0.2)
    seconds = ck["at"] / 1000 - t0
    await asyncio.sleep(3)
    after = chromium_cpu(root)
    cpu = Counter()
    for pid, (sec, kind) in after.items():
        cpu[kind] += sec - before.get(pid, (0.0, kind))[0]
    metrics = {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
    resources = await page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(r => /\\.(js|css|woff2?)(\\?|$)/.test(r.name))
        .map(r => [r.name.replace(/^https?:\\/\\/[^/]+/, '').split('?')[0], r.decodedBodySize,
                   Math.round(r.duration)])""")
    dom = await page.evaluate("() => document.getElementsByTagName('*').length")
    await context.close()
    return {"seconds": seconds, "cpu": cpu, "metrics": metrics, "comms": comms, "resources": resources,
            "dom": dom, "broken": ck["broken"]}


async def measure(url: str, pages: int, root: int) -> list[dict]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=va.CHROMIUM, args=va.CHROMIUM_ARGS)
        try:
            return [await one_page(browser, url, root) for _ in range(pages)]
        finally:
            await browser.close()


def report(i: int, r: dict, resources: bool) -> None:
    m = r["metrics"]
    print(f"\n== page {i + 1}: first usable move button after {r['seconds']:.1f} s"
          + (f" (BROKEN: {r['broken']})" if r["broken"] else ""))
    print("   chromium CPU s: " + ", ".join(f"{k} {v:.2f}" for k, v in r["cpu"].most_common())
          + f"; in all {sum(r['cpu'].values()):.2f}")
    print("   renderer: " + ", ".join(f"{k} {m.get(k, 0):.2f}" for k in METRICS[:4])
          + f" s; {m.get('LayoutCount', 0):.0f} layouts, {m.get('RecalcStyleCount', 0):.0f} style recalcs, "
          f"{m.get('Nodes', 0):.0f} nodes ({r['dom']} elements), JS heap {m.get('JSHeapUsedSize', 0) / 2**20:.0f} MiB")
    print(f"   widget models: {sum(r['comms'].values())} ("
          + ", ".join(f"{k.replace('Model', '')} {v}" for k, v in r["comms"].most_common()) + ")")
    total = sum(size for _, size, _ in r["resources"])
    print(f"   scripts, styles, fonts: {len(r['resources'])}, {total / 2**20:.1f} MiB decoded")
    if resources:
        for name, size, ms in sorted(r["resources"], key=lambda x: -x[1])[:25]:
            print(f"      {size / 1024:8.0f} KiB {ms:6d} ms  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", default="flip7.ipynb")
    parser.add_argument("--pages", type=int, default=2, help="pages, one after the other (default 2)")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="cardkit-bench-weight-"))
    server = Server(va.NOTEBOOKS, workdir, [f"--CardkitVoila.class_pages={args.page}", "--CardkitVoila.class_size=2"])
    try:
        server.wait_started()
        server.wait_warm()
        server.wait_idle("start-up")
        rows = asyncio.run(measure(f"{server.url}/voila/render/{args.page}", args.pages, os.getpid()))
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for i, r in enumerate(rows):
        report(i, r, resources=i == 0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
