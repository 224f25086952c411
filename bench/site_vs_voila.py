"""The static site (make site: Voici, Python in the browser) next to Voila (a kernel per page) in
one run: first render of the landing page and of the Flip 7 page, a click on Hit to the updated
table, and the size of site/.

Both servers run at once on this machine: Voila as `make app` runs it (voila.json, the app's
template; bench/voila_app.py's Voila helper) and `python -m http.server` on site/ (built first
when missing). Debian's chromium loads the pages through playwright, samples alternating between
the two, each first render in a fresh browser context (an empty cache: a visitor's first visit);
the static pages are then loaded again in the same context: a return visit, with whatever the
browser kept from the first (its HTTP cache, compiled WebAssembly).

First render: from navigation start to the first animation frame where the spinner is gone and
the page's widgets are visible (landing: the game tiles; Flip 7: the GameApp's table and every
one of its move buttons, or Next round: a deal whose Freeze froze you ends round 1 before your
first move, 6 loads in 80 here). Hit: from the click event to the last change of the GameApp's table
(a MutationObserver; settled once the app has been quiet for 500 ms), as bench/voila_app.py.

    python bench/site_vs_voila.py                      # 3 renders of each page on each, 5 Hits
    python bench/site_vs_voila.py --samples 5 --hits 10 --voila-port 8875 --site-port 8874
    python bench/site_vs_voila.py --no-voila --hits 0    # only the static site's first and return visits
"""
from __future__ import annotations

import argparse
import json
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import voila_app as va  # noqa: E402  (the Voila helper, the click watcher and chromium's settings)

REPO = va.REPO
SITE = REPO / "site"
PAGES = {"landing": ("index", [".ck-tile"]),
         "flip7": ("flip7", [".ck-app .ck-table", ".ck-app .ck-you .ck-action || .ck-app .ck-next-round"])}
RENDER_TIMEOUT = 240_000

READY_JS = r"""
(() => {
  const want = __WANT__;
  const ck = window.__ck = {ready: null};
  const visible = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const allVisible = (sel) => { const els = document.querySelectorAll(sel);
    return els.length > 0 && Array.from(els).every(visible); };
  function tick() {
    const rc = document.getElementById('rendered_cells');
    if (rc && !document.getElementById('loading') && rc.style.display !== 'none'
        && want.every((alternatives) => alternatives.split(' || ').some(allVisible))) {
      ck.ready = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})();
"""


def page_url(server: str, base: str, notebook: str) -> str:
    return f"{base}/voila/render/{notebook}.ipynb" if server == "voila" else f"{base}/voici/render/{notebook}.html"


def first_render(context, url: str, want) -> float:
    page = context.new_page()
    page.add_init_script(READY_JS.replace("__WANT__", json.dumps(want)))
    off_host = []
    local = re.compile(r"^(https?://127\.0\.0\.1[:/]|data:|blob:|ws://127\.0\.0\.1[:/])")
    page.route("**/*", lambda r: r.continue_() if local.match(r.request.url) else (off_host.append(r.request.url), r.abort()))
    page.goto(url, wait_until="commit", timeout=RENDER_TIMEOUT)
    page.wait_for_function("() => window.__ck && window.__ck.ready !== null", timeout=RENDER_TIMEOUT)
    ready = page.evaluate("() => window.__ck.ready")
    page.close()                    # the visitor leaves: a return visit comes back to a closed page
    if off_host:
        raise va.BenchError(f"{url} asked other hosts: {off_host[:5]}")
    return ready


def hits(context, url: str, count: int) -> list[float]:
    """Milliseconds from a click on Hit to the settled table, ``count`` times (other moves untimed)."""
    page = context.new_page()
    page.add_init_script(READY_JS.replace("__WANT__", json.dumps(PAGES["flip7"][1])))
    page.goto(url, timeout=RENDER_TIMEOUT)
    page.wait_for_function("() => window.__ck && window.__ck.ready !== null", timeout=RENDER_TIMEOUT)
    hit = page.locator(".ck-app .ck-action:not(.ck-illegal)", has_text=re.compile(r"^\s*Hit\s*$"))
    others = page.locator(".ck-app .ck-action:not(.ck-illegal)")
    new_game = page.locator(".ck-app .ck-new-game")
    out, moves = [], 0
    while len(out) < count and moves < count * 10:
        moves += 1
        timed = hit.count() == 1
        target = hit if timed else others.first if others.count() else new_game
        page.evaluate(va.WATCH_JS, [".ck-app", ".ck-app .ck-table"])
        target.click(timeout=va.HIT_TIMEOUT)
        page.wait_for_function(va.CHANGED_SETTLED_JS, arg=va.QUIET_MS, timeout=va.HIT_TIMEOUT)
        result = page.evaluate(va.UNWATCH_JS)
        if timed:
            out.append(result["last"] - result["t0"])
    return out


def summary(values, unit="s") -> str:
    """Milliseconds in, shown in seconds (or in milliseconds with unit="ms")."""
    if not values:
        return "-"
    scale, digits = (1000, 2) if unit == "s" else (1, 0)
    values = [v / scale for v in values]
    return (f"median {statistics.median(values):6.{digits}f} {unit}  (min {min(values):.{digits}f}, "
            f"max {max(values):.{digits}f}, n={len(values)})")


def site_size(site: Path) -> str:
    files = [p for p in site.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    parts = {}
    for p in files:
        top = p.relative_to(site).parts
        key = "/".join(top[:2]) if top[0] == "static" else top[0]
        parts[key] = parts.get(key, 0) + p.stat().st_size
    biggest = ", ".join(f"{k} {v / 1e6:.1f} MB" for k, v in sorted(parts.items(), key=lambda kv: -kv[1])[:4])
    return f"{total / 1e6:.1f} MB in {len(files)} files ({biggest})"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=3, help="first renders of each page on each server")
    parser.add_argument("--hits", type=int, default=5, help="timed Hit clicks on each server")
    parser.add_argument("--voila-port", type=int, default=0, help="Voila's port (default: a free one)")
    parser.add_argument("--site-port", type=int, default=0, help="the static server's port (default: a free one)")
    parser.add_argument("--no-voila", action="store_true", help="time the static site only")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))     # so both servers are stopped
    if va.sync_playwright is None:
        raise SystemExit("playwright is not installed: make venv")
    if not (SITE / "voici" / "render" / "index.html").is_file():
        try:
            import voici_core  # noqa: F401
        except ImportError:
            print("site_vs_voila: skipped, no site/ and no site tools here: run `make site` first")
            return
        va.progress("no site/ yet: building it (make site)")
        subprocess.run([sys.executable, str(REPO / "tools/site/build_site.py"), "--out", str(SITE)], check=True,
                       stdout=subprocess.DEVNULL)

    load_before = va.os.getloadavg()[0]
    workdir = Path(tempfile.mkdtemp(prefix="cardkit-site-bench-"))
    if args.voila_port:
        va._free_port = lambda: args.voila_port
    voila = None if args.no_voila else va.Voila(REPO / "notebooks", workdir)
    site_port = args.site_port or va._free_port()
    static = subprocess.Popen([sys.executable, "-m", "http.server", str(site_port), "--bind", "127.0.0.1"],
                              cwd=SITE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    bases = {"voila": voila and voila.url, "static": f"http://127.0.0.1:{site_port}"}
    servers = ("static",) if args.no_voila else ("voila", "static")
    renders = {(s, p): [] for s in (*servers, "static, return visit") for p in PAGES}
    clicks = {}
    try:
        if voila:
            voila.wait_started()
        for _ in range(50):
            try:
                urllib.request.urlopen(bases["static"] + "/", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        with va.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=va.CHROMIUM, args=va.CHROMIUM_ARGS)
            for sample in range(args.samples + 1):              # the first round warms both up, untimed
                for name, (notebook, want) in PAGES.items():
                    for server in servers:
                        va.progress(f"render {sample}/{args.samples}: {name} on {server}")
                        if voila:
                            voila.wait_idle("the last load")
                        context = browser.new_context(viewport={"width": 1280, "height": 900})
                        try:
                            url = page_url(server, bases[server], notebook)
                            ready = first_render(context, url, want)
                            if server == "static":
                                again = first_render(context, url, want)
                        finally:
                            context.close()
                        if sample:
                            renders[server, name].append(ready)
                            if server == "static":
                                renders["static, return visit", name].append(again)
            for server in servers if args.hits else ():
                va.progress(f"{args.hits} Hits on {server}")
                if voila:
                    voila.wait_idle("the renders")
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                try:
                    clicks[server] = hits(context, page_url(server, bases[server], "flip7"), args.hits)
                except va.PlaywrightError as exc:         # the renders above are still worth printing
                    clicks[server] = f"failed: {str(exc).splitlines()[0]}"
                finally:
                    context.close()
            browser.close()
    finally:
        if voila:
            voila.stop()
        static.terminate()
        static.wait(timeout=10)

    print("cardkit: the static site (Voici, Python in the browser) and Voila (a kernel per page), one run")
    print(f"machine: {va.os.cpu_count()} cores; Debian chromium, headless; both servers on 127.0.0.1")
    print(f"load average while it ran: {load_before:.1f} at the start, {va.os.getloadavg()[0]:.1f} at the end")
    print("\nfirst render (navigation start -> widgets visible), fresh browser context each time;")
    print("a return visit: the same page again in the same context:")
    for (server, name), values in renders.items():
        print(f"  {name:8s} {server:20s} {summary(values)}")
    print("\nclick on Hit -> the GameApp's table settled:")
    for server, values in clicks.items():
        print(f"  flip7    {server:20s} {values if isinstance(values, str) else summary(values, 'ms')}")
    print(f"\nsize of site/: {site_size(SITE)}")


if __name__ == "__main__":
    main()
