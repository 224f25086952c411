"""Narration: what happened, in words, and which rule made it happen."""
from __future__ import annotations

from .seats import player_name

#: Template fields that hold a seat number and read as a player's name ("{p} stays").
SEAT_KEYS = frozenset({"p", "t"})


class Event:
    """One thing that happened. ``text`` is formatted only when read (hot path stays cheap)."""

    __slots__ = ("seat", "kind", "rule", "_template", "_args", "_text")

    def __init__(self, seat, kind: str, template: str, rule: str | None = None, args: dict | None = None):
        self.seat = seat
        self.kind = kind
        self.rule = rule
        self._template = template
        self._args = args or {}
        self._text = None

    @property
    def text(self) -> str:
        if self._text is None:
            args = self._args
            for key in SEAT_KEYS.intersection(args):
                if isinstance(args[key], int):
                    args = {**args, key: player_name(args[key])}
            self._text = self._template.format(**args) if args else self._template
        return self._text

    def __eq__(self, other):
        return isinstance(other, Event) and (self.seat, self.kind, self.rule, self.text) == (
            other.seat, other.kind, other.rule, other.text)

    def __hash__(self):
        return hash((self.seat, self.kind, self.rule, self.text))

    def __repr__(self):
        return f"Event(seat={self.seat!r}, kind={self.kind!r}, text={self.text!r}, rule={self.rule!r})"
