"""Playing moves by their button labels, and refusing bad ones, for any game's tests."""
import pytest

from cardkit import IllegalAction


def act(state, *labels):
    """Apply actions by their button label; fail loudly if one is not legal. Returns the events."""
    events = []
    for label in labels:
        legal = {str(a): a for a in state.legal_actions()}
        assert label in legal, f"{label!r} not legal; legal: {list(legal)}"
        events += state.apply(legal[label])
    return events


def press(state, *labels):
    """``act``, returning the state (for one-line set-ups)."""
    act(state, *labels)
    return state


def labels(state):
    """The button labels of the legal moves now."""
    return [str(a) for a in state.legal_actions()]


def refused(state, action, rule, seat=None):
    """``action`` raises IllegalAction naming ``rule`` and changes nothing; returns the message."""
    before = state.view(None), list(state.history), len(state.events)
    with pytest.raises(IllegalAction) as err:
        state.apply(action, seat)
    assert err.value.rule == rule, str(err.value)
    assert (state.view(None), list(state.history), len(state.events)) == before
    return str(err.value)
