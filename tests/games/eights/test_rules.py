"""One test per Huit américain rule clause, each through a stacked deck (top card first).

With two players and 3 cards each, deck [a, b, c, d, e, f, g, ...] deals Player 0 a, c, e and
Player 1 b, d, f; g is the top of the bank.
"""
from collections import Counter

import pytest

import cardkit
from cardkit import IllegalAction
from cardkit.games.eights import Draw, Pass, Play
from cardkit.games.eights.rules import RULES

from tests.engine.moves import act, labels, refused


def deal(deck, players=2, seed=1, hand_size=3, **options):
    return cardkit.make("eights", players=players, seed=seed, hand_size=hand_size, **options).new_state(deck=deck)


def hand(state, seat):
    return state.view(None).seats[seat]["hand"]


def test_every_clause_has_a_test_here():
    import sys
    names = {name for name in dir(sys.modules[__name__]) if name.startswith("test_eights_")}
    missing = [r.id for r in RULES if "test_" + r.id.replace(".", "_") not in names]
    assert not missing, f"rule clauses without a test: {missing}"


def test_eights_deck():
    game = cardkit.make("eights", players=2, seed=1)
    assert sum(game.full_deck.values()) == 32 and set(game.full_deck.values()) == {1}
    assert Counter(c[:-1] for c in game.full_deck) == {r: 4 for r in ("7", "8", "9", "10", "J", "Q", "K", "A")}
    state = game.new_state(deck=["as", "10♥", "8c", " QD ", "TS"])   # other spellings
    assert {"AS", "8C", "10S"} <= set(hand(state, 0)) and {"10H", "QD"} <= set(hand(state, 1))
    with pytest.raises(ValueError, match="unknown card '6S'"):
        game.new_state(deck=["6S"])
    with pytest.raises(ValueError, match="named more often than the pack has it"):
        game.new_state(deck=["AS", "as"])
    refused(state, Play(("ZZ",)), "eights.deck")


def test_eights_deal():
    state = deal(["AS", "KH", "7D", "9S", "QD", "10C"], players=3, hand_size=2)
    assert [hand(state, s) for s in range(3)] == [["9S", "AS"], ["KH", "QD"], ["10C", "7D"]]
    view = state.view(1)
    assert view.seats[0]["hand"] == [None, None] and view.seats[1]["hand"] == ["KH", "QD"]
    assert len(view.table["bank"]) == 26 and view.table["pile"] == [] and view.facts["top"] is None
    assert sum(view.unseen.values()) == 30 and "QD" not in view.unseen
    assert state.current_player == 0
    with pytest.raises(ValueError, match="hand_size must be from 1 to 6 with 5 players"):
        cardkit.make("eights", players=5, seed=1, hand_size=7)
    assert cardkit.make("eights", players=2, seed=1, hand_size=16).new_state().view(None).table["bank"] == []


def test_eights_lead():
    state = deal(["9S", "KH", "9D", "8H", "8C", "QD"])          # Player 0: 9♠ 9♦ 8♣
    assert labels(state)[:2] == ["Play 9♠", "Play 9♦"]
    assert "Play 8♣, announce ♥" in labels(state)
    assert "Play 9♠ 9♦" not in labels(state)
    assert "Player 0 leads" in state.view(1).status and "you lead" in state.view(0).status
    refused(state, Play(("9S", "9D")), "eights.lead")
    act(state, "Play 9♦")
    assert state.view(None).table["pile"] == ["9D"] and state.current_player == 1
    # several 8s may lead
    state = deal(["8S", "KH", "8D", "QH", "JC", "10D"])
    assert "Play 8♠ 8♦, announce ♣" in labels(state)


def test_eights_turn():
    state = deal(["9S", "KH", "7S", "9D", "JC", "10D"])
    refused(state, "Play 9♠", "eights.turn")                     # a label is not an action
    refused(state, Play(("KH",)), "eights.turn")                 # Player 1's card
    refused(state, Play(()), "eights.turn")
    refused(state, Play(("9S", "9S")), "eights.turn")
    act(state, "Play 9♠", "Play 9♦")
    assert state.current_player == 0 and state.view(None).table["pile"] == ["9S", "9D"]


def test_eights_follow():
    state = deal(["9S", "KS", "7H", "9D", "JC", "7C"])          # Player 1: K♠ 9♦ 7♣
    act(state, "Play 9♠")
    assert [a for a in labels(state) if a.startswith("Play")] == ["Play K♠", "Play 9♦"]
    why = refused(state, Play(("7C",)), "eights.follow")
    assert "7♣ fits neither the suit (♠) nor the rank (9) of the 9♠" in why
    events = act(state, "Play K♠")
    assert [e.rule for e in events] == ["eights.follow"]


def test_eights_several():
    state = deal(["KS", "9S", "7H", "KH", "JC", "KD"])          # Player 1: 9♠ K♥ K♦
    act(state, "Play K♠")
    assert {"Play K♥ K♦", "Play K♦ K♥"} <= set(labels(state))   # any King fits a King
    events = act(state, "Play K♥ K♦")
    assert state.view(None).table["pile"] == ["KS", "KH", "KD"] and "eights.several" in [e.rule for e in events]
    assert events[0].text == "Player 1 plays K♥ K♦ together."
    # the first of several must fit; the others need not
    state = deal(["9S", "KS", "7H", "KH", "JC", "KD"])          # Player 1: K♠ K♥ K♦
    act(state, "Play 9♠")
    assert "Play K♠ K♥" in labels(state) and "Play K♥ K♠" not in labels(state)
    assert "start with the K♠" in refused(state, Play(("KH", "KS")), "eights.several")
    refused(state, Play(("KS", "9S")), "eights.turn")            # 9♠ is on the pile, not in hand
    # the cards between the first and the top may come in any order (the history keeps one)
    state = deal(["9S", "KS", "7H", "KH", "JC", "KD", "10D", "KC", "7C", "JH"], hand_size=5)
    act(state, "Play 9♠")
    state.apply(Play(("KS", "KD", "KC", "KH")))
    assert state.history == [(0, Play(("9S",))), (1, Play(("KS", "KC", "KD", "KH")))]
    assert state.view(None).table["pile"] == ["9S", "KS", "KC", "KD", "KH"]
    state = deal(["9S", "KS", "7H", "9H", "JC", "KD"])          # Player 1: K♠ 9♥ K♦
    act(state, "Play 9♠")
    refused(state, Play(("KS", "9H")), "eights.several")


def test_eights_eight():
    state = deal(["AS", "8H", "7H", "9D", "JC", "10D"])         # Player 1: 8♥ 9♦ 10♦
    act(state, "Play A♠")
    assert [a for a in labels(state) if a.startswith("Play")] == [f"Play 8♥, announce {s}" for s in "♠♥♣♦"]
    events = act(state, "Play 8♥, announce ♣")
    assert [e.rule for e in events] == ["eights.eight", "eights.announce"]
    state = deal(["9S", "8H", "7H", "8D", "JC", "10D"])
    act(state, "Play 9♠")
    assert "Play 8♥ 8♦, announce ♥" in labels(state)              # several 8s on anything
    refused(state, Play(("8H", "10D")), "eights.several")


def test_eights_announce():
    state = deal(["8S", "KH", "7H", "9D", "JC", "10D"])         # Player 1: K♥ 9♦ 10♦
    events = act(state, "Play 8♠, announce ♦")
    assert [e.rule for e in events] == ["eights.lead", "eights.announce"]
    assert state.view(1).facts["announced"] == "D" and "♦ announced" in state.view(1).status
    assert "♠ was announced" not in refused(state, Play(("KH",)), "eights.announce")
    assert "♦ was announced: play a ♦ or an 8" in refused(state, Play(("KH",)), "eights.announce")
    refused(state, Play(("9D",), "S"), "eights.announce")         # only 8s announce
    act(state, "Play 9♦")
    assert state.view(0).facts["announced"] is None              # in force until the next card
    state = deal(["8S", "KH", "7H", "9D", "JC", "10D"])
    refused(state, Play(("8S",)), "eights.announce")             # an 8 must announce
    assert Play(("8s",), "spades") == Play(("8S",), "S") and str(Play(("8H", "8C"), "S")) == "Play 8♥ 8♣, announce ♠"


def test_eights_ace():
    state = deal(["AS", "AH", "KS", "9D", "JC", "10D"])         # Player 1: A♥ 9♦ 10♦
    act(state, "Play A♠")
    assert "only an Ace or an 8" in refused(state, Play(("10D",)), "eights.ace")
    assert [e.rule for e in act(state, "Play A♥")][0] == "eights.ace"
    assert state.view(None).table["pile"] == ["AS", "AH"]
    # a card of the Ace's suit does not fit either
    state = deal(["AS", "KS", "7H", "9D", "JC", "10D"])
    act(state, "Play A♠")
    refused(state, Play(("KS",)), "eights.ace")


def test_eights_ace_charge():
    # Player 0: A♠ 9♠; Player 1: K♥ Q♦; Player 2: 7♦ 10♣; the bank starts J♥, 7♠, A♦, ...
    state = deal(["AS", "KH", "7D", "9S", "QD", "10C", "JH", "7S", "AD"], players=3, hand_size=2)
    events = act(state, "Play A♠")
    assert events[-1].rule == "eights.ace_charge" and state.view(1).facts["charge"] == 2
    assert "draw 2" in state.view(1).status
    refused(state, Pass(), "eights.ace_charge")
    events = act(state, "Draw")
    assert sorted(hand(state, 1)) == sorted(["KH", "QD", "JH", "7S"])   # two cards, and the turn passes
    assert state.current_player == 2 and events[-1].text == "Player 1 does not answer the Ace: draws 2 and the turn passes."
    assert state.view(2).facts["charge"] == 0
    act(state, "Draw")                                           # Player 2 draws just 1, then plays or passes
    assert "AD" in hand(state, 2) and state.current_player == 2
    assert labels(state) == ["Play A♦", "Pass"]
    act(state, "Play A♦")                                        # a new Ace charges the next player again
    assert state.current_player == 0 and state.view(0).facts["charge"] == 2
    act(state, "Draw")
    assert len(hand(state, 0)) == 3                              # 2, not 4: no stacking


def test_eights_queen():
    state = deal(["QS", "KH", "7D", "9S", "QD", "10C"], players=3, hand_size=2)
    events = act(state, "Play Q♠")
    assert state.current_player == 2 and events[-1].text == "Player 1 is skipped."
    # two Queens skip two players
    state = deal(["9S", "KH", "7D", "QS", "9H", "10C", "QH", "JD", "JC", "7S", "10D", "AC"], players=3,
                 hand_size=4)                                    # Player 0: 9♠ Q♠ Q♥ 7♠
    act(state, "Play 9♠")
    act(state, "Play 9♥")
    act(state, "Draw", "Pass")                                   # Player 2
    events = act(state, "Play Q♥ Q♠")
    assert state.current_player == 0 and events[-1].text == "Player 1 and Player 2 are skipped."
    assert Counter(e.rule for e in events)["eights.queen"] == 1


def test_eights_draw():
    state = deal(["9S", "KH", "7S", "QD", "JC", "10D", "9H"])   # Player 1: K♥ Q♦ 10♦; bank top 9♥
    act(state, "Play 9♠")
    refused(state, Pass(), "eights.draw")                        # pass only after drawing
    events = act(state, "Draw")
    assert events[0].text == "Player 1 draws a card." and "9H" not in events[0].text
    assert "9H" in hand(state, 1) and state.current_player == 1
    assert labels(state) == ["Play 9♥", "Pass"]
    refused(state, Draw(), "eights.draw")                        # never two draws in a turn
    act(state, "Pass")
    assert state.current_player == 0
    assert "Draw" in labels(state)


def test_eights_bank():
    # 2 players × 14 cards leave a 4-card bank. Player 0: 9♠ 9♦ …; Player 1: K♥ 9♥ …
    top = ["9S", "KH", "9D", "9H"]
    deck = top + [c for c in cardkit.make("eights", seed=0).full_deck if c not in top]
    state = cardkit.make("eights", players=2, seed=3, hand_size=14).new_state(deck=deck)
    assert len(state.view(None).table["bank"]) == 4
    act(state, "Play 9♠", "Play 9♥", "Play 9♦")
    for _ in range(4):                                           # draw the bank empty
        act(state, "Draw", "Pass")
    assert state.view(None).table["bank"] == [] and state.view(None).table["pile"] == ["9S", "9H", "9D"]
    seat = state.current_player
    events = act(state, "Draw")
    assert events[0].rule == "eights.bank" and events[0].text.startswith("The bank is empty: the 2 played cards")
    assert state.view(None).table["pile"] == ["9D"]              # the top card stays
    assert len(state.view(None).table["bank"]) == 1 and state.current_player == seat
    assert {"9S", "9H"} & set(hand(state, seat))
    # nothing to draw: the player passes
    state = cardkit.make("eights", players=2, seed=3, hand_size=16).new_state(deck=["9S", "KH", "7S", "QD"])
    act(state, "Play 9♠")
    assert "Draw" not in labels(state) and "Pass" in labels(state)
    refused(state, Draw(), "eights.bank")
    events = act(state, "Pass")
    assert events[0].rule == "eights.bank" and state.current_player == 0


def test_eights_out():
    state = deal(["9S", "JS", "KS", "QD"], hand_size=2)         # Player 0: 9♠ K♠; Player 1: J♠ Q♦
    act(state, "Play 9♠", "Play J♠")
    events = act(state, "Play K♠")
    assert events[0].rule == "eights.follow"
    assert any(e.rule == "eights.out" and e.text == "Player 0 has played their last card and wins deal 1."
               for e in events)
    assert state.view(None).facts["deal"] == 2


def test_eights_penalty():
    state = deal(["9S", "8H", "KS", "AD", "10C"], hand_size=2)   # Player 1: 8♥ A♦; bank top 10♣
    act(state, "Play 9♠", "Draw", "Pass")
    events = act(state, "Play K♠")
    penalty = [e for e in events if e.rule == "eights.penalty"]
    assert [e.text for e in penalty] == ["Player 1 counts 8♥ 10♣ A♦: +53 (total 53)."]
    assert state.scores == [0, 53]
    values = {"8": 32, "A": 11, "10": 10, "9": 9, "7": 7, "K": 4, "Q": 3, "J": 2}
    from cardkit.games.eights.cards import POINTS
    assert all(POINTS[c] == values[c[:-1]] for c in POINTS) and sum(POINTS.values()) == 312


def _win_deal(state, seat):
    """Let ``seat`` go out at once with hand_size 1: others draw and pass, ``seat`` plays its card."""
    deal_no = state.view(None).facts["deal"]
    while state.view(None).facts["deal"] == deal_no:
        legal = state.legal_actions()
        if state.current_player == seat:
            state.apply(next(a for a in legal if isinstance(a, Play) and len(a.cards) == 1
                             and len(hand(state, seat)) == 1))
        else:
            state.apply(next(a for a in legal if not isinstance(a, Play)))


def test_eights_streak():
    state = deal(["9S", "KH"], hand_size=1, limit=1000)
    events = []
    for _ in range(3):                                           # Player 0 wins three deals in a row
        before = len(state.events)
        _win_deal(state, 0)
        events = state.events[before:]
    streak = [e for e in events if e.rule == "eights.streak"]
    assert [e.text for e in streak] == ["Player 0 has won three deals in a row: 10 points off (total -10)."]
    assert state.scores[0] == -10
    _win_deal(state, 0)                                          # the count starts again
    assert state.scores[0] == -10 and state.view(None).facts["streak"][0] == 1
    _win_deal(state, 1)
    assert state.view(None).facts["streak"] == [0, 1]


def test_eights_next_deal():
    state = deal(["9S", "JS", "KS", "QD"], hand_size=2)
    events = act(state, "Play 9♠", "Play J♠", "Play K♠")
    assert any(e.rule == "eights.next_deal" for e in events)
    view = state.view(None)
    assert view.facts["deal"] == 2 and view.facts["first"] == 1 and state.current_player == 1
    assert [len(view.seats[s]["hand"]) for s in range(2)] == [2, 2] and view.table["pile"] == []
    assert len(view.table["bank"]) == 28
    again = deal(["9S", "JS", "KS", "QD"], hand_size=2)
    act(again, "Play 9♠", "Play J♠", "Play K♠")
    assert again.view(None) == view                              # the shuffle comes from the seed


def test_eights_match_end():
    state = deal(["9S", "8H", "KS", "AD", "10C"], hand_size=2, limit=40)
    act(state, "Play 9♠", "Draw", "Pass")
    events = act(state, "Play K♠")
    assert state.is_over and state.winners == [0] and state.current_player is None
    assert events[-1].rule == "eights.match_end" and "Player 0 wins with 0 points" in events[-1].text
    assert "Match over: Player 0 wins" in state.view(1).status and state.legal_actions() == []
    assert "Match over: you win" in state.view(0).status
    refused(state, Pass(), "eights.match_end")
    # the lowest total wins, not the player who went out last
    state = cardkit.make("eights", players=3, seed=1, hand_size=1, limit=30).new_state(deck=["9S", "8H", "JD"])
    act(state, "Play 9♠")                                        # Player 1 counts 32, Player 2 counts 2
    assert state.is_over and state.winners == [0] and state.scores == [0, 32, 2]


def test_eights_match_end_equal_lowest_totals_share_the_win():
    from cardkit.bots import RandomBot
    for seed in range(300):                                      # seeded matches until a shared win
        state = cardkit.make("eights", players=3, seed=seed, hand_size=1, limit=20).new_state()
        bots = [RandomBot(seed + s) for s in range(3)]
        while not state.is_over:
            seat = state.current_player
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        if len(state.winners) > 1:
            break
    low = min(state.scores)
    assert len(state.winners) > 1 and state.winners == [s for s in range(3) if state.scores[s] == low]
    assert "share the win" in state.view(0).status and "share the win" in state.events[-1].text


def test_eights_ace_charge_ends_when_the_charged_player_cannot_draw():
    """A bug found in review: the charge stayed after a pass with nothing to draw."""
    mine = ["AS", "AH", "AC", "AD", "8S", "8H", "8C", "8D", "7S", "7H", "7C", "7D", "9S", "9H", "9C", "9D"]
    theirs = [c for c in cardkit.make("eights", seed=0).full_deck if c not in mine]
    deck = [card for pair in zip(mine, theirs) for card in pair]     # all 32 dealt: no bank
    state = deal(deck, hand_size=16)
    act(state, "Play A♠")
    assert state.view(1).facts["charge"] == 2 and labels(state)[-1] == "Pass"
    events = act(state, "Pass")
    assert events[0].rule == "eights.bank" and state.current_player == 0
    assert state.view(0).facts["charge"] == 0 and "answer" not in state.view(0).status


def test_eights_plays_are_built_card_by_card():
    # Player 0: 9♠ 7♥ 8♥; Player 1: K♠ K♥ 7♦
    state = deal(["9S", "KS", "7H", "KH", "8H", "7D"])
    act(state, "Play 9♠")
    builder = state.builder()
    assert set(builder.options()) == {"KS", "KH"}
    with pytest.raises(IllegalAction, match="7♦ fits neither the suit") as err:
        builder.pick("7D")
    assert err.value.rule == "eights.follow" and builder.picked == ()
    builder.pick("KS")
    assert builder.complete() == Play(("KS",)) and builder.options() == ["KH"]
    builder.pick("KH")                                           # picked last: on top
    assert builder.complete() == Play(("KS", "KH")) and builder.options() == []
    builder.clear()
    builder.pick("KH")                                           # the K♥ cannot go first: the K♠ must
    builder.pick("KS")
    assert builder.complete() == Play(("KS", "KH"))
    state.apply(builder.complete())
    assert state.view(None).table["pile"][-1] == "KH" and len(state.history) == 2
    # 8s and the suit they announce, in any order; the parts read in words
    state = deal(["8S", "KH", "8D", "7D", "9S", "KD"])
    builder = state.builder()
    builder.pick("8D")
    assert {"8S", "S", "H", "C", "D"} <= set(builder.options()) and builder.complete() is None
    assert builder.label("H") == "announce ♥" and builder.label("8S") == "8♠"
    builder.pick("C")
    builder.pick("8S")
    assert builder.complete() == Play(("8S", "8D"), "C")              # 8s lie in pack order
    builder.unpick()
    assert builder.complete() == Play(("8D",), "C")
