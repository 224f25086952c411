"""Stacked-deck helpers for the Flip 7 rule tests."""
import cardkit

from tests.engine.moves import act  # noqa: F401  (the rule tests import it from here)


def deal(deck, players=2, seed=1, **options):
    return cardkit.make("flip7", players=players, seed=seed, **options).new_state(deck=deck)


def line(state, seat, zone="numbers"):
    """A seat's zone as the teacher sees it (the contract, not internals)."""
    return state.view(None).seats[seat][zone]


def seat_status(state, seat):
    return state.view(None).facts["seat_status"][seat]


def rules_applied(events):
    return [e.rule for e in events]
