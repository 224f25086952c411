"""The page code's rooms import one way only: server -> class pages -> widgets.lessons -> widgets.play ->
widgets.ui -> cardkit. Every import of every module (those inside functions too) is read from its source."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Lowest first: a module may import its own room and the rooms before it, never one after.
LAYERS = ["cardkit", "widgets.ui", "widgets.play", "widgets.lessons", "classroom", "server"]
#: The class pages still in widgets/ until they move to classroom/pages.
CLASS_PAGES = {"widgets.classroom", "widgets.shared_table", "widgets.browser_memory"}
CHECKED = ["widgets/ui", "widgets/play", "widgets/lessons", "server"]


def layer(module: str) -> int | None:
    """The room of ``module`` (its index in LAYERS), None for what is not the project's. The ``widgets``
    package itself gathers every room's names for the notebooks: it counts as the top of the widgets."""
    if module in CLASS_PAGES or any(module.startswith(page + ".") for page in CLASS_PAGES):
        return LAYERS.index("classroom")
    if module == "widgets":
        return LAYERS.index("classroom")
    for index in range(len(LAYERS) - 1, -1, -1):
        room = LAYERS[index]
        if module == room or module.startswith(room + "."):
            return index
    return None


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
    """The imports of ``module`` into a room above its own."""
    own = layer(module)
    wrong = []
    for name in imports(source, module, is_package):
        target = layer(name)
        if target is not None and target > own:
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
    pages (at the top or inside a function), each is caught; downward imports are not."""
    assert upward("from ..lessons.questions import lesson_style\n", "widgets.play.probability")
    assert upward("from ..play import app\n", "widgets.ui.hosting")
    assert upward("def f():\n    from ..classroom import class_bar\n", "widgets.lessons.landing")
    assert upward("import widgets\n", "widgets.play.app")
    assert upward("from server import cli\n", "widgets.ui.style")
    assert not upward("from ..ui.style import CSS\nfrom .cards import card_html\nimport cardkit\n", "widgets.play.table")
    assert not upward("from ..play.move_panel import message_html\n", "widgets.lessons.background")
    assert not upward("from .questions import *\n", "widgets.lessons", is_package=True)


def test_every_room_is_checked():
    """A module in widgets/ outside the rooms is one of the class pages waiting for classroom/pages."""
    loose = {module_name(p) for p in (ROOT / "widgets").glob("*.py")} - CLASS_PAGES - {"widgets"}
    assert not loose, f"modules outside the rooms: {loose}"
