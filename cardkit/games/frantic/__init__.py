"""Frantic: a shedding party game with specials, counters out of turn and events (base game and the
Troublemaker and Supercharge expansions)."""
from cardkit.core import Game, Option, Pass
from cardkit.core.declaration import Declaration
from cardkit.i18n import N_

from . import cards
from .actions import (COUNTERATTACK, LUCKY, NICE_TRY, Aim, Choose, Counterattack, Discard, Draw, Give, GiveTo, Lay,
                      LuckyBastard, NiceTry, Pick, Play, Risk, Split, Stack, Steal, Take, Trade, Wish)
from .cards import HINTS, parse
from .rules import DEMOS, HOUSE_RULES, RULES, classroom_rules
from .state import FranticState


class Frantic(Game):
    id = "frantic"
    title = "Frantic"
    blurb = N_("A shedding party game: match colours and numbers, hit others with specials, counter out of "
               "turn, and survive the events black cards reveal; 2 to 8 players, with the Troublemaker and "
               "Supercharge (power cards) expansions.")
    rules = RULES
    players_range = (2, 8)
    default_players = 4
    option_specs = [
        Option("limit", 0, N_("points that end the game (0 = as the box says: 154 for 2–4 players, 137 for 5–8)"),
               0, 100000),
        Option("troublemaker", False, N_("add the Troublemaker expansion")),
        Option("supercharge", False, N_("add the Supercharge expansion (power cards)")),
        Option("events", True, N_("play with the event cards (off: a black card is a plain card)")),
        # Class pages turn it on: the box's name for its 42-point card is not a word for a classroom.
        Option("classroom_names", False, N_('call the "Fuck You" card "Ten Cards", in rules, moves and log')),
    ]
    action_types = {"Play": Play, "Draw": Draw, "Wish": Wish, "Split": Split, "Give": Give, "Counterattack": Counterattack,
                    "NiceTry": NiceTry, "Take": Take, "GiveTo": GiveTo, "Discard": Discard, "Pass": Pass,
                    "Steal": Steal, "LuckyBastard": LuckyBastard, "Stack": Stack, "Choose": Choose, "Lay": Lay,
                    "Risk": Risk, "Pick": Pick, "Aim": Aim, "Trade": Trade}
    state_class = FranticState
    stackable = ("events", "powers")
    reaction_cards = (COUNTERATTACK, NICE_TRY, LUCKY)
    summary_columns = ("event_end_share", "fuck_you_points", "events_per_round")
    parse = staticmethod(parse)

    def check_options(self):
        if not self.options["limit"]:
            self.options["limit"] = 154 if self.players <= 4 else 137
        if self.options["classroom_names"]:         # the rules name Fuck You as the cards do: "Ten Cards"
            self.rules = classroom_rules(RULES)

    def make_deck(self):
        return cards.make_deck(self.options["troublemaker"], self.options["supercharge"], self.options["events"])


GAME = Frantic
DECLARATION = Declaration(
    game=Frantic, demos=DEMOS, hints=HINTS, house_rules=HOUSE_RULES,
    bots={"heuristic": "bots:HeuristicBot"}, default_bot="heuristic",
    explorer="explore:EXPLORER", insights="prob:insights",
    compound_moves=True, hidden_hands=True,
    # Files written before the expansions became options off by default: left out, they were on.
    replay_defaults={version: {"troublemaker": True, "supercharge": True} for version in (1, 2)})

__all__ = ["Aim", "Choose", "Counterattack", "Discard", "Draw", "Frantic", "FranticState", "Give", "GiveTo", "Lay",
           "LuckyBastard", "NiceTry", "Pass", "Pick", "Play", "Risk", "Split", "Stack", "Steal", "Take", "Trade",
           "Wish", "GAME", "DECLARATION"]
