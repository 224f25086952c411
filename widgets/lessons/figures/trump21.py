"""The pages of 21 with trumps' card-counting lesson: their words, questions and HTML. The counting they show is the
engine's (``cardkit.games.trump21.lessons``); this module only puts it into words."""
from __future__ import annotations

import random

from cardkit.games.trump21.cards import COPIES, NUMBERS, VALUE
from cardkit.games.trump21.lessons import (TARGET, counting_round, deal_unseen, hidden_split, line_total, odds_after,
                                           over_cards, over_count, unseen_after)
from cardkit.i18n import N_, _, number, percent


# -- the lesson page's figures: text and table rows, drawn by widgets.lessons.figure_html ----------------
def fraction(k: int, n: int) -> str:
    return f"{k}/{n} = <b>{percent(k / n, 1)}</b>" if n else _("no card left")


def count_figure(mine, theirs) -> dict:
    """Part 1: which numbers take ``mine`` over, how many of each are left unseen, the chance with and
    without counting."""
    have, pool = line_total(mine), unseen_after([*mine, *theirs])
    k, n = over_count(have, pool)
    k0, n0 = over_count(have, unseen_after([]))
    bad = set(over_cards(have))
    return {"intro": (_("You are at <b>{have}</b>: a card over {left} takes you over 21.") if have < 21 else
                      _("You are at <b>{have}</b>: any card takes you over.")).format(have=have, left=21 - have),
            "head": [N_("number"), N_("seen"), N_("left unseen"), N_("takes you over?")], "css": "ck-count-table",
            "rows": [[f"<b>{c}</b>" if c in bad else c, COPIES - pool[c], pool[c], _("over") if c in bad else ""]
                     for c in NUMBERS],
            "outro": _("<b>without counting:</b> {plain}<br><b>exact, counting:</b> {k} of the {n} "
                       "cards you cannot see take you over: {counted}").format(
                plain=fraction(k0, n0), k=k, n=n, counted=fraction(k, n))}


def takes_text(mine, theirs, rng: random.Random, tries: int = 1000) -> str:
    """Part 1's simulation: ``tries`` next cards drawn from the unseen ones (each put back)."""
    have, pool = line_total(mine), unseen_after([*mine, *theirs])
    cards = list(pool.elements())
    over = sum(have + VALUE[rng.choice(cards)] > TARGET for _ in range(tries))
    k, n = over_count(have, pool)
    return _("<b>simulated:</b> {over} of {tries} cards took you over = <b>{share}</b> &nbsp; (exact: {exact})").format(
        over=number(over), tries=number(tries), share=percent(over / tries, 1), exact=percent(k / n, 1))


def round_figure(moves: int) -> dict:
    """Part 2: one row per move of the stacked round, what Player 0 knows and their chance to go over."""
    from cardkit.games.trump21 import prob

    def row(m):
        what, state = counting_round(m)
        view = state.view(0)                       # what Player 0 can see, nothing more
        have = prob.my_total(view, 0)
        seen = [c for s in view.seats for c in s["hidden"] + s["open"] if c is not None]
        k, n = over_count(have, prob.unseen_numbers(view))    # the engine's prob.bust_probability, as a count
        return [what, have, " ".join(seen), n, f"{k}/{n} = {percent(k / n, 1)}",
                percent(float(prob.uncounted_bust_chance(have, 21)), 1)]
    return {"head": [N_("what happened"), N_("your total"), N_("cards you have seen"), N_("cards you cannot see"),
                     N_("exact: chance to go over"), N_("without counting")],
            "rows": [row(m) for m in range(moves + 1)], "css": "ck-seen-table", "best": moves}


def split_figure(mine, theirs) -> dict:
    """Part 3: the chance split by the opponent's hidden card (the law of total probability)."""
    have, pool = line_total(mine), unseen_after([*mine, *theirs])
    k, n = over_count(have, pool)
    split = hidden_split(have, pool)
    total_chance = sum(r["both"] for r in split)
    return {"intro": _("You are at <b>{have}</b>; {n} cards you cannot see, {k} of them take you over.").format(
                have=have, n=n, k=k),
            "head": [N_("their hidden card"), N_("chance it is that card"), N_("then, your card takes you over"),
                     N_("both (product)")], "css": "ck-split-table",
            "rows": [[r["card"], f"{r['n']}/{r['N']}", f"{r['k']}/{r['left']}", number(float(r['both']), 4)]
                     for r in split],
            "outro": _("<b>exact:</b> sum of the products = {a}/{b} = <b>{p}</b>, the same as k/N = {k}/{n}<br>"
                       "the mistake k/(N − 1) = {k}/{n1} = {wrong}").format(
                a=total_chance.numerator, b=total_chance.denominator, p=percent(float(total_chance), 1), k=k, n=n,
                n1=n - 1, wrong=percent(k / (n - 1), 1))}


def deals_text(mine, theirs, rng: random.Random, deals: int = 100_000) -> str:
    """Part 3's simulation: the unseen cards dealt ``deals`` times, the opponent's hidden card first."""
    have, pool = line_total(mine), unseen_after([*mine, *theirs])
    over = sum(deal_unseen(have, pool, rng)[2] for _ in range(deals))
    k, n = over_count(have, pool)
    return _("<b>simulated:</b> {over} of {deals} deals took you over = <b>{share}</b> "
             "&nbsp; (exact k/N: {exact}; the mistake k/(N − 1): {wrong})").format(
        over=number(over), deals=number(deals), share=percent(over / deals, 1), exact=percent(k / n, 1),
        wrong=percent(k / (n - 1), 1))


def opponent_figure(mine, theirs) -> dict:
    """Part 4: the opponent's possible totals, one per card their hidden card could be."""
    shown, pool = line_total(theirs), unseen_after([*mine, *theirs])
    n = sum(pool.values())
    rows, k = [], 0
    for c in NUMBERS:
        if pool[c]:
            bust = shown + VALUE[c] > TARGET
            k += pool[c] * bust
            rows.append([c, shown + VALUE[c], f"{pool[c]}/{n}", _("over") if bust else ""])
    return {"intro": _("Your opponent shows <b>{shown}</b>.").format(shown=shown), "css": "ck-opponent-table",
            "head": [N_("if their hidden card is"), N_("their total"), N_("chance"), N_("over 21?")], "rows": rows,
            "outro": _("<b>exact:</b> chance they are over already = {chance}").format(chance=fraction(k, n))}


__all__ = ["fraction", "count_figure", "takes_text", "round_figure", "split_figure",
            "deals_text", "opponent_figure"]


# -- the notebook's controls and questions, in the page's language -------------------------------------------
#: The words of the controls the lesson's notebook makes.
YOUR_CARDS = N_("<b>Your cards</b> (hidden and open):")
THEIR_CARDS = N_("<b>Your opponent's open cards:</b>")
TAKE_1000 = N_("Take a card 1,000 times")
DEAL_100000 = N_("Deal 100,000 times")


def which_table_question() -> dict:
    """Part 1's class-board question: which table makes one more card riskier at 13."""
    nines, twos = odds_after(13, ["8", "5", "10", "9", "9"]), odds_after(13, ["8", "5", "10", "2", "2"])
    return dict(
        prompt=N_("You are at 13 (8 and 5). Your opponent shows 10, 9, 9 in one game and 10, 2, 2 in another. "
                  "In which game are you more likely to go over with one more card? Count it, then check above."),
        answer=lambda: _("With 10, 9, 9 on the table two of the nines that would take you over are gone: {k9} of "
                         "{n9} = {share9}. With 10, 2, 2 the twos are gone, and twos are safe for you, so the cards "
                         "that hurt you make up a bigger share of what is left: {k2} of {n2} = {share2}. Seeing a card "
                         "that would hurt you makes you safer; seeing a safe card makes you less safe.").format(
            k9=nines.k, n9=nines.n, share9=percent(nines.k / nines.n, 1), k2=twos.k, n2=twos.n,
            share2=percent(twos.k / twos.n, 1)),
        choices=["10, 9, 9", "10, 2, 2"], qid="which-table", right="10, 2, 2")


def counting_questions() -> list:
    """Part 1's question after the class-board one: ``question(**q)`` for each."""
    return [dict(prompt=N_("When does counting change the chance most: early in a round or after many cards are on "
                           "the table?"),
                 answer=N_("After many cards. With three cards seen the count moves the chance by a percentage point "
                           "or so; with ten cards on the table, most of them high or most of them low, it can move it "
                           "by ten points or more."))]


def round_questions() -> list:
    """Part 2's questions: ``question(**q)`` for each."""
    return [dict(prompt=N_("After Player 1 takes the 3, your total is still 15, but your chance of going over went up "
                           "from 18/40 to 18/39. Why, when nothing happened to you?"),
                 answer=N_("The 3 would have been a safe card for you. Now it is out of the deck, so the 18 cards that "
                           "take you over are a bigger share of the 39 cards left. A card you see that would not hurt "
                           "you makes the others more likely.")),
            dict(prompt=N_("At the end you are at 18 and Player 1 has closed showing 13. Should you take another card?"),
                 answer=N_("No: 29 of the 38 cards you cannot see take you over (76%). And Player 1 shows 13, so their "
                           "total is 14 to 24; you already beat every total up to 17. Close. (When the round is "
                           "scored, Player 1's hidden card is a 4: 17, and your 18 wins.)"))]


def split_questions() -> list:
    """Part 3's questions: ``question(**q)`` for each."""
    return [dict(prompt=N_("Press <i>Deal 100,000 times</i> a few times. Which is the simulation closer to: k/N or "
                           "k/(N − 1)?"),
                 answer=N_("To k/N. The two differ by less than one percentage point here, so it takes many deals to "
                           "tell them apart: with 100,000 deals the simulation usually lands within about 0.3 points "
                           "of k/N, while k/(N − 1) is further away than that. With only 1,000 deals the wobble would "
                           "be bigger than the difference.")),
            dict(prompt=N_("Your opponent looks at their hidden card and smiles. Does that change your chance?"),
                 answer=N_("Only if the smile tells you something about the card. The count k/N is right when the "
                           "hidden card could be any of the unseen cards with the same chance. If you believed the "
                           "smile means a high card, you would give those cases more weight in the sum above, and "
                           "your chance would change. Good players use exactly this: what the others do tells you "
                           "something about their hidden cards."))]


def opponent_questions() -> list:
    """Part 4's questions: ``question(**q)`` for each."""
    closed = odds_after(17, ["8", "5", "10", "7"])
    return [dict(prompt=N_("You hold 8 and 5. Your opponent shows 10 and 7 (17) and has closed. What is the chance "
                           "they are over already? Would you take a card at 13?"),
                 answer=lambda: _("They are over with a hidden 5 or more: {k} of the {n} cards you cannot see, {share}. "
                                  "So most of the time they are over and you win with anything at or under 21, but "
                                  "when they are not, they have 18 to 21 and your 13 loses. Taking a card at 13 busts "
                                  "you only with a 9, 10 or 11, about a quarter of the time: take one.").format(
                     k=closed.k, n=closed.n, share=percent(closed.k / closed.n, 1)))]


__all__ += ["YOUR_CARDS", "THEIR_CARDS", "TAKE_1000", "DEAL_100000", "which_table_question", "counting_questions", "round_questions",
            "split_questions", "opponent_questions"]
