"""The static site (Voici) in a real browser: the landing page, a game page where a move changes
the table and the log, the rule explorer running in the page, and a lesson; nothing may be
fetched from another host (every such request is blocked and listed)."""

import re

from playwright.sync_api import expect

import cardkit

APP = ".ck-app"


def test_landing_page_lists_every_game_and_opens_a_walkthrough(page, site_url, open_page):
    page.goto(site_url + "/")                                   # the site's root opens the landing page
    page.wait_for_url(re.compile(r"/voici/render/index\.html$"))
    page.wait_for_selector(".ck-tile", state="visible", timeout=240_000)
    expect(page.locator(".ck-tile")).to_have_count(len(cardkit.list_games()))
    link = page.locator('.ck-tile[data-game="flip7"] a.ck-walkthrough')
    expect(link).to_have_attribute("href", "flip7.html")       # a notebook's link, pointed at its page
    expect(page.locator('.ck-tile[data-game="flip7"] a.ck-lesson').first).to_have_attribute(
        "href", re.compile(r"^lessons/flip7_.*\.html$"))
    link.click()
    page.wait_for_url(re.compile(r"/voici/render/flip7\.html$"))
    page.wait_for_selector(f"{APP} .ck-table", state="visible", timeout=240_000)
    # The second page of a visit starts with the service worker the first registered: it is not
    # unregistered and registered again (seconds before the kernel could start).
    registered = [line for line in page.console if "Registering new JupyterLite ServiceWorker" in line]
    assert len(registered) == 1, page.console
    assert not [line for line in page.console if "unregistering existing service workers" in line]
    # The game's links: back to all games and to its lessons, found in the browser's storage.
    expect(page.locator(".ck-nav a", has_text="All games")).to_have_attribute("href", "index.html")
    expect(page.locator(".ck-nav a", has_text="Lesson:").first).to_have_attribute(
        "href", re.compile(r"^lessons/flip7_.*\.html$"))
    assert page.off_host == []
    assert page.errors == []


def test_game_page_a_move_changes_table_and_log_and_the_explorer_runs(page, open_page):
    # The table, not a move: a random deal whose Freeze froze you has no move, only Next round.
    open_page(page, "flip7", f"{APP} .ck-table")
    # The page starts without plotly (40 MB unpacked), and the probability corner (HTML bars) does
    # not fetch it either: only the explorer's plots would.
    plotly_wheel = re.compile(r"/static/cardkit-pyodide/plotly-[^/]*\.whl$")
    assert not [url for url in page.requests if plotly_wheel.search(url)]
    seed = page.locator(f"{APP} .ck-seed input")               # seed 7: Player 0 opens with Hit or Stay
    seed.fill("7")
    seed.press("Enter")
    expect(page.locator(f"{APP} .ck-app-message")).to_contain_text("A new game")
    expect(page.locator(f"{APP} h3").first).to_contain_text("seed 7")
    table, log = page.locator(f"{APP} .ck-table").first, page.locator(f"{APP} .ck-log").first
    hit = page.locator(f"{APP} .ck-action", has_text=re.compile(r"^\s*Hit\s*$"))
    expect(hit).to_have_count(1)
    table_before, log_before = table.inner_html(), log.inner_text()
    hit.click()
    page.wait_for_function("([sel, before]) => document.querySelector(sel).innerHTML !== before",
                           arg=[f"{APP} .ck-table", table_before], timeout=30_000)
    page.wait_for_function("([sel, before]) => document.querySelector(sel).innerText !== before",
                           arg=[f"{APP} .ck-log", log_before], timeout=30_000)
    expect(log).to_contain_text("You flip")                        # the log speaks to the player

    # The rule stepper and the probability corner work as under Voila.
    stepper = page.locator(".ck-rule-stepper", has=page.locator(".ck-next:visible")).first
    expect(stepper.locator(".ck-rule")).to_contain_text("The deck")
    stepper.locator(".ck-next").click()
    expect(stepper.locator(".ck-rule")).to_contain_text("The deal")
    page.get_by_role("button", name=re.compile("Open the probability corner")).click()
    expect(page.locator(".ck-prob")).to_contain_text("For you")
    expect(page.locator(".ck-prob .ck-next-card")).to_contain_text("Your next card")
    assert not [url for url in page.requests if plotly_wheel.search(url)]

    # The rule explorer simulates in the page (no threads there: on the event loop), with the
    # progress bar moving and Cancel heard while it runs.
    page.get_by_role("button", name="Open the rule explorer").click()
    run, cancel = page.locator(".ck-run").last, page.locator(".ck-cancel").last
    run.click()
    page.wait_for_function("() => [...document.querySelectorAll('.ck-progress progress, .ck-progress .progress-bar')]"
                           ".some(e => (e.value || parseFloat(e.style.width) || 0) > 0)", timeout=60_000)
    cancel.click()
    expect(page.get_by_text(re.compile(r"^Cancelled: kept the [\d,]+ games played"))).to_be_visible()
    expect(run).to_be_enabled()
    assert page.off_host == []
    assert page.errors == []


def test_lesson_answers_and_simulation(page, open_page):
    open_page(page, "lessons/flip7_when_to_stop", ".ck-question")
    expect(page.get_by_text("chance of busting = 30/76")).to_be_visible()
    assert page.locator(".ck-nav a", has_text="All games").get_attribute("href") == "../index.html"
    first = page.locator(".ck-question").first
    answer = first.get_by_text("Sam is far more likely to bust")
    expect(answer).to_be_hidden()
    first.get_by_role("button", name="Show the answer").click()
    expect(answer).to_be_visible()
    table = page.locator(".ck-threshold-table")
    expect(table).to_contain_text("18.41")                      # exact, N = 25 (no pandas here)
    page.get_by_role("button", name="Run the simulation").click()
    expect(page.get_by_text(re.compile(r"Done: 1,000 rounds for each N"))).to_be_visible(timeout=240_000)
    page.wait_for_selector(".ck-svg-plot svg", state="visible", timeout=60_000)
    expect(table).to_contain_text("±")
    assert page.off_host == []
    assert page.errors == []
