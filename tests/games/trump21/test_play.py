""""21 with trumps" through the contract: random play (conservation after every action, replay,
refusal of illegal probes without a change), options, views, replay files, actions as values."""
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import IllegalAction, ReplayError
from cardkit.bots import RandomBot
from cardkit.core.replay import to_json
from cardkit.games.trump21 import Close, DestroyTrump, PlayTrump, Swap, Take
from cardkit.games.trump21.cards import DEFAULT_TRUMPS, NUMBERS, TRUMPS

from tests.engine.moves import cards_seen, random_play_checked

ITEMS = [f"{place}:{card}" for place in ("open", "hand") for card in TRUMPS] + ["hidden", "open:Joker"]


def probe(rng, players):
    """A move a player might try: any of the game's kinds of moves, with any cards and seats."""
    roll = rng.random()
    seat = rng.choice([None, *range(players), players, -1])
    if roll < 0.1:
        return Take()
    if roll < 0.2:
        return Close()
    if roll < 0.6:
        return PlayTrump(rng.choice(TRUMPS + ["Joker"]), seat)
    if roll < 0.8:
        return DestroyTrump(rng.randrange(-1, players + 1), rng.choice([None, *TRUMPS]))
    return Swap(tuple(rng.sample(ITEMS, rng.randrange(0, 4))), tuple(rng.sample(ITEMS, rng.randrange(0, 3))))


def play_checked(game, seed, limit=5000):
    """Random play; every illegal probe is refused with a trump21 rule and changes nothing."""
    return random_play_checked(game, seed, probe, limit)


TABLES = st.sampled_from([dict(DEFAULT_TRUMPS), {name: 0 for name in TRUMPS},
                          {name: 3 for name in TRUMPS}, {**{name: 0 for name in TRUMPS}, "Exchange": 4, "Destroy": 4,
                                                         "Trump Switch": 4, "Harvest": 2, "Return": 4}])


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), table=TABLES,
       chance=st.sampled_from([0.0, 0.5, 1.0]), lives=st.integers(1, 4), target=st.sampled_from([15, 21, 30]))
def test_random_games_conserve_cards_end_and_replay(players, seed, table, chance, lives, target):
    game = cardkit.make("trump21", players=players, seed=seed, trumps=table, gamble_chance=chance, lives=lives,
                        target=target)
    state = play_checked(game, seed)
    assert state.is_over and len(state.winners) == 1
    alive = [s for s in range(players) if state.scores[s] > 0]
    assert alive == state.winners and all(0 <= x <= lives for x in state.scores)
    assert cardkit.replay(game, state.history).view(None) == state.view(None)


def test_thousands_of_random_games_conserve_cards_and_refuse_probes():
    """The conservation check runs after every action (tests turn it on); every illegal probe is
    refused without a change."""
    rounds = 0
    for seed in range(2000):
        players = 2 + seed % 5
        game = cardkit.make("trump21", players=players, seed=seed, lives=1 + seed % 3,
                            gamble_chance=(seed % 3) / 2)
        state = play_checked(game, seed)
        assert state.is_over and len(state.winners) == 1 and state.scores[state.winners[0]] > 0
        assert sum(1 for x in state.scores if x > 0) == 1
        rounds += state.round
    assert rounds > 2000


def test_views_leak_nothing():
    state = cardkit.make("trump21", players=3, seed=4, gamble_chance=1.0).new_state()
    for _ in range(6):
        state.apply(state.legal_actions()[-2] if Take() in state.legal_actions() else Close())
    teacher = state.view(None)
    assert not teacher.unseen and None not in teacher.table["deck"]
    for me in range(3):
        mine = state.view(me)
        assert mine.seats[me] == teacher.seats[me]
        hidden = Counter()
        for other in range(3):
            if other == me:
                continue
            zones = mine.seats[other]
            assert zones["hidden"] == [None] or zones["hidden"] == teacher.seats[other]["hidden"] and \
                teacher.facts["revealed"][other]
            assert zones["trumps"] == [None] * len(teacher.seats[other]["trumps"])
            assert zones["open"] == teacher.seats[other]["open"] and zones["played"] == teacher.seats[other]["played"]
            if zones["hidden"] == [None]:
                hidden.update(teacher.seats[other]["hidden"])
            hidden.update(teacher.seats[other]["trumps"])
        assert set(mine.table["deck"]) <= {None} and set(mine.table["trump_pile"]) <= {None}
        assert mine.table["discard"] == [None] * len(teacher.table["discard"])        # face down
        assert Counter(mine.facts["remembered"]) == Counter(teacher.table["discard"])  # seen on its way
        expected = hidden + Counter(teacher.table["deck"]) + Counter(teacher.table["trump_pile"]) + Counter(
            teacher.table["trump_deck"])
        assert mine.unseen == expected
        # everything this seat sees or remembers plus what it cannot see is every card
        assert cards_seen(mine) + Counter(mine.facts["remembered"]) + mine.unseen == state.game.full_deck


def test_options_say_what_is_allowed():
    game = cardkit.make("trump21", players=2, seed=1)
    assert game.options == {"lives": 10, "damage": 2, "target": 21, "gamble_chance": 0.5,
                            "trumps": DEFAULT_TRUMPS}
    assert sum(game.full_deck.values()) == 44 + 24
    assert cardkit.make("trump21", players=2, seed=1, gamble_chance=1).options["gamble_chance"] == 1.0
    small = cardkit.make("trump21", players=2, seed=1, trumps={"Shield": 3})
    assert small.options["trumps"]["Shield"] == 3 and small.options["trumps"]["Harvest"] == 0
    assert sum(small.full_deck.values()) == 47
    for bad, message in [({"lives": 0}, "lives must be from 1"), ({"damage": "2"}, "damage must be a whole number"),
                         ({"gamble_chance": 1.5}, "gamble_chance must be from 0.0 to 1.0"),
                         ({"gamble_chance": "half"}, "gamble_chance must be a number"),
                         ({"target": 100}, "target must be from 5 to 60"),
                         ({"trumps": {"Joker": 1}}, r"trumps: unknown name\(s\) 'Joker'"),
                         ({"trumps": {"Shield": -1}}, "the count of 'Shield' must be a whole number"),
                         ({"trumps": ["Shield"]}, "must be a table of name -> count"),
                         ({"jokers": True}, r"unknown option\(s\) \['jokers'\]")]:
        with pytest.raises(ValueError, match=message):
            cardkit.make("trump21", players=2, seed=1, **bad)
    for players in (1, 7):
        with pytest.raises(ValueError, match="players must be from 2 to 6"):
            cardkit.make("trump21", players=players, seed=1)
    with pytest.raises(ValueError, match="cannot stack jokers; it stacks: deck, trumps"):
        game.new_state(jokers=["x"])
    with pytest.raises(ValueError, match="trumps must be a list of card names"):
        game.new_state(trumps="Shield")


def test_actions_are_values_with_labels():
    game = cardkit.make("trump21", players=3, seed=1)
    actions = [Take(), Close(), PlayTrump("Shield"), PlayTrump("Damage+1", 2), PlayTrump("Exchange", 1),
               DestroyTrump(1, "Go for 24"), DestroyTrump(2), Swap(("open:Exchange", "hand:Shield"), ("hidden",))]
    for action in actions:
        back = game.action_from_dict(json.loads(json.dumps(action.to_dict())))
        assert back == action and hash(back) == hash(action)
    assert [str(a) for a in actions] == [
        "Take", "Close", "Play Shield", "Play Damage+1 at Player 2", "Play Exchange with Player 1",
        "Destroy Go for 24 at Player 1", "Destroy a hidden trump of Player 2",
        "Give Shield from your hand, Exchange; take a hidden trump"]
    assert PlayTrump("perfect draw") == PlayTrump("Perfect Draw")
    assert Swap(["hand:shield", "open:Exchange"]) == Swap(("open:Exchange", "hand:Shield"))
    assert Swap.from_parts(["take:hidden", "give:open:Exchange"]) == Swap(("open:Exchange",), ("hidden",))
    with pytest.raises(ValueError, match="not a part of an exchange"):
        Swap.from_parts(["keep:Shield"])


def test_bad_moves_are_refused_in_words():
    state = cardkit.make("trump21", players=2, seed=1).new_state()
    for bad in (None, "Take", PlayTrump(5), PlayTrump("Shield", "x"), Swap((1,), ())):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert err.value.rule.startswith("trump21.") and str(err.value)
    with pytest.raises(IllegalAction, match="no seat 9"):
        state.apply(Take(), 9)


def test_save_and_load_round_trip(tmp_path):
    game = cardkit.make("trump21", players=3, seed=5, lives=3, gamble_chance=0.8)
    state = game.new_state(deck=["7", "9", "5"], trumps=["Exchange", "Destroy", "Harvest"])
    rng = random.Random(3)
    for _ in range(40):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    path = tmp_path / "trump21.json"
    cardkit.save(state, path)
    loaded = cardkit.load(path)
    assert loaded.view(None) == state.view(None) and loaded.history == state.history
    assert loaded.game.options == game.options and loaded.stacked == ["7", "9", "5"]
    assert loaded.stacked_piles == {"trumps": ["Exchange", "Destroy", "Harvest"]}
    again = cardkit.replay(game, state.history, deck=["7", "9", "5"], trumps=["Exchange", "Destroy", "Harvest"])
    assert again.view(None) == state.view(None)


@pytest.mark.parametrize("history, message", [
    ([{"type": "PlayTrump", "trump": "Shield", "target": None}],
     r"move 1 .* is not legal there: Player 0 holds no Shield"),
    ([{"type": "Take"}, {"type": "Take"}, {"type": "PlayTrump", "trump": "Destroy"}], "needs the field 'target'"),
    ([{"type": "Hit"}], "unknown action type 'Hit'; this game has"),
])
def test_broken_replay_files_say_what_is_wrong(tmp_path, history, message):
    state = cardkit.make("trump21", players=2, seed=1, gamble_chance=0.0).new_state(deck=["9", "5", "2", "3"])
    path = tmp_path / "broken.json"
    seats = [0, 1, 0]
    moves = [{"seat": seats[i], "action": action} for i, action in enumerate(history)]
    path.write_text(json.dumps({**to_json(state), "history": moves}))
    with pytest.raises(ReplayError, match=message):
        cardkit.load(path)


def test_round_ends_are_kept_for_the_app():
    state = cardkit.make("trump21", players=2, seed=2, lives=2).new_state()
    state.keep_round_ends = True
    cardkit.run(state, [RandomBot(1), RandomBot(2)])
    assert len(state.round_ends) == state.round
    assert all(end.title == f"Round {i} is over" for i, end in enumerate(state.round_ends, 1))
    assert all(None not in end.view.seats[0]["hidden"] for end in state.round_ends)
    for end in state.round_ends:                # each seat is shown every hidden card, no trump in another hand
        for seat, shown in enumerate(end.seats):
            assert all(None not in zones["hidden"] for zones in shown.seats)
            assert all(set(zones["trumps"]) <= {None} for s, zones in enumerate(shown.seats) if s != seat)
            assert set(shown.table["deck"]) <= {None} and set(shown.table["discard"]) <= {None}
    assert set(NUMBERS) <= set(state.game.full_deck)
