"""Playing moves by their button labels, and refusing bad ones, and counting what a view shows, for
any game's tests."""
from collections import Counter

import pytest

from cardkit import IllegalAction
from cardkit.core import action_labelled

#: Options that put every card of a game in play (Frantic comes without its expansions): the tests
#: across every game play the fullest game.
EVERY_CARD = {"frantic": {"troublemaker": True, "supercharge": True}}


def act(state, *labels):
    """Apply actions by their button label; fail loudly if one is not legal. Returns the events.
    A label that is not a move now is played after passing the reaction windows that seats can only
    pass (as bots do); so is the end of the labels."""
    events = []
    for label in labels:
        action = action_labelled(state.legal_actions(), label)
        if action is None:
            events += state.pass_unanswerable()
            action = action_labelled(state.legal_actions(), label)
        assert action is not None, f"{label!r} not legal; legal: {[str(a) for a in state.legal_actions()]}"
        events += state.apply(action)
    return events + state.pass_unanswerable()


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


def random_play_checked(game, seed, probe, limit=5000):
    """Random play; before each move a ``probe(rng, players)`` that is not legal must be refused with
    one of the game's rules and change nothing. The tests turn the conservation check on."""
    import random

    from cardkit.bots import RandomBot

    state = game.new_state()
    rng = random.Random(seed)
    bots = [RandomBot(seed + s) for s in range(game.players)]
    rule_ids = {r.id for r in game.rules}
    while not state.is_over and len(state.history) < limit:
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        attempt = probe(rng, game.players)
        if attempt not in legal:
            before = state.view(None), len(state.history), len(state.events)
            with pytest.raises(IllegalAction) as err:
                state.apply(attempt)
            assert err.value.rule in rule_ids, err.value
            assert (state.view(None), len(state.history), len(state.events)) == before
        seat = state.current_player
        state.apply(bots[seat].act(None, legal))              # a random bot reads no view
    return state


def cards_seen(view) -> Counter:
    """Every card a view shows face up, in its seats' zones and on its table."""
    zones = [*view.seats, view.table]
    return Counter(card for zone in zones for cards in zone.values() for card in cards if card is not None)
