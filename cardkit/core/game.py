"""The engine contract shared by every game: Game (rules, options), State (decisions, apply)."""
from __future__ import annotations

import copy
import dataclasses
import os
import random
from collections import Counter
from typing import Any, ClassVar, NamedTuple

from .actions import Action, action_from_dict
from .cards import check_conservation
from .errors import IllegalAction
from .events import Event
from .seats import player_name

#: When true, every ``apply`` checks that no card was lost or duplicated (tests turn it on).
CHECK_CONSERVATION = os.environ.get("CARDKIT_CHECK", "") not in ("", "0")


@dataclasses.dataclass(frozen=True)
class Rule:
    id: str
    title: str
    text: str


@dataclasses.dataclass(frozen=True)
class Option:
    """One game option as data: name, default, allowed values, and what it means."""
    name: str
    default: Any
    help: str
    low: Any = None
    high: Any = None

    def check(self, value):
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name} must be True or False, got {value!r}")
            return value
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name} must be a whole number, got {value!r}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise ValueError(f"option {self.name} must be from {self.low} to {self.high}, got {value!r}")
        return value


class Decision(NamedTuple):
    """A pending choice: ``seat`` must pick one of the game's choices for ``kind``."""
    seat: int
    kind: str
    data: tuple = ()


#: Decisions without data ("seat 2: Hit or Stay?") are values: made once, asked again and again.
_PLAIN_DECISIONS: dict[tuple, Decision] = {}


class Game:
    """A configured game: players, seed and validated options. Subclasses fill the class data."""

    id: ClassVar[str]
    title: ClassVar[str]
    #: One or two sentences for the landing page: what kind of game, how many players.
    blurb: ClassVar[str] = ""
    rules: ClassVar[list[Rule]]
    option_specs: ClassVar[list[Option]]
    players_range: ClassVar[tuple[int, int]]
    default_players: ClassVar[int]
    action_types: ClassVar[dict[str, type]]
    state_class: ClassVar[type]
    #: Names of the extra per-game figures ``State.summary()`` gives (one simulate() column each).
    summary_columns: ClassVar[tuple[str, ...]] = ()
    #: The rule a move after the end is refused by (e.g. "flip7.game_end"); default "<id>.end".
    end_rule: ClassVar[str]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "end_rule" not in cls.__dict__ and "id" in cls.__dict__:
            cls.end_rule = f"{cls.id}.end"

    def __init__(self, players: int | None = None, seed: int | None = None, **options):
        low, high = self.players_range
        players = self.default_players if players is None else players
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise ValueError(f"{self.id}: players must be from {low} to {high}, got {players!r}")
        specs = {o.name: o for o in self.option_specs}
        unknown = set(options) - set(specs)
        if unknown:
            raise ValueError(f"{self.id}: unknown option(s) {sorted(unknown)}; "
                             f"allowed: {', '.join(specs) or 'none'}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"{self.id}: seed must be a whole number, got {seed!r}")
        self.players = players
        self.seed = seed
        self.options = {name: spec.check(options.get(name, spec.default)) for name, spec in specs.items()}
        self.check_options()
        self.full_deck = self.make_deck()

    # -- per game --------------------------------------------------------------
    def check_options(self) -> None:
        """Cross-option checks; raise ValueError saying what is allowed."""

    def make_deck(self) -> Counter:
        raise NotImplementedError

    @staticmethod
    def parse(token: str) -> str:
        raise NotImplementedError

    # -- contract ----------------------------------------------------------------
    def new_state(self, deck=None) -> "State":
        """A fresh game from the seed; ``deck`` stacks cards on top (top first)."""
        return self.state_class(self, deck)

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    def action_from_dict(self, data) -> Action:
        return action_from_dict(data, self.action_types)

    def __repr__(self):
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"cardkit.make({self.id!r}, players={self.players}, seed={self.seed}, {opts})"


class State:
    """Game state driven by pending decisions.

    ``agenda`` is a stack: the top is either a ``Decision`` (someone must choose) or an
    automatic step ``(name, *args)`` that runs ``_step_<name>(*args)``. After each action the engine
    runs automatic steps until the next decision, so rules chain by pushing steps.
    """

    def __init__(self, game: Game, deck=None):
        self.game = game
        self.rng = random.Random(game.seed)
        self.stacked = list(deck) if deck else None
        self.history: list[Action] = []
        self.events: list[Event] = []
        self.agenda: list = []
        self._legal_cache = None             # the choices for the decision on top, once asked for
        self.setup(deck)
        self._run()
        self.check()

    # -- per game -------------------------------------------------------------------
    def setup(self, deck) -> None:
        raise NotImplementedError

    def choices(self, decision: Decision) -> list[Action]:
        raise NotImplementedError

    def decide(self, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    def why_illegal(self, action: Action) -> IllegalAction:
        """Explain, as an IllegalAction naming the rule, why ``action`` is not allowed now."""
        return IllegalAction(f"{action} is not one of the choices now", rule=f"{self.game.id}.turn")

    def canonical(self, action: Action) -> Action | None:
        """The listed action that means the same as ``action`` (e.g. the same cards named in another
        order), or None. Asked only when ``action`` is not listed as it is."""
        return None

    def summary(self) -> tuple:
        """Figures about the finished game, one per ``Game.summary_columns`` (for simulate())."""
        return ()

    def candidate_actions(self) -> list[Action]:
        """Moves a player might try now, legal or not (the app explains the illegal ones)."""
        return self.legal_actions()

    def all_cards(self):
        raise NotImplementedError

    def view(self, seat: int | None = None):
        raise NotImplementedError

    # -- contract -------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        return self.agenda[-1] if self.agenda else None

    @property
    def current_player(self) -> int | None:
        return self.agenda[-1].seat if self.agenda else None

    #: True once nobody has anything left to decide. Kept up to date after every move rather than
    #: a property: game loops read it before every move, and a property costs a Python call.
    is_over = False

    def legal_actions(self) -> list[Action]:
        agenda = self.agenda
        if not agenda:
            return []
        if self._legal_cache is None:        # computed once per decision: bots ask, then apply
            self._legal_cache = tuple(self.choices(agenda[-1]))
        return list(self._legal_cache)

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the current player; returns the events it caused."""
        agenda = self.agenda
        if not agenda:
            raise IllegalAction("the game is over", rule=self.game.end_rule)
        if self._legal_cache is None:
            self.legal_actions()
        for choice in self._legal_cache:     # bots hand back one of the very choices: no __eq__ calls
            if choice is action:
                break
        else:
            if action not in self._legal_cache:
                same = self.canonical(action)
                if same is None or same not in self._legal_cache:
                    raise self.why_illegal(action)
                action = same
        events = self.events
        before = len(events)
        self.decide(agenda.pop(), action)
        self._legal_cache = None
        self.history.append(action)
        self._run()
        if CHECK_CONSERVATION:
            self.check()
        return events[before:]

    def clone(self) -> "State":
        new = copy.copy(self)
        shared = {"game": self.game}
        memo = {id(self.game): self.game}
        for key, value in self.__dict__.items():
            if key not in shared and key != "events":
                new.__dict__[key] = copy.deepcopy(value, memo)
        new.events = list(self.events)
        return new

    def check(self) -> None:
        check_conservation(self.game.full_deck, self.all_cards(), f" in {self.game.id}")

    def name(self, seat: int) -> str:
        return player_name(seat)

    # -- for the games --------------------------------------------------------------------
    def log(self, *event) -> None:
        """Narrate an event: ``self.log(seat, kind, template, rule, *values)``, the values filling
        the template's fields in order, e.g. ``self.log(seat, "flip", "{p} flips {c}.", "flip7.hit",
        seat, card)``; ``{p}``/``{t}`` take seat numbers and read as names. The arguments are
        the Event's tuple as they come (no copy, no dict)."""
        self.events.append(Event(event))

    def ask(self, seat: int, kind: str, *data) -> None:
        if data:
            self.agenda.append(Decision(seat, kind, data))
        else:
            key = seat, kind
            decision = _PLAIN_DECISIONS.get(key)
            if decision is None:
                decision = _PLAIN_DECISIONS[key] = Decision(seat, kind)
            self.agenda.append(decision)

    def then(self, *step) -> None:
        """Push the automatic step ``(name, *args)``, which runs ``_step_<name>(*args)``.
        Pushed last runs first."""
        self.agenda.append(step)

    def _run(self) -> None:
        """Run automatic steps until a decision is on top (or the game is over).

        Steps with one or two arguments, the usual ones, are called with them spelled out:
        CPython runs ``f(self, a)`` inline but ``f(self, *args)`` through a slower generic call.
        """
        agenda = self.agenda
        steps = self._step_table
        while agenda and type(agenda[-1]) is tuple:
            step = agenda.pop()
            if len(step) == 2:
                steps[step[0]](self, step[1])
            elif len(step) == 3:
                steps[step[0]](self, step[1], step[2])
            else:
                steps[step[0]](self, *step[1:])
        self.is_over = not agenda

    def __init_subclass__(cls, **kwargs):
        """Look the ``_step_<name>`` methods up once per class, by name."""
        super().__init_subclass__(**kwargs)
        cls._step_table = {name[6:]: getattr(cls, name) for name in dir(cls) if name.startswith("_step_")}
