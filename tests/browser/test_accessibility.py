"""No page fails a screen reader or a weak eye (issue 39, item 8): axe-core, from npm
(``make venv`` puts it in .venv/axe), checks every page type as it is first drawn, at 1280 × 800 and,
for a few, 390 × 844: no critical and no serious violation. Each page's counts by impact are printed.
A card is read once, by its full name."""

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ._pages import APP, SHARED, TEACHER_KEY, create_class, create_table, resize, wait_until_usable

pytestmark = pytest.mark.browser

AXE = Path(sys.prefix) / "axe" / "node_modules" / "axe-core" / "axe.min.js"
LAPTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
LESSONS = sorted(p.relative_to(Path(__file__).parents[2] / "notebooks").as_posix()
                 for p in (Path(__file__).parents[2] / "notebooks" / "lessons").glob("[!_]*.ipynb"))
# Each page type: its notebook and what shows once its widgets are drawn.
PAGES = {
    "landing": ("index.ipynb", ".ck-tile a"),
    **{game: (f"{game}.ipynb", f"{APP} .ck-action") for game in ("flip7", "eights", "trump21", "skitgubbe", "frantic")},
    **{Path(lesson).stem: (lesson, ".ck-question") for lesson in LESSONS},
    "class board": (f"class_board.ipynb?teacher={TEACHER_KEY}", ".ck-board-create"),
    "play together": ("play_together.ipynb?game=frantic", SHARED),
}
ON_A_PHONE = {"frantic", "play together", "flip7_when_to_stop"}

# axe's violations as {impact: count of rules} and, for the test's message, each rule with a few of its
# elements.
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  const counts = {critical: 0, serious: 0, moderate: 0, minor: 0}, rules = [];
  for (const v of result.violations) {
    counts[v.impact] += 1;
    rules.push(`${v.impact} ${v.id} (${v.nodes.length}): ${v.help}; e.g. `
               + v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n').slice(1, 2).join('')).join(' | '));
  }
  return {counts, rules};
}"""


def check(page, what: str) -> None:
    found = page.evaluate(RUN_AXE)
    counts = found["counts"]
    print(f"\naxe {what}: " + ", ".join(f"{impact} {n}" for impact, n in counts.items()))
    for rule in found["rules"]:
        print("   ", rule[:400])
    bad = [rule for rule in found["rules"] if rule.startswith(("critical", "serious"))]
    assert not bad, f"{what}:\n  " + "\n  ".join(bad)


@pytest.mark.parametrize("kind", PAGES)
def test_axe_finds_nothing_critical_or_serious(page, ready_url, kind):
    if not AXE.is_file():
        pytest.fail(f"no axe-core at {AXE}: `make venv` installs it (npm)")
    notebook, drawn = PAGES[kind]
    page.set_viewport_size(LAPTOP)
    page.goto(f"{ready_url}/voila/render/{notebook}", timeout=120_000)
    wait_until_usable(page, drawn, timeout=120_000)
    if kind == "class board":                 # the board of a class, with the teacher's controls
        create_class(page)
        expect(page.locator(".ck-board-reveal")).to_be_visible()
    if kind == "play together":               # a Frantic table in play: Ada and two bots
        create_table(page, "Ada", 3)
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator(f"{SHARED} .ck-table .ck-seat").first).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "en"     # a screen reader reads it in English
    page.add_script_tag(path=str(AXE))
    check(page, f"{kind} at 1280x800")
    if kind in ON_A_PHONE:
        resize(page, PHONE)
        check(page, f"{kind} at 390x844")
    if kind in ("eights", "skitgubbe"):
        each_card_is_read_once_by_its_name(page)
    assert page.errors == []


NAME = r"([2-9]|10|Jack|Queen|King|Ace) of (spades|hearts|clubs|diamonds)"


def each_card_is_read_once_by_its_name(page) -> None:
    """What a screen reader finds on the table of a game with a standard pack: the face-up cards as
    images named "Queen of hearts" (Skitgubbe's first round: your hand), your cards to pick as buttons
    so named (Huit américain), and no text with a suit symbol (no corner read: "Q♥" three times)."""
    tree = page.locator(f"{APP} .ck-table").aria_snapshot()
    read = [line for line in tree.splitlines() if "- text:" in line or "- img" in line]
    assert not [line for line in read if re.search("[♠♥♣♦]", line)], tree
    named = page.locator(f"{APP} .ck-you .ck-card-button").evaluate_all("els => els.map(el => el.ariaLabel)")
    assert all(re.match(NAME, name) for name in named), named
    assert named or re.search(rf'- img "{NAME}"', tree), tree
