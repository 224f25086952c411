"""The pages of Huit américain's lesson "Will I have to draw?": their words, questions and HTML. The counting they show is the
engine's (``cardkit.games.eights.lessons``); this module only puts it into words."""
from __future__ import annotations

from collections import Counter

from cardkit.games.eights.cards import HINTS, PACK, POINTS, RANK, RANK_NAME, SUIT, SYMBOL, show
from cardkit.games.eights.lessons import (HAND_SIZES, count_fits, deal_fits, fit_groups, fits_how_often, fits_on,
                                          hand_chances, hand_curves, unseen_of)
from cardkit.games.eights.prob import TOTAL_POINTS, expected_penalty, hold_chance
from cardkit.i18n import N_, _, number, percent


# -- the lesson page's figures in words (widgets/lessons.py draws them) ------------------------------
def _percent(p: float, digits: int = 1) -> str:
    return percent(p, digits)


#: The top cards the page offers (not an 8: after an 8 the announced suit decides).
TOPS = [(show(c), c) for c in PACK if RANK[c] != "8"]


def fits_html(top, card_html, cards_html) -> str:
    """Part 1: the cards that fit ``top``, counted in groups and shown (``card_html``/``cards_html``
    from widgets draw them)."""
    unseen = unseen_of(top)
    fit = [c for c in unseen if fits_on(top)(c)]
    miss = [c for c in unseen if not fits_on(top)(c)]
    rows = "".join(f"<li><b>{len(cards)}</b> {_group_words(words, top)}: {' '.join(show(c) for c in cards)}</li>"
                   for words, cards in fit_groups(top))
    rule = (_("On an Ace only another Ace or an 8 may be played.") if RANK[top] == "A" else
            _("Same suit ({suit}), same rank ({rank}), or an 8.").format(suit=SYMBOL[SUIT[top]], rank=RANK[top]))
    return (f"<div style='display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start'>"
            f"<div>{_('Top of the pile:')}<br>{card_html(top, HINTS, 'big')}</div>"
            f"<div style='font-size:115%'>{rule}<ul style='margin:4px 0'>{rows}</ul>"
            + _("<b>exact:</b> {fit} of the {n} cards you cannot see fit the {top}; {miss} do not.").format(
                fit=len(fit), n=len(unseen), top=show(top), miss=len(miss)) + "</div></div>"
            f"<div class='ck-fit-cards' style='margin-top:8px'><b>{_('Fit ({n}):').format(n=len(fit))}</b>"
            f"{cards_html(fit, HINTS, 'small')}</div>"
            f"<div class='ck-nofit-cards' style='margin-top:8px'><b>{_('Do not fit ({n}):').format(n=len(miss))}</b>"
            f"<div style='opacity:.45'>{cards_html(miss, HINTS, 'small')}</div></div>")


def _group_words(words: str, top) -> str:
    """A group of ``fit_groups`` in the page's language (the engine names it in English)."""
    rank, suit = RANK[top], SUIT[top]
    if words == "other Aces":
        return _("other Aces")
    if words == "8s":
        return _("8s")
    if words.startswith("other 8s"):
        return _("other 8s (not {suit})").format(suit=SYMBOL[suit])
    if "(with the 8" in words:
        return _("other {suit} (with the 8{symbol})").format(suit=_(SUIT_WORDS[suit]), symbol=SYMBOL[suit])
    return _("other {rank}s").format(rank=_(RANK_NAME[rank]))


#: The suits as the lesson's groups name them ("other hearts").
SUIT_WORDS = {"H": N_("hearts"), "S": N_("spades"), "C": N_("clubs"), "D": N_("diamonds")}


def one_card_html(top) -> str:
    """Part 2: the exact chance that one card drawn fits ``top``."""
    good, n = count_fits(top), len(unseen_of(top))
    return ("<div style='font-size:115%'>" + _("On the {top}: <b>exact:</b> chance that one card drawn fits = "
                                               "{good}/{n} = <b>{p}</b>").format(top=show(top), good=good, n=n,
                                                                                   p=_percent(good / n)) + "</div>")


def one_card_trials_html(top, rng, tries: int = 1000) -> str:
    """Part 2: one card drawn ``tries`` times (it goes back each time)."""
    unseen, fits = unseen_of(top), fits_on(top)
    hits = sum(fits(rng.choice(unseen)) for _ in range(tries))
    return _("<b>simulated:</b> {hits} of {tries} draws fit = <b>{share}</b> &nbsp; (exact: {exact})").format(
        hits=number(hits), tries=number(tries), share=_percent(hits / tries),
        exact=_percent(count_fits(top) / len(unseen)))


def hand_head_html(top) -> str:
    """Part 3: the counts the table starts from."""
    good, n = count_fits(top), len(unseen_of(top))
    return ("<div style='font-size:115%'>" + _("On the {top}: {good} of the {n} cards you cannot see fit, "
                                               "{miss} do not.").format(top=show(top), good=good, n=n, miss=n - good)
            + "</div>")


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
    heads=[N_("cards in hand h"), N_("exact: at least one fits"), N_("simulated: share of hands"),
           N_("if cards came back (wrong)"), N_("exact: none fits, you draw")],
    css_class="ck-hand-table", curves=hand_curves,
    lines={"exact": (N_("exact (cards do not come back)"), {}),
           "simulated": (N_("simulated"), {"mode": "markers", "symbol": "x"}),
           "wrong": (N_("if cards came back (wrong)"), {"mode": "lines", "dash": True})},
    plot=dict(x_title=N_("cards in hand (h)"), y_title=N_("chance"), y_percent=True, y_range=(0, 1.03), x_step=1),
    title=lambda top: _("Chance of holding at least one card that fits the {top}").format(top=show(top)),
    count=dict(options=[("1,000", 1000), ("10,000", 10000), ("20,000", 20000), ("100,000", 100000)],
               value=20000, description=N_("Hands of each size")),
    trial=deal_fits, run_label=N_("Deal the hands"), message=N_("Dealing hands…"), done=N_("Done: {n} hands of each size."))

PENALTY_ORDER = ["8", "A", "10", "9", "7", "K", "Q", "J"]


def penalty_facts_html(table_html) -> str:
    """Part 4: how often each rank fits, next to its penalty, and the chance of holding an 8."""
    rows = []
    for rank in PENALTY_ORDER:
        k, n = fits_how_often(rank)
        rows.append([_(RANK_NAME[rank]), POINTS[rank + "H"], _("{k} of {n}").format(k=k, n=n), _percent(k / n)])
    has8 = hold_chance(5, Counter(PACK), lambda c: RANK[c] == "8")
    no8 = Counter({c: 1 for c in unseen_of("9H") if RANK[c] != "8"})
    play_no8 = hold_chance(5, no8, fits_on("9H"))
    return (table_html([N_("card"), N_("penalty points"), N_("fits this many top cards"), N_("share")], rows,
                       "ck-penalty-table", best=0)
            + "<p style='font-size:115%'>"
            + _("<b>exact:</b> chance of at least one 8 in 5 cards = 1 − C(28, 5) / C(32, 5) "
                "= <b>{has8}</b>: about every other hand.<br>"
                "On the 9♥, a hand of 5 with an 8 can always be played; a hand of 5 without an 8 "
                "can be played {play} of the time.<br>"
                "The four 8s count {eights} of the pack's {total} points: {share}.").format(
                has8=_percent(float(has8)), play=_percent(float(play_no8)), eights=4 * 32, total=TOTAL_POINTS,
                share=_percent(4 * 32 / TOTAL_POINTS)) + "</p>")


#: Part 4's slider of hand sizes.
PENALTY_SIZE = dict(value=5, min=1, max=10, description=N_("Cards in hand"))


def penalty_size() -> dict:
    """``PENALTY_SIZE`` with its words in the page's language."""
    return {**PENALTY_SIZE, "description": _(PENALTY_SIZE["description"])}


def penalty_html(h: int) -> str:
    """Part 4: the exact average penalty of ``h`` random cards."""
    return ("<div style='font-size:115%'>" + _("<b>exact:</b> average penalty of {h} random cards = "
                                               "{h} × {total}/32 = {h} × {each} = <b>{mean}</b> points").format(
        h=h, total=TOTAL_POINTS, each=number(9.75), mean=number(float(expected_penalty(h, Counter(PACK))), 2)) + "</div>")


def penalty_trials_html(h: int, rng, tries: int = 1000) -> str:
    """Part 4: ``tries`` hands of ``h`` cards dealt, their average penalty."""
    total = sum(sum(POINTS[c] for c in rng.sample(PACK, h)) for _ in range(tries))
    return _("<b>simulated:</b> average penalty of {tries} hands of {h} = <b>{mean}</b> &nbsp; (exact: {exact})").format(
        tries=number(tries), h=h, mean=number(total / tries, 2), exact=number(float(expected_penalty(h, Counter(PACK))), 2))


# -- the lesson's questions: (prompt, answer); an answer that follows the top card takes it --------
FIT_QUESTIONS = [
    (N_("Sam counts the cards that fit the 9♥ like this: 8 hearts + 4 nines + 4 eights = 16. "
        "What went wrong?"),
     lambda: _("Sam counted cards twice, and counted a card that is not hidden. The 9♥ itself lies on the pile: "
               "it is in the hearts and in the 9s, but not among the 31 cards you cannot see. The 8♥ is a heart "
               "<i>and</i> an 8: it belongs to one group only. Counted once each: 7 other hearts + 3 other 9s + "
               "3 other 8s = {n}.").format(n=count_fits('9H'))),
    (N_("How many cards fit the 7♠? The K♦? The A♣?"),
     lambda: _("On the 7♠: {s7} (7 other spades, 3 other 7s, 3 other 8s). On the K♦: "
               "{kd}, the same way. It is 13 on every top card in the list except the Aces: on the A♣ only "
               "the 3 other Aces and the 4 eights fit, so {ac}.").format(
         s7=count_fits('7S'), kd=count_fits('KD'), ac=count_fits('AC')))]

ACE_QUESTION = (
    N_("Choose the A♠ in part 1. What is the chance now that one card you draw fits? Why is it lower?"),
    lambda: _("{k}/31 = {p}: on an Ace only the 3 other Aces and "
              "the 4 eights may be played, so fewer cards fit. That is why an Ace is a strong card to play: "
              "the next player often cannot answer it.").format(k=count_fits('AS'), p=_percent(count_fits('AS') / 31)))


def wobble_answer(top) -> str:
    return _("No: each batch of 1,000 draws is random, so the share wobbles, usually within about 3 "
             "percentage points of the exact {p} on the {top}. "
             "The exact chance is where the share settles when you draw more and more times.").format(
        p=_percent(count_fits(top) / 31), top=show(top))


WOBBLE_PROMPT = N_("Press <i>Draw 1,000 times</i> a few times. Is the simulated share the same each time?")
#: Part 1's picker of the top card.
TOP_LABEL = N_("Top card of the pile")


def top_label() -> str:
    return _(TOP_LABEL)
#: Parts 2 and 4's buttons, as the lesson's prose names them.
DRAW_BUTTON = N_("Draw 1,000 times")
DEAL_BUTTON = N_("Deal 1,000 hands")


def draw_on_9h_question() -> dict:
    """Part 3's class-board question: how often a hand of 5 draws on the 9♥."""
    at_least5 = hold_chance(5, Counter(unseen_of("9H")), fits_on("9H"))
    none5 = 1 - at_least5
    return dict(
        prompt=N_("You hold 5 cards and the 9♥ is on the pile. How often do you have to draw?"),
        answer=lambda: _("Only when none of your 5 cards fits: C(18, 5) / C(31, 5) = {a} / {b} = <b>{p}</b>, "
                         "about one deal in 20. So {fit} of the hands hold a card that fits. The wrong formula, "
                         "(18/31)^5 = {wrong}, says you draw more often than you really do.").format(
            a=number(none5.numerator), b=number(none5.denominator), p=_percent(float(none5)),
            fit=_percent(float(at_least5)), wrong=_percent((18 / 31) ** 5)),
        choices=[N_("about 1 in 5"), N_("about 1 in 20"), N_("about 1 in 100")], qid="draw-on-9h", right="about 1 in 20")


def came_back_answer(top) -> str:
    good = count_fits(top)
    miss = 31 - good
    return _("On the {top}: with one card there is nothing to come back, so both give {good}/31. "
             "From the second card on, each card in hand that does not fit leaves fewer of them behind "
             "({m1}/30, {m2}/29, … instead of {miss}/31 every time), so the exact chance of a hand "
             "with nothing that fits shrinks faster. With {more} cards you are sure to hold a card that "
             "fits: only {miss} cards do not fit. The exact chance reaches 100%; ({miss}/31)^{more} never "
             "reaches 0, so the wrong formula never gives 100%.").format(
        top=show(top), good=good, m1=miss - 1, m2=miss - 2, miss=miss, more=miss + 1)


CAME_BACK_PROMPT = N_("Why is the \"if cards came back\" line below the exact one from h = 2 on, and equal at "
                      "h = 1? What happens when you hold one card more than there are cards that do not fit?")

PENALTY_QUESTIONS = [
    (N_("The 8 is the card you can always play. So why not just keep your 8 until the end?"),
     N_("Because every turn you keep it, someone else may go out, and then your 8 costs you 32 points: "
        "more than three 10s. The 8 is your way out when nothing else fits, and the card that lets you "
        "change the suit to one you hold. Play it when it helps you most, not too late: the 32 points are "
        "the price of waiting.")),
    (lambda: _("A hand of 5 random cards counts {mean} points on average. How many average cards is one 8 "
                      "worth?").format(mean=number(float(expected_penalty(5, Counter(PACK))), 2)),
     lambda: _("32 / 9.75 ≈ {x}: one 8 left in your hand costs as much as more than three average "
               "cards. Being caught with two 8s (64 points) is worse than a typical hand of 6 cards.").format(
         x=number(32 / 9.75, 1)))]

__all__ = ["TOPS", "SUIT_WORDS", "penalty_size", "DRAW_BUTTON", "DEAL_BUTTON", "TOP_LABEL", "top_label", "fits_html", "one_card_html", "one_card_trials_html", "hand_head_html", "hand_rows",
            "HAND_TABLE", "penalty_facts_html", "PENALTY_SIZE", "penalty_html",
            "penalty_trials_html", "FIT_QUESTIONS", "ACE_QUESTION", "wobble_answer", "WOBBLE_PROMPT", "draw_on_9h_question",
            "came_back_answer", "CAME_BACK_PROMPT",
            "PENALTY_QUESTIONS"]
