"""Three classmates at one Frantic table, each in a browser of their own (separate contexts: their own
localStorage): no move before the last seat is taken; then a Gift from one to another opens the
counter prompt in the target's browser only, a reload keeps the seat, and a new device takes a seat
with the seat code its first page showed. The page's two forms are named and labelled."""
import re

import pytest
from playwright.sync_api import expect

from ._pages import SHARED as ROOT
from ._pages import TEACHER_KEY, create_table, sit
from ._people import people

pytestmark = pytest.mark.browser

PAGE = "play_together.ipynb"
SEED = 25            # the teacher's deal: seat 0 ("Player 0", Ada) starts with a Gift to play


def open_table_page(page, url, query=""):
    page.goto(f"{url}/voila/render/{PAGE}{query}", timeout=120_000)
    page.wait_for_selector(f"{ROOT} .ck-shared-message", state="attached", timeout=120_000)


def actions(page):
    return page.locator(f"{ROOT} .ck-action:visible")


def test_a_gift_asks_only_its_target_and_a_reload_keeps_the_seat(browser, ready_url, screenshot):
    with people(browser, screenshot, "shared_table") as crowd:
        ada = crowd.new_page()
        open_table_page(ada, ready_url, f"?game=frantic&seed={SEED}&teacher={TEACHER_KEY}")
        for heading in ("Join a class", "A table"):                      # two forms, each named
            expect(ada.get_by_role("heading", name=heading)).to_be_visible()
        expect(ada.get_by_role("link", name="← All games")).to_be_visible()     # and a way back
        code = create_table(ada, "Ada", 3)
        info = ada.locator(f"{ROOT} .ck-shared-info")
        expect(info).to_contain_text("2 of 3 seats free", timeout=30_000)     # no moves before the start
        expect(ada.locator(f"{ROOT} .ck-action-panel .ck-message")).to_contain_text("starts when every seat is taken")
        assert actions(ada).count() == 0
        others = []
        for name in ("Bob", "Cy"):
            page = crowd.new_page()
            others.append(page)
            open_table_page(page, ready_url)
            sit(page, code.lower(), name)
            if name == "Bob":                                          # the seats fill up on Ada's page
                expect(info).to_contain_text("1 of 3 seats free", timeout=30_000)
                assert actions(ada).count() == 0
        bob, cy = others
        gift = ada.locator(f"{ROOT} .ck-action", has_text="Play red Gift → Bob")   # Bob is seat 1, named as he chose
        expect(gift).to_be_visible(timeout=30_000)
        for page in (bob, cy):
            expect(page.locator(f"{ROOT} .ck-action-panel .ck-message")).to_contain_text("Waiting for Ada")
            assert actions(page).count() == 0
        gift.click()
        expect(actions(bob).first).to_be_visible(timeout=30_000)      # the counter prompt: Bob's only (speed: bench/tables.py)
        expect(bob.locator(f"{ROOT} .ck-action-panel .ck-message")).to_contain_text("Out of turn")
        expect(actions(bob).filter(has_text=re.compile(r"^\s*Pass\s*$"))).to_have_count(1)
        for page in (ada, cy):
            expect(page.locator(f"{ROOT} .ck-action-panel .ck-message")).to_contain_text(
                "Waiting for the others to react")
            assert actions(page).count() == 0
        bob.reload()                                                   # the seat is kept in the browser
        bob.wait_for_selector(f"{ROOT} .ck-shared-name", timeout=120_000)
        expect(bob.locator(f"{ROOT} .ck-shared-name")).to_have_text("Bob")
        expect(bob.locator(f"{ROOT} .ck-shared-code")).to_have_text(code)
        expect(actions(bob).filter(has_text=re.compile(r"^\s*Pass\s*$"))).to_have_count(1)
        seat_code = cy.locator(f"{ROOT} .ck-shared-seat-code").inner_text()     # Cy moves to a phone
        phone = crowd.new_page({"width": 390, "height": 844})
        open_table_page(phone, ready_url)
        phone.get_by_label("Table code").fill(code)
        phone.get_by_label("Your name").fill("Cy")
        phone.get_by_label("Seat code").fill(seat_code)
        phone.locator(f"{ROOT} .ck-shared-join").click()
        expect(phone.locator(f"{ROOT} .ck-shared-name")).to_have_text("Cy", timeout=30_000)
        expect(phone.locator(f"{ROOT} .ck-shared-seat-code")).not_to_have_text(seat_code)   # a new one
        expect(cy.locator(f"{ROOT} .ck-shared-message")).to_contain_text("taken again on another device",
                                                                      timeout=30_000)
        for page in crowd.pages:
            assert page.errors == [], page.errors
