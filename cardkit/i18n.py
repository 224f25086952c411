"""The languages a person reads: English, German, French and Swedish, from gettext catalogs.

The engine speaks English to files and tests (``str(action)``, ``Event.text``, rule ids never
change); what a page shows goes through ``gettext`` in the page's language (``set_language``), made
from the same values. A Voila page is one kernel, so the language is the process's: one setting per
page, and ``using(lang)`` for a test or a script that wants another for a while.

Narration templates are msgids too. A translated template names players as the English one does,
but spells out the words that agree with them, as ``{p:others|you|several}``: the first form for a
player named by name, the second for the reader themself, the third (optional) for several players
at once; ``*`` in a form stands for the name(s). ``"{p} {p:zieht|ziehst} {c}."`` reads "Spieler 0
zieht 7." and, to seat 0, "Du ziehst 7.". A form with no ``|`` is the same for everyone (Swedish
"drar"). Each language has two catalogs in ``cardkit/locale/<lang>/LC_MESSAGES/``: ``cardkit.po``,
the app's and the games' words, and ``pages.po``, the pages' prose (the notebooks' Markdown);
``make catalogs`` extracts, updates and compiles them.
"""
from __future__ import annotations

import contextlib
import gettext as _gettext
import os
import re
from pathlib import Path

#: The languages a page can speak, in the picker's order, each named in its own words.
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "sv": "Svenska"}
DEFAULT = "en"
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "cardkit"
#: The catalogs of a language, read in this order: the app's words, then the pages' prose.
DOMAINS = (DOMAIN, "pages")

#: The words a translated narration needs besides its templates, per language: the reader as the
#: subject ("you"), the word joining the last two of several names, nobody at all, and (Swedish) how
#: a genitive "s" follows a name ending in a digit ("Spelare 0:s"). English
#: keeps its own rules in ``cardkit.core.events``.
GRAMMAR = {
    "de": {"you": "du", "and": " und ", "nobody": "niemand"},
    "fr": {"you": "tu", "and": " et ", "nobody": "personne"},
    "sv": {"you": "du", "and": " och ", "nobody": "ingen", "genitive_after_digit": ":s"},
}

_current = DEFAULT
_catalogs: dict[str, _gettext.NullTranslations] = {}


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs where it is written, translated later where it is read
    (a module's constant, a rule's text)."""
    return message


def language() -> str:
    """The language this process speaks to people now ("en", "de", "fr" or "sv")."""
    return _current


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on; ValueError names the languages there are."""
    global _current
    _current = check_language(lang)


def check_language(lang) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


@contextlib.contextmanager
def using(lang: str):
    """Speak ``lang`` inside the ``with`` block, then the language spoken before."""
    global _current
    before, _current = _current, check_language(lang)
    try:
        yield
    finally:
        _current = before


def catalog(lang: str | None = None) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (default: the current language), loaded once. A catalog whose
    ``.mo`` is missing or older than its ``.po`` is compiled from the ``.po`` first (a fresh clone)."""
    lang = lang or _current
    found = _catalogs.get(lang)
    if found is None:
        found = _catalogs[lang] = _load(lang)
    return found


def _load(lang: str) -> _gettext.NullTranslations:
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    first, *rest = (_load_domain(lang, domain) for domain in DOMAINS)
    for more in rest:
        first.add_fallback(more)
    return first


def _load_domain(lang: str, domain: str) -> _gettext.NullTranslations:
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if not po.exists():
        return _packaged(lang, domain)
    if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
        data = compile_po(po)
        try:
            tmp = mo.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(data)
            os.replace(tmp, mo)
        except OSError:             # an installed package we may not write to: keep it in memory
            import io
            return _gettext.GNUTranslations(io.BytesIO(data))
    with open(mo, "rb") as file:
        return _gettext.GNUTranslations(file)


def _packaged(lang: str, domain: str) -> _gettext.NullTranslations:
    """The compiled catalog shipped inside the package where there is no ``.po`` beside it: the
    static site imports cardkit from a zip (its wheel carries the ``.mo`` files only), which
    ``importlib.resources`` reads as it reads a folder."""
    import importlib.resources
    import io
    try:
        data = importlib.resources.files(__package__).joinpath(
            "locale", lang, "LC_MESSAGES", f"{domain}.mo").read_bytes()
    except (OSError, ValueError):
        return _gettext.NullTranslations()
    return _gettext.GNUTranslations(io.BytesIO(data))


def compile_po(po: Path) -> bytes:
    """The ``.mo`` bytes of the catalog ``po`` (fuzzy entries left out, as gettext's msgfmt does)."""
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with open(po, "rb") as file:
        entries = read_po(file)
    out = io.BytesIO()
    write_mo(out, entries)
    return out.getvalue()


def gettext(message: str) -> str:
    """``message`` in the current language (itself where the catalog has no translation)."""
    if _current == DEFAULT or not message:
        return message
    return catalog().gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` by the current language's plural rule."""
    if _current == DEFAULT:
        return singular if n == 1 else plural
    return catalog().ngettext(singular, plural, n)


def has_translation(message: str, lang: str | None = None) -> bool:
    """Whether ``lang``'s catalog has its own words for ``message`` (English has them all)."""
    lang = lang or _current
    if lang == DEFAULT:
        return True
    return catalog(lang).gettext(message) != message or message in _same_words(lang)


def _same_words(lang: str) -> frozenset:
    """Messages whose translation is the English text itself ("Flip 7", "OK"): translated all the
    same, recorded so by the catalog (an entry whose msgstr equals its msgid)."""
    cat = catalog(lang)
    same = getattr(cat, "_cardkit_same", None)
    if same is None:
        chain, same = cat, set()
        while chain is not None:
            same.update(k for k, v in getattr(chain, "_catalog", {}).items() if isinstance(k, str) and k == v and k)
            chain = getattr(chain, "_fallback", None)
        same = cat._cardkit_same = frozenset(same)
    return same


class Count(str):
    """A number with its noun, made by ``count(n, "{n} card", "{n} cards")``: reads as English
    ("2 cards") where the engine speaks, and in the page's language with its plural rule where a
    person reads it (``localized()``; narration localizes the values it is given)."""

    def __new__(cls, n: int, singular: str, plural: str):
        text = super().__new__(cls, (singular if n == 1 else plural).format(n=f"{n:,}"))
        text.n, text.singular, text.plural = n, singular, plural
        return text

    def localized(self) -> str:
        if _current == DEFAULT:
            return str(self)
        return ngettext(self.singular, self.plural, self.n).format(n=number(self.n))

    def __getnewargs__(self):
        return self.n, self.singular, self.plural


class Verbatim(str):
    """Words a person typed (a nickname) given as a value to a translated line: read as they are,
    never looked up in a catalog (a student called "Pass" stays "Pass")."""

    def localized(self) -> str:
        return str(self)


def count(n: int, singular: str, plural: str) -> Count:
    """``n`` with its noun in the right number: ``count(2, "{n} card", "{n} cards")`` ("2 cards",
    "2 Karten"). Both forms are msgids of one plural entry. One Count per (n, singular, plural)
    while kept: views count every seat's cards every decision."""
    if type(n) is not int:                  # True would find 1's Count
        return Count(n, singular, plural)
    key = (n, singular, plural)
    found = _COUNTS.get(key)
    if found is None:
        if len(_COUNTS) >= 4096:            # bounded as cardkit.core.fast.keep bounds (not imported here:
            _COUNTS.clear()                 # the core imports this module)
        found = _COUNTS[key] = Count(n, singular, plural)
    return found


_COUNTS: dict = {}


def localized(value):
    """``value`` as the current language reads it: a ``Count`` or a phrase by its own rules, a
    number in the locale's digits, a word its catalog knows translated, anything else as it is."""
    method = getattr(value, "localized", None)
    if method is not None:
        return method()
    if isinstance(value, bool) or _current == DEFAULT:
        return value
    if isinstance(value, (int, float)):
        return number(value)
    if isinstance(value, str):
        return catalog().gettext(value) if value else value
    return value


#: Each language's digits, as CLDR has them (what Babel formats with; the engine needs only the
#: standard library, also in a browser's Python): the group mark, the decimal mark, the percent sign.
NUMBERS = {"en": (",", ".", "%"), "de": (".", ",", "\xa0%"), "fr": ("\u202f", ",", "\xa0%"),
           "sv": ("\xa0", ",", "\xa0%")}


def number(value, digits: int | None = None) -> str:
    """``value`` with the current language's digits: "1,234.5" in English, "1.234,5" in German; up
    to 3 decimals, or exactly ``digits``."""
    if digits is None:
        text = f"{value:,}" if isinstance(value, int) else f"{value:,.3f}".rstrip("0").rstrip(".")
    else:
        text = f"{value:,.{digits}f}"
    if text in ("-0", ""):
        text = "0"
    group, decimal, _ = NUMBERS[_current]
    return text if _current == DEFAULT else text.replace(",", "\0").replace(".", decimal).replace("\0", group)


def percent(value: float, digits: int = 0) -> str:
    """``value`` (0.25) as a percentage in the current language: "25%", "25 %" in French and German."""
    return number(value * 100, digits) + NUMBERS[_current][2]


def player(seat: int) -> str:
    """The default name of ``seat`` as the page reads it: "Player 0", "Spieler 0"."""
    return gettext("Player {n}").format(n=seat)


def grammar(lang: str | None = None) -> dict:
    return GRAMMAR[lang or _current]


_Q = re.compile(r"^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$")


def negotiate(*, asked: str | None = None, remembered: str | None = None,
              accept_language: str | None = None) -> str:
    """The page's language, as a person expects it: the address's ``?lang=`` first, then the one the
    browser remembered from the picker, then the browser's own list (``Accept-Language``, by its
    q-values), then English. Values that are not a language we speak are passed over."""
    for choice in (asked, remembered):
        if choice:
            choice = choice.strip().lower()[:2]
            if choice in LANGUAGES:
                return choice
    ranked = []
    for i, item in enumerate((accept_language or "")[:1000].split(",")):
        tag, _sep, params = item.partition(";")
        q = 1.0
        for param in params.split(";"):
            m = _Q.match(param)
            if m:
                q = float(m.group(1))
        tag = tag.strip().lower()[:2]
        if tag in LANGUAGES and q > 0:
            ranked.append((-q, i, tag))
    return min(ranked)[2] if ranked else DEFAULT
