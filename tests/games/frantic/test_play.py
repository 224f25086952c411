"""Frantic through the contract: random play for 2–8 players (conservation after every action,
replay, refusal of illegal probes without a change, every game ends), views, replay files."""
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.bots import RandomBot
from cardkit.core import Window
from cardkit.core.replay import to_json
from cardkit.games.frantic import (Aim, Choose, Counterattack, Discard, Draw, Give, GiveTo, Lay, LuckyBastard, NiceTry,
                                   Pass, Pick, Play, Risk, Split, Stack, Steal, Take, Trade, Wish)
from cardkit.games.frantic.cards import ALL_EVENTS, EVENTS, PLAY_CARDS, POWERS
from cardkit.games.frantic.state import WISH_VALUES

from tests.engine.moves import cards_seen, random_play_checked

#: Both expansions on, as the game was made before its defaults became the base game.
BOTH = {"troublemaker": True, "supercharge": True}


def probe(rng, players):
    """A move a player might try: any kind of Frantic move, with any cards and seats."""
    seat = rng.choice([None, *range(players), players, -1])
    card = rng.choice(PLAY_CARDS + ["zz"])
    roll = rng.randrange(21)
    return [Play(card, seat, rng.random() < 0.2), Draw(), Pass(), Wish(rng.choice(WISH_VALUES["any"] + ("k", "x"))),
            Split(tuple(sorted(rng.randrange(-1, players + 1) for _ in range(4)))),
            Give(tuple(rng.sample(PLAY_CARDS, 2))), Counterattack(rng.randrange(-1, players + 1)), NiceTry(),
            Take(card), GiveTo(card, seat), Discard(card), Play("Mimicry", seat, False, rng.choice(PLAY_CARDS)),
            Steal(tuple(rng.sample(PLAY_CARDS, 2))), LuckyBastard(), Stack(rng.randrange(players), seat),
            Choose(rng.choice(ALL_EVENTS)), Lay(card), rng.choice([Risk(True), Risk(False), Pick(seat)]),
            Play(card, seat, False, None, rng.choice(POWERS)), Aim(seat), Trade(seat, rng.randrange(-1, players + 1))
            ][roll]


def play_checked(game, seed, limit=20000):
    """Random play; every illegal probe is refused with a frantic rule and changes nothing."""
    return random_play_checked(game, seed, probe, limit)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**31), limit=st.sampled_from([1, 60]),
       troublemaker=st.booleans(), supercharge=st.booleans(), events=st.booleans())
def test_random_games_conserve_cards_end_and_replay(players, seed, limit, troublemaker, supercharge, events):
    game = cardkit.make("frantic", players=players, seed=seed, limit=limit, troublemaker=troublemaker,
                        supercharge=supercharge, events=events)
    state = play_checked(game, seed)
    assert state.is_over and state.winners
    assert max(state.scores) >= game.options["limit"]
    assert all(state.scores[w] == min(state.scores) for w in state.winners)
    assert cardkit.replay(game, state.history).view(None) == state.view(None)


def test_thousands_of_random_rounds_conserve_cards_and_end():
    """The conservation check runs after every action (tests turn it on); one round per game."""
    kinds = Counter()
    rounds = 0
    for seed in range(700):
        players = 2 + seed % 7
        state = cardkit.make("frantic", players=players, seed=seed, limit=1, troublemaker=seed % 2 == 0,
                             supercharge=seed % 4 < 2).new_state()
        cardkit.run(state, [RandomBot(seed * 7 + s) for s in range(players)], max_moves=20000)
        assert state.is_over and max(state.scores) >= 1
        rounds += state.round
        kinds.update(e.rule for e in state.events)
    assert rounds < 800                     # a round where nobody scores a point is rare (all hands empty)
    # every event and every special came up
    assert all(kinds[f"frantic.ev_{r}"] for r in ("charity", "doomsday", "market", "merry_christmas", "time_bomb",
                                                   "all_seeing_eye", "recession", "surprise_party", "tornado"))
    assert kinds["frantic.counterattack"] and kinds["frantic.nice_try"] and kinds["frantic.fuck_you"]
    # and so did every Troublemaker card and event
    ids = [r.id for r in cardkit.make("frantic", players=2, **BOTH).rules]
    new = ids[ids.index("frantic.inequality"):ids.index("frantic.round_end")]
    assert not [i for i in new if not kinds[i] and i not in ("frantic.curse", "frantic.supercharge_cards",
                                                              "frantic.powers", "frantic.the_end")], kinds


def test_views_leak_nothing_and_never_tell_who_is_asked_in_a_window():
    windows = 0
    for seed in range(28):
        players = 2 + seed % 7
        state = cardkit.make("frantic", players=players, seed=seed, limit=1, troublemaker=seed % 2 == 0,
                             supercharge=seed % 4 < 2).new_state()
        bots = [RandomBot(seed + s) for s in range(players)]
        while not state.is_over:
            teacher = state.view(None)
            top = state.decision
            for me in range(players):
                mine = state.view(me)
                assert mine.seats[me] == teacher.seats[me]
                if type(top) is Window:
                    assert mine.current_player == (me if me in top.seats else None)
                    assert mine.status == state.view((me + 1) % players).status
                if not teacher.facts["eye"] and not teacher.facts["open_hands"]:
                    # a thief choosing what to steal looks into the victim's hand, and nobody else does
                    victim = top.data[0] if top.kind == "steal" and top.seat == me else None
                    for other in range(players):
                        if other != me:
                            assert (mine.seats[other]["hand"] == teacher.seats[other]["hand"] if other == victim
                                    else set(mine.seats[other]["hand"]) <= {None})
                assert cards_seen(mine) + mine.unseen == state.game.full_deck
                assert set(mine.table["deck"]) <= {None} and set(mine.table["events"]) <= {None}
            windows += type(top) is Window
            seat = state.current_player
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    assert windows


def test_replay_files_round_trip(tmp_path):
    game = cardkit.make("frantic", players=4, seed=5, limit=1, **BOTH)
    state = game.new_state(deck=["k5", "Counterattack"], events=["Time Bomb"])
    cardkit.run(state, [RandomBot(s) for s in range(4)])
    path = tmp_path / "frantic.json"
    cardkit.save(state, path)
    again = cardkit.load(path)
    assert again.view(None) == state.view(None) and again.history == state.history
    assert to_json(state)["game"] == "frantic" and to_json(state)["piles"] == {"events": ["Time Bomb"]}


def test_actions_are_values_with_labels():
    assert str(Play("Gift g", 2)) == "Play Gift g → Player 2"
    assert str(Play("Fantastic Four", None, True)) == "Play Fantastic Four as a plain wish"
    assert str(Counterattack(1)) == "Counterattack → Player 1" and str(Wish("r")) == "Wish red"
    assert str(Split((1, 1, 2, 2))) == "Player 1 draws 2, Player 2 draws 2"
    assert str(Play("Mimicry", 1, False, "Gift r")) == "Play Mimicry as Gift r → Player 1"
    assert str(Stack(1, 0)) == "Player 1's cards → Player 0" and str(Risk(False)) == "Take 21 points"
    game = cardkit.make("frantic", players=3, seed=1, **BOTH)
    for action in (Play("r5"), Draw(), Wish("7"), Split((1, 2, 2, 2)), Give(("r1", "b2")), Counterattack(0),
                   NiceTry(), Take("k1"), GiveTo("r1", 2), Discard("y9"), Pass(), Play("Mimicry", 1, False, "Gift r"),
                   Steal(("r1", "Curse")), LuckyBastard(), Stack(1, 0), Choose("Plague"), Lay("b1"), Risk(True),
                   Pick(2), Play("r1", None, False, None, "Looping"), Aim(1), Trade(0, 2)):
        assert game.action_from_dict(action.to_dict()) == action


def test_same_seed_same_game():
    a = cardkit.make("frantic", players=5, seed=11, limit=1, **BOTH).new_state()
    b = cardkit.make("frantic", players=5, seed=11, limit=1, **BOTH).new_state()
    cardkit.run(a, [RandomBot(s) for s in range(5)])
    cardkit.run(b, [RandomBot(s) for s in range(5)])
    assert a.history == b.history and a.view(None) == b.view(None)
    assert set(EVENTS) <= set(a.game.full_deck)
    share, fuck_you, per_round = a.summary()
    assert per_round == sum(e.kind == "event" for e in a.events) / a.round
    assert 0 <= share <= 1 and fuck_you in (0, 42, 84)          # one round: Fuck You held at its end, or not
