"""The notebooks' prose in every language (cardkit.notebook_prose): each Markdown cell drawn once
per language from the catalogs; a teacher's own words kept as written."""
import json
from pathlib import Path

from cardkit import i18n
from cardkit.notebook_prose import PROSE_CLASS, every_language, translate_notebook

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "lessons" / "flip7_when_to_stop.ipynb"
HEADING = "# When should you stop? Chance and expected value in Flip 7"
OWN = "Heute spielen wir zu zweit: **wer zuerst platzt, mischt.**"


def versions(source: str) -> dict:
    """lang -> the Markdown of that language's version."""
    found = {}
    for part in source.split(f'<div class="{PROSE_CLASS}" lang="')[1:]:
        lang, rest = part.split('">', 1)
        found[lang] = rest.rsplit("</div>", 1)[0].strip()
    return found


def test_a_known_block_is_drawn_in_every_language():
    cell = versions(every_language(HEADING))
    assert list(cell) == list(i18n.LANGUAGES)
    assert cell["en"] == HEADING
    for lang in ("de", "fr", "sv"):
        with i18n.using(lang):
            assert cell[lang] == i18n.gettext(HEADING) != HEADING


def test_a_block_not_in_the_catalogs_stays_as_written():
    assert every_language(OWN) == OWN
    mixed = versions(every_language(HEADING + "\n\n" + OWN))
    assert all(text.endswith("\n\n" + OWN) for text in mixed.values())     # beside translated blocks too
    assert mixed["sv"].startswith("# När ")


def test_a_whole_notebook_keeps_its_cells_and_translates_each_markdown_cell():
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    before = [cell["cell_type"] for cell in nb["cells"]]
    code = [cell["source"] for cell in nb["cells"] if cell["cell_type"] == "code"]
    translate_notebook(nb)
    assert [cell["cell_type"] for cell in nb["cells"]] == before          # Voila runs cells by index
    assert [cell["source"] for cell in nb["cells"] if cell["cell_type"] == "code"] == code
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            assert list(versions(cell["source"])) == list(i18n.LANGUAGES)
    again = json.loads(json.dumps(nb))
    assert translate_notebook(again)[0] == nb                             # served twice: done once
