"""Skitgubbe probability and bots: brute force on small pools, and every exact chance checked
against the real engine played many times (the mean of the exact chance each position gives,
against how often the event happened)."""
import itertools
import math
from collections import Counter
from fractions import Fraction

import cardkit
from cardkit.bots import RandomBot
from cardkit.games.skitgubbe import prob
from cardkit.insight import COUNT, PROBABILITY
from cardkit.games.skitgubbe.bots import HeuristicBot, ShedBot, TrickBot
from cardkit.games.skitgubbe.cards import RANK, VALUE
from cardkit.games.skitgubbe.actions import Chance, Play

from .test_rules import follow_round


def brute(pool, h, event):
    cards = list(pool.elements())
    hands = list(itertools.combinations(range(len(cards)), h))
    return Fraction(sum(event([cards[i] for i in hand]) for hand in hands), len(hands))


POOL = Counter({"9H": 2, "KH": 1, "KS": 2, "2C": 1, "AD": 1, "7C": 2, "QD": 1})


def test_forced_chance_is_the_hypergeometric_count():
    for ranks in ({"K"}, {"7", "A"}, {"3"}):
        for h in range(0, 5):
            expected = brute(POOL, h, lambda hand: any(RANK[c] in ranks for c in hand)) if h else 0
            assert prob.forced_chance(h, POOL, ranks) == expected
    # the first trick, two decks: 7 of the led rank among the 101 cards the leader cannot see
    assert prob.match_chance_at_start(2) == 1 - Fraction(math.comb(94, 3), math.comb(101, 3))
    assert prob.match_chance_at_start(1) == 1 - Fraction(math.comb(46, 3), math.comb(49, 3))
    assert prob.match_chance_at_start(2) == brute(Counter({"7H": 7, "2C": 94}), 3, lambda h: "7H" in h)


def test_needed_distribution_counts_the_ranks_the_trump_card_may_have():
    start = prob.start_needed_distribution(2)
    assert start == {2 * v: Fraction(1, 13) for v in range(2, 15)} and prob.mean(start) == 16
    assert prob.start_needed_distribution(1) == {v: Fraction(1, 13) for v in range(2, 15)}
    assert prob.needed_distribution(Counter({"9H": 2, "KS": 1, "2C": 1}), 2) == {
        4: Fraction(1, 4), 18: Fraction(1, 2), 26: Fraction(1, 4)}
    state = follow_round()                           # turned: the K♥, certain
    assert prob.needed_chances(state, 1) == {26: 1} and prob.below_chance(state, 1) == 1


def _forced_now(state):
    """Whether the player to act must match (the engine's own choices)."""
    legal = state.legal_actions()
    table = {RANK[c] for _, c in state.plays}
    return all(type(a) is Play and RANK[a.card] in table for a in legal) and bool(table)


def test_forced_chance_matches_the_engine():
    """Player 0 leads its first card; the chance, seen by Player 0, that Player 1 must match it."""
    exact, hits, n = Fraction(0), 0, 2000
    for seed in range(n):
        state = cardkit.make("skitgubbe", players=4, seed=seed).new_state()
        state.apply(Play(state.hands[0][seed % 3]))
        exact += prob.forced_probability(state, 0, 1)
        hits += _forced_now(state)
    mean = float(exact / n)
    assert abs(hits / n - mean) < 4 * math.sqrt(mean * (1 - mean) / n), (hits / n, mean)
    assert 0.03 < mean < 0.3


def test_needed_count_matches_the_engine():
    """The trump card's rank, as Player 0 sees it after two tricks' worth of plays, against the rank
    turned at the end of the first round (short games)."""
    n = 1000
    predicted = Counter()
    seen = Counter()
    for seed in range(n):
        game = cardkit.make("skitgubbe", players=3, seed=seed, stock=6)
        state = game.new_state()
        bots = [RandomBot(seed + s) for s in range(3)]
        for _ in range(3):
            state.apply(bots[state.current_player].act(None, state.legal_actions()))
        for count, p in prob.needed_chances(state, 0).items():
            predicted[count] += p
        while state.phase == 1:
            state.apply(bots[state.current_player].act(None, state.legal_actions()))
        seen[state.view(0).facts["needed"]] += 1
    for count in range(4, 29, 2):
        p = float(predicted[count] / n)
        assert abs(seen[count] / n - p) < 4.5 * math.sqrt(p * (1 - p) / n), (count, seen[count] / n, p)
    assert sum(predicted.values()) == n


def test_next_card_matches_the_engine():
    """Player 1, after Player 0's lead: what chancing it would give, against the real top card."""
    n = 2000
    predicted = Counter()
    happened = Counter()
    for seed in range(n):
        state = cardkit.make("skitgubbe", players=3, seed=seed).new_state()
        state.apply(Play(state.hands[0][-1]))
        chances = prob.next_card(state, 1)
        assert sum(chances.values()) == 1
        for label, p in chances.items():
            predicted[label] += p
        top = state.stock[-1]
        led = state.plays[0][1]
        label = ("matches the table" if RANK[top] == RANK[led] else
                 "beats the table" if VALUE[top] > VALUE[led] else "neither")
        happened[label] += 1
    for label, total in predicted.items():
        p = float(total / n)
        assert abs(happened[label] / n - p) < 4 * math.sqrt(p * (1 - p) / n), (label, happened[label] / n, p)


def test_next_card_is_empty_when_one_may_not_chance():
    state = follow_round()
    assert prob.next_card(state, 0) == {}
    state = cardkit.make("skitgubbe", players=3, seed=1, stock=1).new_state()
    assert prob.next_card(state, 0) == {} and Chance() not in state.legal_actions()


def test_insights_in_both_rounds():
    state = cardkit.make("skitgubbe", players=4, seed=3).new_state()
    state.apply(state.legal_actions()[0])
    items = prob.insights(state.view(0))
    titles = [i.title for i in items]
    assert "Cards needed, on average" in titles and "Chance that Player 1 must match" in titles
    assert all(isinstance(i.value, Fraction) and 0 <= i.value for i in items)
    assert all((i.kind == PROBABILITY) == i.title.startswith("Chance") for i in items)   # a chance shows as one
    assert {i.title: i.value for i in items}["Chance you are below the count now"] == 1
    state = follow_round()
    state.apply(state.legal_actions()[0])
    items = prob.insights(state.view(1))
    assert [i.title for i in items][:2] == ["Your cards", "Players still in"] and items[0].kind == COUNT


def test_insights_say_nothing_of_beating_the_table_while_it_is_empty():
    state = cardkit.make("skitgubbe", players=4, seed=3).new_state()
    assert state.view(0).facts["plays"] == [] and Chance() in state.legal_actions()
    assert not any("chancing it" in title for title, *_ in prob.insights(state.view(0)))


def test_prob_imports_neither_bots_nor_state():
    import ast
    import inspect
    tree = ast.parse(inspect.getsource(prob))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {m for m in imported if m and ("bots" in m or "state" in m)}


def test_the_heuristic_bot_is_rarely_the_skitgubbe_against_random_players():
    lost = Counter()
    games = 50
    for seed in range(games):
        state = cardkit.make("skitgubbe", players=4, seed=seed).new_state()
        bots = [HeuristicBot(seed)] + [RandomBot(seed * 7 + s) for s in range(1, 4)]
        cardkit.run(state, bots, max_moves=20000)
        assert state.is_over
        lost[[s for s in range(4) if s not in state.winners][0]] += 1
    assert lost[0] < games * 0.1 < lost[1]


def test_each_rounds_heuristic_plays_any_game_to_its_end():
    for seed in range(20):
        state = cardkit.make("skitgubbe", players=5, seed=seed).new_state()
        cardkit.run(state, [TrickBot(seed), ShedBot(seed + 1), HeuristicBot(seed + 2), TrickBot(seed + 3),
                            ShedBot(seed + 4)], max_moves=20000)
        assert state.is_over


def test_explorer_spec_runs_through_simulate():
    from cardkit.games.skitgubbe.explore import EXPLORER, explorer_bots
    from cardkit.sim import simulate
    game = cardkit.make("skitgubbe", players=4, seed=1, stock=20)
    frame = simulate(game, EXPLORER["bots"], n=12, seed=2, executor="inline")
    assert set(EXPLORER["metrics"]) <= set(frame.columns) and (frame["winner"] >= 0).all()
    assert frame["lost_0"].isin([0, 1]).all() and (frame["tricks"] > 0).all()
    assert len(explorer_bots(5, 1)) == 5 and set(EXPLORER["options"]) >= {"players", "decks"}
