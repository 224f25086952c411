"""Actions are small frozen values: hashable, labelled by ``str()``, stored as dicts."""
from __future__ import annotations

import dataclasses
import types
import typing

from .errors import shown
from .. import i18n
from .events import Phrase, render, render_line


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every game's actions. Subclasses are frozen dataclasses.

    A move made of several cards also has ``parts`` (see ``core.builder``) and ``from_parts``."""

    def to_dict(self) -> dict:
        data = {"type": type(self).__name__}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data

    def __str__(self) -> str:
        return self.label()

    # A move is a value: a copy of a state (``clone()``) shares its moves, so the listed moves stay the
    # very objects the game hands out (the one Pass, the interned moves ``apply`` finds by identity).
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def label(self) -> str:
        """The engine's label: every seat by name ("Play Freeze → Player 0"), as scripts and demos name it."""
        wording = self.wording()
        return type(self).__name__ if wording is None else render(wording[0], wording[1:], lang=i18n.DEFAULT)

    def wording(self) -> tuple | None:
        """A label that names players, as a narration template and its values (``("Pick {t:self}",
        seat)``), so that each page reads it in its own words (``label_for``); None: it names nobody."""
        return None

    def label_for(self, viewer: int | None, names=None) -> str:
        """The label as seat ``viewer``'s page shows it ("Play Freeze → you", "Pick yourself"), naming
        the others by ``names``, in the page's language; the engine knows the move by ``str()``. A
        move without a ``wording`` reads as its label's translation."""
        wording = self.wording()
        if wording is None:
            return i18n.gettext(str(self))
        if viewer is None and names is None and i18n.language() == i18n.DEFAULT:
            return str(self)
        return render_line(wording[0], wording[1:], viewer, names)

    @classmethod
    def part_label(cls, part) -> str:
        """Words for one part of a compound move, on a button."""
        return str(part)

    @classmethod
    def part_label_for(cls, part, viewer: int | None, names=None) -> str:
        """``part_label`` as seat ``viewer``'s page shows it (a part naming a player: "one card to you")."""
        return i18n.gettext(cls.part_label(part))


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """Pass: leave a reaction window to the others, or end a turn where the rules allow it.

    There is one Pass, however it is made (``Pass()``, a replay file, a copy, a pickle sent to a worker):
    ``State.only_passes`` and the bots know it by identity."""

    def __new__(cls):
        one = cls.__dict__.get("_one")
        if one is None:
            one = object.__new__(cls)
            cls._one = one
        return one

    def __reduce__(self):
        return type(self), ()

    def label(self):
        return i18n.N_("Pass")


def action_labelled(actions, label: str, viewer: int | None = None, names=None):
    """The action among ``actions`` whose button label (``str()``) is ``label``, else (given the
    page's ``viewer`` or ``names``) the one whose label reads so on that page (``label_for``); None if
    none is. The one way a label typed, clicked or scripted becomes a move."""
    actions = list(actions)
    found = next((action for action in actions if str(action) == label), None)
    if found is None and (viewer is not None or names is not None):
        found = next((action for action in actions if action.label_for(viewer, names) == label), None)
    return found


def action_from_dict(data, types: dict[str, type]) -> Action:
    """Rebuild an action from ``to_dict()`` output; raises ValueError saying what is wrong."""
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"an action must be an object with a 'type', got {shown(data)}")
    kind = data["type"]
    types = {"Pass": Pass, **types}
    if type(kind) is not str or kind not in types:
        raise ValueError(f"unknown action type {shown(kind)}; this game has {sorted(types)}")
    cls = types[kind]
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise ValueError(f"action {kind} has no field(s) {shown(sorted(map(str, extra)))}")
    args = {}
    for name in names:
        if name not in data:
            raise ValueError(f"action {kind} needs the field {name!r}")
        value = data[name]
        if not (_plain(value) or (type(value) is list and all(map(_plain, value)))):
            raise ValueError(f"action {kind}: field {name!r} holds {shown(value)}; a move's fields hold "
                             "card names, seats, yes/no or null, or a list of them")
        args[name] = tuple(value) if isinstance(value, list) else value
    return cls(**args)


def _plain(value) -> bool:
    """A value one field of a stored move may hold: a card name, a seat, a yes/no, or null."""
    kind = type(value)
    return kind is str or kind is bool or value is None or (kind is int and value.bit_length() <= 64)


#: Each move class's declared field types: class -> field name -> (the types it allows, exactly; for a
#: tuple, the types its items may have, or None).
_DECLARED: dict = {}


def _declared(cls) -> dict:
    """Field name -> (types, item types) its annotation in ``cls`` names: ``int | None`` gives
    ((int, NoneType), None), ``tuple[str, ...]`` ((tuple,), (str,))); a field annotated otherwise
    (``object``, a name this module cannot resolve) is left out: not checked."""
    found = _DECLARED.get(cls)
    if found is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:
            hints = {}
        found = {}
        for field in dataclasses.fields(cls):
            hint = hints.get(field.name)
            union = type(hint) is types.UnionType or typing.get_origin(hint) is typing.Union
            kinds, items = [], None
            for kind in (typing.get_args(hint) if union else (hint,)):
                if typing.get_origin(kind) is tuple:
                    items = tuple(item for item in typing.get_args(kind) if item is not Ellipsis)
                    kind = tuple
                kinds.append(kind)
            if all(isinstance(kind, type) and kind is not object for kind in (*kinds, *(items or ()))):
                found[field.name] = tuple(kinds), items
        _DECLARED[cls] = found
    return found


def _a(kind: type) -> str:
    name = "None" if kind is type(None) else kind.__name__
    return name if name == "None" else ("an " if name[0] in "aeiou" else "a ") + name


def _kind_of(value) -> str:
    """The type of ``value`` in words, a tuple's with its items': "a bool", "a tuple of bool and int"."""
    if type(value) is tuple and value:
        return "a tuple of " + " and ".join(sorted({_a(type(item)).split()[-1] for item in value}))
    return _a(type(value))


def mistyped(action, listed=None) -> str | None:
    """Why ``action`` is no well-formed move, in words, when one of its fields holds a value of another
    type than its class declares, or (given ``listed``, the legal move it equals) than ``listed`` holds
    there: ``True`` or ``1.0`` where a seat's ``1`` goes, ``0`` for ``False``; None when none does.
    A seat's number is typed so (``State.apply``'s seat too): equal is not the same move."""
    if not isinstance(action, Action):
        return None
    declared = _declared(type(action))
    for field in dataclasses.fields(action):
        name = field.name
        value = getattr(action, name)
        kinds, items = declared.get(name, (None, None))
        if kinds is not None and type(value) not in kinds:
            wanted = " or ".join(map(_a, kinds))
        elif items and type(value) is tuple and any(type(item) not in items for item in value):
            wanted = "a tuple of " + " or ".join(_a(item).split()[-1] for item in items)
        elif listed is not None and _types(value) != _types(getattr(listed, name)):
            wanted = _kind_of(getattr(listed, name))
        else:
            continue
        return Phrase("{move}: its field {field} holds {value}, {kind}, where this move takes {wanted}",
                      (shown(action), repr(name), shown(value), _kind_of(value), wanted))
    return None


def _types(value):
    """The type of ``value``; for a tuple, the types of its items too (in any order)."""
    return (tuple, frozenset(map(type, value))) if type(value) is tuple else type(value)
