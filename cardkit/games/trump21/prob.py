""""21" with trumps, probability: exact chances from what one seat can see.

The number cards a seat cannot see (``view.unseen``: the number deck and the other players' hidden
cards, unless revealed) are, as far as that seat knows, in random order. So the next card taken
is any unseen number card with equal chance, and an opponent's hidden card is too. When the number
deck is empty the next card comes from the discard pile: it lies face down, but everyone saw each
of its cards go there and remembers them (``view.facts["remembered"]``); it is shuffled into a new
deck first. Everything is exact (``fractions.Fraction``).

Trumps leave traces these formulas do not read (a Draw x that found no card says that card is
gone); the figures are over the unseen cards as counted, the way a card counter reckons.
"""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

from cardkit.insight import COUNT, PROBABILITY, Insight, view_of
from cardkit.core.events import Phrase
from cardkit.i18n import N_

from .cards import NUMBERS, VALUE, best_card, number_deck, total


def my_total(view, seat) -> int:
    zones = view.seats[seat]
    return total([c for c in zones["hidden"] if c is not None] + zones["open"])


def unseen_numbers(view) -> Counter:
    """The number cards this seat cannot see: the number deck and unrevealed hidden cards."""
    return Counter({c: n for c, n in view.unseen.items() if c in VALUE and n > 0})


def draw_pool(view) -> Counter:
    """The cards the seat's next number card comes from, as the seat knows them: the unseen number
    cards, or with an empty number deck the discard pile as remembered (shuffled into a new deck first)."""
    if view.facts.get("deck"):
        return unseen_numbers(view)
    return Counter(view.facts["remembered"])


def hidden_others(view, seat) -> int:
    """How many hidden cards of other players ``seat`` cannot see (they are among the unseen)."""
    return sum(1 for s, zones in enumerate(view.seats) if s != seat and None in zones["hidden"])


# -- one seat's next card ------------------------------------------------------------------------------
def bust_chance(have: int, target: int, pool: Counter) -> Fraction:
    """Chance that one card from ``pool`` takes a player at ``have`` over ``target``."""
    size = sum(pool.values())
    if not size:
        return Fraction(0)
    return Fraction(sum(n for c, n in pool.items() if have + VALUE[c] > target), size)


def uncounted_bust_chance(have: int, target: int) -> Fraction:
    """The chance a player who counts nothing reckons with: one card from the full number deck
    (4 of each) takes them from ``have`` over ``target``. Compare with ``bust_probability``."""
    return bust_chance(have, target, number_deck())


def bust_probability(state_or_view, seat) -> Fraction:
    """Chance, as ``seat`` sees it, that taking a number card now takes it over the target."""
    view = view_of(state_or_view, seat)
    return bust_chance(my_total(view, seat), view.facts["target"], draw_pool(view))


def exact_probability(state_or_view, seat) -> Fraction:
    """Chance that the next card brings ``seat`` exactly onto the target."""
    view = view_of(state_or_view, seat)
    pool = draw_pool(view)
    size = sum(pool.values())
    need = view.facts["target"] - my_total(view, seat)
    return Fraction(pool.get(str(need), 0), size) if size and 1 <= need <= 11 else Fraction(0)


def next_card(state, seat) -> dict[str, Fraction]:
    """What ``seat``'s next number card would do: "stays under the target", "exactly on target",
    "goes over" (sums to 1); {} when no number card is left."""
    view = view_of(state, seat)
    pool = draw_pool(view)
    size = sum(pool.values())
    if not size:
        return {}
    have, target = my_total(view, seat), view.facts["target"]
    count = Counter()
    for card, n in pool.items():
        after = have + VALUE[card]
        count["goes over" if after > target else "exactly on target" if after == target else
              "stays under the target"] += n
    return {label: Fraction(count[label], size)
            for label in (N_("stays under the target"), N_("exactly on target"), N_("goes over"))}


# -- the best card (Perfect Draw, Love your enemy) ---------------------------------------------------------
def deck_splits(pool: Counter, hidden: int):
    """Every way ``hidden`` of the ``pool`` cards can be hidden cards of other players, with its
    chance (multivariate hypergeometric): yields (cards left in the deck, chance)."""
    size = sum(pool.values())
    cards = sorted(pool, key=VALUE.get)
    if hidden <= 0 or hidden > size:
        yield Counter(pool), Fraction(1)
        return
    ways = comb(size, hidden)
    for combo in itertools.combinations_with_replacement(cards, hidden):
        taken = Counter(combo)
        count = 1
        for card, k in taken.items():
            count *= comb(pool[card], k)
        if count:
            yield pool - taken, Fraction(count, ways)


def best_card_chances(state_or_view, seat, for_seat=None) -> dict[str, Fraction]:
    """What Perfect Draw would take for ``for_seat`` (default ``seat``) as ``seat`` sees it: card ->
    chance. The number deck is the unseen number cards less the other players' hidden cards, which
    are any of them at random. ``for_seat``'s total must be known to ``seat`` (its own, or revealed)."""
    view = view_of(state_or_view, seat)
    for_seat = seat if for_seat is None else for_seat
    if None in view.seats[for_seat]["hidden"]:
        raise ValueError(f"Player {seat} cannot see Player {for_seat}'s total")
    have, target = my_total(view, for_seat), view.facts["target"]
    if not view.facts.get("deck"):
        card = best_card(Counter(view.facts["remembered"]), have, target)
        return {card: Fraction(1)} if card is not None else {}
    found: Counter = Counter()
    for deck, chance in deck_splits(unseen_numbers(view), hidden_others(view, seat)):
        card = best_card(deck, have, target)
        if card is not None:
            found[card] += chance
    return {card: found[card] for card in sorted(found, key=VALUE.get)}


# -- the others -----------------------------------------------------------------------------------------
def over_chance(state_or_view, seat, other) -> Fraction:
    """Chance, as ``seat`` sees it, that ``other`` is already over the target: their open cards plus
    a hidden card that is any unseen number card (0 or 1 once it is revealed)."""
    view = view_of(state_or_view, seat)
    target = view.facts["target"]
    zones = view.seats[other]
    shown = total(zones["open"])
    if not zones["hidden"]:
        return Fraction(0)
    if zones["hidden"][0] is not None:
        return Fraction(int(shown + VALUE[zones["hidden"][0]] > target))
    return bust_chance(shown, target, unseen_numbers(view))


def total_chances(state_or_view, seat, other) -> dict[int, Fraction]:
    """``other``'s total as ``seat`` sees it: total -> chance."""
    view = view_of(state_or_view, seat)
    zones = view.seats[other]
    shown = total(zones["open"])
    if not zones["hidden"] or zones["hidden"][0] is not None:
        return {shown + (VALUE[zones["hidden"][0]] if zones["hidden"] else 0): Fraction(1)}
    pool = unseen_numbers(view)
    size = sum(pool.values())
    return {shown + VALUE[c]: Fraction(pool[c], size) for c in sorted(pool, key=VALUE.get)}


def insights(view) -> list[Insight]:
    """What the probability panel shows ``view.seat``, from that seat's view: each figure with its kind."""
    seat = view.seat
    facts = view.facts
    target = facts["target"]
    have = my_total(view, seat)
    pool = draw_pool(view)
    size = sum(pool.values())
    where = (Phrase("the {n} number cards you cannot see (the deck and the others' hidden cards)", (size,))
             if facts.get("deck") else Phrase("the {n} cards of the discard pile, shuffled into a new deck", (size,)))
    if not facts["alive"][seat]:
        return [Insight(N_("Your lives"), 0, COUNT, N_("You are out of the game: there is nothing left to compute for you."))]
    items = [Insight(N_("Your total now"), have, COUNT,
                     Phrase("Your hidden card and your open cards; the target is {target}.", (target,)))]
    if have > target:       # every card keeps them over: no chance to tell, no best card to hope for
        items.append(Insight(N_("Over the target by"), have - target, COUNT,
                             Phrase("You are at {have}, over the target {target}: any card you take only adds to it.",
                                    (have, target))))
    elif have == target:
        items.append(Insight(N_("Chance that a card takes you over"), Fraction(1), PROBABILITY,
                             Phrase("You are exactly on {target}: every number card is at least 1.", (target,))))
    elif size:
        over = sum(n for c, n in pool.items() if have + VALUE[c] > target)
        items.append(Insight(N_("Chance that a card takes you over"), Fraction(over, size), PROBABILITY,
                             Phrase("{over} of {where} are more than {room}: {over}/{size}.",
                                    (over, where, target - have, size))))
        plain = uncounted_bust_chance(have, target)
        items.append(Insight(N_("The same without counting"), plain, PROBABILITY,
                             Phrase("If you forgot the cards on the table and reckoned with all 44 number cards, "
                                    "4 of each: {hits}/44.", (int(plain * 44),))))
        need = target - have
        hits = pool.get(str(need), 0) if need <= 11 else 0
        items.append(Insight(N_("Chance to hit the target exactly"), Fraction(hits, size), PROBABILITY,
                             Phrase("You need exactly {need}: {hits} of those {size} cards.", (need, hits, size))
                             if need <= 11 else
                             Phrase("No single card brings you from {have} to exactly {target}.", (have, target))))
        best = best_card_chances(view, seat)
        if best:
            card = max(best, key=lambda c: (best[c], VALUE[c]))
            items.append(Insight(Phrase("Perfect Draw would most likely take an {c}", (card,)) if card in ("8", "11") else
                                 Phrase("Perfect Draw would most likely take a {c}", (card,)),
                                 best[card], PROBABILITY,
                                 N_("The best card still in the deck brings you closest to the target without going "
                                    "over; the others' hidden cards might hold some of them.")))
    for other, zones in enumerate(view.seats):
        if other == seat or not zones["hidden"]:
            continue
        chance = over_chance(view, seat, other)
        shown = total(zones["open"])
        why = (Phrase("{t} revealed {t:their} hidden card.", (other,)) if zones["hidden"][0] is not None else
               Phrase("{t} {t:shows} {shown}; {t:their} hidden card is one of the {n} number cards you cannot see.",
                      (other, shown, sum(unseen_numbers(view).values()))))
        items.append(Insight(Phrase("Chance that {t} is over already", (other,)), chance, PROBABILITY, why))
    return items


__all__ = ["bust_chance", "bust_probability", "uncounted_bust_chance", "exact_probability", "next_card", "draw_pool", "unseen_numbers",
           "deck_splits", "best_card_chances", "over_chance", "total_chances", "insights", "my_total",
           "hidden_others", "NUMBERS"]
