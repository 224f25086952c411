"""Figures for the classroom lesson "When should you stop?": the numbers-only deck, one player,
one round. Counted card by card, so a student can redo each figure by hand."""
from __future__ import annotations

from collections import Counter

from cardkit.core import bot_seed, plural
from cardkit.core.declaration import ClassBoard

from .bots import ThresholdBot
from .cards import VALUE, make_deck


def number_deck() -> Counter:
    """The numbers-only Flip 7 deck: one 0, one 1, two 2s … twelve 12s (79 cards)."""
    return make_deck(actions=False, modifiers=False)


def cards_left(line, deck: Counter | None = None) -> Counter:
    """The cards still in the deck once the numbers of ``line`` (as str) are out of it."""
    left = Counter(number_deck() if deck is None else deck)
    left.subtract(Counter(line))
    return +left


def count_bust(line, deck: Counter | None = None) -> tuple[int, int]:
    """(k, N): k of the N cards left would bust a player whose line is ``line``."""
    left = cards_left(line, deck)
    return sum(left[c] for c in set(line)), sum(left.values())


def one_more_flip(line, deck: Counter | None = None) -> dict:
    """The expected change of the round score from one more flip, counted card by card.

    One step ahead only: leaves out the Flip 7 bonus and later flips, as the lesson says.
    """
    left = cards_left(line, deck)
    total = sum(left.values())
    score = sum(int(c) for c in line)
    safe = {c: n for c, n in left.items() if c not in line}
    k = total - sum(safe.values())
    gain = sum(int(c) * n for c, n in safe.items()) / total
    loss = k / total * score
    return {"score": score, "k": k, "N": total, "p_bust": k / total, "gain": gain, "loss": loss,
            "change": gain - loss}


def stop_at_round(threshold: int, seed: int) -> tuple[int, bool]:
    """Round 1 of a solo game (numbers only) played by ``ThresholdBot(threshold)`` on the engine:
    (banked score, busted). ``prob.threshold_table`` gives the same figures exactly."""
    import cardkit

    game = cardkit.make("flip7", players=1, seed=seed, actions=False, modifiers=False)
    state = game.new_state()
    cardkit.run(state, [ThresholdBot(threshold, seed=bot_seed(seed, 0))], stop=lambda _events: state.round != 1)
    busted = any(event.kind == "bust" for event in state.events)
    return state.scores[0], busted


__all__ = ["number_deck", "cards_left", "count_bust", "one_more_flip", "stop_at_round", "bust_count_html",
           "bust_trials_html", "value_rows", "value_trials_html", "stop_at_exact", "bust_questions",
           "value_questions", "best_stop_question", "SIMULATION_QUESTION", "LONG_RUN_QUESTIONS", "STOP_TABLE",
           "LONG_RUN"]


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


def stop_at_exact(thresholds) -> dict:
    """Part 3: N -> (exact average score, exact chance of busting) of "stop at N", as plain floats
    (no pandas, so the page also runs in the browser's Python)."""
    import cardkit
    from .solo import threshold_figures

    options = cardkit.make("flip7", players=1, actions=False, modifiers=False).options
    return {f.threshold: (float(f.expected_score), float(f.bust_probability))
            for f in threshold_figures(options, thresholds)}


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


# -- the class board: what a class's own games show ------------------------------------------------
#: What the class board pools for Flip 7 (title, what the exact figure is).
CLASS_FIGURE = ("Busts on a flip you chose", "the exact chance of busting, counted from the cards you had not seen")


def class_moment(state, seat, action):
    """Before a person's ``action`` in a real game: for a Hit, (the exact chance that this flip busts
    them, as they could count it, a test of the move's events: did it?); None for any other move."""
    from .prob import bust_probability
    from .actions import Hit

    if not isinstance(action, Hit):
        return None
    return bust_probability(state, seat), lambda events: any(e.kind == "bust" and e.seat == seat for e in events)


#: The stopping points the class board compares, as in the lesson ("stop at N").
CLASS_STOPS = tuple(range(5, 45, 5))


def class_rounds(game, history, seat, deck=None) -> list:
    """A person's rounds in a real game, replayed from ``history``: ``[highest number sum at which
    they chose Hit (-1: none), number sum at which they stayed (None: they busted), round score
    kept]`` for each round their own Stay or a bust ended (a Freeze, a Flip 7 or the game's end
    leaves a round out: no stopping point of theirs ended it). The number sum is what "stop at N"
    looks at (``solo``: the threshold counts number cards)."""
    from .actions import Hit, Stay

    def number_sum(view) -> int:
        return sum(VALUE[c] for c in view.seats[seat]["numbers"])

    state = game.new_state(deck=deck)
    rounds, round_no, hit_below, open_round = [], None, -1, True
    for who, action in history:
        view = state.view(seat)
        if view.facts["round"] != round_no:
            round_no, hit_below, open_round = view.facts["round"], -1, True
        mine = who == seat and open_round
        if mine and isinstance(action, Hit):
            hit_below = max(hit_below, number_sum(view))
        stayed = (number_sum(view), view.facts["round_scores"][seat]) if mine and isinstance(action, Stay) else None
        before = len(state.events)
        state.apply(action, who)
        if not open_round:
            continue
        if stayed is not None:
            rounds.append([hit_below, stayed[0], stayed[1]])
            open_round = False
        elif any(e.kind == "bust" and e.seat == seat for e in state.events[before:]):
            rounds.append([hit_below, None, 0])
            open_round = False
        elif state.is_over or state.view(seat).facts["seat_status"][seat] != "active":
            open_round = False
    return rounds


def class_stops(records) -> list:
    """The class's rounds by stopping point: for each N of ``CLASS_STOPS``, [N, rounds played as "stop
    at N" (every Hit below N, then a Stay at N or more, or a bust), their mean score, the exact expected
    score of one player's round stopping at N]. ``records``: (game options, rounds of ``class_rounds``)."""
    from .solo import threshold_figures

    exact_by_options = {}
    rows = []
    for stop in CLASS_STOPS:
        scores, exact = [], []
        for options, rounds in records:
            key = tuple(sorted(options.items()))
            if key not in exact_by_options:
                exact_by_options[key] = {f.threshold: float(f.expected_score)
                                         for f in threshold_figures(options, CLASS_STOPS)}
            for hit_below, stayed, score in rounds:
                if hit_below < stop and (stayed is None or stayed >= stop):
                    scores.append(score)
                    exact.append(exact_by_options[key][stop])
        rows.append([stop, len(scores), sum(scores) / len(scores) if scores else None,
                     sum(exact) / len(exact) if exact else
                     next(iter(exact_by_options.values()), {}).get(stop)])
    return rows


#: The class board's table for Flip 7 (title, column heads, a note): ``class_table`` fills it.
CLASS_TABLE = ("Round scores by stopping point",
               ["Stop at N", "rounds", "the class's mean score", "exact expected score"],
               "A round counts for N when every Hit came below N and it ended with a Stay at N or more, or "
               "a bust. Exact: one player's round stopping at N (the lesson's figure); the other players' "
               "Freeze and Flip Three move a real game's figure a little.")


def class_details(game, history, seat, deck=None) -> list:
    """What the class board keeps of a finished game besides its figure: ``class_rounds``."""
    return class_rounds(game, history, seat, deck)[-100:]


def class_table(records) -> list:
    """The rows of ``CLASS_TABLE`` from the class's games: ``class_stops``."""
    return class_stops(records)


CLASS_BOARD = ClassBoard(CLASS_FIGURE, class_moment, details=class_details, table=CLASS_TABLE, table_rows=class_table)

__all__ += ["CLASS_BOARD", "CLASS_FIGURE", "class_moment", "CLASS_STOPS", "class_rounds", "class_stops", "CLASS_TABLE", "class_details", "class_table"]
