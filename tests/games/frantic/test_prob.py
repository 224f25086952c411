"""Frantic's exact chances (prob.py) against what the engine deals: over many seeded games, the
chances a seat computes from its view must match how often the hidden truth turns out so."""
import math
from fractions import Fraction

import cardkit
from cardkit.bots import RandomBot
from cardkit.games.frantic import prob
from cardkit.games.frantic.cards import COLOUR, NUMBER, ROUND_ENDERS, matches, points
from cardkit.games.frantic.bots import HeuristicBot, leader

from tests.engine.moves import act

#: Both expansions on, as the game was made before its defaults became the base game.
BOTH = {"troublemaker": True, "supercharge": True}


def states(count, players=3, moves=0):
    """Games ``moves`` random moves in, each from its own seed. With no moves, only games whose start
    card is a plain coloured number: then every hidden hand is a fair sample of the unseen cards (once
    players act, a hand that did not play is less likely to hold a card that fits, which a seat's
    count of unseen cards cannot know)."""
    for seed in range(count):
        state = cardkit.make("frantic", players=players, seed=seed, **BOTH).new_state()
        if not moves and (NUMBER.get(state.view(None).facts["top"]) is None or COLOUR[state.view(None).facts["top"]] == "k"):
            continue
        cardkit.run(state, [RandomBot(seed + s) for s in range(players)], max_moves=moves)
        if not state.is_over and state.decision.kind == "turn":
            yield state


def calibrated(pairs, sigmas=4.0):
    """Σ(outcome − chance) is within ``sigmas`` standard deviations of 0."""
    pairs = list(pairs)
    diff = sum(float(x) - float(p) for p, x in pairs)
    var = sum(float(p) * (1 - float(p)) for p, _ in pairs)
    assert len(pairs) > 300
    assert abs(diff) <= sigmas * math.sqrt(var) + 1, (diff, var)


def test_follow_chance_matches_the_hidden_hands():
    found = []
    for state in states(1500):
        me = state.current_player
        nxt = (me + 1) % 3
        view = state.view(me)
        chance = prob.follow_chance(view, nxt)
        truth = state.view(None).seats[nxt]["hand"]
        size = len(truth)
        can = any(size == 10 if c == "Fuck You" else matches(c, view.facts["top"], view.facts["wish"]) for c in truth)
        found.append((chance, can))
    calibrated(found)
    # one's own hand, or any hand under The All-Seeing Eye, is certain
    state = next(states(50))
    me = state.current_player
    assert prob.follow_chance(state.view(me), me) in (0, 1)


def test_follow_chance_of_a_given_card_by_hand():
    state = next(states(50))
    view = state.view(state.current_player)
    nxt = (state.current_player + 1) % 3
    pool = prob.hidden_cards(view)
    good = sum(n for c, n in pool.items() if matches(c, "k5", None) and c != "Fuck You")   # 5s, four-colour cards
    total, h = sum(pool.values()), view.facts["hand_sizes"][nxt]
    assert prob.follow_chance(view, nxt, top="k5") == 1 - Fraction(math.comb(total - good, h), math.comb(total, h))
    assert prob.follow_chance(view, nxt, wish="r") > prob.follow_chance(view, nxt, top="k5")


def test_event_chance_matches_the_event_pile():
    found = []
    for state in states(1000, moves=12):      # games 12 moves in, reaction windows' passes included
        view = state.view(state.current_player)
        chance = prob.event_chance(view, ROUND_ENDERS)
        pile = state.view(None).table["events"]
        found.append((chance, pile[0] in ROUND_ENDERS))                  # the teacher sees the pile top first
    calibrated(found)
    state = cardkit.make("frantic", players=2, seed=1, troublemaker=False, supercharge=False).new_state(
        deck=["k5"], events=["Doomsday"])
    assert prob.event_chance(state.view(0), ["Doomsday"]) == Fraction(1, 20)
    state = cardkit.make("frantic", players=2, seed=1, troublemaker=True, supercharge=False).new_state(
        deck=["k5"], events=["Doomsday"])
    assert prob.event_chance(state.view(0), ["Doomsday"]) == Fraction(1, 34)
    state = cardkit.make("frantic", players=2, seed=1, **BOTH).new_state(
        deck=["k5"], events=["Doomsday"])
    assert prob.event_chance(state.view(0), ["Doomsday"]) == Fraction(1, 43)


def test_expected_hand_points_match_the_hidden_hands():
    diffs = []
    for state in states(1500):
        view = state.view(state.current_player)
        nxt = (state.current_player + 1) % 3
        diffs.append(float(prob.expected_hand_points(view, nxt)) - points(state.view(None).seats[nxt]["hand"]))
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    assert abs(mean) <= 4 * sd / math.sqrt(len(diffs))
    state = next(states(50))
    me = state.current_player
    assert prob.expected_hand_points(state.view(me), me) == points(state.view(me).seats[me]["hand"])


def test_insights_are_labelled_values():
    state = next(states(50))
    items = prob.insights(state.view(state.current_player))
    assert [i.kind for i in items] == ["probability", "probability", "points", "expected value", "count"]
    assert 0 <= items[0].value <= 1 and items[1].value == Fraction(2, 43 - len(state.view(0).table["revealed"]))


def test_heuristic_bot_beats_random_bots():
    wins = 0
    for seed in range(60):
        state = cardkit.make("frantic", players=4, seed=seed, limit=60, **BOTH).new_state()
        cardkit.run(state, [HeuristicBot(seed)] + [RandomBot(seed * 5 + s) for s in range(1, 4)])
        wins += 0 in state.winners
    assert wins > 60 * 0.4                       # a random seat wins about a quarter


def test_heuristic_bot_choices():
    bot = HeuristicBot(1)
    # it dumps Fuck You at 10 cards, aims at the leader, and keeps Counterattack back
    state = cardkit.make("frantic", players=3, seed=1, **BOTH).new_state(
        deck=["Counterattack", "b1", "b2", "Gift r", "b3", "b4", "r9", "b6", "b7", "r1", "b8", "b9", "y2", "g2",
              "g3", "g4", "g5", "g6", "g7", "g8", "y9", "r5"])
    view = state.view(0)
    choice = bot.act(view, state.legal_actions())
    assert choice.card == "r9"
    assert leader(view) in (1, 2)


def test_heuristic_bot_troublemaker_choices():
    from cardkit.games.frantic.rules import stack
    bot = HeuristicBot(1)

    def table(hands, events=(), **kw):
        return cardkit.make("frantic", players=len(hands), seed=1, **BOTH).new_state(deck=stack(hands, **kw),
                                                                             events=list(events))

    def choose(state):
        seat = state.current_player
        return bot.act(state.view(seat), state.legal_actions())
    # Lucky Bastard is thrown in before an event; Seppuku is risked
    state = table([["k5"], ["Lucky Bastard"]], events=["Seppuku"])
    act(state, "Play k5")
    assert str(choose(state)) == "Lucky Bastard"
    state.apply(choose(state))
    state.apply(choose(state))                                        # the wish
    assert str(choose(state)) == "Commit Seppuku"
    # Thief takes the four-colour card and the cheapest other
    state = table([["Thief r"], ["Fantastic", "r9", "b1"]])
    act(state, "Play Thief r → Player 1")
    assert choose(state).cards == ("b1", "Fantastic")
    # a Gift gives Curse away first
    state = table([["Gift r", "Curse", "r1"], ["b1"]])
    act(state, "Play Gift r → Player 1")
    assert "Curse" in choose(state).cards


def test_explorer_toggles_troublemaker_through_simulate():
    from cardkit.games.frantic.explore import EXPLORER
    from cardkit.sim import simulate
    assert EXPLORER["options"]["troublemaker"] == EXPLORER["options"]["supercharge"] == [True, False]
    means = {}
    for on in (True, False):
        game = cardkit.make("frantic", players=4, seed=1, limit=40, troublemaker=on, supercharge=True)
        frame = simulate(game, EXPLORER["bots"], n=10, seed=2, executor="inline")
        assert {"rounds", "event_end_share", "events_per_round"} <= set(frame.columns)
        assert (frame["events_per_round"] >= 0).all()
        means[on] = frame["events_per_round"].mean()
    assert means[True] != means[False]


def test_heuristic_bot_supercharge_choices():
    from cardkit.games.frantic.rules import stack
    bot = HeuristicBot(1)
    powers = ["All Draw One", "Open Hands", "Recycling", "Number Wish"]        # Player 0: All Draw One, Recycling
    state = cardkit.make("frantic", players=2, seed=1, **BOTH).new_state(deck=stack([["r9", "r1"], ["b1"]]),
                                                                          powers=powers)
    choice = bot.act(state.view(0), state.legal_actions())
    assert choice.card == "r9" and choice.power == "All Draw One"           # sheds the dear card with a useful power
    state.apply(choice)
    # Recycling sends the card to the leader (the player with the fewest cards)
    state = cardkit.make("frantic", players=2, seed=1, **BOTH).new_state(deck=stack([["r1"], ["b1"]]), powers=powers)
    act(state, "Play r1 + Recycling")
    assert bot.act(state.view(0), state.legal_actions()).target == 1
