"""The pages of Frantic's events lesson: their words, questions and HTML. The counting they show is the
engine's (``cardkit.games.frantic.lessons``); this module only puts it into words."""
from __future__ import annotations

import random
from fractions import Fraction

from cardkit.games.frantic.cards import HINTS, ROUND_ENDERS
from cardkit.games.frantic.lessons import (dealt_events, enders_in, first_ender_chances, next_ends_chance,
                                           simulate_next_ends, within_chance)
from cardkit.i18n import N_, _, number, percent


# -- the lesson page's figures: text and table rows, drawn by widgets.lessons.figure_html ----------------
def fraction_text(f: Fraction) -> str:
    """'1/10 = <b>10.0%</b>', kept on one line."""
    text = f"{f.numerator}/{f.denominator} = <b>{percent(float(f), 1)}</b>" if f else "0"
    return f"<span style='white-space:nowrap'>{text}</span>"


def marked(cards) -> list:
    """(card, its mark) for a row of event cards: the enders are marked."""
    return [(c, _("ends the round") if c in ROUND_ENDERS else "") for c in cards]


def pile_figure(pile) -> dict:
    """Part 1: the whole pile, its enders marked, and the chance that the first event ends the round."""
    from cardkit.games.frantic.cards import HINTS
    total, enders = sum(pile.values()), enders_in(pile)
    names = _(" and ").join(sorted(set(ROUND_ENDERS) & set(pile)))
    return {"tiles": marked(sorted(pile.elements())), "hints": HINTS,
            "outro": _("<b>{total}</b> events; <b>{enders}</b> of them ({names}) end the round. The pile is shuffled, "
                       "so each event is equally likely to be on top: the chance that the first black card ends the "
                       "round is {chance}.").format(total=total, enders=enders, names=names,
                                                    chance=fraction_text(next_ends_chance(pile)))}


def shuffles_text(pile, rng: random.Random, trials: int = 1000) -> str:
    """Part 1's simulation: how often an ender lies on top of ``trials`` shuffles."""
    hits = simulate_next_ends(pile, [], trials, rng)
    return _("<b>simulated:</b> {hits} of {trials} shuffles had an ender on top = <b>{share}</b> &nbsp; (exact: {exact})").format(
        hits=number(hits), trials=number(trials), share=percent(hits / trials, 1),
        exact=percent(float(next_ends_chance(pile)), 1))


class RevealedPile:
    """Part 2: the event pile of a real deal (``seed``), revealed one event at a time, with the chance
    that the next one ends the round, exact and from 1,000 shuffles of what is left. Rows are kept, so
    drawing again does not shuffle the earlier ones again; ``another()`` deals with the next seed."""

    def __init__(self, pile, seed: int = 7, shuffle_seed: int = 2):
        self.pile, self.seed = pile, seed
        self.rng = random.Random(shuffle_seed)
        self.order, self.rows = dealt_events(seed), []

    def another(self) -> None:
        self.seed += 1
        self.order, self.rows = dealt_events(self.seed), []

    def revealed(self, n: int) -> dict:
        return {"tiles": marked(self.order[:n]), "hints": HINTS, "empty": "<i>" + _("No event revealed yet.") + "</i>"}

    def _row(self, n: int) -> list:
        seen = self.order[:n]
        left = sum(self.pile.values()) - n
        hits = simulate_next_ends(self.pile, seen, 1000, self.rng)
        what = (_("before the first black card") if n == 0
                else f"{n}. {seen[-1]}" + (" " + _("(ends the round!)") if seen[-1] in ROUND_ENDERS else ""))
        return [what, left, enders_in(self.pile) - enders_in(seen),
                fraction_text(next_ends_chance(self.pile, seen)) if left else _("none left"),
                percent(hits / 1000, 1) if left else ""]

    def figure(self, n: int) -> dict:
        while len(self.rows) <= n:
            self.rows.append(self._row(len(self.rows)))
        return {"head": [N_("revealed"), N_("left"), N_("enders left"), N_("next one ends the round: exact"),
                         N_("simulated")],
                "rows": self.rows[:n + 1], "css": "ck-reveal-table", "best": n}


def first_ender_figure(pile, found=None, places: int = 10) -> dict:
    """Part 3: where the first ender lies, exact, with and without putting back, and from the shuffles
    ``found`` (``simulate_first_enders``'s count), if any."""
    total, enders = sum(pile.values()), enders_in(pile)
    first, shuffles = first_ender_chances(total, enders), sum(found.values()) if found else 0
    rows = [[m, fraction_text(first[m - 1]), fraction_text(within_chance(total, enders, m)),
             percent(sum(found[i] for i in range(1, m + 1)) / shuffles, 1) if found else _("press Shuffle"),
             percent(1 - (1 - enders / total) ** m, 1)] for m in range(1, places + 1)]
    return {"head": ["m", N_("first ender is the m-th"), N_("an ender within the first m: exact"), N_("simulated"),
                     N_("with putting back")], "rows": rows, "css": "ck-first-table"}


__all__ = ["fraction_text", "marked", "pile_figure", "shuffles_text", "RevealedPile", "first_ender_figure"]


def more_likely_than_not_question(events: int, enders: int) -> dict:
    """Part 3's class-board question: after how many black cards an event has more likely than not ended
    the round (a pile of ``events`` with ``enders`` that end it)."""
    half = next(m for m in range(1, events + 1) if within_chance(events, enders, m) >= 0.5)
    picks = sorted({max(1, half - 3), half, min(events, half + 4), min(events, events // 2 + 5)})
    return dict(
        prompt=N_("How many black cards must be played in one round before it is more likely than not that an "
                  "event has ended it?"),
        answer=lambda: _("{half}: the chance that one of the first {half} events is an ender is {p}, the first "
                         "time it passes 50%. With putting back it would take longer, because harmless events "
                         "could come up again and again.").format(
            half=half, p=percent(float(within_chance(events, enders, half)), 1)),
        choices=[str(m) for m in picks], qid="more-likely-than-not", right=str(half))


# -- the notebook's controls and questions, in the page's language -------------------------------------------
SHUFFLE_1000 = N_("Shuffle 1,000 times")
SHUFFLE_10000 = N_("Shuffle 10,000 times")
REVEAL = N_("Reveal event {n} of {steps}")
ALL_REVEALED = N_("All revealed")
ANOTHER_PILE = N_("Another pile")


def shuffle_questions(pile) -> list:
    """Part 1's question: ``question(**q)`` for each."""
    total, enders = sum(pile.values()), enders_in(pile)
    return [dict(prompt=N_("Press the button a few times. Is the simulated share always the same? Is it always close "
                           "to the exact one?"),
                 answer=lambda: _("It wobbles from run to run, usually by a point or two around {p}. A thousand "
                                  "shuffles are a sample: the more shuffles, the smaller the wobble (the law of large "
                                  "numbers).").format(p=percent(enders / total, 1)))]


def reveal_questions(pile) -> list:
    """Part 2's questions: ``question(**q)`` for each."""
    total, enders = sum(pile.values()), enders_in(pile)
    harmless = [c for c in sorted(pile.elements()) if c not in ROUND_ENDERS]
    return [dict(prompt=N_("Six events have been revealed and none of them ended the round. What is the chance that "
                           "the seventh does?"),
                 answer=lambda: _("{k} enders are still among the {left} events left: {chance}. That is more than the "
                                  "{p} at the start: every harmless event revealed makes the pile smaller, and the "
                                  "enders a bigger share of it.").format(
                     k=enders, left=total - 6, chance=fraction_text(next_ends_chance(pile, harmless[:6])),
                     p=percent(enders / total, 1))),
            dict(prompt=N_("In a real game, why does the chance in the table only go up during a round, never down?"),
                 answer=N_("Because the first ender that is revealed ends the round, and a new round starts with a "
                           "freshly shuffled event pile. Within a round, every event revealed is one that did not end "
                           "it: the enders stay in the pile while the pile gets smaller. (Keep pressing past an ender "
                           "above to see what would happen otherwise.)")),
            dict(prompt=N_("If the events went back into the pile and it were shuffled after each one (sampling with "
                           "replacement), what would the chance be after six events?"),
                 answer=lambda: _("Still {k}/{n} = {p}, every time: the pile would always be the whole pile. Putting "
                                  "back makes the draws independent; not putting back makes each draw depend on the "
                                  "ones before.").format(k=enders, n=total, p=percent(enders / total, 1)))]


def first_ender_questions() -> list:
    """Part 3's question after the class-board one: ``question(**q)`` for each."""
    return [dict(prompt=N_("Why does the 'first ender is the m-th' column go down as m grows, when the chance of the "
                           "<i>next</i> event being an ender goes up?"),
                 answer=N_("To be the m-th, the first ender needs all the m − 1 events before it to be harmless, and "
                           "that gets less and less likely. The chance of the next event being an ender goes up only "
                           "*given* that nothing ended the round so far: that is a conditional probability, a "
                           "different question."))]


__all__ += ["SHUFFLE_1000", "SHUFFLE_10000", "REVEAL", "ALL_REVEALED", "ANOTHER_PILE", "shuffle_questions",
            "reveal_questions", "first_ender_questions", "more_likely_than_not_question"]
