"""The landing page: one tile per game the engine plays, with the pages found by convention.

A game's title and blurb come from its declaration (``cardkit.games.declaration(id)``); its walkthrough
is ``notebooks/<id>.ipynb`` and its lessons ``notebooks/lessons/<id>_*.ipynb``. A lesson's title is
``metadata.cardkit.title`` in the notebook, else its first heading. Adding a game adds its tile.
The lesson template (``lessons/_template.ipynb``) is no game's, so no tile lists it; a teacher's
copy named after a game is listed (docs/lessons.md).
"""
from __future__ import annotations

import html
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import cardkit
from cardkit.games import declaration
from cardkit.i18n import N_, _

import ipywidgets as W

from .questions import html_widget, nav

TILE_CSS = """
<style>
/* A grid: every tile as wide as the others, a last one alone on its row too. */
.ck-tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(280px, 100%), 1fr)); gap: 16px;
            margin: 8px 0 16px 0; }
.ck-tile { border: 1px solid #c8ccd4; border-radius: 10px; padding: 14px 16px;
           background: #fbfbfd; box-shadow: 0 1px 3px rgba(0,0,0,.08); box-sizing: border-box; }
.ck-tile h3 { margin: 0 0 6px 0; font-size: 1.35em; }
.ck-tile p { margin: 0 0 10px 0; line-height: 1.4; font-size: 17px; }
.ck-tile .ck-links a { display: inline-block; margin: 3px 6px 3px 0; padding: 7px 12px; font-size: 17px;
           border-radius: 6px; background: #2f6fbf; color: white; text-decoration: none; line-height: 1.35; }
.ck-tile .ck-links a.ck-lesson { background: #e9eef7; color: #1d4f91; border: 1px solid #b9c8e4; }
.ck-tile .ck-soon { color: #52606d; font-style: italic; }
</style>
"""


@dataclass
class Entry:
    """One game on the landing page; paths are relative to the notebooks folder."""

    id: str
    title: str
    blurb: str
    walkthrough: str | None = None
    lessons: list[tuple[str, str]] = field(default_factory=list)


def notebook_title(path: Path) -> str:
    """``metadata.cardkit.title`` (in the page's language: a msgid, ``tools/catalogs.py``), else the
    first Markdown heading, else the file name in words."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        nb = {}
    title = (nb.get("metadata", {}).get("cardkit") or {}).get("title")
    if title:
        return _(title)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            source = "".join(cell.get("source", []))
            found = re.search(r"^#+\s+(.+?)\s*$", source, re.M)
            if found:
                return found.group(1)
    return path.stem.replace("_", " ").capitalize()


def catalogue(root: str | Path = ".", games=None) -> list[Entry]:
    """The games of ``cardkit.list_games()`` (or those of them in ``games``), in the engine's order,
    with the pages under ``root``. Each page is a file read, slow on the static site (the browser's
    storage): a game's page asks for its own game only."""
    root = Path(root)
    pages, lesson_pages = _names(root), _names(root / "lessons")        # one listing each, not a stat a file
    entries = []
    for game_id in cardkit.list_games():
        if games is not None and game_id not in games:
            continue
        spec = declaration(game_id)
        lessons = sorted(n for n in lesson_pages if n.startswith(f"{game_id}_") and n.endswith(".ipynb"))
        entries.append(Entry(
            id=game_id, title=spec.title, blurb=spec.blurb,
            walkthrough=f"{game_id}.ipynb" if f"{game_id}.ipynb" in pages else None,
            lessons=[(notebook_title(root / "lessons" / n), f"lessons/{n}") for n in lessons]))
    return entries


def _names(folder: Path) -> set[str]:
    try:
        return set(os.listdir(folder))
    except OSError:
        return set()


def game_nav(game_id: str, root: str = ".", current: str | None = None, join=None, more=()):
    """The link bar of a game's page: back to all games, the walkthrough and the lessons, found
    by convention. ``root`` is the notebooks folder seen from the page ("." or ".." for a lesson);
    ``current`` (a path under notebooks/) is the page itself, left out. ``join``: the page's hook for
    its small *Join a class* bar, ``join(page name) -> widget``, shown after the links (a class page's
    ``classroom.pages.game_nav`` passes ``class_bar``). ``more``: further (text, path under notebooks/) links."""
    if game_id not in cardkit.list_games():
        raise ValueError(f"unknown game {game_id!r}: the games are {', '.join(cardkit.list_games())}")
    entry, = catalogue(root, [game_id])
    prefix = "" if root in (".", "") else root.rstrip("/") + "/"
    links = [(N_("← All games"), "index.ipynb")]
    if entry.walkthrough:
        links.append((_("{game}: the rules").format(game=_(entry.title)), entry.walkthrough))
    links += [(_("Lesson: {title}").format(title=title), path) for title, path in entry.lessons]
    links += list(more)
    bar = nav(*[(text, prefix + path) for text, path in links if path != current])
    if join:
        page = Path(current).stem if current else game_id
        bar.children = (*bar.children, join(page))
        bar.layout.flex_flow = "row wrap"
    return bar


def tile_html(entry: Entry) -> str:
    """One game's tile; a game without a walkthrough says it is coming soon."""
    esc = html.escape
    links = []
    if entry.walkthrough:
        links.append(f'<a class="ck-walkthrough" href="{esc(entry.walkthrough)}">{esc(_("Learn the rules and play"))}</a>')
    links += [f'<a class="ck-lesson" href="{esc(path)}">{esc(_("Lesson: {title}").format(title=title))}</a>'
              for title, path in entry.lessons]
    soon = "" if entry.walkthrough else f'<p class="ck-soon">{esc(_("Walkthrough coming soon."))}</p>'
    return (f'<div class="ck-tile" data-game="{esc(entry.id)}"><h3>{esc(_(entry.title))}</h3>'
            f'<p>{esc(_(entry.blurb))}</p>{soon}<div class="ck-links">{"".join(links)}</div></div>')


def tiles_html(entries) -> str:
    return TILE_CSS + '<div class="ck-tiles">' + "".join(tile_html(e) for e in entries) + "</div>"


def game_tiles(root: str | Path = ".") -> W.HTML:
    """The landing page's tiles as a widget (so its links work under Voila); ``root`` is the
    notebooks folder, the working directory of a notebook there."""
    return html_widget(tiles_html(catalogue(root)), "ck-tiles-box")


__all__ = ["Entry", "catalogue", "notebook_title", "tile_html", "tiles_html", "game_tiles", "game_nav"]
