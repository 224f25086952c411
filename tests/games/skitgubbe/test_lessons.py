"""The lesson "Counting with two decks": its counts by hand (C(n, k)), against dealing, and the
first rounds it plays against the engine's own count."""
import math
import random
from fractions import Fraction

from cardkit.games.skitgubbe import lessons
from cardkit.games.skitgubbe.cards import VALUE


def test_the_cards_an_onlooker_cannot_see_and_those_that_match():
    assert sum(lessons.unseen_of(["7H"]).values()) == 103 and lessons.unseen_of(["7H"])["7H"] == 1
    assert lessons.matching(["7H"]) == 7 and lessons.matching(["7H"], decks=1) == 3
    assert lessons.matching(lessons.TRICK[:3]) == 21 and len(set(c[:-1] for c in lessons.TRICK)) == len(lessons.TRICK)


def test_a_forced_match_is_one_minus_the_hands_with_no_matching_card():
    assert lessons.forced_exact(["7H"]) == 1 - Fraction(math.comb(96, 3), math.comb(103, 3))
    assert lessons.forced_exact(["7H"], decks=1) == 1 - Fraction(math.comb(48, 3), math.comb(51, 3))
    assert lessons.forced_exact(lessons.TRICK[:3]) == 1 - Fraction(math.comb(80, 3), math.comb(101, 3))
    assert lessons.forced_if_put_back(["7H"]) == 1 - Fraction(96, 103) ** 3
    for k in range(1, 9):                 # putting cards back undercounts the matches, from the second card on
        assert lessons.forced_if_put_back(lessons.TRICK[:k]) < lessons.forced_exact(lessons.TRICK[:k])


def test_dealing_hands_agrees_with_the_count():
    rng, n = random.Random(5), 4000
    for table, decks in ((["7H"], 2), (lessons.TRICK[:3], 1)):
        exact = float(lessons.forced_exact(table, decks))
        share = sum(lessons.deal_forced(table, decks, rng) for _ in range(n)) / n
        assert abs(share - exact) < 4 * math.sqrt(exact * (1 - exact) / n), (table, share, exact)


def test_the_trump_cards_rank_sets_the_cards_and_tricks_needed():
    rows = lessons.needed_table(4)
    assert [r[1] for r in rows] == [2 * v for v in range(2, 15)] and all(r[2] == Fraction(1, 13) for r in rows)
    assert rows[-1] == ("A", 28, Fraction(1, 13), 7) and rows[0][3] == 1
    assert lessons.average_share(4) == Fraction(103, 4)
    assert lessons.above_average_chance(4) == Fraction(2, 13)          # King and Ace ask for more than 25.75
    assert lessons.above_average_chance(12) == Fraction(10, 13)        # every rank from 5 up


def test_a_played_first_round_reports_the_engines_trump_card_and_count():
    shared_when_above = []
    for seed in range(40):
        result = lessons.first_round(4, seed)
        assert result["needed"] == VALUE[result["trump"]] * 2
        if result["needed"] > lessons.average_share(4):
            shared_when_above.append(result["shared"])
    assert shared_when_above and all(shared_when_above)      # above the average share, someone is always short
