"""Huit américain probability and bots: brute force on small pools, stacked decks, the engine itself."""
import itertools
import math
from collections import Counter
from fractions import Fraction

import cardkit
from cardkit.bots import RandomBot
from cardkit.games.eights import Play, prob
from cardkit.games.eights.bots import CountingBot, GreedyBot, most_held_suit
from cardkit.games.eights.cards import PACK, RANK, SUIT
from cardkit.games.eights.cards import playable
from cardkit.insight import COUNT, KINDS, POINTS, PROBABILITY
from cardkit.sim import simulate

from tests.engine.moves import press


def deal(deck, players=2, seed=1, hand_size=3, **options):
    return cardkit.make("eights", players=players, seed=seed, hand_size=hand_size, **options).new_state(deck=deck)


def brute(pool, h, event):
    """Share of all h-card hands from ``pool`` (a Counter) for which ``event(hand)`` holds."""
    cards = list(pool.elements())
    hands = list(itertools.combinations(range(len(cards)), h))
    return Fraction(sum(event([cards[i] for i in hand]) for hand in hands), len(hands))


POOL = Counter(["9H", "KH", "KS", "8C", "AD", "AS", "7C", "QD", "10H", "JS"])


def test_hold_chance_is_the_hypergeometric_count():
    def hearts(c):
        return SUIT[c] == "H"
    for h in range(0, 6):
        expected = brute(POOL, h, lambda hand: any(map(hearts, hand))) if h else 0
        assert prob.hold_chance(h, POOL, hearts) == expected
    # the textbook formula, on the full pack: at least one 8 in five cards
    assert prob.hold_chance(5, Counter(PACK), lambda c: RANK[c] == "8") == 1 - Fraction(math.comb(28, 5),
                                                                                       math.comb(32, 5))


def can_go_out(hand, top, announced):
    """The rules, card by card: one rank only; 8s always; on the lead one card; else one that fits."""
    if len({RANK[c] for c in hand}) != 1:
        return False
    if RANK[hand[0]] == "8":
        return True
    if top is None:
        return len(hand) == 1
    return any(playable(c, top, announced) for c in hand)


def test_go_out_chance_matches_brute_force():
    for top, announced in [("9S", None), ("KD", None), ("AH", None), ("8C", "H"), (None, None)]:
        for h in (1, 2, 3):
            expected = brute(POOL, h, lambda hand: can_go_out(hand, top, announced))
            assert prob.go_out_chance(h, POOL, top, announced) == expected, (top, h)
    assert prob.go_out_chance(2, Counter(["KS", "KH"]), "9S", None) == 1       # K♠ first, then K♥
    assert prob.go_out_chance(2, Counter(["KD", "KH"]), "9S", None) == 0       # no King fits the 9♠


def test_draw_chance_counts_the_unseen_cards():
    state = press(deal(["9H", "KS", "7C", "10D", "JC", "QS"]), "Play 9♥")   # Player 1: K♠ 10♦ Q♠
    view = state.view(1)
    assert sum(view.unseen.values()) == 32 - 3 - 1                          # own hand and the 9♥ are seen
    fits = [c for c in view.unseen if playable(c, "9H", None)]              # hearts, 9s, 8s left unseen
    assert len(fits) == 7 + 3 + 3
    assert prob.draw_playable_probability(state, 1) == Fraction(13, 28)
    assert prob.next_card(state, 1) == {"an 8": Fraction(4, 28), "fits the pile": Fraction(9, 28),
                                        "does not fit": Fraction(15, 28)}        # the 8♥ counts as an 8
    assert prob.playable_in_hand_chance(state, 1, 0) == prob.hold_chance(2, view.unseen,
                                                                        lambda c: playable(c, "9H", None))


def test_an_empty_bank_draws_from_the_played_cards():
    top = ["9S", "KH", "9D", "9H"]
    deck = top + [c for c in PACK if c not in top]
    state = press(cardkit.make("eights", players=2, seed=3, hand_size=14).new_state(deck=deck),
                  "Play 9♠", "Play 9♥", "Play 9♦", *["Draw", "Pass"] * 4)
    assert prob.draw_pool(state.view(0)) == Counter(["9S", "9H"])
    assert prob.draw_playable_probability(state, 0) == 1                    # both 9s fit the 9♦


def test_ace_answer_chance_agrees_with_the_engine():
    """As Player 0 sees it after leading the A♠: the chance Player 1 can answer. Averaged over
    many deals it must match how often Player 1 really holds an Ace or an 8."""
    exact, hits, n = Fraction(0), 0, 3000
    for seed in range(n):
        state = press(deal(["AS"], seed=seed, hand_size=5), "Play A♠")
        exact += prob.ace_answer_chance(state, 0)
        hits += any(RANK[c] in "A8" for c in state.view(None).seats[1]["hand"])
    p = float(exact / n)
    assert abs(hits / n - p) < 4 * math.sqrt(p * (1 - p) / n)


def test_expected_penalty_and_hand_penalty():
    assert prob.hand_penalty(["8H", "AS", "JC"]) == 45
    assert prob.expected_penalty(5, Counter(PACK)) == Fraction(5 * 312, 32)
    state = deal(None, players=3, hand_size=5)
    items = {item.title: item for item in prob.insights(state.view(0))}
    assert items["Your hand's penalty now"].value == prob.hand_penalty(state.view(0).seats[0]["hand"])
    assert items["Your hand's penalty now"].kind == POINTS
    assert items["Cards you may play now"][1:3] == (5, COUNT)                    # anything may lead
    assert items["Cards you may play now"].why == "5 of your 5 cards may be played (anything may lead)."


def test_insights_and_next_card_are_well_formed_through_a_game():
    state = cardkit.make("eights", players=3, seed=2).new_state()
    bots = [RandomBot(s) for s in range(3)]
    for _ in range(150):
        if state.is_over:
            break
        for seat in range(3):
            dist = prob.next_card(state, seat)
            assert not dist or sum(dist.values()) == 1
            for item in prob.insights(state.view(seat)):
                assert item.why and item.kind in KINDS and item.value >= 0
                assert item.kind != PROBABILITY or item.value <= 1
        seat = state.current_player
        state.apply(bots[seat].act(state.view(seat), state.legal_actions()))


# -- bots --------------------------------------------------------------------------------------------
def test_greedy_bot_sheds_points_and_keeps_its_eights():
    state = deal(["9S", "10S", "7H", "9D", "JC", "8C", "QH"])       # Player 1: 10♠ 9♦ 8♣; bank Q♥
    press(state, "Play 9♠")
    bot = GreedyBot()
    assert bot.act(state.view(1), state.legal_actions()) == Play(("10S",))   # 10 points beat 9
    state = deal(["9S", "8H", "7H", "KD", "JC", "10D", "QH"])       # Player 1: 8♥ K♦ 10♦; bank Q♥
    press(state, "Play 9♠")
    assert str(bot.act(state.view(1), state.legal_actions())) == "Draw"      # the 8 waits for need
    press(state, "Draw")
    assert bot.act(state.view(1), state.legal_actions()) == Play(("8H",), "D")   # ♦ held most
    assert most_held_suit(["KD", "10D", "QH", "8S"]) == "D" and most_held_suit([]) == "S"


def test_counting_bot_does_not_let_the_next_player_go_out():
    """Wherever the next player is down to one card and the bot's plays differ in how likely they
    let that card go out, the bot takes the safest one (seeded random games supply the moments)."""
    bot, checked = CountingBot(), 0
    for seed in range(60):
        state = cardkit.make("eights", players=2, seed=seed).new_state()
        other = RandomBot(seed)
        while not state.is_over and checked < 25:
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            plays = [a for a in legal if isinstance(a, Play) and RANK[a.cards[-1]] != "8"
                     and len(a.cards) < len(view.seats[seat]["hand"])]
            if seat == 0 and view.facts["hand_sizes"][1] == 1 and len(plays) > 1:
                risk = {p: 0 if RANK[p.cards[-1]] == "Q" and len(p.cards) % 2 else      # skips Player 1
                        prob.go_out_chance(1, Counter(view.unseen), p.cards[-1], p.announce) for p in plays}
                if len(set(risk.values())) > 1:
                    assert risk[bot.act(view, legal)] == min(risk.values())
                    checked += 1
            state.apply((bot if seat == 0 else other).act(view, legal))
    assert checked >= 10


def test_bots_beat_random_play():
    game = cardkit.make("eights", players=3, seed=0, limit=101)
    df = simulate(game, [CountingBot(), GreedyBot(), RandomBot()], 120, seed=4, executor="inline")
    assert df.win_2.mean() < 0.15 and df.win_0.mean() > 0.3 and df.win_1.mean() > 0.3
    assert 0 <= df.lead_win_share.min() and df.lead_win_share.max() <= 1


def test_next_player_odds_are_go_out_chance_and_hold_chance():
    """The counting bot's shared counting gives exactly what the two reference functions give."""
    from cardkit.chance import hold_chance
    checked = 0
    for seed in range(12):
        state = cardkit.make("eights", players=3, seed=seed).new_state()
        bots = [RandomBot(seed + s) for s in range(3)]
        while not state.is_over and checked < 400 * (seed + 1):
            seat = state.current_player
            view = state.view(seat)
            pool = +Counter(view.unseen)
            odds = prob.NextPlayerOdds(view.unseen)
            for h in (0, 1, 2, 5, len(view.unseen) + 1):
                for top, announced in ((view.facts["top"], view.facts["announced"]), (PACK[seed], None),
                                       ("8S", "H"), ("AD", None)):
                    if top is None:
                        continue
                    assert odds.chances(h, top, announced) == (
                        prob.go_out_chance(h, pool, top, announced),
                        hold_chance(h, pool, lambda c: playable(c, top, announced)))
                    checked += 1
            state.apply(bots[seat].act(view, state.legal_actions()))
    assert checked > 2000
