"""Skitgubbe through the contract: random play (conservation after every action, on in tests),
replay, refusal of illegal moves, options, replay files, actions as values, the builder."""
import json
import random
from collections import Counter

import pytest

import cardkit
from cardkit import IllegalAction, ReplayError
from cardkit.bots import RandomBot
from cardkit.core.replay import to_json
from cardkit.games.skitgubbe import Chance, Lay, PickUp, Play
from cardkit.games.skitgubbe.bots import HeuristicBot
from cardkit.games.skitgubbe.cards import PACK, is_run, placement, sort_cards

from tests.engine.moves import cards_seen

#: A game that runs past this many moves counts as endless (none has, see the tests below).
LIMIT = 20000


class LayingBot(RandomBot):
    """Random, but lays a run nine times in ten when it may: plain random play picks up so often
    that a twelve-player game takes thousands of moves."""

    def act(self, view, actions):
        lays = [a for a in actions if type(a) is Lay]
        if lays and self.rng.random() < 0.9:
            return lays[self.rng.randrange(len(lays))]
        return actions[self.rng.randrange(len(actions))]


def probe(rng, hand):
    """A move a player might try: a card (often their own), a chance, a run of one to four cards
    (often their own, in any order), a pick-up."""
    roll = rng.random()
    if roll < 0.1:
        return Chance()
    if roll < 0.2:
        return PickUp()
    pool = hand if hand and rng.random() < 0.7 else PACK
    if roll < 0.45:
        return Play(rng.choice(pool))
    return Lay(tuple(rng.choice(pool) for _ in range(rng.choice([1, 1, 2, 3, 4]))))


def play(game, bots, seed, probes=False, state=None):
    """Play to the end (or LIMIT moves); with ``probes`` every move is preceded by an illegal try
    that must be refused with a Skitgubbe rule and change nothing."""
    state = state or game.new_state()
    rng = random.Random(seed)
    rule_ids = {r.id for r in game.rules}
    while not state.is_over and len(state.history) < LIMIT:
        seat = state.current_player
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if probes:
            attempt = probe(rng, state.hands[seat])
            if attempt not in legal and state.canonical(attempt) not in legal:
                before = state.view(None), len(state.history), len(state.events)
                with pytest.raises(IllegalAction) as err:
                    state.apply(attempt)
                assert err.value.rule in rule_ids, err.value
                assert (state.view(None), len(state.history), len(state.events)) == before
        bot = bots[seat]
        state.apply(bot.act(state.view(seat) if bot.needs_view else None, legal))   # random bots read none
    return state


def check_end(state):
    n = state.players
    assert state.is_over, f"endless game: seed {state.game.seed}, {len(state.history)} moves"
    assert sorted(state.scores) == list(range(1, n + 1))
    loser = state.scores.index(n)
    assert state.winners == [s for s in range(n) if s != loser]
    assert sum(len(h) for h in state.hands) == len(state.hands[loser]) > 0


@pytest.mark.parametrize("players, games", [(3, 800), (5, 500), (8, 250), (12, 150)])
def test_thousands_of_random_games_end_and_conserve_cards(players, games):
    """1,700 short games (a stock of 1 to 12 cards) and a few full ones; conservation is checked
    after every action; every game ends."""
    for seed in range(games):
        decks = 1 if players <= 5 and seed % 3 == 0 else 2
        game = cardkit.make("skitgubbe", players=players, seed=seed, decks=decks, stock=1 + seed % 12)
        state = play(game, [LayingBot(seed * 13 + s) for s in range(players)], seed)
        check_end(state)
        if seed % 100 == 0:
            assert cardkit.replay(game, state.history).view(None) == state.view(None)
    for seed in range(2):
        game = cardkit.make("skitgubbe", players=players, seed=seed)
        check_end(play(game, [HeuristicBot(seed * 13 + s) for s in range(players)], seed))


@pytest.mark.parametrize("players", [3, 5, 8, 12])
def test_random_games_refuse_illegal_probes_and_replay(players):
    for seed in range(3):
        options = {"stock": 20} if players > 5 else {}
        game = cardkit.make("skitgubbe", players=players, seed=100 + seed, **options)
        bots = [RandomBot(seed + s) if s % 2 else LayingBot(seed + s) for s in range(players)]
        state = play(game, bots, seed, probes=True)
        check_end(state)
        assert cardkit.replay(game, state.history).view(None) == state.view(None)


@pytest.mark.parametrize("climb", [False, True])
def test_runs_listed_are_exactly_the_legal_runs(climb):
    """legal_actions against a brute-force oracle: every sub-multiset of the hand that is a run and
    may go on the table, in random second-round positions with hands of up to ten cards."""
    checked = 0
    for seed in range(40):
        game = cardkit.make("skitgubbe", players=3 + seed % 3, seed=seed, stock=seed % 9 + 1, trump_climbs=climb)
        state = game.new_state()
        bots = [LayingBot(seed + s) for s in range(game.players)]
        while not state.is_over:
            seat = state.current_player
            hand = state.hands[seat]
            if state.phase == 2 and len(hand) <= 10:
                listed = {a.cards for a in state.legal_actions() if type(a) is Lay}
                assert listed == brute_runs(hand, state.top(), state.trump, climb)
                assert (PickUp() in state.legal_actions()) == bool(state.piles)
                checked += 1
            state.apply(bots[seat].act(None, state.legal_actions()))
    assert checked > 200


def brute_runs(hand, top, trump, climb=False):
    have = Counter(hand)
    cards = sorted(have)
    found = set()

    def pick(i, chosen):
        if i == len(cards):
            run = tuple(sort_cards(chosen))
            if run and is_run(run) and placement(run, top, trump, climb):
                found.add(run)
            return
        for k in range(have[cards[i]] + 1):
            pick(i + 1, chosen + [cards[i]] * k)
    pick(0, [])
    return found


@pytest.mark.parametrize("climb", [False, True])
def test_the_builder_offers_exactly_what_the_listed_runs_allow(climb):
    """The game answers the builder's next-part question from the rules (part_options); the
    answers agree with the generic search through every listed run."""
    checked = 0
    for seed in range(30):
        game = cardkit.make("skitgubbe", players=3, seed=seed, stock=seed % 7 + 1, trump_climbs=climb)
        state = game.new_state()
        rng = random.Random(seed)
        bots = [LayingBot(seed + s) for s in range(3)]
        while not state.is_over:
            if state.phase == 2:
                builder = state.builder()
                for _ in range(4):
                    fast = builder.options()
                    generic = builder.searched_options()
                    assert sorted(fast) == sorted(generic), (builder.picked, state.hands[state.current_player])
                    checked += 1
                    if not fast:
                        break
                    builder.pick(rng.choice(fast))
                    done = builder.complete()
                    assert done is None or done in state.legal_actions()
            state.apply(bots[state.current_player].act(None, state.legal_actions()))
    assert checked > 200


def test_a_run_is_built_card_by_card():
    from .test_rules import follow_round
    state = follow_round()
    state.apply(Lay(("9S",)))
    builder = state.builder()
    assert sorted(builder.options()) == ["10S", "JS"]
    with pytest.raises(IllegalAction) as err:
        builder.pick("8S")
    assert err.value.rule == "skitgubbe.follow"
    builder.pick("JS")
    assert builder.complete() == Lay(("JS",)) and builder.options() == ["10S"]
    builder.clear()
    builder.pick("JS")
    builder.pick("10S")
    assert builder.complete() == Lay(("10S", "JS")) and builder.label("10S") == "10♠"
    state.apply(builder.complete())
    assert state.history[-1].action.cards == ("10S", "JS")


def test_views_leak_nothing_and_unseen_counts_every_hidden_card():
    game = cardkit.make("skitgubbe", players=4, seed=5)
    state = game.new_state()
    bots = [LayingBot(s) for s in range(4)]
    for _ in range(400):
        if state.is_over:
            break
        for seat in range(4):
            view = state.view(seat)
            for s, zones in enumerate(view.seats):
                for name, cards in zones.items():
                    if s != seat:
                        assert set(cards) <= {None}, (name, s)
            assert cards_seen(view) + view.unseen == game.full_deck
            assert None not in view.table["trick"] and None not in view.table["piles"]
        state.apply(bots[state.current_player].act(None, state.legal_actions()))
    teacher = state.view(None)
    assert not teacher.unseen and Counter(c for z in teacher.seats for cs in z.values() for c in cs) + Counter(
        c for cs in teacher.table.values() for c in cs) == game.full_deck


def test_options_say_what_is_allowed():
    assert cardkit.make("skitgubbe", players=3, seed=1).options == {"decks": 2, "stock": 0, "trump_climbs": False}
    for players, bad, message in [
            (6, {"decks": 1}, "one deck is allowed only up to 5 players; with 6 players use decks=2"),
            (3, {"decks": 3}, "decks must be from 1 to 2"), (3, {"decks": "2"}, "whole number"),
            (5, {"decks": 1, "stock": 38}, "stock must be from 0 to 37 with 5 players and 1 deck"),
            (3, {"jokers": True}, r"unknown option\(s\) \['jokers'\]; allowed: decks, stock")]:
        with pytest.raises(ValueError, match=message):
            cardkit.make("skitgubbe", players=players, seed=1, **bad)
    for bad in (2, 13, "4", True):
        with pytest.raises(ValueError, match="players must be from 3 to 12"):
            cardkit.make("skitgubbe", players=bad, seed=1)
    assert cardkit.make("skitgubbe", players=5, seed=1, decks=1).new_state().view(0).facts["stock"] == 37
    assert "skitgubbe" in cardkit.list_games()


def test_bad_tokens_get_clear_errors():
    game = cardkit.make("skitgubbe", players=3, seed=1)
    for token in ("1Z", "", "XH", "AX", "15S", True):
        with pytest.raises(ValueError, match="unknown Skitgubbe card"):
            game.new_state(deck=[token] if not isinstance(token, bool) else ["AS", "B"])
    with pytest.raises(ValueError, match="must be a list of card names"):
        game.new_state(deck="AS")
    with pytest.raises(ValueError, match="cannot stack jokers"):
        game.new_state(jokers=["AS"])
    state = game.new_state()
    with pytest.raises(IllegalAction, match="belongs to the second round"):
        state.apply(Lay(("AS", "5S")))
    with pytest.raises(IllegalAction, match="its field 'cards' holds .*, where this move takes a tuple of str"):
        state.apply(Lay(("AS", 5)))
    with pytest.raises(IllegalAction, match="is not a Skitgubbe move: play a card or chance it"):
        state.apply(object())
    with pytest.raises(IllegalAction) as err:
        state.apply(Play("QQ"))
    assert err.value.rule == "skitgubbe.deck" and "'QQ' is not a card" in str(err.value)


def test_actions_are_values_with_labels():
    game = cardkit.make("skitgubbe", players=3, seed=1)
    actions = (Play("10H"), Chance(), Lay(("5H", "5H", "6H")), PickUp())
    for action in actions:
        back = game.action_from_dict(json.loads(json.dumps(action.to_dict())))
        assert back == action and hash(back) == hash(action)
    assert [str(a) for a in actions] == ["Play 10♥", "Chance it", "Lay 5♥ 5♥ 6♥", "Pick up"]
    assert Play("10h") == Play("10H") == Play("T♥") and Lay(["as", "2♠"]) == Lay(("AS", "2S"))
    assert Lay.part_label("QD") == "Q♦" and Lay.from_parts(("2S", "3S")) == Lay(("2S", "3S"))


def test_save_and_load_round_trip(tmp_path):
    game = cardkit.make("skitgubbe", players=4, seed=5, stock=10)
    state = game.new_state(deck=["9S", "KH", "7D"], trump=["QD"])
    bots = [HeuristicBot(s) for s in range(4)]
    for _ in range(60):
        state.apply(bots[state.current_player].act(state.view(state.current_player), state.legal_actions()))
    assert state.phase == 2
    path = tmp_path / "skitgubbe.json"
    cardkit.save(state, path)
    loaded = cardkit.load(path)
    assert loaded.view(None) == state.view(None) and loaded.history == state.history
    assert loaded.game.options == game.options and loaded.stacked == ["9S", "KH", "7D"]
    assert loaded.stacked_piles == {"trump": ["QD"]}


@pytest.mark.parametrize("history, message", [
    ([{"type": "Play", "card": "KH"}], r"move 1 .* is not legal there: Player 0 does not hold K♥"),
    ([{"type": "Lay", "cards": ["9S"]}], "belongs to the second round"),
    ([{"type": "Play"}], "needs the field 'card'"),
    ([{"type": "Jump"}], "unknown action type 'Jump'; this game has"),
])
def test_broken_replay_files_say_what_is_wrong(tmp_path, history, message):
    state = cardkit.make("skitgubbe", players=3, seed=1).new_state(deck=["9S", "KH", "9D"])
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({**to_json(state), "history": [{"seat": 0, "action": a} for a in history]}))
    with pytest.raises(ReplayError, match=message):
        cardkit.load(path)


def test_worst_case_legal_actions_stay_small_enough():
    """One player holding two whole suits twice over, leading: every run of both suits is listed
    (32,738 each); listed once per decision and cached per suit holding."""
    import time

    from cardkit.games.skitgubbe.state import SuitRuns
    start = time.process_time()
    runs = SuitRuns("S", (2,) * 13).runs
    assert len(runs) == sum((14 - k) * 2 ** k for k in range(1, 14)) == 32_738
    assert all(is_run(r.cards) for r in runs[::997]) and len(set(runs)) == len(runs)
    assert time.process_time() - start < 5


def test_candidate_buttons_are_legal_or_explained():
    """The app shows a short list (each card alone, the longest run from each card, Pick up, or in
    the first round every card and Chance it); the illegal ones are explained with a rule."""
    rule_ids = {r.id for r in cardkit.make("skitgubbe", players=3, seed=0).rules}
    for seed in range(6):
        game = cardkit.make("skitgubbe", players=3 + seed, seed=seed, stock=15)
        state = game.new_state()
        bots = [LayingBot(seed + s) for s in range(game.players)]
        while not state.is_over:
            legal = state.legal_actions()
            shown = state.candidate_actions()
            assert len(shown) <= 2 * len(state.hands[state.current_player]) + 2
            for action in shown:
                if action not in legal:
                    assert state.why_illegal(action, state.current_player).rule in rule_ids
            assert state.candidate_actions(seat=(state.current_player + 1) % game.players) == []
            state.apply(bots[state.current_player].act(None, legal))
