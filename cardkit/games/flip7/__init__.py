"""Flip 7 (The Op, 2024): push your luck with a 94-card deck."""
from cardkit.core import Game, Option
from cardkit.i18n import N_
from cardkit.core.declaration import Declaration

from . import cards
from .actions import MAX_PLAYERS, Give, Hit, Stay
from .cards import KIND
from .rules import DEMOS, RULES
from .state import Flip7State


class Flip7(Game):
    id = "flip7"
    title = "Flip 7"
    blurb = N_("Push your luck: flip cards one at a time and stop before you flip a number you already "
             "have. 94 cards, 1 to 18 players.")
    rules = RULES
    players_range = (1, MAX_PLAYERS)
    default_players = 3
    option_specs = [
        Option("target", 200, N_("points that end the game"), 1, 100000),
        Option("bonus", 15, N_("bonus for a Flip 7"), 0, 1000),
        Option("unique", 7, N_("unique numbers that make a Flip 7"), 1, 13),
        Option("actions", True, N_("include Freeze, Flip Three and Second Chance")),
        Option("modifiers", True, N_("include +2 … +10 and x2")),
    ]
    action_types = {"Hit": Hit, "Stay": Stay, "Give": Give}
    state_class = Flip7State
    end_rule = "flip7.game_end"
    parse = staticmethod(cards.parse)

    def make_deck(self):
        return cards.make_deck(self.options["actions"], self.options["modifiers"])


GAME = Flip7
DECLARATION = Declaration(
    game=Flip7, demos=DEMOS, hints={"kind": KIND},
    bots={"expectation": "bots:ExpectationBot", "threshold": "bots:ThresholdBot"},
    default_bot="expectation",          # it plays the odds, like a careful person would
    explorer="explore:EXPLORER", insights="prob:insights", class_board="lessons:CLASS_BOARD", next_card="prob:next_card",
    compound_moves=False, hidden_hands=False)     # every card lies face up

__all__ = ["Flip7", "Flip7State", "Give", "Hit", "Stay", "GAME", "DECLARATION"]
