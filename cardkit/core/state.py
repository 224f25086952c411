"""The State every game shares: an agenda of pending decisions and automatic steps.

A game's module reads like its rule book. A step is a method declared ``@step``; ``self.then(self._step_flip,
seat)`` schedules it by reference, the one way the rules go on (a step is never called directly).
``self.ask(seat, "turn")`` asks a seat to choose: the decision ``"turn"`` is declared by its methods,
``@offers("turn")`` giving the choices and ``@decides("turn")`` carrying one out; ``self.ask_window(seats,
"counter", card)`` opens a reaction window that any of ``seats`` may answer out of turn, or pass
(``@closes("counter")`` runs when all pass). Everything one step (or one decision) schedules runs in the
order it was written, before whatever was already waiting.
"""
from __future__ import annotations

import copy
import dataclasses
import operator
import random
from collections import Counter
from types import FunctionType, MappingProxyType
from typing import Mapping, NamedTuple

from .. import i18n
from . import game as _game
from .actions import Action, Pass, mistyped
from .builder import MoveBuilder
from .cards import check_conservation
from .errors import IllegalAction, shown
from .events import Event, Phrase, phrase_of
from .fast import History
from .seats import player_name
from .view import View

#: The one Pass: what a seat answers to leave a reaction window to the others.
PASS = Pass()


def step(function):
    """Declare an automatic step of the rules: ``self.then(self._step_flip, seat)`` schedules it, and it
    runs as ``_step_flip(state, seat)`` when its turn comes. Read on a state it is the plain function,
    so the agenda (and every clone's copy of it) holds no state, and calling it directly fails."""
    return staticmethod(function)


def _declares(role: str, kind: str):
    def declare(function):               # one function may serve several kinds (``_decide_again = ...``)
        function.declares = (*getattr(function, "declares", ()), (role, kind))
        return function
    return declare


def offers(kind: str):
    """Declare the method giving the choices of decision ``kind``: ``(self, seat, *data) -> actions``."""
    return _declares("choices", kind)


def decides(kind: str):
    """Declare the method carrying out a choice of decision ``kind``: ``(self, seat, action, *data)``."""
    return _declares("decide", kind)


def closes(kind: str):
    """Declare what runs when every seat asked in the reaction window ``kind`` passed: ``(self, *data)``."""
    return _declares("closed", kind)


@dataclasses.dataclass(slots=True, unsafe_hash=True)
class Decision:
    """A pending choice: ``seat`` must pick one of the choices for ``kind``; immutable by convention,
    so copies (and clones of the state) share it.

    A decision without data (the usual case) also holds its game's ``@offers(kind)`` and
    ``@decides(kind)`` methods as ``choose`` and ``decide``, which the engine calls directly, every move."""
    seat: int
    kind: str
    data: tuple = ()
    choose: object = dataclasses.field(default=None, compare=False, repr=False)
    decide: object = dataclasses.field(default=None, compare=False, repr=False)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


@dataclasses.dataclass(slots=True, unsafe_hash=True)
class Window:
    """A reaction window: any of ``seats`` (in priority order) may answer out of turn, or pass;
    immutable by convention, like a Decision.

    A pass leaves the window to the others; an answer closes it; when all have passed the game's
    ``@closes(kind)`` method runs with ``*data``, if it has one, and the rules go on. A seat with nothing
    to answer with is asked all the same and has only Pass (bots pass at once: see ``cardkit.run``)."""
    seats: tuple
    kind: str
    data: tuple = ()
    seat: int = dataclasses.field(init=False, compare=False, repr=False)   # the first asked
    choose = decide = None                    # a window's seats answer through State._answer

    def __post_init__(self):
        self.seat = self.seats[0]

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class RoundEnd(NamedTuple):
    """The table as the rules reveal it when a round (or deal) ends, to each seat; kept when the app
    asks for it. ``view`` is the teacher's (everything), ``seats`` what each seat is shown."""
    event_index: int
    title: str
    view: object
    seats: tuple = ()

    def shown_to(self, seat: int | None):
        """What ``seat`` is shown of this round's end (None: the teacher, who sees everything)."""
        return self.view if seat is None else self.seats[seat]


#: What a clone shares with its original rather than copies (read-only, or copied by hand).
_SHARED_ON_CLONE = frozenset({"game", "events", "round_ends", "_kinds"})


class _Kinds:
    """A State class's declared decisions, kind -> method: ``choices`` (``@offers``), ``decide``
    (``@decides``) and ``closed`` (``@closes``), collected once per class from its own and its bases'
    namespaces; a subclass's method of the same name wins."""
    __slots__ = ("choices", "decide", "closed", "plain")

    def __init__(self, cls):
        self.choices, self.decide, self.closed = {}, {}, {}
        for klass in reversed(cls.__mro__):
            for name, value in vars(klass).items():
                if type(value) is FunctionType:
                    for role, kind in getattr(value, "declares", ()):
                        getattr(self, role)[kind] = getattr(cls, name)
        unmatched = set(self.choices) ^ set(self.decide)
        if unmatched:
            raise TypeError(f"{cls.__name__}: decision(s) {sorted(unmatched)} need both @offers and @decides")
        #: Decisions without data ("seat 2: Hit or Stay?") are values: made once, asked again and again.
        self.plain: dict[tuple, Decision] = {}


def _malformed(state, action, exc) -> IllegalAction:
    return IllegalAction(state.phrase("{move} is not a well-formed {game} move ({why})", shown(action),
                                      state.game.title, str(exc)), state.game.turn_rule)


class State:
    """Game state driven by pending decisions (see the module's docstring).

    ``agenda`` is a stack whose top is a ``Decision``, a ``Window`` or a step ``(function, *args)``.
    After each move the engine runs steps until a decision or window is on top, or nothing is left
    (the game is over).
    """

    #: The app sets this on a state to get ``round_ends`` (simulations do not pay for the views).
    keep_round_ends = False
    #: The stacked deck and other stacked piles (``new_state(deck=..., **piles)``), for replay files;
    #: set on a state only when given.
    stacked = None
    stacked_piles = MappingProxyType({})

    def __init__(self, game, deck=None, piles=None):
        self.game = game
        self.players = game.players
        self.rng = random.Random(game.seed)
        if deck:
            self.stacked = list(deck)
        piles = {name: list(cards) for name, cards in (piles or {}).items() if cards}
        if piles:
            self.stacked_piles = piles
        self.history = History()
        self.events: list[Event] = []
        self.agenda: list = []
        self.winners: list[int] = []
        self.totals = [0] * game.players
        self.round_ends: list[RoundEnd] = []
        self._legal = None                    # the choices of the decision on top, once asked for
        # On the instance, under a name the class does not use: CPython 3.11 reads a class attribute,
        # or an instance attribute that shadows one, the slow, generic way.
        self._kinds = type(self)._class_kinds
        self.is_over = False                  # True once nobody has anything left to decide: kept up to
        #                                       date after every move, as game loops read it before each one
        self._base = 0                        # where the step running now schedules (see then());
        #                                       None after an unwind: the chain is over
        if piles:
            self.setup(deck, **piles)
        else:
            self.setup(deck)
        self._run()
        self.check()

    # -- per game -------------------------------------------------------------------
    def setup(self, deck) -> None:
        raise NotImplementedError

    def all_cards(self):
        raise NotImplementedError

    # What a seat sees, field by field (see View): the zones of each seat, the table, facts and unseen
    # come from the game.
    zone_order: tuple = ()                    # the renderer's order of a seat's zones

    #: Decisions whose seat looks at another seat's hidden cards while choosing: kind -> where in the
    #: decision's data that seat is, e.g. {"steal": 0} for a thief looking into the victim's hand.
    looks_into: Mapping[str, int] = MappingProxyType({})

    def view_zones(self, seat: int | None, whose: int) -> dict:
        """The zones of seat ``whose`` as ``seat`` sees them: zone name -> cards (None: a hidden card)."""
        raise NotImplementedError

    def looked_into(self, seat: int | None) -> int | None:
        """The seat whose hidden cards ``seat`` looks at now, while making a decision ``looks_into``
        names (its views show them), or None."""
        agenda = self.agenda
        if agenda:                            # views ask it on every move: the usual "no" comes first
            top = agenda[-1]
            where = self.looks_into.get(top.kind)
            if where is not None and top.seat == seat and type(top) is Decision:
                return top.data[where]
        return None

    def view_seats(self, seat: int | None) -> list[dict]:
        zones = self.view_zones
        return [zones(seat, whose) for whose in range(self.players)]

    def view_table(self, seat: int | None) -> dict:
        raise NotImplementedError

    def view_facts(self, seat: int | None) -> dict:
        raise NotImplementedError

    def view_unseen(self, seat: int | None) -> Counter:
        raise NotImplementedError

    def view_scores(self, seat: int | None) -> list:
        return self.scores

    def view_status(self, seat: int | None, names=None) -> str:
        """The status line as ``seat`` reads it: a ``phrase`` says "your turn" to the seat it names,
        and names the others by ``names`` (a shared table's "Ada"; default "Player N"). A seat's own
        line (``own_status_line``) goes to that seat and to the teacher only."""
        agenda = self.agenda
        line = self.own_status_line(agenda[-1].seat if seat is None else seat) if agenda else None
        if line is None:
            line = self.status_line()
        return line.for_seat(seat, names) if type(line) is Phrase else i18n.gettext(line)

    def view_current_player(self, seat: int | None) -> int | None:
        return self.shown_current(seat)

    def view_seat_notes(self, seat: int | None) -> list[str]:
        return []

    def view_zone_order(self, seat: int | None) -> list[str]:
        return list(self.zone_order)

    def status_line(self) -> str:
        """What is going on, for everyone ("Round 2: Player 1's turn, Hit or Stay?"); a ``phrase``, so
        that each seat reads itself as "you". Every seat reads it: it depends on no hidden card."""
        raise NotImplementedError

    def own_status_line(self, seat: int) -> str | None:
        """The status line as ``seat`` alone (and the teacher) may read it while the game goes on, when
        its own hidden cards tell it more than the line for everyone (Skitgubbe's "you must match a
        rank on the table"); None: the line for everyone."""
        return None

    @staticmethod
    def phrase(template: str, *values) -> Phrase:
        """A line naming players, written as an event's template is (``"{p} {p:leads}."``, seat fields
        and the words agreeing with them): its text reads "Player 0 leads.", ``for_seat(0)`` "You lead."."""
        return phrase_of(template, values)

    def why_illegal(self, action: Action, seat: int) -> IllegalAction:
        """Explain, as an IllegalAction naming the rule, why ``seat`` may not make ``action`` now."""
        return self.not_a_choice(action)

    def not_a_choice(self, action: Action, rule: str | None = None) -> IllegalAction:
        """The refusal when no rule says more than that ``action`` is not offered now; the move is
        quoted, as its label may name the reader ("Freeze → you")."""
        return IllegalAction(self.phrase('"{a}" is not one of the choices now', action), rule=rule or self.game.turn_rule)

    def canonical(self, action: Action) -> Action | None:
        """The listed action that means the same as ``action`` (e.g. the same cards named in another
        order), or None. Asked only when ``action`` is not listed as it is."""
        return None

    def part_options(self, seat: int, picked: tuple):
        """The parts ``seat`` may add to ``picked`` so that some legal compound move still contains
        them all, or None to let the builder search ``legal_actions`` (the default). A game whose
        compound moves run into thousands answers from its rules instead."""
        return None

    def summary(self) -> tuple:
        """Figures about the finished game, one per ``Game.summary_columns`` (for simulate())."""
        return ()

    def candidate_actions(self, seat: int | None = None) -> list[Action]:
        """Moves a player might try now, legal or not (the app explains the illegal ones)."""
        return self.legal_actions(seat)

    #: The zones of every seat the rules show at a round's end (e.g. the hands scored face up);
    #: the rest stays as each seat saw it.
    round_end_shows: tuple = ()

    def reveal_view(self, seat: int | None) -> View:
        """What ``seat`` is shown of the table at a round's end: its own view with the zones in
        ``round_end_shows`` turned face up (the teacher's view shows everything anyway)."""
        view = self.view(seat)
        shown = self.round_end_shows
        if seat is None or not shown:
            return view
        seats, opened = [], Counter()
        for whose, zones in enumerate(view.seats):
            zones = dict(zones)
            open_zones = self.view_zones(None, whose)
            for zone in shown:
                if zone in zones and None in zones[zone]:
                    opened.update(c for c, was in zip(open_zones[zone], zones[zone]) if was is None)
                    zones[zone] = open_zones[zone]
            seats.append(zones)
        return dataclasses.replace(view, seats=seats, unseen=view.unseen - opened)

    @property
    def scores(self) -> list:
        return list(self.totals)

    # -- contract -------------------------------------------------------------------
    @property
    def decision(self):
        """The Decision or Window on top of the agenda, or None when the game is over."""
        return self.agenda[-1] if self.agenda else None

    @property
    def current_player(self) -> int | None:
        return self.agenda[-1].seat if self.agenda else None

    def to_act(self) -> list[int]:
        """Every seat that may act now, in priority order (several while a reaction window is open)."""
        if not self.agenda:
            return []
        top = self.agenda[-1]
        return list(top.seats) if type(top) is Window else [top.seat]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is not None:
            return list(self._choices_of(seat))
        legal = self._legal
        if legal is None:                     # computed once per decision: bots ask, then apply
            agenda = self.agenda
            if not agenda:
                return []
            top = agenda[-1]
            choose = top.choose
            legal = self._legal = tuple(choose(self, top.seat) if choose is not None else self.choices(top, top.seat))
        return list(legal)

    def _choices_of(self, seat) -> tuple:
        """The choices of ``seat`` now (the current player's kept until the next move); () when not
        asked. A seat that is not one of this game's (1.0, True, -1, "x") raises IllegalAction."""
        agenda = self.agenda
        top = agenda[-1] if agenda else None
        if top is not None and (seat is None or seat is top.seat):
            # the seat asked, as the game gave it, needs no check (cardkit.run passes it every move)
            if self._legal is None:
                self.legal_actions()
            return self._legal
        if self._bad_seat(seat):
            raise self.no_seat(seat)
        if top is None:
            return ()
        if seat == top.seat:
            return self._choices_of(top.seat)
        if type(top) is Window and seat in top.seats:
            return tuple(self.choices(top, seat))
        return ()

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Play ``action`` for ``seat`` (default: the current player); returns the events it caused.

        A move that is not legal raises IllegalAction naming the rule and changes nothing. A move
        that only equals a listed one is replaced by the listed object itself, so history and replay
        files hold exactly what the rules offered."""
        legal = self._legal
        if legal is None or seat is not None:     # bots ask legal_actions() first: then this is skipped
            legal = self._choices_of(seat)
            if not legal:
                raise self.not_asked(seat)
        agenda = self.agenda
        top = agenda[-1]
        if seat is None:
            seat = top.seat
        # Bots hand back one of the very choices: found by identity, without an __eq__ call per
        # listed move (listed() alone costs 5.9% of Flip 7's and 6.6% of Huit américain's instructions).
        for choice in legal:
            if choice is action:
                break
        else:
            action = self.listed(action, legal, seat)
        agenda.pop()
        self._legal = None
        self._base = len(agenda)
        events = self.events
        before = len(events)
        decide = top.decide
        if decide is not None:
            decide(self, seat, action)            # the usual case, without *args
        elif type(top) is Window:
            self._answer(top, seat, action)
        else:
            self._kinds.decide[top.kind](self, seat, action, *top.data)
        self.history.append((seat, action))
        # The steps the move set off, run here rather than by calling _run (one Python call less
        # per move: 1.7% of Flip 7's and 1.5% of Huit américain's instructions per decision), each
        # called with its arguments spelled out: CPython runs ``f(self, a)`` inline but
        # ``f(self, *args)`` through a slower generic call (4.4% of Flip 7's).
        while agenda and type(agenda[-1]) is tuple:
            step = agenda.pop()
            self._base = len(agenda)
            n = len(step)
            if n == 2:
                step[0](self, step[1])
            elif n == 1:
                step[0](self)
            elif n == 3:
                step[0](self, step[1], step[2])
            else:
                step[0](self, *step[1:])
        self.is_over = not agenda
        if _game.CHECK_CONSERVATION:
            self.check()
        return events[before:]

    def listed(self, action, legal, seat):
        """The very object in ``legal`` that ``action`` means, or IllegalAction saying why there is none.
        A move's fields are typed as a seat is: one equal to a listed move but holding True or 1.0 where
        the listed move holds 1 is refused, naming the field."""
        try:
            for choice in legal:
                if choice == action and type(choice) is type(action):
                    return self._typed_as(action, choice)
            wrong = mistyped(action)
            if wrong is not None:
                raise IllegalAction(wrong, self.game.turn_rule)
            same = self.canonical(action)
            if same is not None:
                for choice in legal:
                    if choice == same:
                        return self._typed_as(action, choice)
            error = self.why_illegal(action, seat)
        except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
            raise _malformed(self, action, exc) from None
        raise error

    def _typed_as(self, action, choice):
        """``choice``, the listed move ``action`` equals, if ``action``'s fields are typed as its are."""
        wrong = mistyped(action, choice)
        if wrong is not None:
            raise IllegalAction(wrong, self.game.turn_rule)
        return choice

    def not_asked(self, seat) -> IllegalAction:
        """Why ``seat`` (None: whoever is asked) has no move to make now."""
        if self._bad_seat(seat):
            return self.no_seat(seat)
        if not self.agenda:
            return IllegalAction("the game is over", rule=self.game.end_rule)
        top = self.agenda[-1]
        if seat in (None, top.seat) or (type(top) is Window and seat in top.seats):
            return IllegalAction(self.phrase("{p} {p:has} no move to make now", top.seat if seat is None else seat),
                                 self.game.turn_rule)
        if type(top) is Window:
            return IllegalAction(self.phrase("{p} {p:is} not asked to act now", seat), self.game.turn_rule)
        return IllegalAction(self.phrase("{p} {p:is} not asked to act now: it is {t}'s turn", seat, top.seat),
                             self.game.turn_rule)

    def _bad_seat(self, seat) -> bool:
        """True when ``seat`` is given but is not one of this game's: a seat is an int (not a bool, a
        float or a string that would index a list or compare equal) from 0 to players - 1."""
        return seat is not None and (type(seat) is not int or not 0 <= seat < self.players)

    def no_seat(self, seat) -> IllegalAction:
        """The error for a seat that is not one of this game's."""
        return IllegalAction(self._no_seat_text(seat), self.game.turn_rule)

    def _no_seat_text(self, seat) -> Phrase:
        if type(seat) is int:
            return self.phrase("there is no seat {seat}: the seats are the whole numbers 0 to {last}",
                               shown(seat), self.players - 1)
        return self.phrase("there is no seat {seat} (a {type}, not an int): the seats are the whole numbers 0 "
                           "to {last}", shown(seat), type(seat).__name__, self.players - 1)   # 1.0, True, numpy's 1

    def pass_unanswerable(self) -> list[Event]:
        """Pass for each seat asked first in a reaction window it cannot answer (Pass its only choice),
        as ``cardkit.run`` does for bots, until someone has a choice. Scripts of move labels (demos,
        tests) go through such windows with it: each label names a real choice. Returns the events."""
        events = []
        while self.only_passes():
            events += self.apply(PASS)
        return events

    def only_passes(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat asked first) is asked in a reaction window it cannot
        answer: Pass is its only choice."""
        if not self.agenda or type(self.agenda[-1]) is not Window:
            return False
        legal = self._choices_of(seat)
        return len(legal) == 1 and legal[0] is PASS

    def builder(self, seat: int | None = None) -> MoveBuilder:
        """Build a move of several cards one part at a time (the app's card-by-card selection)."""
        if self._bad_seat(seat):
            raise self.no_seat(seat)
        return MoveBuilder(self, self.current_player if seat is None else seat)

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may see (None: the teacher, who sees everything), every field built now."""
        if self._bad_seat(seat):
            raise ValueError(f"view: {self._no_seat_text(seat)}")
        return View(seat, self.view_seats(seat), self.view_table(seat), self.view_scores(seat),
                    self.view_status(seat), self.view_facts(seat), self.view_unseen(seat),
                    self.view_current_player(seat), self.view_seat_notes(seat), self.view_zone_order(seat))

    # -- for learners (cardkit.core.observation; docs/learners.md) ---------------------------
    #: The table's zones an observation counts: zone -> "cards" (one count per kind of card, and the
    #: hidden ones) or "count" (a face-down pile: only how many).
    observed_table: Mapping[str, str] = MappingProxyType({})
    #: The view's facts an observation holds: fact -> kind (cardkit.core.observation.FACT_KINDS).
    observed_facts: Mapping[str, object] = MappingProxyType({})

    @classmethod
    def action_space(cls, game) -> list:
        """Every move ``game`` can ever offer (its ``move_key``), each once, in a fixed order: a move's
        id is its place here (``action_mask``, ``action_at``). It may list moves no position offers."""
        raise NotImplementedError

    @staticmethod
    def move_key(move):
        """What a move's id is given by: the move itself, unless its listed form depends on the position
        (then a game names what does not)."""
        return move

    def observation(self, seat: int, out=None) -> list:
        """What ``seat`` sees, as a fixed-size list of numbers (``game.encoding.size`` long), made from
        its view only; written into ``out`` instead when given (zeros of that size, e.g. an
        ``array.array("f")`` that numpy then reads without a copy), and ``out`` returned."""
        if self._bad_seat(seat) or seat is None:
            raise ValueError(f"observation: {self._no_seat_text(seat)}")
        view = View.lent(self, seat)
        return self.game.encoding.encode(view, out)

    def action_ids(self, seat: int | None = None) -> list[int]:
        """The fixed id of each of ``legal_actions(seat)``, in the same order."""
        return self.game.encoding.moves.ids_of(self._choices_of(seat))

    def action_mask(self, seat: int | None = None) -> list:
        """1 for each move id ``seat`` (default: the seat asked first) may use now, 0 for the others;
        ``game.encoding.action_slots`` long."""
        mask = [0] * self.game.encoding.action_slots
        for move_id in self.action_ids(seat):
            mask[move_id] = 1
        return mask

    def action_at(self, move_id: int, seat: int | None = None) -> Action:
        """The legal move whose id is ``move_id``; IllegalAction for an id the mask does not mark."""
        try:
            index = operator.index(move_id)     # numpy's integers too; not 1.0
        except TypeError:
            index = None
        if index is None or isinstance(move_id, bool):
            raise IllegalAction(self.phrase("a move id is a whole number, got {value}", shown(move_id)),
                                self.game.turn_rule)
        moves = self.game.encoding.moves
        if not 0 <= index < len(moves.keys):
            raise IllegalAction(self.phrase("no move has the id {id}: the ids go from 0 to {last}", index,
                                            len(moves.keys) - 1), self.game.turn_rule)
        legal = self._choices_of(seat)
        ids = moves.ids_of(legal)
        if index not in ids:
            raise IllegalAction(self.phrase("move {id} ({move}) is not one of the moves allowed now", index,
                                            str(moves.keys[index])), self.game.turn_rule)
        return legal[ids.index(index)]

    def clone(self) -> "State":
        new = copy.copy(self)
        memo = {id(self.game): self.game}
        for key, value in self.__dict__.items():
            if key not in _SHARED_ON_CLONE:
                new.__dict__[key] = copy.deepcopy(value, memo)
        new.events = list(self.events)
        new.round_ends = list(self.round_ends)
        return new

    def check(self) -> None:
        check_conservation(self.game.full_deck, self.all_cards(), f" in {self.game.id}")

    def name(self, seat: int) -> str:
        return player_name(seat)

    def shown_current(self, seat: int | None):
        """The seat a view of ``seat`` shows as asked now: in a reaction window only the viewer
        itself, if it is asked (nobody may learn who else is asked); the teacher sees the first."""
        top = self.agenda[-1] if self.agenda else None
        if top is None:
            return None
        if type(top) is Window and seat is not None:
            return seat if seat in top.seats else None
        return top.seat

    # -- for the games --------------------------------------------------------------------
    def choices(self, decision, seat: int) -> list[Action]:
        """The choices of ``seat`` for ``decision``: its ``@offers`` method's, with ``*data``; a window adds Pass."""
        data = decision.data
        found = (self._kinds.choices[decision.kind](self, seat, *data) if data
                 else self._kinds.choices[decision.kind](self, seat))
        if type(decision) is Window:
            return [*found, PASS]
        return found

    def log(self, *event) -> None:
        """Narrate an event: ``self.log(seat, kind, template, rule, *values)``, the values filling
        the template's fields in order, e.g. ``self.log(seat, "flip", "{p} {p:flips} {c}.", "flip7.hit",
        seat, card)``; ``{p}``/``{t}``/``{q}`` take seat numbers and read as names (``{who}`` a tuple of
        seats), ``{p:flips}`` is the verb agreeing with ``p``: "You flip 12." to seat 0 (``core/events.py``)."""
        self.events.append(Event(event))

    def ask(self, seat: int, kind: str, *data) -> None:
        """Schedule a decision: ``seat`` chooses among the ``@offers(kind)`` method's ``(seat, *data)``."""
        base = self._base
        if base is None:
            return
        if data:
            decision = Decision(seat, kind, data)
        else:
            kinds = self._kinds
            decision = kinds.plain.get((seat, kind))
            if decision is None:
                decision = kinds.plain[seat, kind] = Decision(seat, kind, (), kinds.choices[kind], kinds.decide[kind])
        self.agenda.insert(base, decision)

    def decide_or_ask(self, seat, kind, *data) -> bool:
        """``seat`` chooses among the choices of decision ``kind``: the only choice is made at once (nobody
        is asked to press the one button there is). False when there is nothing to choose (and nothing
        happens)."""
        kinds = self._kinds
        choices = kinds.choices[kind](self, seat, *data)
        if len(choices) == 1:
            kinds.decide[kind](self, seat, choices[0], *data)
        elif choices:
            self.ask(seat, kind, *data)
        return bool(choices)

    def ask_window(self, seats, kind: str, *data) -> bool:
        """Schedule a reaction window for ``seats`` (priority order); False, and nothing scheduled,
        when no seat is given. Ask every seat the rules let answer by its position, whatever it holds:
        its ``@offers`` method gives a seat without an answer nothing, and Pass is always there. Choosing
        the seats by what they hold would tell everyone else who holds an answer."""
        seats = tuple(seats)
        if not seats or self._base is None:
            return False
        self.agenda.insert(self._base, Window(seats, kind, data))
        return True

    def then(self, *step) -> None:
        """Schedule a step, ``self.then(self._step_flip, seat)``: the step function, then its arguments.

        The one way the rules go on. Steps scheduled by one step (or decision) run in the order written,
        once it is done and before what was already waiting: ``self.then(self._step_flip, seat);
        self.then(self._step_turn, next_seat)`` flips, then moves on."""
        base = self._base
        if base is not None:
            self.agenda.insert(base, step)

    def unwind(self, step) -> None:
        """End the chain running now: drop everything scheduled above the step ``step``, which runs
        next, e.g. a round that ends at once in the middle of a chain of effects:
        ``self.unwind(self._step_round_end)``. Whatever the current step schedules after this is dropped too."""
        agenda = self.agenda
        for i in range(len(agenda) - 1, -1, -1):
            item = agenda[i]
            if type(item) is tuple and item[0] is step:
                del agenda[i + 1:]
                self._base = None
                self._legal = None
                return
        raise LookupError(f"{self.game.id}: no step {step.__name__!r} is scheduled to unwind to")

    def round_over(self, title: str) -> None:
        """Mark the end of a round or deal; the app (``keep_round_ends``) keeps the table as the rules
        reveal it to each seat, and to the teacher."""
        if self.keep_round_ends:
            views = [self.reveal_view(seat) for seat in (None, *range(self.players))]
            if not self.winners:
                # no decision to describe and no result yet: a status line would read as the game's end
                views = [view if title in view.status else dataclasses.replace(view, status=Phrase("{title}.", (title,)))
                         for view in views]
            self.round_ends.append(RoundEnd(len(self.events), title, views[0], tuple(views[1:])))

    def _answer(self, window: Window, seat: int, action) -> None:
        """A seat answered a window: a pass leaves it to the others; anything else closes it."""
        if type(action) is Pass:
            seats = window.seats              # the first asked passes, as a rule: the rest keep their order
            rest = seats[1:] if seat == seats[0] else tuple(s for s in seats if s != seat)
            if rest:
                self.agenda.append(Window(rest, window.kind, window.data))
            else:
                closed = self._kinds.closed.get(window.kind)
                if closed is not None:
                    closed(self, *window.data)
            return
        self._kinds.decide[window.kind](self, seat, action, *window.data)

    def _run(self) -> None:
        """Run automatic steps until a decision is on top (or the game is over): after the set-up
        (``apply`` runs the steps a move sets off the same way, faster)."""
        agenda = self.agenda
        while agenda and type(agenda[-1]) is tuple:
            step = agenda.pop()
            self._base = len(agenda)
            step[0](self, *step[1:])
        self.is_over = not agenda

    def __init_subclass__(cls, **kwargs):
        """Collect the declared decisions once per class."""
        super().__init_subclass__(**kwargs)
        cls._class_kinds = _Kinds(cls)
