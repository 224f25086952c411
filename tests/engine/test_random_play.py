"""Random play: conservation after every action, replay determinism, refusal of illegal moves."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import IllegalAction
from cardkit.bots import RandomBot
from cardkit.games.flip7 import Give, Hit, Stay

OPTIONS = st.fixed_dictionaries({
    "actions": st.booleans(), "modifiers": st.booleans(),
    "target": st.sampled_from([20, 60, 200]), "unique": st.integers(3, 8),
})


def play_checked(game, seed, limit=5000):
    """Play randomly; after each action the conservation check runs (tests turn it on)."""
    state = game.new_state()
    rng = random.Random(seed)
    bots = [RandomBot(seed + s) for s in range(game.players)]
    while not state.is_over and len(state.history) < limit:
        legal = state.legal_actions()
        # every action that is not legal is refused and changes nothing
        probe = rng.choice([Hit(), Stay(), Give("Freeze", rng.randrange(game.players))])
        if probe not in legal:
            before = state.view(None)
            try:
                state.apply(probe)
                raise AssertionError(f"illegal {probe} accepted")
            except IllegalAction as err:
                assert err.rule.startswith("flip7.")
            assert state.view(None) == before
        state.apply(bots[state.current_player].act(None, legal))   # a random bot reads no view
    return state


@settings(max_examples=150, deadline=None)
@given(players=st.integers(1, 18), seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_games_conserve_cards_end_and_replay(players, seed, options):
    game = cardkit.make("flip7", players=players, seed=seed, **options)
    state = play_checked(game, seed)
    assert state.is_over and len(state.winners) == 1
    assert max(state.scores) >= options["target"] and state.scores[state.winners[0]] == max(state.scores)
    assert cardkit.replay(game, state.history).view(None) == state.view(None)


def test_thousands_of_random_games_conserve_cards():
    for seed in range(2000):
        players = 1 + seed % 6
        game = cardkit.make("flip7", players=players, seed=seed, target=50)
        state = game.new_state()
        cardkit.run(state, [RandomBot(seed * 7 + s) for s in range(players)])     # as simulations play
        assert state.is_over and state.winners
