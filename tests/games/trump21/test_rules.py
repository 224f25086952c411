"""One test per "21 with trumps" rule clause and trump kind, each through stacked piles.

With two players, deck [a, b, c, d, e, ...] deals Player 0 the hidden a and the open c, Player 1
the hidden b and the open d; e is the top of the number deck. Unless a test says otherwise the
gamble never wins (gamble_chance=0); trump tests set gamble_chance=1 and stack the trump deck:
trumps [t0, t1, t2] fill the draw pile (2 players + 1), and the gambles draw t0, t1, t2 in turn.
"""
from collections import Counter

import pytest

import cardkit
from cardkit.games.trump21 import Close, DestroyTrump, PlayTrump, Swap, Take
from cardkit.games.trump21.cards import DEFAULT_TRUMPS, TRUMPS, best_card
from cardkit.games.trump21.rules import DEMOS, HOUSE_RULES, RULES

from tests.engine.moves import act, labels, refused


def deal(deck, players=2, seed=1, trumps=None, **options):
    options.setdefault("gamble_chance", 0.0 if trumps is None else 1.0)
    game = cardkit.make("trump21", players=players, seed=seed, **options)
    return game.new_state(deck=deck, trumps=trumps) if trumps else game.new_state(deck=deck)


def seat(state, s):
    return state.view(None).seats[s]


def table(state):
    return state.view(None).table


def rules_applied(events):
    return [e.rule for e in events]


def test_every_clause_has_a_test_and_demos_show_their_clause():
    names = set(globals())
    missing = [r.id for r in RULES if "test_" + r.id.replace(".", "_") not in names]
    assert not missing, f"rule clauses without a test: {missing}"
    ids = {r.id for r in RULES}
    assert set(DEMOS) <= ids and HOUSE_RULES
    for rule_id, demo in DEMOS.items():
        assert set(demo) >= {"players", "options", "deck", "actions", "caption"}
        game = cardkit.make("trump21", players=demo["players"], seed=demo.get("seed", 0), **demo["options"])
        state = game.new_state(deck=demo["deck"])
        events = list(state.events) + act(state, *demo["actions"])
        if rule_id not in ("trump21.turn", "trump21.trumps", "trump21.piles"):
            assert rule_id in rules_applied(events), rule_id


def test_trump21_piles():
    game = cardkit.make("trump21", players=2, seed=1, gamble_chance=0.0)
    numbers = {c: n for c, n in game.full_deck.items() if c.isdigit()}
    assert numbers == {str(v): 4 for v in range(1, 12)} and sum(numbers.values()) == 44
    assert sum(DEFAULT_TRUMPS.values()) == 24 and set(DEFAULT_TRUMPS) == set(TRUMPS)
    state = game.new_state()
    t = table(state)
    assert list(t) == ["deck", "discard", "trump_pile", "trump_deck"]
    assert (len(t["deck"]), len(t["discard"]), len(t["trump_pile"]), len(t["trump_deck"])) == (40, 0, 3, 21)
    assert set(state.view(0).table["trump_pile"]) == {None} and set(state.view(0).table["deck"]) == {None}
    assert Counter(state.all_cards()) == game.full_deck
    # names in any case and spacing; unknown tokens are named
    state = game.new_state(deck=[" 11", "1"], trumps=["perfect draw", "GO FOR 24", "damage +1", "Love Your Enemy"])
    assert seat(state, 0)["hidden"] == ["11"] and seat(state, 1)["hidden"] == ["1"]
    assert table(state)["trump_pile"] == ["Perfect Draw", "Go for 24", "Damage+1"]        # top first
    with pytest.raises(ValueError, match="unknown number card '12'"):
        game.new_state(deck=["12"])
    with pytest.raises(ValueError, match="'Shield' is a trump card; stack trumps with trumps="):
        game.new_state(deck=["Shield"])
    with pytest.raises(ValueError, match="trumps: unknown trump card 'Joker'"):
        game.new_state(trumps=["Joker"])
    with pytest.raises(ValueError, match="trumps: '7' is a number card"):
        game.new_state(trumps=["7"])
    with pytest.raises(ValueError, match=r"trumps: 'harvest' named more often than the pack has it \(1"):
        game.new_state(trumps=["Harvest", "harvest"])
    with pytest.raises(ValueError, match="named more often"):
        game.new_state(deck=["5"] * 5)


def test_trump21_deal():
    state = deal(["7", "9", "5", "10"])
    assert seat(state, 0)["hidden"] == ["7"] and seat(state, 0)["open"] == ["5"]
    assert seat(state, 1)["hidden"] == ["9"] and seat(state, 1)["open"] == ["10"]
    mine = state.view(1)
    assert mine.seats[0]["hidden"] == [None] and mine.seats[1]["hidden"] == ["9"]
    assert mine.seats[0]["open"] == ["5"] and mine.facts["target"] == 21
    assert mine.unseen["7"] == 4 and mine.unseen["9"] == 3 and sum(mine.unseen[c] for c in map(str, range(1, 12))) == 41
    assert state.current_player == 0
    state = deal(["1", "2", "3", "4", "5", "6"], players=3)
    assert [seat(state, s)["hidden"] + seat(state, s)["open"] for s in range(3)] == [["1", "4"], ["2", "5"], ["3", "6"]]


def test_trump21_turn():
    state = deal(["7", "9", "5", "10", "6"], trumps=["Shield", "Harvest", "Shield"])
    events = state.events
    assert rules_applied(events)[-1] == "trump21.gamble"          # the gamble opens the turn
    assert labels(state) == ["Play Shield", "Take", "Close"]       # trumps, then the round action
    refused(state, Take(), "trump21.turn", seat=1)                 # not Player 1's turn
    refused(state, "Take", "trump21.turn")                         # a label is not an action
    act(state, "Take")
    assert seat(state, 0)["open"] == ["5", "6"] and state.current_player == 1
    assert seat(state, 0)["trumps"] == ["Shield"]


def test_trump21_gamble():
    state = deal(["7", "9", "5", "10"], trumps=["Perfect Draw", "Shield", "Harvest"])
    assert seat(state, 0)["trumps"] == ["Perfect Draw"]
    assert state.view(1).seats[0]["trumps"] == [None] and state.view(1).unseen["Perfect Draw"] == 2
    assert state.events[-1].text == "Player 0 wins the gamble and draws a trump."   # never names it
    act(state, "Close")
    assert seat(state, 1)["trumps"] == ["Shield"]
    state = deal(["7", "9", "5", "10"])                            # gamble_chance 0: never
    assert seat(state, 0)["trumps"] == [] and "loses the turn's gamble (one in two): no trump" in state.events[-1].text
    # about one turn in two with the default chance
    wins = sum(bool(seat(cardkit.make("trump21", players=2, seed=s).new_state(), 0)["trumps"]) for s in range(400))
    assert 160 < wins < 240
    # an empty draw pile gives nothing
    state = deal(["7", "9", "5", "10", "1", "1", "1"], trumps=["Shield", "Shield", "Harvest"])
    act(state, "Take", "Take", "Take")                            # the pile's 3 trumps are gone
    assert table(state)["trump_pile"] == [] and "draw pile is empty" in state.events[-1].text


def test_trump21_trumps():
    state = deal(["2", "3", "2", "3", "1", "1"], trumps=["Shield", "Damage+1", "Harvest"])
    act(state, "Take", "Take")
    assert seat(state, 0)["trumps"] == ["Harvest", "Shield"]
    act(state, "Play Harvest", "Play Shield")                      # any number before the round action
    assert state.current_player == 0 and labels(state) == ["Take", "Close"]
    assert seat(state, 0)["played"] == ["Harvest", "Shield"] and seat(state, 0)["trumps"] == []
    refused(state, PlayTrump("Shield"), "trump21.trumps")          # not held any more
    refused(state, PlayTrump("Joker"), "trump21.trumps")
    # trumps in hand stay from round to round
    act(state, "Close", "Close")
    assert state.view(None).facts["round"] == 2 and "Damage+1" in seat(state, 1)["trumps"]


def test_trump21_take():
    state = deal(["7", "9", "5", "10", "4"])
    events = act(state, "Take")
    assert seat(state, 0)["open"] == ["5", "4"]
    assert events[0].text == "Player 0 takes the 4: 9 showing + the hidden card."
    assert events[0].rule == "trump21.take" and state.current_player == 1


def test_trump21_close():
    state = deal(["7", "9", "5", "4", "1", "1"])
    act(state, "Close", "Take")
    assert state.view(1).facts["closed"] == [True, False] and state.current_player == 1   # Player 0 is skipped
    act(state, "Take")
    assert seat(state, 1)["open"] == ["4", "1", "1"] and state.view(None).facts["round"] == 1


def test_trump21_reshuffle():
    state = deal(None, seed=5, lives=99)
    while True:
        legal = state.legal_actions()
        events = state.apply(Take() if state.current_player == 0 and Take() in legal else Close())
        if "trump21.reshuffle" in rules_applied(events):
            break
    text = next(e.text for e in events if e.rule == "trump21.reshuffle")
    assert text.startswith("The number deck is empty: the ") and table(state)["discard"] == []
    # with no number card left anywhere, Take is not offered (the cards are moved by hand here)
    state = deal(["7", "9", "5", "10"])
    state.open[1] += state.deck
    state.deck.clear()
    state._legal = None                                            # the choices are asked for again
    assert labels(state) == ["Close"]
    assert "no number card is left" in refused(state, Take(), "trump21.reshuffle")


def test_trump21_score():
    state = deal(["7", "9", "5", "10"])
    state.keep_round_ends = True
    events = act(state, "Close", "Close")
    assert "trump21.score" in rules_applied(events)
    assert "The hidden cards are shown: Player 0 12; Player 1 19." in [e.text for e in events]
    ends = state.round_ends
    assert len(ends) == 1 and ends[0].view.seats[0]["hidden"] == ["7"]       # the table as it was scored
    assert ends[0].title == "Round 1 is over" and ends[0].view.status.startswith("Round 1 is over")
    assert state.view(None).facts["round"] == 2


def test_trump21_score_shows_the_hidden_cards_and_hides_the_rest():
    """At the scoring each player sees every hidden number card; the trumps in the others' hands,
    the number deck and the discard pile stay hidden."""
    state = deal(["7", "9", "5", "10"], trumps=["Shield", "Shield", "Harvest"])
    state.keep_round_ends = True
    act(state, "Close", "Close")                                    # each holds a trump; 12 against 19
    (end,) = state.round_ends
    for s in (0, 1):
        shown = end.shown_to(s)
        assert [zones["hidden"] for zones in shown.seats] == [["7"], ["9"]]
        assert shown.seats[1 - s]["trumps"] == [None] and shown.seats[s]["trumps"] == ["Shield"]
        assert set(shown.table["deck"]) == {None} and set(shown.table["trump_deck"]) == {None}
        assert shown.facts["totals"] == [12, 19] and shown.seat_notes[1 - s].startswith("total ")
    assert end.shown_to(None).table["deck"][0] is not None          # the teacher sees the deck


def test_trump21_winners():
    state = deal(["10", "10", "9", "9", "5", "7"])                  # 19 each
    events = act(state, "Take", "Take")                            # 24 and 26: everyone over
    assert "Player 0 wins the round with 24 (everyone is over 21, so the lowest)." in [e.text for e in events]
    assert state.scores == [10, 8]
    state = deal(["10", "10", "9", "9"])
    act(state, "Close", "Close")                                   # a tie: both win, nobody loses
    assert state.scores == [10, 10] and state.view(None).facts["last_winners"] == [0, 1]
    state = deal(["7", "9", "10", "10", "8"])
    act(state, "Take", "Close")                                    # 25 over; 19 wins
    assert state.scores == [8, 10]


def test_trump21_damage():
    state = deal(["7", "9", "5", "10"], damage=3)
    events = act(state, "Close", "Close")
    assert state.scores == [7, 10] and "Player 0 loses 3 lives: 7 lives left." in [e.text for e in events]
    state = deal(["7", "9", "5", "10"], lives=2, damage=5)
    act(state, "Close", "Close")
    assert state.scores == [0, 2]                                  # never below 0


def test_trump21_exact():
    state = deal(["7", "9", "5", "3", "9", "2"])                  # 12 and 12
    events = act(state, "Take")                                    # 7 + 5 + 9 = 21
    assert "Player 0 is exactly on 21 and reveals the hidden 7." in [e.text for e in events]
    assert state.view(1).seats[0]["hidden"] == ["7"] and state.view(1).facts["revealed"] == [True, False]
    assert state.view(1).unseen["7"] == 3                          # a revealed card is seen
    events = act(state, "Take")                                    # Player 1: 14; then Player 0's turn
    assert "Player 0 is still exactly on 21: Player 0 wins the round at once." in [e.text for e in events]
    assert state.scores == [10, 8] and state.view(None).facts["round"] == 2
    # no longer on target when the turn comes: no instant win (Love your enemy gives the smallest card)
    state = deal(["7", "9", "5", "3", "9", "1", "2"], trumps=["Shield", "Love your enemy", "Harvest"])
    act(state, "Take", "Play Love your enemy at Player 0")
    assert seat(state, 0)["open"] == ["5", "9", "1"]                # every card takes 21 over: the smallest
    events = act(state, "Take")
    assert "wins the round at once" not in " ".join(e.text for e in events) and state.current_player == 0
    # a Go for x can put you exactly on target; the win waits for your turn even if you closed
    state = deal(["9", "7", "4", "3", "11", "2", "1"], trumps=["Shield", "Harvest", "Go for 24"])
    act(state, "Take", "Take")                                     # Player 0: 24, over 21; Player 1: 12
    events = act(state, "Play Go for 24")
    assert "Player 0 is exactly on 24 and reveals the hidden 9." in [e.text for e in events]
    events = act(state, "Close", "Take")
    assert "Player 0 is still exactly on 24: Player 0 wins the round at once." in [e.text for e in events]
    assert state.scores == [10, 8]


def test_trump21_lives():
    state = deal(["7", "9", "5", "10"], lives=2, players=2)
    assert state.scores == [2, 2]
    state = deal(["7", "9", "1", "5", "10", "2"], players=3, lives=2)   # 12, 19, 3
    events = act(state, "Close", "Close", "Close")
    assert state.scores == [0, 2, 0] and "Player 2 has no lives left and is out." in [e.text for e in events]
    assert state.is_over and state.winners == [1]
    state = deal(["7", "9", "1", "5", "10", "2"], players=3, lives=2, damage=1)
    act(state, "Close", "Close", "Close")                          # 1 life each left for Players 0 and 2
    act(state, *["Close"] * 3)
    view = state.view(None)
    out = [s for s in range(3) if not view.facts["alive"][s]]
    for s in out:
        assert view.seats[s]["hidden"] == [] and view.seats[s]["open"] == [] and view.seat_notes[s] == "out"


def test_trump21_end():
    state = deal(["2", "9", "8", "3", "10", "10"], players=3, lives=2)   # 10, 19, 13
    events = act(state, "Close", "Close", "Close")
    assert state.is_over and state.winners == [1] and state.current_player is None
    assert events[-1].rule == "trump21.end" and events[-1].text == "Player 1 is the last one alive and wins the game."
    assert "Game over" in state.view(0).status
    refused(state, Close(), "trump21.end")


def test_trump21_refill():
    state = deal(["7", "9", "5", "10"], trumps=["Shield", "Harvest", "Damage+1", "Return", "Destroy"])
    assert "3 trumps go onto the trump draw pile (3 there now)" in state.events[0].text
    assert table(state)["trump_pile"] == ["Harvest", "Damage+1"]   # Player 0 drew the Shield
    events = act(state, "Close", "Close")                           # Player 1 draws the Harvest
    assert ("Round 2: the target is 21; 2 trumps go onto the trump draw pile (3 there now). Player 1 starts."
            in [e.text for e in events])
    assert seat(state, 1)["trumps"] == ["Damage+1", "Harvest"]     # the one left over was on top
    assert table(state)["trump_pile"] == ["Return", "Destroy"]
    # three players, one out: filled up to 2 alive + 1; the player out gives their trumps back
    state = deal(["7", "9", "9", "5", "10", "10"], players=3, lives=1,
                 trumps=["Shield", "Harvest", "Return", "Destroy", "Exchange", "Perfect Draw"])
    events = act(state, "Close", "Close", "Close")                  # 12, 19, 19: Player 0 is out
    texts = [e.text for e in events]
    assert "Player 0 has no lives left and is out." in texts
    assert "Round 2: the target is 21; 2 trumps go onto the trump draw pile (3 there now). Player 1 starts." in texts
    assert seat(state, 0)["trumps"] == [] and "Shield" in table(state)["trump_deck"]


def test_trump21_piles_the_discard_pile_is_face_down():
    state = deal(["7", "9", "5", "10", "3", "1"], trumps=["Return", "Shield", "Shield"])
    act(state, "Take", "Take", "Play Return")                       # Player 0: the 3 to the discard pile
    for s in (0, 1):
        view = state.view(s)
        assert view.table["discard"] == [None] and view.facts["discard"] == 1
        assert view.facts["remembered"] == ["3"] and view.unseen["3"] == 3      # seen on its way there
    assert table(state)["discard"] == ["3"]                         # the teacher sees it
    act(state, "Close", "Close")                                    # round 1 scored: all to the discard pile
    view = state.view(1)
    assert view.table["discard"] == [None] * 6 and Counter(view.facts["remembered"]) == Counter(
        ["7", "9", "5", "10", "3", "1"])


def test_trump21_round_end():
    state = deal(["7", "9", "5", "10"], trumps=["Shield", "Shield", "Harvest"])
    act(state, "Play Shield", "Close", "Close")
    view = state.view(None)
    assert view.facts["round"] == 2 and view.facts["first"] == 1 and state.current_player == 1
    assert Counter(view.table["discard"]) == Counter(["7", "9", "5", "10"])
    assert all(not zones["played"] for zones in view.seats)
    assert "Shield" in view.table["trump_deck"]                    # back in the trump deck
    assert seat(state, 1)["trumps"] == ["Harvest", "Shield"]       # kept, and round 2's gamble


# -- the trumps ----------------------------------------------------------------------------------------
def test_trump21_draw_x():
    state = deal(["7", "9", "5", "10"], trumps=["Draw 6", "Shield", "Shield"])
    events = act(state, "Play Draw 6")
    assert seat(state, 0)["open"] == ["5", "6"] and seat(state, 0)["played"] == ["Draw 6"]
    assert state.current_player == 1 and events[0].rule == "trump21.draw_x"
    assert table(state)["deck"].count("6") == 3
    state = deal(["6", "6", "6", "6"], trumps=["Draw 6", "Shield", "Shield"])    # no 6 left
    events = act(state, "Play Draw 6")
    assert seat(state, 0)["open"] == ["6"] and state.current_player == 1
    assert "no 6 is left in the number deck" in events[0].text


def test_trump21_damage_plus():
    state = deal(["7", "9", "5", "10"], trumps=["Damage+2", "Shield", "Shield"])
    assert labels(state)[0] == "Play Damage+2 at Player 1"
    refused(state, PlayTrump("Damage+2"), "trump21.damage_plus")
    refused(state, PlayTrump("Damage+2", 5), "trump21.damage_plus")
    act(state, "Play Damage+2 at Player 1", "Take")
    assert seat(state, 1)["played"] == ["Damage+2"]
    state = deal(["9", "7", "10", "5"], trumps=["Damage+2", "Shield", "Shield"])   # 19 against 12
    act(state, "Play Damage+2 at Player 1", "Close", "Close")
    assert state.scores == [10, 6]                                 # 2 + 2


def test_trump21_damage_plus_at_any_player_yourself_included():
    state = deal(["7", "9", "5", "10"], trumps=["Damage+2", "Shield", "Shield"])     # 12 against 19
    assert labels(state) == ["Play Damage+2 at Player 1", "Play Damage+2 at Player 0", "Take", "Close"]
    events = act(state, "Play Damage+2 at Player 0")
    assert seat(state, 0)["played"] == ["Damage+2"] and seat(state, 1)["played"] == []
    assert events[0].text == "Player 0 lays Damage+2 at Player 0: 2 more damage if they lose."
    act(state, "Close", "Close")
    assert state.scores == [6, 10]                                 # Player 0 lost: 2 + 2


def test_trump21_go_for():
    state = deal(["9", "7", "10", "5", "4"], trumps=["Shield", "Go for 24", "Shield"])   # 19 and 12
    act(state, "Close")
    events = act(state, "Play Go for 24")
    assert "Player 0 is not over 24 and plays on." in [e.text for e in events]
    assert state.view(0).facts["target"] == 24 and state.view(0).facts["closed"] == [False, False]
    assert seat(state, 1)["played"] == ["Go for 24"]
    act(state, "Close", "Close")
    # a closed player over the new target stays closed, and the round can end at once
    state = deal(["9", "7", "10", "5", "4"], trumps=["Shield", "Go for 17", "Shield"])
    act(state, "Close")
    events = act(state, "Play Go for 17")                          # 19 > 17 closed, 12 playing on
    assert state.view(None).facts["target"] == 17 and state.view(None).facts["closed"] == [True, False]
    act(state, "Close")
    assert state.scores == [8, 10]                                 # 19 over 17 loses to 12


def test_trump21_harvest():
    """Player 0 plays Harvest; whenever Player 1's gamble then fails and Player 0's next one wins, the
    two trumps left come to Player 0 (the seeds supply the gambles)."""
    checked = 0
    for seed in range(60):
        state = deal(["2", "3", "2", "3", "1", "1"], seed=seed, gamble_chance=0.5,
                     trumps=["Harvest", "Shield", "Damage+1"])
        if seat(state, 0)["trumps"] != ["Harvest"]:
            continue
        act(state, "Play Harvest", "Take")
        if seat(state, 1)["trumps"]:
            continue
        events = act(state, "Take")
        if "wins the gamble" in events[1].text:
            assert seat(state, 0)["trumps"] == ["Damage+1", "Shield"] and table(state)["trump_pile"] == []
            assert "Harvest brings Player 0 a trump more." in [e.text for e in events]
            checked += 1
    assert checked >= 3


def test_trump21_perfect_draw():
    state = deal(["7", "9", "5", "10"], trumps=["Perfect Draw", "Shield", "Shield"])
    best = best_card(state.deck, 12, 21)
    assert best == "9"
    events = act(state, "Play Perfect Draw")
    assert seat(state, 0)["open"] == ["5", "9"] and state.current_player == 1
    assert "Player 0 is exactly on 21 and reveals the hidden 7." in [e.text for e in events]
    # when every card goes over: the smallest
    assert best_card(["5", "8", "11"], 18, 21) == "5" and best_card(["1", "3", "4"], 18, 21) == "3"
    assert best_card([], 18, 21) is None


def test_trump21_love_your_enemy():
    state = deal(["7", "9", "5", "10"], trumps=["Love your enemy", "Shield", "Shield"])
    refused(state, PlayTrump("Love your enemy"), "trump21.love_your_enemy")
    events = act(state, "Play Love your enemy at Player 1")
    assert seat(state, 1)["open"] == ["10", "2"] and seat(state, 1)["played"] == ["Love your enemy"]
    assert state.current_player == 0 and events[0].rule == "trump21.love_your_enemy"


def test_trump21_destroy():
    # Player 1 lays Damage+2 at Player 0; Player 0 destroys it
    state = deal(["7", "9", "5", "10", "1", "1"], trumps=["Destroy", "Damage+2", "Shield"])
    refused(state, PlayTrump("Destroy"), "trump21.destroy")        # nothing to destroy yet
    act(state, "Take", "Play Damage+2 at Player 0", "Take")
    assert seat(state, 0)["trumps"] == ["Destroy", "Shield"]
    act(state, "Play Destroy")
    assert labels(state) == ["Destroy Damage+2 at Player 0", "Destroy a hidden trump of Player 0"]
    refused(state, Close(), "trump21.destroy")
    refused(state, DestroyTrump(0, "Destroy"), "trump21.destroy")  # not the Destroy itself
    act(state, "Destroy Damage+2 at Player 0")
    assert seat(state, 0)["played"] == ["Destroy"] and "Damage+2" in table(state)["trump_deck"]
    # a random hidden trump of an opponent; a destroyed Go for stops counting
    state = deal(["7", "9", "5", "10", "1", "1"], trumps=["Go for 24", "Shield", "Destroy"])
    act(state, "Play Go for 24", "Take", "Take")
    act(state, "Play Destroy")
    assert labels(state) == ["Destroy Go for 24 at Player 0", "Destroy a hidden trump of Player 1"]
    act(state, "Destroy a hidden trump of Player 1")
    assert seat(state, 1)["trumps"] == [] and state.view(None).facts["target"] == 24
    state = deal(["7", "9", "5", "10", "1", "1"], trumps=["Go for 24", "Shield", "Destroy"])
    act(state, "Play Go for 24", "Take", "Take", "Play Destroy", "Destroy Go for 24 at Player 0")
    assert state.view(None).facts["target"] == 21


def test_trump21_destroy_hits_a_hidden_trump_of_your_own():
    # Player 1's Shield lies open; Player 0 holds the Destroy and a Shield
    state = deal(["7", "9", "5", "10", "1", "1"], trumps=["Destroy", "Shield", "Shield"])
    act(state, "Take", "Play Shield", "Take")
    assert seat(state, 0)["trumps"] == ["Destroy", "Shield"]
    act(state, "Play Destroy")
    assert labels(state) == ["Destroy Shield at Player 1", "Destroy a hidden trump of Player 0"]
    events = act(state, "Destroy a hidden trump of Player 0")
    assert events[0].text == "Player 0 destroys one of their own hidden trumps."
    assert seat(state, 0)["trumps"] == [] and seat(state, 1)["played"] == ["Shield"]
    assert Counter(table(state)["trump_deck"])["Shield"] == 1
    # the Destroy alone in the hand does not count as a trump to destroy
    state = deal(["7", "9", "5", "10", "1", "1"], trumps=["Destroy", "Shield", "Shield"])
    refused(state, PlayTrump("Destroy"), "trump21.destroy")


def test_trump21_exchange():
    state = deal(["7", "9", "5", "10", "1", "1"], trumps=["Exchange", "Shield", "Damage+1"])
    act(state, "Take", "Play Shield", "Take")                     # Player 1's Shield lies open
    act(state, "Play Exchange with Player 1")
    assert seat(state, 0)["played"] == ["Exchange"]                # it lies at you first
    legal = state.legal_actions()
    assert Swap(("open:Exchange",), ("open:Shield",)) in legal
    assert Swap(("open:Exchange",), ("open:Shield", "hidden")) not in legal       # never take more
    refused(state, Take(), "trump21.exchange")
    refused(state, Swap((), ()), "trump21.exchange")
    refused(state, Swap(("hand:Harvest",), ()), "trump21.exchange")
    # built part by part: give the Exchange, take their Shield
    builder = state.builder()
    assert set(builder.options()) == {"give:open:Exchange", "give:hand:Damage+1", "take:open:Shield"}
    builder.pick("take:open:Shield")
    assert builder.complete() is None
    builder.pick("give:open:Exchange")
    swap = builder.complete()
    assert swap == Swap(("open:Exchange",), ("open:Shield",)) and builder.label("take:open:Shield") == "take Shield"
    state.apply(swap)
    assert seat(state, 0)["played"] == ["Shield"] and seat(state, 1)["played"] == ["Exchange"]
    assert state.current_player == 0 and "Player 0 gives Player 1 the open Exchange and takes the open Shield." in [
        e.text for e in state.events]
    # a hidden trump for a hidden one, at random
    state = deal(["7", "9", "5", "10", "1", "1"], trumps=["Exchange", "Harvest", "Damage+1"])
    act(state, "Take", "Take", "Play Exchange with Player 1", "Give Damage+1 from your hand; take a hidden trump")
    assert seat(state, 0)["trumps"] == ["Harvest"] and seat(state, 1)["trumps"] == ["Damage+1"]


def test_trump21_shield():
    state = deal(["7", "9", "5", "10"], trumps=["Shield", "Harvest", "Shield"])
    act(state, "Play Shield", "Close", "Close")
    assert state.scores == [10, 10]                                # 2 − 2
    state = deal(["7", "9", "5", "10"], trumps=["Shield", "Damage+1", "Shield"], damage=3)
    act(state, "Play Shield", "Close", "Close")
    assert state.scores == [9, 10]                                 # 3 − 2


def test_trump21_return():
    state = deal(["7", "9", "5", "3", "10", "2"], trumps=["Return", "Shield", "Harvest"])
    act(state, "Take")                                            # 22: over
    act(state, "Take")                                            # Player 1: 14
    events = act(state, "Play Return")
    assert seat(state, 0)["open"] == ["5"] and table(state)["discard"] == ["10"]
    assert "the 10 goes to the discard pile (5 showing + the hidden card)" in events[0].text
    # never the hidden card: with no open card left, Return is not playable
    state = deal(["7", "9", "5", "3"], trumps=["Return", "Shield", "Harvest", "Return"])
    act(state, "Close", "Close")                                   # round 2: Player 1 draws the Harvest
    act(state, "Close")                                            # Player 0 draws the second Return
    assert seat(state, 0)["trumps"] == ["Return", "Return"] and len(seat(state, 0)["open"]) == 1
    act(state, "Play Return")
    assert seat(state, 0)["open"] == [] and len(seat(state, 0)["hidden"]) == 1
    assert "Play Return" not in labels(state)
    assert [str(a) for a in state.candidate_actions()] == ["Play Return", "Take", "Close"]   # shown, explained
    assert "no open number card to return" in refused(state, PlayTrump("Return"), "trump21.return")


def test_trump21_trump_switch():
    # empty hand: put nothing back, draw one
    state = deal(["7", "9", "5", "10"], trumps=["Trump Switch", "Shield", "Harvest"])
    events = act(state, "Play Trump Switch")
    assert seat(state, 0)["trumps"] == ["Shield"]
    assert "puts no trump under the trump draw pile and draws a trump" in events[0].text
    # round 2: hand Shield + Trump Switch, one trump left on the pile: the Shield goes under, the other comes
    state = deal(["7", "9", "5", "10"], trumps=["Shield", "Damage+1", "Harvest", "Trump Switch", "Return"])
    act(state, "Close", "Close")                                   # round 2: Player 1 starts
    assert state.current_player == 1
    act(state, "Close")
    assert seat(state, 0)["trumps"] == ["Shield", "Trump Switch"] and table(state)["trump_pile"] == ["Return"]
    act(state, "Play Trump Switch")
    assert seat(state, 0)["trumps"] == ["Return"] and table(state)["trump_pile"] == ["Shield"]
