"""What several browser tests check the same way: a game's landing tile, a move button of the game,
the game of a seed, waiting for a part of the page to change, and whether an element is on screen
(a phone's viewport)."""

import re

from playwright.sync_api import expect

APP = ".ck-app"  # the GameApp; the rule demos above it have their own tables and logs
TEACHER_KEY = "browser-tests-teacher-key"  # the tests' Voila runs with CARDKIT_TEACHER_KEY set to it


def play_seed(page, seed: int) -> None:
    """Type ``seed`` in the GameApp's seed box and press Enter, as a class told "everybody play seed
    42" does (a game starts from a random seed); return once the new game is drawn."""
    box = page.locator(f"{APP} .ck-seed input")
    box.fill(str(seed))
    box.press("Enter")
    expect(page.locator(f"{APP} h3").first).to_contain_text(f"seed {seed}")
    expect(page.locator(f"{APP} .ck-message").first).to_contain_text("A new game")    # said after the redraw


def follow_tile(page, game: str, title: str, lesson: str) -> None:
    """On the landing page: the game's tile names it and links its lesson, with no "coming soon",
    and its walkthrough link opens the walkthrough with the game's table."""
    tile = page.locator(f'.ck-tile[data-game="{game}"]')
    expect(tile).to_contain_text(title)
    expect(tile.locator(".ck-soon")).to_have_count(0)
    assert tile.locator("a.ck-lesson").first.get_attribute("href") == lesson
    tile.locator("a.ck-walkthrough").click()
    page.wait_for_url(re.compile(rf"/voila/render/{game}\.ipynb$"), timeout=60_000)
    page.wait_for_selector(f"{APP} .ck-table", state="visible", timeout=60_000)


def move(page, label: str):
    """The GameApp's move button whose text is exactly ``label``."""
    return page.locator(f"{APP} .ck-action", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))


def changes(page, selector: str, before: str, prop: str = "innerText") -> None:
    """Wait until the first element ``selector`` names no longer has ``before`` as its ``prop``."""
    page.wait_for_function(
        f"([sel, before]) => document.querySelector(sel).{prop} !== before",
        arg=[selector, before], timeout=30_000)


def on_screen(page, locator) -> bool:
    """The element lies wholly inside the viewport."""
    box, view = locator.bounding_box(), page.viewport_size
    return (box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]
            and box["x"] >= 0 and box["x"] + box["width"] <= view["width"])


def answer_waits_for_its_button(page, answer_text: str) -> None:
    """The first question's answer is hidden until its "Show the answer" button is pressed."""
    first = page.locator(".ck-question").first
    answer = first.get_by_text(answer_text)
    expect(answer).to_be_hidden()
    first.get_by_role("button", name="Show the answer").click()
    expect(answer).to_be_visible()
