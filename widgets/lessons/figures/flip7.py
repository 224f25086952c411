"""The pages of Flip 7's lesson "When should you stop?": their words, questions and HTML. The counting they show is the
engine's (``cardkit.games.flip7.lessons``); this module only puts it into words."""
from __future__ import annotations

from cardkit import i18n
from cardkit.games.flip7.lessons import cards_left, count_bust, number_deck, one_more_flip
from cardkit.i18n import N_, _, number


# -- the lesson page's figures in words (widgets/lessons.py draws them) ------------------------------
def _percent(p: float, digits: int = 1) -> str:
    return i18n.percent(p, digits)


def _signed(x: float) -> str:
    return ("+" if x >= 0 else "") + number(x, 2)


def bust_count_html(line, show_cards) -> str:
    """Part 1: which cards bust ``line``, counted; ``show_cards(line)`` draws the line."""
    deck = number_deck()
    k, n = count_bust(line)
    rows = "".join("<li>" + (i18n.ngettext("{k} more {c}", "{k} more {c}s", deck[c] - 1).format(k=deck[c] - 1, c=c)
                             if deck[c] > 1 else _("no other {c}: it is safe").format(c=c)) + "</li>"
                   for c in sorted(line, key=int, reverse=True))
    return (f"<div style='display:flex;gap:24px;flex-wrap:wrap'>"
            f"<div>{_('Your line:')}<br>{show_cards(line) if line else '<i>' + _('empty') + '</i>'}</div>"
            f"<div>{_('Cards that bust you:')}<ul style='margin:4px 0'>{rows or '<li>' + _('none') + '</li>'}</ul></div>"
            "<div style='font-size:120%'>"
            + _("<b>exact:</b> k = {k} of the N = {n} cards left bust you<br>"
                "chance of busting = {k}/{n} = <b>{p}</b>").format(k=k, n=n, p=_percent(k / n)) + "</div></div>")


def bust_trials_html(line, rng, tries: int = 1000) -> str:
    """Part 1: the next flip tried ``tries`` times (the card goes back each time)."""
    cards = list(cards_left(line).elements())
    busts = sum(rng.choice(cards) in line for _ in range(tries))
    k, n = count_bust(line)
    return _("<b>simulated:</b> {busts} busts in {tries} flips = <b>{share}</b> &nbsp; (exact: {exact})").format(
        busts=number(busts), tries=number(tries), share=_percent(busts / tries), exact=_percent(k / n))


def value_rows(line) -> list:
    """Part 2: what one more flip is worth, worked out row by row."""
    v = one_more_flip(line)
    verdict = (_("flipping pays on average") if v["change"] > 0 else
               _("staying pays on average") if v["change"] < 0 else _("it makes no difference on average"))
    return [[_("Your score now"), f"S = <b>{v['score']}</b>"],
            [_("Chance of busting"), f"{v['k']}/{v['N']} = {_percent(v['p_bust'])}"],
            [_("Average gain"), _("{x} points").format(x=number(v['gain'], 2))],
            [_("Average loss"), f"{v['k']}/{v['N']} × {v['score']} = " + _("{x} points").format(x=number(v['loss'], 2))],
            [_("<b>exact:</b> one more flip is worth"),
             _("<b>{x}</b> points: {verdict}").format(x=_signed(v['change']), verdict=verdict)]]


def value_trials_html(line, rng, tries: int = 1000) -> str:
    """Part 2: one more flip tried ``tries`` times: the average change of the score."""
    cards = list(cards_left(line).elements())
    score = sum(int(c) for c in line)
    changes = [-score if c in line else int(c) for c in (rng.choice(cards) for _ in range(tries))]
    return _("<b>simulated:</b> average change over {tries} tries = <b>{mean}</b> &nbsp; (exact: {exact})").format(
        tries=number(tries), mean=_signed(sum(changes) / tries), exact=_signed(one_more_flip(line)['change']))


def bust_questions() -> list:
    """Part 1's questions: (prompt, answer)."""
    k, n = count_bust(["0", "1", "2"])
    k2, n2 = count_bust(["12"])
    return [(_("Alex's line is 0, 1, 2 (3 points). Sam's line is just a 12 (12 points). "
               "Who is more likely to bust on the next flip? Count it first, then check with the buttons above."),
             _("Alex: only the other 2 busts, so k = {k} of N = {n}: {p}. "
               "Sam: the {k2} other 12s bust, so k = {k2} of N = {n2}: {p2}. "
               "Sam is far more likely to bust, with fewer cards. The 0 and the 1 are perfectly safe: "
               "there is only one of each.").format(k=k, n=n, p=_percent(k / n), k2=k2, n2=n2, p2=_percent(k2 / n2))),
            (_("Press <i>Flip 1,000 times</i> a few times. Is the simulated share the same each time? "
               "Is it ever exactly the exact chance?"),
             _("No: each batch of 1,000 flips is random, so the share wobbles, usually within a few "
               "percentage points of the exact chance. The exact chance is what the share settles on "
               "when you flip more and more times (part 4)."))]


def value_questions() -> list:
    """Part 2's questions: (prompt, answer)."""
    a, b = one_more_flip(["12", "11"]), one_more_flip(["2", "3"])
    return [(_("Your line is 12, 11 (23 points). Is one more flip worth it, on average? And with 2, 3 (5 points)?"),
             _("With 12, 11: average gain {gain}, average loss {k}/{n} × 23 = {loss}, "
               "so one more flip is worth {worth}: stay. "
               "With 2, 3: gain {gain2}, loss {loss2}, worth {worth2}: flip. "
               "With a small score there is little to lose, so flipping is worth it.").format(
                 gain=number(a['gain'], 2), k=a['k'], n=a['N'], loss=number(a['loss'], 2), worth=_signed(a['change']),
                 gain2=number(b['gain'], 2), loss2=number(b['loss'], 2), worth2=_signed(b['change']))),
            (_("Find a line where one more flip is worth about 0. What is its score?"),
             _("Around 20 to 25 points, depending on which numbers you hold: high numbers bust you more "
               "often, so with them the break-even score is lower."))]


def best_stop_question(exact: dict) -> dict:
    """Part 3's class-board question: which N is best (``exact`` from ``stop_at_exact``)."""
    ranked = sorted(exact, key=lambda t: exact[t][0], reverse=True)
    best, second = ranked[0], ranked[1]
    return dict(
        prompt=N_("Which N gives the highest average score? How often does that plan bust?"),
        answer=lambda: _("Stopping at N = {best} gives the highest exact average, {mean} points a round, "
                         "even though it busts {p} of the time. Stopping earlier is safer "
                         "but banks too little; stopping later busts too often. The curve is flat near the top: "
                         "N = {second} is almost as good ({mean2}). The best row of the table is marked now.").format(
            best=best, mean=number(exact[best][0], 2), p=_percent(exact[best][1], 0), second=second,
            mean2=number(exact[second][0], 2)),
        choices=list(exact), qid="best-stop", right=best)


SIMULATION_QUESTION = (
    N_("Why are the simulated averages not exactly the exact ones? What would bring them closer?"),
    N_("Each simulated round is random, so an average of 1,000 rounds wobbles. The ± range shows how "
       "much: the exact value is inside it about 95 times in 100. More rounds make the range narrower "
       "(4 times as many rounds halve it)."))

LONG_RUN_QUESTIONS = [
    (N_("Play 2,000 rounds. After 20 rounds, how far was the average from the dashed line? "
        "After 2,000? Press Play again: does the beginning look the same?"),
     N_("At the start the average jumps around a lot: one bust or one big round moves it by "
        "several points. As the rounds add up, each new round moves it less and it settles near "
        "the exact value. Every run begins differently, but all of them end up close to the "
        "dashed line. That is the <b>law of large numbers</b>.")),
    (N_("A friend says: \"I busted five rounds in a row with this plan, so the plan is bad.\" "
        "What would you answer?"),
     N_("Five rounds are far too few to judge a plan: in part 4 the first few rounds are all over "
        "the place. Judge it by the long-run average, the exact value, or by thousands of rounds."))]


#: Parts 1 and 2's buttons (``widgets.lessons.LineTrial``), as the lesson's prose names them.
BUST_BUTTON = N_("Flip 1,000 times")
VALUE_BUTTON = N_("Try it 1,000 times")

#: Part 3's table, plot and button (``widgets.lessons.SweepTable``).
STOP_TABLE = dict(
    heads=[N_("stop at N"), N_("exact average score"), N_("simulated average score"), N_("exact chance of busting"),
           N_("simulated share of busts")],
    css_class="ck-threshold-table",
    plot=dict(title=N_("Average score of one round, if you stop at N"),
              x_title=N_("N (stop when your round score reaches N)"), y_title=N_("average score of a round")),
    count=dict(value=1000, min=100, max=5000, step=100, description=N_("Rounds per N")),
    run_label=N_("Run the simulation"), message=N_("Playing rounds…"), done=N_("Done: {n} rounds for each N."))

#: Part 4's plot and buttons (``widgets.lessons.RunningAverage``).
LONG_RUN = dict(
    choice=dict(value=20, description=N_("Stop at N")),
    rounds=dict(options=[("100", 100), ("500", 500), ("2,000", 2000), ("5,000", 5000)], value=2000,
                description=N_("Rounds")),
    title=N_("Average score so far, stopping at N = {}"), x_title=N_("rounds played"), y_title=N_("average score so far"),
    run_label=N_("Play rounds"), message=N_("Playing rounds…"))


__all__ = ["bust_count_html", "bust_trials_html", "value_rows", "value_trials_html", "bust_questions", "value_questions",
           "best_stop_question", "SIMULATION_QUESTION", "BUST_BUTTON", "VALUE_BUTTON", "LONG_RUN_QUESTIONS", "STOP_TABLE", "LONG_RUN"]
