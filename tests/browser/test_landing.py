"""The app's front door: Voila's root URL lands on notebooks/index.ipynb, whose tiles come from the
engine's registry, each linking its game's walkthrough and lesson."""

import pytest
from playwright.sync_api import expect

import cardkit
from cardkit.games import game_class

from ._pages import follow_tile, wait_until_usable

pytestmark = pytest.mark.browser

LESSONS = {"flip7": "lessons/flip7_when_to_stop.ipynb", "eights": "lessons/eights_will_i_draw.ipynb",
           "trump21": "lessons/trump21_card_counting.ipynb", "skitgubbe": "lessons/skitgubbe_counting.ipynb",
           "frantic": "lessons/frantic_events.ipynb"}


def test_root_url_lands_on_the_index_notebook_with_one_tile_per_game_and_nothing_from_outside(page, ready_url):
    page.goto(ready_url + "/")
    page.wait_for_url("**/voila/render/index.ipynb", timeout=30_000)
    wait_until_usable(page, ".ck-tile a", timeout=120_000)
    expect(page.locator(".ck-tile")).to_have_count(len(cardkit.list_games()))
    for game_id in cardkit.list_games():
        expect(page.locator(f'.ck-tile[data-game="{game_id}"] h3')).to_have_text(game_class(game_id).title)
    assert page.errors == []
    assert page.external_errors == []  # the app loads nothing from outside this machine


def test_every_game_tile_links_its_lesson_and_its_walkthrough_which_opens(page, voila_url, render):
    """Each tile's two links say where they go (relative, so they work under a hub's /user/<name>/
    prefix); one walkthrough is followed by a click (the game pages themselves are opened by their own
    tests, and the hub's test follows Flip 7's tile)."""
    assert set(LESSONS) == set(cardkit.list_games())
    render(page, voila_url, "index.ipynb", ".ck-tile")
    for game_id, lesson in LESSONS.items():
        tile = page.locator(f'.ck-tile[data-game="{game_id}"]')
        assert tile.locator("a.ck-walkthrough").first.get_attribute("href") == f"{game_id}.ipynb"
        assert tile.locator("a.ck-lesson").first.get_attribute("href") == lesson
    follow_tile(page, "frantic", game_class("frantic").title, LESSONS["frantic"])
    assert page.errors == []
