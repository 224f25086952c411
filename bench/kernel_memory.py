"""Kernel memory of a game page after many moves and many New games, against a fresh page.

A real Jupyter kernel (jupyter_client, this checkout first on PYTHONPATH) runs the game's page
(``notebooks/<game>.ipynb``, every code cell) as Voila would: that is the fresh page. Then, in the
same kernel, the page is played through the way a browser plays it, each click a ``custom`` comm
message handed to the button (``_handle_msg``): ``--moves`` moves (a random allowed move button;
Next round at a round end, New game at the end of a game), or ``--new-games`` presses of New game,
each in a kernel of its own. After each run, and again once widgets taken off the page have had
their minute (``widgets.ui.lifetime.KEEP_SECONDS``, plus ``SWEEP_EVERY``: one more click then closes
them), it prints the kernel's resident memory (VmRSS), the widgets alive (``ipywidgets``' registry)
and the growth over the fresh page. Goal: within 20 MB of the fresh page.

``--student`` measures instead what one student's visit holds: the page, then its probability
corner and rule explorer opened (the explorer starts its simulation workers), one simulation run to
its end, and the same once the workers' idle time (``cardkit.sim.IDLE_SECONDS``) has passed. Here
the memory is the kernel's plus that of every process it started (the workers, their forkserver):
the class budget's figure per student. ``--idle`` sets the idle time (``--idle 1e9``: workers kept
for the whole visit, as before they ended by themselves).

    python bench/kernel_memory.py                      # Flip 7: 2,000 moves, then 300 New games
    python bench/kernel_memory.py --game frantic --moves 500 --new-games 100
    python bench/kernel_memory.py --student            # Flip 7: corner, explorer, one simulation
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path

from jupyter_client.manager import start_new_kernel

REPO = Path(__file__).resolve().parents[1]
TIMEOUT = 1800                        # seconds for one request to the kernel

SETUP = """
import gc, os, random
from ipywidgets.widgets.widget import _instances
import widgets.ui.lifetime as _lifetime

def _click(button):
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}},
                        "buffers": []})

def _rss():
    gc.collect()
    with open("/proc/self/status") as f:
        kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return {"rss_mb": kb / 1024, "widgets": len(_instances), "waiting": getattr(_lifetime, "waiting", lambda: 0)()}

def _descendants(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                for child in f.read().split():
                    found += [int(child)] + _descendants(int(child))
    except FileNotFoundError:
        pass
    return found

def _rss_of(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
    except (FileNotFoundError, StopIteration):
        return 0.0

def _with_children():
    out = _rss()
    others = _descendants(os.getpid())
    out.update(children=len(others), children_mb=sum(_rss_of(pid) for pid in others))
    return out

def _move(rng):
    if app.paused is not None:
        _click(app.next_button)
    elif app.state.is_over or app._human_to_act() is None:
        _click(app.new_button)
    else:
        shown = [b for b in app.actions.top if getattr(b, "leads_on", False)]
        while shown:                  # a folder opens its family: choose in it
            pick = rng.choice(shown)
            _click(pick)
            if "ck-folder" not in pick._dom_classes:
                return
            shown = [b for b in app.actions.box.children if getattr(b, "leads_on", False)]
        cards = [b for b in app.actions.card_buttons if "ck-unpickable" not in b._dom_classes]
        if cards:
            _click(rng.choice(cards))
            for b in list(app.actions.part_buttons):
                if "ck-confirm" in b._dom_classes:
                    _click(b)
                    break
        else:
            _click(app.new_button)
"""


def page_cells(game: str) -> list[str]:
    notebook = json.loads((REPO / "notebooks" / f"{game}.ipynb").read_text())
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def run(client, code: str):
    """Execute ``code``; ``_out`` afterwards, as JSON (errors raise). Only the shell channel's reply
    is awaited: the page's widget messages flood IOPub, which drops messages past its high-water mark
    (its "idle" among them, on a busy machine)."""
    msg_id = client.execute(code, store_history=False,
                            user_expressions={"out": "__import__('json').dumps(_out)"})
    deadline = time.monotonic() + TIMEOUT
    while True:
        reply = client.get_shell_msg(timeout=max(1, deadline - time.monotonic()))
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    content = reply["content"]
    if content["status"] != "ok":
        raise RuntimeError(f"{content.get('ename')}: {content.get('evalue')}")
    out = content["user_expressions"]["out"]
    if out["status"] != "ok":
        raise RuntimeError(out.get("evalue"))
    return json.loads(out["data"]["text/plain"].strip("'"))


@contextlib.contextmanager
def page_kernel(game: str):
    """A kernel that ran the game's page and the measuring helpers (SETUP); shut down at the end."""
    env = dict(os.environ, PYTHONPATH=f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    manager, client = start_new_kernel(kernel_name="python3", env=env, cwd=str(REPO / "notebooks"))
    try:
        for cell in page_cells(game):
            run(client, cell + "\n_out = None")
        run(client, SETUP + "\n_out = None")
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def scenario(game: str, label: str, loop: str, settle: bool) -> list[tuple[str, dict]]:
    with page_kernel(game) as client:
        rows = [("fresh page", run(client, "_out = _rss()"))]
        started = time.monotonic()
        rows.append((label, run(client, loop + "\n_out = _rss()")))
        rows[-1][1]["seconds"] = time.monotonic() - started
        if settle:
            keep = run(client, "_out = _lifetime.KEEP_SECONDS + getattr(_lifetime, 'SWEEP_EVERY', 0)")
            time.sleep(keep + 1)
            rows.append((f"{label}, a minute later", run(client, "_move(_rng)\n_out = _rss()")))
        return rows


STUDENT = [
    ("probability corner and explorer opened",
     "import sys as _sys\n_sim = _sys.modules.get('cardkit.sim') or __import__('cardkit.sim').sim\n"
     "_sim.IDLE_SECONDS = {idle}\n"
     "_corner = ProbabilityPanel(app)\n_explorer = RuleExplorer(game='{game}', players=3)\n"
     "_explorer._workers.join(300)"),
    ("one simulation run to its end",
     "_explorer.run()\nassert _explorer.wait(1800)\nassert _explorer.results, _explorer.status.value"),
]


def student(game: str, idle: float) -> list[tuple[str, dict]]:
    with page_kernel(game) as client:
        rows = [("fresh page", run(client, "_out = _with_children()"))]
        for label, code in STUDENT:
            rows.append((label, run(client, code.format(game=game, idle=idle) + "\n_out = _with_children()")))
        if idle < 600:
            time.sleep(idle + 5)
            rows.append((f"{idle:g} s later (the idle time)", run(client, "_out = _with_children()")))
        return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="flip7")
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--new-games", type=int, default=300)
    parser.add_argument("--no-settle", action="store_true", help="skip the measure a minute later")
    parser.add_argument("--student", action="store_true",
                        help="one student's visit: corner, explorer, one simulation (kernel + its processes)")
    parser.add_argument("--idle", type=float, default=None,
                        help="with --student: the workers' idle time in s (default: cardkit.sim.IDLE_SECONDS)")
    args = parser.parse_args()
    if args.student:
        from cardkit import sim
        idle = sim.IDLE_SECONDS if args.idle is None else args.idle
        print(f"{args.game}: one student's kernel and the processes it started (VmRSS); "
              f"idle time {idle:g} s; load {os.getloadavg()[0]:.1f}; python {sys.version.split()[0]}")
        print(f"{'':42} {'kernel MB':>9} {'others MB':>9} {'total MB':>9} {'processes':>9}")
        for name, row in student(args.game, idle):
            print(f"{name:42} {row['rss_mb']:9.1f} {row['children_mb']:9.1f} "
                  f"{row['rss_mb'] + row['children_mb']:9.1f} {row['children']:9}", flush=True)
        print(f"load at the end {os.getloadavg()[0]:.1f}")
        return
    runs = [(f"after {args.moves:,} moves",
             f"_rng = random.Random(1)\nfor _ in range({args.moves}):\n    _move(_rng)"),
            (f"after {args.new_games:,} New games",
             f"_rng = random.Random(1)\nfor _ in range({args.new_games}):\n    _click(app.new_button)")]
    print(f"{args.game}: kernel memory (VmRSS) and widgets alive; python {sys.version.split()[0]}")
    print(f"{'':38} {'RSS MB':>8} {'growth':>8} {'widgets':>8} {'growth':>7} {'retired':>8} {'seconds':>8}")
    for label, loop in runs:
        rows = scenario(args.game, label, loop, not args.no_settle)
        fresh = rows[0][1]
        for name, row in rows:
            seconds = f"{row['seconds']:8.1f}" if "seconds" in row else ""
            print(f"{name:38} {row['rss_mb']:8.1f} {row['rss_mb'] - fresh['rss_mb']:+8.1f} {row['widgets']:8,} "
                  f"{row['widgets'] - fresh['widgets']:+7,} {row['waiting']:8,} {seconds}", flush=True)


if __name__ == "__main__":
    main()
