"""One test per Frantic rule clause, special card and event, each through stacked piles.

``deal(hands, start, then)`` stacks the draw pile (``rules.stack``): hands dealt one card at a time
from Player 0 (the last seat deals), then the start card, then the cards drawn next; ``events=[...]``
stacks the event pile. Hands shorter than 7 are filled up with green and yellow numbers.
"""
from collections import Counter

import pytest

import cardkit
from cardkit import IllegalAction
from cardkit.core import Window, action_labelled
from cardkit.games.frantic import (Counterattack, Draw, Give, LuckyBastard, NiceTry, Pass, Play, Split, Stack, Steal,
                                    Wish)
from cardkit.games.frantic.cards import EVENT_SET, EVENTS, PLAY_PACK, POINTS, POWER_PACK, SC_PACK, TM_EVENTS, TM_PACK
from cardkit.games.frantic.rules import HOUSE_RULES, RULES, stack

from tests.engine.moves import act, labels, refused

def deal(hands, start="r5", then=(), events=(), seed=1, powers=(), **options):
    """The base game unless an expansion is asked for; ``powers``: each seat's power cards."""
    options.setdefault("troublemaker", False)
    options.setdefault("supercharge", False)
    n = len(hands)
    stacked = [seat[i] for i in range(2) for seat in powers] if powers else []
    return cardkit.make("frantic", players=n, seed=seed, **options).new_state(deck=stack(hands, start, then),
                                                                              events=list(events), powers=stacked)


def hand(state, seat):
    return state.view(None).seats[seat]["hand"]


def texts(state):
    return [e.text for e in state.events]


def rules_seen(events):
    return [e.rule for e in events]


def black_event(event, hands, start="r5", then=(), **kw):
    """Player 0 plays the k5 on the r5: ``event`` is revealed with Player 0 as triggerer."""
    hands = [["k5", *hands[0]], *hands[1:]]
    state = deal(hands, start, then, events=[event], **kw)
    events = act(state, "Play k5")
    assert events[1].text == f"Player 0's black card reveals the event {event}."
    return state, events


def test_every_clause_has_a_test_here():
    import sys
    names = {name for name in dir(sys.modules[__name__]) if name.startswith("test_frantic_")}
    missing = [r.id for r in RULES if "test_" + r.id.replace(".", "_") not in names]
    assert not missing, f"rule clauses without a test: {missing}"
    assert HOUSE_RULES and all(isinstance(h, str) for h in HOUSE_RULES)


def test_every_base_event_has_a_clause():
    ids = {r.id for r in RULES}
    from cardkit.games.frantic.state import EVENT_STEP
    assert {f"frantic.ev_{EVENT_STEP[e]}" for e in EVENTS} <= ids and len(EVENTS) == 20


def test_every_event_and_power_card_has_its_step():
    from cardkit.games.frantic import cards as frantic_cards
    from cardkit.games.frantic.events import EVENT_STEP, STEP_OF_EVENT
    from cardkit.games.frantic.powers import POWER_AFTER, POWER_BEFORE
    assert set(STEP_OF_EVENT) == set(frantic_cards.ALL_EVENTS)
    assert all(STEP_OF_EVENT[e].__name__ == f"_step_ev_{EVENT_STEP[e]}" for e in STEP_OF_EVENT)
    assert set(POWER_BEFORE) == set(frantic_cards.BEFORE)
    assert set(POWER_BEFORE) | set(POWER_AFTER) == set(frantic_cards.POWERS) and not set(POWER_BEFORE) & set(POWER_AFTER)


# -- the cards, set-up, the start card ------------------------------------------------------------------
def test_frantic_deck():
    game = cardkit.make("frantic", players=2, seed=1, troublemaker=False, supercharge=False)
    assert sum(PLAY_PACK.values()) == 125 and sum(game.full_deck.values()) == 145
    assert PLAY_PACK["r5"] == 2 and PLAY_PACK["k5"] == 1 and PLAY_PACK["Gift g"] == 2 and PLAY_PACK["Skip y"] == 1
    assert PLAY_PACK["Fantastic"] == 11 and PLAY_PACK["Fantastic Four"] == 5 and PLAY_PACK["Counterattack"] == 4
    assert PLAY_PACK["Equality"] == 2 and PLAY_PACK["Nice Try"] == 1 and PLAY_PACK["Fuck You"] == 1
    state = game.new_state(deck=["R5", "gift G", "fantastic four", "2nd chance b"], events=["time bomb"])
    assert {"r5", "Fantastic Four"} <= set(hand(state, 0))
    assert {"Gift g", "2nd Chance b"} <= set(hand(state, 1))
    assert [game.parse(t) for t in ("Gift green", "green5", "FANTASTIC", "fuck you")] == [
        "Gift g", "g5", "Fantastic", "Fuck You"]
    with pytest.raises(ValueError, match="unknown Frantic card 'r0'"):
        game.new_state(deck=["r0"])
    with pytest.raises(ValueError, match="Black Hole is a Troublemaker event; turn the option troublemaker on"):
        game.new_state(events=["Black Hole"])
    with pytest.raises(ValueError, match="unknown Frantic event 'Black Hol'"):
        game.new_state(events=["Black Hol"])
    with pytest.raises(ValueError, match="unknown Frantic card 'Time Bomb'"):
        game.new_state(deck=["Time Bomb"])
    with pytest.raises(ValueError, match="named more often"):
        game.new_state(deck=["k5", "k5"])
    refused(state, Play("zz"), "frantic.deck")


def test_frantic_setup():
    state = deal([["r1"], ["r2"], ["r3"]])
    view = state.view(1)
    assert view.facts["hand_sizes"] == [7, 7, 7]
    assert hand(state, 0)[0] == "r1" and hand(state, 1)[0] == "r2"
    assert view.seats[0]["hand"] == [None] * 7 and view.seats[1]["hand"] == hand(state, 1)
    assert len(view.table["deck"]) == 125 - 21 - 1 and set(view.table["deck"]) == {None}
    assert view.table["events"] == [None] * 20 and view.table["revealed"] == []
    assert view.facts["dealer"] == 2 and state.current_player == 0
    assert view.unseen["r1"] == 2 and sum(view.unseen[e] for e in EVENTS) == 20
    assert cardkit.make("frantic", players=4, seed=1).options["limit"] == 154
    assert cardkit.make("frantic", players=5, seed=1).options["limit"] == 137
    assert cardkit.make("frantic", players=5, seed=1, limit=50).options["limit"] == 50
    for bad in (1, 9):
        with pytest.raises(ValueError, match="players must be from 2 to 8"):
            cardkit.make("frantic", players=bad)
    assert cardkit.make("frantic", players=3).options["troublemaker"] is False     # the game in its box:
    assert cardkit.make("frantic", players=3).options["supercharge"] is False      # the expansions are options


def test_frantic_start_card():
    # a black start card triggers an event with the dealer as triggerer: Expansion from Player 0
    state = deal([["r1"], ["r2"]], start="k4", events=["Expansion"])
    assert state.view(None).table["revealed"] == ["Expansion"]
    assert [len(hand(state, s)) for s in range(2)] == [8, 9] and state.current_player == 0
    # a special's effect is the dealer's: the Gift's target, then the cards
    state = deal([["r1"], ["b9"], ["r2", "r3", "r4", "b1", "b2", "b3", "b4"]], start="Gift r")
    assert state.current_player == 2 and labels(state) == ["Play Gift r → Player 0", "Play Gift r → Player 1"]
    act(state, "Play Gift r → Player 0", "Give r2 r3")
    assert len(hand(state, 0)) == 9 and len(hand(state, 2)) == 5 and state.current_player == 0
    # a wisher's wish is the dealer's
    state = deal([["r1"], ["r2"]], start="Fantastic")
    assert state.current_player == 1 and "Wish blue" in labels(state)
    act(state, "Wish 3")
    assert state.view(0).facts["wish"] == "3" and state.current_player == 0
    # Fuck You on top: the first player may play anything, even black
    state = deal([["k7", "b2"], ["r2"]], start="Fuck You")
    assert {"Play k7", "Play b2"} <= set(labels(state))


# -- a turn ---------------------------------------------------------------------------------------------
def test_frantic_turn():
    state = deal([["r1", "b9", "b8", "b7", "b6", "b4", "b3"], ["r2"]], start="r5")
    assert labels(state) == ["Play r1", "Draw"]
    refused(state, Play("r2"), "frantic.turn")                     # Player 1's card
    refused(state, Play("r1"), "frantic.turn", seat=1)             # not Player 1's turn
    refused(state, "Play r1", "frantic.turn")                      # a label is not an action
    refused(state, Pass(), "frantic.draw")
    act(state, "Play r1")
    assert state.view(None).table["discard"][-1] == "r1" and state.current_player == 1
    # nothing fits: you must draw
    state = deal([["b9", "b8", "b7", "b6", "b4", "b3", "b2"], ["r2"]], start="r5")
    assert labels(state) == ["Draw"]


def test_frantic_draw():
    state = deal([["r1", "b9", "b8", "b7", "b6", "b4", "b3"], ["r2"]], start="r5", then=["r7"])
    act(state, "Draw")                                             # instead of the r1 that fits
    assert "r7" in hand(state, 0) and state.current_player == 0
    assert labels(state) == ["Play r1", "Play r7", "Pass"]
    refused(state, Draw(), "frantic.draw")
    act(state, "Play r7")
    assert state.current_player == 1
    state = deal([["r1"], ["r2"]], start="r5", then=["b1"])
    act(state, "Draw", "Pass")
    assert state.current_player == 1 and len(hand(state, 0)) == 8


def test_frantic_match():
    state = deal([["r9", "b5", "Skip b", "g1"], ["b1", "Skip y", "y2"]], start="Skip r")
    act(state)                                                     # Player 0 has no Counterattack: passes
    assert state.current_player == 1                               # the dealer's start card skipped Player 0
    assert {"Play Skip y → Player 0"} <= set(labels(state))        # symbol on symbol
    refused(state, Play("b1"), "frantic.match")
    act(state, "Play Skip y → Player 0")                           # symbol on symbol
    assert state.current_player == 1
    state = deal([["r9", "b5", "g7", "y1"], ["b1"]], start="r5")
    assert {"Play r9", "Play b5"} <= set(labels(state))            # colour, number
    message = refused(state, Play("g7"), "frantic.match")
    assert "neither" in message


def test_frantic_event_without_the_event_cards():
    """The option events=False (the explorer's "event set off"): no event cards, a black card reveals nothing."""
    game = cardkit.make("frantic", players=2, seed=1, troublemaker=False, supercharge=False, events=False)
    assert not any(card in EVENT_SET for card in game.full_deck)
    state = game.new_state(deck=stack([["k5", "r6"], ["b5"]], "r5", ()))
    assert state.view(None).table["events"] == [] and state.view(None).table["revealed"] == []
    events = act(state, "Play k5")
    assert "reveals nothing" in " ".join(e.text for e in events) and state.view(None).table["revealed"] == []
    assert state.current_player == 1
    with pytest.raises(ValueError, match="events"):
        game.new_state(deck=stack([["k5"], ["b5"]], "r5", ()), events=["Doomsday"])


def test_frantic_four_colour():
    state = deal([["Fantastic", "Fantastic Four", "Counterattack", "Equality", "Nice Try", "b1", "b2"], ["g3"]],
                 start="y9")
    assert set(labels(state)) >= {"Play Fantastic", "Play Fantastic Four", "Play Counterattack", "Play Nice Try",
                                  "Play Equality as a plain wish"}
    act(state, "Play Counterattack", "Wish green")                  # on its turn Counterattack is a wish
    assert state.view(1).facts["wish"] == "g" and state.current_player == 1


def test_frantic_black():
    state = deal([["k5", "k6", "r6"], ["b5"]], start="r5", events=["Friday the 13th"])
    assert "Play k5" in labels(state) and "Play k6" not in labels(state)
    assert "black card goes only on its number" in refused(state, Play("k6"), "frantic.black")
    events = act(state, "Play k5")
    assert "frantic.event" in rules_seen(events) and state.current_player == 1
    assert "Play b5" in labels(state)                             # a coloured 5 goes on the black 5
    # black is never played on black, and black cannot be wished
    state = deal([["Fantastic", "k7"], ["k3"]], start="k6", events=["Friday the 13th"])
    assert "Play k7" not in labels(state)
    act(state, "Play Fantastic")
    assert "Wish k" not in labels(state)
    refused(state, Wish("k"), "frantic.black")
    act(state, "Wish 3")
    assert "Play k3" in labels(state)                              # a black card on a wish for its number


def test_frantic_wish():
    state = deal([["Fantastic", "b1"], ["r7", "g7", "b3", "Skip r", "Fantastic"]], start="y2")
    act(state, "Play Fantastic")
    assert labels(state) == ["Wish red", "Wish green", "Wish blue", "Wish yellow"] + [f"Wish {n}" for n in range(1, 10)]
    act(state, "Wish 7")
    assert set(labels(state)) >= {"Play r7", "Play g7", "Play Fantastic"}
    assert "Play Skip r" not in labels(state)
    assert "7 is wished" in refused(state, Play("b3"), "frantic.wish")
    # a colour wish stays until a card covers it
    act(state, "Draw", "Pass")
    assert state.view(0).facts["wish"] == "7"
    state = deal([["Equality", "b1"], ["r7", "b2"]], start="y2")
    act(state, "Play Equality as a plain wish")
    assert labels(state) == ["Wish red", "Wish green", "Wish blue", "Wish yellow"]     # a colour wisher
    act(state, "Wish blue")
    assert "Play b2" in labels(state) and "Play r7" not in labels(state)
    act(state, "Play b2")
    assert state.view(0).facts["wish"] is None and state.view(0).facts["top"] == "b2"


def test_frantic_plain_wish():
    state = deal([["Fantastic Four"], ["r2"]], start="y2")
    events = act(state, "Play Fantastic Four as a plain wish", "Wish red")
    assert "frantic.plain_wish" in rules_seen(events)
    assert [len(hand(state, s)) for s in range(2)] == [6, 7] and state.current_player == 1
    refused(state, Play("r2", plain=True), "frantic.plain_wish")


# -- the specials -----------------------------------------------------------------------------------------
def test_frantic_fantastic():
    state = deal([["Fantastic"], ["r2"]], start="k9", events=["Friday the 13th"])
    assert "Play Fantastic" in labels(state)                        # even on black
    act(state, "Play Fantastic", "Wish yellow")
    assert state.view(1).facts["wish"] == "y" and state.current_player == 1


def test_frantic_fantastic_four():
    state = deal([["Fantastic Four"], ["r2"], ["r3"]], start="y2")
    act(state, "Play Fantastic Four", "Wish 4")
    assert "Player 1 draws 2, Player 2 draws 2" in labels(state) and "Player 1 draws 4" in labels(state)
    assert len(labels(state)) == 5 and not any("Player 0" in x for x in labels(state))
    refused(state, Split((0, 1, 1, 1)), "frantic.no_self_punish")
    act(state, "Player 1 draws 1, Player 2 draws 3")
    assert [len(hand(state, s)) for s in range(3)] == [6, 8, 10] and state.current_player == 1


def test_frantic_counterattack():
    # Player 0 gives Player 1 a Gift; Player 1 counters and turns it on Player 2
    state = deal([["Gift r", "r1", "r2"], ["Counterattack", "b1", "b2"], ["g1"]], start="r5")
    act(state, "Play Gift r → Player 1")
    assert state.to_act() == [1] and state.current_player == 1
    assert labels(state) == ["Counterattack → Player 2", "Counterattack → Player 0", "Pass"]
    assert state.view(0).current_player is None and state.view(2).current_player is None   # nobody learns who
    assert state.view(1).current_player == 1
    act(state, "Counterattack → Player 2", "Wish blue")
    assert state.view(None).table["discard"][-1] == "Counterattack"
    act(state, "Give b1 b2")                                         # the counter-attacker gives their own cards
    assert "b1" in hand(state, 2) and len(hand(state, 0)) == 6 and len(hand(state, 1)) == 4
    assert state.current_player == 1                                # play goes on after Player 0
    assert state.view(1).facts["wish"] == "b"


def test_frantic_counterattack_chain_of_depth_three():
    state = deal([["Skip r", "Counterattack"], ["Counterattack"], ["Counterattack"]], start="r5")
    act(state, "Play Skip r → Player 1")
    act(state, "Counterattack → Player 2", "Wish red")              # 1 counters onto 2
    assert state.to_act() == [2]
    act(state, "Counterattack → Player 0", "Wish green")            # 2 counters back onto 0
    assert state.to_act() == [0]
    act(state, "Counterattack → Player 1", "Wish blue")             # 0 counters onto 1, who has none left
    counters = [e for e in state.events if e.kind == "counter"]
    assert [e.seat for e in counters] == [1, 2, 0]
    assert state.current_player == 2 and "Player 1 sits out this turn." in texts(state)
    assert state.view(2).facts["wish"] == "b"


def play_only(state, label):
    """One move by its label, leaving any reaction window after it open (``act`` passes those)."""
    state.apply({str(a): a for a in state.legal_actions()}[label])


def test_frantic_reaction_window():
    # Skip on Player 1: asked whether they hold a Counterattack or not; Player 0 sees the same either way
    seen = []
    for second, third in ((["b1"], ["Counterattack"]), (["Counterattack"], ["b1"])):
        state = deal([["Skip r", "r1"], second, third], start="r5")
        play_only(state, "Play Skip r → Player 1")
        assert type(state.decision) is Window and state.to_act() == [1]
        seen.append(state.view(0))
    assert seen[0] == seen[1] and seen[0].status == "Round 1: waiting for reactions."
    state = deal([["Skip r", "r1"], ["b1"], ["Counterattack"]], start="r5")
    play_only(state, "Play Skip r → Player 1")
    assert labels(state) == ["Pass"]                               # Player 2's Counterattack is not theirs
    assert "holds no Counterattack" in refused(state, Counterattack(2), "frantic.counterattack", seat=1)
    act(state, "Pass")
    assert state.history[-1] == (1, Pass()) and "Player 1 will sit out their next turn." in texts(state)
    # Nice Try: every player with cards, in order from the one after the player, none of them holding it
    pairs = ["r1", "g1", "r2", "g2", "r3", "g3"]
    state = deal([["k5", *pairs], ["b9"], ["b8"]], events=["Mating Season"])
    play_only(state, "Play k5")
    assert state.to_act() == [1, 2] and labels(state) == ["Pass"]
    refused(state, NiceTry(), "frantic.nice_try", seat=1)
    act(state, "Pass", "Pass")
    assert [m.seat for m in state.history[-2:]] == [1, 2] and state.view(None).facts["round"] == 2
    # Lucky Bastard (Troublemaker): every player, the triggerer last
    state = deal([["k5"], ["b1"], ["b2"]], events=["Third Time Lucky"], then=NUMBERS, troublemaker=True)
    play_only(state, "Play k5")
    assert state.to_act() == [1, 2, 0] and labels(state) == ["Pass"]
    act(state, "Pass", "Pass", "Pass")
    assert "Player 0's black card reveals the event Third Time Lucky." in texts(state)
    # no window for a card the game leaves out (Lucky Bastard without Troublemaker) ...
    state = deal([["k5"], ["b1"], ["b2"]], events=["Third Time Lucky"], then=NUMBERS)
    play_only(state, "Play k5")
    assert len(state.history) == 1 and "Player 0's black card reveals the event Third Time Lucky." in texts(state)
    # ... or whose every copy lies face up on the discard pile (the one Nice Try, here the start card)
    state = deal([["r5"], ["k5", *pairs], ["b8"]], start="Nice Try", events=["Mating Season"])
    act(state, "Wish red", "Play r5")
    play_only(state, "Play k5")
    assert len(state.history) == 3 and state.view(None).facts["round"] == 2


def test_frantic_equality():
    state = deal([["Equality", "r1", "r2", "r3"], ["b1", "b2"]], start="b5", then=["r9", "r8"])
    act(state, "Draw", "Pass", "Play b1", "Draw", "Pass", "Play b2")    # Player 0: 9 cards, Player 1: 5
    assert state.current_player == 0
    assert "Play Equality → Player 1" in labels(state)
    act(state, "Play Equality → Player 1", "Wish red")
    assert len(hand(state, 1)) == 8 == len(hand(state, 0))
    # nobody with fewer cards: only the plain wish
    state = deal([["Equality"], ["b1"]], start="y2")
    assert [x for x in labels(state) if "Equality" in x] == ["Play Equality as a plain wish"]
    refused(state, Play("Equality", 1), "frantic.equality")


def test_frantic_nice_try():
    # Player 0 empties their hand through Mating Season; Player 1 throws Nice Try: Player 0 draws 3
    pairs = ["r1", "g1", "r2", "g2", "r3", "g3"]
    state, events = black_event("Mating Season", [pairs, ["Nice Try", "b9", "b8", "b7", "b6", "b4", "b3"]])
    assert hand(state, 0) == [] and state.to_act() == [1]
    assert labels(state) == ["Nice Try", "Pass"]
    act(state, "Nice Try", "Wish blue")
    assert len(hand(state, 0)) == 3 and state.current_player == 1 and state.view(1).facts["round"] == 1
    # nobody holds it: the round ends at once
    state, _ = black_event("Mating Season", [pairs, ["b9", "b8", "b7", "b6", "b4", "b3", "b2"]])
    assert state.view(None).facts["round"] == 2


def test_frantic_nice_try_with_two_empty_hands():
    p0 = ["r1", "g1", "r2", "g2", "r3", "g3"]
    p1 = ["b4", "y4", "r4", "b6", "y6", "b7", "y7"]
    p2 = ["Nice Try", "b9", "y8", "g5", "b3", "y1", "b2"]
    state, _ = black_event("Mating Season", [p0, p1, p2])
    assert hand(state, 0) == [] and hand(state, 1) == [] and state.to_act() == [2]
    act(state, "Nice Try", "Wish green")
    assert len(hand(state, 0)) == 3 and len(hand(state, 1)) == 3 and state.current_player == 1


def test_frantic_second_chance():
    state = deal([["2nd Chance r", "r1", "b2"], ["g3"]], start="r5")
    act(state, "Play 2nd Chance r")
    assert state.current_player == 0 and "Play r1" in labels(state) and "Draw" not in labels(state)
    assert "2nd Chance" in refused(state, Draw(), "frantic.second_chance")
    act(state, "Play r1")
    assert state.current_player == 1
    # nothing fits: draw one, which may be played
    state = deal([["2nd Chance r", "b1", "b2", "b3", "b4", "b6", "b7"], ["g3"]], start="r5", then=["r8"])
    act(state, "Play 2nd Chance r")
    assert labels(state) == ["Draw"]
    act(state, "Draw", "Play r8")
    assert state.current_player == 1


def test_frantic_exchange():
    state = deal([["Exchange b", "b1", "b2", "b3"], ["r2", "r3"]], start="b5")
    act(state, "Play Exchange b → Player 1")
    assert "Give b1 b2" in labels(state) and not any("Exchange" in x for x in labels(state))
    act(state, "Give b1 b2")
    assert {"b1", "b2"} <= set(hand(state, 1)) and len(hand(state, 1)) == 7 and len(hand(state, 0)) == 6
    took = Counter(hand(state, 0)) - Counter(["b3", "g1", "g1", "g2"])
    assert sum(took.values()) == 2 and "frantic.exchange" in rules_seen(state.events)


def test_frantic_gift():
    state = deal([["Gift b", "b1", "b2", "b3"], ["r2", "r3"]], start="b5")
    assert {"Play Gift b → Player 1"} == {x for x in labels(state) if "Gift" in x}
    act(state, "Play Gift b → Player 1", "Give b1 b3")
    assert {"b1", "b3"} <= set(hand(state, 1)) and len(hand(state, 1)) == 9 and len(hand(state, 0)) == 4
    # Fuck You is never given on purpose
    state = deal([["Gift b", "Fuck You", "b1", "b2"], ["r2"]], start="b5")
    act(state, "Play Gift b → Player 1")
    assert not any("Fuck You" in x for x in labels(state))
    refused(state, Give(("Fuck You", "b1")), "frantic.fuck_you")


def test_frantic_skip():
    state = deal([["Skip r", "Skip b", "r1"], ["b1"], ["g1"]], start="r5")
    act(state, "Play Skip r → Player 1")
    assert state.current_player == 2 and "Player 1 sits out this turn." in texts(state)
    state = deal([["Skip r"], ["Skip b"], ["g1"]], start="r5")
    act(state, "Play Skip r → Player 2")                            # Player 1 plays, Player 2 is skipped
    act(state, "Play Skip b → Player 2")                            # again before it happened: nothing more
    assert any("already to be skipped" in t for t in texts(state))
    assert state.current_player == 0                               # Player 2 sat out once


def test_frantic_fuck_you():
    state = deal([["Fuck You", "b1"], ["g1"]], start="r5")
    assert "Play Fuck You" not in labels(state)
    assert "exactly 10 cards" in refused(state, Play("Fuck You"), "frantic.fuck_you")
    for _ in range(3):
        act(state, "Draw", "Pass", "Draw", "Pass")
    assert len(hand(state, 0)) == 10 and "Play Fuck You" in labels(state)
    act(state, "Play Fuck You")
    assert state.view(None).table["discard"][-1] == "Fuck You" and state.view(1).facts["top"] == "r5"
    assert POINTS["Fuck You"] == 42


def test_frantic_classroom_names_call_fuck_you_ten_cards_in_rules_moves_and_log():
    """Option classroom_names (class pages): the 42-point card reads "Ten Cards" wherever a person reads
    it, in each language; the engine's notation and the card's rules stay the box's."""
    from cardkit import i18n
    plain = deal([["Fuck You", "b1"], ["g1"]], start="r5")
    state = deal([["Fuck You", "b1"], ["g1"]], start="r5", classroom_names=True)
    reason = refused(state, Play("Fuck You"), "frantic.fuck_you")
    assert "Ten Cards may be played only with exactly 10 cards" in reason and "Fuck" not in reason
    for _ in range(3):
        act(state, "Draw", "Pass", "Draw", "Pass")
        act(plain, "Draw", "Pass", "Draw", "Pass")
    play = action_labelled(state.legal_actions(), "Play Fuck You")          # the notation stays
    assert play.label_for(0) == "Play Ten Cards" and play.label_for(None) == "Play Ten Cards"
    assert action_labelled(plain.legal_actions(), "Play Fuck You").label_for(0) == "Play Fuck You"
    with i18n.using("de"):
        assert play.label_for(0) == "Zehn Karten spielen"
    with i18n.using("fr"):
        assert play.label_for(0) == "Jouer Dix cartes"
    with i18n.using("sv"):
        assert play.label_for(0) == "Spela Tio kort"
    events = act(state, "Play Fuck You")
    assert events[0].text == "Player 0 plays Ten Cards with exactly 10 cards: play goes on on the card below."
    with i18n.using("de"):
        assert events[0].text_for(0) == "Du spielst Zehn Karten mit exakt zehn Karten: es geht mit der Karte darunter weiter."
    assert state.view(None).table["discard"][-1] == "Fuck You" and state.view(1).facts["top"] == "r5"
    rules = state.game.rules
    assert state.game.rule("frantic.fuck_you").title == "Ten Cards"
    assert not any("Fuck You" in rule.title + rule.text for rule in rules)
    assert [rule.id for rule in rules] == [rule.id for rule in plain.game.rules]
    assert plain.game.rule("frantic.fuck_you").title == "Fuck You"


def test_frantic_no_self_punish():
    state = deal([["Gift r", "Skip r", "Exchange r"], ["Counterattack"], ["g1"]], start="r5")
    assert not any(x.endswith("→ Player 0") for x in labels(state))
    assert "nobody punishes themselves" in refused(state, Play("Gift r", 0), "frantic.no_self_punish")
    act(state, "Play Skip r → Player 1")
    assert "Counterattack → Player 1" not in labels(state)
    refused(state, Counterattack(1), "frantic.no_self_punish", seat=1)


def test_frantic_last_card():
    # Gift as the last card still names a target, who counters and gives two cards back: no round end
    state = deal([["Gift r", "r1", "r2", "r3", "r4", "r6", "r7"], ["Counterattack", "b1", "b2", "b3"], ["g1"]],
                 start="r5")
    for card in ["r1", "r2", "r3", "r4", "r6", "r7"]:               # the others draw and pass meanwhile
        act(state, f"Play {card}")
        while state.current_player != 0:
            act(state, "Draw", "Pass")
    assert hand(state, 0) == ["Gift r"]
    act(state, "Play Gift r → Player 1")
    assert hand(state, 0) == [] and state.to_act() == [1]
    act(state, "Counterattack → Player 0", "Wish blue")
    assert state.current_player == 1 and labels(state)[0].startswith("Give")
    act(state, labels(state)[0])
    assert len(hand(state, 0)) == 2 and state.view(None).facts["round"] == 1 and state.current_player == 1


# -- events ---------------------------------------------------------------------------------------------------
def test_frantic_event():
    state, events = black_event("Friday the 13th", [["b1"], ["g1"]])
    assert events[1].text == "Player 0's black card reveals the event Friday the 13th."
    view = state.view(1)
    assert view.table["revealed"] == ["Friday the 13th"] and len(view.table["events"]) == 19
    assert view.unseen["Friday the 13th"] == 0 and view.unseen["Time Bomb"] == 1
    # a used-up event pile takes this round's revealed events, shuffled
    state.events_pile.clear()
    state.revealed[:] = EVENTS
    state._base = len(state.agenda)
    state.then(state._step_event, 1)
    state._run()
    assert any("shuffled into a new one" in t for t in texts(state))
    assert len(state.revealed) == 1 and len(state.events_pile) == 19


def test_frantic_first_affected():
    state, _ = black_event("Expansion", [[], [], []])
    assert [len(hand(state, s)) for s in range(3)] == [6 + 3, 7 + 1, 7 + 2]


def test_frantic_ties():
    # Robin Hood: Players 1 and 2 tie for the most cards: Player 1 is nearer (first affected)
    state = deal([["k5", "Fantastic Four"], ["b1"], ["b2"], ["b3"]], start="r5", events=["Robin Hood"])
    act(state, "Play Fantastic Four", "Wish 5", "Player 1 draws 2, Player 2 draws 2")
    act(state, "Draw", "Pass", "Draw", "Pass", "Draw", "Pass")          # Players 1 to 3 draw
    before = [list(hand(state, s)) for s in range(4)]                 # 5, 10, 10, 8
    act(state, "Play k5")
    assert hand(state, 0) == before[1] and hand(state, 1) == [c for c in before[0] if c != "k5"]
    assert hand(state, 2) == before[2]


def test_frantic_ev_charity():
    state = deal([["k5", "Fantastic Four"], ["b1"], ["b2"]], start="r5", events=["Charity"])
    act(state, "Play Fantastic Four", "Wish 5", "Player 1 draws 2, Player 2 draws 2")
    act(state, "Draw", "Pass", "Draw", "Pass")
    sizes = [len(hand(state, s)) for s in range(3)]                   # 6, 10, 10
    act(state, "Play k5")                                             # Players 1 and 2 tie: Player 0 draws from both
    assert [len(hand(state, s)) for s in range(3)] == [sizes[0] - 1 + 2, 9, 9]


def test_frantic_ev_communism():
    state, _ = black_event("Communism", [[], [], []])
    assert [len(hand(state, s)) for s in range(3)] == [7, 7, 7]
    state = deal([["k5", "Fantastic Four"], ["b1"]], start="r5", events=["Communism"])
    act(state, "Play Fantastic Four", "Wish 5", "Player 1 draws 4", "Draw", "Pass", "Play k5")
    assert [len(hand(state, s)) for s in range(2)] == [12, 12]


def test_frantic_ev_doomsday():
    state, _ = black_event("Doomsday", [[], []])
    assert state.scores == [50, 50] and state.view(None).facts["round"] == 2


def test_frantic_ev_earthquake():
    state = deal([["k5", "r1"], ["b1"], ["y3"]], start="r5", events=["Earthquake"])
    before = [list(hand(state, s)) for s in range(3)]
    act(state, "Play k5")
    assert hand(state, 1) == [c for c in before[0] if c != "k5"] and hand(state, 2) == before[1]
    assert hand(state, 0) == before[2]


def test_frantic_ev_expansion():
    state, _ = black_event("Expansion", [[], [], [], []])
    assert [len(hand(state, s)) for s in range(4)] == [6 + 4, 7 + 1, 7 + 2, 7 + 3]


def test_frantic_ev_finish_line():
    state, _ = black_event("Finish Line", [["b1", "b2", "b3", "b4", "b6", "b7"], ["Fuck You", "Gift b"]])
    assert state.scores[0] == 1 + 2 + 3 + 4 + 6 + 7
    assert state.scores[1] == 42 + 7 + sum(POINTS[c] for c in ["g1", "g1", "g2", "g2", "g3"])
    assert state.view(None).facts["round"] == 2


def test_frantic_ev_friday():
    state, events = black_event("Friday the 13th", [[], []])
    assert "nothing happens" in events[-1].text and [len(hand(state, s)) for s in range(2)] == [6, 7]


def test_frantic_ev_gambling_man():
    # last colour played: red (the r5 under the k5). Lowest red number each; the highest takes all
    state, _ = black_event("Gambling Man", [["r2", "r8"], ["r6", "r9"], ["b1"]])
    assert Counter(hand(state, 1)) >= Counter(["r2", "r6", "r9"]) and "r2" not in hand(state, 0)
    assert len(hand(state, 2)) == 9                                   # no red number: draw 2
    # no colour played yet: no effect
    state = deal([["Fantastic", "k5"], ["b1"]], start="Fuck You", events=["Gambling Man"])
    act(state, "Play Fantastic", "Wish 5", "Draw", "Pass", "Play k5")
    assert "no effect" in texts(state)[-1]


def test_frantic_ev_market():
    state, _ = black_event("Market", [[], [], []], then=["b1", "r9", "b1"])
    assert state.view(1).table["market"] == ["b1", "r9", "b1"] and state.current_player == 1
    assert labels(state) == ["Take r9", "Take b1"]
    act(state, "Take r9")
    assert "r9" in hand(state, 1) and hand(state, 2).count("b1") == 1 and hand(state, 0).count("b1") == 1
    assert "market" not in state.view(1).table and state.current_player == 1


def test_frantic_ev_market_card_nobody_takes_goes_under_the_draw_pile():
    # Player 1 is exempt (Lucky Bastard): three cards turn up, two players take one each
    state = tm_deal([["k5"], ["Lucky Bastard"], []], events=["Market"], then=["b1", "r9", "b2"])
    act(state, "Play k5", "Lucky Bastard", "Wish blue", "Take r9", "Take b1")
    assert "r9" in hand(state, 2) and "b1" in hand(state, 0) and "b2" not in hand(state, 1)
    assert "market" not in state.view(None).table and state.view(None).table["deck"][-1] == "b2"
    assert "Nobody took blue 2: it goes under the draw pile." in texts(state)        # named in full


def test_frantic_ev_mating_season():
    state, _ = black_event("Mating Season", [["r1", "b1", "y1", "r7", "Gift r", "k3"], ["b9"]])
    assert hand(state, 0) == ["r7", "k3", "Gift r"]
    assert "r1" in state.view(None).table["discard"][:6] and state.view(1).facts["top"] == "k5"


def test_frantic_ev_merry_christmas():
    state, _ = black_event("Merry Christmas", [[], [], []])
    assert state.current_player == 1 and len(state.view(1).seats[1]["giving"]) == 7
    assert state.view(2).seats[1]["giving"] == [None] * 7
    while state.current_player == 1:
        act(state, [x for x in labels(state) if x.endswith("Player 2")][0])
    assert len(hand(state, 2)) == 7 and state.current_player == 2
    while state.current_player == 2:
        act(state, [x for x in labels(state) if x.endswith("Player 0")][0])
    while state.current_player == 0 and labels(state)[0].startswith("Give"):
        act(state, [x for x in labels(state) if x.endswith("Player 1")][0])
    assert [len(hand(state, s)) for s in range(3)] == [7, 6, 7] and state.current_player == 1


def test_frantic_ev_mexican_standoff():
    state, _ = black_event("Mexican Standoff", [[], []], then=["b1", "b2", "b3", "b4", "b6", "b7"])
    assert [len(hand(state, s)) for s in range(2)] == [3, 3]
    assert Counter(hand(state, 1) + hand(state, 0)) == Counter(["b1", "b2", "b3", "b4", "b6", "b7"])
    assert set(hand(state, 1)) == {"b1", "b2", "b3"}


def test_frantic_ev_recession():
    state, _ = black_event("Recession", [[], [], []])
    assert state.current_player == 1 and labels(state)[0].startswith("Discard")
    act(state, labels(state)[0])
    assert state.current_player == 2
    for _ in range(2):
        act(state, labels(state)[0])
    assert state.current_player == 0
    for _ in range(3):
        act(state, labels(state)[0])
    assert [len(hand(state, s)) for s in range(3)] == [3, 6, 5]


def test_frantic_ev_robin_hood():
    state = deal([["k5", "Fantastic Four"], ["b1"]], start="r5", events=["Robin Hood"])
    act(state, "Play Fantastic Four", "Wish 5", "Player 1 draws 4", "Draw", "Pass")
    big = list(hand(state, 1))
    act(state, "Play k5")
    assert hand(state, 0) == big and len(hand(state, 1)) == 5


def test_frantic_ev_surprise_party():
    state, _ = black_event("Surprise Party", [[], [], []])
    assert state.current_player == 1
    act(state, [x for x in labels(state) if x.endswith("Player 0")][0])
    act(state, [x for x in labels(state) if x.endswith("Player 1")][0])
    act(state, [x for x in labels(state) if x.endswith("Player 2")][0])
    assert [len(hand(state, s)) for s in range(3)] == [6, 7, 7] and state.current_player == 1


def test_frantic_ev_all_seeing_eye():
    state, _ = black_event("The All-Seeing Eye", [[], [], []])
    assert state.view(1).seats[2]["hand"] == hand(state, 2) and state.view(1).facts["eye"]
    assert not any(state.view(2).unseen[c] for c in hand(state, 0))
    act(state, "Draw", "Pass", "Draw", "Pass")
    assert state.view(1).seats[2]["hand"] == [None] * 8 and not state.view(1).facts["eye"]


def test_frantic_ev_third_time_lucky():
    state, _ = black_event("Third Time Lucky", [[], [], []])
    assert [len(hand(state, s)) for s in range(3)] == [9, 10, 10]


def test_frantic_ev_time_bomb():
    # three more turns each, then the round ends and every hand counts double
    state, _ = black_event("Time Bomb", [[], []])
    assert state.view(0).facts["bomb"] == [3, 2]                     # Player 1's first counted turn has begun
    for _ in range(3):
        act(state, "Draw", "Pass", "Draw", "Pass")
    assert state.view(None).facts["round"] == 2 and "goes off" in " ".join(texts(state))
    # a player who empties their hand in time scores −10, everyone else +10 on top of their hand
    state = deal([["k4", "Fantastic", "k5", "r1", "g1", "r2", "g2"], ["b9", "b8", "y7", "y6", "Gift b", "b3", "y2"]],
                 start="r4", then=["Skip y", "Exchange g"], events=["Time Bomb", "Mating Season"])
    act(state, "Play k4", "Draw", "Pass", "Play Fantastic", "Wish 5", "Draw", "Pass", "Play k5")
    assert state.view(None).facts["round"] == 2
    assert state.scores == [-10, 9 + 8 + 7 + 6 + 7 + 3 + 2 + 7 + 7 + 10]


def test_frantic_ev_tornado():
    state = deal([["k5", "Fantastic Four"], ["b1"], ["b2"]], start="r5", events=["Tornado"])
    act(state, "Play Fantastic Four", "Wish 5", "Player 1 draws 3, Player 2 draws 1", "Draw", "Pass", "Draw", "Pass")
    before = Counter(c for s in range(3) for c in hand(state, s)) - Counter(["k5"])
    act(state, "Play k5")
    assert Counter(c for s in range(3) for c in hand(state, s)) == before
    assert [len(hand(state, s)) for s in range(3)] == [8, 9, 8]         # 25 dealt from Player 1


def test_frantic_ev_tornado_leaves_a_lucky_bastards_hand_alone():
    state = tm_deal([["k5"], ["Lucky Bastard", "b1"], ["y9"]], events=["Tornado"])
    before = [hand(state, s) for s in range(3)]
    act(state, "Play k5", "Lucky Bastard", "Wish blue")
    assert hand(state, 1) == [c for c in before[1] if c != "Lucky Bastard"]
    assert Counter(hand(state, 0) + hand(state, 2)) == Counter(before[0] + before[2]) - Counter(["k5"])
    assert [len(hand(state, s)) for s in (0, 2)] == [6, 7]          # 13 cards dealt from Player 2


def test_frantic_ev_vandalism():
    state, _ = black_event("Vandalism", [["r1", "Gift r", "b1"], ["r2", "Skip r", "b9"]])
    assert not any(c[0] == "r" or c.endswith(" r") for c in hand(state, 0) + hand(state, 1))
    assert "b1" in hand(state, 0) and "b9" in hand(state, 1)


# -- round end, scoring, game end ------------------------------------------------------------------------------
def test_frantic_round_end():
    # an empty hand ends the round after the Nice Try window
    pairs = ["r1", "g1", "r2", "g2", "r3", "g3"]
    state, events = black_event("Mating Season", [pairs, ["b9"]])
    assert "Player 0 has no cards left." in texts(state) and state.view(None).facts["round"] == 2
    # someone must draw from an empty draw pile: the round ends at once
    state = deal([["b1"], ["b2"]], start="r5", seed=3, limit=10000)
    while state.view(None).facts["deck"]:
        act(state, "Draw", "Pass")
    if any(x.startswith("Play") for x in labels(state)):            # who can play must play
        refused(state, Draw(), "frantic.round_end")
    while state.view(None).facts["round"] == 1:
        act(state, "Draw" if "Draw" in labels(state) else labels(state)[0])
    assert any("must draw from an empty draw pile: the round ends" in t for t in texts(state))


def test_frantic_round_end_finishes_an_event_first():
    state = deal([["k5"], ["b2"]], start="r5", events=["Third Time Lucky"], limit=10000)
    while state.view(None).facts["deck"] > 2 or state.current_player != 0:
        act(state, "Draw", "Pass")
    sizes = [len(hand(state, s)) for s in range(2)]
    state.keep_round_ends = True
    events = act(state, "Play k5")                                   # Player 1 gets the last 2 cards, Player 0 none
    said = [e.text for e in events]
    assert any("finished as well as it can be" in t for t in said) and "Everyone draws 3." in said
    assert state.view(None).facts["round"] == 2
    ended = state.round_ends[-1].view
    assert [len(ended.seats[s]["hand"]) for s in range(2)] == [sizes[0] - 1, sizes[1] + 2]
    assert ended.table["deck"] == []


def test_frantic_scoring():
    pairs = ["r1", "g1", "r2", "g2", "r3", "g3"]
    p1 = ["Fuck You", "Gift b", "b9", "y8", "g7", "Fantastic", "b1"]
    state, _ = black_event("Mating Season", [pairs, p1])
    assert state.scores == [0, 42 + 7 + 9 + 8 + 7 + 7 + 1]


def test_frantic_next_dealer():
    pairs = ["r1", "g1", "r2", "g2", "r3", "g3"]
    state, _ = black_event("Mating Season", [pairs, ["Fuck You", "b9"], ["b1", "b2"]])
    assert state.view(None).facts["dealer"] == 1 and state.view(None).facts["round"] == 2
    # a tie (Doomsday: 50 each) goes to the first of them after the last dealer
    state, _ = black_event("Doomsday", [[], [], []])
    assert state.view(None).facts["dealer"] == 0


def test_frantic_end():
    pairs = ["r1", "g1", "r2", "g2", "r3", "g3"]
    state, _ = black_event("Mating Season", [pairs, ["Fuck You"], ["b1"]], limit=40)
    assert state.is_over and state.winners == [0] and "game is over" in texts(state)[-1]
    with pytest.raises(IllegalAction) as err:
        state.apply(Draw())
    assert err.value.rule == "frantic.end"
    # a tie for the lowest shares the win
    state, _ = black_event("Doomsday", [[], []], limit=10)
    assert state.is_over and state.winners == [0, 1]


def test_every_clause_has_a_demo_that_plays_to_its_end():
    from cardkit.games.frantic.rules import DEMOS
    assert set(DEMOS) == {r.id for r in RULES}
    for rule_id, demo in DEMOS.items():
        game = cardkit.make("frantic", players=demo["players"], seed=demo.get("seed", 0), **demo["options"])
        state = game.new_state(deck=demo["deck"], **demo.get("piles", {}))
        for label in demo["actions"]:
            action = action_labelled(state.legal_actions(), label)
            if action is None:
                state.pass_unanswerable()          # as the stepper does: a window nobody can answer
                action = action_labelled(state.legal_actions(), label)
            assert action is not None, (rule_id, label, labels(state))
            state.apply(action)


# -- Troublemaker ---------------------------------------------------------------------------------------------
TM = {"troublemaker": True}
#: Cards for the draws an event makes (so that no Lucky Bastard turns up by chance).
NUMBERS = ["b1", "b2", "b3", "b4", "b6", "b7", "b8", "b9", "r1", "r2", "r3", "r4"]


def tm_deal(hands, start="r5", then=(), events=(), **options):
    """Troublemaker on (Supercharge off unless asked for)."""
    return deal(hands, start, then, events, **TM, **options)


def tm_event(event, hands, then=(), **options):
    return black_event(event, hands, then=then, **TM, **options)


def first(state, prefix):
    """Apply the first legal action whose label starts with ``prefix``."""
    action = next(a for a in state.legal_actions() if str(a).startswith(prefix))
    return state.apply(action)


def nobody_reacts(state, kind):
    """Every seat a ``kind`` window ("counter", "lucky") asks passes, if one is open: a window may ask
    seats by their position alone, whatever they hold."""
    while type(state.decision) is Window and state.decision.kind == kind:
        state.apply(Pass())


def test_frantic_troublemaker_cards():
    game = cardkit.make("frantic", players=2, seed=1, troublemaker=True, supercharge=False)
    assert game.options["troublemaker"] and sum(TM_PACK.values()) == 22
    assert sum(game.full_deck.values()) == 125 + 22 + 20 + 14 and set(TM_EVENTS) <= set(game.full_deck)
    assert TM_PACK["Inequality"] == 2 and TM_PACK["Special Favours"] == 3 and TM_PACK["Lucky Bastard"] == 1
    assert sorted(c for c in TM_PACK if c.startswith("Colour Swap")) == [
        "Colour Swap by", "Colour Swap gb", "Colour Swap gy", "Colour Swap rb", "Colour Swap rg", "Colour Swap ry"]
    assert TM_PACK["Thief y"] == TM_PACK["Troublemaker r"] == TM_PACK["Curse"] == TM_PACK["Mimicry"] == 1
    assert POINTS["Curse"] == 13 and POINTS["Mimicry"] == 7 and POINTS["Colour Swap rg"] == 7
    state = game.new_state(deck=["thief green", "Colour Swap rg"], events=["+1", "black hole"])
    assert "Thief g" in hand(state, 0) and "Colour Swap rg" in hand(state, 1)
    assert state.view(None).table["events"][:2] == ["Plus One", "Black Hole"]
    base = cardkit.make("frantic", players=2, seed=1, troublemaker=False, supercharge=True)
    with pytest.raises(ValueError, match="Curse is a Troublemaker card; turn the option troublemaker on"):
        base.new_state(deck=["Curse"])
    assert not set(TM_PACK) & set(base.full_deck)


def test_frantic_inequality():
    state = tm_deal([["Inequality"], ["b5"]])
    act(state, "Draw", "Pass", "Play b5")                  # Player 0 holds 8, Player 1 6
    act(state, "Play Inequality → Player 1", "Wish red")
    assert len(hand(state, 0)) == 6 and len(hand(state, 1)) == 7
    assert "Player 1 draws 1 card blindly from Player 0 and now holds more." in texts(state)
    # countered: the counter-attacker becomes the one drawn from
    state = tm_deal([["Inequality", "r1", "r2"], ["Counterattack"]])
    act(state, "Play Inequality → Player 1", "Wish red", "Counterattack → Player 0", "Wish blue")
    assert len(hand(state, 0)) == 7 and len(hand(state, 1)) == 5
    assert "Play Inequality as a plain wish" in labels(tm_deal([["Inequality"], []]))
    state = tm_deal([["Inequality"], []])
    act(state, "Play Inequality → Player 1", "Wish red")
    assert "Player 1 already holds more cards than Player 0: nothing happens." in texts(state)
    # as the last card: nothing left to draw from
    state = tm_deal([["Inequality", *["r1", "r2", "r3", "r4", "r6", "r7"]], ["b5"]])
    for card in ["r1", "r2", "r3", "r4", "r6", "r7"]:
        act(state, f"Play {card}", "Draw", "Pass")
    act(state, "Play Inequality → Player 1", "Wish red")
    assert "Player 0 has no cards left for Player 1 to draw: nothing happens." in texts(state)


def test_frantic_lucky_bastard():
    state = tm_deal([["k5"], ["Lucky Bastard"]], events=["Third Time Lucky"])
    act(state, "Play k5")
    assert labels(state) == ["Lucky Bastard", "Pass"] and state.current_player == 1
    act(state, "Lucky Bastard", "Wish blue")
    assert len(hand(state, 0)) == 6 + 3 and len(hand(state, 1)) == 6
    assert "Player 1 throws in Lucky Bastard: the coming event passes them by." in texts(state)
    assert state.view(None).facts["wish"] == "b"
    # not thrown in: everyone is hit
    state = tm_deal([["k5"], ["Lucky Bastard"]], events=["Third Time Lucky"])
    act(state, "Play k5", "Pass")
    assert len(hand(state, 1)) == 10
    # on one's own turn it is a plain colour wish
    state = tm_deal([["Lucky Bastard"], ["b1"]])
    act(state, "Play Lucky Bastard", "Wish blue", "Play b1")
    refused(state, LuckyBastard(), "frantic.lucky_bastard")


def test_frantic_special_favours():
    state = tm_deal([["Special Favours", "Gift r", "Fuck You", "Curse", "r1"], ["Skip b", "Fantastic", "b1"]])
    act(state, "Play Special Favours → Player 1", "Wish red")
    assert {"Skip b", "Fantastic", "Fuck You", "r1"} <= set(hand(state, 0)) and "Gift r" not in hand(state, 0)
    assert {"Gift r", "Curse", "b1"} <= set(hand(state, 1)) and "Fantastic" not in hand(state, 1)


def test_frantic_colour_swap():
    state = tm_deal([["Colour Swap rg", "Colour Swap gb"], ["g1", "r1", "b1", "Colour Swap by"]])
    refused(state, Play("Colour Swap gb"), "frantic.match")
    act(state, "Play Colour Swap rg")
    assert "The colour changes from red to green." in texts(state) and state.view(None).facts["wish"] == "g"
    refused(state, Play("r1"), "frantic.wish")
    act(state, "Play g1")
    # as the start card, the dealer chooses one of its colours
    state = tm_deal([[], []], start="Colour Swap by")
    assert state.current_player == 1 and labels(state) == ["Wish blue", "Wish yellow"]
    act(state, "Wish yellow")
    assert state.view(None).facts["wish"] == "y" and state.current_player == 0


def test_frantic_colour_swap_on_colour_swap():
    # symbol on symbol: the blue-yellow Colour Swap goes on the red-green one; its player chooses
    state = tm_deal([["Colour Swap rg", "b1"], ["Colour Swap by", "Colour Swap gb", "g1"]])
    act(state, "Play Colour Swap rg")                               # on red: play goes on in green
    assert "Play Colour Swap by" in labels(state) and "Play Colour Swap gb" in labels(state)
    act(state, "Play Colour Swap by")
    assert state.current_player == 1 and labels(state) == ["Wish blue", "Wish yellow"]
    act(state, "Wish blue", "Play b1")
    # one that shares the colour in play swaps it as usual: green to blue, no choice
    state = tm_deal([["Colour Swap rg"], ["Colour Swap gb"]])
    act(state, "Play Colour Swap rg", "Play Colour Swap gb")
    assert state.view(None).facts["wish"] == "b" and state.current_player == 0
    # a wish a power card made is no Colour Swap's colour: Black Wish still bars it
    state = sc_deal([["Colour Swap rg"], ["Colour Swap by"]])
    act(state, "Play Colour Swap rg + Black Wish")
    refused(state, Play("Colour Swap by"), "frantic.wish")


def test_frantic_thief():
    state = tm_deal([["Thief r"], ["Fuck You", "b1", "Gift b"]])
    act(state, "Play Thief r → Player 1")
    assert not any("Fuck You" in x for x in labels(state)) and "Steal b1 Gift b" in labels(state)
    refused(state, Steal(("b1", "Fuck You")), "frantic.thief")
    act(state, "Steal b1 Gift b")
    assert {"b1", "Gift b"} <= set(hand(state, 0)) and "Fuck You" in hand(state, 1) and len(hand(state, 1)) == 5


def test_frantic_thief_looks_at_the_victims_hand_while_choosing():
    state = tm_deal([["Thief r"], ["Fuck You", "b1", "Gift b"], ["y9"]])
    hidden = [None] * 7
    assert state.view(0).seats[1]["hand"] == hidden
    act(state, "Play Thief r → Player 1")
    nobody_reacts(state, "counter")
    assert state.view(0).seats[1]["hand"] == hand(state, 1) and state.view(0).unseen["Fuck You"] == 0
    assert state.view(0).seats[2]["hand"] == hidden                  # only the victim's hand
    assert state.view(2).seats[1]["hand"] == hidden and state.view(2).unseen["Fuck You"] == 1
    assert state.view(1).seats[0]["hand"] == [None] * 6
    act(state, "Steal b1 Gift b")
    assert state.view(0).seats[1]["hand"] == [None] * 5 and state.view(0).unseen["Fuck You"] == 1


def test_frantic_troublemaker():
    state = tm_deal([["Troublemaker r"], []], events=["Third Time Lucky"])
    act(state, "Play Troublemaker r")
    assert "Player 0's Troublemaker reveals the event Third Time Lucky." in texts(state)
    assert len(hand(state, 0)) == 9 and len(hand(state, 1)) == 10


def test_frantic_curse():
    state = tm_deal([["Curse", "Gift r", "r1"], []])
    assert not any("Curse" in x and x.startswith("Play") for x in labels(state))
    refused(state, Play("Curse"), "frantic.curse")
    act(state, "Play Gift r → Player 1", "Give r1 Curse")           # effects pass it on
    assert "Curse" in hand(state, 1)
    state, _ = tm_event("Mexican Standoff", [["Curse"], []], then=["b1", "b2", "b3", "b4", "b6", "b7"])
    assert "Curse" in hand(state, 0) and len(hand(state, 0)) == 4      # never discarded


def test_frantic_mimicry():
    state = tm_deal([["Mimicry"], ["b1"], ["g1"]])
    assert "Play Mimicry as Skip r → Player 1" in labels(state)
    assert not any(x.startswith("Play Mimicry as Skip b") for x in labels(state))
    assert not any(x.startswith(f"Play Mimicry as {c}") for x in labels(state) for c in ("Curse", "Fuck You",
                                                                                         "Mimicry"))
    refused(state, Play("Mimicry", 1, False, "Skip b"), "frantic.mimicry")
    refused(state, Play("Mimicry", None, False, "Curse"), "frantic.mimicry")
    assert "choose one of them" in refused(state, Play("Mimicry"), "frantic.mimicry")
    act(state, "Play Mimicry as Skip r → Player 1")
    assert state.current_player == 2 and state.view(None).facts["top"] == "Skip r"
    state = tm_deal([["Mimicry"], ["b1"]])
    act(state, "Play Mimicry as Fantastic Four", "Wish blue", "Player 1 draws 4")
    assert len(hand(state, 1)) == 11


def test_frantic_ev_black_hole():
    state, _ = tm_event("Black Hole", [[], ["k1", "k2"], ["k3", "b1"]])
    assert {"k1", "k2", "k3"} <= set(hand(state, 0)) and len(hand(state, 0)) == 9
    assert not any(c.startswith("k") for c in hand(state, 1) + hand(state, 2))


def test_frantic_ev_capitalism():
    state, _ = tm_event("Capitalism", [[], []])
    assert [len(hand(state, s)) for s in (0, 1)] == [12, 14]


def test_frantic_ev_crowdfunding():
    state, _ = tm_event("Crowdfunding", [[], ["b1"], ["b2"]])
    assert state.current_player == 1 and all(x.endswith("→ Player 0") for x in labels(state))
    act(state, "Give b1 → Player 0")
    first(state, "Give")
    assert [len(hand(state, s)) for s in (0, 1, 2)] == [8, 6, 6] and "b1" in hand(state, 0)


def test_frantic_ev_distributor():
    state, _ = tm_event("Distributor", [["r1"], ["b1"], ["y1"]])
    assert labels(state) == ["Player 1's cards → Player 0", "Player 2's cards → Player 0"]
    refused(state, Stack(0, 0), "frantic.turn")
    assert "b1" in state.view(0).seats[1]["giving"]              # the triggerer sees the stacks
    assert state.view(2).seats[1]["giving"] == [None] * 7
    act(state, "Player 2's cards → Player 0", "Player 0's cards → Player 1")
    assert "y1" in hand(state, 0) and "r1" in hand(state, 1) and "b1" in hand(state, 2)
    assert [len(hand(state, s)) for s in (0, 1, 2)] == [7, 6, 7]


def test_frantic_ev_double_taxation():
    state, _ = tm_event("Double Taxation", [["Fuck You", "r9", "Gift r"], ["b8", "b7", "b6", "b1"]])
    assert state.scores == [42 + 9 + 7, 8 + 7 + 6]


def test_frantic_ev_event_manager():
    state, _ = tm_event("Event Manager", [[], []], )
    state = tm_deal([["k5"], []], events=["Event Manager", "Third Time Lucky", "Friday the 13th", "Capitalism"])
    act(state, "Play k5")
    assert labels(state) == ["Choose Third Time Lucky", "Choose Friday the 13th", "Choose Capitalism"]
    assert state.view(1).table["offered"] == ["Third Time Lucky", "Friday the 13th", "Capitalism"]
    act(state, "Choose Capitalism")
    assert [len(hand(state, s)) for s in (0, 1)] == [12, 14]
    assert state.events_pile[:2] == ["Third Time Lucky", "Friday the 13th"]     # under the pile
    assert state.revealed == ["Event Manager", "Capitalism"]
    # only as far as the event pile allows
    state = tm_deal([["k5"], []], events=["Event Manager", "Capitalism"])
    state.revealed += state.events_pile[:-2]
    del state.events_pile[:-2]
    act(state, "Play k5")
    assert [len(hand(state, s)) for s in (0, 1)] == [12, 14] and not state.events_pile


def test_frantic_ev_identity_theft():
    state = tm_deal([["k5"], [], []], events=["Identity Theft"])
    state.totals[:] = [10, 30, 20]                                     # earlier rounds
    act(state, "Play k5")
    assert state.scores == [30, 10, 20]


def test_frantic_ev_last_chance():
    state, _ = tm_event("Last Chance", [[], []])
    assert state.view(1).facts["lasting"] == ["Last Chance"]
    pairs = ["r1", "g1", "r2", "g2", "r3", "g3"]
    state = tm_deal([["k5", *pairs], ["b9"]], events=["Plague", "Last Chance", "Mating Season", "Friday the 13th"],
                    limit=10000)
    act(state, "Play k5")
    assert "Player 0 got rid of their last card: Last Chance triggers another event." in texts(state)
    assert "Player 0's Last Chance reveals the event Friday the 13th." in texts(state)
    assert state.view(None).facts["round"] == 2 and state.view(None).facts["lasting"] == []


def test_frantic_ev_plague():
    state, _ = tm_event("Plague", [[], []])
    state = tm_deal([["k5"], []], events=["Plague", "Third Time Lucky", "Capitalism"], then=NUMBERS[:6])
    act(state, "Play k5")
    assert [len(hand(state, s)) for s in (0, 1)] == [18, 20]
    # only as far as the event pile allows, and the second event even after a round-ending first
    state = tm_deal([["k5"], []], events=["Plague", "Finish Line"], limit=10000)
    state.revealed += state.events_pile[:-2]
    del state.events_pile[:-2]
    act(state, "Play k5")
    assert "The event pile is empty: no further event." in texts(state)
    assert state.view(None).facts["round"] == 2 and "Finish Line: the round ends; everyone counts their hand." in texts(
        state)
    state = tm_deal([["k5"], []], events=["Plague", "Finish Line", "Third Time Lucky"], limit=10000)
    act(state, "Play k5")
    assert "Everyone draws 3." in texts(state) and state.view(None).facts["round"] == 2


def test_frantic_ev_plus_one():
    state, _ = tm_event("Plus One", [[], []])
    assert state.view(0).facts["lasting"] == ["Plus One"] and state.view(1).facts["in_force"] == "Plus One"
    act(state, "Draw")
    assert len(hand(state, 1)) == 9


def test_frantic_ev_plus_one_adds_a_card_only_to_a_draw():
    # Special Charge on a hand without specials draws nothing, Plus One or not
    state = sc_deal([["k5", "r5"], ["b1", "b2"]], events=["Plus One"], then=["b3", "b4"],
                    powers=[["Special Charge", "Looping"], POWERS2[1]])
    act(state, "Play k5")
    nobody_reacts(state, "lucky")
    act(state, "Draw", "Pass")
    assert len(hand(state, 1)) == 9                                  # a draw of one takes two
    act(state, "Play r5 + Special Charge", "Aim at Player 1")
    assert len(hand(state, 1)) == 9 and "Player 1 draws one card per special in their hand: 0 cards." in texts(state)


def test_frantic_ev_repeat():
    state, _ = tm_event("Repeat", [[], []])
    assert "No other event has been revealed this round: Repeat has no effect." in texts(state)
    state = tm_deal([["k5"], []], events=["Plague", "Third Time Lucky", "Repeat"], then=NUMBERS)
    act(state, "Play k5")
    assert labels(state) == ["Choose Plague", "Choose Third Time Lucky"]
    act(state, "Choose Third Time Lucky")
    assert [len(hand(state, s)) for s in (0, 1)] == [12, 13]


def test_frantic_ev_russian_roulette():
    state, _ = tm_event("Russian Roulette", [["r1"], ["b1"]])
    assert state.current_player == 1 and "laid" not in state.view(0).table
    act(state, "Lay b1")
    assert state.view(0).table["laid"] == [None] and state.view(None).table["laid"] == ["b1"]
    act(state, "Lay r1")
    assert sorted(state.deck[-2:]) == ["b1", "r1"] and "laid" not in state.view(None).table


def test_frantic_ev_seppuku():
    state, _ = tm_event("Seppuku", [[], []], then=["r9", "Gift b"])
    assert labels(state) == ["Commit Seppuku", "Take 21 points"]
    act(state, "Commit Seppuku", "Commit Seppuku")
    assert state.scores == [42, -21] and state.discard[:2] == ["Gift b", "r9"]
    state, _ = tm_event("Seppuku", [[], []])
    act(state, "Take 21 points", "Take 21 points")
    assert state.scores == [21, 21]


def test_frantic_ev_trust_fall():
    state, _ = tm_event("Trust Fall", [[], ["b1", "b2"], []])
    assert labels(state) == ["Pick Player 2", "Pick Player 0"]
    act(state, "Pick Player 0")
    first(state, "Give")
    assert state.current_player == 2
    act(state, "Pick Player 1")
    act(state, "Give b1 b2")
    act(state, "Pick Player 2")
    first(state, "Give")
    assert [len(hand(state, s)) for s in (0, 1, 2)] == [6 - 2 + 2, 7 + 2 - 2, 7 - 2 + 2]
    assert {"b1", "b2"} <= set(hand(state, 2))


def test_frantic_lucky_bastard_exempts_from_events_one_by_one():
    # Earthquake passes the hands round the others; the exempt player keeps theirs
    state = tm_deal([["k5", "r1"], ["Lucky Bastard", "b1"], ["y9"]], events=["Earthquake"])
    act(state, "Play k5", "Lucky Bastard", "Wish blue")
    assert "b1" in hand(state, 1) and "y9" in hand(state, 0) and "r1" in hand(state, 2)
    # Distributor leaves the exempt hand out
    state = tm_deal([["k5", "r1"], ["Lucky Bastard", "b1"], ["y9"]], events=["Distributor"])
    act(state, "Play k5", "Lucky Bastard", "Wish blue")
    assert "b1" in hand(state, 1) and "y9" in hand(state, 0) and "r1" in hand(state, 2)
    # nobody gives the exempt player anything, and they give nothing
    state = tm_deal([["k5"], ["Lucky Bastard", "b1"], ["y9"]], events=["Surprise Party"])
    act(state, "Play k5", "Lucky Bastard", "Wish blue")
    assert all(not x.endswith("→ Player 1") for x in labels(state)) and state.current_player == 2
    # each event Plague reveals has its own window
    state = tm_deal([["k5"], ["Lucky Bastard"]], events=["Plague", "Third Time Lucky", "Capitalism"], then=NUMBERS)
    act(state, "Play k5", "Pass")
    assert state.current_player == 1 and labels(state) == ["Lucky Bastard", "Pass"]
    act(state, "Lucky Bastard", "Wish blue")
    # Player 1 is exempt from Third Time Lucky only; Capitalism then doubles both hands
    assert [len(hand(state, s)) for s in (0, 1)] == [(6 + 3) * 2, (7 - 1) * 2]


# -- Supercharge ----------------------------------------------------------------------------------------------
POWERS2 = [["Looping", "Black Wish"], ["Open Hands", "Number Wish"]]


def sc_deal(hands, start="r5", then=(), events=(), powers=None, **options):
    """Both expansions on; ``powers``: each seat's two power cards (by default POWERS2 and more Loopings)."""
    if powers is None:
        powers = (POWERS2 + [["Looping", "Troublecharger"]])[:len(hands)]
    return deal(hands, start, then, events, powers=powers, troublemaker=True, supercharge=True, **options)


def sc_event(event, hands, then=(), powers=None, **options):
    hands = [["k5", *hands[0]], *hands[1:]]
    state = sc_deal(hands, then=then, events=[event], powers=powers, **options)
    act(state, "Play k5")
    return state


def test_frantic_supercharge_cards():
    game = cardkit.make("frantic", players=2, seed=1, troublemaker=True, supercharge=True)
    assert sum(SC_PACK.values()) == 15 and sum(POWER_PACK.values()) == 24 and set(POWER_PACK.values()) == {2}
    assert sum(game.full_deck.values()) == 125 + 22 + 15 + 20 + 14 + 9 + 24
    assert SC_PACK["Edison"] == SC_PACK["Update"] == 5 and SC_PACK["Recharge b"] == SC_PACK["The End"] == 1
    assert POINTS["The End"] == 17 and POINTS["Edison"] == 7
    base = cardkit.make("frantic", players=2, seed=1, troublemaker=True, supercharge=False)
    with pytest.raises(ValueError, match="The End is a Supercharge card; turn the option supercharge on"):
        base.new_state(deck=["The End"])
    with pytest.raises(ValueError, match="power cards belong to Supercharge"):
        base.new_state(powers=["Looping"])
    with pytest.raises(ValueError, match="unknown Frantic power card 'Loop'"):
        game.new_state(powers=["Loop"])


def test_frantic_powers():
    state = sc_deal([["r1"], ["b1"]])
    mine, theirs = state.view(0).seats
    assert mine["powers"] == ["Looping", "Black Wish"] and theirs["powers"] == [None, None] and theirs["spent"] == []
    assert state.view(1).unseen["Looping"] == 2 - 0 and "Play r1 + Looping" in labels(state)
    refused(state, Play("r1", power="Open Hands"), "frantic.powers")
    act(state, "Play r1 + Black Wish")
    assert state.view(1).seats[0]["spent"] == ["Black Wish"] and state.view(1).seats[0]["powers"] == [None]
    assert not any("+" in x for x in labels(state) if "Black Wish" in x)
    # they stay over the rounds and never score
    state = sc_event("Finish Line", [[], []], limit=10000)
    assert state.view(None).facts["round"] == 2 and state.view(None).seats[0]["powers"] == ["Looping", "Black Wish"]
    score = next(e for e in state.events if e.kind == "score" and e.seat == 0)
    assert "Looping" not in score.text and "Black Wish" not in score.text


def test_frantic_recharge():
    state = sc_deal([["Recharge r", "r1"], ["b1"]])
    act(state, "Play r1 + Looping", "Draw", "Pass", "Play Recharge r + Black Wish")
    assert "Player 0 turns Looping face down again." in texts(state)
    assert state.view(None).seats[0]["powers"] == ["Looping"] and state.view(None).seats[0]["spent"] == ["Black Wish"]


def test_frantic_recharge_never_turns_back_a_power_card_of_this_turn():
    # Looping came with the 2nd Chance, Black Wish with the Recharge: neither may be turned back
    state = sc_deal([["2nd Chance r", "Recharge r"], ["b1"]])
    act(state, "Play 2nd Chance r + Looping", "Play Recharge r + Black Wish")
    assert state.view(None).seats[0]["spent"] == ["Looping", "Black Wish"]
    assert "Player 0 has no power card spent before this turn to recharge." in texts(state)


def test_frantic_edison():
    state = sc_deal([["Edison"], ["b1"]], powers=[["Looping", "Looping"], ["Open Hands", "Open Hands"]])
    act(state, "Play Edison", "Wish red")
    assert sorted(state.view(None).seats[0]["powers"]) == ["Looping", "Open Hands"]
    assert sorted(state.view(None).seats[1]["powers"]) == ["Looping", "Open Hands"]
    state = sc_deal([["Edison"], ["b1"], ["g1"]])
    act(state, "Play Edison", "Wish red")
    assert labels(state) == ["Swap power cards of Player 0 and Player 1", "Swap power cards of Player 0 and Player 2",
                             "Swap power cards of Player 1 and Player 2"]


def test_frantic_update():
    game = cardkit.make("frantic", players=2, seed=1, troublemaker=True, supercharge=True)
    state = game.new_state(deck=stack([["Update"], ["b1"]]),
                           powers=["Looping", "Open Hands", "Black Wish", "Number Wish", "Troublecharger"])
    act(state, "Play Update", "Wish red")
    assert labels(state) == ["Choose Looping", "Choose Black Wish"]
    act(state, "Choose Looping")
    assert sorted(state.view(None).seats[0]["powers"]) == ["Black Wish", "Troublecharger"]
    assert len(state.power_pile) == 20


def test_frantic_the_end():
    hand0 = ["k5", "The End", "r1", "g1", "r2", "g2", "b5"]
    state = sc_deal([hand0, ["Nice Try"]], events=["Plague", "Mating Season", "Plus One"], limit=10000)
    assert not any(x.startswith("Play The End") for x in labels(state))
    refused(state, Play("The End"), "frantic.the_end")
    act(state, "Play k5", "Draw", "Pass", "Play b5", "Draw", "Pass")
    assert "Play The End" in labels(state) and not any(x.startswith("Play The End +") for x in labels(state))
    refused(state, Play("The End", power="Looping"), "frantic.the_end")
    act(state, "Play The End")
    assert any("every running event is called off" in t for t in texts(state))
    assert state.view(None).facts["round"] == 2 and not any(e.kind == "nice_try" for e in state.events)


def test_frantic_the_end_as_start_card_or_turned_up_by_rewind_ends_nothing():
    # as the start card: nobody is out, and Nice Try still answers an emptied hand later on
    mine = ["Fantastic", "k5", "r1", "g1", "r2", "g2", "b2"]
    state = sc_deal([mine, ["Nice Try"]], start="The End", events=["Mating Season"], then=["b9"], limit=10000)
    assert not any("is out" in t for t in texts(state))
    act(state, "Play Fantastic", "Wish 5", "Draw", "Pass", "Play k5")
    nobody_reacts(state, "lucky")
    assert hand(state, 0) == [] and state.to_act() == [1] and "Nice Try" in labels(state)
    act(state, "Nice Try", "Wish blue")
    assert len(hand(state, 0)) == 3 and state.view(None).facts["round"] == 1
    # turned up by Rewind: the running events go on
    state = sc_deal([["k5"], []], events=["Plague", "Plus One", "Rewind"], then=["The End"])
    act(state, "Play k5")
    nobody_reacts(state, "lucky")
    assert state.view(None).facts["top"] == "The End" and state.view(None).facts["lasting"] == ["Plus One"]
    assert not any("is out" in t for t in texts(state))
    act(state, "Draw")
    assert len(hand(state, 1)) == 7 + 1 + 2                          # the k5 back, then two for one


def test_frantic_pw_all_draw_one():
    state = sc_deal([["r1"], ["b1"], ["g1"]], powers=[["All Draw One", "Looping"], ["Recycling"] * 2,
                                                      ["Looping", "Troublecharger"]])
    act(state, "Play r1 + All Draw One")
    assert [len(hand(state, s)) for s in range(3)] == [6, 8, 8]


def test_frantic_pw_anti_counter():
    state = sc_deal([["Gift r", "r1", "r2"], ["Counterattack"]], powers=[["Anti Counter", "Looping"], POWERS2[1]])
    act(state, "Play Gift r → Player 1 + Anti Counter")
    assert all(x.startswith("Give") for x in labels(state)) and state.current_player == 0


def test_frantic_pw_anti_counter_covers_only_the_card_played_with_it():
    state = sc_deal([["2nd Chance r", "Gift r", "r1", "r2"], ["Counterattack"]],
                    powers=[["Anti Counter", "Looping"], POWERS2[1]])
    act(state, "Play 2nd Chance r + Anti Counter", "Play Gift r → Player 1")
    assert state.to_act() == [1] and "Counterattack → Player 0" in labels(state)


def test_frantic_pw_black_wish():
    state = sc_deal([["r1"], ["b1", "k3"]])
    act(state, "Play r1 + Black Wish")
    assert state.view(None).facts["wish"] == "k"
    refused(state, Play("b1"), "frantic.wish")
    act(state, "Play k3")


def test_frantic_pw_colour_blockade():
    state = sc_deal([["b5", "r1"], ["r5", "b1"]], powers=[["Colour Blockade", "Looping"], POWERS2[1]])
    act(state, "Play b5 + Colour Blockade", "Wish red")
    assert state.view(1).facts["in_force"] == "Colour Blockade (red) until Player 0 ends their next turn"
    refused(state, Play("r5"), "frantic.pw_colour_blockade")
    act(state, "Play b1")
    refused(state, Play("r1"), "frantic.pw_colour_blockade")          # the activator too
    act(state, "Draw", "Pass")
    assert state.view(1).facts["in_force"] is None
    refused(state, Play("r5"), "frantic.match")                      # no longer barred, only not fitting


def test_frantic_pw_looping():
    state = sc_deal([["r1", "r2"], ["r3"], ["r4"]])
    act(state, "Play r1 + Looping")
    assert state.current_player == 2
    act(state, "Play r4")
    assert state.current_player == 1
    act(state, "Play r3", "Play r2")
    assert state.current_player == 1 and "Player 0's Looping is over." in texts(state)


def test_frantic_pw_number_wish():
    state = sc_deal([["r1"], ["b7"]])
    state.powers[0][1] = "Number Wish"                       # Player 0's second power card
    state.power_pile.remove("Number Wish")
    state.power_pile.append("Black Wish")
    act(state, "Play r1 + Number Wish", "Wish 7", "Play b7")


def test_frantic_pw_open_hands():
    state = sc_deal([["r1"], ["b1"], ["g1"]], powers=[["Open Hands", "Looping"], ["Recycling"] * 2,
                                                      ["Troublecharger"] * 2])
    act(state, "Play r1 + Open Hands")
    assert state.view(1).seats[2]["hand"] == hand(state, 2) and state.view(1).seats[0]["hand"] == [None] * 6
    assert state.view(None).facts["open_hands"] == [0]
    act(state, "Draw", "Pass", "Draw", "Pass")                # back to Player 0: the hands close
    assert state.view(1).seats[2]["hand"] == [None] * 8


def test_frantic_pw_random_chance():
    state = sc_deal([["r1", "b9"], ["g3"]], powers=[["Random Chance", "Looping"], POWERS2[1]])
    act(state, "Play r1 + Random Chance")
    assert "Play b9" in labels(state)
    act(state, "Play b9")
    assert state.view(None).facts["top"] == "b9" and state.current_player == 1


def test_frantic_pw_recycling():
    state = sc_deal([["r1"], ["b1"]], powers=[["Recycling", "Looping"], POWERS2[1]])
    act(state, "Play r1 + Recycling")
    assert labels(state) == ["Aim at Player 0", "Aim at Player 1"]
    act(state, "Aim at Player 1")
    assert "r1" in hand(state, 1) and state.view(None).facts["top"] == "r5" and state.discard[-1] == "r5"


def test_frantic_pw_special_charge():
    state = sc_deal([["r1"], ["Gift b", "Skip b", "Fantastic"]], powers=[["Special Charge", "Looping"], POWERS2[1]])
    act(state, "Play r1 + Special Charge", "Aim at Player 1")
    assert len(hand(state, 1)) == 10


def test_frantic_pw_special_seal():
    state = sc_deal([["r1", "Gift r"], ["Gift r", "r3"]], powers=[["Special Seal", "Looping"], POWERS2[1]])
    assert "Play r1 + Special Seal" in labels(state) and not any("Gift r" in x and "Seal" in x for x in labels(state))
    refused(state, Play("Gift r", 1, power="Special Seal"), "frantic.pw_special_seal")
    act(state, "Play r1 + Special Seal")
    refused(state, Play("Gift r", 0), "frantic.pw_special_seal")
    act(state, "Play r3")
    assert "Play Gift r → Player 1" in labels(state)                # Player 0's turn: the seal is off


def test_frantic_pw_troublecharger():
    state = sc_deal([["r1"], ["b1"]], events=["Third Time Lucky"], powers=[["Troublecharger", "Looping"], POWERS2[1]])
    act(state, "Play r1 + Troublecharger")
    assert "Player 0's Troublecharger reveals the event Third Time Lucky." in texts(state)
    assert len(hand(state, 1)) == 10


def test_frantic_ev_black_jack():
    state = sc_event("Black Jack", [[], []], then=["r9", "b9", "y9"])
    assert [len(hand(state, s)) for s in (0, 1)] == [6, 10] and {"r9", "y9", "b9"} <= set(hand(state, 1))


def test_frantic_ev_chargenado():
    state = sc_event("Chargenado", [[], []])
    assert [len(state.powers[s]) for s in (0, 1)] == [2, 2] and not any(state.spent) and len(state.power_pile) == 20


def test_frantic_ev_epic_fail():
    state = sc_event("Epic Fail", [[], ["Fuck You"]])
    assert "Fuck You" in hand(state, 0) and "Fuck You" not in hand(state, 1)
    state = sc_event("Epic Fail", [[], []])                   # from the draw pile
    assert "Fuck You" in hand(state, 0)


def test_frantic_ev_loot():
    state = sc_event("Loot", [[], []])
    assert [len(hand(state, s)) for s in (0, 1)] == [6, 7]
    assert "Player 1 takes 3 cards blindly from Player 0." in texts(state)


def test_frantic_ev_parasite():
    pairs = ["r1", "g1", "r2", "g2", "r3", "g3"]
    state = sc_deal([["k5", *pairs], ["b9"]], events=["Plague", "Parasite", "Mating Season"], limit=10000)
    act(state, "Play k5")
    assert state.current_player == 1 and "Pass" in labels(state) and "Discard b9" in labels(state)
    act(state, "Discard b9", "Pass")
    done = texts(state)
    assert done.index("Parasite: Player 1 discards blue 9.") < next(i for i, t in enumerate(done) if "Player 1 scores" in t)
    assert state.view(None).facts["round"] == 2


def test_frantic_ev_rewind():
    state = sc_event("Rewind", [[], []], then=["Gift b"])
    assert "k5" in hand(state, 1) and "r5" in hand(state, 0)
    assert state.view(None).facts["top"] == "Gift b" and all(x.startswith("Give") for x in labels(state))


def test_frantic_ev_rewind_black_card_triggers_no_event():
    state = sc_event("Rewind", [[], []], then=["k3"])
    nobody_reacts(state, "lucky")
    assert state.view(None).facts["top"] == "k3" and state.view(None).table["revealed"] == ["Rewind"]
    assert sum("reveals the event" in t for t in texts(state)) == 1 and state.current_player == 1


def test_frantic_ev_riot():
    state = sc_event("Riot", [["Gift r"], ["Skip b", "Fantastic"]])
    assert {"Skip b", "Fantastic"} <= set(hand(state, 0)) and "Gift r" in hand(state, 1)


def test_frantic_ev_supercharge():
    state = sc_event("Supercharge", [[], []])
    assert [len(state.powers[s]) for s in (0, 1)] == [2, 3] and len(state.power_pile) == 19


def test_frantic_ev_tsunami():
    state = sc_event("Tsunami", [[], ["b9"]])
    assert state.current_player == 1
    act(state, "Lay b9")
    assert "b9" in hand(state, 0) and "Player 0 cannot match 9 points and takes all 1 laid cards." in texts(state)
