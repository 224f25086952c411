"""Helpers of Frantic's pages. The walkthrough's sections of rules, its card gallery and its
Counterattack chain (read from the game, so an expansion's rules and cards land in a section too);
the lesson ``notebooks/lessons/frantic_events.ipynb``: the event pile as a sample drawn without
replacement. Exact chances are fractions; the simulations shuffle the same pile, so
the page can show both side by side. The pile and the events that end a round are read from the
game, so events an expansion adds are counted too."""
from __future__ import annotations

from cardkit.i18n import N_

import random
from collections import Counter
from fractions import Fraction
from math import comb

import cardkit

from .cards import COLOUR, NUMBER, ROUND_ENDERS, SYMBOL, kind_of
from .rules import EXPANSION_RULES, rules_in_play, stack

#: The base game: what the walkthrough and the lesson teach, as the game comes in its box: the
#: expansions' options at the defaults the game declares (off).
BASE_GAME = {name: value for name, value in cardkit.games.declaration("frantic").defaults.items()
             if name in EXPANSION_RULES}

# -- the walkthrough ----------------------------------------------------------------------------------------
#: The walkthrough's sections, each a list of rule ids; "specials" takes every rule no other section names,
#: "events" every rule whose id starts with ``frantic.ev_``.
SECTIONS = {
    "setup": ["frantic.deck", "frantic.setup", "frantic.start_card"],
    "turn": ["frantic.turn", "frantic.draw", "frantic.match", "frantic.four_colour"],
    "wishes": ["frantic.wish", "frantic.plain_wish"],
    "black": ["frantic.black", "frantic.event", "frantic.first_affected", "frantic.ties"],
    "end": ["frantic.round_end", "frantic.scoring", "frantic.next_dealer", "frantic.end"],
}


def rule_sections(game) -> dict:
    """Section name -> the game's rule ids in it, in the game's order; every rule lands in exactly one."""
    ids = [rule.id for rule in rules_in_play(game.options)]
    found = {name: [i for i in ids if i in wanted] for name, wanted in SECTIONS.items()}
    found["events"] = [i for i in ids if i.startswith("frantic.ev_")]
    placed = {i for section in found.values() for i in section}
    found["specials"] = [i for i in ids if i not in placed]
    return found


def card_groups(deck) -> list:
    """The play cards, power cards and events of ``deck`` (card -> count) in groups for a gallery:
    (title, cards)."""
    def group(card):
        kind = kind_of(card)
        if kind in ("event", "power"):
            return {"event": N_("Events"), "power": N_("Power cards")}[kind]
        if card in ("Fuck You", "Curse"):
            return card
        colour, number, symbol = COLOUR.get(card), NUMBER.get(card), SYMBOL.get(card)
        if colour == "k":
            return N_("Black numbers")
        if number is not None:
            return N_("Colour numbers")
        if colour is not None and symbol is not None:
            return N_("One-colour specials")
        return N_("Four-colour specials")
    titles = [N_("Colour numbers"), N_("Black numbers"), N_("One-colour specials"), N_("Four-colour specials"), "Fuck You", "Curse",
              N_("Power cards"), N_("Events")]
    groups = {title: [] for title in titles}
    for card in deck:
        groups[group(card)].append(card)
    return [(title, cards) for title, cards in groups.items() if cards]


# -- the expansions' sections --------------------------------------------------------------------------------
def expansion_options(name: str) -> dict:
    """The base game with the expansion ``name`` ("troublemaker" or "supercharge") on: its demos' options."""
    if name not in EXPANSION_RULES:
        raise ValueError(f"no Frantic expansion {name!r}; the expansions are {', '.join(EXPANSION_RULES)}")
    return {**BASE_GAME, name: True}


def expansion_cards(name: str) -> Counter:
    """The cards (play cards, events, power cards) the expansion ``name`` adds to the base game."""
    return (Counter(cardkit.make("frantic", **expansion_options(name)).full_deck)
            - Counter(cardkit.make("frantic").full_deck))


def expansion_sections(name: str) -> dict:
    """The expansion's clauses for its walkthrough section, in the game's order: "cards" (what it adds and
    its play cards), "powers" (the power cards, Supercharge only) and "events"; each clause in one."""
    ids = [rule.id for rule in rules_in_play(expansion_options(name)) if rule.id in EXPANSION_RULES[name]]
    events = [i for i in ids if i.startswith("frantic.ev_")]
    powers = [i for i in ids if i == "frantic.powers" or i.startswith("frantic.pw_")]
    cards = [i for i in ids if i not in events and i not in powers]
    return {part: found for part, found in (("cards", cards), ("powers", powers), ("events", events)) if found}


#: A Counterattack chain among three players: Player 0's Gift goes to Player 1, who turns it on
#: Player 2, who turns it back on Player 0 and gives them two cards.
COUNTER_CHAIN = {
    "players": 3, "options": {},
    "deck": stack([["Gift r", "r1", "r2"], ["Counterattack", "b1", "b2"], ["Counterattack", "b8", "b9"]]),
    "actions": ["Play Gift r → Player 1", "Counterattack → Player 2", "Wish blue", "Counterattack → Player 0",
                "Wish yellow", "Give b8 b9"],
    "caption": N_("Player 0 gifts Player 1; Player 1 counters onto Player 2; Player 2 counters back onto "
                  "Player 0, and gives Player 0 two cards."),
}


def event_pile(game=None) -> Counter:
    """The events a round starts with (the whole event pile), from the game's full deck (by default
    the base game's)."""
    game = game or cardkit.make("frantic")
    return Counter({card: n for card, n in game.full_deck.items() if kind_of(card) == "event"})


def enders_in(pile, enders=ROUND_ENDERS) -> int:
    """How many events of ``pile`` end the round at once."""
    return sum(n for card, n in Counter(pile).items() if card in enders)


def left_after(pile, revealed) -> Counter:
    """The face-down events once ``revealed`` have been turned up; an event not in the pile is a ValueError."""
    left = Counter(pile)
    for card in revealed:
        if left[card] <= 0:
            raise ValueError(f"{card!r} is not left in the event pile to reveal")
        left[card] -= 1
    return +left


def next_ends_chance(pile, revealed=(), enders=ROUND_ENDERS) -> Fraction:
    """Chance that the next event revealed ends the round: enders left over events left."""
    left = left_after(pile, revealed)
    total = sum(left.values())
    return Fraction(enders_in(left, enders), total) if total else Fraction(0)


def first_ender_chances(total: int, enders: int) -> list[Fraction]:
    """Chance that the first round-ender is the m-th event revealed, for m = 1, 2, …: the other
    ``enders - 1`` lie among the ``total - m`` events after it."""
    if not 0 < enders <= total:
        raise ValueError(f"enders must be 1 to {total}, not {enders}")
    return [Fraction(comb(total - m, enders - 1), comb(total, enders)) for m in range(1, total - enders + 2)]


def within_chance(total: int, enders: int, m: int) -> Fraction:
    """Chance that one of the first ``m`` events revealed ends the round: one minus the chance that
    all ``m`` come from the ``total - enders`` others."""
    if not 0 <= m <= total:
        raise ValueError(f"m must be 0 to {total}, not {m}")
    return 1 - Fraction(comb(total - enders, m), comb(total, m))


def shuffled(pile, rng: random.Random) -> list:
    """The pile's events in a random order, top first."""
    order = list(Counter(pile).elements())
    rng.shuffle(order)
    return order


def simulate_next_ends(pile, revealed, trials: int, rng: random.Random, enders=ROUND_ENDERS) -> int:
    """Shuffle the events left ``trials`` times: how often the top one ends the round."""
    left = list(left_after(pile, revealed).elements())
    if not left:
        return 0
    return sum(rng.choice(left) in enders for _ in range(trials))


def simulate_first_enders(pile, trials: int, rng: random.Random, enders=ROUND_ENDERS) -> Counter:
    """Shuffle the whole pile ``trials`` times: how often the first round-ender lies at each place (1 = top)."""
    found = Counter()
    for _ in range(trials):
        order = shuffled(pile, rng)
        found[next(i for i, card in enumerate(order, 1) if card in enders)] += 1
    return found


def dealt_events(seed: int, players: int = 4) -> list:
    """The order in which the first round of the engine's deal with ``seed`` reveals its events
    (any a black start card revealed first, then the face-down pile top first: the teacher's view)."""
    table = cardkit.make("frantic", players=players, seed=seed).new_state().view(None).table
    return list(table["revealed"]) + list(table["events"])


__all__ = ["SECTIONS", "rule_sections", "card_groups", "expansion_options", "expansion_cards", "expansion_sections", "COUNTER_CHAIN", "event_pile", "enders_in", "left_after", "next_ends_chance", "first_ender_chances", "within_chance",
           "shuffled", "simulate_next_ends", "simulate_first_enders", "dealt_events", "ROUND_ENDERS"]
