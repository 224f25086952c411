"""The project's own docs: each game's rules in docs/rules/<id>.md list every clause of its rules.py,
in order and no other, and nothing in the project sends a reader to a folder a clone does not have."""
import re
from pathlib import Path

import pytest

import cardkit

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_each_games_rules_doc_lists_every_clause_of_its_rules(game_id):
    doc = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    clauses = [rule.id for rule in cardkit.games.declaration(game_id).rules]
    listed = re.findall(r"\(`([a-z0-9_]+\.[a-z0-9_]+)`\)", doc)
    assert listed == clauses, "run python tools/sync_from_rules.py"   # none missing, none left over
    flat = " ".join(doc.split())
    for rule in cardkit.games.declaration(game_id).rules:   # each says what rules.py says
        assert f"- **{rule.title}** (`{rule.id}`): {' '.join(rule.text.split())}" in flat, (
            rule.id, "run python tools/sync_from_rules.py")


def test_each_games_house_rules_are_in_its_rules_doc():
    for game_id in cardkit.list_games():
        doc = " ".join((ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8").split())
        for house_rule in cardkit.games.declaration(game_id).house_rules:
            assert " ".join(house_rule.split()) in doc, (game_id, house_rule[:60])


def test_nothing_points_to_a_folder_a_clone_does_not_have():
    outside = "shared" + "/"                 # spelled apart, so this file does not find itself
    folders = ["cardkit", "widgets", "classroom", "server", "notebooks", "tests", "bench", "docs", "share", "tools"]
    files = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / "Makefile"]
    files += [p for folder in folders for p in (ROOT / folder).rglob("*")
              if p.suffix in {".py", ".md", ".ipynb", ".toml", ".cfg", ".json", ".html", ".js", ".css", ".txt"}
              and ".ipynb_checkpoints" not in p.parts]
    pointing = [str(p.relative_to(ROOT)) for p in files if outside in p.read_text(encoding="utf-8", errors="ignore")]
    assert pointing == []
