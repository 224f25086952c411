"""A teacher's own lesson: the notebooks copied with `cardkit lessons copy`, a lesson made from the
template by changing only its settings, served with `cardkit app --notebooks DIR`. The landing page
lists it on its game's tile, and its building blocks work in the page. The pictures of
docs/lessons.md are this test's (tests/browser/screenshots/lesson-*.png)."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from playwright.sync_api import expect

from tests._lessons import lesson_from_template
from server.cli import main as cardkit_main

from .conftest import REPO, SCREENSHOTS, _answers, _free_port, _stop

pytestmark = pytest.mark.browser

SETTINGS = dict(WATCH=["0", "1"], DEAL=["7", "5", "7"], MOVES=["Hit", "Hit", "Hit"], PLAYERS=2, SEED=11,
                VARIANTS={"200 points": {}, "100 points": {"target": 100}}, MEASURES=["rounds"], GAMES=20)


@pytest.fixture(scope="module")
def own_app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("own") / "my-lessons"
    assert cardkit_main(["lessons", "copy", str(folder)]) == 0
    lesson_from_template(folder, "flip7_short_games", **SETTINGS)
    port = _free_port()
    log_path = folder.parent / "cardkit-app.log"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "server.cli", "app", "--notebooks", str(folder),
                                 "--port", str(port), "--CardkitVoila.max_kernels_per_client=0"],
                                cwd=folder.parent, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while not _answers(url + "/"):
        if proc.poll() is not None or time.monotonic() > deadline:
            _stop(proc)
            pytest.fail(log_path.read_text(errors="replace")[-3000:])
        time.sleep(0.3)
    yield url
    _stop(proc)


def test_the_landing_page_lists_a_new_lesson_and_it_works(page, own_app, render):
    render(page, own_app, "index.ipynb", ".ck-tile")
    tile = page.locator('.ck-tile[data-game="flip7"]')
    link = tile.locator("a.ck-lesson", has_text="Lesson: Your lesson's title")
    expect(link).to_have_attribute("href", "lessons/flip7_short_games.ipynb")
    expect(page.locator("a[href*='_template']")).to_have_count(0)
    link.click()
    page.wait_for_url("**/voila/render/lessons/flip7_short_games.ipynb", timeout=60_000)
    page.wait_for_selector(".ck-compare-rules", state="visible", timeout=90_000)

    exact = page.locator(".ck-exact-sim")
    exact.get_by_role("button", name="Try it 1,000 times").click()
    expect(exact.locator(".ck-simulated")).to_contain_text("in 1,000 tries")
    exact.screenshot(path=str(SCREENSHOTS / "lesson-exact-and-simulated.png"))

    deal = page.locator(".ck-demo")
    deal.locator(".ck-demo-step").click()
    expect(deal).to_contain_text("After step 1 of 3")
    deal.screenshot(path=str(SCREENSHOTS / "lesson-stacked-deal.png"))

    compare = page.locator(".ck-compare-rules")
    compare.get_by_role("button", name="Play 20 games of each").click()
    expect(compare).to_contain_text("Done: 20 games of each.", timeout=120_000)
    compare.screenshot(path=str(SCREENSHOTS / "lesson-compare-rules.png"))

    question = page.locator(".ck-question").first
    question.get_by_role("button", name="Show the answer").click()
    expect(question.locator(".ck-answer")).to_be_visible()
    question.screenshot(path=str(SCREENSHOTS / "lesson-question.png"))
    page.screenshot(path=str(SCREENSHOTS / "lesson-page.png"), full_page=False)
    assert page.errors == []
