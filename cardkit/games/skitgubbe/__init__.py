"""Skitgubbe: a Swedish two-round game with two decks: take tricks, then shed runs; the last one
holding cards is the skitgubbe."""
from cardkit.core import Game, Option, plural
from cardkit.i18n import N_
from cardkit.core.declaration import Declaration

from . import cards
from .actions import Chance, Lay, PickUp, Play
from .cards import HAND_SIZE, HINTS, parse
from .rules import DEMOS, HOUSE_RULES, RULES
from .state import SkitgubbeState


class Skitgubbe(Game):
    id = "skitgubbe"
    title = "Skitgubbe"
    blurb = N_("A Swedish two-round game for 3 to 12 players with two decks: take tricks first, then shed "
             "your cards in runs; the last one holding cards is the skitgubbe.")
    rules = RULES
    players_range = (3, 12)
    default_players = 4
    option_specs = [
        Option("decks", 2, N_("number of 52-card decks shuffled together"), 1, 2),
        Option("stock", 0, N_("cards in the stock after the deal (0: all the rest; fewer make a short game)"), 0, 95),
        Option("trump_climbs", False, N_("trump on trump must start at or above the rank the top run ended on")),
    ]
    stackable = ("trump",)
    action_types = {"Play": Play, "Chance": Chance, "Lay": Lay, "PickUp": PickUp}
    state_class = SkitgubbeState
    summary_columns = ("tricks", "playoffs", "shared", "turnaways", "lost_0", "drawer_lost")
    parse = staticmethod(parse)

    def check_options(self):
        decks, n = self.options["decks"], self.players
        if decks == 1 and n > 5:
            raise ValueError(f"skitgubbe: one deck is allowed only up to 5 players; with {n} players use "
                             "decks=2")
        most = 52 * decks - HAND_SIZE * n
        if self.options["stock"] > most:
            raise ValueError(f"skitgubbe: stock must be from 0 to {most} with {n} players and "
                             f"{plural(decks, 'deck')}, got {self.options['stock']}")

    def make_deck(self):
        return cards.make_deck(self.options["decks"])


GAME = Skitgubbe
DECLARATION = Declaration(
    game=Skitgubbe, demos=DEMOS, hints=HINTS, house_rules=HOUSE_RULES,
    bots={"heuristic": "bots:HeuristicBot", "trick": "bots:TrickBot", "shed": "bots:ShedBot"},
    default_bot="heuristic",
    explorer="explore:EXPLORER", insights="prob:insights", next_card="prob:next_card",
    compound_moves=True, hidden_hands=True)

__all__ = ["Chance", "Lay", "PickUp", "Play", "Skitgubbe", "SkitgubbeState", "GAME", "DECLARATION"]
