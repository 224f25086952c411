"""One test per Flip 7 rule clause, each through a stacked deck (top card first)."""
from collections import Counter

import pytest

import cardkit
from cardkit import IllegalAction
from cardkit.games.flip7 import Give, Hit, Stay
from cardkit.games.flip7.rules import DEMOS, RULES

from .helpers import act, deal, line, rules_applied, seat_status


def test_flip7_deck():
    game = cardkit.make("flip7", players=2, seed=3)
    deck = game.full_deck
    assert sum(deck.values()) == 94
    assert deck["0"] == 1 and deck["1"] == 1 and deck["12"] == 12 and deck["7"] == 7
    assert [deck[c] for c in ("Freeze", "Flip Three", "Second Chance")] == [3, 3, 3]
    assert all(deck[c] == 1 for c in ("+2", "+4", "+6", "+8", "+10", "x2"))
    numbers_only = cardkit.make("flip7", players=2, seed=3, actions=False, modifiers=False).full_deck
    assert sum(numbers_only.values()) == 79 and "Freeze" not in numbers_only and "x2" not in numbers_only
    state = game.new_state()
    assert Counter(state.view(None).table["deck"]) + Counter(c for s in state.view(None).seats
                                                             for z in s.values() for c in z) == deck


def test_flip7_deal():
    state = deal(["5", "9", "12"], players=3)
    assert [line(state, s) for s in range(3)] == [["5"], ["9"], ["12"]]
    assert state.current_player == 0
    assert state.view(None).facts["deck"] == 91


def test_flip7_deal_action():
    state = deal(["7", "Freeze", "3"], players=3)
    assert state.current_player == 1
    assert state.legal_actions() == [Give("Freeze", 0), Give("Freeze", 1), Give("Freeze", 2)]
    assert line(state, 2) == []                      # the deal waits for the Freeze
    with pytest.raises(IllegalAction) as err:
        state.apply(Hit())
    assert err.value.rule == "flip7.deal_action"
    events = act(state, "Freeze → Player 0")
    assert [e.text for e in events if e.kind == "freeze"] == [
        "Player 1 freezes Player 0: out of the round with 7 points."]
    assert seat_status(state, 0) == "frozen"
    assert line(state, 2) == ["3"]                   # then the deal goes on
    assert "flip7.freeze" in rules_applied(events)
    assert state.current_player == 1                 # frozen Player 0 is skipped


def test_flip7_turn():
    state = deal(["5", "9", "6"])
    assert state.current_player == 0 and state.legal_actions() == [Hit(), Stay()]
    act(state, "Hit")
    assert state.current_player == 1
    act(state, "Stay")
    assert state.current_player == 0 and line(state, 0) == ["5", "6"]


def test_flip7_hit():
    state = deal(["5", "9", "+4", "8"])
    act(state, "Hit")
    assert line(state, 0) == ["5"] and line(state, 0, "modifiers") == ["+4"]
    act(state, "Stay", "Hit")
    assert line(state, 0) == ["5", "8"]
    assert state.view(None).facts["round_scores"][0] == 17


def test_flip7_stay():
    state = deal(["5", "9"])
    events = act(state, "Stay")
    assert seat_status(state, 0) == "stayed" and "flip7.stay" in rules_applied(events)
    act(state, "Hit")                                # only Player 1 is still asked
    assert state.current_player == 1


def test_flip7_bust():
    state = deal(["7", "9", "7"])
    events = act(state, "Hit")
    assert seat_status(state, 0) == "busted" and "flip7.bust" in rules_applied(events)
    assert state.view(None).facts["round_scores"][0] == 0
    act(state, "Stay")
    assert state.scores == [0, 9]


def test_flip7_flip7():
    state = deal(["0", "1", "2", "3", "4", "5", "6"], players=1)
    events = act(state, *["Hit"] * 6)
    assert "flip7.flip7" in rules_applied(events)
    assert state.scores == [0 + 1 + 2 + 3 + 4 + 5 + 6 + 15]
    assert state.view(None).facts["round"] == 2


def test_flip7_flip7_ends_round_mid_flip_three():
    hits = ["2", "3", "4", "10", "5", "11", "6", "12", "7", "Flip Three"]
    state = deal(["0", "1", *hits, "Freeze", "9", "8"])
    act(state, *["Hit"] * len(hits))
    assert line(state, 0) == ["0", "2", "4", "5", "6", "7"]
    events = act(state, "Flip Three → Player 0")     # flips Freeze (waits), then 9: seven unique
    assert "flip7.flip7" in rules_applied(events)
    assert state.scores == [0 + 2 + 4 + 5 + 6 + 7 + 9 + 15, 1 + 3 + 10 + 11 + 12]
    assert "Freeze" in state.view(None).table["discard"]  # the waiting Freeze never resolves
    assert line(state, 1) == ["8"]                   # the third flip never happened: 8 opens round 2


def test_flip7_action_target():
    state = deal(["5", "9", "Freeze"])
    act(state, "Hit")
    assert state.legal_actions() == [Give("Freeze", 0), Give("Freeze", 1)]   # yourself included
    alone = deal(["5", "Freeze"], players=1)
    act(alone, "Hit")
    assert alone.legal_actions() == [Give("Freeze", 0)]                      # the only active player
    state = deal(["5", "9", "4", "Freeze"], players=3)
    act(state, "Stay", "Stay", "Hit")
    assert state.current_player == 2 and state.legal_actions() == [Give("Freeze", 2)]
    with pytest.raises(IllegalAction) as err:
        state.apply(Give("Freeze", 0))                                       # Player 0 has stayed
    assert err.value.rule == "flip7.action_target"


def test_flip7_freeze():
    state = deal(["5", "9", "4", "Freeze"], players=3)
    events = act(state, "Hit", "Freeze → Player 1")
    assert "flip7.freeze" in rules_applied(events)
    assert seat_status(state, 1) == "frozen" and state.current_player == 2
    act(state, "Stay", "Stay")
    assert state.scores == [5, 9, 4]                 # frozen still scores


def test_flip7_flip_three():
    state = deal(["5", "9", "Flip Three", "2", "3", "4"])
    act(state, "Hit", "Flip Three → Player 1")
    assert line(state, 1) == ["9", "2", "3", "4"]
    assert state.current_player == 1


def test_flip7_flip_three_stops_on_bust():
    state = deal(["5", "9", "Flip Three", "9", "3", "4"])
    act(state, "Hit", "Flip Three → Player 1")
    assert seat_status(state, 1) == "busted" and line(state, 1) == ["9", "9"]
    assert state.view(None).facts["deck"] == 94 - 4   # 3 and 4 were not flipped
    act(state, "Hit")
    assert line(state, 0) == ["5", "3"]


def test_flip7_flip_three_wait():
    state = deal(["5", "9", "Flip Three", "2", "Freeze", "4"])
    events = act(state, "Hit", "Flip Three → Player 1")
    assert "flip7.flip_three_wait" in rules_applied(events)
    assert line(state, 1) == ["9", "2", "4"] and line(state, 1, "waiting") == ["Freeze"]
    assert state.current_player == 1 and state.legal_actions() == [Give("Freeze", 0), Give("Freeze", 1)]
    act(state, "Freeze → Player 0")
    assert seat_status(state, 0) == "frozen" and line(state, 1, "waiting") == []


def test_flip7_flip_three_wait_discarded_on_bust():
    state = deal(["5", "9", "Flip Three", "Freeze", "9"])
    events = act(state, "Hit", "Flip Three → Player 1")
    assert seat_status(state, 1) == "busted"
    assert line(state, 1, "waiting") == [] and "Freeze" in state.view(None).table["discard"]
    assert "flip7.flip_three_wait" in rules_applied(events)
    assert state.current_player == 0


def test_flip7_second_chance():
    state = deal(["5", "9", "Second Chance", "5"])
    act(state, "Hit")
    assert line(state, 0, "actions") == ["Second Chance"]
    events = act(state, "Stay", "Hit")
    assert "flip7.second_chance" in rules_applied(events)
    assert seat_status(state, 0) == "active" and line(state, 0) == ["5"]
    assert line(state, 0, "actions") == []
    assert state.view(None).table["discard"][-2:] == ["5", "Second Chance"]


def test_flip7_second_chance_saves_rest_of_flip_three():
    state = deal(["5", "9", "Flip Three", "Second Chance", "9", "4"])
    act(state, "Hit", "Flip Three → Player 1")
    assert seat_status(state, 1) == "active" and line(state, 1) == ["9", "4"]


def test_flip7_second_chance_pass():
    state = deal(["Second Chance", "9", "Second Chance"])
    act(state, "Hit")
    assert state.legal_actions() == [Give("Second Chance", 1)]
    with pytest.raises(IllegalAction) as err:
        state.apply(Give("Second Chance", 0))
    assert err.value.rule == "flip7.second_chance_pass"
    act(state, "Second Chance → Player 1")
    assert line(state, 1, "actions") == ["Second Chance"]
    # nobody without one: the extra Second Chance is discarded
    alone = deal(["Second Chance", "Second Chance"], players=1)
    events = act(alone, "Hit")
    assert "flip7.second_chance_pass" in rules_applied(events)
    assert alone.view(None).table["discard"] == ["Second Chance"]


def test_flip7_score():
    state = deal(["3", "4", "12", "+10", "x2"], players=1)
    act(state, "Hit", "Hit", "Hit", "Hit", "Stay")
    assert state.scores == [(3 + 4 + 12) * 2 + 10]


def test_flip7_score_bonus_after_modifiers():
    state = deal(["1", "2", "3", "4", "5", "+2", "x2", "6", "7"], players=1)
    act(state, *["Hit"] * 8)
    assert state.scores == [(1 + 2 + 3 + 4 + 5 + 6 + 7) * 2 + 2 + 15]


def test_flip7_round_end():
    state = deal(["5", "9"])
    events = act(state, "Stay", "Stay")
    assert "flip7.round_end" in rules_applied(events)
    assert state.scores == [5, 9]
    assert [e.text for e in events if e.kind == "score"] == ["Player 0 banks 5 (total 5).",
                                                              "Player 1 banks 9 (total 9)."]
    view = state.view(None)
    assert view.facts["round"] == 2
    assert {"5", "9"} <= set(view.table["discard"])   # table cards went to the discard pile


def test_flip7_reshuffle():
    game = cardkit.make("flip7", players=1, seed=5, actions=False, modifiers=False, unique=13, target=10**5)
    state = game.new_state(deck=[str(n) for n in range(13)])
    act(state, *["Hit"] * 12)                        # round 1 takes 0…12: 13 cards to the discard pile
    while state.view(None).facts["deck"] > 0:
        act(state, "Stay")                           # each round now uses one card
    dealt = line(state, 0)
    assert len(dealt) == 1 and len(state.view(None).table["discard"]) == 78
    events = act(state, "Hit")
    assert "flip7.reshuffle" in rules_applied(events)
    view = state.view(None)
    assert view.table["discard"] == [] and view.facts["deck"] == 77
    assert line(state, 0)[0] == dealt[0]             # the card on the table stayed there


def test_flip7_dealer():
    state = deal(["5", "9", "4", "7", "8", "10"], players=3)
    act(state, "Stay", "Stay", "Stay")
    assert state.view(None).facts["dealer"] == 0
    assert [line(state, s) for s in range(3)] == [["10"], ["7"], ["8"]]   # Player 1 dealt first
    assert state.current_player == 1


def test_flip7_game_end():
    state = deal(["12", "3"], target=10)
    act(state, "Stay", "Stay")
    assert state.is_over and state.winners == [0] and state.current_player is None
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction):
        state.apply(Stay())


def test_flip7_tie():
    state = deal(["12", "12", "3", "4"], target=10)
    events = act(state, "Stay", "Stay")
    assert "flip7.tie" in rules_applied(events) and not state.is_over
    act(state, "Stay", "Stay")                       # round 2: Player 1 first, 3; Player 0 4
    assert state.is_over and state.winners == [0] and state.scores == [16, 15]


def test_every_clause_has_a_test_and_demos_show_their_clause():
    names = set(globals())
    for rule in RULES:
        assert "test_" + rule.id.replace(".", "_") in names, f"no test for {rule.id}"
    for rule_id, demo in DEMOS.items():
        state = deal(demo["deck"], players=demo["players"], **demo["options"])
        events = list(state.events)
        events += act(state, *demo["actions"])
        if rule_id != "flip7.turn":
            assert rule_id in rules_applied(events), rule_id
