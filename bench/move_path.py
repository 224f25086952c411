"""The path of one press and of one option, traced: which of the project's files a move's button press
runs through (button -> engine -> redraw) and how often it crosses from one file to another, and the
names a game option goes by from the menu to the engine.

    .venv/bin/python bench/move_path.py            # Flip 7, 3 seats, seed 7: press the first allowed move

A "hop" is a call from a function in one project file (cardkit/, widgets/) into a function in another;
calls inside one file are not hops. "Arrows" are the distinct (from file, to file) pairs among them.
"Redraws" counts the app's redraws (its ``version`` going up) the press caused.
"""
from __future__ import annotations

import os
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
PROJECT = tuple(os.path.join(ROOT, d) + os.sep for d in ("cardkit", "widgets"))


def _file(frame):
    name = frame.f_code.co_filename
    return os.path.relpath(name, ROOT) if name.startswith(PROJECT) else None


def trace(press) -> list[tuple[str, str]]:
    """Run ``press()`` and return its cross-file calls as (from file, to file), in order."""
    hops = []

    def profile(frame, event, _arg):
        if event != "call":
            return
        to = _file(frame)
        if to is None:
            return
        caller = frame.f_back
        while caller is not None and _file(caller) is None:     # through ipywidgets, traitlets, ...
            caller = caller.f_back
        came_from = _file(caller) if caller is not None else None
        if came_from is not None and came_from != to:
            hops.append((came_from, to))

    sys.setprofile(profile)
    try:
        press()
    finally:
        sys.setprofile(None)
    return hops


def report(title, hops, extra="") -> None:
    files = {f for hop in hops for f in hop}
    arrows = Counter(hops)
    print(f"{title}: {len(files)} files, {len(arrows)} arrows (distinct hops), {len(hops)} calls between files{extra}")
    into = Counter(to for _from, to in hops)
    for name in sorted(files):
        print(f"    {name:42} entered {into[name]:4} times from another file")


def move_path(game="flip7", players=3, seed=7) -> None:
    from widgets import GameApp
    app = GameApp(game, players=players, seed=seed)
    button = next(b for b in app.actions.buttons if b.leads_on)
    before = app.version
    hops = trace(button.click)
    report(f"A press of {button.description!r} ({game})", hops, f"; {app.version - before} redraw(s)")
    widget_hops = [(a, b) for a, b in hops if a.startswith("widgets") and b.startswith("widgets")]
    report("  of them, between widget files", widget_hops)


def option_path(game="frantic", name="troublemaker") -> None:
    from widgets import GameApp
    app = GameApp(game, players=3, seed=7, option_choices={name: [False, True]})
    menu = app.option_menus[name]
    before = app.version
    hops = trace(lambda: setattr(menu, "value", True))
    report(f"Option {name!r} switched on ({game})", hops, f"; {app.version - before} redraw(s)")
    assert app.game.options[name] is True


if __name__ == "__main__":
    move_path()
    option_path()
