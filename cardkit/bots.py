"""Bots choose from ``legal_actions`` seeing only ``view(seat)``; game-specific bots live in games/<id>/bots.py."""
from __future__ import annotations

import random


class Bot:
    """Base: ``act(view, actions)`` returns one of ``actions``. Seeded for reproducible games."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def reseed(self, seed) -> None:
        self.rng.seed(seed)

    def act(self, view, actions):
        raise NotImplementedError

    def __repr__(self):
        return self.name


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def act(self, view, actions):
        return actions[self.rng.randrange(len(actions))] if len(actions) > 1 else actions[0]


def play(state, bots, until_seat=None):
    """Let bots move until the game ends (or until ``until_seat`` must decide). Returns the events."""
    events = []
    while not state.is_over and state.current_player != until_seat:
        seat = state.current_player
        actions = state.legal_actions()
        events += state.apply(bots[seat].act(state.view(seat), actions))
    return events
