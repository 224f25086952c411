"""The Turn (cardkit/core/turn.py): one value per redraw with what a seat sees and may do, and
nothing it may not see."""
import dataclasses
import re

import pytest

import cardkit
from cardkit import IllegalAction
from cardkit.core import Turn, Window
from cardkit.games.frantic.rules import stack
from tests.engine.moves import act

#: Eights, 3 seats of 2 cards: Player 0 holds 8♥ 9♥; the others K♠ Q♦ and 9♣ 10♣.
EIGHTS_DECK = ["8H", "KS", "9C", "9H", "QD", "10C"]
OTHERS = ("KS", "QD", "9C", "10C")


def eights():
    return cardkit.make("eights", players=3, seed=7, hand_size=2).new_state(deck=EIGHTS_DECK)


def test_a_turn_holds_the_seats_view_and_its_choices_with_the_engines_reasons():
    state = eights()
    turn = Turn.of(state, 0)
    assert turn.seat == 0 and turn.asked and not turn.window and turn.view == state.view(0)
    assert [c.action for c in turn.choices] == state.candidate_actions(0)
    legal = state.legal_actions(0)
    for choice in turn.choices:
        assert choice.legal == (choice.action in legal)
        if not choice.legal:                     # the very refusal apply gives, naming the rule
            with pytest.raises(IllegalAction) as refused:
                state.clone().apply(choice.action, 0)
            assert choice.reason.args == refused.value.args and choice.reason.rule == refused.value.rule
    assert [str(c.action) for c in turn.choices if not c.legal] == ["Pass"]
    assert turn.builder is not None and turn.hand_zones == ("hand",)
    assert turn.first_parts == tuple(state.builder(0).options()) and {"8H", "9H"} <= set(turn.first_parts)
    assert turn.choice("Draw").legal and turn.choice("Fly") is None


def test_a_turn_for_seat_0_holds_no_card_of_another_hand():
    state = eights()
    for seat in (0, 1):                          # asked, and waiting
        turn = Turn.of(state, seat)
        assert turn.view == state.view(seat)       # the seat's own view (its cards unseen are a count, not a place)
        assert all(c is None for s, zones in enumerate(turn.view.seats) if s != seat for c in zones["hand"])
        rest = repr(dataclasses.replace(turn, view=None)) + "".join(repr(c.reason) for c in turn.choices)
        hidden = [c for s, zones in enumerate(state.view(None).seats) if s != seat for c in zones["hand"]]
        assert not [c for c in hidden if re.search(rf"'{c}'", rest)], (seat, rest)


def test_a_seat_not_asked_waits_for_the_seat_its_view_shows():
    state = eights()
    turn = Turn.of(state, 1)
    assert not turn.asked and turn.choices == () and turn.builder is None and turn.waiting_for == 0
    look = Turn.of(state, 0, playing=False)      # looking back: no choices, nobody waited for
    assert not look.asked and look.choices == () and look.waiting_for is None and look.view == state.view(0)


def test_in_a_reaction_window_a_seat_not_asked_learns_only_that_a_window_is_open():
    deck = stack([["r1", "Skip r"], ["Counterattack"], ["g1"]], start="r5")
    state = cardkit.make("frantic", players=3, seed=3, troublemaker=True, supercharge=True).new_state(deck=deck)
    act(state, "Play Skip r → Player 1")
    assert type(state.decision) is Window and state.to_act() == [1]
    watcher = Turn.of(state, 2)
    assert watcher.window and not watcher.asked and watcher.waiting_for is None
    assert watcher.view.current_player is None                # not who is asked
    asked = Turn.of(state, 1)
    assert asked.asked and asked.window and not asked.only_passes and "Pass" in [c.label for c in asked.choices]


def test_a_game_declared_without_compound_moves_gets_no_builder():
    state = eights()
    turn = Turn.of(state, 0, compound_moves=False)
    assert turn.builder is None and turn.hand_zones == () and turn.first_parts == ()
    assert [c.action for c in turn.choices] == [c.action for c in Turn.of(state, 0).choices]
    flip7 = cardkit.make("flip7", players=2, seed=1).new_state()
    assert not cardkit.games.declaration("flip7").compound_moves
    assert Turn.of(flip7, 0).builder is None and [c.label for c in Turn.of(flip7, 0).choices] == ["Hit", "Stay"]
