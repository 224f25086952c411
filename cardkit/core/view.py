"""What one seat may see: the only thing bots and the table renderer read.

A state builds each field of a View with its ``view_<field>(seat)`` method. ``state.view(seat)``
builds them all at once. ``View.lent(state, seat)`` builds each field when it is first read, so a bot
that reads its hand and ``unseen`` pays for nothing else; ``cardkit.run`` lends views that way and
keeps (builds in full) any view a bot still holds before the next move changes the state.
"""
from __future__ import annotations

import dataclasses
from collections import Counter


@dataclasses.dataclass(eq=True)
class View:
    seat: int | None            # None: the teacher's view, everything open
    seats: list[dict]           # per seat: zone name -> list of cards (None = hidden card)
    table: dict                 # zone name -> list of cards (None = hidden card)
    scores: list                # game-level scores per seat
    status: str                 # one line: whose turn, what is asked
    facts: dict                 # small public facts: target, dealer, round, ...
    unseen: Counter             # cards this seat cannot see
    current_player: int | None = None
    seat_notes: list = dataclasses.field(default_factory=list)  # one short line per seat
    zone_order: list = dataclasses.field(default_factory=list)  # renderer hint: seat zones in order

    @classmethod
    def lent(cls, state, seat: int | None) -> "View":
        """A view of ``seat`` whose fields ``state`` builds as they are read. It is true only until
        the state changes: whoever lends it calls ``keep()`` before that if it is still held."""
        view = object.__new__(cls)
        fields = view.__dict__
        fields["seat"] = seat
        fields["_state"] = state
        return view

    def keep(self) -> "View":
        """Build the fields not read yet and let go of the state: the view outlives the next move."""
        fields = self.__dict__
        state = fields.pop("_state", None)
        if state is not None:
            seat = fields["seat"]
            for name, method in BUILDERS:
                if name not in fields:
                    fields[name] = getattr(state, method)(seat)
        return self

    def __getstate__(self):
        return self.keep().__dict__


class _Built:
    """A field of a lent view, built by its state when first read. A non-data descriptor: once the
    value is in the view's __dict__ (always, for a view made by View(...)), Python reads it from there."""
    __slots__ = ("name", "method")

    def __init__(self, name):
        self.name, self.method = name, "view_" + name

    def __get__(self, view, owner=None):
        if view is None:
            return self
        fields = view.__dict__
        state = fields.get("_state")
        if state is None:
            raise AttributeError(f"this View has no {self.name!r}")
        value = fields[self.name] = getattr(state, self.method)(fields["seat"])
        return value


#: The fields a state builds (``view_<field>(seat)``), in the dataclass's order after ``seat``.
BUILT = tuple(f.name for f in dataclasses.fields(View))[1:]
BUILDERS = tuple((name, "view_" + name) for name in BUILT)
# Set after @dataclass, which would take them for defaults (its __init__ keeps the real ones).
for _name in BUILT:
    setattr(View, _name, _Built(_name))
