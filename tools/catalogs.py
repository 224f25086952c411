"""The translation catalogs: find every message a person reads, update each language's ``.po`` file,
compile it, and say what is missing.

    python tools/catalogs.py update     # extract, merge into cardkit/locale/<lang>/LC_MESSAGES/{cardkit,pages}.po
    python tools/catalogs.py compile    # .po -> .mo (the app also compiles a stale one itself)
    python tools/catalogs.py check      # untranslated, fuzzy or broken entries; exit 1 if any
    python tools/catalogs.py stats      # entries and words per language

Messages are found by reading the code, not running it: the string constants given to the calls in
``KEYWORDS`` (``_("...")``, ``N_("...")``, a narration's template in ``self.log(...)``, a rule's
title and text, ...), and the prose of the notebooks, one Markdown block at a time.
"""
from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from cardkit.i18n import DOMAIN, DOMAINS, LANGUAGES, LOCALE_DIR, compile_po  # noqa: E402

PAGES = DOMAINS[1]
from cardkit.notebook_prose import NOT_PROSE, prose_blocks  # noqa: E402  (the pages translate the same blocks)

#: Where the messages are: Python packages, and the notebooks' Markdown.
SOURCES = ("cardkit", "widgets", "classroom", "server")
NOTEBOOKS = ("notebooks",)

#: A call's name -> the positions of its message arguments (a pair: singular and plural), and the
#: keyword arguments that hold messages. The call's name is its last dotted part (``self.log``).
KEYWORDS: dict[str, tuple] = {
    "_": (0,), "gettext": (0,), "N_": (0,),
    "ngettext": ((0, 1),), "count": ((1, 2),),
    "phrase": (0,), "Phrase": (0,),
    "log": (2,),                    # State.log(seat, kind, template, rule, *values)
    "Rule": (1, 2),                 # Rule(id, title, text)
    "IllegalAction": (0,),
}


def _constant(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


#: Calls of a notebook's code cells whose words a page shows (their functions translate them):
#: ``nav((text, link), ...)``'s texts, ``on_demand(label, factory, hint)``, ``gallery_html``'s group titles.
NOTEBOOK_CALLS: dict[str, tuple] = {"on_demand": (0, 2)}
TEXT_LINK_PAIRS = ("nav", "gallery_html")


def extract_python(path: Path):
    """(line, message or (singular, plural)) for each message in a Python file."""
    yield from extract_code(path.read_text(encoding="utf-8"), str(path))


def extract_code(source: str, where: str, keywords: dict = KEYWORDS, pairs=()):
    """(line, message) for each message in some Python code; ``pairs``: calls whose arguments (or
    their lists) hold (text, ...) tuples, the text a message."""
    tree = ast.parse(source, where)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name in pairs:
            for arg in node.args:
                for item in (arg.elts if isinstance(arg, ast.List) else [arg]):
                    if isinstance(item, ast.Tuple) and item.elts and _constant(item.elts[0]):
                        yield node.lineno, _constant(item.elts[0])
            continue
        spec = keywords.get(name)
        if spec is None:
            continue
        for position in spec:
            if isinstance(position, tuple):
                if max(position) < len(node.args):
                    pair = tuple(_constant(node.args[i]) for i in position)
                    if all(pair):
                        yield node.lineno, pair
            elif position < len(node.args):
                text = _constant(node.args[position])
                if text:
                    yield node.lineno, text


def extract_notebook(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = nb.get("cells", [])
    title = (nb.get("metadata", {}).get("cardkit") or {}).get("title")
    if title:                       # a lesson's title, as its links name it (widgets.lessons.landing)
        yield 0, title
    for number, cell in enumerate(cells, 1):
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        if cell.get("cell_type") == "code":
            for _line, message in extract_code(source, f"{path} cell {number}", {**KEYWORDS, **NOTEBOOK_CALLS},
                                               TEXT_LINK_PAIRS):
                yield number, message
            continue
        if cell.get("cell_type") != "markdown":
            continue
        for block in prose_blocks(source):
            if not NOT_PROSE.match(block):
                yield number, block


def extract() -> dict[str, Catalog]:
    """Every message of the project, with where it is written, by catalog: the code's words
    (``cardkit``), and the notebooks' prose (``pages``) that the code does not say already."""
    code = Catalog(project="cardkit", domain=DOMAIN, fuzzy=False)
    pages = Catalog(project="cardkit", domain=PAGES, fuzzy=False)
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "migrations" in path.parts or "__pycache__" in path.parts:
                continue
            for line, message in extract_python(path):
                code.add(message, locations=[(str(path.relative_to(ROOT)), line)])
    for folder in NOTEBOOKS:
        for path in sorted((ROOT / folder).rglob("*.ipynb")):
            if ".ipynb_checkpoints" in path.parts:
                continue
            for cell, block in extract_notebook(path):
                (code if block in code else pages).add(block, locations=[(str(path.relative_to(ROOT)), cell)])
    return {DOMAIN: code, PAGES: pages}


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang: str, domain: str = DOMAIN) -> Catalog:
    path = po_path(lang, domain)
    if not path.exists():
        what = "the words of cardkit" if domain == DOMAIN else "the prose of cardkit's pages"
        return Catalog(locale=lang, project="cardkit", domain=domain, copyright_holder="the cardkit authors",
                       header_comment=f"# {LANGUAGES[lang]}: {what}. Improve a translation here and\n"
                                      "# run `make catalogs`; docs in the README, \"Translations\".")
    with open(path, "rb") as file:
        return read_po(file, locale=lang)


def write(lang: str, catalog: Catalog, domain: str = DOMAIN) -> None:
    path = po_path(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as file:
        write_po(file, catalog, width=100, ignore_obsolete=True, include_lineno=False)


def update() -> None:
    templates = extract()
    for lang in LANGUAGES:
        if lang == "en":
            continue
        known = {m.id: m for domain in DOMAINS for m in read(lang, domain) if m.id and m.string}
        for domain, template in templates.items():
            catalog = read(lang, domain)
            for message in template:          # a message moved from one catalog to the other keeps its words
                if message.id and message.id not in catalog and message.id in known:
                    was = known[message.id]
                    catalog.add(message.id, was.string, flags=was.flags - {"fuzzy"} if not was.fuzzy else was.flags)
            catalog.update(template, update_header_comment=False)
            catalog.fuzzy = False                   # the header is ours, not a guess
            catalog.project, catalog.version = "cardkit", "0"
            write(lang, catalog, domain)
            print(f"{lang}: {len(catalog)} messages in {domain}.po")
    compile_all()


def compile_all() -> None:
    for lang in LANGUAGES:
        for domain in DOMAINS:
            if lang != "en" and po_path(lang, domain).exists():
                po_path(lang, domain).with_suffix(".mo").write_bytes(compile_po(po_path(lang, domain)))


_FIELD = re.compile(r"\{(\w+)(?:[!:][^{}]*)?\}")


def problems(lang: str, templates: dict[str, Catalog] | None = None) -> list[str]:
    """What keeps ``lang``'s catalogs from being complete: each message missing, untranslated or
    fuzzy, and each translation that names a field its message lacks (it would fail to read)."""
    templates = templates or extract()
    found = []
    for domain, template in templates.items():
        found += _problems(lang, template, read(lang, domain))
    return found


def _problems(lang: str, template: Catalog, catalog: Catalog) -> list[str]:
    found = []
    for message in template:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        mine = catalog.get(message.id)
        if mine is None:
            found.append(f"{lang}: missing: {key!r}")
        elif mine.fuzzy:
            found.append(f"{lang}: fuzzy: {key!r}")
        elif not (all(mine.string) if isinstance(mine.string, tuple) else mine.string):
            found.append(f"{lang}: untranslated: {key!r}")
        else:
            strings = mine.string if isinstance(mine.string, tuple) else (mine.string,)
            # a plural entry's forms may name the fields of either msgid ("a trump" / "{n} trumps")
            fields = set(_FIELD.findall(" ".join(message.id) if isinstance(message.id, tuple) else key))
            for text in strings:
                extra = set(_FIELD.findall(text)) - fields
                if extra:
                    found.append(f"{lang}: {key!r} -> {text!r} names {sorted(extra)}, which the message lacks")
    return found


def stats() -> None:
    for lang in LANGUAGES:
        if lang == "en":
            continue
        for domain in DOMAINS:
            catalog = read(lang, domain)
            done = [m for m in catalog if m.id and m.string and not m.fuzzy]
            words = sum(len((m.id[0] if isinstance(m.id, tuple) else m.id).split()) for m in done)
            size = po_path(lang, domain).stat().st_size if po_path(lang, domain).exists() else 0
            print(f"{lang} {domain}.po: {len(done)} of {len([m for m in catalog if m.id])} messages translated, "
                  f"{words} English words, {size / 1024:.0f} KB")


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "update"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "stats":
        stats()
    elif command == "check":
        template = extract()
        found = [p for lang in LANGUAGES if lang != "en" for p in problems(lang, template)]
        print("\n".join(found[:200]) or "every catalog is complete")
        if len(found) > 200:
            print(f"... and {len(found) - 200} more")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
