"""Playing moves by their button labels, for any game's tests."""


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
