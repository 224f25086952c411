"""Views kept up to date by caches (the draw pile's kept count, status lines kept by value) show what
a view built from scratch shows: after every move of random games of every game, for every seat and
the teacher, ``view(seat)`` and a lent view read field by field equal a reference built from a clone
(a clone keeps no cache), and a view taken before a move does not change when the move is made."""
import pickle
import random

import pytest

import cardkit
from cardkit.core import View
from cardkit.core.events import _LINES

SETTINGS = [(game_id, {}) for game_id in cardkit.list_games()] + [
    ("frantic", {"troublemaker": True, "supercharge": True})]
IDS = [game_id + ("+both" if options else "") for game_id, options in SETTINGS]


def reference(state, seat) -> View:
    """The view built the straightforward way: from a fresh clone, no status line kept."""
    fresh = state.clone()
    _LINES.clear()
    return fresh.view(seat)


@pytest.mark.parametrize("game_id, options", SETTINGS, ids=IDS)
def test_views_equal_a_fresh_build_after_every_move(game_id, options):
    rng = random.Random(11)
    decisions = 0
    for seed in range(4):
        state = cardkit.make(game_id, seed=seed, **options).new_state()
        while not state.is_over and len(state.history) < 150:
            seats = [None, *range(state.players)]
            for seat in seats:
                view = state.view(seat)
                assert view == reference(state, seat)
                lent = View.lent(state, seat)
                assert lent.unseen == view.unseen and lent.seats[rng.randrange(state.players)] is not None
                assert lent.keep() == view
            held = state.view(state.current_player)
            frozen = pickle.loads(pickle.dumps(held))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            assert held == frozen                       # a view taken before the move still shows then
            decisions += 1
    assert decisions > 100
