"""The pages of Flip 7's lesson "When should you stop?": their words, questions and HTML. The counting they show is the
engine's (``cardkit.games.flip7.lessons``); this module only puts it into words."""
from __future__ import annotations

from cardkit.core import plural
from cardkit.games.flip7.lessons import cards_left, count_bust, number_deck, one_more_flip


# -- the lesson page's figures in words (widgets/lessons.py draws them) ------------------------------
def _percent(p: float, digits: int = 1) -> str:
    return f"{100 * p:.{digits}f}%"


def bust_count_html(line, show_cards) -> str:
    """Part 1: which cards bust ``line``, counted; ``show_cards(line)`` draws the line."""
    deck = number_deck()
    k, n = count_bust(line)
    rows = "".join(f"<li>{plural(deck[c] - 1, 'more ' + c, 'more ' + c + 's')}</li>" if deck[c] > 1
                   else f"<li>no other {c}: it is safe</li>" for c in sorted(line, key=int, reverse=True))
    return (f"<div style='display:flex;gap:24px;flex-wrap:wrap'>"
            f"<div>Your line:<br>{show_cards(line) if line else '<i>empty</i>'}</div>"
            f"<div>Cards that bust you:<ul style='margin:4px 0'>{rows or '<li>none</li>'}</ul></div>"
            f"<div style='font-size:120%'><b>exact:</b> k = {k} of the N = {n} cards left bust you<br>"
            f"chance of busting = {k}/{n} = <b>{_percent(k / n)}</b></div></div>")


def bust_trials_html(line, rng, tries: int = 1000) -> str:
    """Part 1: the next flip tried ``tries`` times (the card goes back each time)."""
    cards = list(cards_left(line).elements())
    busts = sum(rng.choice(cards) in line for _ in range(tries))
    k, n = count_bust(line)
    return (f"<b>simulated:</b> {busts} busts in {tries:,} flips = <b>{_percent(busts / tries)}</b> "
            f"&nbsp; (exact: {_percent(k / n)})")


def value_rows(line) -> list:
    """Part 2: what one more flip is worth, worked out row by row."""
    v = one_more_flip(line)
    verdict = ("flipping pays on average" if v["change"] > 0 else
               "staying pays on average" if v["change"] < 0 else "it makes no difference on average")
    return [["Your score now", f"S = <b>{v['score']}</b>"],
            ["Chance of busting", f"{v['k']}/{v['N']} = {_percent(v['p_bust'])}"],
            ["Average gain", f"{v['gain']:.2f} points"],
            ["Average loss", f"{v['k']}/{v['N']} × {v['score']} = {v['loss']:.2f} points"],
            ["<b>exact:</b> one more flip is worth", f"<b>{v['change']:+.2f}</b> points: {verdict}"]]


def value_trials_html(line, rng, tries: int = 1000) -> str:
    """Part 2: one more flip tried ``tries`` times: the average change of the score."""
    cards = list(cards_left(line).elements())
    score = sum(int(c) for c in line)
    changes = [-score if c in line else int(c) for c in (rng.choice(cards) for _ in range(tries))]
    return (f"<b>simulated:</b> average change over {tries:,} tries = <b>{sum(changes) / tries:+.2f}</b> "
            f"&nbsp; (exact: {one_more_flip(line)['change']:+.2f})")


def bust_questions() -> list:
    """Part 1's questions: (prompt, answer)."""
    k, n = count_bust(["0", "1", "2"])
    k2, n2 = count_bust(["12"])
    return [("Alex's line is 0, 1, 2 (3 points). Sam's line is just a 12 (12 points). "
             "Who is more likely to bust on the next flip? Count it first, then check with the buttons above.",
             f"Alex: only the other 2 busts, so k = {k} of N = {n}: {_percent(k / n)}. "
             f"Sam: the {k2} other 12s bust, so k = {k2} of N = {n2}: {_percent(k2 / n2)}. "
             "Sam is far more likely to bust, with fewer cards. The 0 and the 1 are perfectly safe: "
             "there is only one of each."),
            ("Press <i>Flip 1,000 times</i> a few times. Is the simulated share the same each time? "
             "Is it ever exactly the exact chance?",
             "No: each batch of 1,000 flips is random, so the share wobbles, usually within a few "
             "percentage points of the exact chance. The exact chance is what the share settles on "
             "when you flip more and more times (part 4).")]


def value_questions() -> list:
    """Part 2's questions: (prompt, answer)."""
    a, b = one_more_flip(["12", "11"]), one_more_flip(["2", "3"])
    return [("Your line is 12, 11 (23 points). Is one more flip worth it, on average? And with 2, 3 (5 points)?",
             f"With 12, 11: average gain {a['gain']:.2f}, average loss {a['k']}/{a['N']} × 23 = {a['loss']:.2f}, "
             f"so one more flip is worth {a['change']:+.2f}: stay. "
             f"With 2, 3: gain {b['gain']:.2f}, loss {b['loss']:.2f}, worth {b['change']:+.2f}: flip. "
             "With a small score there is little to lose, so flipping is worth it."),
            ("Find a line where one more flip is worth about 0. What is its score?",
             "Around 20 to 25 points, depending on which numbers you hold: high numbers bust you more "
             "often, so with them the break-even score is lower.")]


def best_stop_question(exact: dict) -> dict:
    """Part 3's class-board question: which N is best (``exact`` from ``stop_at_exact``)."""
    ranked = sorted(exact, key=lambda t: exact[t][0], reverse=True)
    best, second = ranked[0], ranked[1]
    return dict(
        prompt="Which N gives the highest average score? How often does that plan bust?",
        answer=f"Stopping at N = {best} gives the highest exact average, {exact[best][0]:.2f} points a round, "
               f"even though it busts {_percent(exact[best][1], 0)} of the time. Stopping earlier is safer "
               "but banks too little; stopping later busts too often. The curve is flat near the top: "
               f"N = {second} is almost as good ({exact[second][0]:.2f}). The best row of the table is marked now.",
        choices=list(exact), qid="best-stop", right=best)


SIMULATION_QUESTION = (
    "Why are the simulated averages not exactly the exact ones? What would bring them closer?",
    "Each simulated round is random, so an average of 1,000 rounds wobbles. The ± range shows how "
    "much: the exact value is inside it about 95 times in 100. More rounds make the range narrower "
    "(4 times as many rounds halve it).")

LONG_RUN_QUESTIONS = [
    ("Play 2,000 rounds. After 20 rounds, how far was the average from the dashed line? "
     "After 2,000? Press Play again: does the beginning look the same?",
     "At the start the average jumps around a lot: one bust or one big round moves it by "
     "several points. As the rounds add up, each new round moves it less and it settles near "
     "the exact value. Every run begins differently, but all of them end up close to the "
     "dashed line. That is the <b>law of large numbers</b>."),
    ("A friend says: \"I busted five rounds in a row with this plan, so the plan is bad.\" "
     "What would you answer?",
     "Five rounds are far too few to judge a plan: in part 4 the first few rounds are all over "
     "the place. Judge it by the long-run average, the exact value, or by thousands of rounds.")]


#: Part 3's table, plot and button (``widgets.lessons.SweepTable``).
STOP_TABLE = dict(
    heads=["stop at N", "exact average score", "simulated average score", "exact chance of busting",
           "simulated share of busts"],
    css_class="ck-threshold-table",
    plot=dict(title="Average score of one round, if you stop at N",
              x_title="N (stop when your round score reaches N)", y_title="average score of a round"),
    count=dict(value=1000, min=100, max=5000, step=100, description="Rounds per N"),
    run_label="Run the simulation", message="Playing rounds…", done="Done: {n:,} rounds for each N.")

#: Part 4's plot and buttons (``widgets.lessons.RunningAverage``).
LONG_RUN = dict(
    choice=dict(value=20, description="Stop at N"),
    rounds=dict(options=[("100", 100), ("500", 500), ("2,000", 2000), ("5,000", 5000)], value=2000,
                description="Rounds"),
    title="Average score so far, stopping at N = {}", x_title="rounds played", y_title="average score so far",
    run_label="Play rounds", message="Playing rounds…")


__all__ = ["bust_count_html", "bust_trials_html", "value_rows", "value_trials_html", "bust_questions", "value_questions",
           "best_stop_question", "SIMULATION_QUESTION", "LONG_RUN_QUESTIONS", "STOP_TABLE", "LONG_RUN"]
