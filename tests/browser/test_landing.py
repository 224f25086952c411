"""The app's front door: Voila's root URL lands on notebooks/index.ipynb, whose tiles come from the
engine's registry."""

import pytest
from playwright.sync_api import expect

import cardkit
from cardkit.games import game_class

from ._pages import follow_tile

pytestmark = pytest.mark.browser


def test_root_url_lands_on_the_index_notebook(page, ready_url):
    page.goto(ready_url + "/")
    page.wait_for_url("**/voila/render/index.ipynb", timeout=30_000)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)


def test_index_loads_nothing_from_outside(page, voila_url, render):
    render(page, voila_url, "index.ipynb", ".ck-tile a")
    assert page.errors == []
    assert page.external_errors == []  # the app loads nothing from outside this machine


def test_one_tile_per_game_the_engine_plays(page, voila_url, render):
    render(page, voila_url, "index.ipynb", ".ck-tile")
    tiles = page.locator(".ck-tile")
    expect(tiles).to_have_count(len(cardkit.list_games()))
    for game_id in cardkit.list_games():
        expect(page.locator(f'.ck-tile[data-game="{game_id}"] h3')).to_have_text(game_class(game_id).title)


@pytest.mark.parametrize("game_id, lesson", [("eights", "lessons/eights_will_i_draw.ipynb"),
                                             ("trump21", "lessons/trump21_card_counting.ipynb"),
                                             ("skitgubbe", "lessons/skitgubbe_counting.ipynb")])
def test_a_game_tile_links_its_lesson_and_opens_its_walkthrough(page, voila_url, render, game_id, lesson):
    render(page, voila_url, "index.ipynb", ".ck-tile")
    follow_tile(page, game_id, game_class(game_id).title, lesson)
    assert page.errors == []
