"""Narration: what happened, in words, and which rule made it happen."""
from __future__ import annotations

from functools import cached_property
from operator import itemgetter
from string import Formatter

from .seats import player_name

#: Template fields that hold a seat number and read as a player's name ("{p} stays").
SEAT_KEYS = frozenset({"p", "t"})

_FIELDS: dict[str, tuple[str, ...]] = {}


def template_fields(template: str) -> tuple[str, ...]:
    """The field names of ``template`` in order of first appearance (looked up once per template)."""
    names = _FIELDS.get(template)
    if names is None:
        names = _FIELDS[template] = tuple(dict.fromkeys(
            name for _, name, _, _ in Formatter().parse(template) if name))
    return names


class Event(tuple):
    """One thing that happened: the tuple ``(seat, kind, template, rule, *values)``.

    The values fill the template's fields in the order the template first names them:
    ``Event((0, "flip", "{p} flips {c}.", "flip7.hit", 0, "12")).text`` is "Player 0 flips 12.".
    Every game records several events per move, so recording one is kept cheap: one tuple built
    without a Python-level constructor, no dict of arguments, and ``text`` formatted when first read.
    """

    seat = property(itemgetter(0), doc="The seat it happened to, or None for the whole table.")
    kind = property(itemgetter(1), doc='What happened, in one word: "flip", "stay", "bust", ...')
    template = property(itemgetter(2), doc='The text with fields: "{p} flips {c}."')
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
        if len(self) == 4:
            return self[2]
        args = self.args
        for key in SEAT_KEYS.intersection(args):
            if isinstance(args[key], int):
                args[key] = player_name(args[key])
        return self[2].format_map(args)

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
