"""The lesson building blocks (widgets/lessons/blocks.py): what each shows, and a lesson's bad argument
refused in words when the lesson runs."""
from __future__ import annotations

import pytest

from widgets import compare_rules, exact_and_simulated, stacked_deal


def test_exact_and_simulated_shows_the_exact_figure_and_a_simulation_around_it():
    block = exact_and_simulated(30 / 76, lambda rng: rng.random() < 30 / 76, what="the chance of busting",
                                tries=4000, seed=5)
    assert "the chance of busting = <b>39.5%</b>" in block.exact_html.value
    assert block.simulated_html.value == ""                 # nothing simulated before the press
    block.button.click()
    first = block.estimate
    assert first.n == 4000 and first.low < 30 / 76 < first.high
    assert "in 4,000 tries" in block.simulated_html.value and "exact: 39.5%" in block.simulated_html.value
    block.button.click()
    assert block.estimate.mean != first.mean                # a new batch each press


def test_exact_and_simulated_shows_an_average_as_a_number():
    block = exact_and_simulated(3.5, lambda rng: rng.randint(1, 6), what="the average roll", as_percent=False,
                                tries=2000, seed=1)
    assert "<b>3.50</b>" in block.exact_html.value
    estimate = block.simulate()
    assert estimate.low < 3.5 < estimate.high


@pytest.mark.parametrize("tries", [0, 10**6, 2.5, True])
def test_exact_and_simulated_refuses_a_number_of_tries_out_of_range(tries):
    with pytest.raises(ValueError, match="tries: a whole number from 1 to 100,000"):
        exact_and_simulated(0.5, lambda rng: True, tries=tries)


def test_stacked_deal_steps_through_the_lessons_deal():
    deal = stacked_deal("flip7", deck=["12", "11", "12"], actions=["Hit", "Hit", "Hit"], players=1,
                        caption="two 12s")
    assert deal.step_button.description == "Step 1 of 3: Hit"
    for _ in range(3):
        deal.step()
    assert deal.done and any(event.kind == "bust" for event in deal.state.events)


def test_stacked_deal_names_a_move_that_is_not_legal_when_the_lesson_runs():
    with pytest.raises(ValueError, match="'Fly' is not a legal move here"):
        stacked_deal("flip7", deck=["12"], actions=["Hit", "Fly"], players=1)
    with pytest.raises(ValueError, match="unknown Flip 7 card 'zz'"):
        stacked_deal("flip7", deck=["zz"], players=1)


def test_compare_rules_plays_each_variant_and_shows_the_bands():
    block = compare_rules("flip7", {"200 points": {}, "100 points": {"target": 100}}, players=2, games=40,
                          measures=["rounds"], executor="inline")
    assert "–" in block.table.value                          # nothing played before the press
    block.runner.run_button.click()
    assert block.wait(120)
    results = block.results()
    assert results["200 points"]["rounds"].n == 40 == results["100 points"]["rounds"].n
    assert results["100 points"]["rounds"].high < results["200 points"]["rounds"].low
    assert "Rounds per game" in block.table.value and "±" in block.table.value


def test_compare_rules_refuses_a_bad_variant_or_measure_in_words():
    with pytest.raises(ValueError, match="variant 'x': option target"):
        compare_rules("flip7", {"x": {"target": -3}})
    with pytest.raises(ValueError, match="variant 'x'.*colour"):
        compare_rules("flip7", {"x": {"colour": "red"}})
    with pytest.raises(ValueError, match="measures: some of rounds"):
        compare_rules("flip7", {"x": {}}, measures=["luck"])
    with pytest.raises(ValueError, match="games: from 10"):
        compare_rules("flip7", {"x": {}}, games=10**6)
