"""Frantic (base game): the rule book driven by the core's decisions and reaction windows.

A round: ``start_round`` deals and schedules the dealer's start card, then ``round_end`` at the
bottom of the agenda. Every play ends with ``end_turn``: the Nice Try window if a hand is empty,
else the next turn. A round that ends at once (empty draw pile, Doomsday, Finish Line, Time Bomb)
unwinds to ``round_end``. Attacks (Fantastic Four shares, Equality, Gift, Exchange, Skip) open a
Counterattack window for their target; a counter makes the counter-attacker the attacker.
"""
from __future__ import annotations

import bisect
import dataclasses
import itertools
from collections import Counter

from cardkit.core import (PASS, Action, Game, IllegalAction, Option, Pass, Pile, State, View, Window,
                          cards_count, interned, player_name, seats_from, stacked_deck)

from . import cards
from .cards import (COLOUR, COLOUR_NAME, EVENTS, FUCK_YOU, NUMBER, ORDER, PLAY_PACK, POINTS, SYMBOL, WISH_VALUES,
                    WISHES, fitting, matches, parse, parse_event, points, wish_words)
from .rules import RULES

COUNTERATTACK, NICE_TRY, FANTASTIC_FOUR, EQUALITY = "Counterattack", "Nice Try", "Fantastic Four", "Equality"
ATTACKS = ("Gift", "Exchange", "Skip")              # one-colour specials against one player
#: The step that runs each event, and its rule id (frantic.ev_<step>).
EVENT_STEP = {name: name.lower().replace(" ", "_").replace("-", "_") for name in EVENTS}
EVENT_STEP.update({"Friday the 13th": "friday", "The All-Seeing Eye": "all_seeing_eye"})


# -- actions -------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play ``card`` from the hand; ``target`` for a special against one player; ``plain`` plays a
    wisher (Fantastic Four, Equality) for its wish alone."""
    card: str
    target: int | None = None
    plain: bool = False

    def label(self):
        text = f"Play {self.card}"
        if self.target is not None:
            text += f" → {player_name(self.target)}"
        if self.plain:
            text += " as a plain wish"
        return text


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


DRAW = Draw()
NICE = NiceTry()


def _names(cards_) -> str:
    return " ".join(cards_) or "nothing"


# -- the state -----------------------------------------------------------------------------------------
class FranticState(State):

    def setup(self, deck, events=None):
        game = self.game
        n = self.players
        self.limit = game.options["limit"]
        self.deck = stacked_deck(PLAY_PACK, deck, self.rng, parse)
        self.events_pile = stacked_deck(Counter(EVENTS), events, self.rng, parse_event, "events")
        self.revealed: list = []
        self.discard = Pile()
        self.hands: list[list] = [[] for _ in range(n)]
        self.giving: list[list] = [[] for _ in range(n)]      # Merry Christmas: cards still to give away
        self.market: list = []
        self.round = 0
        self.round_points: list = [0] * n
        self.event_ends = 0                                     # rounds ended by an event (explorer)
        self.fuck_you_points = 0                                # what Fuck You cost whoever held it at a round end
        self.then("start_round", n - 1)

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
        self.reason = None
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
        choices = self.plays_for(dealer, card, len(self.hands[dealer]))
        if len(choices) == 1:
            self.resolve(dealer, choices[0])
        else:
            self.ask(dealer, "start", card)

    def _choices_start(self, seat, card):
        return list(self.plays_for(seat, card, len(self.hands[seat])))

    def _decide_start(self, seat, action, card):
        self.resolve(seat, action)

    # -- what may be played ----------------------------------------------------------------------------
    def playable(self, card, hand) -> bool:
        if card == FUCK_YOU:
            return len(hand) == 10
        return matches(card, self.top, self.wish)

    def plays_for(self, seat, card, after) -> list:
        """The ways to play ``card`` (targets, or as a plain wish); ``after``: the hand size once played."""
        if card == EQUALITY:
            hands = self.hands
            return [interned(Play, card, t, False) for t in self.others(seat) if len(hands[t]) < after] + [
                interned(Play, card, None, True)]
        key = (card, seat, self.players)
        found = _PLAYS.get(key)
        if found is None:
            if SYMBOL[card] in ATTACKS:
                found = [interned(Play, card, t, False) for t in self.others(seat)]
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
        """Every seat from the first affected (after ``trigger``) round to ``trigger``."""
        return seats_from((trigger + 1) % self.players, self.players)

    def plays(self, seat) -> list:
        hand = self.hands[seat]
        found = []
        after = len(hand) - 1
        fits = fitting(self.top, self.wish)
        last = None
        for card in hand:
            if card != last and (card in fits or card == FUCK_YOU and after == 9):
                found += self.plays_for(seat, card, after)
            last = card
        return found

    def _choices_turn(self, seat):
        plays = self.plays(seat)
        if self.deck or not plays:
            plays.append(DRAW)
        return plays

    def _choices_again(self, seat):
        return self.plays(seat) or [DRAW]

    def _choices_drawn(self, seat):
        plays = self.plays(seat)
        plays.append(PASS)
        return plays

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
        self.hands[seat].remove(card)
        self.discard.append(card)
        if card == FUCK_YOU:
            self.log(seat, "play", "{p} plays Fuck You with exactly 10 cards: play goes on on the card below.",
                     "frantic.fuck_you", seat)
            self.then("end_turn", seat)
            return
        self.top, self.wish = card, None
        colour = COLOUR[card]
        rule = ("frantic.black" if colour == "k" else "frantic.four_colour" if colour is None else
                "frantic.match")
        if action.target is not None:
            self.log(seat, "play", "{p} plays {c} → {t}.", rule, seat, card, action.target)
        elif action.plain:
            self.log(seat, "play", "{p} plays {c} as a plain wish.", "frantic.plain_wish", seat, card)
        else:
            self.log(seat, "play", "{p} plays {c}.", rule, seat, card)
        self.resolve(seat, action)

    def resolve(self, seat, action):
        """The effect of the card just put on the pile by ``seat``; the turn ends after it (2nd Chance
        asks for another card first)."""
        card = action.card
        symbol = SYMBOL[card]
        if COLOUR[card] == "k":
            self.then("event", seat)
        elif card in WISHES:
            self.ask(seat, "wish", WISHES[card])
            if action.plain:
                pass
            elif card == FANTASTIC_FOUR:
                self.ask(seat, "split")
            elif card == EQUALITY:
                self.then("attack", seat, EQUALITY, action.target, 0)
        elif symbol in ATTACKS:
            self.then("attack", seat, symbol, action.target, 0)
        elif symbol == "2nd Chance":
            self.log(seat, "again", "{p} must play another card on the 2nd Chance, or draw one.",
                     "frantic.second_chance", seat)
            self.ask(seat, "again")
            return
        else:                                  # a plain number: nothing waits, the turn ends at once
            self._step_end_turn(seat)
            return
        self.then("end_turn", seat)

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

    # -- attacks and Counterattack ---------------------------------------------------------------------
    def _step_attack(self, attacker, kind, target, extra):
        what = f"{kind} ({extra})" if kind == FANTASTIC_FOUR else kind
        self.log(attacker, "attack", "{p} aims {k} at {t}.", _ATTACK_RULE[kind], attacker, what, target)
        if COUNTERATTACK in self.hands[target]:
            self.ask_window((target,), "counter", kind, attacker, target, extra)
        else:
            self.then("hit", attacker, kind, target, extra)

    def _choices_counter(self, seat, kind, attacker, target, extra):
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
        if all(hands):
            self._step_turn_start((seat + 1) % self.players)
            return
        holders = [s for s in self.order(seat) if NICE_TRY in hands[s]]
        if not self.ask_window(holders, "nicetry", seat):
            self.reason = "out"

    def _choices_nicetry(self, holder, seat):
        return [NICE]

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
        if self.skipped[seat]:
            self.skipped[seat] = False
            self.log(seat, "skipped", "{p} sits out this turn.", "frantic.skip", seat)
            self.then("turn_start", (seat + 1) % self.players)
            return
        self.ask(seat, "turn")

    def draw(self, seat, k) -> bool:
        """``seat`` draws ``k`` cards; False when the draw pile ran out (the round then ends: at once,
        or after the event in progress)."""
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
    def _step_event(self, trigger):
        pile = self.events_pile
        if not pile:
            pile += self.revealed
            self.revealed.clear()
            pile.shuffle(self.rng)
            self.log(None, "events", "The event pile is used up: this round's events are shuffled into a new one.",
                     "frantic.event")
        event = pile.pop()
        self.revealed.append(event)
        self.log(trigger, "event", "{p}'s black card reveals the event {e}.", "frantic.event", trigger, event)
        self.in_event += 1
        self.then("ev_" + EVENT_STEP[event], trigger)
        self.then("event_done", event)

    def _step_event_done(self, event):
        self.in_event -= 1
        if self.pile_out and not self.in_event:
            self.reason = "pile"
            self.unwind("round_end")

    def discard_under(self, cards_):
        """Cards an event throws away go under the discard pile: the top card and the wish stay."""
        self.discard[0:0] = cards_

    def last_colour(self):
        for card in reversed(self.discard):
            colour = COLOUR[card]
            if colour is not None and colour != "k":
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
        self.reason = "doomsday"
        self.log(None, "doomsday", "Doomsday: the round ends and everyone scores 50.", "frantic.ev_doomsday")
        self.unwind("round_end")

    def _step_ev_earthquake(self, trigger):
        n = self.players
        self.hands = [self.hands[(s - 1) % n] for s in range(n)]
        self.log(None, "earthquake", "Everyone passes their hand to the next player.", "frantic.ev_earthquake")

    def _step_ev_expansion(self, trigger):
        for i, seat in enumerate(self.order(trigger)):
            self.log(seat, "draws", "{p} draws {k}.", "frantic.ev_expansion", seat, cards_count(i + 1))
            self.draw(seat, i + 1)

    def _step_ev_finish_line(self, trigger):
        self.reason = "finish"
        self.log(None, "finish", "Finish Line: the round ends; everyone counts their hand.", "frantic.ev_finish_line")
        self.unwind("round_end")

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
        for seat in range(self.players):
            self.giving[seat], self.hands[seat] = self.hands[seat], []
        self.log(None, "christmas", "Merry Christmas: everyone gives all their cards away.",
                 "frantic.ev_merry_christmas")
        for seat in self.order(trigger):
            self.then("christmas", seat)

    def _step_christmas(self, seat):
        giving = self.giving[seat]
        if not giving:
            return
        if self.players == 2:
            other = 1 - seat
            for card in giving:
                bisect.insort(self.hands[other], card, key=ORDER.__getitem__)
            self.log(seat, "gives", "{p} gives {t} {k}.", "frantic.ev_merry_christmas", seat, other,
                     cards_count(len(giving)))
            giving.clear()
            return
        self.ask(seat, "christmas")

    def _choices_christmas(self, seat):
        return [interned(GiveTo, c, t) for c in dict.fromkeys(self.giving[seat]) for t in self.others(seat)]

    def _decide_christmas(self, seat, action):
        self.giving[seat].remove(action.card)
        bisect.insort(self.hands[action.target], action.card, key=ORDER.__getitem__)
        self.log(seat, "gives", "{p} gives a card to {t}.", "frantic.ev_merry_christmas", seat, action.target)
        self.then("christmas", seat)

    def _step_ev_mexican_standoff(self, trigger):
        for seat in range(self.players):
            self.discard_under(self.hands[seat])
            self.hands[seat] = []
        self.log(None, "standoff", "Everyone discards their hand and draws 3.", "frantic.ev_mexican_standoff")
        for seat in self.order(trigger):
            self.draw(seat, 3)

    def _step_ev_recession(self, trigger):
        for i, seat in enumerate(self.order(trigger)):
            self.then("recession", seat, i + 1)

    def _step_recession(self, seat, k):
        hand = self.hands[seat]
        if not hand:
            return
        if k >= len(hand):
            self.log(seat, "discards", "{p} discards {cs}.", "frantic.ev_recession", seat, _names(hand))
            self.discard_under(hand)
            self.hands[seat] = []
            return
        self.ask(seat, "recession", k)

    def _choices_recession(self, seat, k):
        return [interned(Discard, c) for c in dict.fromkeys(self.hands[seat])]

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
        if self.hands[seat]:
            self.ask(seat, "party")

    def _choices_party(self, seat):
        return [interned(GiveTo, c, t) for c in dict.fromkeys(self.hands[seat]) for t in self.others(seat)]

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
        pool = [c for hand in self.hands for c in hand]
        self.rng.shuffle(pool)
        hands = self.hands = [[] for _ in range(self.players)]
        order = self.order(trigger)
        for i, card in enumerate(pool):
            hands[order[i % len(order)]].append(card)
        for hand in hands:
            hand.sort(key=ORDER.__getitem__)
        self.log(trigger, "tornado", "Tornado: {p} shuffles all hands together and deals them out again.",
                 "frantic.ev_tornado", trigger)

    def _step_ev_vandalism(self, trigger):
        colour = self.last_colour()
        if colour is None:
            self.log(None, "vandalism", "No colour has been played yet: Vandalism has no effect.",
                     "frantic.ev_vandalism")
            return
        for seat in self.order(trigger):
            hand = self.hands[seat]
            gone = [c for c in hand if COLOUR[c] == colour]
            if gone:
                self.hands[seat] = [c for c in hand if COLOUR[c] != colour]
                self.discard_under(gone)
                self.log(seat, "discards", "{p} discards {cs}.", "frantic.ev_vandalism", seat, _names(gone))

    # -- end of the round and of the game --------------------------------------------------------------
    def _step_round_end(self):
        n = self.players
        reason = self.reason or "out"
        hands = self.hands
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

    # -- contract --------------------------------------------------------------------------------------
    def all_cards(self):
        found = self.deck + self.discard + self.events_pile + self.revealed + self.market
        for hand in self.hands:
            found += hand
        for giving in self.giving:
            found += giving
        return found

    def summary(self):
        return (self.event_ends / self.round, self.fuck_you_points)

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
            if action.plain and card not in (FANTASTIC_FOUR, EQUALITY):
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
        aimed_at_self = (action.target == seat if type(action) in (Counterattack, GiveTo) else
                         seat in action.shares if type(action) is Split else False)
        if aimed_at_self:
            return IllegalAction("nobody punishes themselves: choose another player", "frantic.no_self_punish")
        if type(action) is Give and FUCK_YOU in action.cards:
            return IllegalAction("Fuck You is never given on purpose", "frantic.fuck_you")
        return IllegalAction(f"{action} is not one of the choices now", "frantic.turn")

    def view(self, seat=None) -> View:
        """Your own hand is yours to see, every hand while The All-Seeing Eye is open; the draw pile
        and the event pile are face down; the discard pile and this round's events are open."""
        teacher = seat is None
        open_all = teacher or self.eye is not None
        hands = self.hands
        unseen = Counter()
        if not teacher:
            hidden = self.deck + self.events_pile
            for s in range(self.players):
                if s != seat:
                    if not open_all:
                        hidden += hands[s]
                    hidden += self.giving[s]
            unseen = Counter(hidden)
        seats = []
        for s, hand in enumerate(hands):
            zones = {"hand": hand[:] if open_all or s == seat else [None] * len(hand)}
            giving = self.giving[s]
            if giving:
                zones["giving"] = giving[:] if teacher or s == seat else [None] * len(giving)
            seats.append(zones)
        table = {"deck": self.deck[::-1] if teacher else [None] * len(self.deck),
                 "discard": self.discard[:],
                 "events": self.events_pile[::-1] if teacher else [None] * len(self.events_pile),
                 "revealed": self.revealed[:]}
        if self.market:
            table["market"] = self.market[:]
        bomb = None if self.bomb is None else [max(0, 3 - k) for k in self.bomb]
        return View(
            seat=seat, seats=seats, table=table, scores=self.scores,
            status=self.status_line(),
            facts={"round": self.round, "dealer": self.dealer, "top": self.top, "wish": self.wish,
                   "hand_sizes": [len(h) for h in hands], "skipped": self.skipped[:], "bomb": bomb,
                   "eye": self.eye is not None, "deck": len(self.deck), "events": len(self.events_pile),
                   "limit": self.limit, "round_points": self.round_points[:],
                   "last_colour": self.last_colour()},
            unseen=unseen,
            current_player=self.shown_current(seat),
            seat_notes=[cards_count(len(h)) + (" · skips next turn" if self.skipped[s] else "")
                        + ("" if bomb is None else f" · {bomb[s]} turns left") for s, h in enumerate(hands)],
            zone_order=["hand", "giving"],
        )

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
        asks = {"turn": f"{wanted}, or draw", "again": f"2nd Chance: {wanted}, or draw if nothing fits",
                "drawn": f"{wanted}, or end the turn", "wish": "make a wish", "split": "split Fantastic Four's 4 cards",
                "give": "choose the cards to give", "start": "resolve the start card", "market": "take a card",
                "party": "give a card away", "christmas": "give the cards away", "recession": "discard a card"}
        return f"Round {self.round}: {name} — {asks.get(decision.kind, decision.kind)}."


_ATTACK_RULE = {"Gift": "frantic.gift", "Exchange": "frantic.exchange", "Skip": "frantic.skip",
                EQUALITY: "frantic.equality", FANTASTIC_FOUR: "frantic.fantastic_four"}
_SPLITS: dict = {}
_PLAYS: dict = {}             # (card, seat, players) -> the ways to play it (Equality aside: it counts hands)
_WISHES = {kind: tuple(interned(Wish, w) for w in values) for kind, values in WISH_VALUES.items()}


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
             "turn, and survive the events black cards reveal; 2 to 8 players.")
    rules = RULES
    players_range = (2, 8)
    default_players = 4
    option_specs = [
        Option("limit", 0, "points that end the game (0: 154 for 2–4 players, 137 for 5–8)", 0, 100000),
        Option("troublemaker", False, "add the Troublemaker expansion"),
        Option("supercharge", False, "add the Supercharge expansion"),
    ]
    action_types = {"Play": Play, "Draw": Draw, "Wish": Wish, "Split": Split, "Give": Give, "Counterattack": Counterattack,
                    "NiceTry": NiceTry, "Take": Take, "GiveTo": GiveTo, "Discard": Discard, "Pass": Pass}
    state_class = FranticState
    stackable = ("events",)
    summary_columns = ("event_end_share", "fuck_you_points")
    parse = staticmethod(parse)

    def check_options(self):
        for name in ("troublemaker", "supercharge"):
            if self.options[name]:
                raise ValueError(f"frantic: the {name} expansion is not built yet; option {name} must be False "
                                 "(the base game)")
        if not self.options["limit"]:
            self.options["limit"] = 154 if self.players <= 4 else 137

    def make_deck(self):
        return cards.make_deck()
