"""Frantic probability: exact chances from what one seat can see (``fractions.Fraction``).

The play cards a seat cannot see (the draw pile and the hidden hands, ``view.unseen``) are, as far
as it knows, in random order: a hidden hand of h cards is h cards drawn without replacement from
them. The face-down event pile holds exactly the events not revealed this round, in random order,
so the next black card reveals each of them with equal chance.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from cardkit.chance import hold_chance
from cardkit import i18n
from cardkit.i18n import gettext as _
from cardkit.insight import COUNT, EXPECTED, PROBABILITY, Insight
from cardkit.insight import POINTS as IN_POINTS

from .cards import (EVENT_SET, EVENTS, FUCK_YOU, POINTS, POWER_SET, ROUND_ENDERS, card_name, matches, points,
                    wish_name)


def hidden_cards(view) -> Counter:
    """The play cards this seat cannot see (not the events, nor the power cards)."""
    return Counter({c: n for c, n in view.unseen.items() if c not in EVENT_SET and c not in POWER_SET and n > 0})


def event_pile(view) -> Counter:
    """The events the next black card may reveal: the face-down pile (when it is used up, this
    round's revealed events, which are shuffled into a new one)."""
    pile = Counter({c: n for c, n in view.unseen.items() if c in EVENT_SET and n > 0})
    if view.seat is None:
        pile = Counter(c for c in view.table["events"] if c is not None)
    return pile or Counter(view.table["revealed"])


def follow_chance(view, other, top=None, wish=None) -> Fraction:
    """Chance that ``other`` holds a card that goes on ``top`` with ``wish`` standing (by default the
    table's own top card and wish), from what ``view``'s seat can see."""
    if top is None and wish is None:
        top, wish = view.facts["top"], view.facts["wish"]
    size = view.facts["hand_sizes"][other]

    def fits(card):
        return size == 10 if card == FUCK_YOU else matches(card, top, wish)
    shown = view.seats[other]["hand"]
    if shown and None not in shown:                     # our own hand, or The All-Seeing Eye is open
        return Fraction(any(map(fits, shown)))
    return hold_chance(size, hidden_cards(view), fits)


def event_chance(view, kinds) -> Fraction:
    """Chance that a black card played now reveals one of the events ``kinds`` (names)."""
    pile = event_pile(view)
    total = sum(pile.values())
    return Fraction(sum(pile[k] for k in kinds), total) if total else Fraction(0)


def expected_hand_points(view, seat) -> Fraction:
    """What ``seat``'s hand would count now, on average over what ``view``'s seat cannot see."""
    shown = view.seats[seat]["hand"]
    if None not in shown:
        return Fraction(points(shown))
    pool = hidden_cards(view)
    total = sum(pool.values())
    if not total:
        return Fraction(0)
    mean = Fraction(sum(POINTS[c] * n for c, n in pool.items()), total)
    return points(c for c in shown if c is not None) + shown.count(None) * mean


# -- the probability corner of the app -------------------------------------------------------------------
def insights(view) -> list[Insight]:
    """What the probability panel shows ``view.seat``, from that seat's view: each figure with its kind,
    in the page's language (read when the panel is drawn)."""
    seat = view.seat
    n = len(view.seats)
    nxt = (seat + 1) % n
    name = i18n.player(nxt)
    wish, top = view.facts["wish"], view.facts["top"]
    follow = (_("{player} can follow the wish {w}").format(player=name, w=wish_name(wish).localized()) if wish else
              _("{player} can follow the {c}").format(player=name, c=card_name(top).localized()) if top else
              _("{player} can follow anything").format(player=name))
    number = i18n.number
    return [
        Insight(follow, follow_chance(view, nxt), PROBABILITY,
                _("from the {n} play cards you cannot see, {k} in their hand").format(
                    n=number(sum(hidden_cards(view).values())), k=number(view.facts["hand_sizes"][nxt]))),
        Insight(_("A black card now ends the round"), event_chance(view, ROUND_ENDERS), PROBABILITY,
                _("Doomsday or Finish Line among the {n} events not revealed").format(
                    n=number(sum(event_pile(view).values())))),
        Insight(_("Your hand counts"), points(view.seats[seat]["hand"]), IN_POINTS, _("if the round ended now")),
        Insight(_("{player}'s hand counts, on average").format(player=name), float(expected_hand_points(view, nxt)),
                EXPECTED, _("their card count times the mean of the cards you cannot see")),
        Insight(_("Events left in the pile"), sum(event_pile(view).values()), COUNT, _("reshuffled every round")),
    ]


__all__ = ["hidden_cards", "event_pile", "follow_chance", "event_chance", "expected_hand_points", "insights",
           "EVENTS"]
