"""Sphinx settings for the docs site (`make docs`): the README, the guides in docs/ and
bench/README.md, all MyST Markdown read from the repository's root so their relative links work on
GitHub and on the site alike; the engine's API pages come from its docstrings (autodoc)."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))            # autodoc imports this checkout's cardkit

project = "cardkit"
extensions = ["myst_parser", "sphinx.ext.autodoc"]
root_doc = "docs/index"
include_patterns = ["README.md", "docs/**", "bench/README.md"]
exclude_patterns = [".*", "build", "site", "notebooks", "tests", "cardkit-data"]
source_suffix = {".md": "markdown"}
# A link to a heading (#the-two-commands) gets the slug GitHub gives it, and a missing one warns.
myst_heading_anchors = 4
myst_enable_extensions = ["html_image"]  # the README's small pictures are <img width=...>
autodoc_member_order = "bysource"
html_theme = "alabaster"
html_title = "cardkit"
templates_path = ["templates"]
html_additional_pages = {"index": "redirect.html"}   # the site's root opens the guides


def _page_language(app, pagename, templatename, context, doctree):
    """The rule pages in docs/rules/<lang>/ say their own language in <html lang>, so a browser offers no
    translation and a screen reader reads them in the right voice."""
    parts = pagename.split("/")
    if parts[:2] == ["docs", "rules"] and len(parts) == 4 and parts[2] in {"de", "fr", "sv"}:
        context["language"] = parts[2]


def setup(app):
    app.connect("html-page-context", _page_language)
