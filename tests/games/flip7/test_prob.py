"""Flip 7 probability: hand-countable stacked decks, exact tables against the real engine, bots."""
import math
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from types import SimpleNamespace

import pytest

import cardkit
import cardkit.bots
from cardkit.games.flip7 import Give, Hit, Stay, explore, prob, solo
from cardkit.games.flip7.bots import ExpectationBot, ThresholdBot
from cardkit.games.flip7.cards import KIND, VALUE, make_deck
from cardkit.insight import EXPECTED, KINDS, POINTS, PROBABILITY, Insight

from tests.engine.moves import press

SUM_SQUARES = sum(v * v for v in range(13))          # sum of value × copies over the number cards = 650


def deal(deck, players=1, seed=1, **options):
    return cardkit.make("flip7", players=players, seed=seed, **options).new_state(deck=deck)


# -- bust chance ---------------------------------------------------------------------------------------
def test_bust_probability_counts_copies_left_in_the_unseen_cards():
    state = deal(["12", "12"], players=2)                 # both seats hold a 12
    # 94 cards minus the two on the table; 12 twelves minus those two
    assert prob.bust_probability(state, 0) == Fraction(10, 92)
    assert prob.bust_probability(state, 1) == Fraction(10, 92)


def test_bust_probability_with_several_numbers():
    state = press(deal(["3", "7", "0"], players=1), "Hit", "Hit")     # line 3, 7, 0
    assert state.view(0).seats[0]["numbers"] == ["3", "7", "0"]
    # copies left: 3 -> 2, 7 -> 6, 0 -> 0; cards left 91
    assert prob.bust_probability(state, 0) == Fraction(8, 91)
    assert prob.bust_chance(["3", "7", "0"], state.view(0).unseen) == Fraction(8, 91)


def test_empty_line_cannot_bust_and_second_chance_makes_it_zero():
    state = deal(["Second Chance", "4", "6"], players=2)     # seat 0 keeps a Second Chance, seat 1 has 4
    assert prob.bust_probability(state, 0) == 0
    press(state, "Hit")                                      # seat 0 flips the 6
    assert state.view(0).seats[0]["numbers"] == ["6"]
    assert prob.bust_probability(state, 0) == 0              # the Second Chance would be used up
    assert prob.bust_chance(["6"], state.view(0).unseen) == Fraction(5, 91)
    assert prob.bust_probability(state, 1) == Fraction(3, 91)


def test_bust_chance_function_from_a_counter():
    unseen = Counter({"5": 3, "6": 1, "+2": 2, "Freeze": 4})
    assert prob.bust_chance(["5", "6"], unseen) == Fraction(4, 10)
    assert prob.bust_chance(["5"], unseen, second_chance=True) == 0
    assert prob.bust_chance(["5"], Counter()) == 0


def test_flip_pool_falls_back_to_the_discard_pile_when_the_deck_is_empty():
    view = SimpleNamespace(unseen=Counter(), table={"discard": ["5", "5", "x2"]})
    assert prob.flip_pool(view) == Counter({"5": 2, "x2": 1})
    empty = SimpleNamespace(unseen=Counter(), table={"discard": []})
    assert prob.flip_pool(empty) == Counter()
    assert prob.outcome_chances({"numbers": ["5"]}, prob.flip_pool(empty)) == {}
    assert prob.outcome_chances({"numbers": ["5"], "actions": []}, prob.flip_pool(view)) == {
        "new number": 0, "modifier": Fraction(1, 3), "action card": 0, "bust": Fraction(2, 3)}


# -- expected gain -------------------------------------------------------------------------------------
def test_hit_expectation_by_hand_two_players():
    state = deal(["5", "9"], players=2)                 # seat 0: 5, seat 1: 9; 92 unseen
    new_numbers = SUM_SQUARES - 5 * 5 - 9               # all number value, minus the fives and one 9
    modifiers = 2 + 4 + 6 + 8 + 10 + 5                  # x2 doubles the 5
    bust = -5 * 4                                       # four fives left, each loses the 5
    assert prob.hit_expectation(state, 0) == Fraction(new_numbers + modifiers + bust, 92)


def test_hit_expectation_by_hand_under_x2():
    state = press(deal(["x2", "3"]), "Hit")            # solo: x2, then 3; round score 6
    assert state.view(0).seats[0] == {"numbers": ["3"], "modifiers": ["x2"], "actions": [], "waiting": []}
    new_numbers = 2 * (SUM_SQUARES - 3 * 3)             # doubled
    plus = 2 + 4 + 6 + 8 + 10
    bust = -6 * 2
    assert prob.hit_expectation(state, 0) == Fraction(new_numbers + plus + bust, 92)


def test_hit_expectation_counts_the_flip7_bonus():
    deck = ["0", "1", "2", "3", "4", "5"]
    state = press(deal(deck, bonus=15), *["Hit"] * 5)  # six unique numbers, sum 15
    unseen = state.view(0).unseen
    total = sum(unseen.values())
    gain = 0
    for card, n in unseen.items():
        if KIND[card] == "number":
            gain += n * (-15 if card in deck else VALUE[card] + 15)
        elif card == "x2":
            gain += n * 15
        elif KIND[card] == "modifier":
            gain += n * int(card)
    assert prob.hit_expectation(state, 0) == Fraction(gain, total)
    titles = [item.title for item in prob.insights(state.view(0))]
    assert "Chance of a Flip 7 on the next flip" in titles


def test_hit_expectation_with_second_chance_ignores_repeats():
    state = deal(["Second Chance", "8"], players=2)
    press(state, "Hit")
    line = state.view(0).seats[0]
    pool = prob.flip_pool(state.view(0))
    expected = sum(n * prob.flip_change(line, c) for c, n in pool.items())
    assert prob.hit_expectation(state, 0) == Fraction(expected, sum(pool.values()))
    if "Second Chance" in line["actions"] and line["numbers"]:
        assert prob.flip_change(line, line["numbers"][0]) == 0


# -- panel helpers -------------------------------------------------------------------------------------
def test_hit_gain_is_the_average_of_flip_change_over_the_unseen_cards():
    """hit_gain counts what does not depend on the card once; it must still be flip_change's average."""
    rng = random.Random(3)
    deck = Counter(make_deck(True, True))
    numbers = [c for c in deck if KIND[c] == "number"]
    modifiers = [c for c in deck if KIND[c] == "modifier"]
    for _ in range(400):
        line = {"numbers": rng.sample(numbers, rng.randrange(0, 9)),
                "modifiers": rng.sample(modifiers, rng.randrange(0, 3)),
                "actions": ["Second Chance"] if rng.random() < 0.3 else []}
        pool = Counter({c: rng.randrange(0, n + 1) for c, n in deck.items()})
        unique, bonus = rng.choice([(7, 15), (5, 0), (3, 30)])
        total = sum(pool.values())
        expected = Fraction(sum(n * prob.flip_change(line, c, unique, bonus) for c, n in pool.items()),
                            total) if total else 0
        assert prob.hit_gain(line, pool, unique, bonus) == expected


def test_next_card_sums_to_one_and_matches_the_bust_chance():
    state = deal(["7", "2"], players=2)
    chances = prob.next_card(state, 0)
    assert sum(chances.values()) == 1
    assert set(chances) == {"new number", "modifier", "action card", "bust"}
    assert chances["bust"] == prob.bust_probability(state, 0) == Fraction(6, 92)
    assert chances["modifier"] == Fraction(6, 92) and chances["action card"] == Fraction(9, 92)


def test_next_card_with_a_second_chance_in_hand():
    state = deal(["Second Chance", "3"], players=2)
    chances = prob.next_card(state, 0)
    assert chances["bust"] == 0 and "saved by Second Chance" in chances
    assert sum(chances.values()) == 1


def test_insights_say_what_kind_of_value_each_is():
    state = deal(["5", "9"], players=2)
    items = prob.insights(state.view(0))
    assert all(isinstance(i, Insight) and i.kind in KINDS and i.why.endswith(".") for i in items)
    by_title = {i.title: i for i in items}
    assert by_title["Chance to bust on the next flip"].value == prob.bust_probability(state, 0)
    assert by_title["Chance to bust on the next flip"].kind == PROBABILITY
    assert by_title["Expected gain of one flip"].value == prob.hit_expectation(state, 0)
    assert by_title["Expected gain of one flip"].kind == EXPECTED
    assert by_title["Your round score now"] == ("Your round score now", 5, POINTS,
                                                 "Your numbers: what you bank if you stay now.")
    text = by_title["Chance to bust on the next flip"].why
    assert "92 cards" in text and "4 repeat a number" in text


def test_insight_sentences_count_in_the_singular_too():
    state = deal(["1", "2"], players=2)             # Player 0: a round score of 1 point
    texts = " ".join(i.why for i in prob.insights(state.view(0)))
    assert "1 points" not in texts and "(1 point now)" in texts


def test_panel_helpers_on_random_positions():
    rng = random.Random(3)
    for seed in range(20):
        state = cardkit.make("flip7", players=3, seed=seed).new_state()
        for _ in range(rng.randrange(1, 40)):
            if state.is_over:
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        for seat in range(3):
            chances = prob.next_card(state, seat)
            assert not chances or sum(chances.values()) == 1
            assert 0 <= prob.bust_probability(state, seat) <= 1
            assert prob.insights(state.view(seat))


# -- threshold tables ----------------------------------------------------------------------------------
DECKS = {"numbers": dict(actions=False, modifiers=False), "modifiers": dict(actions=False, modifiers=True),
         "actions": dict(actions=True, modifiers=False), "full": dict(actions=True, modifiers=True)}


def test_threshold_table_columns_and_exact_values():
    df = prob.threshold_table(cardkit.make("flip7", players=1, actions=False, modifiers=False), range(1, 61))
    assert list(df.columns[:3]) == ["threshold", "expected_score", "bust_probability"]
    assert list(df.threshold) == list(range(1, 61))
    assert all(isinstance(x, Fraction) for x in df.expected_score_exact)
    assert df.attrs["exact"] is True
    # T = 1: flip until a non-zero number: E = 650/79 + (1/79)(650/78) = 650/78
    assert df.expected_score_exact[0] == Fraction(650, 78)
    assert df.bust_probability_exact[0] == 0
    # T = 2: one non-zero card other than 1 ends it; after 1 or 0 one more flip
    assert df.bust_probability_exact[1] == 0
    for exact, shown in zip(df.expected_score_exact, df.expected_score):
        assert math.isclose(float(exact), shown)


@pytest.mark.parametrize("deck", list(DECKS))
def test_threshold_table_monotone_sanity(deck):
    df = prob.threshold_table(dict(DECKS[deck], unique=7, bonus=15), range(1, 80))
    bust = list(df.bust_probability_exact)
    assert all(a <= b for a, b in zip(bust, bust[1:]))      # a higher threshold only flips more
    assert bust[-1] < 1
    best = int(df.threshold[df.expected_score.idxmax()])
    assert 18 <= best <= 30
    assert df.expected_score.iloc[best - 1] > df.expected_score.iloc[0]
    assert df.expected_score.iloc[best - 1] > df.expected_score.iloc[-1]


def test_bonus_is_linear_and_thresholds_beyond_the_sums_are_equal():
    a = prob.threshold_table(dict(actions=False, modifiers=True, bonus=0), [40, 79, 200])
    b = prob.threshold_table(dict(actions=False, modifiers=True, bonus=30), [40, 79, 200])
    assert list(b.expected_score_exact - a.expected_score_exact) == list(30 * a.flip7_probability_exact)
    assert a.expected_score_exact[1] == a.expected_score_exact[2]
    with pytest.raises(ValueError, match="from 1 up"):
        prob.threshold_table(dict(actions=False), [0])


def test_closed_form_equals_the_general_recursion():
    for modifiers in (False, True):
        params = solo._deck_params(make_deck(False, modifiers))
        for unique in (4, 7):
            closed = solo.solve_no_actions(*params[:4], unique)
            general = solo.solve_actions(*params, unique)
            assert closed == general


def _reference(actions, modifiers, unique, bonus, threshold):
    """Brute force over card identities, following the engine's order of steps (small cases only)."""
    from functools import lru_cache

    from cardkit.games.flip7.cards import line_score

    deck = make_deck(actions, modifiers)
    kinds = sorted(deck)

    @lru_cache(maxsize=None)
    def flip(nums, mods, rem, hold, left, queue):
        total = sum(rem)
        acc = [Fraction(0)] * 3
        for i, card in enumerate(kinds):
            if not rem[i]:
                continue
            r = rem[:i] + (rem[i] - 1,) + rem[i + 1:]
            if KIND[card] == "number":
                if card in nums:
                    res = step(nums, mods, r, False, left, queue) if hold else (0, 1, 0)
                else:
                    new = tuple(sorted(nums + (card,), key=int))
                    res = ((line_score(new, mods, unique, bonus), 0, 1) if len(new) >= unique
                           else step(new, mods, r, hold, left, queue))
            elif KIND[card] == "modifier":
                res = step(nums, tuple(sorted(mods + (card,))), r, hold, left, queue)
            elif card == "Second Chance":
                res = step(nums, mods, r, True, left, queue)          # kept, or discarded if one is held
            elif left is not None:
                res = step(nums, mods, r, hold, left, queue + (card,))   # waits until the three are done
            elif card == "Freeze":
                res = (line_score(nums, mods, unique, bonus), 0, 0)
            else:
                res = step(nums, mods, r, hold, 3, ())
            for j in range(3):
                acc[j] += rem[i] * Fraction(res[j])
        return tuple(a / total for a in acc)

    @lru_cache(maxsize=None)
    def step(nums, mods, rem, hold, left, queue):
        if left:
            return flip(nums, mods, rem, hold, left - 1, queue)
        if left is not None and queue:
            if queue[0] == "Freeze":
                return (line_score(nums, mods, unique, bonus), 0, 0)
            return step(nums, mods, rem, hold, 3, queue[1:])
        if sum(map(int, nums)) >= threshold:
            return (line_score(nums, mods, unique, bonus), 0, 0)
        return flip(nums, mods, rem, hold, None, ())

    return flip((), (), tuple(deck[c] for c in kinds), False, None, ())


@pytest.mark.parametrize("actions,modifiers,unique,thresholds", [
    (True, False, 2, (1, 4, 12)),
    (False, True, 3, (2, 9, 30)),
    (False, False, 4, (1, 14, 40)),
])
def test_exact_figures_equal_a_brute_force_reference(actions, modifiers, unique, thresholds):
    options = dict(actions=actions, modifiers=modifiers, unique=unique, bonus=15)
    for fig in solo.threshold_figures(options, thresholds):
        assert (fig.expected_score, fig.bust_probability, fig.flip7_probability) == \
            _reference(actions, modifiers, unique, 15, fig.threshold)


def _solo_round(options, threshold, seed):
    """Round 1 of a solo game played by ThresholdBot on the real engine: (score, bust, flip7)."""
    state = cardkit.make("flip7", players=1, seed=seed, **options).new_state()
    events = cardkit.run(state, [ThresholdBot(threshold, seed=seed)],        # as a simulation plays it
                         stop=lambda moved: any(e.kind == "score" for e in moved))
    kinds = {e.kind for e in events}
    return state.scores[0], "bust" in kinds, "flip7" in kinds


@pytest.mark.parametrize("deck,thresholds", [
    ("numbers", (8, 22, 40)), ("modifiers", (15, 27)), ("actions", (20,)), ("full", (5, 25, 45)),
])
def test_exact_figures_match_the_engine(deck, thresholds):
    n = 12_000 if deck == "full" else 5000       # the full deck has the most rules to get right
    options = dict(DECKS[deck], bonus=15, unique=7)
    df = prob.threshold_table(options, thresholds)
    for row in df.itertuples():
        results = [_solo_round(options, row.threshold, 10_000 * row.threshold + i) for i in range(n)]
        scores = [r[0] for r in results]
        mean = sum(scores) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / (n - 1))
        assert abs(mean - row.expected_score) < 4.5 * sd / math.sqrt(n) + 1e-9, (deck, row.threshold, mean)
        for k, p in ((1, float(row.bust_probability_exact)), (2, float(row.flip7_probability_exact))):
            share = sum(r[k] for r in results) / n
            assert abs(share - p) < 4.5 * math.sqrt(p * (1 - p) / n) + 1e-9, (deck, row.threshold, k, share, p)


# -- bots ----------------------------------------------------------------------------------------------
def test_threshold_bot_hits_below_its_threshold():
    state = deal(["5", "6"], players=1)
    bot = ThresholdBot(11)
    assert bot.act(state.view(0), state.legal_actions()) == Hit()
    press(state, "Hit")                       # 5 + 6 = 11
    assert bot.act(state.view(0), state.legal_actions()) == Stay()


def test_threshold_bot_freezes_the_leader_and_passes_second_chance_to_the_last():
    state = deal(["5", "9", "Freeze"], players=3)          # seat 2 is dealt a Freeze
    assert ThresholdBot(20).act(state.view(2), state.legal_actions()) == Give("Freeze", 1)
    state = press(deal(["Second Chance", "9", "4", "Second Chance"], players=3), "Hit")
    actions = state.legal_actions()                        # seat 0 already holds one: give the second
    assert actions == [Give("Second Chance", 1), Give("Second Chance", 2)]
    assert ThresholdBot(20).act(state.view(0), actions) == Give("Second Chance", 2)   # 4 < 9


def test_flip_three_goes_to_itself_when_small_else_to_the_likeliest_bust():
    state = press(deal(["5", "9", "12", "Flip Three"], players=3), "Hit")
    view, actions = state.view(0), state.legal_actions()
    assert {a.target for a in actions} == {0, 1, 2}
    assert ThresholdBot(10).act(view, actions) == Give("Flip Three", 0)    # wants more, 4/90 bust chance
    assert ThresholdBot(5).act(view, actions) == Give("Flip Three", 2)     # 11 twelves left vs 8 nines


def test_expectation_bot_follows_the_sign_of_the_exact_gain():
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        state = cardkit.make("flip7", players=2, seed=seed).new_state()
        while not state.is_over:
            seat, actions = state.current_player, state.legal_actions()
            if Hit() in actions:
                choice = ExpectationBot().act(state.view(seat), actions)
                assert (choice == Hit()) == (prob.hit_expectation(state, seat) > 0)
                checked += 1
            state.apply(actions[rng.randrange(len(actions))])
    assert checked > 100


def test_bots_play_whole_games():
    for seed in range(5):
        state = cardkit.make("flip7", players=4, seed=seed).new_state()
        bots = [ThresholdBot(15, seed), ThresholdBot(30, seed), ExpectationBot(seed), ExpectationBot(seed + 1)]
        cardkit.run(state, bots)
        assert state.is_over and len(state.winners) == 1


# -- explorer ------------------------------------------------------------------------------------------
def test_explorer_description_fits_make_and_simulate():
    from cardkit.sim import simulate

    ex = explore.EXPLORER
    assert set(ex) >= {"options", "players", "bots", "metrics", "seats"}
    for name, values in ex["options"].items():
        for value in values:
            cardkit.make("flip7", players=2, **{name: value})
    for players in ex["players"]:
        bots = ex["bots"](players, 7)
        assert len(bots) == players and all(isinstance(b, cardkit.bots.Bot) for b in bots)
        assert len(ex["seats"](players)) == players
        df = simulate(cardkit.make("flip7", players=players, target=50), ex["bots"], 3, seed=1, executor="inline")
        assert set(ex["metrics"]) <= set(df.columns)


def test_prob_does_not_import_the_bots():
    code = ("import sys, cardkit.games.flip7.prob, cardkit.games.eights.prob; "
            "assert not [m for m in sys.modules if m.startswith('cardkit.games.') and m.endswith('.bots')], "
            "'prob imports the bots'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_seats_figures_take_its_view_and_refuse_another_seats():
    state = cardkit.make("flip7", players=2, seed=1).new_state(deck=["5", "7", "5"])
    assert prob.bust_probability(state.view(0), 0) == prob.bust_probability(state, 0) > 0
    assert prob.hit_expectation(state.view(0), 0) == prob.hit_expectation(state, 0)
    with pytest.raises(ValueError, match="Player 1's view, not Player 0's"):
        prob.bust_probability(state.view(1), 0)
