"""Mechanics every game shares: cards and piles, seats, decisions and reaction windows, moves
built card by card, events, errors, seeds and replay files."""
from .actions import Action, Pass, action_from_dict, action_labelled
from .builder import MoveBuilder
from .cards import Pile, check_conservation, parse_cards, stacked_deck
from .errors import IllegalAction, ReplayError
from .events import Event
from .fast import Move, interned
from .game import Game, Option, Rule
from .seats import cards_count, next_seat, player_name, plural, seats_from
from .seeds import bot_seed, derive_seed
from .state import PASS, Decision, RoundEnd, State, Window, closes, decides, offers, step
from .turn import Choice, Turn
from .view import View

__all__ = ["Action", "Pass", "PASS", "action_from_dict", "action_labelled", "interned", "MoveBuilder", "Pile",
           "check_conservation", "parse_cards", "stacked_deck", "IllegalAction", "ReplayError", "Event", "Decision",
           "Window", "Move", "RoundEnd", "Game", "Option", "Rule", "State", "next_seat", "player_name", "seats_from",
           "plural", "bot_seed", "cards_count", "derive_seed", "View", "Choice", "Turn",
           "step", "offers", "decides", "closes"]
