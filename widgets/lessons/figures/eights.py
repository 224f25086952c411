"""The pages of Huit américain's lesson "Will I have to draw?": their words, questions and HTML. The counting they show is the
engine's (``cardkit.games.eights.lessons``); this module only puts it into words."""
from __future__ import annotations

from collections import Counter

from cardkit.games.eights.cards import HINTS, PACK, POINTS, RANK, RANK_NAME, SUIT, SYMBOL, show
from cardkit.games.eights.lessons import (HAND_SIZES, count_fits, deal_fits, fit_groups, fits_how_often, fits_on,
                                          hand_chances, hand_curves, unseen_of)
from cardkit.games.eights.prob import TOTAL_POINTS, expected_penalty, hold_chance


# -- the lesson page's figures in words (widgets/lessons.py draws them) ------------------------------
def _percent(p: float, digits: int = 1) -> str:
    return f"{100 * p:.{digits}f}%"


#: The top cards the page offers (not an 8: after an 8 the announced suit decides).
TOPS = [(show(c), c) for c in PACK if RANK[c] != "8"]


def fits_html(top, card_html, cards_html) -> str:
    """Part 1: the cards that fit ``top``, counted in groups and shown (``card_html``/``cards_html``
    from widgets draw them)."""
    unseen = unseen_of(top)
    fit = [c for c in unseen if fits_on(top)(c)]
    miss = [c for c in unseen if not fits_on(top)(c)]
    rows = "".join(f"<li><b>{len(cards)}</b> {words}: {' '.join(show(c) for c in cards)}</li>"
                   for words, cards in fit_groups(top))
    rule = ("On an Ace only another Ace or an 8 may be played." if RANK[top] == "A" else
            f"Same suit ({SYMBOL[SUIT[top]]}), same rank ({RANK[top]}), or an 8.")
    return (f"<div style='display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start'>"
            f"<div>Top of the pile:<br>{card_html(top, HINTS, 'big')}</div>"
            f"<div style='font-size:115%'>{rule}<ul style='margin:4px 0'>{rows}</ul>"
            f"<b>exact:</b> {len(fit)} of the {len(unseen)} cards you cannot see fit the {show(top)}; "
            f"{len(miss)} do not.</div></div>"
            f"<div class='ck-fit-cards' style='margin-top:8px'><b>Fit ({len(fit)}):</b>"
            f"{cards_html(fit, HINTS, 'small')}</div>"
            f"<div class='ck-nofit-cards' style='margin-top:8px'><b>Do not fit ({len(miss)}):</b>"
            f"<div style='opacity:.45'>{cards_html(miss, HINTS, 'small')}</div></div>")


def one_card_html(top) -> str:
    """Part 2: the exact chance that one card drawn fits ``top``."""
    good, n = count_fits(top), len(unseen_of(top))
    return (f"<div style='font-size:115%'>On the {show(top)}: <b>exact:</b> chance that one card "
            f"drawn fits = {good}/{n} = <b>{_percent(good / n)}</b></div>")


def one_card_trials_html(top, rng, tries: int = 1000) -> str:
    """Part 2: one card drawn ``tries`` times (it goes back each time)."""
    unseen, fits = unseen_of(top), fits_on(top)
    hits = sum(fits(rng.choice(unseen)) for _ in range(tries))
    return (f"<b>simulated:</b> {hits} of {tries:,} draws fit = <b>{_percent(hits / tries)}</b> "
            f"&nbsp; (exact: {_percent(count_fits(top) / len(unseen))})")


def hand_head_html(top) -> str:
    """Part 3: the counts the table starts from."""
    good, n = count_fits(top), len(unseen_of(top))
    return (f"<div style='font-size:115%'>On the {show(top)}: {good} of the {n} cards you cannot see "
            f"fit, {n - good} do not.</div>")


def hand_rows(top, shares: dict) -> list:
    """Part 3: a row for each hand size, with the simulated ``shares`` (hand size -> share) there are."""
    rows = []
    for h in HAND_SIZES:
        right, wrong = hand_chances(top, h)
        rows.append([h, f"<b>{_percent(right, 2)}</b>", _percent(shares[h], 2) if h in shares else "–",
                     _percent(wrong, 2), _percent(1 - right, 2)])
    return rows


#: Part 3's table, plot and button (``widgets.lessons.ShareSweep``).
HAND_TABLE = dict(
    heads=["cards in hand h", "exact: at least one fits", "simulated: share of hands",
           "if cards came back (wrong)", "exact: none fits, you draw"],
    css_class="ck-hand-table", curves=hand_curves,
    lines={"exact": ("exact (cards do not come back)", {}),
           "simulated": ("simulated", {"mode": "markers", "symbol": "x"}),
           "wrong": ("if cards came back (wrong)", {"mode": "lines", "dash": True})},
    plot=dict(x_title="cards in hand (h)", y_title="chance", y_percent=True, y_range=(0, 1.03), x_step=1),
    title=lambda top: f"Chance of holding at least one card that fits the {show(top)}",
    count=dict(options=[("1,000", 1000), ("10,000", 10000), ("20,000", 20000), ("100,000", 100000)],
               value=20000, description="Hands of each size"),
    trial=deal_fits, run_label="Deal the hands", message="Dealing hands…", done="Done: {n:,} hands of each size.")

PENALTY_ORDER = ["8", "A", "10", "9", "7", "K", "Q", "J"]


def penalty_facts_html(table_html) -> str:
    """Part 4: how often each rank fits, next to its penalty, and the chance of holding an 8."""
    rows = []
    for rank in PENALTY_ORDER:
        k, n = fits_how_often(rank)
        rows.append([RANK_NAME[rank], POINTS[rank + "H"], f"{k} of {n}", _percent(k / n)])
    has8 = hold_chance(5, Counter(PACK), lambda c: RANK[c] == "8")
    no8 = Counter({c: 1 for c in unseen_of("9H") if RANK[c] != "8"})
    play_no8 = hold_chance(5, no8, fits_on("9H"))
    return (table_html(["card", "penalty points", "fits this many top cards", "share"], rows, "ck-penalty-table",
                       best=0)
            + f"<p style='font-size:115%'><b>exact:</b> chance of at least one 8 in 5 cards = 1 − C(28, 5) / C(32, 5) "
            f"= <b>{_percent(float(has8))}</b>: about every other hand.<br>"
            f"On the 9♥, a hand of 5 with an 8 can always be played; a hand of 5 without an 8 "
            f"can be played {_percent(float(play_no8))} of the time.<br>"
            f"The four 8s count {4 * 32} of the pack's {TOTAL_POINTS} points: {_percent(4 * 32 / TOTAL_POINTS)}.</p>")


#: Part 4's slider of hand sizes.
PENALTY_SIZE = dict(value=5, min=1, max=10, description="Cards in hand")


def penalty_html(h: int) -> str:
    """Part 4: the exact average penalty of ``h`` random cards."""
    return (f"<div style='font-size:115%'><b>exact:</b> average penalty of {h} random cards = "
            f"{h} × {TOTAL_POINTS}/32 = {h} × 9.75 = <b>{float(expected_penalty(h, Counter(PACK))):.2f}</b> "
            f"points</div>")


def penalty_trials_html(h: int, rng, tries: int = 1000) -> str:
    """Part 4: ``tries`` hands of ``h`` cards dealt, their average penalty."""
    total = sum(sum(POINTS[c] for c in rng.sample(PACK, h)) for _ in range(tries))
    return (f"<b>simulated:</b> average penalty of {tries:,} hands of {h} = <b>{total / tries:.2f}</b> "
            f"&nbsp; (exact: {float(expected_penalty(h, Counter(PACK))):.2f})")


# -- the lesson's questions: (prompt, answer); an answer that follows the top card takes it --------
FIT_QUESTIONS = [
    ("Sam counts the cards that fit the 9♥ like this: 8 hearts + 4 nines + 4 eights = 16. "
     "What went wrong?",
     "Sam counted cards twice, and counted a card that is not hidden. The 9♥ itself lies on the pile: "
     "it is in the hearts and in the 9s, but not among the 31 cards you cannot see. The 8♥ is a heart "
     "<i>and</i> an 8: it belongs to one group only. Counted once each: 7 other hearts + 3 other 9s + "
     f"3 other 8s = {count_fits('9H')}."),
    ("How many cards fit the 7♠? The K♦? The A♣?",
     f"On the 7♠: {count_fits('7S')} (7 other spades, 3 other 7s, 3 other 8s). On the K♦: "
     f"{count_fits('KD')}, the same way. It is 13 on every top card in the list except the Aces: on the A♣ only "
     f"the 3 other Aces and the 4 eights fit, so {count_fits('AC')}.")]

ACE_QUESTION = (
    "Choose the A♠ in part 1. What is the chance now that one card you draw fits? Why is it lower?",
    f"{count_fits('AS')}/31 = {_percent(count_fits('AS') / 31)}: on an Ace only the 3 other Aces and "
    "the 4 eights may be played, so fewer cards fit. That is why an Ace is a strong card to play: "
    "the next player often cannot answer it.")


def wobble_answer(top) -> str:
    return (f"No: each batch of 1,000 draws is random, so the share wobbles, usually within about 3 "
            f"percentage points of the exact {_percent(count_fits(top) / 31)} on the {show(top)}. "
            "The exact chance is where the share settles when you draw more and more times.")


WOBBLE_PROMPT = "Press <i>Draw 1,000 times</i> a few times. Is the simulated share the same each time?"


def draw_on_9h_question() -> dict:
    """Part 3's class-board question: how often a hand of 5 draws on the 9♥."""
    at_least5 = hold_chance(5, Counter(unseen_of("9H")), fits_on("9H"))
    none5 = 1 - at_least5
    return dict(
        prompt="You hold 5 cards and the 9♥ is on the pile. How often do you have to draw?",
        answer=f"Only when none of your 5 cards fits: C(18, 5) / C(31, 5) = {none5.numerator:,} / "
               f"{none5.denominator:,} = <b>{_percent(float(none5))}</b>, about one deal in 20. So "
               f"{_percent(float(at_least5))} of the hands hold a card that fits. The wrong formula, (18/31)^5 = "
               f"{_percent((18 / 31) ** 5)}, says you draw more often than you really do.",
        choices=["about 1 in 5", "about 1 in 20", "about 1 in 100"], qid="draw-on-9h", right="about 1 in 20")


def came_back_answer(top) -> str:
    good = count_fits(top)
    miss = 31 - good
    return (f"On the {show(top)}: with one card there is nothing to come back, so both give {good}/31. "
            "From the second card on, each card in hand that does not fit leaves fewer of them behind "
            f"({miss - 1}/30, {miss - 2}/29, … instead of {miss}/31 every time), so the exact chance of a hand "
            f"with nothing that fits shrinks faster. With {miss + 1} cards you are sure to hold a card that "
            f"fits: only {miss} cards do not fit. The exact chance reaches 100%; ({miss}/31)^{miss + 1} never "
            "reaches 0, so the wrong formula never gives 100%.")


CAME_BACK_PROMPT = ("Why is the \"if cards came back\" line below the exact one from h = 2 on, and equal at "
                    "h = 1? What happens when you hold one card more than there are cards that do not fit?")

PENALTY_QUESTIONS = [
    ("The 8 is the card you can always play. So why not just keep your 8 until the end?",
     "Because every turn you keep it, someone else may go out, and then your 8 costs you 32 points: "
     "more than three 10s. The 8 is your way out when nothing else fits, and the card that lets you "
     "change the suit to one you hold. Play it when it helps you most, not too late: the 32 points are "
     "the price of waiting."),
    (f"A hand of 5 random cards counts {float(expected_penalty(5, Counter(PACK))):.2f} points on average. "
     "How many average cards is one 8 worth?",
     f"32 / 9.75 ≈ {32 / 9.75:.1f}: one 8 left in your hand costs as much as more than three average "
     "cards. Being caught with two 8s (64 points) is worse than a typical hand of 6 cards.")]

__all__ = ["TOPS", "fits_html", "one_card_html", "one_card_trials_html", "hand_head_html", "hand_rows",
            "HAND_TABLE", "penalty_facts_html", "PENALTY_SIZE", "penalty_html",
            "penalty_trials_html", "FIT_QUESTIONS", "ACE_QUESTION", "wobble_answer", "WOBBLE_PROMPT", "draw_on_9h_question",
            "came_back_answer", "CAME_BACK_PROMPT",
            "PENALTY_QUESTIONS"]
