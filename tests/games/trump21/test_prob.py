""""21 with trumps" probability and bots: counts by hand, brute force, and the engine itself."""
import itertools
import math
from collections import Counter
from fractions import Fraction

import cardkit
from cardkit.bots import RandomBot
from cardkit.games.trump21 import PlayTrump, prob
from cardkit.games.trump21.bots import CountingBot, ThresholdBot
from cardkit.games.trump21.cards import PRESETS, TRUMPS, VALUE, best_card
from cardkit.games.trump21.explore import EXPLORER
from cardkit.insight import COUNT, KINDS, PROBABILITY, Insight
from cardkit.sim import simulate

from tests.engine.moves import press


def deal(deck, players=2, seed=1, trumps=None, **options):
    options.setdefault("gamble_chance", 0.0 if trumps is None else 1.0)
    game = cardkit.make("trump21", players=players, seed=seed, **options)
    return game.new_state(deck=deck, trumps=trumps) if trumps else game.new_state(deck=deck)


def only(**counts):
    return {**{card: 0 for card in TRUMPS}, **counts}


def close_to(hits, exact_sum, n):
    """``hits`` successes in ``n`` trials agree with the summed exact chances (4 standard errors)."""
    p = float(exact_sum / n)
    return abs(hits / n - p) <= 4 * math.sqrt(max(p * (1 - p), 1e-4) / n) + 1e-9


def test_bust_probability_counts_the_unseen_number_cards():
    state = deal(["7", "9", "5", "10"])                  # Player 0: 12; sees its 7 and 5 and the open 10
    view = state.view(0)
    pool = prob.draw_pool(view)
    assert sum(pool.values()) == 41 and pool["9"] == 4 and pool["10"] == 3     # Player 1's hidden 9 is unseen
    assert prob.bust_probability(state, 0) == Fraction(3 + 4, 41)              # the 10s and 11s
    assert prob.bust_probability(view, 0) == prob.bust_probability(state, 0)   # a View works as well
    assert prob.exact_probability(state, 0) == Fraction(4, 41)                 # a 9
    dist = prob.next_card(state, 0)
    assert sum(dist.values()) == 1 and dist["goes over"] == Fraction(7, 41)
    assert dist["exactly on target"] == Fraction(4, 41)
    # a revealed hidden card is seen, an opponent's total known
    state = press(deal(["7", "9", "5", "3", "9", "2"]), "Take")               # Player 0: 21, revealed
    assert prob.over_chance(state, 1, 0) == 0 and prob.total_chances(state, 1, 0) == {21: 1}


def test_over_chance_is_the_hidden_card_among_the_unseen():
    state = press(deal(["7", "2", "5", "10", "4"]), "Close", "Take")          # Player 1 shows 10 + 4
    view = state.view(0)
    unseen = prob.unseen_numbers(view)
    over = sum(unseen[c] for c in ("8", "9", "10", "11"))
    assert prob.over_chance(state, 0, 1) == Fraction(over, sum(unseen.values()))
    chances = prob.total_chances(state, 0, 1)
    assert sum(chances.values()) == 1 and min(chances) == 15 and max(chances) == 25


def test_bust_and_over_chances_agree_with_the_engine():
    """Over many deals, the exact chances as Player 0 sees them match how often the engine's next
    card takes Player 0 over, and how often Player 1's two cards are over a target of 15."""
    n = 2500
    exact_bust = exact_over = Fraction(0)
    busts = overs = 0
    for seed in range(n):
        state = cardkit.make("trump21", players=2, seed=seed, gamble_chance=0.0, target=15).new_state()
        exact_over += prob.over_chance(state, 0, 1)
        overs += state.total(1) > 15
        state = cardkit.make("trump21", players=2, seed=seed, gamble_chance=0.0).new_state()
        exact_bust += prob.bust_probability(state, 0)
        press(state, "Take")
        busts += state.total(0) > 21 if state.view(None).facts["round"] == 1 else 1
    assert close_to(overs, exact_over, n) and close_to(busts, exact_bust, n)


def test_deck_splits_match_brute_force():
    pool = Counter({"1": 2, "5": 1, "9": 3, "11": 1})
    cards = list(pool.elements())
    for hidden in (0, 1, 2, 3):
        exact = Counter()
        for deck, chance in prob.deck_splits(pool, hidden):
            exact[best_card(deck, 12, 21)] += chance
        brute = Counter()
        combos = list(itertools.combinations(range(len(cards)), hidden))
        for combo in combos:
            deck = [c for i, c in enumerate(cards) if i not in combo]
            brute[best_card(deck, 12, 21)] += Fraction(1, len(combos))
        assert exact == brute and sum(exact.values()) == 1


def test_best_card_chances_agree_with_perfect_draw():
    """Player 0 plays Perfect Draw at once: the card it takes, over many deals, follows the exact
    chances as Player 0 saw them (Player 1's hidden card may hold the best card)."""
    n = 1500
    exact, got = Counter(), Counter()
    for seed in range(n):
        state = cardkit.make("trump21", players=2, seed=seed, gamble_chance=1.0,
                             trumps=only(**{"Perfect Draw": 3})).new_state()
        chances = prob.best_card_chances(state, 0)
        assert sum(chances.values()) == 1
        gap = 21 - prob.my_total(state.view(0), 0)
        for card, p in chances.items():
            exact[(gap, card)] += p
        press(state, "Play Perfect Draw")
        got[(gap, state.view(None).seats[0]["open"][-1])] += 1
    for key in set(exact) | set(got):
        assert close_to(got[key], exact[key], n), (key, got[key], float(exact[key]))


def test_an_empty_number_deck_draws_from_the_discard_pile():
    state = deal(["7", "9", "5", "10"])
    state.discard += state.deck[:-3]                    # moved by hand: three cards left in the deck
    del state.deck[:-3]
    rest = list(state.deck)
    press(state, *["Take"] * 0)
    view = state.view(0)
    assert prob.draw_pool(view) == prob.unseen_numbers(view) and sum(prob.draw_pool(view).values()) == 4
    state.discard += state.deck
    state.deck.clear()
    view = state.view(0)
    assert view.facts["deck"] == 0 and prob.draw_pool(view) == Counter(state.discard)
    assert prob.best_card_chances(state, 0) == {best_card(state.discard, 12, 21): 1}
    assert Counter(rest) <= Counter(state.discard)


def test_counting_the_table_changes_the_bust_chance_against_the_uncounted_one():
    # Player 0 at 7 + 5 = 12: a 10 or an 11 takes them over; without counting that is 8 of 44.
    state = deal(["7", "9", "5", "10"])
    assert prob.uncounted_bust_chance(12, 21) == Fraction(8, 44)
    # Counted: Player 0 sees its 7 and 5 and Player 1's open 10, so 41 cards are unseen (Player 1's
    # hidden 9 among them), and of the tens only 3 are left: 3 + 4 = 7 of 41.
    assert prob.bust_probability(state, 0) == Fraction(7, 41)
    items = {i.title: i for i in prob.insights(state.view(0))}
    assert items["Chance that a card takes you over"].value == Fraction(7, 41)
    assert items["The same without counting"].value == Fraction(8, 44)
    assert items["The same without counting"].why.endswith("4 of each: 8/44.")       # counted out of 44, not 2/11
    low = deal(["3", "9", "4", "10"])                                       # Player 0 at 7: no card takes them over
    items = {i.title: i for i in prob.insights(low.view(0))}
    assert items["The same without counting"].why.endswith("4 of each: 0/44.")       # not "0/1"


def test_insights_for_a_seat_that_is_out():
    state = press(deal(["7", "9", "1", "5", "10", "2"], players=3, lives=2), "Close", "Close", "Close")
    assert prob.insights(state.view(0)) == [Insight("Your lives", 0, COUNT, "You are out of the game: there is nothing "
                                                                "left to compute for you.")]


def test_insights_and_next_card_are_well_formed_through_games():
    for players in (2, 4):
        state = cardkit.make("trump21", players=players, seed=players, lives=3).new_state()
        bots = [RandomBot(s) for s in range(players)]
        steps = 0
        while not state.is_over and steps < 150:
            for seat in range(players):
                if not state.view(None).facts["alive"][seat]:
                    continue
                dist = prob.next_card(state, seat)
                assert not dist or sum(dist.values()) == 1
                items = prob.insights(state.view(seat))
                assert items[0].title == "Your total now" and items[0].value == state.total(seat)
                for title, value, kind, why in items:
                    assert title and why and kind in KINDS
                    assert kind != PROBABILITY or 0 <= value <= 1
            seat = state.current_player
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
            steps += 1


# -- bots -------------------------------------------------------------------------------------------------
def test_threshold_bot_takes_under_its_threshold_and_plays_no_trumps():
    bot = ThresholdBot(17)
    state = deal(["7", "9", "5", "10"], trumps=["Shield", "Harvest", "Return"])
    assert str(bot.act(state.view(0), state.legal_actions())) == "Take"         # 12 < 17
    state = deal(["9", "9", "8", "10"], trumps=["Shield", "Harvest", "Return"])
    assert str(bot.act(state.view(0), state.legal_actions())) == "Close"        # 17


def test_counting_bot_plays_its_trumps_sensibly():
    bot = CountingBot()
    # Perfect Draw when close: at 17 most cards go over
    state = deal(["9", "9", "8", "10"], trumps=["Perfect Draw", "Shield", "Harvest"])
    assert bot.act(state.view(0), state.legal_actions()) == PlayTrump("Perfect Draw")
    # Go for x when it fits: at 23, Go for 24
    state = deal(["7", "9", "5", "3", "11"], trumps=["Shield", "Harvest", "Go for 24"])
    press(state, "Take", "Take")                        # Player 0: 23 (over); Player 1 holds Harvest
    assert bot.act(state.view(0), state.legal_actions()) == PlayTrump("Go for 24")
    # Return when over and the newest card brings it back
    state = deal(["7", "9", "5", "3", "11"], trumps=["Return", "Harvest", "Shield"])
    press(state, "Take", "Take")
    assert bot.act(state.view(0), state.legal_actions()) == PlayTrump("Return")
    # Shield before a likely loss: at 15 it would close, and Player 1 shows 10 + a hidden card
    state = deal(["9", "1", "6", "10"], trumps=["Shield", "Harvest", "Return"])
    assert prob.bust_probability(state, 0) >= bot.risk and bot.loss_chance(state.view(0), 15) >= 0.5
    assert bot.act(state.view(0), state.legal_actions()) == PlayTrump("Shield")
    press(state, "Play Shield")
    assert str(bot.act(state.view(0), state.legal_actions())) == "Close"
    # no Shield while it would rather take a card: 12 against an open 10
    state = deal(["7", "9", "5", "10"], trumps=["Shield", "Harvest", "Return"])
    assert str(bot.act(state.view(0), state.legal_actions())) == "Take"
    # Love your enemy at an opponent who revealed an exact 21: every card takes them over
    state = deal(["9", "7", "5", "3", "7", "1"], trumps=["Shield", "Love your enemy", "Harvest"])
    press(state, "Take")                                # Player 0: 21, revealed
    assert bot.act(state.view(1), state.legal_actions()) == PlayTrump("Love your enemy", 0)
    # Destroy the Damage+ lying at it
    state = deal(["7", "9", "5", "10", "1", "1"], trumps=["Destroy", "Damage+2", "Shield"])
    press(state, "Take", "Play Damage+2 at Player 0", "Take")
    assert bot.act(state.view(0), state.legal_actions()) == PlayTrump("Destroy")
    press(state, "Play Destroy")
    assert str(bot.act(state.view(0), state.legal_actions())) == "Destroy Damage+2 at Player 0"


def test_bots_beat_random_play_and_the_counting_bot_beats_the_threshold_bot():
    game = cardkit.make("trump21", players=3, seed=0, lives=5)
    df = simulate(game, [cardkit.games.bot_class("trump21")(), ThresholdBot(17), RandomBot()], 150, seed=4, executor="inline")
    assert df.win_0.mean() > 0.45 and df.win_2.mean() < 0.15
    game = cardkit.make("trump21", players=2, seed=0, lives=5)
    df = simulate(game, [CountingBot(), ThresholdBot(17)], 200, seed=5, executor="inline")
    assert df.win_0.mean() > 0.55
    for column in ("first_win_share", "perfect_draw_share", "instant_win_share"):
        assert 0 <= df[column].min() and df[column].max() <= 1


def test_the_explorer_spec_runs():
    assert set(EXPLORER["options"]) >= {"gamble_chance", "lives", "damage", "trumps"}
    assert [str(p) for p in EXPLORER["options"]["trumps"]] == [str(p) for p in PRESETS]
    game_ids = set(EXPLORER["metrics"]) - {"rounds", "moves", "win_0", "win_1"}
    assert game_ids <= set(cardkit.make("trump21", seed=0).summary_columns)
    for preset in PRESETS:
        game = cardkit.make("trump21", players=3, seed=1, lives=3, trumps=preset)
        df = simulate(game, EXPLORER["bots"](3, 7), 8, seed=2, executor="inline")
        assert len(df) == 8 and df.rounds.min() >= 1
    no_trumps = cardkit.make("trump21", players=2, seed=1, trumps=PRESETS[1], lives=3)
    df = simulate(no_trumps, EXPLORER["bots"](2, 1), 20, seed=3, executor="inline")
    assert df.perfect_draw_share.max() == 0
    assert VALUE["11"] == 11


def test_insights_on_and_over_the_target_say_what_a_card_does():
    """On 21 every card takes you over; over it, no chance, exact hit or Perfect Draw is reckoned
    (no "more than 0", no best card that only adds to it)."""
    on = press(deal(["10", "2", "9", "3", "2"]), "Take")                     # Player 0: 10 + 9 + 2 = 21
    items = {i.title: i for i in prob.insights(on.view(0))}
    assert items["Chance that a card takes you over"].value == 1
    assert "exactly on 21" in items["Chance that a card takes you over"].why
    assert not [t for t in items if "Perfect Draw" in t or "exactly" in t or "without counting" in t]
    over = press(deal(["10", "2", "9", "3", "5"]), "Take")                   # Player 0: 24
    items = {i.title: i for i in prob.insights(over.view(0))}
    assert items["Over the target by"] == Insight("Over the target by", 3, COUNT, "You are at 24, over the target 21: "
                                                  "any card you take only adds to it.")
    assert not [t for t in items if "Perfect Draw" in t or "takes you over" in t or "exactly" in t]
