"""The core's mechanics through a game written only for the tests (tests/engine/toygame.py):
reaction windows, moves built card by card, steps in written order, unwinding, options, the loop."""
import json
import pickle
import random

import pytest

import cardkit
from cardkit import IllegalAction
from cardkit.bots import RandomBot
from cardkit.core import PASS, Move, Window, decides, offers
from cardkit.core.errors import shown
from cardkit.core.replay import from_json, to_json

from .toygame import Lay, Snap, ToyGame, ToyState


def toy(deck, players=2, **options):
    return ToyGame(players=players, seed=1, **options).new_state(deck=deck)


# Deal: seat 0 gets the first three cards, seat 1 the next three (each hand sorted).
def test_steps_run_in_the_order_they_were_written():
    state = toy(["A1", "A2", "B1", "A3", "C1", "C2"])
    assert state.order == ["first", "first.1", "first.2", "first.2 done", "first.3", "second"]
    assert state.current_player == 0


def test_the_agenda_holds_steps_by_reference_never_a_state():
    state = toy(["A1", "A2", "B1", "A3", "C1", "C2"])
    waiting = [item for item in state.agenda if type(item) is tuple]
    assert waiting == [(ToyState._step_game_end,)]        # the plain function, not bound to this state
    copy = state.clone()
    copy.unwind(ToyState._step_game_end)
    assert copy.agenda[-1] == (ToyState._step_game_end,) and state.agenda[-1].kind == "turn"
    with pytest.raises(TypeError):
        state._step_note("called directly")           # a step is only ever scheduled


def test_a_decision_needs_both_its_choices_and_how_to_carry_one_out():
    with pytest.raises(TypeError, match=r"\['look'\] need both @offers and @decides"):
        class HalfDeclared(ToyState):
            @offers("look")
            def _choices_look(self, seat):
                return [PASS]


def test_a_window_asks_every_holder_in_priority_order_and_hides_who_is_asked():
    state = toy(["A1", "B1", "B2", "A2", "A3", "C1", "B3", "C2", "C3"], players=3)
    # hands: 0: A1 B1 B2 · 1: A2 A3 C1 · 2: B3 C2 C3
    state.apply(Lay(("A1",)))
    assert state.to_act() == [1] and isinstance(state.decision, Window)   # only seat 1 holds an A
    assert state.view(1).current_player == 1
    assert state.view(0).current_player is None and state.view(2).current_player is None
    assert state.view(None).current_player == 1


def test_any_seat_in_a_window_may_answer_out_of_turn_and_passes_leave_it_to_the_others():
    state = toy(["A1", "B1", "B2", "A2", "B3", "C1", "A3", "C2", "C3"], players=3)
    # hands: 0: A1 B1 B2 · 1: A2 B3 C1 · 2: A3 C2 C3
    state.apply(Lay(("A1",)))
    assert state.to_act() == [1, 2]
    assert state.legal_actions(2) == [Snap("A3"), PASS] and state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="Player 0 is not asked to act now"):
        state.apply(PASS, seat=0)
    state.apply(PASS, seat=1)                          # seat 1 leaves it to seat 2
    assert state.to_act() == [2]
    events = state.apply(PASS, seat=2)                 # all passed: the rules go on
    assert [e.text for e in events] == ["Nobody snaps the A."]
    assert state.to_act() == [1] and state.decision.kind == "turn"
    assert state.history == [(0, Lay(("A1",))), (1, PASS), (2, PASS)]


def test_a_snap_can_be_snapped_again_and_play_goes_on_after_the_first_layer():
    state = toy(["A1", "B1", "B2", "A2", "B3", "C1", "A3", "C2", "C3"], players=3)
    state.apply(Lay(("A1",)))
    state.apply(Snap("A3"), seat=2)                    # the lower-priority seat answers first
    assert state.to_act() == [1]                       # now the A3 can be snapped by seat 1
    state.apply(Snap("A2"), seat=1)
    assert state.to_act() == [1] and state.decision.kind == "turn"
    assert [m.seat for m in state.history] == [0, 2, 1]


def test_unwind_ends_a_chain_at_once():
    state = toy(["A1", "B1", "B2", "A2", "B3", "C1"])
    state.apply(Lay(("A1",)))
    state.apply(PASS, seat=1)                          # no snap
    state.apply(PASS)                                  # seat 1's turn
    state.apply(Lay(("B1", "B2")))                     # seat 0's last cards
    assert state.is_over and state.winners == [0]
    assert [e.kind for e in state.events][-2:] == ["lay", "win"]


class PeekingToy(ToyState):
    """The toy, but seat 0 first looks into seat 1's hand (and can only pass)."""
    looks_into = {"peek": 0}

    def setup(self, deck):
        self.ask(0, "peek", 1)
        super().setup(deck)

    @offers("peek")
    def _choices_peek(self, seat, whose):
        return [PASS]

    @decides("peek")
    def _decide_peek(self, seat, action, whose):
        pass


class PeekingToyGame(ToyGame):
    state_class = PeekingToy


def test_a_decision_named_in_looks_into_lets_only_its_seat_look_while_it_lasts():
    state = PeekingToyGame(players=3, seed=1).new_state(deck=["A1", "B1", "B2", "A2", "B3", "C1", "A3", "C2", "C3"])
    assert state.decision.kind == "peek" and state.looked_into(0) == 1
    assert state.looked_into(1) is None and state.looked_into(2) is None and state.looked_into(None) is None
    state.apply(PASS)
    assert state.decision.kind == "turn" and state.looked_into(0) is None
    state.apply(Lay(("A1",)))                          # a window (seats 1 and 2 may snap) looks into nothing
    assert isinstance(state.decision, Window) and state.looked_into(1) is None


def test_a_compound_move_is_built_part_by_part_and_recorded_as_one_move():
    state = toy(["A1", "A2", "B1", "A3", "C1", "C2"])   # seat 0: A1 A2 B1
    builder = state.builder()
    assert builder.options() == ["A1", "A2", "B1"]
    builder.pick("A2")
    assert builder.complete() is None and builder.options() == ["A1"]   # A2 alone is not a listed lay
    with pytest.raises(IllegalAction, match="share a letter") as err:
        builder.pick("B1")
    assert err.value.rule == "toy.lay" and builder.picked == ("A2",)
    builder.pick("A1")
    move = builder.complete()
    assert move == Lay(("A1", "A2")) and move in state.legal_actions()
    state.apply(move)
    assert state.history == [(0, Lay(("A1", "A2")))] and builder.state is state


def test_a_game_may_answer_the_builders_next_part_search_from_its_rules():
    """``State.part_options(seat, picked)``: None (the default) lets the builder search the listed
    moves; a list is taken as the answer, so a game with thousands of compound moves need not
    search them all."""
    state = toy(["A1", "A2", "B1", "A3", "C1", "C2"])
    assert state.part_options(0, ()) is None
    asked = []

    def by_rule(seat, picked):
        asked.append((seat, picked))
        return ["A1"] if not picked else []
    state.part_options = by_rule
    builder = state.builder()
    assert builder.options() == ["A1"] and asked == [(0, ())]
    with pytest.raises(IllegalAction):
        builder.pick("B1")                          # refused: not among the game's answer
    builder.pick("A1")
    assert builder.options() == [] and builder.complete() == Lay(("A1",))


def test_canonical_still_takes_the_whole_move_at_once_and_history_keeps_the_listed_object():
    state = toy(["A1", "A2", "B1", "A3", "C1", "C2"])
    listed = next(a for a in state.legal_actions() if a == Lay(("A1", "A2")))
    state.apply(Lay(("A2", "A1")))
    assert state.history[0].action is listed


def test_apply_replaces_a_move_that_only_equals_a_listed_one():
    from cardkit.games.flip7 import Give, Hit
    state = cardkit.make("flip7", players=2, seed=1).new_state(deck=["5", "9", "Freeze"])
    state.apply(Hit())
    listed = next(a for a in state.legal_actions() if a == Give("Freeze", 1))
    twin = state.clone()
    twin.apply(Give("Freeze", 1))                     # a new object, equal and typed alike
    assert twin.history[-1].action is listed
    assert json.loads(json.dumps(to_json(twin)))["history"][-1]["action"]["target"] == 1
    for lookalike in (Give("Freeze", 1.0), Give("Freeze", True), Give("Freeze", "1")):   # typed otherwise
        with pytest.raises(IllegalAction, match="its field 'target' holds"):
            state.apply(lookalike)
    state.check()


@pytest.mark.parametrize("deck, message", [
    ("12", "deck must be a list of card names"),
    (5, "deck must be a list of card names"),
    ([None], "holds None, which is not a card name"),
])
def test_a_stacked_deck_that_is_not_a_list_of_cards_is_refused(deck, message):
    with pytest.raises(ValueError, match=message):
        cardkit.make("flip7", players=2, seed=1).new_state(deck=deck)


def test_a_malformed_move_is_refused_in_words_and_changes_nothing():
    from cardkit.games.eights import Play
    state = cardkit.make("eights", players=2, seed=1).new_state()
    before = state.view(None), list(state.history)
    for bad in (Play([["AS"]]), Play(({"x": 1},)), Play(None)):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert err.value.rule.startswith("eights.")
    assert (state.view(None), list(state.history)) == before


def test_replay_files_keep_the_seat_of_every_move():
    state = toy(["A1", "B1", "B2", "A2", "B3", "C1", "A3", "C2", "C3"], players=3)
    state.apply(Lay(("A1",)))
    state.apply(Snap("A3"), seat=2)
    data = json.loads(json.dumps(to_json(state)))
    assert data["version"] == 3 and [m["seat"] for m in data["history"]] == [0, 2]
    again = from_json(data, lambda gid, **kw: ToyGame(**kw))
    assert again.history == state.history and again.view(None) == state.view(None)
    assert cardkit.replay(state.game, state.history, deck=state.stacked).view(None) == state.view(None)


def test_random_games_with_windows_conserve_cards_and_replay():
    for seed in range(300):
        game = ToyGame(players=2 + seed % 2, seed=seed)
        state = game.new_state()
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(state.to_act())          # any seat asked may move first
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        assert cardkit.replay(game, state.history).view(None) == state.view(None)


def test_the_loop_stops_for_people_and_on_request():
    state = toy(["A1", "B1", "B2", "A2", "B3", "C1", "A3", "C2", "C3"], players=3)
    state.apply(Lay(("A1",)))
    bots = [RandomBot(0), RandomBot(1), RandomBot(2)]
    cardkit.run(state, bots, wait_for=(1,))          # seat 1 is asked first: nothing moves
    assert len(state.history) == 1
    lays = lambda events: any(e.kind == "lay" for e in events)   # noqa: E731
    cardkit.run(state, bots, stop=lays)
    assert state.is_over or lays(state.events[-1:]) or state.events[-1].kind == "quiet"
    moves = len(state.history)
    last_choice = {s: (lambda view, actions: actions[-1]) for s in range(3)}   # plain functions as policies
    played = cardkit.run(state, last_choice, max_moves=2)
    assert len(state.history) - moves == 2 or state.is_over
    assert all(e.rule.startswith("toy.") for e in played)


def test_round_ends_are_kept_only_when_asked_for():
    state = toy(["A1", "B1", "B2", "A2", "B3", "C1"])
    state.keep_round_ends = True
    state.apply(Lay(("A1",)))
    state.apply(PASS, seat=1)                          # no snap
    state.apply(PASS)                                  # seat 1's turn
    state.apply(Lay(("B1", "B2")))
    (end,) = state.round_ends
    assert end.title == "The game is over" and end.view.seats[0]["hand"] == []
    quiet = toy(["A1", "B1", "B2", "A2", "B3", "C1"])
    for move in state.history:
        quiet.apply(move.action, move.seat)
    assert quiet.round_ends == []


@pytest.mark.parametrize("options, message", [
    ({"speed": 1.5}, "option speed must be from 0.0 to 1.0"),
    ({"speed": "fast"}, "option speed must be a number"),
    ({"speed": True}, "option speed must be a number"),
    ({"style": "loud"}, "option style must be one of 'calm', 'wild'"),
    ({"extras": {"D": 1}}, "unknown name\\(s\\) 'D'; allowed: A, B"),
    ({"extras": {"A": 4}}, "the count of 'A' must be a whole number from 0 to 3"),
    ({"extras": ["A"]}, "must be a table of name -> count"),
])
def test_option_kinds_say_what_is_allowed(options, message):
    with pytest.raises(ValueError, match=message):
        ToyGame(players=2, seed=1, **options)


def test_option_kinds_give_their_values():
    game = ToyGame(players=2, seed=1, speed=1, style="wild", extras={"B": 2})
    assert game.options == {"speed": 1.0, "style": "wild", "extras": {"A": 0, "B": 2}}
    assert [o.kind for o in ToyGame.option_specs] == ["float", "choice", "table"]
    assert ToyGame.option_specs[1].title == "How to play"


def test_move_reads_as_its_seat_and_action():
    move = Move((1, Lay(("A1",))))
    assert str(move) == "Player 1: Lay A1" and (move.seat, move.action) == (1, Lay(("A1",))) == move


def test_history_is_read_as_moves_and_survives_copies():
    state = toy(["A1", "A2", "B1", "A3", "C1", "C2"])
    state.apply(Lay(("A1",)))
    state.apply(PASS, seat=1)
    history = state.history
    assert [type(m) for m in history] == [Move, Move] and history[-1].seat == 1 and history[0].action == Lay(("A1",))
    assert history == [(0, Lay(("A1",))), (1, PASS)] and (1, PASS) in history
    assert [m.seat for m in history[1:]] == [1] and [m.seat for m in reversed(history)] == [1, 0]
    for twin in (state.clone().history, pickle.loads(pickle.dumps(history)), history.copy()):
        assert twin == history and type(twin[0]) is Move


def test_a_stacked_pile_names_itself_in_its_errors():
    """A game with several stackable piles (trump21's trumps=[...]) says which pile is wrong."""
    from collections import Counter

    from cardkit.core import stacked_deck

    rng = random.Random(1)
    pile = stacked_deck(Counter({"A": 1, "B": 2}), ["b", "a"], rng, str.upper, name="trumps")
    assert pile[-2:] == ["A", "B"] and sorted(pile) == ["A", "B", "B"]
    with pytest.raises(ValueError, match=r"^trumps: 'a' named more often than the pack has it \(1 in the pack\)"):
        stacked_deck(Counter({"A": 1}), ["A", "a"], rng, str.upper, name="trumps")
    with pytest.raises(ValueError, match=r"^deck: 'A' named more often"):
        stacked_deck(Counter({"A": 1}), ["A", "A"], rng, str.upper)


HUGE = 10 ** 5000           # an int Python will not even write out: repr() of it raises ValueError


@pytest.mark.parametrize("options, message", [
    ({"speed": 10 ** 400}, "option speed must be a number from 0.0 to 1.0, got <a whole number of about 401 digits>"),
    ({"speed": float("nan")}, "option speed must be a number from 0.0 to 1.0, got nan"),
    ({"speed": float("inf")}, "option speed must be a number from 0.0 to 1.0, got inf"),
    ({"speed": -float("inf")}, "option speed must be a number from 0.0 to 1.0, got -inf"),
    ({"speed": [0.5]}, r"option speed must be a number from 0.0 to 1.0, got \[0.5\]"),
    ({"speed": None}, "option speed must be a number from 0.0 to 1.0, got None"),
    ({"style": ["calm"]}, r"option style must be one of 'calm', 'wild', got \['calm'\]"),
    ({"style": {"calm": 1}}, "option style must be one of 'calm', 'wild', got {'calm': 1}"),
    ({"extras": {"A": HUGE}}, "the count of 'A' must be a whole number from 0 to 3, got <a whole number of about 5001"),
    ({"extras": {"A": 1.0}}, "the count of 'A' must be a whole number from 0 to 3, got 1.0"),
    ({"extras": {"A": float("nan")}}, "the count of 'A' must be a whole number from 0 to 3, got nan"),
    ({"extras": {7: 1}}, "unknown name\\(s\\) 7; allowed: A, B"),
    ({"extras": "A"}, "must be a table of name -> count, e.g. {'A': 2}, got 'A'"),
])
def test_option_kinds_refuse_huge_numbers_nan_infinity_and_wrong_types_in_words(options, message):
    with pytest.raises(ValueError, match=message) as err:
        ToyGame(players=2, seed=1, **options)
    assert type(err.value) is ValueError and len(str(err.value)) < 200


@pytest.mark.parametrize("value, message", [
    (HUGE, "option target must be from 1 to 100000, got <a whole number of about 5001 digits>"),
    (-HUGE, "option target must be from 1 to 100000, got <a whole number of about 5001 digits>"),
    (200.0, "option target must be a whole number from 1 to 100000, got 200.0"),
    (float("nan"), "option target must be a whole number from 1 to 100000, got nan"),
    (True, "option target must be a whole number from 1 to 100000, got True"),
    ([200], r"option target must be a whole number from 1 to 100000, got \[200\]"),
], ids=shown)
def test_a_whole_number_option_refuses_huge_numbers_floats_and_wrong_types_in_words(value, message):
    with pytest.raises(ValueError, match=message):
        cardkit.make("flip7", players=2, seed=1, target=value)


@pytest.mark.parametrize("game_id", cardkit.list_games())
@pytest.mark.parametrize("players", [HUGE, -HUGE, 2.0, "3", True, [3], float("nan")], ids=shown)
def test_make_refuses_bad_players_in_words(game_id, players):
    with pytest.raises(ValueError, match=f"{game_id}: players must be from .* got ") as err:
        cardkit.make(game_id, players=players, seed=1)
    assert type(err.value) is ValueError and len(str(err.value)) < 200


@pytest.mark.parametrize("seed", [HUGE, 10 ** 30, -10 ** 30, 1.0, "7", True, [7], float("inf")], ids=shown)
def test_a_seed_is_a_whole_number_of_at_most_30_digits(seed):
    """A longer seed would play, but the game could not be shown or saved (repr and JSON refuse an
    int of more than 4,300 digits), so it is refused at once, in words."""
    with pytest.raises(ValueError, match="flip7: seed must be a whole number of at most 30 digits, got "):
        cardkit.make("flip7", players=2, seed=seed)
    for fine in (10 ** 30 - 1, -(10 ** 30 - 1), 0):
        assert cardkit.make("flip7", players=2, seed=fine).seed == fine
