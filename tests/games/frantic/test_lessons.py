"""Frantic events lesson figures: counted by hand, and checked against shuffles, the engine's prob
and the engine's own deal."""
import random
from fractions import Fraction

import pytest

import cardkit
from cardkit.games.frantic import prob
from cardkit.games.frantic.cards import EVENTS, ROUND_ENDERS
from cardkit.games.frantic.rules import EXPANSION_RULES
from cardkit.games.frantic.lessons import (BASE_GAME, COUNTER_CHAIN, card_groups, expansion_cards, expansion_options,
                                           expansion_sections, dealt_events, rule_sections, enders_in, event_pile, first_ender_chances, left_after,
                                           next_ends_chance, simulate_first_enders, simulate_next_ends,
                                           within_chance)

from tests.engine.moves import act

#: Both expansions on, as the game was made before its defaults became the base game.
BOTH = {"troublemaker": True, "supercharge": True}


def test_the_base_pile_holds_the_twenty_events_and_two_end_the_round():
    pile = event_pile()
    assert sorted(pile.elements()) == sorted(EVENTS) and sum(pile.values()) == 20
    assert enders_in(pile) == 2 and set(ROUND_ENDERS) == {"Doomsday", "Finish Line"}


def test_the_chance_of_an_ender_next_grows_as_other_events_are_revealed_and_drops_to_one_left():
    pile = event_pile()
    assert next_ends_chance(pile) == Fraction(2, 20)
    assert next_ends_chance(pile, ["Tornado", "Market", "Charity"]) == Fraction(2, 17)
    assert next_ends_chance(pile, ["Doomsday"]) == Fraction(1, 19)
    assert next_ends_chance(pile, ["Doomsday", "Finish Line"]) == 0
    others = [e for e in EVENTS if e not in ROUND_ENDERS]
    assert next_ends_chance(pile, others) == 1                     # only the two enders left
    assert next_ends_chance(pile, EVENTS) == 0                     # nothing left to reveal


def test_revealing_an_event_twice_is_refused_by_name():
    with pytest.raises(ValueError, match="'Tornado' is not left"):
        left_after(event_pile(), ["Tornado", "Tornado"])


def test_where_the_first_ender_lies_by_hand_and_the_chances_add_up_to_one():
    chances = first_ender_chances(20, 2)
    assert chances[0] == Fraction(2, 20)                            # on top
    assert chances[1] == Fraction(18, 20) * Fraction(2, 19)         # second, the top one not an ender
    assert len(chances) == 19 and chances[-1] == Fraction(1, 190)   # the last two are the enders
    assert sum(chances) == 1
    assert sum(chances[:5]) == within_chance(20, 2, 5)
    assert within_chance(20, 2, 1) == Fraction(1, 10) and within_chance(20, 2, 19) == 1
    with pytest.raises(ValueError, match="enders must be 1 to 20"):
        first_ender_chances(20, 0)
    with pytest.raises(ValueError, match="m must be 0 to 20"):
        within_chance(20, 2, 21)


def test_shuffles_agree_with_the_exact_chances():
    pile = event_pile()
    rng = random.Random(5)
    hits = simulate_next_ends(pile, ["Tornado", "Market", "Charity"], 20_000, rng)
    assert abs(hits / 20_000 - 2 / 17) < 0.015                      # about 5 standard errors
    found = simulate_first_enders(pile, 20_000, rng)
    exact = first_ender_chances(20, 2)
    assert sum(found.values()) == 20_000 and max(found) <= 19
    assert abs(found[1] / 20_000 - float(exact[0])) < 0.015
    assert abs(sum(found[m] for m in range(1, 6)) / 20_000 - float(within_chance(20, 2, 5))) < 0.02


def test_the_engines_deal_reveals_every_event_once_and_prob_agrees_with_the_lesson():
    order = dealt_events(seed=11)
    assert sorted(order) == sorted(EVENTS)
    assert dealt_events(seed=11) == order and dealt_events(seed=12) != order   # seeded
    state = cardkit.make("frantic", players=4, seed=11, **BASE_GAME).new_state()
    revealed = list(state.view(None).table["revealed"])
    assert prob.event_chance(state.view(0), ROUND_ENDERS) == next_ends_chance(event_pile(), revealed)


def test_every_rule_lands_in_exactly_one_section_of_the_walkthrough():
    game = cardkit.make("frantic", **BASE_GAME)
    sections = rule_sections(game)
    placed = [i for ids in sections.values() for i in ids]
    in_play = [r.id for r in game.rules if r.id not in EXPANSION_RULES["troublemaker"] | EXPANSION_RULES["supercharge"]]
    assert sorted(placed) == sorted(in_play) and len(placed) == len(set(placed))
    full = rule_sections(cardkit.make("frantic", **BOTH))            # both expansions: every clause has a section
    assert sorted(i for ids in full.values() for i in ids) == sorted(r.id for r in game.rules)
    assert len(sections["events"]) == 20 and "frantic.ev_time_bomb" in sections["events"]
    assert {"frantic.gift", "frantic.counterattack", "frantic.nice_try", "frantic.fuck_you"} <= set(sections["specials"])
    assert "frantic.turn" not in sections["specials"] and "frantic.scoring" in sections["end"]


def test_the_gallery_groups_every_card_once_with_the_counts_of_the_deck():
    deck = cardkit.make("frantic", **BASE_GAME).full_deck
    groups = dict(card_groups(deck))
    assert sum(deck[c] for c in groups["Colour numbers"]) == 72 and sum(deck[c] for c in groups["Black numbers"]) == 9
    assert sum(deck[c] for c in groups["One-colour specials"]) == 20
    assert sum(deck[c] for c in groups["Four-colour specials"]) == 23 and groups["Fuck You"] == ["Fuck You"]
    assert sum(deck[c] for c in groups["Events"]) == 20
    assert sorted(c for cards in groups.values() for c in cards) == sorted(deck)


def test_the_counter_chain_demo_sends_the_gift_round_to_its_player():
    game = cardkit.make("frantic", players=3, seed=0, **BASE_GAME)
    state = game.new_state(deck=COUNTER_CHAIN["deck"])
    act(state, *COUNTER_CHAIN["actions"])              # Player 0, without a Counterattack, passes
    counters = [e for e in state.events if e.kind == "counter"]
    assert [e.seat for e in counters] == [1, 2]
    hands = state.view(None).seats
    assert {"b8", "b9"} <= set(hands[0]["hand"]) and "Counterattack" not in hands[1]["hand"] + hands[2]["hand"]
    assert state.view(None).table["discard"][-3:] == ["Gift r", "Counterattack", "Counterattack"]


def test_each_expansion_section_holds_each_of_its_clauses_once_cards_then_powers_then_events():
    for name, ids in EXPANSION_RULES.items():
        parts = expansion_sections(name)
        placed = [i for part in parts.values() for i in part]
        assert sorted(placed) == sorted(ids) and len(placed) == len(set(placed))
        assert all(i.startswith("frantic.ev_") for i in parts["events"]) and parts["cards"][0].endswith("_cards")
    assert "powers" not in expansion_sections("troublemaker")
    powers = expansion_sections("supercharge")["powers"]
    assert powers[0] == "frantic.powers" and len(powers) == 13           # the clause, then the twelve kinds
    assert len(expansion_sections("troublemaker")["events"]) == 14 and len(expansion_sections("supercharge")["events"]) == 9


def test_the_expansion_galleries_show_what_each_adds_to_the_base_game():
    trouble, charge = expansion_cards("troublemaker"), expansion_cards("supercharge")
    assert sum(trouble.values()) == 22 + 14 and sum(charge.values()) == 15 + 9 + 24
    groups = dict(card_groups(charge))
    assert sum(charge[c] for c in groups["Power cards"]) == 24 and sum(charge[c] for c in groups["Events"]) == 9
    assert dict(card_groups(trouble))["Curse"] == ["Curse"] and "Power cards" not in dict(card_groups(trouble))
    assert expansion_options("supercharge") == {"troublemaker": False, "supercharge": True}
    with pytest.raises(ValueError, match="the expansions are troublemaker, supercharge"):
        expansion_options("deluxe")


def test_every_demo_plays_in_the_walkthrough_section_that_shows_it():
    """The walkthrough shows the base game's clauses with the game's defaults and each expansion's with
    that expansion on (``expansion_options``); a demo's own options win, so each plays to its end there
    (The End's and Parasite's demos reveal Plague, a Troublemaker event, in the Supercharge section)."""
    from cardkit.core import action_labelled
    from cardkit.games.frantic.rules import DEMOS
    shown = [({}, ids) for ids in rule_sections(cardkit.make("frantic")).values()]
    shown += [(expansion_options(name), ids) for name in EXPANSION_RULES
              for ids in expansion_sections(name).values()]
    played = set()
    for options, ids in shown:
        for rule_id in ids:
            demo = DEMOS[rule_id]
            game = cardkit.make("frantic", players=demo["players"], seed=demo.get("seed", 0),
                                **{**options, **demo["options"]})
            state = game.new_state(deck=demo["deck"], **demo.get("piles", {}))
            for label in demo["actions"]:
                action = action_labelled(state.legal_actions(), label)
                if action is None:
                    state.pass_unanswerable()
                    action = action_labelled(state.legal_actions(), label)
                assert action is not None, (rule_id, label)
                state.apply(action)
            played.add(rule_id)
    assert played == set(DEMOS)
