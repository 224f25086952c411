"""One test per Skitgubbe rule clause, each through a stacked deck (top card first).

With three players, deck [a, b, c, d, e, f, g, h, i, j, ...] deals Player 0 a d g, Player 1 b e h,
Player 2 c f i; j is the top of the stock, drawn by the first player to play from hand. The second
round is reached through a short first round (option ``stock=1``: the stock is the trump card
alone, drawn by Player 0 on the first play), in which each trick goes to its highest card.
"""
from collections import Counter

import pytest

import cardkit
from cardkit.games.skitgubbe import Chance, Lay, PickUp, Play
from cardkit.games.skitgubbe.cards import RANK, show
from cardkit.games.skitgubbe.rules import RULES

from tests.engine.moves import act, labels, refused


def deal(deck, players=3, seed=1, trump=None, **options):
    game = cardkit.make("skitgubbe", players=players, seed=seed, **options)
    return game.new_state(deck=deck, trump=[trump]) if trump else game.new_state(deck=deck)


def hand(state, seat):
    return state.view(None).seats[seat]["hand"]


def plays(*cards):
    return ["Play " + show(c) for c in cards]


def second_round(a, b, c, trump="KH", **options):
    """Three tricks of three cards, one won by each player with the highest card: trick ``a``
    (Player 0, 1, 2 play; Player 0 wins), ``b`` (Player 0, 1, 2; Player 1 wins), ``c`` (Player 1,
    2, 0; Player 2 wins). Player 0 draws the trump card. The second round starts with these hands:
    Player 0 ``a`` and the trump card, Player 1 ``b``, Player 2 ``c``."""
    deck = [a[0], a[1], a[2], b[0], b[1], b[2], c[2], c[0], c[1]]
    state = deal(deck, trump=trump, stock=1, **options)
    act(state, *plays(*a, *b, *c))
    return state


def follow_round():
    """Second round: Player 0 9♠ 7♣ 6♦ K♥ (trump ♥), Player 1 8♠ 10♠ J♠, Player 2 7♠ Q♠ 8♦."""
    return second_round(("9S", "7C", "6D"), ("8S", "JS", "10S"), ("7S", "QS", "8D"))


def pair_round(**options):
    """A play-off gives Player 1 both 8♥ (trump: the 7♥). Second round: Player 0 6♣ 9♦ K♦ 7♥,
    Player 1 6♠ 10♠ J♠ 8♥ 8♥, Player 2 Q♣."""
    state = deal(["8H", "8H", "10S", "6S", "JS", "6C", "KD", "9D", "QC"], trump="7H", stock=1, **options)
    act(state, "Play 8♥")
    assert labels(state) == ["Play 8♥"]                       # Player 1 must match the 8
    act(state, "Play 8♥", "Play 10♠", "Play 6♠", "Play J♠")   # identical 8s: Player 0 and 1 play off
    act(state, "Play 9♦", "Play 6♣", "Play K♦", "Play Q♣")
    assert [sorted(hand(state, s)) for s in range(3)] == [sorted(["6C", "9D", "KD", "7H"]),
                                                          sorted(["6S", "10S", "JS", "8H", "8H"]), ["QC"]]
    return state


def test_every_clause_has_a_test_here():
    import sys
    names = {name for name in dir(sys.modules[__name__]) if name.startswith("test_skitgubbe_")}
    missing = [r.id for r in RULES if "test_" + r.id.replace(".", "_") not in names]
    assert not missing, f"rule clauses without a test: {missing}"


# -- the cards and the deal -------------------------------------------------------------------------
def test_skitgubbe_deck():
    game = cardkit.make("skitgubbe", players=4, seed=1)
    assert game.options == {"decks": 2, "stock": 0, "trump_climbs": False}
    assert sum(game.full_deck.values()) == 104 and set(game.full_deck.values()) == {2}
    assert Counter(c[:-1] for c in game.full_deck.elements())["Q"] == 8
    one = cardkit.make("skitgubbe", players=5, seed=1, decks=1)
    assert sum(one.full_deck.values()) == 52 and set(one.full_deck.values()) == {1}
    state = game.new_state(deck=["as", "10♥", "2c", " QD ", "TS", "a♠"])      # other spellings
    assert {"AS", "10S"} <= set(hand(state, 0)) and {"10H", "AS"} <= set(hand(state, 1))   # two A♠
    assert "2C" in hand(state, 2) and "QD" in hand(state, 3)
    with pytest.raises(ValueError, match="unknown Skitgubbe card 'ZS'; write rank then suit"):
        game.new_state(deck=["ZS"])
    with pytest.raises(ValueError, match="named more often than the pack has it"):
        game.new_state(deck=["AS", "as", "A♠"])
    with pytest.raises(ValueError, match="named more often"):
        one.new_state(deck=["AS", "AS"])
    refused(state, Play("ZZ"), "skitgubbe.deck")
    with pytest.raises(ValueError, match="one deck is allowed only up to 5 players"):
        cardkit.make("skitgubbe", players=6, seed=1, decks=1)


def test_skitgubbe_deal():
    state = deal(["AS", "KH", "7D", "9S", "QD", "10C", "2H", "3H", "4H"])
    assert [hand(state, s) for s in range(3)] == [["9S", "AS", "2H"], ["3H", "KH", "QD"], ["4H", "10C", "7D"]]
    view = state.view(1)
    assert view.seats[0]["hand"] == [None] * 3 and view.seats[1]["hand"] == ["3H", "KH", "QD"]
    assert len(view.table["stock"]) == 95 and set(view.table["stock"]) == {None}
    assert sum(view.unseen.values()) == 101 and view.unseen["KH"] == 1
    assert state.current_player == 0 and state.events[0].text == "3 cards each, Player 0 first; 95 cards in the stock."


def test_skitgubbe_turn():
    state = deal(["9S", "KH", "4D", "2C", "2D", "6C", "3C", "3D", "7C"])
    refused(state, Play("KH"), "skitgubbe.turn")                    # Player 1's card
    refused(state, Play("9S"), "skitgubbe.turn", seat=1)            # not Player 1's turn
    refused(state, Lay(("9S",)), "skitgubbe.second_round")
    refused(state, "Play 9♠", "skitgubbe.turn")                     # a label is not an action
    act(state, "Play 9♠")
    assert state.current_player == 1 and state.view(None).table["trick"] == ["9S"]
    act(state, "Play K♥", "Play 4♦")
    assert state.view(None).seats[1]["tricks"] == ["9S", "KH", "4D"]
    assert state.current_player == 1 and state.view(None).table["trick"] == []      # the winner leads
    assert "First round: Player 1 leads." == state.view(0).status


# -- the first round: a player's turn ---------------------------------------------------------------
def test_skitgubbe_match():
    state = deal(["7H", "7S", "2D", "2C", "9S", "6C", "3C", "7D", "8C"])   # Player 1: 7♠ 9♠ 7♦
    act(state, "Play 7♥")
    assert labels(state) == ["Play 7♠", "Play 7♦"]                  # either 7, nothing else
    assert "must match" in state.view(1).status
    why = refused(state, Play("9S"), "skitgubbe.match")
    assert "Player 1 holds 7s, already on the table in this round" in why
    refused(state, Chance(), "skitgubbe.match")
    events = act(state, "Play 7♦")
    assert events[0].rule == "skitgubbe.match" and events[0].text == "Player 1 plays 7♦ and draws a card."
    # with two ranks on the table, any card of either may be played
    state = deal(["7H", "9S", "2D", "2C", "3S", "9C", "3C", "4S", "7C"])   # Player 2: 2♦ 9♣ 7♣
    act(state, "Play 7♥", "Play 9♠")
    assert labels(state) == ["Play 7♣", "Play 9♣"]


def test_skitgubbe_match_only_the_seat_asked_and_the_teacher_read_whether_it_must_match():
    """Whether Player 1 holds a rank on the table is its secret: its own line says it, the teacher's
    too; every other seat reads the same line whatever Player 1 holds (the same deal, 9♠ or 5♠)."""
    statuses = []
    for second in ("9S", "5S"):
        state = deal(["5H", second, "2C", "6D", "KS", "3H", "7C", "QD", "4S"])
        act(state, "Play 5♥")
        statuses.append([state.view(seat).status for seat in (None, 0, 1, 2)])
    (teacher_a, *seats_a), (teacher_b, *seats_b) = statuses
    assert seats_a[0] == seats_b[0] == seats_a[2] == seats_b[2] == ("First round: Player 1 matches a rank on "
                                                                  "the table if they can, or else plays a card "
                                                                  "and draws, or chances it.")
    assert seats_a[1] == "First round: you play a card and draw, or chance it."
    assert seats_b[1] == "First round: you must match a rank on the table."
    assert teacher_b == "First round: Player 1 must match a rank on the table." != teacher_a


def test_skitgubbe_play():
    state = deal(["9S", "KH", "4D", "2C", "2D", "6C", "3C", "3D", "7C", "QS"])
    assert labels(state) == ["Play 9♠", "Play 2♣", "Play 3♣", "Chance it"]
    events = act(state, "Play 3♣")
    assert events[0].rule == "skitgubbe.play" and "Q" not in events[0].text
    assert sorted(hand(state, 0)) == sorted(["2C", "9S", "QS"])     # drew back up to three
    assert len(state.view(None).table["stock"]) == 94


def test_skitgubbe_chance():
    state = deal(["9S", "KH", "4D", "2C", "2D", "6C", "3C", "3D", "7C", "QS"])
    events = act(state, "Chance it")
    assert events[0].rule == "skitgubbe.chance" and events[0].text == \
        "Player 0 chances it: the top card of the stock is Q♠."
    assert state.view(None).table["trick"] == ["QS"] and hand(state, 0) == ["9S", "2C", "3C"]
    assert len(state.view(None).table["stock"]) == 94 and state.current_player == 1
    # a chanced card counts like any other: Player 1 must now match the Queen if it can
    state = deal(["9S", "QH", "4D", "2C", "2D", "6C", "3C", "3D", "7C", "QS"])
    act(state, "Chance it")
    assert labels(state) == ["Play Q♥"]


# -- who takes the trick ---------------------------------------------------------------------------
def test_skitgubbe_identical():
    # five players: 7♥ 9♠ 7♥ 9♦ 9♣ — the identical 7s beat the three 9s
    deck = ["7H", "9S", "7H", "9D", "9C", "2C", "2D", "4C", "4D", "8S", "3C", "3D", "6C", "6D", "10S"]
    state = deal(deck, players=5)
    act(state, "Play 7♥", "Play 9♠", "Play 7♥", "Play 9♦")
    events = act(state, "Play 9♣")
    assert events[-1].rule == "skitgubbe.identical"
    assert events[-1].text == "Player 0 and Player 2 played 7s: they play off."
    assert state.view(None).facts["contenders"] == [0, 2] and state.current_player == 0
    assert "Play-off" in state.view(0).status


def test_skitgubbe_most():
    state = deal(["9S", "4H", "9D", "2C", "2D", "6C", "3C", "3D", "7C"])
    events = act(state, "Play 9♠", "Play 4♥", "Play 9♦")
    assert events[-1].rule == "skitgubbe.most" and events[-1].text == "Player 0 and Player 2 played 9s: they play off."
    assert state.view(None).facts["contenders"] == [0, 2]


def test_skitgubbe_lowest():
    deck = ["9S", "4H", "9D", "4C", "2C", "2D", "6C", "6H", "3C", "3D", "7C", "7H"]
    state = deal(deck, players=4)
    events = act(state, "Play 9♠", "Play 4♥", "Play 9♦", "Play 4♣")
    assert events[-1].rule == "skitgubbe.lowest" and events[-1].text == "Player 1 and Player 3 played 4s: they play off."
    assert state.view(None).facts["contenders"] == [1, 3] and state.current_player == 1


def test_skitgubbe_highest():
    state = deal(["9S", "KH", "4D", "2C", "2D", "6C", "3C", "3D", "7C"])
    events = act(state, "Play 9♠", "Play K♥", "Play 4♦")
    assert events[-1].rule == "skitgubbe.highest"
    assert events[-1].text == "Player 1 takes the trick (3 cards; 3 taken in all)."
    assert state.view(None).facts["taken"] == [0, 3, 0]


def test_skitgubbe_playoff():
    # 9♠ 4♥ 9♦: Player 0 and 2 play off; the stock (stacked) gives Player 2 a 3♥ and then a 9♥
    deck = ["9S", "4H", "9D", "2C", "2D", "6C", "3C", "3D", "7C", "JD", "QD", "3H", "KS", "9H", "8D"]
    state = deal(deck)
    act(state, "Play 9♠", "Play 4♥", "Play 9♦")
    assert state.current_player == 0 and labels(state) == ["Play 2♣", "Play 3♣", "Play J♦", "Chance it"]
    act(state, "Play 3♣")
    assert state.current_player == 2 and labels(state) == ["Play 3♥"]      # the play-off's own round counts
    events = act(state, "Play 3♥")                                          # tied again: a second play-off
    assert events[-1].rule == "skitgubbe.most" and state.view(None).facts["contenders"] == [0, 2]
    act(state, "Play 2♣")
    assert "Play 9♥" in labels(state) and "Chance it" in labels(state)     # the 9s of the first round do not bind
    events = act(state, "Play 7♣")
    assert events[-1].rule == "skitgubbe.playoff"
    assert events[-1].text == "Player 2 takes the trick (7 cards; 7 taken in all)."
    assert sorted(state.view(None).seats[2]["tricks"]) == sorted(["9S", "4H", "9D", "3C", "3H", "2C", "7C"])
    assert state.current_player == 2 and 1 not in [m.seat for m in state.history[3:]]   # Player 1 sat out


# -- the end of the first round ---------------------------------------------------------------------
def test_skitgubbe_trump_card():
    state = deal(["9S", "KH", "4D", "2C", "2D", "6C", "3C", "3D", "7C", "QS", "JH"], stock=2)
    assert state.view(None).table["stock"] == ["QS", "JH"]
    act(state, "Play 9♠")                                   # draws the Q♠; the J♥ is left alone
    assert "Chance it" not in labels(state)
    assert "trump card" in refused(state, Chance(), "skitgubbe.trump_card")
    events = act(state, "Play K♥")
    assert events[-1].rule == "skitgubbe.trump_card" and "sets it aside unseen" in events[-1].text
    assert "JH" not in events[-1].text and len(hand(state, 1)) == 2
    assert state.view(None).table["trump_card"] == ["JH"]
    for seat in range(3):
        view = state.view(seat)
        assert view.table["trump_card"] == [None] and view.unseen["JH"] == 2 and view.facts["drawer"] == 1
        assert view.facts["trump"] is None
    # in a full game the trump card may be stacked: it is the last card of the stock
    state = cardkit.make("skitgubbe", players=3, seed=2).new_state(trump=["QD"])
    assert state.stock[0] == "QD" and len(state.stock) == 95
    with pytest.raises(ValueError, match="trump= names one card"):
        cardkit.make("skitgubbe", players=3, seed=2).new_state(trump=["QD", "KD"])


def test_skitgubbe_trump():
    state = follow_round()
    events = [e for e in state.events if e.rule == "skitgubbe.trump"]
    assert events[0].text == ("Everyone has played out: the trump card is turned. It is K♥: ♥ hearts are "
                              "trump and ♦ diamonds anti-trump.")
    facts = state.view(2).facts
    assert (facts["trump"], facts["anti_trump"], facts["trump_card"]) == ("H", "D", "KH")
    for trump, anti in (("2S", "C"), ("9C", "S"), ("AD", "H")):
        state = second_round(("9S", "7C", "6D"), ("8S", "JS", "10S"), ("7S", "QS", "8D"), trump=trump)
        assert state.view(0).facts["anti_trump"] == anti and state.view(0).facts["trump"] == trump[-1]


def test_skitgubbe_trump_turned_at_the_round_end_the_taken_cards_stay_face_down():
    """The first round's end turns the trump card; the cards each player took (their second-round
    hand) stay face down to the others."""
    a, b, c = ("9S", "7C", "6D"), ("8S", "JS", "10S"), ("7S", "QS", "8D")
    state = deal([a[0], a[1], a[2], b[0], b[1], b[2], c[2], c[0], c[1]], trump="KH", stock=1)
    state.keep_round_ends = True
    act(state, *plays(*a, *b, *c))
    end = state.round_ends[0]
    assert end.title == "The first round is over"
    assert sorted(end.shown_to(None).seats[1]["tricks"]) == sorted(b)
    for seat in range(3):
        shown = end.shown_to(seat)
        assert shown.facts["trump_card"] == "KH" and len(shown.seats[seat]["tricks"]) == 3
        assert None not in shown.seats[seat]["tricks"]
        assert all(zones["tricks"] == [None] * 3 for s, zones in enumerate(shown.seats) if s != seat)


def test_skitgubbe_needed():
    state = follow_round()                                  # K♥ × 2 decks
    assert state.view(0).facts["needed"] == 26
    assert [e.text for e in state.events if e.rule == "skitgubbe.needed"] == ["13 × 2 decks: every player needs 26 cards."]
    # one deck, a 3: 3 cards each; everyone took 3, so nobody shares
    state = second_round(("9S", "7C", "6D"), ("8S", "JS", "10S"), ("7S", "QS", "8D"), trump="3C", decks=1)
    assert state.view(0).facts["needed"] == 3
    assert not [e for e in state.events if e.rule == "skitgubbe.share" and "fewer" in e.text]
    assert [len(h) for h in (hand(state, s) for s in range(3))] == [4, 3, 3]


def test_skitgubbe_share():
    state = second_round(("9S", "2C", "3D"), ("4S", "JS", "5H"), ("7S", "QD", "8D"), trump="KH")
    share = [e for e in state.events if e.rule == "skitgubbe.share"]
    assert share[0].text == ("Player 0, Player 1 and Player 2 took fewer than 26 cards: everyone throws in "
                             "their 2s–5s (4 cards), shuffled and dealt round among them.")
    assert share[1].text == "The trump card K♥ joins Player 0's cards."
    low = [[c for c in hand(state, s) if RANK[c] in "2345"] for s in range(3)]
    assert [len(x) for x in low] == [2, 1, 1]                # dealt round from the trump card's drawer
    assert sorted(sum(low, [])) == sorted(["2C", "3D", "4S", "5H"])
    assert "9S" in hand(state, 0) and "KH" in hand(state, 0) and "JS" in hand(state, 1)
    assert len(hand(state, 2)) == 4 and state.view(0).facts["phase"] == 2
    # only those below the count receive: one deck, a 3 needed; Player 0 took 5 (a play-off), Player 1 3, Player 2 1
    state = deal(["8H", "8S", "10S", "6S", "JS", "2C", "KD", "9D", "QC"], trump="3H", stock=1, decks=1)
    act(state, "Play 8♥", "Play 8♠", "Play 10♠", "Play K♦", "Play J♠")   # 8s play off: Player 0 wins
    act(state, "Play 6♠", "Play 9♦", "Play 2♣", "Play Q♣")
    assert [e for e in state.events if e.rule == "skitgubbe.share"][0].text == (
        "Player 2 took fewer than 3 cards: everyone throws in their 2s–5s (1 card), shuffled and dealt round "
        "among them.")
    assert hand(state, 2) == ["2C", "QC"] and hand(state, 1) == ["6S", "9D"]
    assert sorted(hand(state, 0)) == sorted(["8H", "8S", "10S", "KD", "JS", "3H"])


# -- the second round ------------------------------------------------------------------------------
def test_skitgubbe_second_round():
    state = follow_round()
    assert state.view(0).facts["phase"] == 2 and state.current_player == 0     # the drawer starts
    assert [sorted(hand(state, s)) for s in range(3)] == [sorted(["9S", "7C", "6D", "KH"]),
                                                          sorted(["8S", "JS", "10S"]), sorted(["7S", "QS", "8D"])]
    assert state.view(0).seats[0]["tricks"] == [] and state.view(0).table["trump_card"] == []
    refused(state, Play("9S"), "skitgubbe.second_round")
    refused(state, Chance(), "skitgubbe.second_round")
    assert [e.text for e in state.events if e.rule == "skitgubbe.second_round"] == [
        "The second round: the cards taken are the hands; Player 0, who drew the trump card, starts."]
    assert state.view(1).status == "Second round: Player 0 lays any run."


def test_skitgubbe_run():
    state = pair_round()
    act(state, "Lay 9♦")
    refused(state, Lay(()), "skitgubbe.run")
    assert "skips from 6♠ to 10♠" in refused(state, Lay(("6S", "10S")), "skitgubbe.run")
    assert "one suit" in refused(state, Lay(("10S", "8H")), "skitgubbe.run")
    refused(state, Lay(("8H", "8H", "8H")), "skitgubbe.turn")                # only two held
    state.apply(Lay(("8h", "8♥")))                                            # identical cards together
    assert state.view(None).facts["runs"] == [["9D"], ["8H", "8H"]]
    from cardkit.games.skitgubbe.cards import is_run
    assert is_run(["5H", "5H", "6H", "7H"]) and not is_run(["5H", "7H"]) and not is_run(["6H", "5H"])
    assert not is_run(["5H", "6S"]) and not is_run([])


def test_skitgubbe_trump_pair():
    state = pair_round()
    act(state, "Lay 9♦")                                     # anti-trump on top
    assert labels(state) == ["Lay 8♥ 8♥", "Pick up"]
    events = act(state, "Lay 8♥ 8♥")
    assert events[0].rule == "skitgubbe.trump_pair" and events[0].text == "Player 1 lays 8♥ 8♥."
    # a pair of trump with a run above it goes on anything, whatever the rank
    from cardkit.games.skitgubbe.cards import placement
    assert placement(["2H", "2H", "3H"], ["AD"], "H") == "skitgubbe.trump_pair"
    assert placement(["2H", "2H"], ["AH"], "H") == "skitgubbe.trump_pair"
    assert placement(["2H", "3H"], ["AD"], "H") is None


def test_skitgubbe_anti_trump():
    state = pair_round()
    act(state, "Lay 9♦")
    why = refused(state, Lay(("8H",)), "skitgubbe.anti_trump")
    assert why.startswith("trump (♥) may not go on anti-trump (♦), except a trump pair")
    refused(state, Lay(("8H", "8H", "9H")), "skitgubbe.turn")                # not held: no 9♥


def test_skitgubbe_trump_on():
    state = pair_round()
    act(state, "Lay 6♣")
    assert labels(state) == ["Lay 8♥", "Lay 8♥ 8♥", "Pick up"]           # trump on another suit
    events = act(state, "Lay 8♥")
    assert events[0].rule == "skitgubbe.trump_on"
    # trump on trump: the Q♣ cannot follow; Player 0's 7♥ may go on the 8♥ (trump on trump)
    act(state, "Pick up")
    assert state.current_player == 0 and "Lay 7♥" in labels(state)
    assert act(state, "Lay 7♥")[0].rule == "skitgubbe.trump_on"
    assert state.view(None).facts["runs"][-1] == ["7H"]
    # option trump_climbs: trump on trump goes upwards like any suit (a trump pair still goes anywhere)
    state = pair_round(trump_climbs=True)
    act(state, "Lay 6♣", "Lay 8♥", "Pick up")
    assert "Lay 7♥" not in labels(state)
    assert "trump on trump must start at or above" in refused(state, Lay(("7H",)), "skitgubbe.trump_on")
    from cardkit.games.skitgubbe.cards import placement
    assert placement(["2H", "2H"], ["AH"], "H", climb=True) == "skitgubbe.trump_pair"
    assert placement(["9H"], ["9H"], "H", climb=True) == "skitgubbe.trump_on"


def test_skitgubbe_follow():
    state = follow_round()
    act(state, "Lay 9♠")
    assert labels(state) == ["Lay 10♠", "Lay 10♠ J♠", "Lay J♠", "Pick up"]
    why = refused(state, Lay(("8S",)), "skitgubbe.follow")
    assert why.startswith("a run must start at or above the rank the top run ended on (9♠): 8♠ is lower")
    state.apply(Lay(("JS", "10S")))                          # the same run named in another order
    assert state.history[-1] == (1, Lay(("10S", "JS")))
    assert state.view(None).facts["runs"] == [["9S"], ["10S", "JS"]]
    assert refused(state, Lay(("8D",)), "skitgubbe.follow").startswith("a run must follow suit: the top run is ♠")
    events = act(state, "Lay Q♠")
    assert events[0].rule == "skitgubbe.follow"


def test_skitgubbe_empty_table():
    state = follow_round()
    assert labels(state) == ["Lay 9♠", "Lay K♥", "Lay 7♣", "Lay 6♦"]     # any run; nothing to pick up
    refused(state, PickUp(), "skitgubbe.pick_up")
    events = act(state, "Lay 6♦")
    assert events[0].rule == "skitgubbe.empty_table"


def test_skitgubbe_pick_up():
    state = follow_round()
    act(state, "Lay 9♠", "Lay 10♠ J♠")
    events = act(state, "Pick up")                          # Player 2: 9♠ and 10♠ J♠ connect
    assert events[0].rule == "skitgubbe.pick_up" and events[0].text == "Player 2 picks up 9♠ 10♠ J♠."
    assert hand(state, 2) == ["7S", "9S", "10S", "JS", "QS", "8D"] and state.view(None).table["piles"] == []
    assert state.current_player == 0
    # the lowest connected run only: 9♦ under the 8♥ 8♥
    state = pair_round()
    act(state, "Lay 9♦", "Lay 8♥ 8♥")
    assert labels(state) == ["Pick up"]
    assert state.view(2).facts["lowest_run"] == 1
    act(state, "Pick up")
    assert hand(state, 2) == ["QC", "9D"] and state.view(None).facts["runs"] == [["8H", "8H"]]
    from cardkit.games.skitgubbe.cards import lowest_run
    assert lowest_run([("5H",), ("6H", "7H"), ("7H", "8H"), ("10H",), ("JH",)]) == 3
    assert lowest_run([("5H",), ("5H",), ("6S",)]) == 2 and lowest_run([]) == 0


def test_skitgubbe_turn_away():
    state = follow_round()
    act(state, "Lay 9♠", "Lay 10♠")
    events = act(state, "Lay Q♠")
    assert events[-1].rule == "skitgubbe.turn_away"
    assert events[-1].text == ("3 plays on the table for 3 players still in: the table is turned away. Player 2 "
                               "lays any run next; play now goes counter-clockwise.")
    view = state.view(0)
    assert view.table["piles"] == [] and view.table["out"] == ["9S", "10S", "QS"] and view.facts["direction"] == -1
    assert state.current_player == 2 and labels(state) == ["Lay 7♠", "Lay 8♦"]
    act(state, "Lay 7♠")
    assert state.current_player == 1                       # the direction has reversed
    act(state, "Lay 8♠")
    events = act(state, "Lay K♥")                           # the table turns again: clockwise once more
    assert "play now goes clockwise" in events[-1].text and state.current_player == 0


def test_skitgubbe_out():
    state = follow_round()
    act(state, "Lay 9♠", "Lay 10♠", "Lay Q♠", "Lay 7♠", "Lay 8♠", "Lay K♥", "Lay 6♦", "Pick up")
    events = act(state, "Lay 8♦")
    assert events[-1].rule == "skitgubbe.out" and events[-1].text == "Player 2 has no cards left and is out (place 1)."
    assert state.scores == [0, 0, 1] and state.current_player == 0
    assert state.view(0).seat_notes[2] == "out: place 1" and state.view(0).facts["still_in"] == 2


def test_skitgubbe_end():
    state = follow_round()
    act(state, "Lay 9♠", "Lay 10♠", "Lay Q♠", "Lay 7♠", "Lay 8♠", "Lay K♥", "Lay 6♦", "Pick up", "Lay 8♦",
        "Pick up", "Lay J♠", "Pick up")
    events = act(state, "Lay 6♦")
    assert [e.rule for e in events[-2:]] == ["skitgubbe.out", "skitgubbe.end"]
    assert events[-1].text == "Only Player 0 still holds cards: Player 0 is the skitgubbe."
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.scores == [3, 2, 1] and state.winners == [1, 2]
    assert state.view(1).status == "Game over: Player 0 is the skitgubbe."
    refused(state, PickUp(), "skitgubbe.end")


def test_every_demo_plays_to_its_end():
    from cardkit.games.skitgubbe.rules import DEMOS
    assert set(DEMOS) <= {r.id for r in RULES} and len(DEMOS) >= len(RULES) - 2
    for rule_id, demo in DEMOS.items():
        game = cardkit.make("skitgubbe", players=demo["players"], seed=demo.get("seed", 0), **demo["options"])
        state = game.new_state(deck=demo["deck"])
        act(state, *demo["actions"])
        shown_by_what_is_legal = {"skitgubbe.turn", "skitgubbe.run", "skitgubbe.anti_trump"}
        if demo["actions"] and rule_id not in shown_by_what_is_legal:
            assert rule_id in {e.rule for e in state.events}, rule_id


def test_house_rules_are_listed_for_the_walkthrough():
    from cardkit.games.skitgubbe.rules import HOUSE_RULES
    game = cardkit.make("skitgubbe", players=3, seed=0)
    text = " ".join(HOUSE_RULES)
    assert len(HOUSE_RULES) >= 10 and all(f"option {o.name}" in text.lower() or o.name == "decks"
                                          for o in game.option_specs)
