"""The table as a player sees it (issue 28): the piles your moves depend on stay in sight next to
your moves, on a laptop and on a phone, with many seats; the keyboard reaches the game in a few
presses, a screen reader finds its parts, and the focus ring shows on every button."""

import re

import pytest
from playwright.sync_api import expect

from ._pages import APP, UNCOVERED, placed_and_checked, play_seed, resize
from .test_in_sight import play_area_covers_no_seat

pytestmark = pytest.mark.browser

SCREENS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SEED = 7


def twelve_players(page):
    page.locator(f"{APP} .ck-toolbar input[type=text]").fill(str(SEED))
    page.locator(f"{APP} .ck-players select").select_option("12")
    expect(page.locator(f"{APP} h3")).to_contain_text(f"12 players · seed {SEED}", timeout=60_000)
    page.wait_for_function(f"() => document.querySelectorAll('{APP} .ck-seats .ck-seat').length === 11")


def both_expansions(page):
    page.locator(f"{APP} .ck-toolbar input[type=text]").fill(str(SEED))
    page.locator(f"{APP} .ck-option-troublemaker input").click()
    expect(page.locator(f"{APP} h3")).to_contain_text(f"seed {SEED}")
    page.locator(f"{APP} .ck-option-supercharge input").click()
    expect(page.locator(f"{APP} .ck-you .ck-zone-powers")).to_be_visible()


# Each game as the issue found its piles hidden: Frantic with both expansions, Skitgubbe with 12 seats.
GAMES = {"flip7": None, "eights": None, "trump21": None, "skitgubbe": twelve_players, "frantic": both_expansions}


# Scroll the page so the game's table starts ``at`` (a fraction of the screen's height) from the top,
# then, inside your panel (it scrolls when it needs more room than it has), bring the first move into view.
# A play area too tall to pin without hiding the seats (more than 40% of the screen, issue 39) sits
# below them: there the player scrolls to it, so it is the play area that starts ``at``.
PLACE = """([app, at]) => {
  const play = document.querySelector(app + ' .ck-play');
  const table = play.matches('.ck-too-tall') ? play : document.querySelector(app + ' .ck-table');
  const scroller = document.getElementById('rendered_cells');
  scroller.scrollTop += table.getBoundingClientRect().top - at * innerHeight;
  const you = document.querySelector(app + ' .ck-you'), move = you.querySelector('.ck-action');
  const over = move.getBoundingClientRect().bottom - you.getBoundingClientRect().bottom;
  if (over > 0) you.scrollTop += over + 8;
}"""


def piles_stay_in_sight_next_to_your_moves(page, screenshot, game):
    """On a laptop and a phone, with the table at the top of the screen or a little below it, every
    pile and your first move are on screen and uncovered."""
    if GAMES[game]:
        GAMES[game](page)
    else:
        play_seed(page, SEED)
    piles = page.locator(f"{APP} .ck-table-zones > *")
    assert piles.count() >= 1
    for screen, size in SCREENS.items():
        resize(page, size)
        for at in (0, 0.15):          # the table at the top of the screen, or a little below it
            where = f"{game}, {screen}, table at {at:.0%} of the screen"

            def hidden_now():
                hidden = {f"pile {i}: {piles.nth(i).inner_text()[:30]!r}": piles.nth(i).evaluate(UNCOVERED)
                          for i in range(piles.count())}
                hidden["first move"] = page.locator(f"{APP} .ck-you .ck-action").first.evaluate(UNCOVERED)
                return {what: why for what, why in hidden.items() if why}

            hidden = placed_and_checked(page, lambda: page.evaluate(PLACE, [APP, at]), hidden_now)
            if hidden:
                print("screenshot:", screenshot(page, f"layout_{game}_{screen}_{int(at * 100)}"))
            assert not hidden, f"{where}: {hidden}"


# The keyboard starts at the top of the page, as on a page just opened. Blurring the focused element
# is not enough: Tab then goes on from it (a deal that froze the person, Next round pressed by
# ``render``: the focus is on the new moves, and Tab reached the next move, not the skip link).
FROM_THE_TOP = """() => { const body = document.body; body.tabIndex = -1; body.focus();
                          body.removeAttribute('tabindex'); }"""


@pytest.mark.parametrize("game", GAMES)
def test_the_keyboard_reaches_the_first_move_and_the_piles_stay_in_sight(page, voila_url, render, screenshot, game):
    """One page of each game: first as it is drawn (the skip link, the landmarks; the play area covers
    no seat), then set up as the issue found its piles hidden (Frantic with both expansions, Skitgubbe
    with 12 seats)."""
    render(page, voila_url, f"{game}.ipynb", f"{APP} .ck-action")
    skip_link_reaches_the_first_move_and_the_landmarks_name_the_parts(page, game)
    play_area_covers_no_seat(page, screenshot, f"{game}.ipynb")          # issue 39, item 2
    piles_stay_in_sight_next_to_your_moves(page, screenshot, game)
    assert page.errors == []


def skip_link_reaches_the_first_move_and_the_landmarks_name_the_parts(page, game):
    page.evaluate(FROM_THE_TOP)
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Skip to the game")
    page.keyboard.press("Enter")
    presses = 1
    while presses < 3 and not page.evaluate(
            f"() => !!document.activeElement.closest('{APP} .ck-you') && document.activeElement.matches('button')"):
        page.keyboard.press("Tab")
        presses += 1
    focused = page.locator(":focus")
    assert page.evaluate(f"() => document.activeElement.matches('{APP} .ck-you button')"), (
        f"{game}: after {presses} Tab presses the focus is on {page.evaluate('() => document.activeElement.outerHTML.slice(0, 120)')}")
    assert presses <= 3
    assert focused.evaluate("e => e.getBoundingClientRect().top >= 0 && e.getBoundingClientRect().bottom <= innerHeight")

    landmarks = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[role=main], [role=region]')]
        .map(e => [e.getAttribute('aria-label') || e.getAttribute('role'), e.getAttribute('role')]))""")
    assert landmarks == {"main": "main", "The game": "region", "The table": "region",
                         "Your cards and moves": "region", "What happened": "region"}
    assert page.locator(f"{APP} .ck-log[role=region]").count() == 1


def _rgb(css: str) -> tuple:
    """The first colour in a computed style ("rgb(16, 42, 67)", "rgba(0, 0, 0, 0)") as (r, g, b, a)."""
    values = re.search(r"rgba?\(([^)]*)\)", css).group(1).split(",")
    return tuple(float(v) for v in values) + ((1.0,) if len(values) == 3 else ())


def _contrast(a: tuple, b: tuple) -> float:
    """WCAG contrast ratio of two opaque colours."""
    def luminance(c):
        lin = [x / 255 / 12.92 if x / 255 <= 0.03928 else ((x / 255 + 0.055) / 1.055) ** 2.4 for x in c[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# Each style of button the game page shows, once (by its classes and colour), marked data-ring=<i>,
# with its own background and the page's behind it (the first opaque background up the tree).
BUTTON_STYLES = r"""app => {
  const bg = e => { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;
                      if (!/rgba\(.*, 0\)$/.test(c) && c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; };
  const seen = {};
  for (const b of document.querySelectorAll(app + ' button:not(:disabled), .ck-skip')) {
    const key = b.className.split(' ').filter(c => /^(ck-|mod-)/.test(c) && !/^ck-kind/.test(c)).sort().join(' ')
                + ' ' + getComputedStyle(b).backgroundColor;
    if (!(key in seen) && (b.offsetParent !== null || b.matches('.ck-skip'))) seen[key] = b;
  }
  return Object.entries(seen).map(([key, b], i) => {
    b.setAttribute('data-ring', i);
    return {key, button: bg(b), page: bg(b.parentElement)};
  });
}"""


# '' when no box around the focused element cuts its ring off (a box that clips what overflows it, with
# the ring reaching past its inner edge); else which box.
RING_CUT = r"""e => {
  const s = getComputedStyle(e), reach = parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset) - 0.5;
  const r = e.getBoundingClientRect();
  for (let box = e.parentElement; box && box !== document.body; box = box.parentElement) {
    const bs = getComputedStyle(box);
    if (bs.overflowX === 'visible' && bs.overflowY === 'visible') continue;
    const b = box.getBoundingClientRect(), left = b.left + box.clientLeft, top = b.top + box.clientTop;
    const inside = r.left - reach >= left && r.top - reach >= top
                   && r.right + reach <= left + box.clientWidth && r.bottom + reach <= top + box.clientHeight;
    if (!inside && box.scrollHeight <= box.clientHeight + 1) return 'cut by ' + box.className;
  }
  return '';
}"""


def test_the_focus_ring_shows_on_every_button_style(page, voila_url, render):
    """WCAG 2.2 focus appearance: an outline 2 px or more whose colours stand out (3:1) from the
    page and from the button, whatever the button's colour (the issue found the ring thin on blue)."""
    render(page, voila_url, "eights.ipynb", f"{APP} .ck-action")
    # every style counted below is drawn (any deal: your lead, Draw allowed, Pass muted, your cards)
    for part in (".ck-toolbar .ck-new-game", ".ck-action:not(.ck-illegal)", ".ck-action.ck-illegal",
                 ".ck-you .ck-card-button"):
        expect(page.locator(f"{APP} {part}").first).to_be_visible()
    styles = page.evaluate(BUTTON_STYLES, APP)
    assert len(styles) >= 5, styles     # the tools, a move (blue), an illegal move, the cards, the skip link
    for i, style in enumerate(styles):
        button = page.locator(f"[data-ring='{i}']")
        button.focus()
        page.keyboard.press("Shift+Tab")     # the ring is the keyboard's: come back to the button with Tab
        page.keyboard.press("Tab")
        assert button.evaluate("e => e === document.activeElement"), style["key"]
        outline, width, colour, shadow = button.evaluate("""e => { const s = getComputedStyle(e);
            return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor, s.boxShadow]; }""")
        assert outline == "solid" and width >= 2, f"{style['key']}: outline {outline} {width}px"
        assert button.evaluate(RING_CUT) == "", f"{style['key']}: {button.evaluate(RING_CUT)}"
        ring = _rgb(colour)
        assert _contrast(ring, _rgb(style["page"])) >= 3, f"{style['key']}: ring {colour} on the page {style['page']}"
        inner = _rgb(shadow) if shadow != "none" else ring        # the second tone, next to the button
        assert max(_contrast(ring, _rgb(style["button"])), _contrast(inner, _rgb(style["button"]))) >= 3, (
            f"{style['key']}: ring {colour} / {shadow} on the button {style['button']}")
    assert page.errors == []


def test_the_landing_tiles_are_all_as_wide(page, voila_url, render):
    """The Frantic tile, alone on its row, was wider than the others (issue 28)."""
    render(page, voila_url, "index.ipynb", ".ck-tile")
    for size in SCREENS.values():
        resize(page, size)
        page.wait_for_function("(width) => Math.max(...[...document.querySelectorAll('.ck-tile')]"
                               ".map(t => t.getBoundingClientRect().right)) <= width", arg=size["width"], timeout=15_000)
        widths = page.evaluate("() => [...document.querySelectorAll('.ck-tile')].map(t => t.getBoundingClientRect().width)")
        assert len(widths) == 5 and max(widths) - min(widths) < 1, widths
