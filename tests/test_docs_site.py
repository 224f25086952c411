"""The docs site (make docs) builds with warnings as errors, and every link inside it leads somewhere.

Sphinx and MyST warn for a link to a page or a heading that is not there and for a docstring autodoc
cannot read; the build's HTML is then read back, and every relative link and image must name a file
of the build and, after #, an id in that file. The README stays short enough to read to the end. The rule
pages exist in each language with the same outline as the English one, so a translation cannot drift
a clause or a section away unnoticed."""
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import cardkit

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "sv": "Svenska"}


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        for key in ("href", "src"):
            if attrs.get(key):
                self.links.append(attrs[key])


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "html"
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-E", "-c", "tools/docs",
                          ".", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "WARNING" not in run.stderr + run.stdout, run.stderr
    return out


def _pages(site: Path) -> dict[Path, _Page]:
    pages = {}
    for path in site.rglob("*.html"):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path] = page
    return pages


def test_the_site_has_every_guide_and_the_engines_api(site):
    for name in ["README", "docs/index", "docs/teaching", "docs/hosting", "docs/classrooms", "docs/static-site",
                 "docs/lessons", "docs/adding-a-game", "docs/api", "docs/design", "docs/rules/index",
                 "docs/rules/frantic", "bench/README"]:
        assert (site / f"{name}.html").is_file(), name
    api = (site / "docs" / "api.html").read_text(encoding="utf-8")
    for name in ["cardkit.make", "cardkit.core.State", "cardkit.games.declaration", "cardkit.sim.simulate"]:
        assert f'id="{name}"' in api, name        # written from the docstrings


def test_every_relative_link_in_the_site_names_a_file_and_an_id_there(site):
    pages = _pages(site)
    broken = []
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("mailto:"):
                continue                       # outside the site: not checked here (no network)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.is_file():
                broken.append(f"{path.relative_to(site)}: {link} (no such file)")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{path.relative_to(site)}: {link} (no such id)")
    assert broken == []


def test_the_readme_is_short_and_the_design_opens_with_the_map_of_rooms():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme) <= 10_000
    for command in ("make app", "make test"):
        assert re.search(rf"^{command}\b", readme, re.M), command
    design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    assert design.split("\n## ")[1].startswith("The map of rooms")


def _rule_page(language: str, name: str) -> Path:
    return RULES / f"{name}.md" if language == "en" else RULES / language / f"{name}.md"


def _outline(text: str) -> list[tuple[str, list[str], int]]:
    """Each section of a rule page: its heading's level, the clause ids it names, how many bullets it has."""
    sections = []
    for line in text.splitlines():
        if re.match(r"#{1,3} ", line):
            sections.append((line.split()[0], [], 0))
        elif line.startswith("- ") and sections:
            level, clauses, bullets = sections[-1]
            sections[-1] = (level, clauses + re.findall(r"\(`([a-z0-9_]+\.[a-z0-9_]+)`\)", line), bullets + 1)
    return sections


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_every_rule_page_is_in_each_language_with_the_english_outline(language):
    for name in ["index", *cardkit.list_games()]:
        page = _rule_page(language, name)
        assert page.is_file(), page
        assert _outline(page.read_text(encoding="utf-8")) == _outline(_rule_page("en", name).read_text(
            encoding="utf-8")), (page, "not the same sections, clause ids and bullets as the English page")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_page_opens_with_links_to_its_other_languages(language, site):
    for name in ["index", *cardkit.list_games()]:
        text = _rule_page(language, name).read_text(encoding="utf-8").splitlines()
        switcher = text[2]                      # the line below the title
        for other, label in LANGUAGES.items():
            if other == language:
                assert f"**{label}**" in switcher, (language, name)
            else:
                target = os.path.relpath(_rule_page(other, name), _rule_page(language, name).parent)
                assert f"[{label}]({target})" in switcher, (language, name, other)
        built = site / "docs" / "rules" / ("" if language == "en" else language) / f"{name}.html"
        assert f'<html lang="{language}"' in built.read_text(encoding="utf-8"), built   # says its language
