"""A configured game: rules as data, options as data, and the deck; ``new_state`` starts a game."""
from __future__ import annotations

import dataclasses
import math
import os
import random
from collections import Counter
from numbers import Real
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, action_from_dict
from .errors import shown

#: Seeds have at most this many digits: a longer one would play, but not show or save (Python
#: refuses to write an int of more than 4,300 digits).
SEED_DIGITS = 30
SEED_LIMIT = 10 ** SEED_DIGITS

if TYPE_CHECKING:
    from .state import State

#: When true, every ``apply`` checks that no card was lost or duplicated (tests turn it on).
CHECK_CONSERVATION = os.environ.get("CARDKIT_CHECK", "") not in ("", "0")


@dataclasses.dataclass(frozen=True)
class Rule:
    id: str
    title: str
    text: str


@dataclasses.dataclass(frozen=True)
class Option:
    """One game option as data: name, default, what it means, and what is allowed.

    The kind follows the default: a bool; a whole number (``low``…``high``); a fraction or float
    such as a probability (``low``…``high``, ints accepted); one of ``choices`` (named values);
    or a name -> count table (a dict: the names of the default's table, whole counts from 0 to
    ``high``; names left out count 0)."""
    name: str
    default: Any
    help: str
    low: Any = None
    high: Any = None
    choices: tuple | None = None

    @property
    def kind(self) -> str:
        if self.choices is not None:
            return "choice"
        return {bool: "bool", int: "int", float: "float", dict: "table"}[type(self.default)]

    @property
    def title(self) -> str:
        """The option in words, for people: its help text, capitalised."""
        return self.help[:1].upper() + self.help[1:]

    def _range(self) -> str:
        return f"from {self.low} to {self.high}"

    def check(self, value):
        """The value to use, or ValueError naming the option and what is allowed."""
        kind = self.kind
        name = f"option {self.name}"
        if kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be True or False, got {shown(value)}")
            return value
        if kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise ValueError(f"{name} must be one of {', '.join(map(repr, self.choices))}, got {shown(value)}")
            return value
        if kind == "table":
            return self._check_table(value)
        given = value
        if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"{name} must be a whole number {self._range()}, got {shown(value)}")
        if kind == "float":
            if isinstance(value, bool) or not isinstance(value, Real):
                raise ValueError(f"{name} must be a number {self._range()}, got {shown(value)}")
            try:
                value = float(value)
            except OverflowError:             # e.g. 10**400: past any float
                value = math.inf
            if not math.isfinite(value):
                raise ValueError(f"{name} must be a number {self._range()}, got {shown(given)}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise ValueError(f"{name} must be {self._range()}, got {shown(given)}")
        return value

    def _check_table(self, value) -> dict:
        names = list(self.default)
        if not isinstance(value, dict):
            raise ValueError(f"option {self.name} must be a table of name -> count, e.g. "
                             f"{{{names[0]!r}: 2}}, got {shown(value)}")
        unknown = [k for k in value if k not in self.default]
        if unknown:
            raise ValueError(f"option {self.name}: unknown name(s) {', '.join(map(shown, unknown))}; "
                             f"allowed: {', '.join(names)}")
        high = self.high if self.high is not None else 99
        for key, count in value.items():
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= high:
                raise ValueError(f"option {self.name}: the count of {key!r} must be a whole number "
                                 f"from 0 to {high}, got {shown(count)}")
        return {k: value.get(k, 0) for k in names}


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
    #: Piles besides the draw pile that ``new_state`` may stack (e.g. ("trumps",)).
    stackable: ClassVar[tuple[str, ...]] = ()
    #: Cards a seat throws in out of turn in a reaction window (Frantic's Counterattack): no other seat
    #: may tell from anything it sees whether a hand holds one (the contract test checks it).
    reaction_cards: ClassVar[tuple[str, ...]] = ()
    #: Names of the extra per-game figures ``State.summary()`` gives (one simulate() column each).
    summary_columns: ClassVar[tuple[str, ...]] = ()
    #: The rule a move after the end is refused by (e.g. "flip7.game_end"); default "<id>.end".
    end_rule: ClassVar[str]
    #: The rule a move out of turn is refused by; default "<id>.turn".
    turn_rule: ClassVar[str]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "id" in cls.__dict__:
            for attr, suffix in (("end_rule", "end"), ("turn_rule", "turn")):
                if attr not in cls.__dict__:
                    setattr(cls, attr, f"{cls.id}.{suffix}")

    def __init__(self, players: int | None = None, seed: int | None = None, **options):
        low, high = self.players_range
        players = self.default_players if players is None else players
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise ValueError(f"{self.id}: players must be from {low} to {high}, got {shown(players)}")
        specs = {o.name: o for o in self.option_specs}
        unknown = set(options) - set(specs)
        if unknown:
            raise ValueError(f"{self.id}: unknown option(s) {sorted(unknown)}; "
                             f"allowed: {', '.join(specs) or 'none'}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT < seed < SEED_LIMIT:
            raise ValueError(f"{self.id}: seed must be a whole number of at most {SEED_DIGITS} digits, "
                             f"got {shown(seed)}")
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
    def new_state(self, deck=None, **piles) -> "State":
        """A fresh game from the seed; ``deck`` stacks cards on top of the draw pile (top first),
        and games with more piles take them by name (``trumps=[...]``)."""
        deck = _card_list(self, "deck", deck)
        unknown = set(piles) - set(self.stackable)
        if unknown:
            allowed = ", ".join(("deck",) + self.stackable)
            raise ValueError(f"{self.id}: new_state() cannot stack {', '.join(sorted(unknown))}; "
                             f"it stacks: {allowed}")
        piles = {name: _card_list(self, name, cards) for name, cards in piles.items()}
        return self.state_class(self, deck, piles)

    @property
    def encoding(self):
        """The layout of this game's observations and its fixed move ids (cardkit.core.observation)."""
        found = self.__dict__.get("_encoding")
        if found is None:
            from .observation import Encoding
            found = self.__dict__["_encoding"] = Encoding(self, self.state_class)
        return found

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


def _card_list(game, name, cards):
    """``cards`` as a list of card names (top first), or ValueError: a string is not a list of cards."""
    if cards is None:
        return None
    if isinstance(cards, (str, bytes)) or not isinstance(cards, (list, tuple)):
        raise ValueError(f"{game.id}: {name} must be a list of card names, top first "
                         f"(e.g. {name}=[...]), got {shown(cards)}")
    for token in cards:
        if (not isinstance(token, (str, int)) or isinstance(token, bool)
                or (isinstance(token, int) and token.bit_length() > 64)):
            raise ValueError(f"{game.id}: {name} holds {shown(token)}, which is not a card name")
    return list(cards)
