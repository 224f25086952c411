"""Lessons made from notebooks/lessons/_template.ipynb, as a teacher makes them: only the settings change."""
from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TEMPLATE = REPO / "notebooks" / "lessons" / "_template.ipynb"


def lesson_from_template(folder: Path, name: str, **settings) -> Path:
    """A copy of the template as ``folder/lessons/<name>.ipynb`` with ``settings`` (GAME=..., ...)
    written into its settings cell (the cell tagged "parameters"), the rest untouched."""
    nb = json.loads(TEMPLATE.read_text())
    cell = next(c for c in nb["cells"] if "parameters" in c["metadata"].get("tags", []))
    lines = "".join(cell["source"]).splitlines(True)
    for key, value in settings.items():
        at = [i for i, line in enumerate(lines) if line.startswith(f"{key} = ")]
        assert at, f"the template's settings have no {key}"
        end = at[0] + 1
        if lines[at[0]].split("#")[0].rstrip().endswith(("{", "[")):   # a setting over several lines
            while not lines[end - 1].startswith(("}", "]")):
                end += 1
        lines[at[0]:end] = [f"{key} = {value!r}\n"]
    cell["source"] = lines
    path = folder / "lessons" / f"{name}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1))
    return path
