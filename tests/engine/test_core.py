"""The core's hot-path shortcuts behave exactly like the plain versions they replace."""
import copy
from collections import Counter
import hashlib
import pickle
import random
import re
from pathlib import Path

import pytest

import cardkit
from cardkit import Event
from cardkit.bots import RandomBot
from cardkit.core.cards import Pile, shuffle
from cardkit.core.view import BUILT, LentSeats, View
from cardkit.games.flip7 import Give, Hit, Stay
from .moves import EVERY_CARD


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 9, 64, 65, 94, 200])
def test_shuffle_draws_exactly_like_random_shuffle(size):
    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        shuffle(a, ours)
        theirs.shuffle(b)
        assert a == b and ours.getstate() == theirs.getstate()


def test_shuffle_leaves_other_generators_to_their_own_shuffle():
    class Backwards(random.Random):
        def shuffle(self, x):
            x.reverse()
    cards = [1, 2, 3]
    shuffle(cards, Backwards(1))
    assert cards == [3, 2, 1]


# Outcomes of seeded games played by a seeded random chooser, taken before the hot path was
# made faster: the same seed and the same actions must still give the very same game. (The first
# game's digest changed once, with the words alone: "The waiting Freeze is discarded." for "are".)
GOLDEN = [
    (7, 3, {}, [203, 173, 189], 95, 291, "922a945eee4171de"),
    (11, 5, {"target": 100}, [113, 55, 27, 29, 71], 47, 127, "40d56c3b5782f538"),
    (3, 2, {"unique": 4, "bonus": 5}, [219, 152], 53, 181, "2b9cc47e859dcd3e"),
]


@pytest.mark.parametrize("seed, players, options, scores, moves, events, digest", GOLDEN)
def test_seeded_games_are_unchanged(seed, players, options, scores, moves, events, digest):
    state = cardkit.make("flip7", players=players, seed=seed, **options).new_state()
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    narration = "\n".join(f"{e.seat}|{e.kind}|{e.rule}|{e.text}" for e in state.events)
    assert (state.scores, len(state.history), len(state.events)) == (scores, moves, events)
    assert hashlib.sha256(narration.encode()).hexdigest()[:16] == digest


def test_event_text_is_formatted_from_values_in_template_order():
    event = Event((1, "freeze", "{p} freezes {t}: out with {pts} points.", "flip7.freeze", 1, 0, 12))
    assert (event.seat, event.kind, event.rule) == (1, "freeze", "flip7.freeze")
    assert event.values == (1, 0, 12) and event.args == {"p": 1, "t": 0, "pts": 12}
    assert event.text == "Player 1 freezes Player 0: out with 12 points."
    assert Event((None, "round_end", "Round over.", "flip7.round_end")).text == "Round over."


def test_events_compare_as_narration_and_survive_copies():
    a = Event((0, "flip", "{p} flips {c}.", "flip7.hit", 0, "5"))
    same_words = Event((0, "flip", "Player 0 flips {c}.", "flip7.hit", "5"))
    assert a == same_words and (a != same_words) is False and hash(a) == hash(same_words)
    assert a != Event((0, "flip", "{p} flips {c}.", "flip7.deal", 0, "5"))
    assert a != (0, "flip", "{p} flips {c}.", "flip7.hit", 0, "5")
    for twin in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a), copy.copy(a)):
        assert type(twin) is Event and twin == a and twin.text == a.text
    assert repr(a) == "Event(seat=0, kind='flip', text='Player 0 flips 5.', rule='flip7.hit')"


def test_legal_actions_are_fresh_lists_and_equal_actions_are_accepted():
    state = cardkit.make("flip7", players=2, seed=1).new_state(deck=["5", "9", "Freeze", "3"])
    first = state.legal_actions()
    first.clear()
    assert state.legal_actions() == [Hit(), Stay()] and state.legal_actions() is not state.legal_actions()
    state.apply(Hit())                             # an equal action, not the very object listed
    assert state.legal_actions() == [Give("Freeze", 0), Give("Freeze", 1)]
    events = state.apply(Give("Freeze", 1))
    assert [e.kind for e in events][:1] == ["freeze"]
    assert state.current_player == 0 and state.legal_actions() == [Hit(), Stay()]


def test_clone_keeps_its_own_choices():
    state = cardkit.make("flip7", players=3, seed=4).new_state()
    twin = state.clone()
    state.apply(state.legal_actions()[1])
    assert twin.legal_actions() == [Hit(), Stay()] and twin.current_player == 0
    twin.apply(Stay())
    assert [e.text for e in twin.events] == [e.text for e in state.events]


def test_is_over_follows_every_move():
    state = cardkit.make("flip7", players=2, seed=5, target=40).new_state()
    rng = random.Random(5)
    while True:
        assert state.is_over == (state.current_player is None) == (state.legal_actions() == [])
        if state.is_over:
            break
        assert state.clone().is_over is False
        state.apply(rng.choice(state.legal_actions()))
    assert state.winners and state.clone().is_over
    assert cardkit.replay(state.game, state.history).is_over


def test_pile_counts_follow_draws_put_backs_and_any_other_change():
    pile = Pile("AABCD")
    assert pile.counts() == Counter("AABCD")
    pile.pop(), pile.pop()
    assert pile.counts() == Counter("AAB")                     # two cards drawn since the last count
    pile.append("C")
    assert pile.counts() == Counter("AABC")                    # the same card put back on top
    pile.append("A")
    assert pile.counts([["Z"], []]) == Counter("AABCAZ")          # another card on top; plus other cards
    pile.remove("B")
    assert pile.counts() == Counter("AACA")                    # taken from the middle: counted afresh
    pile[:0] = "XY"
    assert pile.counts() == Counter("XYAACA")                  # cards slid under (a reshuffle)
    counted = pile.counts()
    counted["X"] += 5
    assert pile.counts() == Counter("XYAACA")                  # a view's Counter is its own
    del pile[:]
    assert pile.counts() == Counter() and not pile.counts()


def test_pile_counts_keep_other_face_down_piles_in_the_same_count():
    deck, events = Pile("AABCD"), Pile("XYZ")
    assert deck.counts([["Q"]], also=(events,)) == Counter("AABCDXYZQ")
    deck.pop(), events.pop()
    assert deck.counts(also=(events,)) == Counter("AABCXY")           # drawn from both tops
    events += "ZZ"
    assert deck.counts(also=(events,)) == Counter("AABCXYZZ")         # laid on top of one
    events[0] = "W"
    assert deck.counts(also=(events,)) == Counter("AABCWYZZ")         # changed under the top: afresh
    assert deck.counts() == Counter("AABC")                            # without the other pile
    assert deck.counts(also=(events,)) == Counter("AABCWYZZ")
    deck.pop(), deck.pop(), events.pop()                               # a kind drawn to none left
    assert deck.counts(also=(events,)) == Counter("AAWYZ") and "C" not in deck.counts(also=(events,))


def test_pile_copies_and_pickles_leave_the_kept_count_behind():
    pile = Pile("ABC")
    pile.counts()
    for twin in (copy.copy(pile), copy.deepcopy(pile), pickle.loads(pickle.dumps(pile))):
        assert type(twin) is Pile and twin == pile and not twin.__dict__
        twin.pop()
        assert twin.counts() == Counter("AB") and pile.counts() == Counter("ABC")


@pytest.mark.parametrize("game_id, players", [("flip7", 3), ("eights", 4), ("trump21", 2),
                                              ("skitgubbe", 4), ("frantic", 4)])
def test_unseen_kept_between_views_equals_a_fresh_count(game_id, players):
    """A clone starts without kept counts, so its view counts every hidden card afresh."""
    for seed in range(12):
        state = cardkit.make(game_id, players=players, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        bots = [RandomBot(seed * 5 + s) for s in range(players)]
        while not state.is_over and len(state.history) < 400:
            seat = state.current_player
            view = state.view(seat)
            assert view == state.clone().view(seat)
            state.apply(bots[seat].act(view, state.legal_actions()), seat)


class _CountingState:
    """Builds each field of a view, and each seat's zones, from a counter, and counts what it was
    asked to build."""
    players = 3

    def __init__(self):
        self.built = Counter()
        self.tick = 0

    def __getattr__(self, name):
        if not name.startswith("view_"):
            raise AttributeError(name)

        def build(seat):
            self.built[name[5:]] += 1
            return [seat, name[5:], self.tick]
        return build

    def view_zones(self, seat, whose):
        self.built["zones", whose] += 1
        return [seat, "zones", whose, self.tick]


def test_a_lent_view_builds_only_the_fields_read_and_each_once():
    state = _CountingState()
    view = View.lent(state, 1)
    assert view.seat == 1 and not state.built
    assert view.unseen == [1, "unseen", 0] and view.facts == [1, "facts", 0] and view.unseen == [1, "unseen", 0]
    assert state.built == Counter(unseen=1, facts=1)
    state.tick = 1
    view.keep()                                   # the rest is built now, from the state as it is
    assert view.table == [1, "table", 1] and view.unseen == [1, "unseen", 0]
    assert view.seats == [[1, "zones", whose, 1] for whose in range(3)]      # lent seats build seat by seat
    assert state.built == Counter({name: 1 for name in BUILT if name != "seats"}) + Counter(
        {("zones", whose): 1 for whose in range(3)}) and "_state" not in view.__dict__
    assert view == View(1, *[getattr(view, name) for name in BUILT])   # a plain View's equal


def test_a_lent_view_builds_each_seat_when_it_is_read():
    state = _CountingState()
    view = View.lent(state, 0)
    seats = view.seats
    assert len(seats) == 3 and not state.built
    assert seats[2] == [0, "zones", 2, 0] and seats[-1] is seats[2] and view.seats is seats
    assert state.built == Counter({("zones", 2): 1})
    with pytest.raises(IndexError):
        seats[3]
    state.tick = 1
    assert seats[:2] == [[0, "zones", 0, 1], [0, "zones", 1, 1]]      # a slice builds them all
    assert state.built == Counter({("zones", 0): 1, ("zones", 1): 1, ("zones", 2): 1})
    whole = [[0, "zones", 0, 1], [0, "zones", 1, 1], [0, "zones", 2, 0]]
    assert seats == whole and whole == seats and list(seats) == whole and repr(seats) == repr(whole)
    assert pickle.loads(pickle.dumps(seats)) == whole and type(copy.deepcopy(seats)) is list
    view.keep()
    assert type(view.seats) is list and view.seats == whole and state.built["seats"] == 0


def test_a_lent_view_pickled_or_copied_is_built_in_full_first():
    for twin in (lambda v: pickle.loads(pickle.dumps(v)), copy.deepcopy, copy.copy):
        state = _CountingState()
        view = View.lent(state, 0)
        view.facts
        made = twin(view)
        assert type(made) is View and "_state" not in made.__dict__ and "_state" not in view.__dict__
        assert made == view and made.zone_order == [0, "zone_order", 0]


def bot_decisions(state) -> int:
    """The moves of ``state`` a bot was asked for: run() passes at once for a seat whose only choice
    in a reaction window is Pass."""
    replay = state.game.new_state()
    asked = 0
    for seat, action in state.history:
        asked += not replay.only_passes(seat)
        replay.apply(action, seat)
    return asked


@pytest.mark.parametrize("game_id, players", [("flip7", 3), ("eights", 4), ("trump21", 2),
                                              ("skitgubbe", 4), ("frantic", 4)])
def test_a_lent_view_a_bot_reads_and_keeps_shows_the_table_as_it_was_lent(game_id, players):
    """run() lends bots views that build a field when it is read. A bot here reads a few fields
    and keeps every view; each must equal the full view made when it was lent, whatever moved since."""
    for seed in range(8):
        state = cardkit.make(game_id, players=players, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        rng = random.Random(seed)
        kept = []

        def look(view, actions):
            kept.append((view, state.view(view.seat), "_state" in view.__dict__))
            for name in rng.sample(BUILT, rng.randrange(4)):
                getattr(view, name)
            if rng.random() < 0.5:
                view.seats[rng.randrange(players)]
            return actions[rng.randrange(len(actions))]

        cardkit.run(state, [look] * players, max_moves=300)
        assert len(kept) == bot_decisions(state)
        for view, whole, lent in kept:
            assert lent and "_state" not in view.__dict__ and view == whole and type(view.seats) is list


@pytest.mark.parametrize("game_id, players", [("flip7", 3), ("eights", 4), ("trump21", 2),
                                              ("skitgubbe", 4), ("frantic", 4)])
def test_lent_seats_a_bot_keeps_without_their_view_show_the_seats_as_lent(game_id, players):
    for seed in range(4):
        state = cardkit.make(game_id, players=players, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        rng = random.Random(seed)
        kept = []

        def look(view, actions):
            kept.append((view.seats, state.view(view.seat).seats))
            view.seats[view.seat]
            return actions[rng.randrange(len(actions))]

        cardkit.run(state, [look] * players, max_moves=300)
        assert len(kept) == bot_decisions(state)
        for seats, whole in kept:
            assert type(seats) is LentSeats and seats == whole


def test_a_bot_reading_its_own_zones_builds_no_other_seat(monkeypatch):
    state = cardkit.make("eights", players=4, seed=2).new_state()
    built = Counter()
    original = type(state).view_zones

    def counting(self, seat, whose):
        built[seat == whose] += 1
        return original(self, seat, whose)

    def own_hand_reader(view, actions):
        view.seats[view.seat]["hand"]
        return actions[-1]

    monkeypatch.setattr(type(state), "view_zones", counting)
    cardkit.run(state, [own_hand_reader] * 4, max_moves=30)
    assert built == Counter({True: 30})


def test_a_lent_view_dropped_by_its_bot_is_not_built(monkeypatch):
    state = cardkit.make("flip7", players=3, seed=1).new_state()
    built = Counter()
    original = type(state).view_seat_notes

    def counting(self, seat):
        built[seat] += 1
        return original(self, seat)

    monkeypatch.setattr(type(state), "view_seat_notes", counting)
    cardkit.run(state, [lambda view, actions: actions[0]] * 3, max_moves=20)
    assert not built
    cardkit.run(state, [lambda view, actions: view.seat_notes and actions[0]] * 3, max_moves=5)
    assert sum(built.values()) == 5


def test_flip7_view_shows_every_zone_of_every_line_in_order():
    """Flip 7's view_zones spells its zones out for speed: it must still show all of ZONES, face up."""
    from cardkit.games.flip7.state import ZONES
    for seed in range(5):
        state = cardkit.make("flip7", players=3, seed=seed).new_state()
        bots = [RandomBot(seed * 7 + s) for s in range(3)]
        while not state.is_over:
            for seat in (None, 0):
                assert state.view(seat).seats == [{zone: line[zone] for zone in ZONES} for line in state.lines]
                assert [list(zones) for zones in state.view(seat).seats] == [list(ZONES)] * 3
            state.apply(bots[state.current_player].act(None, state.legal_actions()))


def test_plural_counts_in_the_singular_too():
    from cardkit.core import cards_count, plural
    assert plural(1, "more 2", "more 2s") == "1 more 2"
    assert plural(11, "more 12", "more 12s") == "11 more 12s"
    assert plural(2, "deal") == "2 deals" and plural(10_000, "game") == "10,000 games"
    assert (cards_count(1), cards_count(0)) == ("1 card", "0 cards")


def test_interned_moves_are_one_object_equal_to_a_fresh_one():
    from cardkit.core import interned
    from cardkit.games.eights import Play
    first = interned(Play, ("7h",), None)
    assert interned(Play, ("7h",), None) is first and first == Play(("7h",), None)
    assert interned(Play, ("7s",), None) is not first


def test_tried_yields_each_settings_outcomes_and_stops_when_cancelled():
    from cardkit.chance import tried

    class Task:
        cancelled, done = False, 0

        def advance(self):
            self.done += 1
            self.cancelled = self.done == 7
    assert list(tried(Task(), ["a", "b"], 3, str.upper)) == [("a", ["A"] * 3), ("b", ["B"] * 3)]
    task = Task()
    assert list(tried(task, [1, 2, 3, 4], 3, lambda s: s * 10)) == [(1, [10] * 3), (2, [20] * 3), (3, [30])]
    assert task.done == 7


def test_a_cache_starts_empty_again_once_it_holds_its_limit():
    from cardkit.core.fast import keep
    cache = {}
    assert [keep(cache, n, n * n, 3) for n in range(3)] == [0, 1, 4] and cache == {0: 0, 1: 1, 2: 4}
    assert keep(cache, 3, 9, 3) == 9 and cache == {3: 9}


#: Every value-keyed cache of the games (bench/caches.py measures what each saves).
GAME_CACHES = {"eights": ["eights.cards:_FIT_TESTS", "eights.state:_GROUP_PLAYS", "eights.state:_EIGHT_PLAYS"],
               "skitgubbe": ["skitgubbe.state:_RUNS"],
               "frantic": ["frantic.cards:_FITS", "frantic.specials:_PLAYS", "frantic.powers:_POWERED", "frantic.views:_ASKED"],
               "flip7": ["flip7.cards:_deck"]}


@pytest.mark.parametrize("game_id", sorted(GAME_CACHES))
def test_a_games_caches_are_bounded_and_play_as_the_plain_code_does(game_id, monkeypatch):
    import importlib
    options = {"troublemaker": True, "supercharge": True} if game_id == "frantic" else {}

    def history(seed=3):
        state = cardkit.make(game_id, seed=seed, **options).new_state()
        rng = random.Random(seed)
        while state.decision is not None and len(state.history) < 400:
            choices = state.legal_actions()
            state.apply(choices[rng.randrange(len(choices))])
        return list(state.history)
    cached = history()
    for spec in GAME_CACHES[game_id]:
        module, name = spec.split(":")
        module = importlib.import_module(f"cardkit.games.{module}")
        cache = getattr(module, name)
        if hasattr(cache, "cache_info"):
            assert cache.cache_info().maxsize is not None, spec
            monkeypatch.setattr(module, name, cache.__wrapped__)
        else:                                   # a plain dict, stored into through fast.keep: bounded
            source = Path(module.__file__).read_text()
            assert f"keep({name}, " in source and not re.search(rf"{name}\[[^]]*\] =", source), spec
            monkeypatch.setattr(module, name, KeepsNothing())       # every lookup builds afresh
    assert history() == cached


class KeepsNothing(dict):
    def __setitem__(self, key, value):
        pass


def test_no_cache_in_the_engine_grows_without_a_bound():
    engine = Path(cardkit.__file__).parent
    source = "\n".join(p.read_text() for p in engine.rglob("*.py"))
    assert "functools.cache\n" not in source and "lru_cache(maxsize=None)" not in source


def test_history_reads_as_moves_and_copies_as_the_pairs_it_keeps():
    from cardkit.core import Move
    from cardkit.core.fast import History
    history = History([(0, Hit()), (1, Stay())])
    assert history == [(0, Hit()), (1, Stay())] and (1, Stay()) in history
    assert history[0] == Move((0, Hit())) and type(history[0]) is Move and history[-1].seat == 1
    assert list(history) == [Move((0, Hit())), Move((1, Stay()))] and list(reversed(history))[0].action == Stay()
    assert type(history[1:]) is History and history[1:] == [(1, Stay())] and type(history + [(0, Hit())]) is History
    for twin in (copy.deepcopy(history), pickle.loads(pickle.dumps(history)), history.copy()):
        assert type(twin) is History and twin == history and twin is not history
    assert history.pop() == Move((1, Stay())) and history == [(0, Hit())]
    assert str(Move((1, Stay()))) == "Player 1: Stay"


def test_steps_run_after_a_move_with_any_number_of_arguments():
    from cardkit.core import PASS, decides, offers, step
    from .toygame import ToyGame, ToyState

    class Counting(ToyState):
        def setup(self, deck):
            self.ran = []
            self.ask(0, "count")                      # asked first: written first
            super().setup(deck)

        @offers("count")
        def _choices_count(self, seat):
            return [PASS]

        @decides("count")
        def _decide_count(self, seat, action):
            self.then(self._step_args)
            self.then(self._step_args, 1)
            self.then(self._step_args, 1, 2)
            self.then(self._step_args, 1, 2, 3)
            self.then(self._step_args, 1, 2, 3, 4)

        @step
        def _step_args(self, *args):
            self.ran.append(args)

    class CountingGame(ToyGame):
        state_class = Counting

    state = CountingGame(players=2, seed=1).new_state()
    state.apply(PASS)
    assert state.ran == [(), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4)]


def test_decide_or_ask_makes_an_only_choice_at_once_asks_among_several_and_skips_none():
    from cardkit.core import PASS, decides, offers
    from .toygame import ToyGame, ToyState

    class Picking(ToyState):
        def setup(self, deck):
            self.picked = []
            super().setup(deck)

        @offers("pick")
        def _choices_pick(self, seat, n):
            return [PASS] * n

        @decides("pick")
        def _decide_pick(self, seat, action, n):
            self.picked.append((seat, n))

    class PickingGame(ToyGame):
        state_class = Picking

    state = PickingGame(players=2, seed=1).new_state()
    waiting = list(state.agenda)
    assert state.decide_or_ask(1, "pick", 0) is False and state.picked == [] and list(state.agenda) == waiting
    assert state.decide_or_ask(1, "pick", 1) is True and state.picked == [(1, 1)]   # nobody was asked
    assert list(state.agenda) == waiting
    state._base = len(state.agenda)           # as inside a step: new decisions go on the agenda
    assert state.decide_or_ask(0, "pick", 2) is True and state.picked == [(1, 1)]
    asked = state.agenda[state._base]
    assert (asked.seat, asked.kind, asked.data) == (0, "pick", (2,))


def test_a_refusal_pickles_whole_as_a_worker_process_sends_it_back():
    state = cardkit.make("flip7", players=3, seed=1).new_state(deck=["5", "9", "4", "Freeze"])
    state.apply(state.legal_actions()[0])
    refused = state.not_a_choice(state.legal_actions(0)[0])
    for twin in (pickle.loads(pickle.dumps(refused)), copy.deepcopy(refused)):
        assert type(twin) is cardkit.IllegalAction and twin.rule == "flip7.turn"
        assert str(twin) == str(refused) and twin.reason_for(0) == refused.reason_for(0)
