""""21 with trumps" lesson figures: counted by hand, and checked against the engine's prob and dealing."""
import random
from fractions import Fraction

import pytest

from cardkit.games.trump21 import prob
from cardkit.games.trump21.lessons import (COUNTING_ROUND, counting_round, deal_unseen, hidden_split, over_count,
                                           unseen_after)


def test_unseen_after_takes_the_seen_cards_out_and_refuses_a_fifth_copy():
    pool = unseen_after(["8", "5", "10"])
    assert sum(pool.values()) == 41 and (pool["10"], pool["9"]) == (3, 4)
    with pytest.raises(ValueError, match="only 4 cards 7"):
        unseen_after(["7"] * 5)
    with pytest.raises(ValueError, match="unknown number card 'Shield'"):
        unseen_after(["Shield"])


def test_over_count_by_hand():
    assert over_count(13, unseen_after(["8", "5", "10"])) == (11, 41)      # 4 nines, 3 tens, 4 elevens
    assert over_count(13, unseen_after([])) == (12, 44)
    assert over_count(10, unseen_after([])) == (0, 44)                     # even an 11 makes 21


def test_the_hidden_card_cases_add_up_to_k_over_n():
    for have, seen in [(13, ["8", "5", "10"]), (18, ["8", "5", "10", "2", "3", "3"]), (20, ["9", "11", "1"])]:
        pool = unseen_after(seen)
        k, n = over_count(have, pool)
        rows = hidden_split(have, pool)
        assert sum(r["hidden"] for r in rows) == 1
        assert sum(r["both"] for r in rows) == Fraction(k, n)


def test_dealing_the_unseen_cards_agrees_with_k_over_n():
    pool = unseen_after(["8", "5", "10"])
    rng = random.Random(5)
    deals = [deal_unseen(13, pool, rng) for _ in range(20_000)]
    share = sum(over for _h, _m, over in deals) / len(deals)
    assert abs(share - 11 / 41) < 4 * (11 / 41 * 30 / 41 / len(deals)) ** 0.5
    assert all(h in pool and m in pool for h, m, _ in deals[:100])
    assert not any(h == m and pool[h] == 1 for h, m, _ in deals)          # two different cards


def test_the_counting_round_is_what_player_0_sees_on_the_engine():
    chances = [prob.bust_probability(counting_round(m)[1], 0) for m in range(len(COUNTING_ROUND["actions"]) + 1)]
    assert chances == [Fraction(11, 41), Fraction(18, 40), Fraction(18, 39), Fraction(29, 38), Fraction(29, 38)]
    said, state = counting_round(2)
    assert said.startswith("Player 1 takes the 3") and state.view(0).seats[1]["hidden"] == [None]
    with pytest.raises(ValueError, match="has 4 moves"):
        counting_round(9)
