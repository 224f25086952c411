"""Huit américain through the contract: random play (conservation after every action, replay,
refusal of illegal moves), options, replay files, actions as values."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import IllegalAction, ReplayError
from cardkit.bots import RandomBot
from cardkit.core.replay import to_json
from cardkit.games.eights import Draw, Pass, Play
from cardkit.games.eights.cards import PACK, SUITS


def probe(rng):
    """A move a player might try: any card or two, any announce, Draw or Pass."""
    roll = rng.random()
    if roll < 0.15:
        return Draw()
    if roll < 0.3:
        return Pass()
    cards = tuple(rng.sample(PACK, rng.choice([1, 1, 2])))
    return Play(cards, rng.choice([None, *SUITS]))


def play_checked(game, seed, limit=20000):
    """Random play; every illegal probe is refused with an eights rule and changes nothing."""
    state = game.new_state()
    rng = random.Random(seed)
    bots = [RandomBot(seed + s) for s in range(game.players)]
    while not state.is_over and len(state.history) < limit:
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        attempt = probe(rng)
        if attempt not in legal and state.canonical(attempt) not in legal:
            before = state.view(None), len(state.history), len(state.events)
            with pytest.raises(IllegalAction) as err:
                state.apply(attempt)
            assert err.value.rule in {r.id for r in game.rules}, err.value
            assert (state.view(None), len(state.history), len(state.events)) == before
        seat = state.current_player
        state.apply(bots[seat].act(None, legal))              # a random bot reads no view
    return state


@settings(max_examples=120, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), data=st.data())
def test_random_games_conserve_cards_end_and_replay(players, seed, data):
    hand_size = data.draw(st.integers(1, 32 // players))
    limit = data.draw(st.sampled_from([20, 60, 151]))
    game = cardkit.make("eights", players=players, seed=seed, hand_size=hand_size, limit=limit)
    state = play_checked(game, seed)
    assert state.is_over and state.winners
    low = min(state.scores)
    assert max(state.scores) >= limit and state.winners == [s for s in range(players) if state.scores[s] == low]
    assert cardkit.replay(game, state.history).view(None) == state.view(None)


def test_thousands_of_random_games_conserve_cards():
    """The conservation check runs after every action (tests turn it on)."""
    for seed in range(2000):
        players = 2 + seed % 5
        game = cardkit.make("eights", players=players, seed=seed, limit=40,
                            hand_size=1 + seed % (32 // players))
        state = game.new_state()
        cardkit.run(state, [RandomBot(seed * 7 + s) for s in range(players)])     # as simulations play
        assert state.is_over and state.winners and min(state.scores) == state.scores[state.winners[0]]


def test_views_hide_other_hands_and_the_bank():
    state = cardkit.make("eights", players=3, seed=4).new_state()
    teacher, mine = state.view(None), state.view(1)
    assert mine.seats[1] == teacher.seats[1] and set(mine.seats[0]["hand"]) == {None}
    assert set(mine.table["bank"]) == {None} and None not in teacher.table["bank"]
    assert sum(mine.unseen.values()) == 32 - 5 and not teacher.unseen
    assert not set(mine.unseen) & set(teacher.seats[1]["hand"])


def test_options_say_what_is_allowed():
    assert cardkit.make("eights", players=4, seed=1).options == {"hand_size": 5, "limit": 151}
    for bad, message in [({"hand_size": 0}, "hand_size must be from 1"), ({"limit": "151"}, "whole number"),
                         ({"hand_size": 11}, "hand_size must be from 1 to 10 with 3 players"),
                         ({"jokers": True}, r"unknown option\(s\) \['jokers'\]; allowed: hand_size, limit")]:
        with pytest.raises(ValueError, match=message):
            cardkit.make("eights", players=3, seed=1, **bad)
    with pytest.raises(ValueError, match="players must be from 2 to 6"):
        cardkit.make("eights", players=7, seed=1)


def test_actions_are_values_with_labels():
    game = cardkit.make("eights", players=2, seed=1)
    for action in (Play(("8H", "8C"), "S"), Play(("10D",)), Draw(), Pass()):
        assert game.action_from_dict(action.to_dict()) == action and hash(action) == hash(
            game.action_from_dict(json.loads(json.dumps(action.to_dict()))))
    assert [str(a) for a in (Play(("8H", "8C"), "S"), Play(("10D",)), Draw(), Pass())] == [
        "Play 8♥ 8♣, announce ♠", "Play 10♦", "Draw", "Pass"]
    assert Play(["qd"]) == Play(("QD",)) and Play("AS") == Play(("AS",))


def test_save_and_load_round_trip(tmp_path):
    game = cardkit.make("eights", players=3, seed=5, hand_size=4, limit=80)
    state = game.new_state(deck=["9S", "KH", "7D"])
    for _ in range(25):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "eights.json"
    cardkit.save(state, path)
    loaded = cardkit.load(path)
    assert loaded.view(None) == state.view(None) and loaded.history == state.history
    assert loaded.game.options == game.options and loaded.stacked == ["9S", "KH", "7D"]


@pytest.mark.parametrize("history, message", [
    ([{"type": "Play", "cards": ["KH"], "announce": None}], r"move 1 .* is not legal there: Player 0 does not hold K♥"),
    ([{"type": "Play", "cards": ["9S", "9D"], "announce": None}], "first play of a deal is one card"),
    ([{"type": "Play", "cards": "9S"}], "needs the field 'announce'"),
    ([{"type": "Jump"}], "unknown action type 'Jump'; this game has"),
])
def test_broken_replay_files_say_what_is_wrong(tmp_path, history, message):
    state = cardkit.make("eights", players=2, seed=1).new_state(deck=["9S", "KH", "9D"])
    path = tmp_path / "broken.json"
    moves = [{"seat": 0, "action": action} for action in history]
    path.write_text(json.dumps({**to_json(state), "history": moves}))
    with pytest.raises(ReplayError, match=message):
        cardkit.load(path)
