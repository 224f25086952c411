"""The page code's rooms import one way only: server -> classroom.pages -> widgets.lessons -> widgets.play ->
widgets.ui -> cardkit. Every import of every module (those inside functions too) is read from its source."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Each room and the rooms it may import (besides itself). ``widgets`` itself only gathers the rooms'
#: names for the notebooks: it sits above them. The class rooms' store needs the engine only.
MAY_IMPORT = {
    "cardkit": set(),
    "classroom.store": {"cardkit"},
    "widgets.ui": {"cardkit"},
    "widgets.play": {"cardkit", "widgets.ui"},
    "widgets.lessons": {"cardkit", "widgets.ui", "widgets.play"},
    "widgets": {"cardkit", "widgets.ui", "widgets.play", "widgets.lessons"},
    "classroom.pages": {"cardkit", "widgets.ui", "widgets.play", "widgets.lessons", "widgets", "classroom.store"},
    "classroom": {"classroom.store", "classroom.pages"},
    "server": {"cardkit", "widgets.ui", "widgets.play", "widgets.lessons", "widgets", "classroom.store",
               "classroom.pages", "classroom"},
}
CHECKED = ["widgets", "classroom", "server"]


def room(module: str) -> str | None:
    """The room of ``module`` (the longest MAY_IMPORT name it is in), None for what is not the project's."""
    rooms = [name for name in MAY_IMPORT if module == name or module.startswith(name + ".")]
    return max(rooms, key=len) if rooms else None


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every module ``source`` imports (absolute names; ``from x import y`` gives ``x.y`` too, as y may be
    a module)."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module
            found.append(name)
            found += [f"{name}.{alias.name}" for alias in node.names if alias.name != "*"]
    return found


def upward(source: str, module: str, is_package: bool = False) -> list[str]:
    """The imports of ``module`` into a room it may not import (one above it, or beside it)."""
    own = room(module)
    wrong = []
    for name in imports(source, module, is_package):
        target = room(name)
        if target is not None and target != own and target not in MAY_IMPORT[own]:
            wrong.append(name)
    return sorted(set(wrong))


def modules():
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path, module_name(path)


def test_every_room_imports_only_the_rooms_below_it():
    wrong = {name: bad for path, name in modules()
             if (bad := upward(path.read_text(), name, path.name == "__init__.py"))}
    assert not wrong, f"imports into a room above: {wrong}"


def test_the_check_sees_an_upward_import():
    """The check above would fail: play importing lessons, ui importing play, lessons importing the class
    pages (at the top or inside a function), the store importing the widgets, each is caught; downward
    imports are not."""
    assert upward("from ..lessons.questions import lesson_style\n", "widgets.play.probability")
    assert upward("from ..play import app\n", "widgets.ui.hosting")
    assert upward("def f():\n    from classroom.pages import class_bar\n", "widgets.lessons.landing")
    assert upward("from widgets.ui import hosting\n", "classroom.store.tables")
    assert upward("import widgets\n", "widgets.play.app")
    assert upward("from server import cli\n", "widgets.ui.style")
    assert not upward("from ..ui.style import CSS\nfrom .cards import card_html\nimport cardkit\n", "widgets.play.table")
    assert not upward("from ..play.move_panel import message_html\n", "widgets.lessons.background")
    assert not upward("from .questions import *\n", "widgets.lessons", is_package=True)
    assert not upward("from widgets.play.table import TableView\nfrom classroom.store import open_store\n",
                      "classroom.pages.shared_table")


def test_every_room_is_checked():
    """Every module of the page code and the class rooms is in a room the check knows."""
    loose = {name for _path, name in modules() if room(name) in (None, "classroom") and name != "classroom"}
    assert not loose, f"modules outside the rooms: {loose}"
