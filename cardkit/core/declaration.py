"""A game's declaration: all that the app and ``cardkit.list_games()`` know of a game, said once in
its package (``DECLARATION`` in ``cardkit/games/<id>/__init__.py``) and read through the one registry
(``cardkit/games/__init__.py``), never found by trying names.

The Game class says what the rules say (title, blurb, clauses, options and their defaults, the seat
range, the reaction cards); the declaration adds what the pages need around it. Heavy parts (bots,
the rule explorer, the probability notes) are named as ``"module:attribute"`` inside the game's
package, imported only when asked for, so ``import cardkit`` stays light."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Callable, Mapping


def _frozen(mapping) -> Mapping:
    return MappingProxyType(dict(mapping or {}))


@dataclasses.dataclass(frozen=True)
class Declaration:
    """One game, declared: its Game class and what the pages read about it.

    ``demos``: rule id -> stacked-deck demo (see ``widgets.lessons.rule_stepper``); ``hints``: how cards are drawn
    (labels, kinds, colours, piles); ``bots``: name -> ``"module:Class"`` of a bot built as
    ``Class(seed=...)``; ``default_bot``: the name the app seats; ``explorer``: what the rule explorer
    varies; ``insights`` / ``next_card``: the probability corner's functions; ``class_board``: a ``ClassBoard``, what the class board pools; ``house_rules``: the
    decisions taken where the rules are silent. Flags: ``compound_moves`` (some moves are picked part
    by part), ``hidden_hands`` (a seat's view hides cards other seats hold). ``replay_defaults``:
    replay file version -> option values a file of that version meant when it left them out (defaults
    that changed since)."""

    game: type
    demos: Mapping = dataclasses.field(default_factory=dict)
    hints: Mapping = dataclasses.field(default_factory=dict)
    bots: Mapping[str, str] = dataclasses.field(default_factory=dict)
    default_bot: str | None = None
    explorer: str | None = None
    insights: str | None = None
    next_card: str | None = None
    class_board: str | None = None
    house_rules: tuple = ()
    compound_moves: bool = False
    hidden_hands: bool = True
    replay_defaults: Mapping[int, Mapping[str, Any]] = dataclasses.field(default_factory=dict)

    def __post_init__(self):
        for name in ("demos", "hints", "bots", "replay_defaults"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        object.__setattr__(self, "house_rules", tuple(self.house_rules))
        if self.default_bot is not None and self.default_bot not in self.bots:
            raise ValueError(f"{self.game.id}: default_bot {self.default_bot!r} is not one of its bots "
                             f"({', '.join(self.bots) or 'none'})")
        for ref in (*self.bots.values(), self.explorer, self.insights, self.next_card, self.class_board):
            if ref is not None and (not isinstance(ref, str) or ref.count(":") != 1):
                raise ValueError(f"{self.game.id}: {ref!r} is not a 'module:attribute' reference")

    # -- what the Game class declares ---------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.game.id

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def blurb(self) -> str:
        return self.game.blurb

    @property
    def rules(self) -> list:
        return self.game.rules

    @property
    def players_range(self) -> tuple[int, int]:
        return self.game.players_range

    @property
    def default_players(self) -> int:
        return self.game.default_players

    @property
    def option_specs(self) -> list:
        return self.game.option_specs

    @property
    def defaults(self) -> dict:
        """The options as the game comes in its box: name -> default."""
        return {spec.name: spec.default for spec in self.game.option_specs}

    @property
    def reaction_windows(self) -> bool:
        """Seats may answer out of turn (the game has reaction cards)."""
        return bool(self.game.reaction_cards)


__all__ = ["Declaration"]


@dataclasses.dataclass(frozen=True)
class ClassBoard:
    """What the class board pools of a game's finished games: ``figure`` (title, what the exact figure
    is); ``moment(state, seat, action)``: before a person's move, (the exact chance, a judge of the
    move's events) or None; optionally ``details(game, history, seat, deck)`` kept per game and
    ``table`` (title, column heads, note) with ``table_rows(records)`` filling it."""

    figure: tuple
    moment: Callable
    details: Callable | None = None
    table: tuple | None = None
    table_rows: Callable | None = None
