"""Contract: at every decision of the human seat, in every game and option set, the move panel offers
an enabled control that leads on, and a move built part by part always reaches a complete move.

The app is driven through its own widgets: a random legal move is found among the buttons (opening
folded families), or built by clicking its parts (hand cards and part buttons), then played."""
import itertools
import random
from collections import Counter

import pytest

import widgets as w
from cardkit.games.trump21.cards import DEFAULT_TRUMPS
from widgets.play.move_panel import family_of, parts_of

EXCHANGES = {**DEFAULT_TRUMPS, "Exchange": 8, "Shield": 4}     # many trumps to exchange
FRANTIC = [dict(zip(("troublemaker", "supercharge", "events"), flags))
           for flags in itertools.product((False, True), repeat=3)]
CASES = ([("flip7", 3, {}), ("flip7", 2, {"actions": False, "modifiers": False})]
         + [("eights", 3, {}), ("eights", 2, {"hand_size": 8})]
         + [("trump21", 2, {}), ("trump21", 2, {"lives": 3, "gamble_chance": 1.0, "trumps": EXCHANGES})]
         + [("skitgubbe", 3, {}), ("skitgubbe", 4, {"decks": 1, "stock": 10, "trump_climbs": True})]
         + [("frantic", n, options) for n, options in zip((2, 3, 4, 5, 2, 3, 4, 6), FRANTIC)])
SEEDS = 3
MAX_DECISIONS = 60


def leading_controls(panel):
    """The enabled controls of the panel that lead on: an allowed move or folder, a card that may be
    picked, a part of the move, Play, and what the app adds (Next round)."""
    moves = [b for b in panel.box.children if getattr(b, "leads_on", False) or b in panel._extra]
    cards = [b for b in panel.card_buttons if "ck-unpickable" not in b._dom_classes]
    parts = [b for b in panel.part_buttons if getattr(b, "part", None) is not None or "ck-confirm" in b._dom_classes]
    return moves + cards + parts


def click_move(panel, action):
    """Click ``action``'s button, opening the folders it sits in."""
    for _ in range(6):
        shown = list(panel.box.children)
        found = next((b for b in shown if getattr(getattr(b, "choice", None), "action", None) == action), None)
        if found is not None:
            found.click()
            return
        families = {family_of(panel.words(action), depth) for depth in range(6)}    # folded as the page words it
        folder = next((b for b in shown if "ck-folder" in b._dom_classes
                       and b.tooltip.rsplit(": ", 1)[0] in families), None)
        assert folder is not None, f"{action} is neither shown nor in a folder: {[b.description for b in shown]}"
        folder.click()
    raise AssertionError(f"{action} not reached through the folders")


def part_controls(panel, part):
    """The enabled controls that pick ``part``: the hand's copies of it not picked yet, or its button."""
    picked = Counter(panel.builder.picked)[part]
    cards = [b for b in panel.card_buttons if b.card == part and "ck-unpickable" not in b._dom_classes]
    return cards[picked:] + [b for b in panel.part_buttons if getattr(b, "part", None) == part]


def build_move(panel, action, rng):
    """Click the parts of ``action``, each time one the panel offers, then Play if it did not play."""
    left = Counter(parts_of(action))
    while +left:
        offered = [p for p in panel.builder.options() if left[p] > 0 and part_controls(panel, p)]
        assert offered, (f"no control picks a part of {action} after {panel.builder.picked}: "
                         f"options {panel.builder.options()}")
        part = rng.choice(offered)
        part_controls(panel, part)[0].click()
        left[part] -= 1
        if panel.builder is None or not panel.selection:
            return                                     # complete and unable to grow: it played at once
    confirm = next(b for b in panel.part_buttons if "ck-confirm" in b._dom_classes)
    confirm.click()


def random_walk_completes(state, seat, rng):
    """Pick random parts the builder offers until it offers none: the picks make a complete move."""
    builder = state.builder(seat)
    for _ in range(100):
        options = builder.options()
        if not options:
            break
        builder.pick(rng.choice(options))
    assert builder.complete() is not None, f"the picks {builder.picked} make no move and nothing can be added"


@pytest.mark.parametrize("game_id, players, options", CASES,
                         ids=[f"{g}-{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, n, o in CASES])
def test_every_human_decision_offers_a_control_that_leads_on(game_id, players, options):
    for seed in range(SEEDS * 3 if game_id == "trump21" else SEEDS):      # Exchange is a rare card
        rng = random.Random(seed)
        app = w.GameApp(game_id, players=players, seed=seed, options=options)
        for _ in range(MAX_DECISIONS):
            state = app.state
            if state.is_over:
                break
            panel = app.actions
            assert leading_controls(panel), (f"{game_id} seed {seed}: no control leads on at "
                                             f"{state.view(0).status!r}")
            if app.paused is not None:
                app.next_button.click()
                continue
            seat = app._human_to_act()
            assert seat == 0
            before = len(state.history)
            action = rng.choice(state.legal_actions(seat))
            if parts_of(action):
                random_walk_completes(state, seat, rng)
                build_move(panel, action, rng)
            else:
                click_move(panel, action)
            assert len(app.state.history) > before and app.state.history[before].seat == 0, (
                f"{game_id} seed {seed}: {action} was not played; the panel says {panel.message.value}")


def test_a_thief_picks_the_victims_cards_not_their_own_lookalikes():
    from cardkit.games.frantic.rules import stack
    deck = stack([["Thief r", "g3", "b4", "y2"], ["g3", "b4", "y7"]], start="r5")
    app = w.GameApp("frantic", players=2, seed=3, humans=(0,), deck=deck,
                    options={"troublemaker": True, "supercharge": False})
    app.play("Play Thief r → Player 1")
    panel, victim = app.actions, app.state.view(None).seats[1]["hand"]
    assert panel.card_buttons == [] and app.table.hand_zones == ()      # Player 0's own g3 and b4 steal nothing
    parts = [b for b in panel.part_buttons if "ck-card-button" in b._dom_classes]
    assert Counter(b.part for b in parts) == Counter(dict.fromkeys(victim, 1))
    next(b for b in parts if b.part == "y7").click()
    assert "yellow 7" in panel.part_buttons[0].value                     # "Chosen: yellow 7"
    next(b for b in panel.part_buttons if getattr(b, "part", None) == "g3").click()
    assert [str(move.action) for move in app.state.history if move.seat == 0][-1] == "Steal g3 y7"
