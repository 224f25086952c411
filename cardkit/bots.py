"""Bots choose from ``legal_actions`` seeing only ``view(seat)``; ``run`` is the one game loop that
plays them (simulations, the app, the notebooks and the benchmarks all use it).
Game-specific bots live in games/<id>/bots.py."""
from __future__ import annotations

import random
import weakref

from .core import PASS, View, Window, bot_seed  # noqa: F401  (cardkit.bots.bot_seed: how a seat's bot is seeded)


class Bot:
    """Base: ``act(view, actions)`` returns one of ``actions``. Seeded for reproducible games."""

    name = "bot"
    #: False for bots that never look at the table: ``run`` then builds no view for them.
    needs_view = True

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
    needs_view = False

    def act(self, view, actions):
        return actions[self.rng.randrange(len(actions))] if len(actions) > 1 else actions[0]


def run(state, policies, wait_for=(), stop=None, max_moves=None) -> list:
    """Let the policies move until the game is over; returns the events.

    ``policies``: one per seat (a list, or a dict by seat): a Bot, or any ``f(view, actions)``.
    It stops early when the seat asked first is in ``wait_for`` (the people at the table: bots
    before them in a reaction window answer at once, the rest wait), when ``stop(events)`` is true
    for the events of the move just made (e.g. a round ended), or after ``max_moves`` moves.
    A seat whose only choice is Pass (a reaction window it cannot answer) passes without its policy
    being asked; a person in ``wait_for`` is waited for all the same."""
    events = state.events
    start = len(events)
    acts = {}
    moves = 0
    lend, keeps = View.lent, weakref.ref
    while not state.is_over:
        seat = state.current_player
        if seat in wait_for or (max_moves is not None and moves >= max_moves):
            break
        before = len(events)
        actions = state.legal_actions()
        if len(actions) == 1 and actions[0] is PASS and type(state.decision) is Window:
            action = PASS                   # nothing to answer a window with: no policy asked, no view
        else:
            act = acts.get(seat)
            if act is None:
                policy = policies[seat]
                act = acts[seat] = (getattr(policy, "act", policy), getattr(policy, "needs_view", True))
            choose, looks = act
            if looks:                       # a lent view: the bot pays only for the fields it reads
                view = lend(state, seat)
                held, held_seats = keeps(view), keeps(view.seats)
                try:
                    action = choose(view, actions)
                finally:
                    del view
                    view = held()
                    if view is not None:    # the bot kept it: build it in full before the state moves on
                        view.keep()
                    else:                   # or kept only its seats
                        seats = held_seats()
                        if seats is not None:
                            seats.keep()
            else:
                action = choose(None, actions)
        state.apply(action, seat)
        moves += 1
        if stop is not None and stop(events[before:]):
            break
    return events[start:]
