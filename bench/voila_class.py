"""A class arriving: N students open the same page within a minute; what the server needs.

One Voila server, started as `make app` starts it (voila.json from the repository root; `--pool N`
overrides its preheated pool size, `--pool 0` turns preheating off), serves a temporary copy of
notebooks/ on 127.0.0.1. ``--students`` requests (at most 40) for ``--page`` arrive one every
``--within``/students seconds. Each is a plain HTTP GET read to its end: Voila starts the page's
kernel, runs the notebook and streams the page, which is complete once every cell has run; that is
the server's share of a page, and the whole of it on this machine (the students' browsers, which
then draw the widgets in a second or two, run on their own machines: 30 chromium tabs on the
server's two cores would measure the tabs). The kernels stay, as behind a student's open tab.
Then one real page in Debian's chromium (via playwright, skipped if missing) times a late-comer's
page, from navigation start to its first usable button, while the class's kernels are alive.

Printed: each request's time to the first byte and to the complete page (median, 90th percentile,
max) and those that failed; the cores the server and its kernels kept busy while the class arrived
(CPU seconds / wall seconds) and the CPU seconds per page; the memory of each kernel and of the
whole server once everyone is in (RSS); the late-comer's page. Bounded: each request has
RENDER_TIMEOUT, the whole run the arrivals plus that. Nothing is written into the repository.

    python bench/voila_class.py                       # 30 students within 60 s, flip7.ipynb
    python bench/voila_class.py --students 10 --within 20 --pool 2 --page eights.ipynb
"""
from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import shutil
import signal
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import voila_app as va  # noqa: E402  (the server, process and memory helpers)

try:
    from playwright.async_api import async_playwright
except ImportError:                   # the late-comer's page is then skipped
    async_playwright = None

MAX_STUDENTS = 40
RENDER_TIMEOUT = 180_000              # ms for one page, under the whole class's load

# The late-comer's page: navigation start to its first usable button, or a broken page.
READY_JS = r"""
(() => {
  const ck = window.__ck = {interactive: null, broken: false};
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  function tick() {
    const rc = document.getElementById('rendered_cells');
    if (document.querySelector('.ck-page-error')) { ck.broken = true; ck.interactive = performance.now(); return; }
    if (rc && rc.style.display !== 'none' && !document.getElementById('loading')
        && Array.from(rc.querySelectorAll('button.jupyter-button')).some(visible)) {
      ck.interactive = performance.now(); return;
    }
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})();
"""


def student(url: str, delay: float) -> dict:
    """One page requested ``delay`` s after the first, read to its end."""
    time.sleep(delay)
    row = {}
    start = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=RENDER_TIMEOUT / 1000) as response:
            response.read(1)
            row["first_byte"] = time.monotonic() - start
            body = response.read()
        row["complete"] = time.monotonic() - start
        if b"window.voila_finish()" not in body:
            row["error"] = "the page ended before its last cell"
        elif b"error when executing cell" in body:
            row["error"] = "a cell failed"
    except (urllib.error.URLError, OSError) as exc:
        row["error"] = str(exc)
    return row


def arrive(url: str, students: int, within: float) -> list:
    gap = within / max(students - 1, 1)
    with concurrent.futures.ThreadPoolExecutor(max_workers=students) as pool:
        return list(pool.map(lambda i: student(url, i * gap), range(students)))


async def late_comer(url: str):
    """(seconds to the first usable button, broken) of one real page, or None without a browser."""
    if async_playwright is None or not (shutil.which(va.CHROMIUM) or Path(va.CHROMIUM).is_file()):
        return None
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=va.CHROMIUM, args=va.CHROMIUM_ARGS)
        try:
            page = await (await browser.new_context(viewport={"width": 1280, "height": 900})).new_page()
            await page.add_init_script(READY_JS)
            await page.goto(url, wait_until="commit", timeout=RENDER_TIMEOUT)
            await page.wait_for_function("() => window.__ck && window.__ck.interactive !== null",
                                         timeout=RENDER_TIMEOUT)
            ck = await page.evaluate("() => window.__ck")
            return ck["interactive"] / 1000, ck["broken"]
        finally:
            await browser.close()


def kernel_memory(voila: va.Voila) -> tuple[list[float], float]:
    """(RSS of each kernel, RSS of the server and all its kernels), in MiB."""
    kernels = []
    for pid in va.descendants(voila.proc.pid):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"ipykernel" in cmdline:
                kernels.append(va.memory_kib(pid)[0] / 1024)
        except (OSError, KeyError):
            pass
    return kernels, sum(kernels) + va.memory_kib(voila.proc.pid)[0] / 1024


def stats(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):5.1f}  p90 {p90:5.1f}  max {ordered[-1]:5.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30, help=f"pages to open (default 30, at most {MAX_STUDENTS})")
    parser.add_argument("--within", type=float, default=60.0, help="seconds over which they arrive (default 60)")
    parser.add_argument("--page", default="flip7.ipynb", help="notebook under notebooks/ (default flip7.ipynb)")
    parser.add_argument("--pool", type=int, default=None,
                        help="preheated kernels per notebook (default: voila.json's; 0 turns preheating off)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    if not 1 <= args.students <= MAX_STUDENTS or not 0 <= args.within <= 600:
        print(f"--students must be 1 to {MAX_STUDENTS} and --within 0 to 600 seconds")
        return 2
    if not (va.NOTEBOOKS / args.page).is_file():
        print(f"no notebook {args.page} under notebooks/")
        return 2
    vc = json.loads((va.REPO / "voila.json").read_text()).get("VoilaConfiguration", {})
    extra = []
    if args.pool is not None:
        extra = ([f"--VoilaConfiguration.preheat_kernel={args.pool > 0}"]
                 + ([f"--VoilaConfiguration.default_pool_size={args.pool}"] if args.pool > 0 else []))
        pool = args.pool
    else:
        pool = vc.get("default_pool_size", 1) if vc.get("preheat_kernel") else 0
    print(f"{args.students} students open {args.page} within {args.within:.0f} s; "
          f"preheated kernels per notebook: {pool}; {va.os.cpu_count()} cores, "
          f"load average {va.os.getloadavg()[0]:.1f} at the start")

    workdir = Path(tempfile.mkdtemp(prefix="cardkit-bench-class-"))
    voila = None
    try:
        served = workdir / "notebooks"
        shutil.copytree(va.NOTEBOOKS, served, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        voila = va.Voila(served, workdir, extra)
        va.progress(f"starting Voila on port {voila.port}")
        voila.wait_started()
        voila.wait_idle("start-up")
        idle_kernels, idle_total = kernel_memory(voila)
        va.progress(f"Voila is up and idle ({len(idle_kernels)} kernels, {idle_total:.0f} MiB)")
        cpu0, t0 = voila.cpu_seconds(), time.monotonic()
        url = f"{voila.url}/voila/render/{args.page}"
        results = arrive(url, args.students, args.within)
        cpu1, t1 = voila.cpu_seconds(), time.monotonic()
        va.progress("every page answered; waiting for the server to settle")
        time.sleep(va.FILL_DELAY)
        voila.wait_idle("the class")
        cpu2, t2 = voila.cpu_seconds(), time.monotonic()
        kernels, total = kernel_memory(voila)
        va.progress("one more page in chromium, the class's kernels alive")
        try:
            late = asyncio.run(late_comer(url))
        except Exception as exc:          # reported, not fatal: the class's figures stand
            late = f"not drawn ({(str(exc).splitlines() or [type(exc).__name__])[0]})"
    except va.BenchError as exc:
        print(f"error: {exc}")
        return 1
    finally:
        if voila is not None:
            voila.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    ok = [r for r in results if "error" not in r]
    print(f"\nPages: {len(ok)} of {len(results)} complete (every cell run and sent)")
    for r in results:
        if "error" in r:
            print(f"   failed: {r['error']}")
    print(f"   first byte (s):    {stats([r['first_byte'] for r in ok])}")
    print(f"   complete page (s): {stats([r['complete'] for r in ok])}")
    print(f"\nCPU of the server and its kernels: {cpu1 - cpu0:.0f} s over the {t1 - t0:.0f} s the class took to "
          f"arrive ({(cpu1 - cpu0) / (t1 - t0):.2f} cores busy on average), {(cpu2 - cpu0) / len(results):.1f} "
          f"CPU s per page including the refill of preheated pools ({t2 - t1:.0f} s to settle)")
    print(f"Memory once the class is in: {len(kernels)} kernels, RSS each {stats(kernels)} MiB; "
          f"server and kernels together {total:.0f} MiB (idle before the class: {idle_total:.0f} MiB "
          f"in {len(idle_kernels)} kernels)")
    if late is None:
        print("\nLate-comer's page: no chromium or playwright here, not measured")
    elif isinstance(late, str):
        print(f"\nLate-comer's page in chromium: {late}")
    else:
        print(f"\nLate-comer's page in chromium, the class's kernels alive: first usable button after "
              f"{late[0]:.1f} s" + (" (BROKEN: the page showed its reload notice)" if late[1] else ""))
    print(f"load average at the end: {va.os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
