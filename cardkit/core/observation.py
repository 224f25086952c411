"""What a learner reads: a seat's view as a fixed-size list of numbers, and its moves as slots.

Built from the seat's view only (``View.lent``: the fields read here, nothing else), so an
observation tells no more than the view does. The layout, per game (``Encoding``), seats counted
from the observer (0 = the observer, 1 = the next seat, ...):

* each seat's zones (``State.zone_order``): one count per kind of card seen there, then the number of
  hidden cards in it;
* the table's zones (``State.observed_table``): the same, or only how many cards for a face-down pile;
* ``unseen``: one count per kind of card;
* the scores, one per seat; who is asked now (one-hot over the seats, all 0 for nobody or someone
  the view does not name);
* the facts the game names in ``State.observed_facts`` (see ``FACT_KINDS``).

Moves have fixed ids (``MoveSpace``): each game lists, in a fixed order, every move it can ever offer
(``State.action_space(game)``), and a move's id is its place in that list, whatever the position. A
move whose listed form depends on the position (which of several cards comes first) is known by its
``State.move_key``. Documented per game in docs/learners.md.
"""
from __future__ import annotations

#: How a fact is encoded: "number" (None -> 0, a bool -> 0/1), "seat" (one-hot over the seats,
#: counted from the observer), "card" (one-hot over the kinds of card), "seats" (one number per
#: seat, from the observer), a tuple of values (one-hot), ("seats", values) (a one-hot per seat).
FACT_KINDS = ("number", "seat", "card", "seats")


class Encoding:
    """The fixed layout of one game's observations (its kinds of card, zones and facts, for its
    number of seats) and the size of its move slots. Made once per game object (``game.encoding``)."""

    def __init__(self, game, state_class):
        players = self.players = game.players
        kinds = self.kinds = sorted(set(game.full_deck))
        index = self.index = {card: i for i, card in enumerate(kinds)}
        k = len(kinds)
        self.seat_zones = tuple(state_class.zone_order)
        self.table = tuple(state_class.observed_table.items())
        self.facts = tuple(state_class.observed_facts.items())
        size = players * len(self.seat_zones) * (k + 1)
        size += sum(k + 1 if kind == "cards" else 1 for _, kind in self.table)
        size += k + 2 * players
        writers = []
        for name, kind in self.facts:
            writers.append((name, _fact_writer(kind, size, players, index)))
            size += _fact_size(kind, players, k)
        self._fact_writers = tuple(writers)
        self.size = size
        self._card_index = index
        self._state_class, self._game = state_class, game

    @property
    def moves(self) -> "MoveSpace":
        """The game's fixed move ids, built on first use (only a learner needs them) and shared by
        every game object with the same class, seats and options."""
        found = self.__dict__.get("_moves")
        if found is None:
            found = self.__dict__["_moves"] = MoveSpace.of(self._game, self._state_class)
        return found

    @property
    def action_slots(self) -> int:
        """How many move ids the game has: the length of the mask."""
        return len(self.moves.keys)

    def encode(self, view, out=None):
        """The numbers for ``view`` (a View, lent or built), in the layout above: a list of zeros,
        each card seen adding one where its kind counts. ``out``: zeros of ``size`` to write into
        instead, e.g. an ``array.array("f")``, which numpy reads without a copy (converting a list
        of thousands of numbers cost Frantic's PettingZoo observation more than the encoding)."""
        players, seat = self.players, view.seat
        index, k = self.index, len(self.kinds)
        if out is None:
            out = [0] * self.size
        at = 0
        order = [(seat + i) % players for i in range(players)]
        seats = view.seats
        zone_names = self.seat_zones
        for whose in order:
            zones = seats[whose]
            for zone in zone_names:
                cards = zones.get(zone)
                if cards:
                    for card in cards:
                        out[at + (k if card is None else index[card])] += 1
                at += k + 1
        table = view.table
        for zone, kind in self.table:
            cards = table.get(zone)
            if kind == "cards":
                if cards:
                    for card in cards:
                        out[at + (k if card is None else index[card])] += 1
                at += k + 1
            else:
                out[at] = len(cards) if cards else 0
                at += 1
        for card, count in view.unseen.items():
            out[at + index[card]] = count
        at += k
        scores = view.scores
        for whose in order:
            out[at] = scores[whose] or 0
            at += 1
        current = view.current_player
        if current is not None:
            out[at + (current - seat) % players] = 1
        at += players
        facts = view.facts
        for name, write in self._fact_writers:
            value = facts.get(name)
            if value is not None:
                write(out, value, seat)
        return out


class MoveSpace:
    """A game's fixed move ids: ``keys[i]`` is move i (its ``move_key``), ``ids`` the way back."""
    _made: dict = {}

    def __init__(self, keys, key_of):
        self.keys = tuple(keys)
        self.ids = {key: i for i, key in enumerate(self.keys)}
        if len(self.ids) != len(self.keys):
            raise ValueError("a game's action space lists a move twice")
        self.key_of = key_of

    @classmethod
    def of(cls, game, state_class) -> "MoveSpace":
        options = tuple(sorted((name, repr(value)) for name, value in game.options.items()))
        made = (state_class, game.players, options)
        found = cls._made.get(made)
        if found is None:
            key_of = state_class.move_key
            found = cls._made[made] = cls(state_class.action_space(game), key_of)
        return found

    def ids_of(self, moves) -> list[int]:
        """The id of each move, in order; a move the space does not list is a bug of the game's listing."""
        ids, key_of = self.ids, self.key_of
        try:
            return [ids[key_of(move)] for move in moves]
        except KeyError:
            missing = next(move for move in moves if key_of(move) not in ids)
            raise LookupError(f"the move {missing!r} has no id: the game's action_space does not list it") from None


def _fact_size(kind, players, k) -> int:
    if kind == "number":
        return 1
    if kind in ("seat", "seats"):
        return players
    if kind == "card":
        return k
    if type(kind) is tuple and kind and kind[0] == "seats":
        return players * len(kind[1])
    if type(kind) is tuple:
        return len(kind)
    raise ValueError(f"unknown fact kind {kind!r}; the kinds: {', '.join(FACT_KINDS)}, or a tuple of values")


def _fact_writer(kind, at, players, index):
    """A function that writes a fact's value (never None: nothing is all zeros) of ``kind`` into an
    observation at ``at``, made once per game: one call per fact and decision."""
    if kind == "number":
        def write(out, value, seat):
            out[at] = float(value)
    elif kind == "seat":
        def write(out, value, seat):
            out[at + (value - seat) % players] = 1
    elif kind == "card":
        def write(out, value, seat):
            out[at + index[value]] = 1
    elif kind == "seats":
        def write(out, value, seat):
            for i in range(players):
                one = value[(seat + i) % players]
                if one is not None:
                    out[at + i] = float(one)
    elif kind[0] == "seats":
        values = kind[1]
        width = len(values)

        def write(out, value, seat):
            for i in range(players):
                out[at + i * width + values.index(value[(seat + i) % players])] = 1
    else:
        def write(out, value, seat):
            out[at + kind.index(value)] = 1
    return write
