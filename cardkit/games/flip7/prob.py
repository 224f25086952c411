"""Flip 7 probability: exact chances from what a seat can see, and threshold tables.

Everything here is exact (``fractions.Fraction``) and reads only a seat's ``View``: the next
card is drawn from ``view.unseen`` (the draw pile); when the draw pile is empty the discard pile
is shuffled into a new deck, so the next card comes from ``view.table["discard"]``.

The generic ProbabilityPanel calls ``insights(view)`` and ``next_card(state, seat)``, as the game's
declaration names them (the RuleExplorer reads ``explore.EXPLORER``). ``threshold_table`` needs pandas and imports
it when called.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from cardkit.core.events import Phrase
from cardkit import i18n
from cardkit.i18n import N_, count
from cardkit.insight import EXPECTED, POINTS, PROBABILITY, Insight, view_of

from .cards import BONUS, KIND, VALUE, line_score
from . import solo

SECOND = "Second Chance"


# -- from a view: the cards of the next flip ---------------------------------------------------------
def flip_pool(view) -> Counter:
    """The cards the seat's next flip is drawn from, as that seat knows them.

    The unseen draw pile; if it is empty, the visible discard pile (the engine shuffles it into a
    new deck before the flip). Empty when no card is left anywhere.
    """
    pool = +Counter(view.unseen)
    if not pool:
        pool = Counter(c for c in view.table.get("discard", ()) if c is not None)
    return pool


def bust_chance(numbers, unseen, second_chance: bool = False) -> Fraction:
    """Chance that one flip from ``unseen`` (a Counter) repeats a number in ``numbers``.

    0 with a Second Chance in hand (it would be used up instead) or when no card is left.
    """
    total = sum(unseen.values())
    if second_chance or not total:
        return Fraction(0)
    held = {c for c in numbers if KIND.get(c) == "number"}
    return Fraction(sum(unseen[c] for c in held), total)


def flip_change(line: dict, card: str, unique: int = 7, bonus: int = 15) -> int:
    """How one flipped ``card`` changes a line's round score (action cards: no change)."""
    numbers, modifiers = line.get("numbers", []), line.get("modifiers", [])
    now = line_score(numbers, modifiers, unique, bonus)
    kind = KIND[card]
    if kind == "number":
        if card in numbers:
            return 0 if SECOND in line.get("actions", []) else -now
        return line_score(list(numbers) + [card], modifiers, unique, bonus) - now
    if kind == "modifier":
        return line_score(numbers, list(modifiers) + [card], unique, bonus) - now
    return 0


def hit_gain(line: dict, unseen, unique: int = 7, bonus: int = 15) -> Fraction:
    """Exact expected change of a line's round score from flipping one card of ``unseen``.

    A bust loses the round score, a new number adds its value (doubled under x2), a modifier adds
    (x2 doubles the numbers), the bonus counts when the ``unique``-th number arrives; a repeated
    number with a Second Chance in hand changes nothing; action cards count as no change (their
    effect depends on later choices).
    """
    total = sum(unseen.values())
    if not total:
        return Fraction(0)
    # flip_change for every card, with what does not depend on the card counted once (bots ask
    # this every decision): the score is (numbers, doubled by x2) + modifiers + the bonus.
    numbers, modifiers = line.get("numbers", []), line.get("modifiers", [])
    held = set(numbers)
    values = sum(VALUE[c] for c in numbers)
    double = "x2" in modifiers
    extra = sum(BONUS.get(c, 0) for c in modifiers)
    now = (2 * values if double else values) + extra + (bonus if len(numbers) >= unique else 0)
    bust = 0 if SECOND in line.get("actions", []) else -now
    new_bonus = bonus if len(numbers) + 1 >= unique else 0
    gain = 0
    for card, n in unseen.items():
        kind = KIND[card]
        if kind == "number":
            if card in held:
                gain += n * bust
            else:
                more = values + VALUE[card]
                gain += n * ((2 * more if double else more) + extra + new_bonus - now)
        elif kind == "modifier":
            gain += n * ((2 * values if double or card == "x2" else values) + extra + BONUS.get(card, 0)
                         + (bonus if len(numbers) >= unique else 0) - now)
    return Fraction(gain, total)


def outcome_chances(line: dict, unseen) -> dict[str, Fraction]:
    """Chance of each kind of outcome of one flip from ``unseen``; {} when no card is left."""
    total = sum(unseen.values())
    if not total:
        return {}
    numbers = set(line.get("numbers", []))
    holds = SECOND in line.get("actions", [])
    count = Counter()
    for card, n in unseen.items():
        kind = KIND[card]
        if kind == "number":
            label = ("saved by Second Chance" if holds else "bust") if card in numbers else "new number"
        else:
            label = "modifier" if kind == "modifier" else "action card"
        count[label] += n
    labels = ([N_("new number"), N_("modifier"), N_("action card"), N_("bust")]
              + ([N_("saved by Second Chance")] if holds else []))
    return {label: Fraction(count[label], total) for label in labels}


# -- from a state and seat ---------------------------------------------------------------------------
def _seat(state, seat):
    view = view_of(state, seat)
    return view, view.seats[seat], flip_pool(view)


def bust_probability(state, seat) -> Fraction:
    """Exact chance that ``seat``'s next flip busts, from the cards that seat cannot see.

    0 if the seat holds a Second Chance (a repeated number uses it up instead).
    """
    _, line, pool = _seat(state, seat)
    return bust_chance(line["numbers"], pool, SECOND in line["actions"])


def hit_expectation(state, seat) -> Fraction:
    """Exact expected change of ``seat``'s round score from flipping one more card.

    Bust loses the round score; a new number adds its value (doubled under x2); modifiers add;
    the Flip 7 bonus counts when the last unique number arrives; with a Second Chance a repeated
    number changes nothing. Action cards count as no change: what they do depends on choices made
    afterwards (whom to Freeze, the three forced flips), so they are left out of this one-step figure.
    """
    view, line, pool = _seat(state, seat)
    return hit_gain(line, pool, view.facts["unique"], view.facts["bonus"])


def next_card(state, seat) -> dict[str, Fraction]:
    """Chance of each outcome of ``seat``'s next flip: "new number", "modifier", "action card",
    "bust" (plus "saved by Second Chance" when one is held). Sums to 1; {} when no card is left."""
    _, line, pool = _seat(state, seat)
    return outcome_chances(line, pool)


class _Signed(str):
    """A change in points with its sign, "+4.62": in the reader's digits where a person reads it ("+4,62")."""

    def localized(self) -> str:
        return self[0] + i18n.number(abs(float(self[1:])), 2)


def _signed(x) -> str:
    return _Signed(f"{float(x):+.2f}")


def insights(view) -> list[Insight]:
    """What the probability panel shows ``view.seat``, from that seat's view: each figure with its kind.
    Titles are msgids and the reasons phrases: a page reads both in its language (``i18n.localized``)."""
    seat = view.seat
    line, pool = view.seats[seat], flip_pool(view)
    opts = view.facts                   # the options a player knows: unique, bonus
    total = sum(pool.values())
    numbers = line["numbers"]
    holds = SECOND in line["actions"]
    score = line_score(numbers, line["modifiers"], opts["unique"], opts["bonus"])
    where = N_("in the deck") if sum(view.unseen.values()) else N_("in the discard pile, which is shuffled into a new deck")
    status = view.facts.get("seat_status", ["active"] * (seat + 1))[seat]
    out_note = "" if status == "active" else Phrase(
        " You are out of this round ({status}), so this is what one more flip would have done.", (status,))
    score_now = Insight(N_("Your round score now"), score, POINTS, N_("What you bank if you stay now."))
    if not total:
        return [Insight(N_("Chance to bust on the next flip"), Fraction(0), PROBABILITY, N_("No cards are left to flip.")),
                Insight(N_("Expected gain of one flip"), Fraction(0), EXPECTED, N_("No cards are left to flip.")),
                score_now]
    repeats = sum(pool[c] for c in set(numbers))
    fresh = sum(n for c, n in pool.items() if KIND[c] == "number" and c not in numbers)
    held = ", ".join(sorted(set(numbers), key=VALUE.get))
    if not numbers:
        text = Phrase("Your line has no numbers yet, so none of the {total} cards {where} can bust you.", (total, where))
    elif holds:
        values = (count(repeats, "{n} card", "{n} cards"), total, where, held)
        if repeats == 1:
            text = Phrase("You hold a Second Chance: the {k} of {total} {where} that repeats a number in your line "
                          "({held}) would use it up instead of busting you.", values)
        else:
            text = Phrase("You hold a Second Chance: the {k} of {total} {where} that repeat a number in your line "
                          "({held}) would use it up instead of busting you.", values)
    else:
        values = (total, where, repeats, held, float(Fraction(repeats, total)))
        if repeats == 1:
            text = Phrase("Of the {total} cards {where}, {repeats} repeats a number in your line ({held}): "
                          "{repeats}/{total} = {share:.1%}.", values)
        else:
            text = Phrase("Of the {total} cards {where}, {repeats} repeat a number in your line ({held}): "
                          "{repeats}/{total} = {share:.1%}.", values)
    gain = hit_gain(line, pool, opts["unique"], opts["bonus"])
    points = count(score, "{n} point", "{n} points")
    if holds:
        gain_text = Phrase("One more flip changes your round score ({pts} now) by {gain} points on average: new "
                           "numbers and modifiers add, a repeated number only uses up your Second Chance; action "
                           "cards count as no change.", (points, _signed(gain)))
    else:
        gain_text = Phrase("One more flip changes your round score ({pts} now) by {gain} points on average: new "
                           "numbers and modifiers add, a bust loses all {score}; action cards count as no change.",
                           (points, _signed(gain), score))
    doubled, plus = "x2" in line["modifiers"], any(c != "x2" for c in line["modifiers"])
    items = [
        Insight(N_("Chance to bust on the next flip"), bust_chance(numbers, pool, holds), PROBABILITY,
                Phrase("{text}{note}", (text, out_note))),
        Insight(N_("Expected gain of one flip"), gain, EXPECTED, gain_text),
        Insight(N_("Chance of a new number"), Fraction(fresh, total), PROBABILITY,
                Phrase("{fresh} of the {total} cards {where} is a number you do not have yet.", (fresh, total, where))
                if fresh == 1 else
                Phrase("{fresh} of the {total} cards {where} are numbers you do not have yet.", (fresh, total, where))),
        score_now._replace(why=SCORE_WHY[doubled, plus]),
    ]
    missing = opts["unique"] - len(set(numbers))
    if missing == 1 and status == "active":
        items.append(Insight(N_("Chance of a Flip 7 on the next flip"), Fraction(fresh, total), PROBABILITY,
                             Phrase("You have {k} different numbers: any of the {fresh} ends the round with {bonus} "
                                    "bonus points.", (len(set(numbers)), count(fresh, "{n} new number",
                                                                               "{n} new numbers"), opts["bonus"]))))
    return items


#: Why the round score is what it is, by (whether x2 doubles it, whether modifiers add to it).
SCORE_WHY = {
    (False, False): N_("Your numbers: what you bank if you stay now."),
    (True, False): N_("Your numbers doubled by x2: what you bank if you stay now."),
    (False, True): N_("Your numbers plus modifiers: what you bank if you stay now."),
    (True, True): N_("Your numbers doubled by x2 plus modifiers: what you bank if you stay now."),
}


# -- threshold tables ----------------------------------------------------------------------------------
def threshold_table(game, thresholds=range(1, 61)):
    """Exact figures for ONE player on a fresh deck who flips while their number sum is below T.

    ``game``: a Flip 7 game (its options: deck, ``unique``, ``bonus``) or an options dict.
    Returns a pandas DataFrame with one row per threshold: ``threshold``, ``expected_score``,
    ``bust_probability``, ``flip7_probability`` (floats to display) and the same figures as exact
    Fractions in ``expected_score_exact``, ``bust_probability_exact``, ``flip7_probability_exact``.
    ``df.attrs`` records the options and that the figures are exact.

    The figures are those of round 1 of a solo game played by ``ThresholdBot(T)``, action cards
    played by the rules for one player (see ``cardkit.games.flip7.solo`` for the method and the
    solo readings). Number-only and modifier decks are computed in milliseconds; the action decks
    with the standard ``unique=7`` come from stored exact tables, other ``unique`` values with
    action cards are recomputed (seconds for small values, many minutes for 7 or more).
    """
    import pandas as pd

    options = dict(game if isinstance(game, dict) else game.options)
    figures = solo.threshold_figures(options, thresholds)
    df = pd.DataFrame({
        "threshold": [f.threshold for f in figures],
        "expected_score": [float(f.expected_score) for f in figures],
        "bust_probability": [float(f.bust_probability) for f in figures],
        "flip7_probability": [float(f.flip7_probability) for f in figures],
        "expected_score_exact": [f.expected_score for f in figures],
        "bust_probability_exact": [f.bust_probability for f in figures],
        "flip7_probability_exact": [f.flip7_probability for f in figures],
    })
    df.attrs["exact"] = True
    df.attrs["options"] = options
    df.attrs["players"] = 1
    return df
