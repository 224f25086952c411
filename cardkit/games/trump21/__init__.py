""""21" with trump cards: a push-your-luck duel to 21 with a hidden card, trumps and lives."""
from collections import Counter

from cardkit.core import Game, Option
from cardkit.i18n import N_
from cardkit.core.declaration import Declaration

from . import cards
from .actions import Close, DestroyTrump, PlayTrump, Swap, Take
from .cards import DEFAULT_TRUMPS, HINTS, parse
from .rules import DEMOS, HOUSE_RULES, RULES
from .state import Trump21State


class Trump21(Game):
    id = "trump21"
    title = N_("21 with trumps")
    blurb = N_("A push-your-luck duel to 21 with a hidden card, trump cards and lives: the last one alive "
             "wins; 2 to 6 players.")
    rules = RULES
    players_range = (2, 6)
    default_players = 2
    option_specs = [
        Option("lives", 10, N_("lives each player starts with"), 1, 99),
        Option("damage", 2, N_("lives a loser loses each round"), 1, 20),
        Option("target", 21, N_("the target at the start of each round"), 5, 60),
        Option("gamble_chance", 0.5, N_("chance to draw a trump at the start of a turn"), 0.0, 1.0),
        Option("trumps", dict(DEFAULT_TRUMPS), N_("the trump deck: how many of each trump"), high=20),
    ]
    action_types = {"Take": Take, "Close": Close, "PlayTrump": PlayTrump, "DestroyTrump": DestroyTrump,
                    "Swap": Swap}
    state_class = Trump21State
    stackable = ("trumps",)
    summary_columns = ("first_win_share", "perfect_draw_share", "instant_win_share")
    parse = staticmethod(parse)

    def make_deck(self) -> Counter:
        self.number_deck = cards.number_deck()
        self.trump_deck = cards.trump_deck(self.options["trumps"])
        return self.number_deck + self.trump_deck


GAME = Trump21
DECLARATION = Declaration(
    game=Trump21, demos=DEMOS, hints=HINTS, house_rules=HOUSE_RULES,
    bots={"counting": "bots:CountingBot", "threshold": "bots:ThresholdBot"}, default_bot="counting",
    explorer="explore:EXPLORER", insights="prob:insights", class_board="lessons:CLASS_BOARD", next_card="prob:next_card",
    compound_moves=True, hidden_hands=True)

__all__ = ["Close", "DestroyTrump", "PlayTrump", "Swap", "Take", "Trump21", "Trump21State", "GAME", "DECLARATION"]
