"""Frantic (base game, Troublemaker, Supercharge): the rule book driven by the core's decisions and reaction windows.

A round: ``start_round`` deals and schedules the dealer's start card, then ``round_end`` at the
bottom of the agenda. Every play ends with ``end_turn``: the Nice Try window if a hand is empty,
else the next turn. A round that ends at once (empty draw pile, Doomsday, Finish Line, Time Bomb)
unwinds to ``round_end``. Attacks (Fantastic Four shares, Equality, Gift, Exchange, Skip) open a
Counterattack window for their target; a counter makes the counter-attacker the attacker. A window
opens for every seat the rules let answer by position, whatever it holds (Pass is always there).
"""
from __future__ import annotations

import bisect
import dataclasses
import itertools
from collections import Counter

from cardkit.core import (PASS, Action, Game, IllegalAction, Option, Pass, Pile, State, Window,
                          cards_count, interned, player_name, seats_from, stacked_deck)

from . import cards
from .cards import (ALL_EVENTS, BEFORE, COLOUR, COLOUR_NAME, COLOURS, CURSE, FUCK_YOU, MIMICRY, NUMBER, ORDER, POINTS,
                    SWAP_COLOURS, SYMBOL, THE_END, WISH_VALUES, WISHES, fitting, has_colour, matches, parse,
                    parse_event, parse_power, points, wish_words)
from .rules import RULES

COUNTERATTACK, NICE_TRY, FANTASTIC_FOUR, EQUALITY = "Counterattack", "Nice Try", "Fantastic Four", "Equality"
INEQUALITY, LUCKY, FAVOURS = "Inequality", "Lucky Bastard", "Special Favours"
ATTACKS = ("Gift", "Exchange", "Skip", "Thief")     # one-colour specials against one player
FOUR_ATTACKS = (EQUALITY, INEQUALITY, FAVOURS)     # four-colour wishers against one player
#: What Mimicry may copy: every special but Curse, Fuck You and Mimicry.
UNCOPYABLE = (CURSE, FUCK_YOU, MIMICRY, THE_END)
#: Power cards whose effect lasts until the activator's next turn starts, or ends.
UNTIL_START = ("Open Hands", "Special Seal")
UNTIL_END = ("Colour Blockade", "Looping")
#: The step that runs each event, and its rule id (frantic.ev_<step>).
EVENT_STEP = {name: name.lower().replace(" ", "_").replace("-", "_") for name in ALL_EVENTS}
EVENT_STEP.update({"Friday the 13th": "friday", "The All-Seeing Eye": "all_seeing_eye"})
#: The step that runs each power card, and its rule id (frantic.pw_<step>).
POWER_STEP = {name: name.lower().replace(" ", "_") for name in cards.POWERS}


# -- actions -------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play ``card`` from the hand; ``target`` for a special against one player; ``plain`` plays a
    wisher (Fantastic Four, Equality) for its wish alone; ``copy``: the special Mimicry imitates."""
    card: str
    target: int | None = None
    plain: bool = False
    copy: str | None = None
    power: str | None = None

    def label(self):
        text = f"Play {self.card}" + (f" as {self.copy}" if self.copy else "")
        if self.target is not None:
            text += f" → {player_name(self.target)}"
        if self.plain:
            text += " as a plain wish"
        if self.power:
            text += f" + {self.power}"
        return text

    def with_power(self, power):
        return interned(Play, self.card, self.target, self.plain, self.copy, power)


@dataclasses.dataclass(frozen=True)
class Draw(Action):
    def label(self):
        return "Draw"


@dataclasses.dataclass(frozen=True)
class Wish(Action):
    """The wish a four-colour card makes: a colour letter or a number ("7")."""
    wish: str

    def label(self):
        return f"Wish {wish_words(self.wish) if self.wish in WISH_VALUES['any'] else self.wish}"


@dataclasses.dataclass(frozen=True)
class Split(Action):
    """Fantastic Four's four cards: one seat per card, e.g. (1, 1, 2, 2)."""
    shares: tuple

    def label(self):
        counts = Counter(self.shares)
        return ", ".join(f"{player_name(s)} draws {counts[s]}" for s in sorted(counts))

    @property
    def parts(self):
        return tuple(str(s) for s in self.shares)

    @classmethod
    def from_parts(cls, parts):
        return cls(tuple(sorted(int(p) for p in parts)))

    @classmethod
    def part_label(cls, part):
        return f"one card to {player_name(int(part))}"


@dataclasses.dataclass(frozen=True)
class Give(Action):
    """The cards Gift or Exchange hands over, chosen by their player."""
    cards: tuple

    def label(self):
        return "Give " + " ".join(self.cards)

    @property
    def parts(self):
        return self.cards

    @classmethod
    def from_parts(cls, parts):
        return cls(tuple(sorted(parts, key=lambda c: ORDER.get(c, -1))))


@dataclasses.dataclass(frozen=True)
class Counterattack(Action):
    """Throw Counterattack in against the attack and turn it on ``target``."""
    target: int

    def label(self):
        return f"Counterattack → {player_name(self.target)}"


@dataclasses.dataclass(frozen=True)
class NiceTry(Action):
    def label(self):
        return "Nice Try"


@dataclasses.dataclass(frozen=True)
class Take(Action):
    """Market: take this card."""
    card: str

    def label(self):
        return f"Take {self.card}"


@dataclasses.dataclass(frozen=True)
class GiveTo(Action):
    """Surprise Party, Merry Christmas: give ``card`` to ``target``."""
    card: str
    target: int

    def label(self):
        return f"Give {self.card} → {player_name(self.target)}"


@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """Recession: discard this card."""
    card: str

    def label(self):
        return f"Discard {self.card}"


@dataclasses.dataclass(frozen=True)
class Steal(Give):
    """Thief: the cards taken from the victim's hand (chosen like Gift's, by parts)."""

    def label(self):
        return "Steal " + " ".join(self.cards)


@dataclasses.dataclass(frozen=True)
class LuckyBastard(Action):
    """Throw Lucky Bastard in before an event is revealed: its player is exempt from it."""
    def label(self):
        return "Lucky Bastard"


@dataclasses.dataclass(frozen=True)
class Stack(Action):
    """Distributor: the cards ``owner`` held go to ``target``."""
    owner: int
    target: int

    def label(self):
        return f"{player_name(self.owner)}'s cards → {player_name(self.target)}"


@dataclasses.dataclass(frozen=True)
class Choose(Action):
    """Event Manager, Repeat: the event to run."""
    event: str

    def label(self):
        return f"Choose {self.event}"


@dataclasses.dataclass(frozen=True)
class Lay(Action):
    """Russian Roulette: the card laid face down."""
    card: str

    def label(self):
        return f"Lay {self.card}"


@dataclasses.dataclass(frozen=True)
class Risk(Action):
    """Seppuku: turn up the top card (True) or take 21 points (False)."""
    risk: bool

    def label(self):
        return "Commit Seppuku" if self.risk else "Take 21 points"


@dataclasses.dataclass(frozen=True)
class Pick(Action):
    """Trust Fall: the player who must give two cards."""
    target: int

    def label(self):
        return f"Pick {player_name(self.target)}"


@dataclasses.dataclass(frozen=True)
class Aim(Action):
    """A power card's target: Special Charge's victim, or who takes the card back (Recycling)."""
    target: int

    def label(self):
        return f"Aim at {player_name(self.target)}"


@dataclasses.dataclass(frozen=True)
class Trade(Action):
    """Edison: a power card of each of two players changes places."""
    first: int
    second: int

    def label(self):
        return f"Swap power cards of {player_name(self.first)} and {player_name(self.second)}"


DRAW = Draw()
NICE = NiceTry()
LUCKY_THROW = LuckyBastard()


def _names(cards_) -> str:
    return " ".join(cards_) or "nothing"


# -- the state -----------------------------------------------------------------------------------------
class FranticState(State):

    def setup(self, deck, events=None, powers=None):
        game = self.game
        n = self.players
        self.limit = game.options["limit"]
        self.troublemaker = game.options["troublemaker"]
        self.supercharge = game.options["supercharge"]
        pack = cards.play_pack(self.troublemaker, self.supercharge)
        self.deck = stacked_deck(pack, deck, self.rng, self.parse_card)
        if events and not game.options["events"]:
            raise ValueError("events: the event cards are left out (option events=False); turn it on to stack them")
        self.events_pile = stacked_deck(Counter(cards.event_list(self.troublemaker, self.supercharge,
                                                                 game.options["events"])), events,
                                        self.rng, self.parse_event, "events")
        self.copies = sorted((c for c in pack if NUMBER[c] is None and c not in UNCOPYABLE), key=ORDER.__getitem__)
        self.power_pile = (stacked_deck(cards.POWER_PACK, powers, self.rng, parse_power, "powers")
                           if self.supercharge else Pile())
        if powers and not self.supercharge:
            raise ValueError("powers: power cards belong to Supercharge; turn the option supercharge on to stack them")
        self.powers: list[list] = [[] for _ in range(n)]        # face down: their owner may look at them
        self.spent: list[list] = [[] for _ in range(n)]         # face up, until recharged or swapped
        for _ in range(2 if self.supercharge else 0):
            for seat in range(n):
                self.powers[seat].append(self.power_pile.pop())
        self.wave: list = []                                    # Tsunami: the cards laid face up
        self.offered: list = []                                 # Event Manager: the three events to choose from
        self.laid: list = []                                    # Russian Roulette: the cards laid face down
        self.revealed: list = []
        self.discard = Pile()
        self.hands: list[list] = [[] for _ in range(n)]
        self.giving: list[list] = [[] for _ in range(n)]      # Merry Christmas: cards still to give away
        self.market: list = []
        self.round = 0
        self.round_points: list = [0] * n
        self.event_ends = 0                                     # rounds ended by an event (explorer)
        self.events_seen = 0                                    # events that happened, all rounds (explorer)
        self.fuck_you_points = 0                                # what Fuck You cost whoever held it at a round end
        self.then("start_round", n - 1)

    def parse_card(self, token):
        card = parse(token)
        if card in cards.TM_PACK and not self.troublemaker:
            raise ValueError(f"{card} is a Troublemaker card; turn the option troublemaker on to use it")
        if card in cards.SC_PACK and not self.supercharge:
            raise ValueError(f"{card} is a Supercharge card; turn the option supercharge on to use it")
        return card

    def parse_event(self, token):
        event = parse_event(token)
        if event in cards.TM_EVENTS and not self.troublemaker:
            raise ValueError(f"{event} is a Troublemaker event; turn the option troublemaker on to use it")
        if event in cards.SC_EVENTS and not self.supercharge:
            raise ValueError(f"{event} is a Supercharge event; turn the option supercharge on to use it")
        return event

    # -- rounds ----------------------------------------------------------------------------------------
    def _step_start_round(self, dealer):
        n = self.players
        self.round += 1
        self.dealer = dealer
        if self.round > 1:
            deck = self.deck
            deck += self.discard
            self.discard.clear()
            for hand in self.hands:
                deck += hand
                hand.clear()
            deck.shuffle(self.rng)
            self.events_pile += self.revealed
            self.revealed.clear()
            self.events_pile.shuffle(self.rng)
        self.top = self.wish = None
        self.skipped = [False] * n
        self.bomb = None                   # Time Bomb: turns started per seat since it was revealed
        self.eye = None                    # The All-Seeing Eye: the triggerer, until their next turn
        self.in_event = 0
        self.pile_out = False
        self.end_after = None              # a round-ending event inside Plague: the round ends after it all
        self.reason = None
        self.exempt = set()                # Lucky Bastard: exempt from the event being revealed
        self.lasting = []                  # Last Chance, Plus One: in force until the round ends
        self.emptied = set()               # Last Chance: seats whose empty hand has triggered its event
        self.distributing = None           # Distributor: the triggerer, who sees the stacks
        self.pending = []                  # Distributor: the owners of the stacks not handed out yet
        self.durations = []                # power cards in force: [name, activator, armed, detail]
        self.direction = 1                 # Looping turns it to -1
        self.no_counter = False            # Anti Counter: the special played with it cannot be countered
        self.activated = []                # (seat, power card) activated this turn: Recharge may not turn them back
        self.ended = False                 # The End emptied a hand: no Nice Try
        self.parasite_done = False
        draw = self.deck.pop
        hands = self.hands
        order = seats_from((dealer + 1) % n, n)
        for _ in range(7):
            for seat in order:
                hands[seat].append(draw())
        for hand in hands:
            hand.sort(key=ORDER.__getitem__)
        self.log(None, "deal", "Round {r}: {p} deals 7 cards each; {b} cards in the draw pile.", "frantic.setup",
                 self.round, dealer, len(self.deck))
        self.then("start_card", dealer)
        self.then("round_end")

    def _step_start_card(self, dealer):
        card = self.deck.pop()
        self.discard.append(card)
        self.log(dealer, "start", "The start card is {c}, played as if by the dealer {p}.", "frantic.start_card",
                 card, dealer)
        if card == FUCK_YOU:
            self.log(None, "anything", "Fuck You starts the round: the first player may play anything.",
                     "frantic.start_card")
            self.then("end_turn", dealer)
            return
        self.top = card
        self.before = (None, None)
        choices = self.plays_for(dealer, card, len(self.hands[dealer]), anywhere=True)
        if len(choices) == 1:
            self.resolve(dealer, choices[0])
        else:
            self.ask(dealer, "start", card)

    def _choices_start(self, seat, card):
        return list(self.plays_for(seat, card, len(self.hands[seat]), anywhere=True))

    def _decide_start(self, seat, action, card):
        if action.copy:
            self.top = action.copy
        self.resolve(seat, action)

    # -- what may be played ----------------------------------------------------------------------------
    def playable(self, card, hand) -> bool:
        if card == FUCK_YOU:
            return len(hand) == 10
        return matches(card, self.top, self.wish)

    def plays_for(self, seat, card, after, anywhere=False) -> list:
        """The ways to play ``card`` (targets, or as a plain wish); ``after``: the hand size once played.
        Mimicry: one way per special it may copy (that copy must fit, unless ``anywhere``: the start card)."""
        if card == MIMICRY:
            top, wish = self.top, self.wish
            key = (card, seat, self.players, top, wish, anywhere, self.troublemaker)
            found = _PLAYS.get(key)
            if found is None:           # every copy but Equality's, whose targets depend on the hands
                found = _PLAYS[key] = tuple(interned(Play, card, p.target, p.plain, copy) for copy in self.copies
                                            if copy != EQUALITY and (anywhere or matches(copy, top, wish))
                                            for p in self.plays_for(seat, copy, after))
            return [*found, *(interned(Play, card, p.target, p.plain, EQUALITY)
                              for p in self.plays_for(seat, EQUALITY, after))]
        if card == EQUALITY:
            hands = self.hands
            return [interned(Play, card, t, False) for t in self.others(seat) if len(hands[t]) < after] + [
                interned(Play, card, None, True)]
        key = (card, seat, self.players)
        found = _PLAYS.get(key)
        if found is None:
            if SYMBOL[card] in ATTACKS:
                found = [interned(Play, card, t, False) for t in self.others(seat)]
            elif card in FOUR_ATTACKS:
                found = [interned(Play, card, t, False) for t in self.others(seat)] + [interned(Play, card, None, True)]
            elif card in ("Edison", "Update"):
                found = [interned(Play, card, None, False), interned(Play, card, None, True)]
            elif card == FANTASTIC_FOUR:
                found = [interned(Play, card, None, False), interned(Play, card, None, True)]
            else:
                found = [interned(Play, card, None, False)]
            found = _PLAYS[key] = tuple(found)
        return found

    def others(self, seat):
        n = self.players
        return [(seat + i) % n for i in range(1, n)]

    def order(self, trigger):
        """Every seat from the first affected (after ``trigger``) round to ``trigger``; those exempt
        from the event by Lucky Bastard left out."""
        seats = seats_from((trigger + 1) % self.players, self.players)
        if self.exempt:
            return [s for s in seats if s not in self.exempt]
        return seats

    def plays(self, seat) -> list:
        hand = self.hands[seat]
        found = []
        after = len(hand) - 1
        fits = fitting(self.top, self.wish)
        last = None
        limited = self.supercharge
        for card in hand:
            if card != last and (card in fits or card == FUCK_YOU and after == 9):
                if not (limited and (card == THE_END or self.durations) and self.blocked(card, after)):
                    found += self.plays_for(seat, card, after)
            last = card
        return found

    def _choices_turn(self, seat):
        plays = self.powered(seat, self.plays(seat))
        if self.deck or not plays:
            plays.append(DRAW)
        return plays

    def _choices_again(self, seat):
        return self.powered(seat, self.plays(seat)) or [DRAW]

    def _choices_drawn(self, seat):
        plays = self.powered(seat, self.plays(seat))
        plays.append(PASS)
        return plays

    def powered(self, seat, plays):
        """The plays, and each again with one of the player's face-down power cards activated (never with
        The End; Special Seal never with a special)."""
        powers = self.powers[seat] if self.supercharge else None
        if not powers:
            return plays
        held = tuple(powers)
        variants = _POWERED.get(held)
        if variants is None:
            variants = _POWERED[held] = {}
        out = list(plays)
        for play in plays:
            extra = variants.get(id(play))
            if extra is None:
                extra = variants[id(play)] = () if play.card == THE_END else tuple(
                    play.with_power(power) for power in dict.fromkeys(held)
                    if not (power == "Special Seal" and NUMBER[play.card] is None))
            out += extra
        return out

    def blocked(self, card, after):
        """Supercharge's limits on a card that fits: The End only as the last card; Special Seal bars
        specials; Colour Blockade bars its colour."""
        if card == THE_END and after:
            return "frantic.the_end"
        for name, _, _, detail in self.durations:
            if name == "Special Seal" and NUMBER[card] is None:
                return "frantic.pw_special_seal"
            if name == "Colour Blockade" and has_colour(card, detail):
                return "frantic.pw_colour_blockade"
        return None

    # -- a turn ----------------------------------------------------------------------------------------
    def _decide_turn(self, seat, action):
        if type(action) is Draw:
            if self.draw(seat, 1):
                self.log(seat, "draw", "{p} draws a card.", "frantic.draw", seat)
                self.ask(seat, "drawn")
            return
        self.play(seat, action)

    _decide_again = _decide_turn

    def _decide_drawn(self, seat, action):
        if type(action) is Pass:
            self.log(seat, "pass", "{p} ends the turn.", "frantic.draw", seat)
            self._step_end_turn(seat)
            return
        self.play(seat, action)

    def play(self, seat, action):
        card = action.card
        self.no_counter = False                 # Anti Counter covers only the card played with it
        self.hands[seat].remove(card)
        self.discard.append(card)
        if card == FUCK_YOU:
            self.log(seat, "play", "{p} plays Fuck You with exactly 10 cards: play goes on on the card below.",
                     "frantic.fuck_you", seat)
            self.then("end_turn", seat)
            return
        self.before = (self.top, self.wish)
        self.top, self.wish = action.copy or card, None
        colour = COLOUR[card]
        rule = ("frantic.black" if colour == "k" else "frantic.mimicry" if card == MIMICRY else
                "frantic.four_colour" if colour is None else "frantic.colour_swap" if colour == "s" else
                "frantic.troublemaker" if SYMBOL[card] == "Troublemaker" else "frantic.match")
        if action.copy:
            self.log(seat, "play", "{p} plays Mimicry as {c}" + (" → {t}." if action.target is not None else "."),
                     rule, seat, action.copy, *(() if action.target is None else (action.target,)))
        elif action.target is not None:
            self.log(seat, "play", "{p} plays {c} → {t}.", rule, seat, card, action.target)
        elif action.plain:
            self.log(seat, "play", "{p} plays {c} as a plain wish.", "frantic.plain_wish", seat, card)
        else:
            self.log(seat, "play", "{p} plays {c}.", rule, seat, card)
        if card == THE_END:                     # played from a hand, it is always the last card
            self.the_end(seat)
        power = action.power
        if power:
            self.powers[seat].remove(power)
            self.spent[seat].append(power)
            self.activated.append((seat, power))
            self.log(seat, "power", "{p} activates the power card {c}.", "frantic.pw_" + POWER_STEP[power], seat, power)
            if power in BEFORE:
                self.then("power_" + POWER_STEP[power], seat)
            self.then("resolve", seat, action)
            return
        self.resolve(seat, action)

    def _step_resolve(self, seat, action):
        self.resolve(seat, action)

    def resolve(self, seat, action, end=True):
        """The effect of the card just put on the pile by ``seat``; the turn ends after it (2nd Chance
        asks for another card first), after an activated power card's later effect. ``end`` False:
        a card turned up during the turn (Rewind), whose effect does not end it."""
        card = action.copy or action.card
        symbol = SYMBOL[card]
        if COLOUR[card] == "k":
            self.then("event", seat)
        elif card in WISHES:
            self.ask(seat, "wish", WISHES[card])
            if action.plain:
                pass
            elif card == FANTASTIC_FOUR:
                self.ask(seat, "split")
            elif card in FOUR_ATTACKS:
                self.then("attack", seat, card, action.target, 0)
        elif symbol in ATTACKS:
            self.then("attack", seat, symbol, action.target, 0)
        elif symbol == "Troublemaker":
            self.then("event", seat, "Troublemaker")
        elif symbol == cards.COLOUR_SWAP:
            self.swap_colour(seat, card)
        elif symbol == "Recharge":
            self.then("recharge", seat)
        elif symbol == "2nd Chance":
            if not end:
                return
            self.log(seat, "again", "{p} must play another card on the 2nd Chance, or draw one.",
                     "frantic.second_chance", seat)
            if action.power and action.power not in BEFORE:
                self.then("power_after", seat, action, "again")
            else:
                self.ask(seat, "again")
            return
        elif end and not action.power:         # a plain number: nothing waits, the turn ends at once
            self._step_end_turn(seat)
            return
        if not end:
            return
        if card in ("Edison", "Update") and not action.plain:
            self.then(card.lower(), seat)
        if action.power and action.power not in BEFORE:
            self.then("power_after", seat, action, "end")
        else:
            self.then("end_turn", seat)

    def swap_colour(self, seat, card):
        """Colour Swap: play goes on in its other colour; played on neither (on a Colour Swap of other
        colours, or as the start card) its player chooses one of its two."""
        pair = SWAP_COLOURS[card]
        top, wish = self.before
        now = wish if wish is not None and not wish.isdigit() else COLOUR[top] if top is not None else None
        if now is not None and now in pair:
            self.wish = pair[1] if now == pair[0] else pair[0]
            self.log(seat, "swap", "The colour changes from {a} to {b}.", "frantic.colour_swap",
                     COLOUR_NAME[now], COLOUR_NAME[self.wish])
        else:
            self.ask(seat, "wish", pair)

    def _choices_wish(self, seat, kind):
        return _WISHES[kind]

    def _decide_wish(self, seat, action, kind):
        self.wish = action.wish
        self.log(seat, "wish", "{p} wishes {w}.", "frantic.wish", seat, wish_words(action.wish))

    def _choices_split(self, seat):
        return [interned(Split, shares) for shares in _splits(tuple(self.others(seat)))]

    def _decide_split(self, seat, action):
        counts = Counter(action.shares)
        for target in self.order(seat):
            if counts[target]:
                self.then("attack", seat, FANTASTIC_FOUR, target, counts[target])

    # -- reaction windows: opened by position, whatever the hands hold -------------------------------
    def may_answer_with(self, card) -> bool:
        """Whether anyone may still hold ``card`` as everyone knows it: it is in this game and not every
        copy lies face up on the discard pile. Windows open on this and on seats' places, never on a
        hand, so nobody learns from a window who holds an answer."""
        copies = self.game.full_deck[card]
        return copies > 0 and self.discard.count(card) < copies

    # -- attacks and Counterattack ---------------------------------------------------------------------
    def _step_attack(self, attacker, kind, target, extra):
        what = f"{kind} ({extra})" if kind == FANTASTIC_FOUR else kind
        self.log(attacker, "attack", "{p} aims {k} at {t}.", _ATTACK_RULE[kind], attacker, what, target)
        if not self.no_counter and self.hands[target] and self.may_answer_with(COUNTERATTACK):
            self.ask_window((target,), "counter", kind, attacker, target, extra)
        else:
            self.then("hit", attacker, kind, target, extra)

    def _choices_counter(self, seat, kind, attacker, target, extra):
        if COUNTERATTACK not in self.hands[seat]:
            return ()
        return [interned(Counterattack, t) for t in self.others(seat)]

    def _decide_counter(self, seat, action, kind, attacker, target, extra):
        self.hands[seat].remove(COUNTERATTACK)
        self.discard.append(COUNTERATTACK)
        self.top, self.wish = COUNTERATTACK, None
        self.log(seat, "counter", "{p} throws in Counterattack: the {k} is cancelled and turned on {t}.",
                 "frantic.counterattack", seat, kind, action.target)
        self.ask(seat, "wish", "colour")
        self.then("attack", seat, kind, action.target, extra)

    def _closed_counter(self, kind, attacker, target, extra):
        self.then("hit", attacker, kind, target, extra)

    def _step_hit(self, attacker, kind, target, extra):
        hands = self.hands
        if kind == "Skip":
            if self.skipped[target]:
                self.log(target, "skip", "{t} is already to be skipped: nothing more happens.", "frantic.skip", target)
            else:
                self.skipped[target] = True
                self.log(target, "skip", "{t} will sit out their next turn.", "frantic.skip", target)
        elif kind == EQUALITY:
            short = len(hands[attacker]) - len(hands[target])
            if short > 0:
                self.log(target, "equality", "{t} draws {k} to hold as many as {p}.", "frantic.equality", target,
                         short, attacker)
                self.draw(target, short)
            else:
                self.log(target, "equality", "{t} holds as many cards as {p} or more: nothing happens.",
                         "frantic.equality", target, attacker)
        elif kind == FANTASTIC_FOUR:
            self.log(target, "draws", "{t} draws {k}.", "frantic.fantastic_four", target, cards_count(extra))
            self.draw(target, extra)
        elif kind == INEQUALITY:
            mine, theirs = hands[attacker], hands[target]
            moved = 0
            while mine and len(theirs) <= len(mine):
                card = self.rng.choice(mine)
                mine.remove(card)
                bisect.insort(theirs, card, key=ORDER.__getitem__)
                moved += 1
            if moved:
                self.log(target, "inequality", "{t} draws {k} blindly from {p} and now holds more.",
                         "frantic.inequality", target, cards_count(moved), attacker)
            elif not mine:
                self.log(target, "inequality", "{p} has no cards left for {t} to draw: nothing happens.",
                         "frantic.inequality", attacker, target)
            else:
                self.log(target, "inequality", "{t} already holds more cards than {p}: nothing happens.",
                         "frantic.inequality", target, attacker)
        elif kind == FAVOURS:
            mine = [c for c in hands[attacker] if NUMBER[c] is None and c != FUCK_YOU]
            theirs = [c for c in hands[target] if NUMBER[c] is None and c != FUCK_YOU]
            self.move(attacker, target, mine)
            self.move(target, attacker, theirs)
            self.log(attacker, "favours", "{p} swaps their {k} special cards for the {j} of {t}.",
                     "frantic.special_favours", attacker, len(mine), len(theirs), target)
        elif kind == "Thief":
            takeable = [c for c in hands[target] if c != FUCK_YOU]
            if len(takeable) <= 2:
                self.steal(attacker, target, tuple(takeable))
            else:
                self.ask(attacker, "steal", target)
        else:                                               # Gift, Exchange: choose what to give
            givable = [c for c in hands[attacker] if c != FUCK_YOU]
            k = min(2, len(givable))
            if len(givable) == k:
                self.hand_over(attacker, kind, target, tuple(givable))
            else:
                self.ask(attacker, "give", kind, target)

    def _choices_give(self, seat, kind, target):
        givable = [c for c in self.hands[seat] if c != FUCK_YOU]
        return [interned(Give, pair) for pair in dict.fromkeys(itertools.combinations(givable, 2))]

    def _decide_give(self, seat, action, kind, target):
        self.hand_over(seat, kind, target, action.cards)

    def move(self, giver, target, given):
        """Hand ``given`` from ``giver`` to ``target`` (kept in pack order)."""
        hands = self.hands
        for card in given:
            hands[giver].remove(card)
            bisect.insort(hands[target], card, key=ORDER.__getitem__)

    def _choices_steal(self, seat, target):
        takeable = sorted((c for c in self.hands[target] if c != FUCK_YOU), key=ORDER.__getitem__)
        return [interned(Steal, pair) for pair in dict.fromkeys(itertools.combinations(takeable, 2))]

    def _decide_steal(self, seat, action, target):
        self.steal(seat, target, action.cards)

    def steal(self, thief, target, taken):
        self.move(target, thief, taken)
        self.log(thief, "steal", "{p} looks at {t}'s hand and takes {k}.", "frantic.thief", thief, target,
                 cards_count(len(taken)))

    def hand_over(self, giver, kind, target, given):
        hands = self.hands
        taken = ()
        if kind == "Exchange":
            theirs = hands[target]
            taken = tuple(self.rng.sample(theirs, min(2, len(theirs))))
            for card in taken:
                theirs.remove(card)
        for card in given:
            hands[giver].remove(card)
            bisect.insort(hands[target], card, key=ORDER.__getitem__)
        for card in taken:
            bisect.insort(hands[giver], card, key=ORDER.__getitem__)
        if kind == "Exchange":
            self.log(giver, "exchange", "{p} gives {t} {k} and takes {j} blindly.", "frantic.exchange", giver,
                     target, cards_count(len(given)), cards_count(len(taken)))
        else:
            self.log(giver, "gift", "{p} gives {t} {k}.", "frantic.gift", giver, target, cards_count(len(given)))

    # -- end of a turn, Nice Try, the next turn --------------------------------------------------------
    def _step_end_turn(self, seat):
        hands = self.hands
        if self.supercharge and (self.no_counter or self.activated or self.durations):
            self.turn_over(seat)
        if all(hands):
            self._step_turn_start((seat + self.direction) % self.players)
            return
        if self.ended:
            self.reason = "out"
            return
        if "Last Chance" in self.lasting:
            empty = [s for s in self.order(seat) if not hands[s]]
            self.emptied &= set(empty)
            fresh = [s for s in empty if s not in self.emptied]
            if fresh:
                for s in fresh:
                    self.emptied.add(s)
                    self.log(s, "last_chance", "{p} got rid of their last card: Last Chance triggers another event.",
                             "frantic.ev_last_chance", s)
                    self.then("event", s, "Last Chance")
                self.then("end_turn", seat)
                return
        seats = [s for s in self.order(seat) if hands[s]] if self.may_answer_with(NICE_TRY) else ()
        if not self.ask_window(seats, "nicetry", seat):
            self.reason = "out"

    def _choices_nicetry(self, holder, seat):
        return [NICE] if NICE_TRY in self.hands[holder] else ()

    def _decide_nicetry(self, holder, action, seat):
        self.hands[holder].remove(NICE_TRY)
        self.discard.append(NICE_TRY)
        self.top, self.wish = NICE_TRY, None
        self.log(holder, "nice_try", "{p} throws in Nice Try: everyone with no cards draws 3.", "frantic.nice_try",
                 holder)
        self.ask(holder, "wish", "colour")
        self.then("nice_try_draw", seat)
        self.then("end_turn", seat)

    def _step_nice_try_draw(self, seat):
        for s in self.order(seat):
            if not self.hands[s]:
                self.log(s, "draws", "{p} draws 3.", "frantic.nice_try", s)
                if not self.draw(s, 3):
                    return

    def _closed_nicetry(self, seat):
        self.reason = "out"

    def _step_turn_start(self, seat):
        if self.bomb is not None:
            self.bomb[seat] += 1
            if self.bomb[seat] > 3:
                self.reason = "bomb"
                self.log(seat, "bomb", "{p} would start a fourth turn: the Time Bomb goes off.",
                         "frantic.ev_time_bomb", seat)
                self.unwind("round_end")
                return
        if self.eye == seat:
            self.eye = None
            self.log(seat, "eye", "{p}'s turn: the hands are taken up again.", "frantic.ev_all_seeing_eye", seat)
        if self.durations:
            self.next_turn_of(seat)
        if self.skipped[seat]:
            self.skipped[seat] = False
            self.log(seat, "skipped", "{p} sits out this turn.", "frantic.skip", seat)
            if self.durations:
                self.expire(seat, armed_only=True)
            self.then("turn_start", (seat + self.direction) % self.players)
            return
        self.ask(seat, "turn")

    # -- Supercharge: power cards and their durations --------------------------------------------------
    def turn_over(self, seat):
        """``seat``'s turn ends: Anti Counter stops; power cards armed until this turn's end expire."""
        self.no_counter = False
        self.activated.clear()
        if self.durations:
            self.expire(seat, armed_only=True)

    def next_turn_of(self, seat):
        """``seat``'s next turn starts: their "until my next turn" power cards end, the "until I end my
        next turn" ones are armed."""
        for entry in self.durations:
            if entry[1] == seat:
                entry[2] = True
        self.expire(seat, until_start=True)

    def expire(self, seat, armed_only=False, until_start=False):
        keep = []
        for entry in self.durations:
            name, activator, armed, detail = entry
            if activator == seat and ((until_start and name in UNTIL_START) or (armed_only and armed
                                                                                 and name in UNTIL_END)):
                if name == "Looping":
                    self.direction = -self.direction
                self.log(seat, "power_end", "{p}'s " + name + " is over.", "frantic.pw_" + POWER_STEP[name], seat)
            else:
                keep.append(entry)
        self.durations = keep

    def last_for(self, seat, name, detail=None):
        self.durations.append([name, seat, False, detail])

    def _step_power_all_draw_one(self, seat):
        self.log(seat, "power", "Everyone but {p} draws a card.", "frantic.pw_all_draw_one", seat)
        for other in self.others(seat):
            if not self.draw(other, 1):
                return

    def _step_power_anti_counter(self, seat):
        self.no_counter = True

    def _step_power_open_hands(self, seat):
        self.last_for(seat, "Open Hands")

    def _step_power_special_seal(self, seat):
        self.last_for(seat, "Special Seal")

    def _step_power_special_charge(self, seat):
        self.ask(seat, "charge")

    def _choices_charge(self, seat):
        return [interned(Aim, t) for t in self.others(seat)]

    def _decide_charge(self, seat, action):
        target = action.target
        k = sum(NUMBER[c] is None for c in self.hands[target])
        self.log(target, "draws", "{t} draws one card per special in their hand: {k}.", "frantic.pw_special_charge",
                 target, cards_count(k))
        self.draw(target, k)

    def _step_power_after(self, seat, action, then):
        """A power card that acts after the hand card's effect; then the turn ends (or 2nd Chance asks)."""
        power = action.power
        if power == "Black Wish":
            self.wish = "k"
            self.log(seat, "wish", "Black is wished: only a black card or a new wish covers it.",
                     "frantic.pw_black_wish")
        elif power == "Colour Blockade":
            self.ask(seat, "blockade")
        elif power == "Looping":
            self.direction = -self.direction
            self.last_for(seat, "Looping")
            self.log(seat, "looping", "Play turns round until {p} ends their next turn.", "frantic.pw_looping", seat)
        elif power == "Number Wish":
            self.ask(seat, "number_wish")
        elif power == "Recycling":
            self.ask(seat, "recycle", action)
        elif power == "Troublecharger":
            self.then("event", seat, "Troublecharger")
        elif power == "Random Chance" and self._choices_random(seat):
            self.ask(seat, "random")
            return                               # the extra card's play ends the turn
        if then == "again":
            self.ask(seat, "again")
        else:
            self.then("end_turn", seat)

    def _choices_blockade(self, seat):
        return _WISHES["colour"]

    def _decide_blockade(self, seat, action):
        self.last_for(seat, "Colour Blockade", action.wish)
        self.log(seat, "blockade", "{p} blocks {col} until they end their next turn.", "frantic.pw_colour_blockade",
                 seat, COLOUR_NAME[action.wish])

    def _choices_number_wish(self, seat):
        return _WISHES["any"][4:]

    def _decide_number_wish(self, seat, action):
        self.wish = action.wish
        self.log(seat, "wish", "{p} wishes {w}.", "frantic.pw_number_wish", seat, action.wish)

    def _choices_recycle(self, seat, action):
        return [interned(Aim, t) for t in range(self.players)]

    def _decide_recycle(self, seat, aim, action):
        card = action.card
        discard = self.discard
        if card not in discard:                  # an event took it off the pile already
            self.log(seat, "recycle", "{c} is no longer on the discard pile.", "frantic.pw_recycling", card)
            return
        for i in range(len(discard) - 1, -1, -1):
            if discard[i] == card:
                del discard[i]
                break
        bisect.insort(self.hands[aim.target], card, key=ORDER.__getitem__)
        if self.wish is None and self.top == (action.copy or card):
            self.top, self.wish = self.before
        self.log(seat, "recycle", "{c} goes back into {t}'s hand.", "frantic.pw_recycling", card, aim.target)

    def _choices_random(self, seat):
        hand = self.hands[seat]
        after = len(hand) - 1
        found = []
        for card in dict.fromkeys(hand):
            if card == CURSE or card == FUCK_YOU and len(hand) != 10 or card == THE_END and after:
                continue
            found += self.plays_for(seat, card, after, anywhere=True)
        return found

    def _decide_random(self, seat, action):
        self.log(seat, "random", "Random Chance: {p} plays one more card, fitting or not.", "frantic.pw_random_chance",
                 seat)
        self.play(seat, action)

    def _step_recharge(self, seat):
        choices = self.rechargeable(seat)
        if not choices:
            self.log(seat, "recharge", "{p} has no power card spent before this turn to recharge.", "frantic.recharge",
                     seat)
        elif len(choices) == 1:
            self.recharge(seat, choices[0])
        else:
            self.ask(seat, "recharge")

    def _choices_recharge(self, seat):
        return [interned(Choose, p) for p in self.rechargeable(seat)]

    def rechargeable(self, seat) -> list:
        """``seat``'s spent power cards, each kind once, but for those activated earlier this turn."""
        spent = list(self.spent[seat])
        for owner, power in self.activated:
            if owner == seat and power in spent:
                spent.remove(power)
        return list(dict.fromkeys(spent))

    def _decide_recharge(self, seat, action):
        self.recharge(seat, action.event)

    def recharge(self, seat, power):
        self.spent[seat].remove(power)
        self.powers[seat].append(power)
        self.log(seat, "recharge", "{p} turns {c} face down again.", "frantic.recharge", seat, power)

    def _step_edison(self, seat):
        owners = [s for s in range(self.players) if self.powers[s] or self.spent[s]]
        choices = [interned(Trade, a, b) for a, b in itertools.combinations(owners, 2)]
        if len(choices) == 1:
            self._decide_edison(seat, choices[0])
        elif choices:
            self.ask(seat, "edison")

    def _choices_edison(self, seat):
        owners = [s for s in range(self.players) if self.powers[s] or self.spent[s]]
        return [interned(Trade, a, b) for a, b in itertools.combinations(owners, 2)]

    def _decide_edison(self, seat, action):
        taken = []
        for owner in (action.first, action.second):
            mine = self.powers[owner] + self.spent[owner]
            card = self.rng.choice(mine)
            (self.powers[owner] if card in self.powers[owner] else self.spent[owner]).remove(card)
            taken.append(card)
        self.powers[action.second].append(taken[0])
        self.powers[action.first].append(taken[1])
        self.log(seat, "edison", "{p} swaps a power card of {t} with one of " + self.name(action.second)
                 + "; both lie face down.", "frantic.edison", seat, action.first)

    def _step_update(self, seat):
        if not self.power_pile:
            self.log(seat, "update", "The power pile is empty: Update has no effect.", "frantic.update")
            return
        old = self.powers[seat] + self.spent[seat]
        self.powers[seat].append(self.power_pile.pop())
        self.log(seat, "update", "{p} takes a power card from the power pile.", "frantic.update", seat)
        choices = list(dict.fromkeys(old))
        if len(choices) == 1:
            self.return_power(seat, choices[0])
        elif choices:
            self.ask(seat, "update", tuple(choices))

    def _choices_update(self, seat, old):
        return [interned(Choose, p) for p in old]

    def _decide_update(self, seat, action, old):
        self.return_power(seat, action.event)

    def return_power(self, seat, power):
        """One of the old power cards goes back into the power pile, which is shuffled."""
        if power in self.spent[seat]:
            self.spent[seat].remove(power)
        else:
            self.powers[seat].remove(power)
        self.power_pile.append(power)
        self.power_pile.shuffle(self.rng)
        self.log(seat, "update", "{p} shuffles an old power card back into the power pile.", "frantic.update", seat)

    def the_end(self, seat):
        """The End as someone's last card: running events are called off, and Nice Try cannot answer it.
        As the start card or turned up by Rewind it is only a card to play on."""
        self.bomb = self.eye = None
        self.lasting = []
        self.ended = True
        self.log(seat, "the_end", "The End: {p} is out, every running event is called off, and Nice Try cannot "
                 "answer.", "frantic.the_end", seat)

    def draw(self, seat, k) -> bool:
        """``seat`` draws ``k`` cards (one more under Plus One, if any at all); False when the draw pile
        ran out (the round then ends: at once, or after the event in progress)."""
        if k and self.lasting and "Plus One" in self.lasting:
            k += 1
        deck = self.deck
        hand = self.hands[seat]
        for _ in range(k):
            if not deck:
                if self.in_event:
                    self.pile_runs_out(seat)
                    return False
                self.reason = "pile"
                self.log(seat, "empty", "{p} must draw from an empty draw pile: the round ends.",
                         "frantic.round_end", seat)
                self.unwind("round_end")
                return False
            bisect.insort(hand, deck.pop(), key=ORDER.__getitem__)
        return True

    def pile_runs_out(self, seat):
        """The draw pile ran out during an event: it is finished as well as it can be, then the round ends."""
        if not self.pile_out:
            self.pile_out = True
            self.log(seat, "empty", "The draw pile is empty: the event is finished as well as it can be, then the "
                     "round ends.", "frantic.round_end")

    # -- events ----------------------------------------------------------------------------------------
    def _step_event(self, trigger, source="black card", nested=False):
        """Reveal the top event for ``trigger``. ``nested`` (Plague): only as far as the event pile
        allows, without shuffling a new one. Lucky Bastard may be thrown in first. Without the event
        cards (option ``events`` off) nothing is revealed."""
        if not self.game.options["events"]:
            self.log(trigger, "events", "No event cards in this game: the {s} reveals nothing.",
                     "frantic.event", source)
            return
        pile = self.events_pile
        if not pile:
            if nested:
                self.log(None, "events", "The event pile is empty: no further event.", "frantic.ev_plague")
                return
            pile += self.revealed
            self.revealed.clear()
            pile.shuffle(self.rng)
            self.log(None, "events", "The event pile is used up: this round's events are shuffled into a new one.",
                     "frantic.event")
        self.exempt = set()
        if self.troublemaker and self.may_answer_with(LUCKY):
            n = self.players
            self.ask_window([s for s in seats_from((trigger + 1) % n, n) if self.hands[s]], "lucky")
        self.then("reveal", trigger, source)

    def _choices_lucky(self, seat):
        return [LUCKY_THROW] if LUCKY in self.hands[seat] else ()

    def _decide_lucky(self, seat, action):
        self.hands[seat].remove(LUCKY)
        self.discard.append(LUCKY)
        self.top, self.wish = LUCKY, None
        self.exempt.add(seat)
        self.log(seat, "lucky", "{p} throws in Lucky Bastard: the coming event passes them by.",
                 "frantic.lucky_bastard", seat)
        self.ask(seat, "wish", "colour")

    def _step_reveal(self, trigger, source):
        event = self.events_pile.pop()
        self.revealed.append(event)
        self.log(trigger, "event", "{p}'s " + source + " reveals the event {e}.", "frantic.event", trigger, event)
        self.in_event += 1
        self.events_seen += 1
        self.then("ev_" + EVENT_STEP[event], trigger)
        self.then("event_done", event)

    def _step_event_done(self, event):
        self.in_event -= 1
        self.exempt = set()
        if self.in_event:
            return
        if self.end_after:
            self.reason = self.end_after
            self.unwind("round_end")
        elif self.pile_out:
            self.reason = "pile"
            self.unwind("round_end")

    def end_round_now(self, reason):
        """An event ends the round: at once, or inside Plague after the rest of it."""
        if self.in_event > 1:
            self.end_after = self.end_after or reason
            return
        self.reason = reason
        self.unwind("round_end")

    def discard_under(self, cards_):
        """Cards an event throws away go under the discard pile: the top card and the wish stay."""
        self.discard[0:0] = cards_

    def last_colour(self):
        for card in reversed(self.discard):
            colour = COLOUR[card]
            if colour in _COLOURED:
                return colour
        return None

    def _step_ev_charity(self, trigger):
        hands = self.hands
        most = max(map(len, hands))
        rich = [s for s in self.order(trigger) if len(hands[s]) == most]
        for seat in self.order(trigger):
            if seat in rich:
                continue
            for giver in rich:
                if hands[giver]:
                    card = self.rng.choice(hands[giver])
                    hands[giver].remove(card)
                    bisect.insort(hands[seat], card, key=ORDER.__getitem__)
                    self.log(seat, "charity", "{p} draws a card blindly from {t}.", "frantic.ev_charity", seat, giver)

    def _step_ev_communism(self, trigger):
        most = max(map(len, self.hands))
        for seat in self.order(trigger):
            short = most - len(self.hands[seat])
            if short:
                self.log(seat, "draws", "{p} draws {k}.", "frantic.ev_communism", seat, cards_count(short))
                self.draw(seat, short)

    def _step_ev_doomsday(self, trigger):
        self.log(None, "doomsday", "Doomsday: the round ends and everyone scores 50.", "frantic.ev_doomsday")
        self.end_round_now("doomsday")

    def _step_ev_earthquake(self, trigger):
        seats = self.order(trigger)
        old = {s: self.hands[s] for s in seats}
        for i, seat in enumerate(seats):
            self.hands[seat] = old[seats[i - 1]]
        self.log(None, "earthquake", "Everyone passes their hand to the next player.", "frantic.ev_earthquake")

    def _step_ev_expansion(self, trigger):
        for i, seat in enumerate(self.order(trigger)):
            self.log(seat, "draws", "{p} draws {k}.", "frantic.ev_expansion", seat, cards_count(i + 1))
            self.draw(seat, i + 1)

    def _step_ev_finish_line(self, trigger):
        self.log(None, "finish", "Finish Line: the round ends; everyone counts their hand.", "frantic.ev_finish_line")
        self.end_round_now("finish")

    def _step_ev_friday(self, trigger):
        self.log(None, "friday", "Friday the 13th: an ordinary Friday, nothing happens.", "frantic.ev_friday")

    def _step_ev_gambling_man(self, trigger):
        colour = self.last_colour()
        if colour is None:
            self.log(None, "gambling", "No colour has been played yet: Gambling Man has no effect.",
                     "frantic.ev_gambling_man")
            return
        hands = self.hands
        laid = []
        for seat in self.order(trigger):
            mine = [c for c in hands[seat] if COLOUR[c] == colour and NUMBER[c] is not None]
            if mine:
                card = min(mine, key=NUMBER.__getitem__)
                hands[seat].remove(card)
                laid.append((seat, card))
                self.log(seat, "lays", "{p} lays {c}.", "frantic.ev_gambling_man", seat, card)
        if laid:
            high = max(NUMBER[c] for _, c in laid)
            taker = next(s for s, c in laid if NUMBER[c] == high)
            for _, card in laid:
                bisect.insort(hands[taker], card, key=ORDER.__getitem__)
            self.log(taker, "takes", "{p} laid the highest and takes all {k} laid cards.", "frantic.ev_gambling_man",
                     taker, len(laid))
        layers = {s for s, _ in laid}
        for seat in self.order(trigger):
            if seat not in layers:
                self.log(seat, "draws", "{p} has no {col} number card and draws 2.", "frantic.ev_gambling_man",
                         seat, COLOUR_NAME[colour])
                self.draw(seat, 2)

    def _step_ev_market(self, trigger):
        for _ in range(self.players):
            if not self.deck:
                self.pile_runs_out(trigger)
                break
            self.market.append(self.deck.pop())
        self.log(None, "market", "Market: {cs} turned up.", "frantic.ev_market", _names(self.market))
        for seat in self.order(trigger):
            self.then("market_pick", seat)
        self.then("market_closed")

    def _step_market_pick(self, seat):
        market = self.market
        if not market:
            return
        if len(set(market)) == 1:
            self.take(seat, market[0])
        else:
            self.ask(seat, "market")

    def _choices_market(self, seat):
        return [interned(Take, c) for c in dict.fromkeys(sorted(self.market, key=ORDER.__getitem__))]

    def _decide_market(self, seat, action):
        self.take(seat, action.card)

    def take(self, seat, card):
        self.market.remove(card)
        bisect.insort(self.hands[seat], card, key=ORDER.__getitem__)
        self.log(seat, "takes", "{p} takes {c}.", "frantic.ev_market", seat, card)

    def _step_market_closed(self):
        """The card nobody took (a player was exempt) goes under the draw pile."""
        left = self.market
        if left:
            self.deck[0:0] = left
            self.market = []
            self.log(None, "market", "Nobody took {cs}: it goes under the draw pile.", "frantic.ev_market",
                     _names(left))

    def _step_ev_mating_season(self, trigger):
        for seat in self.order(trigger):
            hand = self.hands[seat]
            count = Counter(NUMBER[c] for c in hand if NUMBER[c] is not None)
            pairs = [c for c in hand if NUMBER[c] is not None and count[NUMBER[c]] >= 2]
            if pairs:
                for card in pairs:
                    hand.remove(card)
                self.discard_under(pairs)
                self.log(seat, "discards", "{p} discards {cs}.", "frantic.ev_mating_season", seat, _names(pairs))

    def _step_ev_merry_christmas(self, trigger):
        for seat in self.order(trigger):
            self.giving[seat], self.hands[seat] = self.hands[seat], []
        self.log(None, "christmas", "Merry Christmas: everyone gives all their cards away.",
                 "frantic.ev_merry_christmas")
        for seat in self.order(trigger):
            self.then("christmas", seat)

    def _step_christmas(self, seat):
        giving = self.giving[seat]
        if not giving:
            return
        takers = self.takers(seat)
        if len(takers) <= 1:
            other = takers[0] if takers else seat
            for card in giving:
                bisect.insort(self.hands[other], card, key=ORDER.__getitem__)
            self.log(seat, "gives", "{p} gives {t} {k}.", "frantic.ev_merry_christmas", seat, other,
                     cards_count(len(giving)))
            giving.clear()
            return
        self.ask(seat, "christmas")

    def _choices_christmas(self, seat):
        takers = self.takers(seat)
        return [interned(GiveTo, c, t) for c in dict.fromkeys(self.giving[seat]) for t in takers]

    def takers(self, seat):
        """Who may be given a card during an event: the others, those exempt left out."""
        return [t for t in self.others(seat) if t not in self.exempt]

    def _decide_christmas(self, seat, action):
        self.giving[seat].remove(action.card)
        bisect.insort(self.hands[action.target], action.card, key=ORDER.__getitem__)
        self.log(seat, "gives", "{p} gives a card to {t}.", "frantic.ev_merry_christmas", seat, action.target)
        self.then("christmas", seat)

    def _step_ev_mexican_standoff(self, trigger):
        for seat in self.order(trigger):
            hand = self.hands[seat]
            self.discard_under([c for c in hand if c != CURSE])
            self.hands[seat] = [c for c in hand if c == CURSE]
        self.log(None, "standoff", "Everyone discards their hand and draws 3.", "frantic.ev_mexican_standoff")
        for seat in self.order(trigger):
            self.draw(seat, 3)

    def _step_ev_recession(self, trigger):
        for i, seat in enumerate(self.order(trigger)):
            self.then("recession", seat, i + 1)

    def _step_recession(self, seat, k):
        hand = self.hands[seat]
        free = [c for c in hand if c != CURSE]
        if not free:
            return
        if k >= len(free):
            self.log(seat, "discards", "{p} discards {cs}.", "frantic.ev_recession", seat, _names(free))
            self.discard_under(free)
            self.hands[seat] = [c for c in hand if c == CURSE]
            return
        self.ask(seat, "recession", k)

    def _choices_recession(self, seat, k):
        return [interned(Discard, c) for c in dict.fromkeys(self.hands[seat]) if c != CURSE]

    def _decide_recession(self, seat, action, k):
        self.hands[seat].remove(action.card)
        self.discard_under([action.card])
        self.log(seat, "discards", "{p} discards {c}.", "frantic.ev_recession", seat, action.card)
        if k > 1:
            self.then("recession", seat, k - 1)

    def _step_ev_robin_hood(self, trigger):
        hands = self.hands
        order = self.order(trigger)
        poor = min(order, key=lambda s: len(hands[s]))
        rich = max(order, key=lambda s: len(hands[s]))
        if len(hands[poor]) == len(hands[rich]):
            self.log(None, "robin", "Everyone holds as many cards: Robin Hood has no effect.", "frantic.ev_robin_hood")
            return
        hands[poor], hands[rich] = hands[rich], hands[poor]
        self.log(poor, "robin", "{p} (fewest cards) swaps hands with {t} (most).", "frantic.ev_robin_hood", poor, rich)

    def _step_ev_surprise_party(self, trigger):
        for seat in self.order(trigger):
            self.then("party", seat)

    def _step_party(self, seat):
        if self.hands[seat] and self.takers(seat):
            self.ask(seat, "party")

    def _choices_party(self, seat):
        takers = self.takers(seat)
        return [interned(GiveTo, c, t) for c in dict.fromkeys(self.hands[seat]) for t in takers]

    def _decide_party(self, seat, action):
        self.hands[seat].remove(action.card)
        bisect.insort(self.hands[action.target], action.card, key=ORDER.__getitem__)
        self.log(seat, "gives", "{p} gives {t} a card.", "frantic.ev_surprise_party", seat, action.target)

    def _step_ev_all_seeing_eye(self, trigger):
        self.eye = trigger
        self.log(trigger, "eye", "All hands are open to everyone until {p}'s next turn.", "frantic.ev_all_seeing_eye",
                 trigger)

    def _step_ev_third_time_lucky(self, trigger):
        for seat in self.order(trigger):
            self.draw(seat, 3)
        self.log(None, "draws", "Everyone draws 3.", "frantic.ev_third_time_lucky")

    def _step_ev_time_bomb(self, trigger):
        if self.bomb is not None:
            self.log(None, "bomb", "A Time Bomb is already ticking: nothing more happens.", "frantic.ev_time_bomb")
            return
        self.bomb = [0] * self.players
        self.log(None, "bomb", "Time Bomb: three more turns each.", "frantic.ev_time_bomb")

    def _step_ev_tornado(self, trigger):
        """The hands are gathered, shuffled and dealt out again; an exempt player keeps theirs."""
        hands = self.hands
        order = self.order(trigger)
        pool = [c for seat in sorted(order) for c in hands[seat]]
        self.rng.shuffle(pool)
        for seat in order:
            hands[seat] = []
        for i, card in enumerate(pool):
            hands[order[i % len(order)]].append(card)
        for seat in order:
            hands[seat].sort(key=ORDER.__getitem__)
        self.log(trigger, "tornado", "Tornado: {p} shuffles the hands together and deals them out again.",
                 "frantic.ev_tornado", trigger)

    def _step_ev_vandalism(self, trigger):
        colour = self.last_colour()
        if colour is None:
            self.log(None, "vandalism", "No colour has been played yet: Vandalism has no effect.",
                     "frantic.ev_vandalism")
            return
        for seat in self.order(trigger):
            hand = self.hands[seat]
            gone = [c for c in hand if has_colour(c, colour)]
            if gone:
                self.hands[seat] = [c for c in hand if not has_colour(c, colour)]
                self.discard_under(gone)
                self.log(seat, "discards", "{p} discards {cs}.", "frantic.ev_vandalism", seat, _names(gone))

    # -- Troublemaker's events -------------------------------------------------------------------------
    def _step_ev_black_hole(self, trigger):
        if trigger in self.exempt:
            return
        for seat in self.order(trigger):
            black = [c for c in self.hands[seat] if COLOUR[c] == "k"] if seat != trigger else []
            if black:
                self.move(seat, trigger, black)
                self.log(seat, "black_hole", "{p}'s black cards {cs} go to {t}.", "frantic.ev_black_hole", seat,
                         _names(black), trigger)

    def _step_ev_capitalism(self, trigger):
        for seat in self.order(trigger):
            k = len(self.hands[seat])
            if k:
                self.log(seat, "draws", "{p} doubles their hand: draws {k}.", "frantic.ev_capitalism", seat,
                         cards_count(k))
                if not self.draw(seat, k):
                    return

    def _step_ev_crowdfunding(self, trigger):
        order = self.order(trigger)
        if not order:
            return
        fewest = min(len(self.hands[s]) for s in order)
        poor = [s for s in order if len(self.hands[s]) == fewest]
        for seat in order:
            if seat not in poor:
                for target in poor:
                    self.then("crowd", seat, target)

    def _step_crowd(self, seat, target):
        hand = self.hands[seat]
        if len(set(hand)) == 1:
            self.give_one(seat, hand[0], target, "frantic.ev_crowdfunding")
        elif hand:
            self.ask(seat, "crowd", target)

    def _choices_crowd(self, seat, target):
        return [interned(GiveTo, c, target) for c in dict.fromkeys(self.hands[seat])]

    def _decide_crowd(self, seat, action, target):
        self.give_one(seat, action.card, target, "frantic.ev_crowdfunding")

    def give_one(self, seat, card, target, rule):
        self.move(seat, target, (card,))
        self.log(seat, "gives", "{p} gives {t} a card.", rule, seat, target)

    def _step_ev_distributor(self, trigger):
        order = self.order(trigger)
        for seat in order:
            self.giving[seat], self.hands[seat] = self.hands[seat], []
        self.distributing = trigger
        self.pending = list(order)
        self.log(trigger, "distributor", "Everyone lays their hand face down before {p}, who hands the stacks out "
                 "again.", "frantic.ev_distributor", trigger)
        receivers = [trigger, *order[:-1]] if trigger in order else order
        for seat in receivers:
            self.then("distribute", trigger, seat)
        self.then("distributed")

    def _step_distribute(self, trigger, seat):
        choices = self._choices_distribute(trigger, seat) or [interned(Stack, seat, seat)]   # nobody else's
        if len(choices) == 1:
            self._decide_distribute(trigger, choices[0], seat)
        else:
            self.ask(trigger, "distribute", seat)

    def _choices_distribute(self, trigger, seat):
        """The stacks not handed out yet; the triggerer may not keep their own."""
        return [interned(Stack, owner, seat) for owner in self.pending if not (seat == trigger == owner)]

    def _decide_distribute(self, trigger, action, seat):
        stack = self.giving[action.owner]
        self.giving[action.owner] = []
        self.pending.remove(action.owner)
        self.hands[seat] = sorted(stack, key=ORDER.__getitem__)
        self.log(trigger, "distribute", "{p} hands {t}'s cards to " + self.name(seat) + ".",
                 "frantic.ev_distributor", trigger, action.owner)

    def _step_distributed(self):
        self.distributing = None

    def _step_ev_double_taxation(self, trigger):
        for seat in self.order(trigger):
            top3 = sum(sorted((POINTS[c] for c in self.hands[seat]), reverse=True)[:3])
            self.totals[seat] += top3
            self.log(seat, "tax", "{p} adds {pts} points, their three highest cards, to their total.",
                     "frantic.ev_double_taxation", seat, top3)

    def _step_ev_event_manager(self, trigger):
        pile = self.events_pile
        self.offered = [pile.pop() for _ in range(min(3, len(pile)))]
        if not self.offered:
            self.log(None, "manager", "The event pile is empty: Event Manager has nothing to offer.",
                     "frantic.ev_event_manager")
            return
        self.log(trigger, "manager", "Event Manager turns up {cs}; {p} chooses one.", "frantic.ev_event_manager",
                 _names(self.offered), trigger)
        if len(self.offered) == 1:
            self._decide_manager(trigger, interned(Choose, self.offered[0]))
        else:
            self.ask(trigger, "manager")

    def _choices_manager(self, seat):
        return [interned(Choose, e) for e in self.offered]

    def _decide_manager(self, seat, action):
        event = action.event
        self.offered.remove(event)
        self.events_pile[0:0] = self.offered
        self.offered = []
        self.revealed.append(event)
        self.log(seat, "choose", "{p} chooses {e}; the others go under the event pile.", "frantic.ev_event_manager",
                 seat, event)
        self.then("ev_" + EVENT_STEP[event], seat)

    def _step_ev_identity_theft(self, trigger):
        order = self.order(trigger)
        if len(order) < 2:
            return
        totals = self.totals
        high = max(order, key=lambda s: totals[s])
        low = min(order, key=lambda s: totals[s])
        if totals[high] == totals[low]:
            self.log(None, "identity", "Everyone has the same total: Identity Theft has no effect.",
                     "frantic.ev_identity_theft")
            return
        totals[high], totals[low] = totals[low], totals[high]
        self.log(high, "identity", "{p} (highest total) swaps totals with {t} (lowest).", "frantic.ev_identity_theft",
                 high, low)

    def _step_ev_last_chance(self, trigger):
        self.lasting_event("Last Chance", "frantic.ev_last_chance",
                           "Last Chance: for the rest of the round, every emptied hand triggers another event.")

    def _step_ev_plus_one(self, trigger):
        self.lasting_event("Plus One", "frantic.ev_plus_one",
                           "Plus One: for the rest of the round, every draw from the pile takes one card more.")

    def lasting_event(self, name, rule, text):
        if name in self.lasting:
            self.log(None, "lasting", name + " is already in force: nothing more happens.", rule)
            return
        self.lasting.append(name)
        self.log(None, "lasting", text, rule)

    def _step_ev_plague(self, trigger):
        self.log(None, "plague", "Plague: two more events, one after the other.", "frantic.ev_plague")
        self.then("event", trigger, "Plague", True)
        self.then("event", trigger, "Plague", True)

    def _step_ev_repeat(self, trigger):
        choices = self._choices_repeat(trigger)
        if not choices:
            self.log(None, "repeat", "No other event has been revealed this round: Repeat has no effect.",
                     "frantic.ev_repeat")
        elif len(choices) == 1:
            self._decide_repeat(trigger, choices[0])
        else:
            self.ask(trigger, "repeat")

    def _choices_repeat(self, seat):
        return [interned(Choose, e) for e in dict.fromkeys(self.revealed) if e != "Repeat"]

    def _decide_repeat(self, seat, action):
        self.log(seat, "repeat", "{p} repeats {e}.", "frantic.ev_repeat", seat, action.event)
        self.then("ev_" + EVENT_STEP[action.event], seat)

    def _step_ev_russian_roulette(self, trigger):
        for seat in self.order(trigger):
            self.then("roulette", seat)
        self.then("roulette_done")

    def _step_roulette(self, seat):
        hand = self.hands[seat]
        if len(set(hand)) == 1:
            self.lay(seat, hand[0])
        elif hand:
            self.ask(seat, "roulette")

    def _choices_roulette(self, seat):
        return [interned(Lay, c) for c in dict.fromkeys(self.hands[seat])]

    def _decide_roulette(self, seat, action):
        self.lay(seat, action.card)

    def lay(self, seat, card):
        self.hands[seat].remove(card)
        self.laid.append(card)
        self.log(seat, "lays", "{p} lays a card face down.", "frantic.ev_russian_roulette", seat)

    def _step_roulette_done(self):
        laid = self.laid
        self.rng.shuffle(laid)
        self.deck += laid
        self.log(None, "roulette", "The {k} laid cards are shuffled and put on top of the draw pile.",
                 "frantic.ev_russian_roulette", len(laid))
        self.laid = []

    def _step_ev_seppuku(self, trigger):
        for seat in self.order(trigger):
            self.then("seppuku", seat)

    def _step_seppuku(self, seat):
        self.ask(seat, "seppuku")

    def _choices_seppuku(self, seat):
        return _RISKS if self.deck else _RISKS[1:]

    def _decide_seppuku(self, seat, action):
        if not action.risk:
            self.totals[seat] += 21
            self.log(seat, "seppuku", "{p} does not risk it and takes 21 points.", "frantic.ev_seppuku", seat)
            return
        card = self.deck.pop()
        self.discard_under([card])
        won = NUMBER[card] is not None
        self.totals[seat] += -21 if won else 42
        outcome = "−21 points." if won else "+42 points."
        self.log(seat, "seppuku", "{p} commits Seppuku and turns up {c}: " + outcome, "frantic.ev_seppuku", seat, card)

    def _step_ev_trust_fall(self, trigger):
        for seat in self.order(trigger):
            self.then("trust", seat)

    def _step_trust(self, seat):
        choices = self._choices_trust(seat)
        if len(choices) == 1:
            self._decide_trust(seat, choices[0])
        elif choices:
            self.ask(seat, "trust")

    def _choices_trust(self, seat):
        return [interned(Pick, t) for t in self.takers(seat) if self.hands[t]]

    def _decide_trust(self, seat, action):
        giver = action.target
        hand = self.hands[giver]
        self.log(seat, "trust", "{p} picks {t} to give them two cards.", "frantic.ev_trust_fall", seat, giver)
        pairs = self._choices_trustgive(giver, seat)
        if len(pairs) <= 1:
            self.trust_give(giver, pairs[0].cards if pairs else tuple(hand), seat)
        else:
            self.ask(giver, "trustgive", seat)

    def _choices_trustgive(self, seat, taker):
        return [interned(Give, pair) for pair in dict.fromkeys(itertools.combinations(self.hands[seat], 2))]

    def _decide_trustgive(self, seat, action, taker):
        self.trust_give(seat, action.cards, taker)

    def trust_give(self, giver, given, taker):
        self.move(giver, taker, given)
        self.log(giver, "gives", "{p} gives {t} {k}.", "frantic.ev_trust_fall", giver, taker, cards_count(len(given)))

    # -- Supercharge's events --------------------------------------------------------------------------
    def _step_ev_black_jack(self, trigger):
        order = self.order(trigger)
        total = 0
        for seat in itertools.islice(itertools.cycle(order), 1000 if order else 0):
            if not self.deck:
                self.pile_runs_out(seat)
                self.discard_under(self.wave)
                self.wave = []
                return
            card = self.deck.pop()
            self.wave.append(card)
            total += POINTS[card]
            self.log(seat, "black_jack", "{p} turns up {c}: {pts} in all.", "frantic.ev_black_jack", seat, card, total)
            if total > 21:
                self.move_wave(seat)
                self.log(seat, "black_jack", "{p} went over 21 and takes the turned-up cards.",
                         "frantic.ev_black_jack", seat)
                return

    def move_wave(self, seat):
        for card in self.wave:
            bisect.insort(self.hands[seat], card, key=ORDER.__getitem__)
        self.wave = []

    def _step_ev_chargenado(self, trigger):
        order = self.order(trigger)
        for seat in order:
            self.power_pile += self.powers[seat] + self.spent[seat]
            self.powers[seat], self.spent[seat] = [], []
        self.power_pile.shuffle(self.rng)
        for _ in range(2):
            for seat in order:
                if self.power_pile:
                    self.powers[seat].append(self.power_pile.pop())
        self.log(None, "chargenado", "Chargenado: the power cards are shuffled and dealt out again, two each.",
                 "frantic.ev_chargenado")

    def _step_ev_epic_fail(self, trigger):
        order = self.order(trigger)
        if not order:
            return
        poor = min(order, key=lambda s: len(self.hands[s]))
        if FUCK_YOU in self.hands[poor]:
            return
        for place in [*self.hands, *self.giving, self.discard, self.laid, self.market, self.wave]:
            if FUCK_YOU in place:
                place.remove(FUCK_YOU)
                break
        else:
            self.deck.remove(FUCK_YOU)
            self.deck.shuffle(self.rng)
        bisect.insort(self.hands[poor], FUCK_YOU, key=ORDER.__getitem__)
        self.log(poor, "epic_fail", "{p} holds the fewest cards and gets Fuck You.", "frantic.ev_epic_fail", poor)

    def _step_ev_loot(self, trigger):
        order = self.order(trigger)
        loot = {}
        for i, seat in enumerate(order):
            victim = order[(i + 1) % len(order)]
            if victim == seat:
                continue
            theirs = self.hands[victim]
            taken = self.rng.sample(theirs, min(3, len(theirs)))
            for card in taken:
                theirs.remove(card)
            loot[seat] = taken
            self.log(seat, "loot", "{p} takes {k} blindly from {t}.", "frantic.ev_loot", seat, cards_count(len(taken)),
                     victim)
        for seat, taken in loot.items():
            for card in taken:
                bisect.insort(self.hands[seat], card, key=ORDER.__getitem__)

    def _step_ev_parasite(self, trigger):
        self.lasting_event("Parasite", "frantic.ev_parasite",
                           "Parasite: when someone wins this round, the player before them may discard two cards.")

    def _step_ev_rewind(self, trigger):
        order = self.order(trigger)
        for seat in order * 2:
            if len(self.discard) < 1:
                break
            card = self.discard.pop()
            bisect.insort(self.hands[seat], card, key=ORDER.__getitem__)
            self.log(seat, "rewind", "{p} takes {c} from the discard pile.", "frantic.ev_rewind", seat, card)
        if not self.deck:
            self.pile_runs_out(trigger)
            return
        card = self.deck.pop()
        self.discard.append(card)
        if card == FUCK_YOU:
            self.log(trigger, "rewind", "{c} is turned up: the next player may play anything.", "frantic.ev_rewind",
                     card)
            self.top = self.wish = None
            return
        self.top, self.wish = card, None
        if NUMBER[card] is not None:            # a number card, black too, has no effect to carry out
            self.log(trigger, "rewind", "{c} is turned up; play goes on on it.", "frantic.ev_rewind", card)
            return
        self.log(trigger, "rewind", "{c} is turned up; play goes on on it, its effect is {p}'s.", "frantic.ev_rewind",
                 card, trigger)
        self.before = (None, None)
        choices = self.plays_for(trigger, card, len(self.hands[trigger]), anywhere=True)
        if len(choices) == 1:
            self.rewound(trigger, choices[0])
        else:
            self.ask(trigger, "rewind")

    def _choices_rewind(self, seat):
        return list(self.plays_for(seat, self.discard[-1], len(self.hands[seat]), anywhere=True))

    def _decide_rewind(self, seat, action):
        self.rewound(seat, action)

    def rewound(self, seat, action):
        self.no_counter = False                 # a turned-up card is not played with Anti Counter
        if action.copy:
            self.top = action.copy
        self.resolve(seat, action, end=False)

    def _step_ev_riot(self, trigger):
        order = self.order(trigger)
        moving = {seat: [c for c in self.hands[seat] if NUMBER[c] is None] for seat in order}
        for i, seat in enumerate(order):
            receiver = order[(i + 1) % len(order)]
            for card in moving[seat]:
                self.hands[seat].remove(card)
            self.log(seat, "riot", "{p} passes {k} to {t}.", "frantic.ev_riot", seat, cards_count(len(moving[seat])),
                     receiver)
        for i, seat in enumerate(order):
            receiver = order[(i + 1) % len(order)]
            for card in moving[seat]:
                bisect.insort(self.hands[receiver], card, key=ORDER.__getitem__)

    def _step_ev_supercharge(self, trigger):
        for seat in self.order(trigger):
            if seat != trigger and self.power_pile:
                self.powers[seat].append(self.power_pile.pop())
                self.log(seat, "supercharge", "{p} gets one more power card.", "frantic.ev_supercharge", seat)

    def _step_ev_tsunami(self, trigger):
        self.tsunami_order = self.order(trigger)
        if self.tsunami_order:
            self.then("tsunami", 0, 0)

    def _step_tsunami(self, i, least):
        order = self.tsunami_order
        seat = order[i % len(order)]
        choices = self._choices_tsunami(seat, i, least)
        if not choices:
            self.log(seat, "tsunami", "{p} cannot match {pts} points and takes all {k} laid cards.",
                     "frantic.ev_tsunami", seat, least, len(self.wave))
            self.move_wave(seat)
            return
        self.ask(seat, "tsunami", i, least)

    def _choices_tsunami(self, seat, i, least):
        return [interned(Lay, c) for c in dict.fromkeys(self.hands[seat]) if c != CURSE and POINTS[c] >= least]

    def _decide_tsunami(self, seat, action, i, least):
        card = action.card
        self.hands[seat].remove(card)
        self.wave.append(card)
        self.log(seat, "tsunami", "{p} lays {c} ({pts} points).", "frantic.ev_tsunami", seat, card, POINTS[card])
        self.then("tsunami", i + 1, POINTS[card])

    # -- end of the round and of the game --------------------------------------------------------------
    def _step_round_end(self):
        n = self.players
        reason = self.reason or "out"
        hands = self.hands
        if "Parasite" in self.lasting and reason == "out" and not self.parasite_done:
            self.parasite_done = True
            for seat in range(n):
                if not hands[seat]:
                    self.then("parasite", (seat - 1) % n, 2)
            self.then("round_end")
            return
        if reason == "doomsday":
            scored = [50] * n
        else:
            scored = [points(h) for h in hands]
            if self.bomb is not None and reason == "out":
                scored = [-10 if not h else p + 10 for h, p in zip(hands, scored)]
                self.log(None, "bomb", "The Time Bomb is defused: −10 for the empty hand, +10 for everyone else.",
                         "frantic.ev_time_bomb")
            elif reason == "bomb":
                scored = [2 * p for p in scored]
                self.log(None, "bomb", "The Time Bomb went off: every hand counts double.", "frantic.ev_time_bomb")
        if reason in ("doomsday", "finish", "bomb"):
            self.event_ends += 1
        if reason != "doomsday":
            self.fuck_you_points += sum(POINTS[FUCK_YOU] * (2 if reason == "bomb" else 1) for h in hands
                                        if FUCK_YOU in h)
        for seat in range(n):
            if reason == "out" and not hands[seat]:
                self.log(seat, "out", "{p} has no cards left.", "frantic.round_end", seat)
        totals = self.totals
        for seat in range(n):
            totals[seat] += scored[seat]
            self.log(seat, "score", "{p} scores {pts} for {cs} (total {total}).", "frantic.scoring", seat,
                     scored[seat], _names(hands[seat]), totals[seat])
        self.round_points = scored
        self.round_over(f"Round {self.round} is over")
        self.eye = None
        self.bomb = None
        if max(totals) >= self.limit:
            low = min(totals)
            self.winners = [s for s in range(n) if totals[s] == low]
            self.log(None, "win", "A total has reached {limit}: the game is over. {ps} {verb} with {pts} points.",
                     "frantic.end", self.limit, " and ".join(self.name(s) for s in self.winners),
                     "wins" if len(self.winners) == 1 else "share the win", low)
            return
        top = max(scored)
        dealer = next(s for s in seats_from((self.dealer + 1) % n, n) if scored[s] == top)
        self.log(dealer, "dealer", "{p} scored most this round and deals the next one.", "frantic.next_dealer", dealer)
        self.then("start_round", dealer)

    def _step_parasite(self, seat, k):
        if self.hands[seat] and self._choices_parasite(seat, k):
            self.ask(seat, "parasite", k)

    def _choices_parasite(self, seat, k):
        return [*(interned(Discard, c) for c in dict.fromkeys(self.hands[seat]) if c != CURSE), PASS]

    def _decide_parasite(self, seat, action, k):
        if type(action) is Pass:
            return
        self.hands[seat].remove(action.card)
        self.discard_under([action.card])
        self.log(seat, "parasite", "Parasite: {p} discards {c}.", "frantic.ev_parasite", seat, action.card)
        if k > 1:
            self.then("parasite", seat, k - 1)

    # -- contract --------------------------------------------------------------------------------------
    def all_cards(self):
        found = (self.deck + self.discard + self.events_pile + self.revealed + self.market + self.offered + self.laid
                 + self.wave + self.power_pile)
        for powers in self.powers:
            found += powers
        for spent in self.spent:
            found += spent
        for hand in self.hands:
            found += hand
        for giving in self.giving:
            found += giving
        return found

    def summary(self):
        return (self.event_ends / self.round, self.fuck_you_points, self.events_seen / self.round)

    def candidate_actions(self, seat=None):
        """On a turn: every card in hand (those that do not fit are explained), then Draw and Pass."""
        decision = self.decision
        if decision is None or seat not in (None, decision.seat) or decision.kind not in ("turn", "again", "drawn"):
            return self.legal_actions(seat)
        legal = self.legal_actions()
        shown = []
        for card in dict.fromkeys(self.hands[decision.seat]):
            mine = [a for a in legal if type(a) is Play and a.card == card]
            shown += mine or [Play(card)]
        return shown + [a for a in legal if type(a) is not Play]

    def why_illegal(self, action, seat):
        decision = self.decision
        name = self.name(seat)
        kind = decision.kind if decision is not None else None
        hand = self.hands[seat]
        if type(action) is Play:
            if kind not in ("turn", "again", "drawn", "start"):
                return IllegalAction(f"{name} is not asked to play a card now", "frantic.turn")
            card = action.card
            if card not in ORDER:
                return IllegalAction(f"{card!r} is not a Frantic play card", "frantic.deck")
            if card == CURSE:
                return IllegalAction("Curse can never be played; it leaves your hand only through effects",
                                     "frantic.curse")
            if card == MIMICRY and action.copy is None and kind != "start" and card in hand:
                return IllegalAction("Mimicry is played as a copy of a special that fits here (Play Mimicry as "
                                     "Gift r); " + ("choose one of them" if self.plays_for(seat, card, len(hand) - 1)
                                                    else "no special fits now"), "frantic.mimicry")
            if (action.copy is not None) != (card == MIMICRY):
                return IllegalAction("Mimicry is played as a copy of a special (Play Mimicry as Gift r); no other "
                                     "card copies", "frantic.mimicry")
            if card == MIMICRY and action.copy not in self.copies:
                return IllegalAction(f"Mimicry copies a special of the game except Curse, Fuck You and Mimicry, not "
                                     f"{action.copy!r}", "frantic.mimicry")
            if card == MIMICRY and kind != "start" and not matches(action.copy, self.top, self.wish):
                return IllegalAction(f"Mimicry as {action.copy} must fit like {action.copy} itself (a one-colour "
                                     "special only on its colour)", "frantic.mimicry")
            if kind != "start" and card not in hand:
                return IllegalAction(f"{name} does not hold {card}", "frantic.turn")
            if card == FUCK_YOU and len(hand) != 10:
                return IllegalAction(f"Fuck You may be played only with exactly 10 cards in hand ({name} holds "
                                     f"{len(hand)})", "frantic.fuck_you")
            if kind != "start" and not self.playable(card, hand):
                if COLOUR[card] == "k":
                    return IllegalAction(f"a black card goes only on its number (or a wish for it), never on "
                                         f"black: {card} does not fit", "frantic.black")
                if self.wish is not None:
                    return IllegalAction(f"{wish_words(self.wish)} is wished: {card} does not fit", "frantic.wish")
                return IllegalAction(f"{card} matches neither the number, the colour nor the symbol of "
                                     f"{self.top}", "frantic.match")
            if action.target == seat:
                return IllegalAction("nobody punishes themselves: choose another player",
                                     "frantic.no_self_punish")
            if card == EQUALITY and action.target is not None:
                return IllegalAction("Equality's target must hold fewer cards than you", "frantic.equality")
            if action.power is not None:
                if not self.supercharge or action.power not in self.powers[seat]:
                    return IllegalAction(f"{name} has no face-down power card {action.power!r} to activate",
                                         "frantic.powers")
                if kind not in ("turn", "again", "drawn"):
                    return IllegalAction("a power card is activated only with a hand card played on one's own turn",
                                         "frantic.powers")
                if card == THE_END:
                    return IllegalAction("no power card can be activated with The End", "frantic.the_end")
                if action.power == "Special Seal" and NUMBER[card] is None:
                    return IllegalAction("Special Seal acts before the card: it cannot come with a special",
                                         "frantic.pw_special_seal")
            if self.supercharge and kind != "start" and card in hand:
                rule = self.blocked(card, len(hand) - 1)
                if rule:
                    return IllegalAction({"frantic.the_end": "The End may be played only as one's last card",
                                          "frantic.pw_special_seal": "Special Seal is in force: no specials now",
                                          "frantic.pw_colour_blockade": f"Colour Blockade bars {card}'s colour now"
                                          }[rule], rule)
            if action.plain and (action.copy or card) not in (FANTASTIC_FOUR, *FOUR_ATTACKS, "Edison", "Update"):
                return IllegalAction("only a card that wishes may be played as a plain wish", "frantic.plain_wish")
            return IllegalAction(f"{action} is not one of the ways to play {card}", "frantic.turn")
        if type(action) is Draw:
            if kind == "drawn":
                return IllegalAction(f"{name} has drawn already: play a card or end the turn", "frantic.draw")
            if kind == "again":
                return IllegalAction("after 2nd Chance you must play a card that fits; draw only if none does",
                                     "frantic.second_chance")
            if kind == "turn":
                return IllegalAction("the draw pile is empty: you must play a card that fits",
                                     "frantic.round_end")
        if type(action) is Pass and kind in ("turn", "again"):
            return IllegalAction(f"{name} must play or draw first; the turn ends only after drawing", "frantic.draw")
        if type(action) is Wish:
            if action.wish == "k":
                return IllegalAction("black cannot be wished", "frantic.black")
            return IllegalAction("wish red, green, blue or yellow (or a number 1–9 with Fantastic and "
                                 "Fantastic Four)", "frantic.wish")
        if type(action) is Counterattack and COUNTERATTACK not in hand:
            return IllegalAction(f"{name} holds no Counterattack to throw in", "frantic.counterattack")
        if type(action) is NiceTry and NICE_TRY not in hand:
            return IllegalAction(f"{name} holds no Nice Try to throw in", "frantic.nice_try")
        aimed_at_self = (action.target == seat if type(action) in (Counterattack, GiveTo) else
                         seat in action.shares if type(action) is Split else False)
        if aimed_at_self:
            return IllegalAction("nobody punishes themselves: choose another player", "frantic.no_self_punish")
        if type(action) is Steal and FUCK_YOU in action.cards:
            return IllegalAction("Thief never takes Fuck You: it is obtained only blindly", "frantic.thief")
        if type(action) is LuckyBastard:
            return IllegalAction(f"{name} may throw Lucky Bastard in only while holding it, before an event is "
                                 "revealed", "frantic.lucky_bastard")
        if type(action) is Give and FUCK_YOU in action.cards and kind == "give":
            return IllegalAction("Fuck You is never given on purpose", "frantic.fuck_you")
        return IllegalAction(f"{action} is not one of the choices now", "frantic.turn")

    # -- what each seat sees: your own hand is yours to see, every hand while The All-Seeing Eye is
    # open, the victim's while your Thief chooses; the draw pile and the event pile are face down;
    # the discard pile and this round's events are open.
    zone_order = ("hand", "giving", "powers", "spent")
    round_end_shows = ("hand",)                 # the hands are scored face up
    looks_into = {"steal": 0}                   # Thief: the thief looks into the victim's hand

    def open_hands(self) -> set:
        """The seats whose Open Hands lasts now (each shows every hand but its own)."""
        return {entry[1] for entry in self.durations if entry[0] == "Open Hands"} if self.durations else set()

    def shows_hand(self, seat, whose) -> bool:
        """Whether ``seat`` sees the hand of ``whose``: its own, every hand while the Eye is open, the
        victim's while its Thief chooses, and under someone's Open Hands every hand but that one's."""
        if seat is None or seat == whose or self.eye is not None or self.looked_into(seat) == whose:
            return True
        open_hands = self.open_hands() if self.durations else ()
        return bool(open_hands) and open_hands != {whose}

    def view_zones(self, seat, whose):
        hand = self.hands[whose]                # its own hand without a call: bots read it every decision
        zones = {"hand": hand[:] if seat == whose or self.shows_hand(seat, whose) else [None] * len(hand)}
        if self.supercharge:
            powers = self.powers[whose]
            zones["powers"] = powers[:] if seat is None or seat == whose else [None] * len(powers)
            zones["spent"] = self.spent[whose][:]
        giving = self.giving[whose]
        if giving:
            zones["giving"] = giving[:] if seat in (None, whose, self.distributing) else [None] * len(giving)
        return zones

    def view_table(self, seat):
        teacher = seat is None
        table = {"deck": self.deck[::-1] if teacher else [None] * len(self.deck),
                 "discard": self.discard[:],
                 "events": self.events_pile[::-1] if teacher else [None] * len(self.events_pile),
                 "revealed": self.revealed[:]}
        if self.market:
            table["market"] = self.market[:]
        if self.wave:
            table["wave"] = self.wave[:]
        if self.supercharge:
            table["powerpile"] = self.power_pile[::-1] if teacher else [None] * len(self.power_pile)
        if self.offered:
            table["offered"] = self.offered[:]
        if self.laid:
            table["laid"] = self.laid[:] if teacher else [None] * len(self.laid)
        return table

    def view_unseen(self, seat):
        if seat is None:
            return Counter()
        hands = self.hands                      # one count over everything this seat cannot see
        if self.eye is None and not self.durations and self.looked_into(seat) is None:
            hidden = hands[:]
            del hidden[seat]
        else:
            hidden = [hand for whose, hand in enumerate(hands) if not self.shows_hand(seat, whose)]
        if self.laid:
            hidden.append(self.laid)
        if any(self.giving) and seat != self.distributing:
            hidden += [giving for whose, giving in enumerate(self.giving) if giving and whose != seat]
        if not self.supercharge:
            return self.deck.counts(hidden, (self.events_pile,))
        if any(self.powers):
            hidden += [powers for whose, powers in enumerate(self.powers) if powers and whose != seat]
        return self.deck.counts(hidden, (self.events_pile, self.power_pile))

    def view_facts(self, seat):
        return {"round": self.round, "dealer": self.dealer, "top": self.top, "wish": self.wish,
                "hand_sizes": [len(h) for h in self.hands], "skipped": self.skipped[:], "bomb": self.bomb_turns(),
                "eye": self.eye is not None, "deck": len(self.deck), "events": len(self.events_pile),
                "limit": self.limit, "round_points": self.round_points[:],
                "last_colour": self.last_colour(), "lasting": self.lasting[:],
                "in_force": ", ".join(self.lasting + [self.duration_text(e) for e in self.durations]) or None,
                "direction": self.direction, "open_hands": sorted(self.open_hands())}

    def view_seat_notes(self, seat):
        bomb = self.bomb_turns()
        return [cards_count(len(h)) + (" · skips next turn" if self.skipped[s] else "")
                + ("" if bomb is None else f" · {bomb[s]} turns left") for s, h in enumerate(self.hands)]

    def bomb_turns(self) -> list[int] | None:
        """Turns each seat has left before the Time Bomb goes off, or None without a bomb."""
        return None if self.bomb is None else [max(0, 3 - k) for k in self.bomb]

    def duration_text(self, entry) -> str:
        name, activator, armed, detail = entry
        what = f"{name} ({COLOUR_NAME[detail]})" if detail else name
        until = "ends their next turn" if name in UNTIL_END else "next turn"
        return (f"{what} until {self.name(activator)}'s {until}" if until == "next turn" else
                f"{what} until {self.name(activator)} {until}")

    def status_line(self) -> str:
        decision = self.decision
        if decision is None:
            names = " and ".join(self.name(s) for s in self.winners)
            return f"Game over: {names} {'wins' if len(self.winners) == 1 else 'share the win'} with {min(self.totals)} points."
        if type(decision) is Window:
            return f"Round {self.round}: waiting for reactions."
        name = self.name(decision.seat)
        wanted = (f"{wish_words(self.wish)} is wished" if self.wish is not None else
                  "anything goes" if self.top is None else f"play on {self.top}")
        return f"Round {self.round}: {name} — {_ASKS.get(decision.kind, decision.kind).replace('{wanted}', wanted)}."


#: What the status line says a decision asks for; "{wanted}" is what may be played now.
_ASKS = {"turn": "{wanted}, or draw", "again": "2nd Chance: {wanted}, or draw if nothing fits",
         "drawn": "{wanted}, or end the turn", "wish": "make a wish", "split": "split Fantastic Four's 4 cards",
         "give": "choose the cards to give", "start": "resolve the start card", "market": "take a card",
         "party": "give a card away", "christmas": "give the cards away", "recession": "discard a card",
         "steal": "choose two cards to steal", "crowd": "give a card to the player with the fewest",
         "distribute": "hand the stacks out", "manager": "choose an event", "repeat": "choose an event to repeat",
         "roulette": "lay a card face down", "seppuku": "risk Seppuku or take 21 points",
         "trust": "pick who gives you two cards", "trustgive": "choose two cards to give",
         "charge": "aim Special Charge", "blockade": "block a colour", "number_wish": "wish a number",
         "recycle": "choose who takes the card back", "random": "play one more card",
         "recharge": "recharge a power card", "edison": "swap two power cards", "update": "put a power card back",
         "rewind": "resolve the turned-up card", "tsunami": "lay a card", "parasite": "discard up to two"}

_ATTACK_RULE = {"Gift": "frantic.gift", "Exchange": "frantic.exchange", "Skip": "frantic.skip",
                EQUALITY: "frantic.equality", FANTASTIC_FOUR: "frantic.fantastic_four",
                INEQUALITY: "frantic.inequality",
                FAVOURS: "frantic.special_favours", "Thief": "frantic.thief"}
_SPLITS: dict = {}
_PLAYS: dict = {}             # (card, seat, players) -> the ways to play it (Equality aside: it counts hands)
_POWERED: dict = {}           # power cards held -> {id of an interned play: the play with each one activated}
_WISHES = {kind: tuple(interned(Wish, w) for w in values) for kind, values in WISH_VALUES.items()}
_WISHES.update({pair: tuple(interned(Wish, w) for w in pair) for pair in SWAP_COLOURS.values()})
_RISKS = (Risk(True), Risk(False))
_COLOURED = frozenset(COLOURS)


def _splits(seats: tuple) -> tuple:
    """Every way to hand 4 cards to ``seats``: sorted tuples of 4 seats."""
    found = _SPLITS.get(seats)
    if found is None:
        found = _SPLITS[seats] = tuple(itertools.combinations_with_replacement(sorted(seats), 4))
    return found


class Frantic(Game):
    id = "frantic"
    title = "Frantic"
    blurb = ("A shedding party game: match colours and numbers, hit others with specials, counter out of "
             "turn, and survive the events black cards reveal; 2 to 8 players, with the Troublemaker and "
             "Supercharge (power cards) expansions.")
    rules = RULES
    players_range = (2, 8)
    default_players = 4
    option_specs = [
        Option("limit", 0, "points that end the game (0: 154 for 2–4 players, 137 for 5–8)", 0, 100000),
        Option("troublemaker", False, "add the Troublemaker expansion"),
        Option("supercharge", False, "add the Supercharge expansion (power cards)"),
        Option("events", True, "play with the event cards (off: a black card is a plain card)"),
    ]
    action_types = {"Play": Play, "Draw": Draw, "Wish": Wish, "Split": Split, "Give": Give, "Counterattack": Counterattack,
                    "NiceTry": NiceTry, "Take": Take, "GiveTo": GiveTo, "Discard": Discard, "Pass": Pass,
                    "Steal": Steal, "LuckyBastard": LuckyBastard, "Stack": Stack, "Choose": Choose, "Lay": Lay,
                    "Risk": Risk, "Pick": Pick, "Aim": Aim, "Trade": Trade}
    state_class = FranticState
    stackable = ("events", "powers")
    reaction_cards = (COUNTERATTACK, NICE_TRY, LUCKY)
    summary_columns = ("event_end_share", "fuck_you_points", "events_per_round")
    parse = staticmethod(parse)

    def check_options(self):
        if not self.options["limit"]:
            self.options["limit"] = 154 if self.players <= 4 else 137

    def make_deck(self):
        return cards.make_deck(self.options["troublemaker"], self.options["supercharge"], self.options["events"])
