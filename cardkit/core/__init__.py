"""Mechanics every game shares: cards and piles, seats, decisions, events, errors, replay files."""
from .actions import Action, action_from_dict
from .cards import Pile, check_conservation, stacked_deck
from .errors import IllegalAction, ReplayError
from .events import Event
from .game import Decision, Game, Option, Rule, State
from .seats import next_seat, player_name, seats_from
from .view import View

__all__ = ["Action", "action_from_dict", "Pile", "check_conservation", "stacked_deck", "IllegalAction",
           "ReplayError", "Event", "Decision", "Game", "Option", "Rule", "State", "next_seat",
           "player_name", "seats_from", "View"]
