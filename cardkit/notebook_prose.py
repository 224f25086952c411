"""A notebook's prose in every language, from one English source and the catalogs.

Each Markdown block of a notebook (blank-line separated) is a msgid (``tools/catalogs.py`` extracts
them). A page cannot know its reader's language when it is drawn (class mode draws it before the
visitor comes; the static site once, at build time), so every Markdown cell is drawn in all the
languages at once, each version in a ``<div class="ck-prose" lang="xx">``, and the page shows the
one of ``<html lang>`` (the template's ``lang-prose.css``/``.js``). A block the catalogs do not know
(a teacher's own words) is kept as written, for every reader; a block a language has not translated
reads in English there. The number of cells never changes (Voila executes cells by their index).

Used as an nbconvert preprocessor (voila.json's ``VoilaExporter.preprocessors``: any callable
``(nb, resources) -> (nb, resources)``) and by the static site's build on its copies.
"""
from __future__ import annotations

import re

from cardkit import i18n

#: A Markdown block that is not prose to translate: an HTML comment, a bare image.
NOT_PROSE = re.compile(r"^\s*(<!--.*-->|!\[[^\]]*\]\([^)]*\))\s*$", re.S)
#: The class of one language's version of a cell (the template's CSS shows one).
PROSE_CLASS = "ck-prose"


def prose_blocks(source: str) -> list[str]:
    """A Markdown cell's blocks (separated by blank lines), each a message; kept as written."""
    return [block.strip("\n") for block in re.split(r"\n\s*\n", source) if block.strip()]


def _source(cell) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def translated(source: str, lang: str) -> str | None:
    """The Markdown ``source`` in ``lang``, block by block (a block with no translation as written);
    None where no block of it has a translation in ``lang``."""
    blocks, changed = [], False
    for block in prose_blocks(source):
        if NOT_PROSE.match(block):
            blocks.append(block)
            continue
        changed |= i18n.has_translation(block, lang)
        blocks.append(i18n.catalog(lang).gettext(block))
    return "\n\n".join(blocks) if changed else None


def every_language(source: str) -> str:
    """``source`` as one version per language (``<div class="ck-prose" lang="xx">``), or as written
    where no language has a word of it (a teacher's own prose reads as she wrote it)."""
    if PROSE_CLASS in source:               # done already (the static site's copy, served again)
        return source
    versions = {lang: translated(source, lang) for lang in i18n.LANGUAGES if lang != i18n.DEFAULT}
    if not any(versions.values()):
        return source
    english = "\n\n".join(prose_blocks(source))
    return "\n".join(f'<div class="{PROSE_CLASS}" lang="{lang}">\n\n{versions.get(lang) or english}\n\n</div>'
                     for lang in i18n.LANGUAGES)


def translate_notebook(nb, resources=None):
    """Every Markdown cell of ``nb`` in every language (in place); an nbconvert preprocessor."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            cell["source"] = every_language(_source(cell))
    return nb, resources
