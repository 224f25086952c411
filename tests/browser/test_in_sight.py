"""What a player needs stays in sight (issue 39), on a laptop (1280 × 800) and a phone (390 × 844):
the pinned play area covers no seat; in a big hand the moves, Clear and a refusal stay next to the
cards, and the cards that cannot join the pick are muted; what Undo, New game, Open and the seed box
say shows next to them and is read out; a rule's example draws the hidden cards face down."""

import json
import re

import pytest
from playwright.sync_api import expect

import cardkit
from cardkit.core import replay
from widgets.play.cards import card_label
from widgets.ui.declared import hints

from ._pages import APP, UNCOVERED, placed_and_checked, resize

pytestmark = pytest.mark.browser

SCREENS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

# For each seat panel of the table ``table`` (a selector) that shows on screen: the points of it that
# lie on screen (its centre and corners, inset), and what covers any of them, if a play area does.
SEATS_COVERED = """table => {
  const t = document.querySelector(table), out = {}; let seen = 0;
  for (const seat of t.querySelectorAll('.ck-seats .ck-seat')) {
    const r = seat.getBoundingClientRect();
    const top = Math.max(r.top, 0) + 4, bottom = Math.min(r.bottom, innerHeight) - 4;
    if (r.width === 0 || bottom <= top) continue;
    seen += 1;
    for (const [x, y] of [[r.left + 4, top], [r.right - 4, top], [r.left + r.width / 2, (top + bottom) / 2],
                          [r.left + 4, bottom], [r.right - 4, bottom]]) {
      const hit = document.elementFromPoint(x, y);
      if (hit && !seat.contains(hit) && hit.closest('.ck-play'))
        out[seat.innerText.split('\\n')[0]] = `covered at (${Math.round(x)}, ${Math.round(y)})`;
    }
  }
  return {seen, covered: out};
}"""

# Scroll the page so the element ``sel`` starts ``at`` (a fraction of the screen's height) from the top.
PLACE = """([sel, at]) => {
  const el = document.querySelector(sel), scroller = document.getElementById('rendered_cells');
  scroller.scrollTop += el.getBoundingClientRect().top - at * innerHeight;
}"""


def test_the_play_area_covers_no_seat(page, voila_url, render, screenshot):
    """The 21 lesson, whose table shows the opponent's open cards (what is counted): its table, with
    no moves, is never pinned: no seat covered anywhere on screen. The game pages are checked by
    test_table_layout, on the page it opens for each game."""
    notebook = "lessons/trump21_card_counting.ipynb"
    render(page, voila_url, notebook, ".ck-table:has(.ck-seat)")
    play_area_covers_no_seat(page, screenshot, notebook, ".ck-table:has(.ck-seat)", (0, 0.3, 0.6))
    assert page.errors == []


def play_area_covers_no_seat(page, screenshot, notebook, table=f"{APP} .ck-table", places=(0, 0.15)) -> None:
    """Item 2: with the table ``table`` at each of ``places`` (a fraction of the screen from its top),
    on a laptop and a phone, no seat panel on screen is covered by the play area."""
    for screen, size in SCREENS.items():
        resize(page, size)
        for at in places:
            def wrong_now():
                found = page.evaluate(SEATS_COVERED, table)
                return found if found["covered"] or not found["seen"] else None

            found = (placed_and_checked(page, lambda: page.evaluate(PLACE, [table, at]), wrong_now)
                     or page.evaluate(SEATS_COVERED, table))
            if found["covered"]:
                print("screenshot:", screenshot(page, f"seats_{notebook.replace('/', '_')}_{screen}_{int(at * 100)}"))
            assert found["seen"] >= 1, f"{notebook}, {screen}, table at {at:.0%}: no seat on screen"
            assert not found["covered"], f"{notebook}, {screen}, table at {at:.0%}: {found['covered']}"
        print("screenshot:", screenshot(page, f"seats_{notebook.replace('/', '_')}_{screen}", kept=True))


def _big_hand(tmp_path):
    """A game file of Huit américain for two with 16 cards each, your lead, two 8s or more in hand:
    the 8s may be played together, every other card then cannot join them. Returns (path, an 8)."""
    for seed in range(100):
        state = cardkit.make("eights", players=2, seed=seed, hand_size=16).new_state()
        eights = [c for c in state.view(0).seats[0]["hand"] if card_label(c, hints("eights")).startswith("8")]
        if state.current_player == 0 and len(eights) >= 2:
            path = tmp_path / "big-hand.json"
            path.write_text(json.dumps(replay.to_json(state)))
            return path, card_label(eights[0], hints("eights"))
    raise AssertionError("no seed below 100 deals two 8s")


def _open_file(page, path) -> None:
    with page.expect_file_chooser() as chooser:
        page.locator(f"{APP} .ck-open").click()
    chooser.value.set_files(str(path))


def test_rule_examples_hide_cards_and_a_big_hand_keeps_its_moves_in_sight(page, voila_url, render, screenshot,
                                                                         tmp_path):
    """Item 7: the first rule says "No card is turned up": its example shows no card face up until
    Peek, which says every card is then shown. Item 3: in a 16-card hand, picking an 8 mutes every
    card that cannot join it; Clear, the moves and a refusal stay on screen next to the hand."""
    render(page, voila_url, "eights.ipynb", f"{APP} .ck-action")
    demo = page.locator(".ck-demo").first
    faces = demo.locator(".ck-table .ck-card:not(.ck-card-back)")
    expect(page.locator(".ck-rule").first).to_contain_text("No card is turned up")
    for screen, size in SCREENS.items():
        resize(page, size)
        demo.scroll_into_view_if_needed()
        expect(demo.locator(".ck-table .ck-card-back").first).to_be_visible()
        expect(faces).to_have_count(0)
        peek = demo.locator(".ck-peek")
        peek.click()
        expect(faces.first).to_be_visible()
        expect(demo).to_contain_text("every card is shown")
        print("screenshot:", screenshot(page, f"demo_peek_{screen}", kept=True))
        peek.click()
        expect(faces).to_have_count(0)

    path, eight = _big_hand(tmp_path)
    _open_file(page, path)
    you = page.locator(f"{APP} .ck-you")
    cards = you.locator(".ck-card-button")
    expect(cards).to_have_count(16)
    for screen, size in SCREENS.items():
        resize(page, size)
        page.evaluate(PLACE, [f"{APP} .ck-table", 0])
        cards.filter(has_text=eight).first.click()
        expect(you.locator(".ck-clear")).to_be_visible()
        muted = you.locator(".ck-card-button.ck-unpickable")
        joinable = you.locator(".ck-card-button:not(.ck-unpickable):not(.ck-picked)")
        expect(muted.first).to_be_visible()
        assert all(text.strip().startswith("8") for text in joinable.all_inner_texts())
        assert muted.count() + joinable.count() == 15         # all but the picked 8
        print("screenshot:", screenshot(page, f"big_hand_{screen}", kept=True))
        muted.last.click()                                    # a card that cannot join: says why, in sight
        message = you.locator(".ck-action-panel .ck-message")
        expect(message).to_contain_text("Not allowed")
        hidden = {what: loc.evaluate(UNCOVERED) for what, loc in (
            ("the refusal", message.locator(".ck-msg")), ("Clear", you.locator(".ck-clear")),
            ("the first move", you.locator(".ck-actions .ck-action").first))}
        assert not {what: why for what, why in hidden.items() if why}, f"{screen}: {hidden}"
        you.locator(".ck-clear").click()
        expect(you.locator(".ck-card-button.ck-picked")).to_have_count(0)
    assert page.errors == []


def test_what_the_tools_say_shows_next_to_them_and_is_read_out(page, voila_url, render, screenshot, tmp_path):
    """Item 4: the messages of a bad seed, New game, Undo and Open show on screen, near the control
    pressed, in a live region a screen reader reads out."""
    render(page, voila_url, "flip7.ipynb", f"{APP} .ck-action")
    bad = tmp_path / "notes.json"
    bad.write_text('{"format": "a shopping list"}')
    seed = page.locator(f"{APP} .ck-seed input")

    def said(control, text, screen):
        message = page.locator(f"{APP} .ck-message", has_text=text)
        expect(message).to_be_visible()
        assert message.get_attribute("aria-live") == "polite", f"{text!r} is not read out"
        why = message.locator(".ck-msg").evaluate(UNCOVERED)
        assert not why, f"{screen}: {text!r} is {why}"
        gap = page.evaluate("([a, b]) => Math.abs(a.getBoundingClientRect().top - b.getBoundingClientRect().top)",
                            [control.element_handle(), message.element_handle()])
        assert gap < 250, f"{screen}: {text!r} shows {gap:.0f} px away from what was pressed"

    for screen, size in SCREENS.items():
        resize(page, size)
        seed.fill("seven")
        seed.press("Enter")
        said(seed, "whole number from 0 to", screen)
        seed.fill("")
        page.locator(f"{APP} .ck-new-game").click()
        said(page.locator(f"{APP} .ck-new-game"), "A new game", screen)
        page.locator(f"{APP} .ck-undo").click()
        said(page.locator(f"{APP} .ck-undo"), "Back to the game you were playing", screen)
        _open_file(page, bad)
        said(page.locator(f"{APP} .ck-open"), "Could not open that file", screen)
        expect(page.locator(f"{APP} .ck-open")).to_have_text(re.compile(r"^\s*Open\s*$"))   # not "Open (0)"
        print("screenshot:", screenshot(page, f"tool_message_{screen}", kept=True))
    assert page.errors == []


# Every change of the GameApp's table or moves, as (seats on the table, the moves' words), kept in
# window.ckSeen from the moment it is set up.
WATCH = """() => {
  const app = document.querySelector('.ck-app');
  const look = () => [app.querySelectorAll('.ck-table .ck-seats .ck-seat').length,
                      [...app.querySelectorAll('.ck-you .ck-action')].map(b => b.innerText.trim()).join('|')];
  window.ckSeen = [look()];
  new MutationObserver(() => {
    const now = look(), last = window.ckSeen[window.ckSeen.length - 1];
    if (now[0] !== last[0] || now[1] !== last[1]) window.ckSeen.push(now);
  }).observe(app, {childList: true, subtree: true, characterData: true});
}"""


def test_new_options_never_show_moves_of_a_game_the_table_does_not_show_yet(page, voila_url, render):
    """Item 12: while a new number of players is applied, the moves shown never belong to the new game
    while the table still shows the old one (its seats): the table is drawn first."""
    render(page, voila_url, "skitgubbe.ipynb", f"{APP} .ck-action")
    for screen, players in (("laptop", "5"), ("phone", "6")):
        resize(page, SCREENS[screen])
        page.locator(f"{APP} .ck-seed input").fill("3")
        page.evaluate(WATCH)
        page.locator(f"{APP} .ck-players select").select_option(players)
        expect(page.locator(f"{APP} h3")).to_contain_text(f"{players} players · seed 3")
        page.wait_for_function("n => document.querySelectorAll('.ck-app .ck-table .ck-seats .ck-seat').length"
                               " === n", arg=int(players) - 1, timeout=60_000)
        expect(page.locator(f"{APP} .ck-you .ck-action").first).to_be_visible()
        page.wait_for_timeout(500)                 # the last redraws
        seen = page.evaluate("window.ckSeen")
        (old_seats, old_moves), (new_seats, new_moves) = seen[0], seen[-1]
        assert old_seats != new_seats
        if new_moves == old_moves:
            continue                               # the same moves in both games: nothing to tell apart
        early = [shown for shown in seen if shown[1] == new_moves and shown[0] == old_seats]
        assert not early, f"{screen}: the new game's moves with the old table: {seen}"
    assert page.errors == []
