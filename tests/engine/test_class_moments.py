"""What the class board pools from a student's finished game (``class_moment`` in a game's
``lessons``): before each move the person chose, the exact chance of what may happen, as that seat
could count it, and whether it happened. Stacked decks, so each figure is worked out by hand."""
from fractions import Fraction
from math import comb

import cardkit
from cardkit.core import action_labelled
from cardkit.games.eights.lessons import class_moment as eights_moment
from cardkit.games.flip7.lessons import class_moment as flip7_moment
from cardkit.games.trump21.lessons import class_moment as trump21_moment


def moment(hook, state, seat, label):
    """Ask ``hook`` before ``label`` is played by ``seat``; play it; (chance, happened)."""
    action = action_labelled(state.legal_actions(seat), label)
    asked = hook(state, seat, action)
    before = len(state.events)
    state.apply(action, seat)
    return None if asked is None else (asked[0], asked[1](state.events[before:]))


def test_flip7_a_hit_onto_a_number_held_busts_at_the_counted_chance():
    # Player 0 is dealt a 12; eleven 12s are left among the 93 unseen cards: 11/93
    state = cardkit.make("flip7", players=1, seed=1).new_state(deck=["12", "12"])
    assert moment(flip7_moment, state, 0, "Hit") == (Fraction(11, 93), True)


def test_flip7_a_safe_hit_did_not_bust_and_stay_is_no_moment():
    state = cardkit.make("flip7", players=1, seed=1).new_state(deck=["12", "5", "3"])
    assert moment(flip7_moment, state, 0, "Hit") == (Fraction(11, 93), False)
    assert moment(flip7_moment, state, 0, "Stay") is None


def test_trump21_a_take_over_the_target_at_the_counted_chance():
    # Player 0: hidden 8, open 5 (13); Player 1 shows a 10. Over 21 from 13: the 9s, 10s, 11s
    # left among the 41 number cards Player 0 cannot see: 4 + 3 + 4 = 11 (the lesson's count).
    game = cardkit.make("trump21", players=2, seed=1, gamble_chance=0.0)
    assert moment(trump21_moment, game.new_state(deck=["8", "4", "5", "10", "11"]), 0, "Take") == (Fraction(11, 41), True)
    assert moment(trump21_moment, game.new_state(deck=["8", "4", "5", "10", "2"]), 0, "Take") == (Fraction(11, 41), False)
    assert moment(trump21_moment, game.new_state(deck=["8", "4", "5", "10"]), 0, "Close") is None


def test_eights_a_turn_with_nothing_that_fits_at_the_counted_chance():
    # Dealt in turn: Player 0 gets 7H 9C JH KC 7S, Player 1 gets 9S 10D QS AD KS (no heart, 7 or 8).
    state = cardkit.make("eights", players=2, seed=1).new_state(
        deck=["7H", "9S", "9C", "10D", "JH", "QS", "KC", "AD", "7S", "KS"])
    assert moment(eights_moment, state, 0, "Play 7♥") is None           # a lead: every card fits
    # On the 7H, of the 31 cards Player 1 cannot see or holds, 13 fit: 7 hearts, 3 sevens, 3 eights.
    chance, stuck = moment(eights_moment, state, 1, str(state.legal_actions(1)[0]))
    assert chance == Fraction(comb(18, 5), comb(31, 5)) and stuck


def test_flip7_class_rounds_keep_each_rounds_stopping_point_and_score():
    from cardkit.games.flip7.lessons import class_rounds

    game = cardkit.make("flip7", players=1, seed=1, actions=False, modifiers=False)
    state = game.new_state(deck=["5", "6", "12"])
    for label in ("Hit", "Hit", "Stay"):                   # 5, then 6 (11), then 12 (23), stay
        state.apply(action_labelled(state.legal_actions(0), label), 0)
    assert class_rounds(game, state.history, 0, ["5", "6", "12"])[0] == [11, 23, 23]
    busted = game.new_state(deck=["12", "12"])
    busted.apply(action_labelled(busted.legal_actions(0), "Hit"), 0)
    assert class_rounds(game, busted.history, 0, ["12", "12"]) == [[12, None, 0]]
