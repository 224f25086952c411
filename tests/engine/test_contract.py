"""The engine contract: options, decks, views, clone, replay files and refusing bad input."""
import dataclasses
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

import cardkit
from cardkit import IllegalAction, ReplayError
from cardkit.bots import RandomBot
from cardkit.core.replay import to_json
from cardkit.games.flip7 import Give, Hit, Stay

from .moves import EVERY_CARD, cards_seen


def test_games_lists_flip7_and_make_validates_players():
    assert "flip7" in cardkit.list_games()
    assert cardkit.make("flip7", players=1, seed=1).players == 1
    for bad in (0, 19, "3", 2.5, True):
        with pytest.raises(ValueError, match="players must be from 1 to 18"):
            cardkit.make("flip7", players=bad, seed=1)
    with pytest.raises(ValueError, match="unknown game 'poker'; available: flip7"):
        cardkit.make("poker")


@pytest.mark.parametrize("options, message", [
    ({"target": 0}, "target must be from 1"),
    ({"target": "200"}, "target must be a whole number"),
    ({"bonus": -1}, "bonus must be from 0"),
    ({"unique": 14}, "unique must be from 1 to 13"),
    ({"actions": "yes"}, "actions must be True or False"),
    ({"colour": "red"}, r"unknown option\(s\) \['colour'\]; allowed: target, bonus, unique, actions, modifiers"),
])
def test_bad_options_say_what_is_allowed(options, message):
    with pytest.raises(ValueError, match=message):
        cardkit.make("flip7", players=2, seed=1, **options)


def test_options_are_validated_values():
    game = cardkit.make("flip7", players=2, seed=1, target=150)
    assert game.options == {"target": 150, "bonus": 15, "unique": 7, "actions": True, "modifiers": True}


def test_bad_deck_tokens_are_named():
    game = cardkit.make("flip7", players=2, seed=1)
    with pytest.raises(ValueError, match="unknown Flip 7 card '13'"):
        game.new_state(deck=["5", "13"])
    with pytest.raises(ValueError, match=r"'1' named more often than the pack has it \(1 in the pack\)"):
        game.new_state(deck=["1", "1"])
    numbers_only = cardkit.make("flip7", players=2, seed=1, actions=False)
    with pytest.raises(ValueError, match="'Freeze'"):
        numbers_only.new_state(deck=["Freeze"])


def test_stacked_deck_accepts_other_spellings():
    state = cardkit.make("flip7", players=2, seed=1).new_state(deck=["X2", "flip three", " 12 "])
    assert state.view(None).seats[0]["modifiers"] == ["x2"]
    assert state.view(None).seats[1]["waiting"] == ["Flip Three"]


def test_same_seed_same_game_and_seeds_differ():
    a = cardkit.make("flip7", players=3, seed=11).new_state()
    b = cardkit.make("flip7", players=3, seed=11).new_state()
    c = cardkit.make("flip7", players=3, seed=12).new_state()
    assert a.view(None) == b.view(None) and a.view(None) != c.view(None)


# -- each game's declaration -----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_each_game_is_declared_once_and_its_parts_load(game_id):
    """The registry's declaration names the game's class, and every part it names loads: the explorer,
    the probability corner and every named bot (built with a seed)."""
    from cardkit.games import bot_class, declaration, part
    spec = declaration(game_id)
    assert spec.id == game_id and spec.game is cardkit.game_class(game_id) and spec.title and spec.blurb
    assert spec.rules == cardkit.make(game_id, seed=1).rules and set(spec.demos) <= {r.id for r in spec.rules}
    assert spec.defaults == {o.name: o.default for o in cardkit.make(game_id, seed=1).option_specs}
    assert spec.default_bot in spec.bots and bot_class(game_id) is bot_class(game_id, spec.default_bot)
    for name in spec.bots:
        assert bot_class(game_id, name)(seed=3).act
    explorer = part(game_id, "explorer")
    assert set(explorer) >= {"options", "players", "bots", "metrics"}
    assert callable(part(game_id, "insights"))
    assert (part(game_id, "next_card") is None) == (spec.next_card is None)
    with pytest.raises(ValueError, match="has no bot 'nobody'"):
        bot_class(game_id, "nobody")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        declaration("chess")


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_each_games_declared_flags_agree_with_its_play(game_id):
    """compound_moves: some move is picked part by part; hidden_hands: some seat's view hides a card
    another seat holds; reaction_windows: several seats may be asked at once, out of turn."""
    spec = cardkit.games.declaration(game_id)
    compound = hidden = several = False
    for seed in range(6):
        state = cardkit.make(game_id, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 400:
            legal = state.legal_actions()
            compound = compound or any(getattr(a, "parts", None) for a in legal)
            several = several or len(state.to_act()) > 1
            seat = state.current_player
            hidden = hidden or any(None in cards for other, zones in enumerate(state.view(seat).seats)
                                   if other != seat for cards in zones.values())
            state.apply(legal[rng.randrange(len(legal))])
    assert (compound, hidden) == (spec.compound_moves, spec.hidden_hands)
    assert several <= spec.reaction_windows and spec.reaction_windows == bool(spec.game.reaction_cards)


def test_nothing_outside_the_registry_finds_a_game_by_trying_names():
    """The one registry imports the games; the engine, widgets, notebooks and benchmarks ask it."""
    root = Path(__file__).resolve().parents[2]
    found = [str(path.relative_to(root)) for folder in ("cardkit", "widgets", "bench", "notebooks", "docs")
             for path in (root / folder).rglob("*") if path.suffix in (".py", ".ipynb")
             and "import_module" in path.read_text(encoding="utf-8")]
    assert found == ["cardkit/games/__init__.py"]


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_game_same_seed_and_moves_same_game_other_seed_other_game(game_id):
    def game(seed):
        state = cardkit.make(game_id, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        return [e.text for e in state.events], state.scores
    assert game(9) == game(9) and game(9) != game(10)


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_a_round_ends_saved_table_says_the_round_is_over_not_the_game(game_id):
    """The app shows the table as a round ended until Next round: while the game goes on, its line
    names that round's end, not a result (the app gives the last one the game's result line)."""
    state = cardkit.make(game_id, seed=5, **EVERY_CARD.get(game_id, {})).new_state()
    state.keep_round_ends = True
    rng = random.Random(5)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    result = state.view(None).status
    earlier = state.round_ends[:-1]             # the last round's end comes with the game's result
    assert earlier, "a random game of every game runs over more than one round"
    for end in earlier:
        assert end.title in end.view.status and end.view.status != result, end.view.status


#: What each game's rules turn face up at a round's end, for everyone: the zones of every seat
#: (hands scored face up); everything else stays as each seat saw it during the round.
ROUND_END_SHOWS = {"flip7": (), "eights": ("hand",), "trump21": ("hidden",), "skitgubbe": (), "frantic": ("hand",)}


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_game_a_round_end_shows_a_seat_only_what_the_rules_reveal(game_id):
    """At every round end, what seat s is shown holds no face-up card beyond what view(s) shows
    right after the scoring plus the zones the rules turn face up (ROUND_END_SHOWS), and those it
    does show; the teacher is shown everything."""
    assert set(ROUND_END_SHOWS) == set(cardkit.list_games()), "say what each game's round end shows"
    shows = ROUND_END_SHOWS[game_id]
    players = 3 if game_id != "trump21" else 2
    checked = 0
    for seed in range(2):
        state = cardkit.make(game_id, players=players, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        state.keep_round_ends = True
        at_ends = []
        mark = state.round_over

        def round_over(title, state=state, at_ends=at_ends, mark=mark):
            at_ends.append([state.view(seat) for seat in (None, *range(players))])
            mark(title)
        state.round_over = round_over
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 3000:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert len(at_ends) == len(state.round_ends) > 0
        for end, (teacher, *seen) in zip(state.round_ends, at_ends):
            assert end.shown_to(None).seats == teacher.seats and end.shown_to(None).table == teacher.table
            for seat, before in enumerate(seen):
                shown = end.shown_to(seat)
                allowed = cards_seen(before)
                for whose, zones in enumerate(before.seats):
                    for zone in shows:
                        if zone in zones:
                            allowed.update(c for c in teacher.seats[whose][zone] if c is not None)
                            allowed.subtract(c for c in zones[zone] if c is not None)
                            assert shown.seats[whose][zone] == teacher.seats[whose][zone], (end.title, whose, zone)
                extra = cards_seen(shown) - allowed
                assert not extra, f"{end.title}: Player {seat} is shown {dict(extra)}"
                checked += 1
    assert checked


def test_illegal_action_names_rule_and_leaves_state_untouched():
    state = cardkit.make("flip7", players=2, seed=1).new_state(deck=["5", "9", "Freeze"])
    before = state.view(None), list(state.history), len(state.events)
    for bad in (Give("Freeze", 1), "Hit", None):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert err.value.rule.startswith("flip7.") and str(err.value)
    assert (state.view(None), list(state.history), len(state.events)) == before
    state.apply(Hit())
    with pytest.raises(IllegalAction, match="must first choose who gets the Freeze") as err:
        state.apply(Stay())
    assert err.value.rule == "flip7.action_target"
    with pytest.raises(IllegalAction, match="no seat 7"):
        state.apply(Give("Freeze", 7))


def test_view_hides_the_deck_from_players_but_not_the_teacher():
    state = cardkit.make("flip7", players=2, seed=4).new_state()
    player, teacher = state.view(0), state.view(None)
    assert set(player.table["deck"]) == {None} and None not in teacher.table["deck"]
    assert sum(player.unseen.values()) == 92 and not teacher.unseen
    assert player.current_player == 0 and "Hit or Stay" in player.status
    assert player.seats == teacher.seats     # everything in front of the players is face up


def test_clone_is_independent_and_exact():
    state = cardkit.make("flip7", players=3, seed=8).new_state()
    twin = state.clone()
    twin.apply(Hit())
    assert state.history == [] and twin.history == [(0, Hit())]
    state.apply(Hit())
    assert state.view(None) == twin.view(None)      # the RNG was cloned too


def _answers(state) -> dict:
    """What every public question of the contract answers on ``state``, for each seat, the teacher and
    nobody in particular: who is asked, the choices (and which of them is the one Pass), whether a seat
    can only pass, views, status, history, events, round ends, results and the moves built part by part."""
    from cardkit.core import PASS

    seats = [None, *range(state.players)]
    found = {"current_player": state.current_player, "to_act": state.to_act(), "is_over": state.is_over,
             "decision": state.decision, "winners": list(state.winners), "scores": state.scores,
             "status_line": str(state.status_line()), "history": list(state.history),
             "events": [e.text for e in state.events], "round_ends": list(state.round_ends),
             "stacked": (state.stacked, dict(state.stacked_piles)), "replay": to_json(state)}
    for seat in seats:
        legal = state.legal_actions(seat)
        found[seat] = (legal, [action is PASS for action in legal], state.only_passes(seat), state.view(seat),
                       state.candidate_actions(seat), state.looked_into(seat), state.reveal_view(seat))
        if legal and seat in (None, state.current_player):
            builder = state.builder(seat)
            found[seat, "parts"] = builder.options()
            for part in found[seat, "parts"][:1]:
                builder.pick(part)
                found[seat, "picked"] = builder.options(), builder.complete()
    if state.is_over:
        found["summary"] = state.summary()
    return found


@pytest.mark.parametrize("copy", ["clone", "pickle"])
@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_game_a_clone_answers_every_question_as_its_original_before_and_after_the_same_moves(game_id, copy):
    """Taken at a random position (after ``legal_actions()``, as the app and ``table_state()`` do), a clone
    (or a copy sent to a worker process by pickle) answers everything as its original does, and goes on
    doing so through the same further moves and passes. A clone's copied Pass was not the one Pass, so it
    asked a seat that could only pass in a reaction window instead of passing for it."""
    import pickle

    players = 4 if game_id != "trump21" else 2
    windows = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = cardkit.make(game_id, players=players, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        state.keep_round_ends = True
        for _ in range(rng.randrange(200)):
            if state.is_over:
                break
            seat = rng.choice(state.to_act())
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        for seat in state.to_act():
            state.legal_actions(seat)
        state.legal_actions()
        twin = state.clone() if copy == "clone" else pickle.loads(pickle.dumps(state))
        for step in range(40):
            where = (seed, len(state.history))
            assert _answers(twin) == _answers(state), where
            windows += state.only_passes()
            if state.is_over:
                break
            if step % 3 == 0:
                assert [e.text for e in twin.pass_unanswerable()] == [e.text for e in state.pass_unanswerable()]
                continue
            seat = rng.choice(state.to_act())
            move = rng.choice(state.legal_actions(seat))
            assert twin.apply(move, seat) == state.apply(move, seat), where
    assert windows or game_id != "frantic"


def test_replay_rebuilds_the_same_state():
    game = cardkit.make("flip7", players=4, seed=21)
    state = game.new_state()
    cardkit.run(state, [RandomBot(s) for s in range(4)])
    again = cardkit.replay(game, state.history)
    assert again.view(None) == state.view(None) and again.winners == state.winners
    assert [e.text for e in again.events] == [e.text for e in state.events]


def test_save_and_load_round_trip(tmp_path):
    game = cardkit.make("flip7", players=2, seed=5, target=60)
    state = game.new_state(deck=["3", "Second Chance", "3"])
    state.apply(Hit())
    state.apply(Stay())
    path = tmp_path / "game.json"
    cardkit.save(state, path)
    loaded = cardkit.load(path)
    assert loaded.view(None) == state.view(None) and loaded.history == state.history
    assert loaded.game.options == game.options and loaded.stacked == ["3", "Second Chance", "3"]


def _saved(tmp_path, raw=None, **changes):
    """A replay file with some fields changed, or ``raw`` text instead."""
    state = cardkit.make("flip7", players=2, seed=5).new_state()
    state.apply(Hit())
    path = tmp_path / "broken.json"
    path.write_text(raw if raw is not None else json.dumps({**to_json(state), **changes}))
    return path


@pytest.mark.parametrize("changes, message", [
    ({"raw": "{not json"}, "not valid JSON"),
    ({"format": "something"}, "not a cardkit replay file"),
    ({"version": 9}, "version 9 is not supported"),
    ({"game": "poker"}, "unknown game 'poker'"),
    ({"players": "two"}, "field 'players' must be a whole number, got 'two'"),
    ({"options": {"target": -5}}, "target must be from 1"),
    ({"deck": ["5", "5", "5", "5", "5", "5"]}, "'5' named more often"),
    ({"history": [{"seat": 0, "action": {"type": "Jump"}}]}, "move 1 is malformed: unknown action type 'Jump'"),
    ({"history": [{"seat": 0, "action": {"type": "Give", "card": "Freeze", "target": 1}}]},
     "move 1 .* is not legal there"),
    ({"history": [{"seat": 0, "action": {"type": "Hit", "speed": 3}}]}, "has no field"),
    ({"history": [{"type": "Hit"}]}, "move 1 is malformed: a move must be an object with 'seat' and 'action'"),
    ({"history": [{"seat": 5, "action": {"type": "Hit"}}]}, "seat 5 is not a seat of this 2-player game"),
    ({"history": [{"seat": 1, "action": {"type": "Hit"}}]}, "Player 1 is not asked to act now"),
    ({"piles": {"trumps": ["x"]}}, "cannot stack trumps"),
])
def test_broken_replay_files_say_what_is_wrong(tmp_path, changes, message):
    with pytest.raises(ReplayError, match=message):
        cardkit.load(_saved(tmp_path, **changes))


def test_version_1_replay_files_still_load(tmp_path):
    """Version 1 stored bare actions, each made by whoever was asked."""
    state = cardkit.make("flip7", players=2, seed=5, target=60).new_state(deck=["3", "Second Chance", "3"])
    cardkit.run(state, [RandomBot(1), RandomBot(2)], max_moves=12)
    old = {**to_json(state), "version": 1, "history": [action.to_dict() for _, action in state.history]}
    del old["piles"]
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(old))
    loaded = cardkit.load(path)
    assert loaded.history == state.history and loaded.view(None) == state.view(None)


@pytest.mark.parametrize("version", [1, 2])
def test_old_frantic_replay_files_without_the_expansion_options_keep_their_meaning(tmp_path, version):
    """Before version 3 Frantic's expansions were on unless a file said otherwise: a file of then that
    leaves them out still plays with both, though a game made now starts without them."""
    game = cardkit.make("frantic", players=3, seed=4, troublemaker=True, supercharge=True)
    state = game.new_state()
    cardkit.run(state, [RandomBot(1), RandomBot(2), RandomBot(3)], max_moves=40)
    data = to_json(state)
    old = {**data, "version": version, "options": {"limit": data["options"]["limit"], "events": True}}
    if version == 1:
        old["history"] = [action.to_dict() for _, action in state.history]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    loaded = cardkit.load(path)
    assert loaded.game.options == game.options and loaded.game.full_deck == game.full_deck
    assert loaded.history == state.history and loaded.view(None) == state.view(None)
    assert not cardkit.make("frantic").options["troublemaker"]
    path.write_text(json.dumps({**old, "version": 3, "history": []}))    # today's files: today's defaults
    assert cardkit.load(path).game.options == {**game.options, "troublemaker": False, "supercharge": False}


def test_saved_replay_files_store_every_option(tmp_path):
    """``save`` writes every option, so a file never leans on a default that may change."""
    for game_id in cardkit.list_games():
        state = cardkit.make(game_id, seed=3).new_state()
        cardkit.save(state, tmp_path / "game.json")
        stored = json.loads((tmp_path / "game.json").read_text())["options"]
        assert stored == state.game.options and set(stored) == {o.name for o in state.game.option_specs}


def test_missing_replay_file(tmp_path):
    with pytest.raises(ReplayError, match="cannot read replay file"):
        cardkit.load(tmp_path / "nope.json")


def test_actions_round_trip_through_dicts():
    game = cardkit.make("flip7", players=2, seed=1)
    for action in (Hit(), Stay(), Give("Flip Three", 1)):
        assert game.action_from_dict(action.to_dict()) == action
    assert str(Give("Freeze", 1)) == "Freeze → Player 1" and str(Hit()) == "Hit"


def test_rules_are_data_with_ids():
    rules = cardkit.make("flip7", seed=1).rules
    ids = [r.id for r in rules]
    assert len(ids) == len(set(ids)) and all(i.startswith("flip7.") for i in ids)
    assert cardkit.make("flip7", seed=1).rule("flip7.bust").title == "Bust"


def test_import_cardkit_needs_only_the_standard_library():
    import subprocess
    import sys
    code = ("import sys, cardkit; s = cardkit.make('flip7', seed=1).new_state(); s.apply(s.legal_actions()[0]);"
            "bad = [m for m in ('numpy', 'pandas', 'ipywidgets', 'plotly') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_game_a_seat_sees_or_counts_unseen_each_card_once(game_id):
    """What a seat sees (its seats' and the table's zones), remembers (cards it saw go face down,
    the fact ``remembered``) and its ``unseen`` is the whole pack, after every move: no hidden card
    is left out of ``unseen`` or counted twice, whatever cards each game passes to ``Pile.counts``."""
    players = 3 if game_id != "trump21" else 2
    for seed in range(3):
        state = cardkit.make(game_id, players=players, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        bots = [RandomBot(seed * 7 + s) for s in range(players)]
        while not state.is_over and len(state.history) < 300:
            for seat in range(players):
                view = state.view(seat)
                remembered = Counter(view.facts.get("remembered", ()))
                assert cards_seen(view) + remembered + view.unseen == state.game.full_deck, (seat, len(state.history))
            seat = state.current_player
            state.apply(bots[seat].act(None, state.legal_actions()), seat)


def _untouched(state):
    """Everything a refused call must leave as it was."""
    return (list(state.history), list(state.agenda), state.to_act(), len(state.events), state.view(None),
            [state.view(seat) for seat in range(state.players)], json.dumps(to_json(state)))


def _not_seats(seat, players):
    """Values that are no seat, several of which equal ``seat`` or would index a list as it does."""
    found = [float(seat), str(seat), [seat], seat + 0.5, -1, -1 - seat, players, 10 ** 5000, "x", 1.5]
    if seat in (0, 1):
        found.append(bool(seat))
    return found


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_game_a_seat_must_be_a_whole_number_in_range_and_a_bad_one_changes_nothing(game_id, tmp_path):
    """1.0, True or "1" used to pass for seat 1 and corrupt the state (the decision was taken off
    before a TypeError, or the odd seat was stored and the replay file refused): now apply,
    legal_actions, view and builder refuse them in words, before anything changes."""
    from cardkit.core import Window

    state = cardkit.make(game_id, seed=0, **EVERY_CARD.get(game_id, {})).new_state()
    rng = random.Random(0)
    probed = windows = 0
    while not state.is_over and len(state.history) < 300 and (probed < 8 or (game_id == "frantic" and not windows)):
        window = type(state.decision) is Window
        if probed < 8 or window:
            probed, windows = probed + 1, windows + window
            before = _untouched(state)
            legal = state.legal_actions()
            for seat in state.to_act():
                for bad in _not_seats(seat, state.players):
                    with pytest.raises(IllegalAction, match="there is no seat .*: the seats are the whole numbers"):
                        state.apply(legal[0], bad)
                    with pytest.raises(IllegalAction, match="there is no seat"):
                        state.legal_actions(bad)
                    with pytest.raises(IllegalAction, match="there is no seat"):
                        state.builder(bad)
                    with pytest.raises(ValueError, match="view: there is no seat"):
                        state.view(bad)
                    assert _untouched(state) == before
        seat = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert probed >= 8 and (windows or game_id != "frantic")
    cardkit.save(state, tmp_path / "game.json")
    loaded = cardkit.load(tmp_path / "game.json")
    assert loaded.history == state.history and loaded.view(None) == state.view(None)
    assert all(type(seat) is int for seat, _ in loaded.history)


def _retyped(value) -> list:
    """Values of other types than ``value``: equal ones where there are (True or 1.0 for 1, 0 for False),
    and others (the number as text, a list for a tuple, a number for a card); in a tuple, one item so."""
    kind = type(value)
    if kind is tuple:
        found = [list(value)]
        for i, item in enumerate(value):
            found += [value[:i] + (other,) + value[i + 1:] for other in _retyped(item) if type(other) is not list]
        return found
    if kind is bool:
        return [int(value), float(value), str(value), None]
    if kind is int:
        return [*([bool(value)] if value in (0, 1) else []), float(value), str(value), (value,)]
    if kind is str:
        return [1, True, (value,)]
    return [False, 0.0] if value is None else []


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_game_a_moves_fields_are_typed_as_a_seat_is_and_a_wrong_type_changes_nothing(game_id):
    """Each legal move at random positions, with one field retyped (True or 1.0 for the seat 1, 0 for
    False, "1" for 1, a list for a tuple, 1 for a card): refused, naming the field, before anything
    changes, though some compare equal to the legal move (Give("Freeze", True) froze seat 1). The same
    move read back from a replay file's dict is played as the listed move."""
    from cardkit.core import Window

    checked, equal = Counter(), 0
    for seed in range(3):
        state = cardkit.make(game_id, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 150:
            if rng.random() < 0.3 or type(state.decision) is Window:
                before = _untouched(state)
                for seat in state.to_act():
                    for action in state.legal_actions(seat):
                        for field in dataclasses.fields(action):
                            for value in _retyped(getattr(action, field.name)):
                                try:
                                    bad = dataclasses.replace(action, **{field.name: value})
                                except (ValueError, TypeError):
                                    continue              # the move cannot be made so
                                kept = getattr(bad, field.name)
                                if type(kept) is type(getattr(action, field.name)) and kept == getattr(action, field.name):
                                    continue              # made into the legal move itself (a list into a tuple)
                                with pytest.raises(IllegalAction, match=f"its field '{field.name}' holds ") as err:
                                    state.apply(bad, seat)
                                assert err.value.rule == state.game.turn_rule
                                checked[type(action).__name__, field.name] += 1
                                equal += bad == action
                assert _untouched(state) == before
                seat = rng.choice(state.to_act())
                action = rng.choice(state.legal_actions(seat))
                twin = state.clone()
                assert twin.apply(state.game.action_from_dict(action.to_dict()), seat) == state.apply(action, seat)
                assert twin.history == state.history and twin.history[-1][1] is action
                continue
            seat = rng.choice(state.to_act())
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    typed = {(cls.__name__, f.name) for cls in state.game.action_types.values() for f in dataclasses.fields(cls)}
    assert len(checked) >= len(typed) / 2, (sorted(checked), sorted(typed))
    assert equal or game_id in ("eights", "skitgubbe")      # their moves hold only cards: nothing else equals one


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_games_own_moves_hold_the_types_their_classes_declare(game_id):
    """The type check refuses no move a game offers: each field of each listed move holds a type its
    class's annotation names (a tuple's items too)."""
    from cardkit.core.actions import mistyped

    state = cardkit.make(game_id, seed=2, **EVERY_CARD.get(game_id, {})).new_state()
    rng = random.Random(2)
    while not state.is_over and len(state.history) < 400:
        for seat in state.to_act():
            for action in state.legal_actions(seat):
                assert mistyped(action) is None, action
        seat = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def _first_legal(game_id, kind, **fields):
    """A state of random play where a move of class ``kind`` holding ``fields`` is legal, and that move."""
    for seed in range(50):
        state = cardkit.make(game_id, seed=seed, **EVERY_CARD.get(game_id, {})).new_state()
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 300:
            for seat in state.to_act():
                for action in state.legal_actions(seat):
                    if type(action).__name__ == kind and all(getattr(action, k) == v for k, v in fields.items()):
                        return state, seat, action
            seat = rng.choice(state.to_act())
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    raise AssertionError(f"no {kind} {fields} in 50 random {game_id} games")


@pytest.mark.parametrize("game_id, kind, field, given", [
    ("flip7", "Give", "target", True), ("flip7", "Give", "target", 1.0),
    ("trump21", "PlayTrump", "target", False), ("trump21", "DestroyTrump", "seat", 1.0),
    ("frantic", "Play", "plain", 0), ("frantic", "Play", "target", True), ("frantic", "Split", "shares", None),
])
def test_a_move_equal_to_a_legal_one_but_typed_otherwise_is_refused_naming_the_field(game_id, kind, field, given):
    """Give("Freeze", True) froze seat 1, PlayTrump("Damage+1", False) laid the trump at seat 0 and
    Frantic's Play(card, plain=0) played the card: they equal legal moves. Refused now, as a seat 1.0 is."""
    state, seat, action = _first_legal(game_id, kind, **({field: int(given)} if given is not None else {}))
    value = given if given is not None else (float(action.shares[0]),) + action.shares[1:]
    bad = dataclasses.replace(action, **{field: value})
    assert bad == action
    before = _untouched(state)
    with pytest.raises(IllegalAction, match=f"its field '{field}' holds {re.escape(repr(value))}, ") as err:
        state.apply(bad, seat)
    assert err.value.rule == state.game.turn_rule and _untouched(state) == before
    state.apply(action, seat)
    assert state.history[-1] == (seat, action)


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_game_when_it_is_over_a_bad_seat_is_still_refused(game_id):
    state = cardkit.make(game_id, seed=1, **EVERY_CARD.get(game_id, {})).new_state()
    cardkit.run(state, [RandomBot(seat) for seat in range(state.players)])
    assert state.legal_actions(0) == [] and state.to_act() == []
    for bad in ("x", -1, 1.5, state.players):
        with pytest.raises(IllegalAction, match="there is no seat"):
            state.legal_actions(bad)
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(Hit(), 0)


def _piles(game_id):
    return ("deck",) + cardkit.games.game_class(game_id).stackable


@pytest.mark.parametrize("game_id, pile", [(g, pile) for g in cardkit.list_games() for pile in _piles(g)])
@pytest.mark.parametrize("cards, message", [
    (["no such card"], "unknown"),
    (["no such card" * 1000], "unknown"),
    ([None], "holds None, which is not a card name"),
    ([1.5], "holds 1.5, which is not a card name"),
    ([True], "holds True, which is not a card name"),
    ([10 ** 5000], "holds <a whole number of about 5001 digits>, which is not a card name"),
    ([["AS"]], r"holds \['AS'\], which is not a card name"),
    ("AS", "must be a list of card names, top first"),
    ({"AS": 1}, "must be a list of card names, top first"),
], ids=["unknown", "long", "None", "float", "bool", "huge", "nested", "string", "dict"])
def test_every_game_every_stacked_pile_refuses_bad_cards_naming_the_pile(game_id, pile, cards, message):
    game = cardkit.make(game_id, seed=1, **EVERY_CARD.get(game_id, {}))
    with pytest.raises(ValueError) as err:
        game.new_state(**{pile: cards})
    text = str(err.value)
    assert type(err.value) is ValueError and re.search(message, text), text
    assert text.startswith((f"{pile}: ", f"{game_id}: {pile} ")), text


def test_skitgubbe_names_the_trump_pile_in_its_errors():
    game = cardkit.make("skitgubbe", seed=1)
    with pytest.raises(ValueError, match="^trump: unknown Skitgubbe card 'x'; write rank then suit"):
        game.new_state(trump=["x"])
    with pytest.raises(ValueError, match="^deck: unknown Skitgubbe card 'x'"):
        game.new_state(deck=["x"])


def _replay_data(game_id):
    """A replay file's data for a few random moves of ``game_id``, two cards of the deck stacked."""
    game = cardkit.make(game_id, seed=3, **EVERY_CARD.get(game_id, {}))
    state = game.new_state(deck=sorted(game.full_deck)[:2])
    cardkit.run(state, [RandomBot(seat) for seat in range(state.players)], max_moves=6)
    return json.loads(json.dumps(to_json(state)))


def _fields(data, path=()):
    """Every place in a replay file's data (the first three items of a list): paths of keys and indexes."""
    yield path
    items = data.items() if isinstance(data, dict) else enumerate(data[:3]) if isinstance(data, list) else ()
    for key, value in items:
        yield from _fields(value, path + (key,))


def _replaced(data, path, value):
    data = json.loads(json.dumps(data))
    if not path:
        return value
    inner = data
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = value
    return data


#: Wrong values of every JSON type, and the ones that broke the reader: huge, deep, not finite.
WRONG = [None, True, False, 0, -1, 2.5, float("nan"), float("inf"), 10 ** 5000, 2 ** 70, "", "x", "AS",
         [], [None], ["x"], [10 ** 5000], {}, {"type": "x"}, json.loads("[" * 900 + "]" * 900)]


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_game_a_replay_file_with_a_wrong_value_in_any_field_gives_a_replay_error(game_id):
    """Each field of the file, each option, pile, move, seat and action field in turn holds each wrong value:
    loading gives the state (a value that happens to be fine) or a ReplayError saying what is wrong,
    never another error."""
    from cardkit.core.replay import from_json

    data = _replay_data(game_id)
    tried = 0
    for path in _fields(data):
        for value in WRONG:
            try:
                from_json(_replaced(data, path, value), cardkit.make, "broken.json")
            except ReplayError as err:
                assert str(err).startswith("broken.json") and len(str(err)) < 1500, (path, str(err)[:3000])
            tried += 1
    assert tried > 25 * len(WRONG)


@pytest.mark.parametrize("raw, message", [
    ("[" * 1000 + "]" * 1000, "not a replay file: its JSON is nested too deep"),
    ('{"format": "cardkit-replay", "version": 2, "seed": ' + "7" * 5000 + "}",
     "not a replay file: not valid JSON .*4300 digits"),
    ('{"format": "cardkit-replay", "version": 2, "game": "flip7", "players": 2, "seed": ' + "7" * 4000
     + ', "options": {}, "history": []}', "seed must be a whole number of at most 30 digits, got <a whole number"),
    ('{"format": "cardkit-replay", "version": true, "game": "flip7"}', "replay version True is not supported"),
    ('{"format": "cardkit-replay", "version": 2.0, "game": "flip7"}', "replay version 2.0 is not supported"),
    (b"\xff\xfe\x00", "not a replay file"),
], ids=["deep", "long seed", "30 digits", "version true", "version 2.0", "not text"])
def test_a_replay_file_too_deep_too_long_or_oddly_typed_says_so_naming_the_file(tmp_path, raw, message):
    path = tmp_path / "odd.json"
    path.write_bytes(raw if isinstance(raw, bytes) else raw.encode())
    with pytest.raises(ReplayError, match=message) as err:
        cardkit.load(path)
    assert str(err.value).startswith(str(path)) and len(str(err.value)) < 500


def _twin_deals(game, card):
    """Two fresh states of ``game`` whose stacked decks differ only in where one ``card`` and one other
    card go: one seat holds ``card`` in the first and the other card in the second, and a second
    seat the reverse. None when this seed deals ``card`` more than once or the swap moves other cards."""
    dealt = game.new_state().view(None).seats
    deck = [c for seat in dealt for c in seat.get("hand", ())]
    if card not in deck:
        deck[0] = card
    if deck.count(card) != 1:
        return None
    first = game.new_state(deck=deck)
    i = deck.index(card)
    for j, other in enumerate(deck):
        if other in game.reaction_cards:
            continue
        swapped = list(deck)
        swapped[i], swapped[j] = other, card
        second = game.new_state(deck=swapped)
        a, b = first.view(None).seats, second.view(None).seats
        differ = [s for s in range(game.players) if a[s] != b[s]]
        if len(differ) == 2 and all({k for k in a[s] if a[s][k] != b[s][k]} == {"hand"} for s in differ):
            return first, second, differ
    return None


def _spread(a, b, differ) -> bool:
    """Whether the two tables differ anywhere but in which cards the two hands dealt differently
    hold: a card moved on, a hand's size changed, or scores differ (a round's end shows the hands)."""
    def public(view):
        return [{k: len(v) if k == "hand" and s in differ else v for k, v in zones.items()}
                for s, zones in enumerate(view.seats)]
    return a.table != b.table or a.scores != b.scores or public(a) != public(b)


@pytest.mark.parametrize("game_id", [g for g in cardkit.list_games() if cardkit.game_class(g).reaction_cards])
def test_no_seat_can_tell_whether_a_hidden_hand_holds_a_reaction_card(game_id):
    """Two games that differ only in two hidden hands (one holds a reaction card, the other a plain
    card, and the reverse), driven by the same moves: every other seat that cannot see those hands
    sees the same view, events and history at every step, reaction windows included; until the
    difference spreads beyond those hands (a card passes on) or no move is open in both."""
    cls = cardkit.game_class(game_id)
    players = min(max(4, cls.players_range[0]), cls.players_range[1])
    windows = 0
    for card in cls.reaction_cards:
        for seed in range(12):
            game = cardkit.make(game_id, players=players, seed=seed, **EVERY_CARD.get(game_id, {}))
            twins = _twin_deals(game, card) if game.full_deck[card] else None
            if twins is None:
                continue
            first, second, differ = twins
            rng = random.Random(seed)
            while not first.is_over and len(first.history) < 400:
                if _spread(first.view(None), second.view(None), differ):
                    break
                for seat in set(range(players)) - set(differ):
                    shown = first.view(seat)
                    if any(c is not None for s in differ for c in shown.seats[s].get("hand", ())):
                        continue                      # the rules show this seat those hands (a Thief, an open hand)
                    assert shown == second.view(seat), (card, seed, seat, len(first.history))
                assert [e.text for e in first.events] == [e.text for e in second.events], (card, seed)
                assert first.current_player == second.current_player, (card, seed, len(first.history))
                windows += type(first.decision).__name__ == "Window"
                theirs = second.legal_actions()
                both = [a for a in first.legal_actions() if a in theirs]
                if not both:
                    break
                move = both[rng.randrange(len(both))]
                first.apply(move, first.current_player)
                second.apply(move, second.current_player)
            assert list(first.history) == list(second.history)
    assert windows > 20                               # the games met reaction windows, not just turns


def _deck_cards(game) -> list:
    """Every card of ``game`` that its draw pile may be stacked with (the others start in piles of their own)."""
    found = []
    for card, copies in game.full_deck.items():
        try:
            game.new_state(deck=[card])
        except ValueError:
            continue
        found += [card] * copies
    return found


def _blind(mine, teacher) -> bool:
    """Whether a seat whose views of two states are ``mine`` sees face down, in both, every place where the
    teacher's views ``teacher`` of them differ (and the scores agree): then nothing may tell it the two apart."""
    if teacher[0].scores != teacher[1].scores:
        return False
    places = [[*view.seats, view.table] for view in (*teacher, *mine)]
    for full_a, full_b, own_a, own_b in zip(*places):
        for zone in full_a.keys() | full_b.keys():
            if full_a.get(zone) != full_b.get(zone):
                a, b = own_a.get(zone, []), own_b.get(zone, [])
                if len(a) != len(b) or any(card is not None for card in a + b):
                    return False
    return True


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_game_no_seat_can_tell_two_deals_apart_that_differ_only_in_cards_it_cannot_see(game_id):
    """Two deals that differ only in where two cards of the draw pile go (two hidden hands, a hand and the
    stock, or the stock's order), driven by the same random moves: every seat that sees neither place
    face up gets the same round-end views, then the same whole view (status line, facts and notes included),
    events, whether it is asked and the same choices; until the difference reaches a place it sees.
    Skitgubbe's status line told every seat whether the player asked held a rank on the table."""
    cls = cardkit.game_class(game_id)
    compared = 0
    for seed in range(24):
        rng = random.Random(seed)
        players = rng.randint(max(2, cls.players_range[0]), min(5, cls.players_range[1]))
        game = cardkit.make(game_id, players=players, seed=seed, **EVERY_CARD.get(game_id, {}))
        deck = _deck_cards(game)
        rng.shuffle(deck)
        i = rng.randrange(min(len(deck), 8 * players))
        j = rng.choice([k for k in range(min(len(deck), 16 * players)) if deck[k] != deck[i]])
        swapped = list(deck)
        swapped[i], swapped[j] = deck[j], deck[i]
        twins = game.new_state(deck=deck), game.new_state(deck=swapped)
        for state in twins:
            state.keep_round_ends = True
        blind, ends = set(range(players)), 0
        while not twins[0].is_over and len(twins[0].history) < 250:
            where = (game_id, seed, len(twins[0].history))
            for a, b in zip(*(state.round_ends[ends:] for state in twins)):
                for seat in sorted(blind):
                    mine = a.shown_to(seat), b.shown_to(seat)
                    if _blind(mine, (a.view, b.view)):
                        assert mine[0] == mine[1], (*where, seat, a.title)
                    else:
                        blind.discard(seat)
            ends = len(twins[0].round_ends)
            teacher = [state.view(None) for state in twins]
            for seat in sorted(blind):
                mine = [state.view(seat) for state in twins]
                if not _blind(mine, teacher):
                    blind.discard(seat)
                    continue
                assert mine[0] == mine[1], (*where, seat)
                asked = [seat in state.to_act() for state in twins]
                assert asked[0] == asked[1], (*where, seat)
                if asked[0]:
                    assert twins[0].legal_actions(seat) == twins[1].legal_actions(seat), (*where, seat)
                compared += 1
            if not blind:
                break
            assert [e.text for e in twins[0].events] == [e.text for e in twins[1].events], (*where, sorted(blind))
            seats = [seat for seat in twins[0].to_act() if seat in twins[1].to_act()]
            if not seats:
                break
            seat = rng.choice(seats)
            theirs = twins[1].legal_actions(seat)
            both = [action for action in twins[0].legal_actions(seat) if action in theirs]
            if not both:
                break
            move = rng.choice(both)
            for state in twins:
                state.apply(move, seat)
    assert compared > 500
