"""Narration: what happened, in words, and which rule made it happen.

A template names players by seat fields (``{p}``, ``{t}``, ``{q}``; ``{who}`` holds a tuple of seats)
and says which words agree with them: ``{p:draws}`` is the verb "draws" as it agrees with ``p``,
``{p:their}`` the pronoun. ``"{p} {p:draws} {k}."`` reads "Player 0 draws 2 cards." to everyone
and "You draw 2 cards." to seat 0 (``Event.text_for(0)``); ``"{p}'s"`` reads "your" there.
"""
from __future__ import annotations

import re
from functools import cached_property
from operator import itemgetter
from string import Formatter

from .. import i18n
from .fast import keep
from .seats import player_name

#: Template fields that hold a seat number (or, ``who``, a tuple of them) and read as names; ``p0``,
#: ``p1``, ... for a line that names every seat in turn.
SEAT_KEYS = frozenset({"p", "t", "q", "who", *(f"p{i}" for i in range(32))})

#: Verbs whose plain form ("you ...") is not the "-s" form less its ending.
IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were", "goes": "go"}
#: The mark of a seat named as the object of the reader's own act, ``"Pick {t:self}"``: its name to
#: the others, "yourself" to that seat (a move's label: its player is the one reading it).
SELF = "self"
#: Pronouns of a player, as they read for "they" and for "you".
PRONOUNS = {"they": "you", "them": "you", "their": "your", "theirs": "yours", "themselves": "yourself"}

_FIELDS: dict[str, tuple[str, ...]] = {}
_PARTS: dict[str, tuple] = {}


def template_fields(template: str) -> tuple[str, ...]:
    """The field names of ``template`` in order of first appearance (looked up once per template)."""
    names = _FIELDS.get(template)
    if names is None:
        names = _FIELDS[template] = tuple(dict.fromkeys(
            name for _, name, _, _ in Formatter().parse(template) if name))
    return names


def conjugate(verb: str) -> str:
    """The verb phrase as it agrees with "you" or "they", given as it agrees with "she": "draws" ->
    "draw", "passes" -> "pass", "has" -> "have", "is not" -> "are not"; a word that does not change
    ("must", "cannot") stays."""
    first, space, rest = verb.partition(" ")
    plain = IRREGULAR.get(first)
    if plain is None:
        if first.endswith("ies"):
            plain = first[:-3] + "y"
        elif first.endswith(("sses", "shes", "ches", "xes", "zzes")):
            plain = first[:-2]
        elif first.endswith("s") and not first.endswith("ss"):
            plain = first[:-1]
        else:
            plain = first
    return plain + space + rest


def _parts(template: str) -> tuple:
    parts = _PARTS.get(template)
    if parts is None:
        parts = _PARTS[template] = tuple(Formatter().parse(template))
    return parts


_PLAIN: dict[str, str] = {}


def _plain(template: str) -> str:
    """``template`` as the whole table reads it, for ``str.format_map``: the agreeing words written out
    ("{p} {p:draws}" -> "{p} draws"); right while every seat field holds one seat (looked up once)."""
    plain = _PLAIN.get(template)
    if plain is None:
        out = []
        for literal, field, spec, conversion in _parts(template):
            out.append(literal.replace("{", "{{").replace("}", "}}"))
            if field is None:
                continue
            if spec == SELF and field in SEAT_KEYS:
                out.append("{" + field + "}")
            elif spec and field in SEAT_KEYS:
                out.append(spec)
            else:
                out.append("{" + field + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}")
        plain = _PLAIN[template] = "".join(out)
    return plain


def _join(names: list[str]) -> str:
    if len(names) < 2:
        return names[0] if names else "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]


def render(template: str, values, viewer: int | None = None, names=None, lang: str | None = None) -> str:
    """``template`` filled with ``values`` (in the order of ``template_fields``) as seat ``viewer``
    reads it: its own seat as "you", the words that agree with it in the second person. ``viewer``
    None: every seat by name. ``names``: seat -> name (a sequence or a function; default "Player N").
    ``lang``: the language to read it in (default: the page's, ``cardkit.i18n``)."""
    if (lang or i18n.language()) != i18n.DEFAULT:
        translated = i18n.catalog(lang).gettext(template)
        if translated != template or i18n.has_translation(template, lang):
            try:
                return _render_translated(translated, template, values, viewer, names, lang)
            except (KeyError, IndexError, ValueError):
                pass        # a translation naming a field its template lacks: the English words
    if names is None:
        name_of = player_name
    elif callable(names):
        name_of = names
    else:
        name_of = names.__getitem__
    args = dict(zip(template_fields(template), values))
    parts = _parts(template)
    out = []
    said_you = False    # "you" named already: named again as an object, it is "yourself"
    skip = 0            # characters of this literal already said ("'s" after "your")
    for i, (literal, field, spec, _) in enumerate(parts):
        if skip:
            literal, skip = literal[skip:], 0
        if literal:
            out.append(literal)
        if field is None:
            continue
        value = args[field]
        if field not in SEAT_KEYS or not isinstance(value, (int, tuple)):
            # a move named in the line reads as its button does on the reader's page ("Freeze → you")
            label_for = getattr(value, "label_for", None)
            out.append(format(value, spec) if label_for is None else label_for(viewer, names))
            continue
        seats = value if isinstance(value, tuple) else (value,)
        you = viewer is not None and viewer in seats
        if spec and spec != SELF:                   # a word that agrees with the player(s)
            if spec in PRONOUNS:
                out.append(PRONOUNS[spec] if you else spec)
            else:
                out.append(conjugate(spec) if you or len(seats) > 1 else spec)
            continue
        if not you:
            out.append(_join([name_of(s) for s in seats]))
            continue
        text = _join([("you" if s == viewer else name_of(s)) for s in seats])
        after = parts[i + 1] if i + 1 < len(parts) else ("", None, "", None)
        if len(seats) == 1:
            if after[0].startswith("'s"):           # "Player 0's turn": "your turn"; "it is Player 0's.": "yours."
                text, skip = ("your" if after[0][2:3].isspace() else "yours"), 2
            elif literal.endswith(" of ") and not after[0].startswith(" and "):
                text = "yours"                      # "a trump of Player 0": "a trump of yours"
            elif spec == SELF:                      # "Pick Player 0": "Pick yourself"
                text = "yourself"
            elif said_you and not (after[0] == " " and after[1] == field and after[2]):
                text = "yourself"                   # an object, not the subject of the verb after it
        said_you = True
        if text[0] == "y" and _starts_sentence(out):
            text = "Y" + text[1:]
        out.append(text)
    return "".join(out)


def _render_translated(translated: str, template: str, values, viewer, names, lang) -> str:
    """``render`` in another language: the translated template spells out the words agreeing with a
    player as ``{p:others|you|several}`` (see ``cardkit.i18n``); values are read in that language."""
    with i18n.using(lang or i18n.language()):
        words = i18n.grammar()
        name_of = i18n.player if names is None else names if callable(names) else names.__getitem__
        args = dict(zip(template_fields(template), values))
        out: list[str] = []
        for literal, field, spec, _ in _parts(translated):
            if literal:
                out.append(literal)
            if field is None:
                continue
            value = args[field]
            if field in SEAT_KEYS and isinstance(value, (int, tuple)) and not isinstance(value, bool):
                seats = value if isinstance(value, tuple) else (value,)
                named = [words["you"] if s == viewer else name_of(s) for s in seats]
                text = (", ".join(named[:-1]) + words["and"] + named[-1]) if len(named) > 1 else (
                    named[0] if named else words["nobody"])
                if spec and spec != SELF:
                    forms = spec.split("|")
                    if len(seats) > 1 and len(forms) > 2:
                        form = forms[2]
                    elif viewer is not None and viewer in seats and len(forms) > 1:
                        form = forms[1]
                    else:
                        form = forms[0]
                    text = _named(form, text, words)
            else:
                text = _value_text(value, spec, viewer, names)
            if text and _starts_sentence(out):
                text = text[0].upper() + text[1:]
            out.append(text)
        return "".join(out)


_GENITIVE_S = re.compile(r"\*s\b")


def _named(form: str, names: str, words: dict) -> str:
    """A form's ``*`` replaced by the name(s); a language whose genitive is a bare "s" ("*s tur")
    writes it after a digit as its ``genitive_after_digit`` says (Swedish "Spelare 0:s tur")."""
    after_digit = words.get("genitive_after_digit")
    if after_digit and names[-1:].isdigit():
        form = _GENITIVE_S.sub(lambda _match: "*" + after_digit, form)
    return form.replace("*", names)


def _value_text(value, spec: str, viewer, names) -> str:
    """A value in a translated line: a move as its button reads, a line as the reader reads it, a
    number in the language's digits, a word its catalog knows."""
    label_for = getattr(value, "label_for", None)
    if label_for is not None:
        return label_for(viewer, names)
    for_seat = getattr(value, "for_seat", None)
    if for_seat is not None:
        return for_seat(viewer, names)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if spec.endswith("%"):
            digits = spec[spec.index(".") + 1:-1] if "." in spec else "0"
            return i18n.percent(value, int(digits or 0))
        if "." in spec and spec.rstrip("f").split(".")[-1].isdigit():
            return i18n.number(value, int(spec.rstrip("f").split(".")[-1]))
        return i18n.number(value)
    text = i18n.localized(value)
    return format(text, spec) if spec and not isinstance(text, str) else str(text)


def _starts_sentence(out: list[str]) -> bool:
    """Whether what comes after ``out`` starts a sentence (a capital "You")."""
    for piece in reversed(out):
        piece = piece.rstrip()
        if piece:
            return piece[-1] in ".!?"
    return True


class Event(tuple):
    """One thing that happened: the tuple ``(seat, kind, template, rule, *values)``.

    The values fill the template's fields in the order the template first names them:
    ``Event((0, "flip", "{p} {p:flips} {c}.", "flip7.hit", 0, "12")).text`` is "Player 0 flips 12.",
    and ``text_for(0)`` "You flip 12.". Every game records several events per move, so recording
    one is kept cheap: one tuple built without a Python-level constructor, no dict of arguments,
    and the text formatted when first read.
    """

    seat = property(itemgetter(0), doc="The seat it happened to, or None for the whole table.")
    kind = property(itemgetter(1), doc='What happened, in one word: "flip", "stay", "bust", ...')
    template = property(itemgetter(2), doc='The text with fields: "{p} {p:flips} {c}."')
    rule = property(itemgetter(3), doc="The id of the rule clause that made it happen.")

    @property
    def values(self) -> tuple:
        """The template's field values, in the template's order."""
        return self[4:]

    @property
    def args(self) -> dict:
        """The template's fields by name, as given (seats still as numbers)."""
        return dict(zip(template_fields(self[2]), self[4:]))

    @cached_property
    def text(self) -> str:
        """The text as the whole table reads it: every seat by name."""
        if len(self) == 4:
            return self[2]
        args = self.args
        for key in SEAT_KEYS.intersection(args):
            value = args[key]
            if isinstance(value, tuple):        # several seats: the words agree in the plural
                return render(self[2], self[4:], lang=i18n.DEFAULT)
            if isinstance(value, int):
                args[key] = player_name(value)
        return _plain(self[2]).format_map(args)

    def text_for(self, viewer: int | None, names=None) -> str:
        """The text as seat ``viewer`` reads it ("You draw 7."); None: as ``text``, with ``names``.
        Only the words change: what the event tells is the same for every seat. Read in the page's
        language (``cardkit.i18n``)."""
        if i18n.language() != i18n.DEFAULT:
            return i18n.gettext(self[2]) if len(self) == 4 else render_line(self[2], self[4:], viewer, names)
        if len(self) == 4:
            return self[2]
        if names is None and (viewer is None or not self.names(viewer)):
            return self.text
        return render(self[2], self[4:], viewer, names)

    def names(self, seat: int) -> bool:
        """Whether the text names ``seat``."""
        for key, value in zip(template_fields(self[2]), self[4:]):
            if key in SEAT_KEYS and (value == seat if isinstance(value, int) else
                                     isinstance(value, tuple) and seat in value):
                return True
        return False

    # Events compare as narration (seat, kind, rule, text), not as tuples.
    def __eq__(self, other):
        return isinstance(other, Event) and (self[0], self[1], self[3], self.text) == (
            other[0], other[1], other[3], other.text)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((self[0], self[1], self[3], self.text))

    def __repr__(self):
        return f"Event(seat={self.seat!r}, kind={self.kind!r}, text={self.text!r}, rule={self.rule!r})"


#: (template, values, their types, viewer) -> the line rendered: status lines repeat (a view every
#: decision renders one, twice: for everyone and for its seat), and a line is a function of these alone.
_LINES: dict = {}


def render_line(template: str, values: tuple, viewer: int | None = None, names=None,
                lang: str | None = None) -> str:
    """``render(template, values, viewer, names, lang)``, kept by value while ``names`` is the
    default; a value that is not hashable is rendered each time. The types are in the key: True and 1
    compare equal but read apart."""
    lang = lang or i18n.language()
    if names is not None:
        return render(template, values, viewer, names, lang)
    key = (template, values, tuple(map(type, values)), viewer, lang)
    try:
        line = _LINES.get(key)
    except TypeError:
        return render(template, values, viewer, lang=lang)
    if line is None:
        line = keep(_LINES, key, render(template, values, viewer, lang=lang), 4096)
    return line


class Phrase(str):
    """A line that names players, such as a status line: reads as its text ("Player 0's turn"), and
    ``for_seat(0)`` as seat 0 reads it ("Your turn"). Made by ``State.phrase(template, *values)``,
    which hands out one Phrase per (template, values): never change one."""

    def __new__(cls, template: str, values: tuple):
        phrase = super().__new__(cls, render_line(template, values, lang=i18n.DEFAULT))
        phrase.template, phrase.values = template, values
        return phrase

    def for_seat(self, viewer: int | None, names=None) -> str:
        """The line as seat ``viewer`` reads it in the page's language, a plain str (None: every seat
        by name)."""
        if names is None:
            lang = i18n.language()
            if viewer is None and lang == i18n.DEFAULT:
                return str(self)
            read = self.__dict__.get("_read")     # each reader's line, kept by the phrase that reads so
            if read is None:
                read = self._read = {}
            line = read.get((viewer, lang))
            if line is None:
                line = read[viewer, lang] = render_line(self.template, self.values, viewer, lang=lang)
            return line
        return render(self.template, self.values, viewer, names)

    def localized(self) -> str:
        """The line in the page's language, every seat by name (a phrase inside another line)."""
        return self.for_seat(None)

    def __reduce__(self):                         # pickled and copied as what it is made of
        return Phrase, (self.template, self.values)


#: (template, values, their types) -> their one Phrase (the key of _LINES, less the reader): a view
#: asks for its status line and seat notes every decision, and between two decisions they mostly
#: say the same; one kept Phrase also keeps each reader's line (``for_seat``).
_PHRASES: dict = {}


def phrase_of(template: str, values: tuple) -> Phrase:
    """``Phrase(template, values)``, the same object each time while kept; a value that is not
    hashable makes a new one."""
    key = (template, values, tuple(map(type, values)))
    try:
        phrase = _PHRASES.get(key)
    except TypeError:
        return Phrase(template, values)
    if phrase is None:
        phrase = keep(_PHRASES, key, Phrase(template, values), 4096)
    return phrase
