"""What one seat may see: the only thing bots and the table renderer read.

A state builds each field of a View with its ``view_<field>(seat)`` method, and each seat's zones
with ``view_zones(seat, whose)``. ``state.view(seat)`` builds them all at once. ``View.lent(state,
seat)`` builds each field when it is first read, and its ``seats`` (LentSeats) each seat's zones when
they are first read, so a bot that reads its own hand and ``unseen`` pays for nothing else;
``cardkit.run`` lends views that way and keeps (builds in full) any view, or lent seats, a bot still
holds before the next move changes the state.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence


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
        the state changes: whoever lends it calls ``keep()`` before that if it is still held.
        Its ``seats`` are lent at once (they build nothing until a seat is read): nearly every bot
        reads its own hand, and a field built on first read costs a Python call more."""
        view = object.__new__(cls)
        view.seat, view._state, view.seats = seat, state, LentSeats(state, seat)
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
            seats = fields["seats"]
            if type(seats) is LentSeats:
                fields["seats"] = seats.keep()
        return self

    def __getstate__(self):
        return self.keep().__dict__


class LentSeats(Sequence):
    """The ``seats`` of a lent view: a sequence of each seat's zones, each built when first read.
    ``keep()`` builds the rest and returns them as the list a full view holds (it compares equal
    to that list, and pickles and copies as one)."""
    __slots__ = ("__weakref__", "_seat", "_state", "_zones")

    def __init__(self, state, seat):
        self._state, self._seat = state, seat
        self._zones = [None] * state.players

    def __getitem__(self, whose):
        built = self._zones
        zones = built[whose]
        if zones is None:                       # not built yet (a slice's list is never None);
            whose %= len(built)                 # an index in range, as built[whose] found it
            zones = built[whose] = self._state.view_zones(self._seat, whose)
        elif type(whose) is slice:
            return self.keep()[whose]
        return zones

    def __len__(self):
        return len(self._zones)

    def __iter__(self):
        return iter(self.keep())

    def keep(self) -> list:
        """Build the seats not read yet and let go of the state."""
        state = self._state
        if state is not None:
            self._state = None
            zones, seat = self._zones, self._seat
            for whose, built in enumerate(zones):
                if built is None:
                    zones[whose] = state.view_zones(seat, whose)
        return self._zones

    def __eq__(self, other):
        if type(other) is LentSeats:
            other = other.keep()
        return self.keep() == other if isinstance(other, list) else NotImplemented

    __hash__ = None

    def __repr__(self):
        return repr(self.keep())

    def __reduce__(self):
        return list, (self.keep(),)


class _Built:
    """A field of a lent view, built when first read by its state's ``view_<field>(seat)``. A
    non-data descriptor: once the value is in the view's __dict__ (always, for a view made by
    View(...)), Python reads it from there."""
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
