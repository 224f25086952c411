"""Huit américain: Crazy Eights with a 32-card pack, Aces that make you draw, Queens that skip."""
from cardkit.core import Game, Option, Pass
from cardkit.i18n import N_
from cardkit.core.declaration import Declaration

from . import cards
from .actions import Draw, Play
from .cards import HINTS, PACK, parse
from .rules import DEMOS, RULES
from .state import EightsState


class Eights(Game):
    id = "eights"
    title = "Huit américain"
    blurb = N_("Crazy Eights with a 32-card pack: 8s change the suit, Aces make the next player draw two "
             "and Queens skip a player; 2 to 6 players.")
    rules = RULES
    players_range = (2, 6)
    default_players = 4
    option_specs = [
        Option("hand_size", 5, N_("cards dealt to each player"), 1, 16),
        Option("limit", 151, N_("penalty points that end the match"), 1, 100000),
    ]
    action_types = {"Play": Play, "Draw": Draw, "Pass": Pass}
    state_class = EightsState
    summary_columns = ("lead_win_share",)
    end_rule = "eights.match_end"
    parse = staticmethod(parse)

    def check_options(self):
        most = len(PACK) // self.players
        if self.options["hand_size"] > most:
            raise ValueError(f"eights: hand_size must be from 1 to {most} with {self.players} players "
                             f"(32 cards dealt equally), got {self.options['hand_size']}")

    def make_deck(self):
        return cards.make_deck()


GAME = Eights
DECLARATION = Declaration(
    game=Eights, demos=DEMOS, hints=HINTS,
    bots={"counting": "bots:CountingBot", "greedy": "bots:GreedyBot"}, default_bot="counting",
    explorer="explore:EXPLORER", insights="prob:insights", class_board="lessons:CLASS_BOARD", next_card="prob:next_card",
    compound_moves=True, hidden_hands=True)

__all__ = ["Draw", "Eights", "EightsState", "Pass", "Play", "GAME", "DECLARATION"]
