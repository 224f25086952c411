"""Stacked-deck helpers for the Flip 7 rule tests."""
import cardkit


def deal(deck, players=2, seed=1, **options):
    return cardkit.make("flip7", players=players, seed=seed, **options).new_state(deck=deck)


def act(state, *labels):
    """Apply actions by their button label; fail loudly if one is not legal."""
    events = []
    for label in labels:
        legal = {str(a): a for a in state.legal_actions()}
        assert label in legal, f"{label!r} not legal; legal: {list(legal)}"
        events += state.apply(legal[label])
    return events


def line(state, seat, zone="numbers"):
    """A seat's zone as the teacher sees it (the contract, not internals)."""
    return state.view(None).seats[seat][zone]


def seat_status(state, seat):
    return state.view(None).facts["seat_status"][seat]


def rules_applied(events):
    return [e.rule for e in events]
