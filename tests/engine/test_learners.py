"""The learner's interface: fixed-size observations built from a seat's view, a mask over fixed move ids,
and cardkit.env(), a PettingZoo AEC environment that passes PettingZoo's own api_test."""
import random
import subprocess
import sys

import pytest

import cardkit
from cardkit import IllegalAction

#: Every game, and Frantic with both expansions (more zones, cards and moves).
SETTINGS = [(game_id, {}) for game_id in cardkit.list_games()] + [
    ("frantic", {"troublemaker": True, "supercharge": True})]
IDS = [game_id + ("+both" if options else "") for game_id, options in SETTINGS]
#: How many moves of random play each test looks at, per setting.
MOVES = 400


def random_states(game_id, options, games=4, moves=MOVES):
    """States met in random play (the same states each time), after every move."""
    rng = random.Random(7)
    for seed in range(games):
        state = cardkit.make(game_id, seed=seed, **options).new_state()
        yield state
        while not state.is_over and len(state.history) < moves // games:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            yield state


@pytest.mark.parametrize("game_id, options", SETTINGS, ids=IDS)
def test_observation_fixed_size_and_every_legal_move_one_fixed_id_and_back(game_id, options):
    encoding = None
    for state in random_states(game_id, options):
        encoding = state.game.encoding
        moves = encoding.moves
        for seat in range(state.players):
            observation = state.observation(seat)
            assert len(observation) == encoding.size
            assert all(type(x) in (int, float) for x in observation)
            legal = state.legal_actions(seat)
            ids = state.action_ids(seat)
            assert len(set(ids)) == len(ids) == len(legal)          # one id per move, none shared
            if seat == state.current_player or len(state.history) % 10 == 0:   # a mask is ~130k long in 21
                mask = state.action_mask(seat)                                 # and Skitgubbe: not every seat's
                assert len(mask) == encoding.action_slots                      # at every move
                assert [i for i, on in enumerate(mask) if on] == sorted(ids)
            for move, move_id in zip(legal, ids):
                assert moves.keys[move_id] == moves.key_of(move)     # the id names the move, whatever the position
                assert state.action_at(move_id, seat) is move
        # the observer's own first zone comes first: its cards counted by kind
        seat = state.current_player
        if seat is not None:
            zone = state.view(seat).seats[seat].get(state.zone_order[0], [])
            k = len(encoding.kinds)
            head = state.observation(seat)[:k + 1]
            assert sum(head[:k]) == sum(1 for c in zone if c is not None) and head[k] == zone.count(None)
    assert encoding is not None


@pytest.mark.parametrize("game_id, options", SETTINGS, ids=IDS)
def test_a_move_keeps_its_id_from_game_to_game(game_id, options):
    """The ids are the same for every game object with the same seats and options."""
    first = cardkit.make(game_id, seed=1, **options).encoding.moves
    assert cardkit.make(game_id, seed=2, **options).encoding.moves.keys == first.keys
    assert len(first.keys) == len(set(first.keys)) == first.ids[first.keys[-1]] + 1


def test_an_id_the_mask_does_not_mark_is_refused_and_changes_nothing():
    state = cardkit.make("flip7", players=3, seed=1).new_state()
    before = state.view(None)
    slots = state.game.encoding.action_slots
    unmarked = state.action_mask().index(0)
    for move_id in (unmarked, slots, -1, 1.0, True, "0", None):
        with pytest.raises(IllegalAction):
            state.action_at(move_id)
    assert state.view(None) == before
    with pytest.raises(ValueError, match="no seat"):
        state.observation(7)
    with pytest.raises(ValueError, match="no seat"):
        state.observation(None)


def _hidden_swaps(state, seat):
    """Clones of ``state`` that differ from it only in cards ``seat`` cannot see: the face-down draw
    piles turned over, and a card of another seat's hidden hand swapped with a face-down card of
    another kind. Checked against the teacher's view: each clone really differs."""
    view = state.view(seat)
    piles = [name for name in ("deck", "bank", "stock", "trump_deck", "events_pile", "power_pile")
             if len(getattr(state, name, ()) or ()) > 1]
    for name in piles:
        clone = state.clone()
        pile = getattr(clone, name)
        if len(set(pile)) > 1:
            pile.reverse()
            yield clone
    hands = getattr(state, "hands", None)
    if not hands or not piles:
        return
    for whose in range(state.players):
        zone = "trumps" if state.game.id == "trump21" else "hand"
        shown = view.seats[whose].get(zone, [])
        if whose == seat or not shown or any(c is not None for c in shown):
            continue
        for name in piles:
            clone = state.clone()
            hand, pile = clone.hands[whose], getattr(clone, name)
            for i, card in enumerate(pile):
                if card != hand[0] and card in state.game.full_deck and _same_family(state, card, hand[0]):
                    hand[0], pile[i] = card, hand[0]
                    yield clone
                    break


def _same_family(state, a, b):
    """Trump21's trump cards and number cards lie in piles of their own: swap like with like."""
    if state.game.id != "trump21":
        return True
    numbers = state.game.number_deck
    return (a in numbers) == (b in numbers)


@pytest.mark.parametrize("game_id, options", SETTINGS, ids=IDS)
def test_states_differing_only_in_hidden_cards_give_the_same_observation_and_mask(game_id, options):
    swapped = 0
    for n, state in enumerate(random_states(game_id, options, moves=200)):
        if n % 5 or state.is_over:
            continue
        for seat in range(state.players):
            mine, mask = state.observation(seat), state.action_mask(seat)
            for other in _hidden_swaps(state, seat):
                assert other.view(None) != state.view(None)            # the clone really differs
                assert other.observation(seat) == mine
                assert other.action_mask(seat) == mask
                swapped += 1
    assert swapped > 10


@pytest.mark.parametrize("game_id, options", SETTINGS, ids=IDS)
def test_pettingzoo_api_test_passes(game_id, options):
    from pettingzoo.test import api_test
    api_test(cardkit.env(game_id, **options), num_cycles=200)


def test_env_plays_a_game_to_its_end_with_the_winners_rewarded():
    env = cardkit.env("flip7", players=3)
    env.reset(seed=3)
    rng = random.Random(0)
    totals = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        slots = [i for i, on in enumerate(observation["action_mask"]) if on]
        env.step(rng.choice(slots))
    assert env.state.is_over and not env.agents
    winners = {f"player_{s}" for s in env.state.winners}
    assert winners and totals == {a: 1 if a in winners else -1 for a in totals}


def test_observation_imports_only_the_standard_library():
    code = ("import sys, cardkit; s = cardkit.make('frantic', seed=1).new_state(); s.observation(0); "
            "s.action_mask(); s.apply(s.action_at(s.action_ids()[0])); "
            "print([m for m in ('numpy', 'pettingzoo', 'gymnasium') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def plain_observation(state, seat) -> list:
    """The layout of docs/learners.md written out the plain way, from the seat's full view."""
    encoding, view, players = state.game.encoding, state.view(seat), state.players
    kinds, order = encoding.kinds, [(seat + i) % players for i in range(players)]

    def cards(found):
        counts = [0] * (len(kinds) + 1)
        for card in found or ():
            counts[len(kinds) if card is None else kinds.index(card)] += 1
        return counts
    out = [n for whose in order for zone in encoding.seat_zones for n in cards(view.seats[whose].get(zone))]
    for zone, kind in encoding.table:
        out += cards(view.table.get(zone)) if kind == "cards" else [len(view.table.get(zone) or ())]
    out += [view.unseen.get(card, 0) for card in kinds]
    out += [view.scores[whose] or 0 for whose in order]
    out += [int(view.current_player == whose) for whose in order]
    for name, kind in encoding.facts:
        value = view.facts.get(name)
        if kind == "number":
            out.append(0 if value is None else float(value))
        elif kind == "seat":
            out += [int(value is not None and whose == value) for whose in order]
        elif kind == "card":
            out += [int(value == card) for card in kinds]
        elif kind == "seats":
            out += [0 if value is None or value[whose] is None else float(value[whose]) for whose in order]
        elif kind[0] == "seats":
            out += [int(value is not None and value[whose] == one) for whose in order for one in kind[1]]
        else:
            out += [int(value is not None and value == one) for one in kind]
    return out


@pytest.mark.parametrize("game_id, options", SETTINGS, ids=IDS)
def test_the_observation_is_the_documented_layout_written_out_plainly(game_id, options):
    for state in random_states(game_id, options):
        for seat in range(state.players):
            assert state.observation(seat) == plain_observation(state, seat)
