"""Frantic (base game, Troublemaker, Supercharge): the state that assembles the rule book's parts, and
the turn: play a card that fits or draw one, end the turn, Nice Try when a hand is empty, the next
turn (skipped, or in the other direction), plus the contract's checks (the Game class is in ``__init__.py``).

The parts, each in its own module: the moves (``actions``), the play cards and their effects
(``specials``), the power cards (``powers``), the events (``events``, ``events_troublemaker``,
``events_supercharge``), the round from deal to scoring (``round``) and what each seat sees
(``views``). The engine dispatches steps and decisions by method name, whichever part defines them.

A round: ``start_round`` deals and schedules the dealer's start card, then ``round_end`` at the
bottom of the agenda. Every play ends with ``end_turn``: the Nice Try window if a hand is empty,
else the next turn. A round that ends at once (empty draw pile, Doomsday, Finish Line, Time Bomb)
unwinds to ``round_end``. Attacks (Fantastic Four shares, Equality, Gift, Exchange, Skip) open a
Counterattack window for their target; a counter makes the counter-attacker the attacker. A window
opens for every seat the rules let answer by position, whatever it holds (Pass is always there).
"""
from __future__ import annotations

import bisect
from collections import Counter

from cardkit.core import (PASS, IllegalAction, Pass, Pile, State, closes, decides, offers, seats_from,
                         stacked_deck, step)

from . import cards
from .actions import (COUNTERATTACK, DRAW, NICE, NICE_TRY, Counterattack, Draw, Give,
                      GiveTo, LuckyBastard, NiceTry, Play, Split, Steal, Wish)
from .cards import WISH_VALUES  # noqa: F401 (re-exported: imported from here)
from .cards import FUCK_YOU, NUMBER, ORDER, parse, parse_event, parse_power
from .events import EVENT_STEP  # noqa: F401 (re-exported: imported from here)
from .events import Events
from .events_supercharge import SuperchargeEvents
from .events_troublemaker import TroublemakerEvents
from .powers import PowerCards
from .round import Rounds
from .specials import UNCOPYABLE, PlayCards
from .views import Views


class FranticState(Rounds, PlayCards, PowerCards, Events, TroublemakerEvents, SuperchargeEvents, Views, State):
    """A game of Frantic: the table's cards here, what the round has set running in ``effects``
    (round.RoundEffects), the rules in the parts it inherits."""

    def setup(self, deck, events=None, powers=None):
        game = self.game
        n = self.players
        self.limit = game.options["limit"]
        self.troublemaker = game.options["troublemaker"]
        self.supercharge = game.options["supercharge"]
        self.classroom_names = game.options["classroom_names"]
        pack = cards.play_pack(self.troublemaker, self.supercharge)
        self.deck = stacked_deck(pack, deck, self.rng, self.parse_card)
        if self.classroom_names:                # the card that names itself "Ten Cards" wherever it goes
            self.deck[self.deck.index(FUCK_YOU)] = cards.TEN_CARDS
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
        self.then(self._step_start_round, n - 1)

    def parse_card(self, token):
        return self.in_play(parse(token), "card", cards.TM_PACK, cards.SC_PACK)

    def parse_event(self, token):
        return self.in_play(parse_event(token), "event", cards.TM_EVENTS, cards.SC_EVENTS)

    def in_play(self, name, what, troublemaker, supercharge):
        """``name`` (a card or event to stack), unless it belongs to an expansion left out."""
        for expansion, names, on in (("Troublemaker", troublemaker, self.troublemaker),
                                     ("Supercharge", supercharge, self.supercharge)):
            if name in names and not on:
                raise ValueError(f"{name} is a {expansion} {what}; turn the option {expansion.lower()} on to use it")
        return name

    @property
    def fuck_you_name(self):
        """Fuck You by the name this game gives it ("Ten Cards" with the option classroom_names)."""
        return cards.card_name(cards.TEN_CARDS if self.classroom_names else FUCK_YOU)

    def others(self, seat):
        n = self.players
        return [(seat + i) % n for i in range(1, n)]

    def order(self, trigger):
        """Every seat from the first affected (after ``trigger``) round to ``trigger``; those exempt
        from the event by Lucky Bastard left out."""
        seats = seats_from((trigger + 1) % self.players, self.players)
        exempt = self.effects.exempt
        if exempt:
            return [s for s in seats if s not in exempt]
        return seats
    @offers("turn")
    def _choices_turn(self, seat):
        plays = self.powered(seat, self.plays(seat))
        if self.deck or not plays:
            plays.append(DRAW)
        return plays

    @offers("again")
    def _choices_again(self, seat):
        return self.powered(seat, self.plays(seat)) or [DRAW]

    @offers("drawn")
    def _choices_drawn(self, seat):
        plays = self.powered(seat, self.plays(seat))
        plays.append(PASS)
        return plays

    # -- hands, and cards thrown in out of turn --------------------------------------------------------
    def add_to_hand(self, seat, *cards_):
        """Cards come into ``seat``'s hand, which is kept in pack order."""
        hand = self.hands[seat]
        for card in cards_:
            bisect.insort(hand, card, key=ORDER.__getitem__)

    def move(self, giver, target, given):
        """Hand ``given`` from ``giver`` to ``target``."""
        mine, theirs = self.hands[giver], self.hands[target]
        for card in given:
            mine.remove(card)
            bisect.insort(theirs, card, key=ORDER.__getitem__)

    def may_answer_with(self, card) -> bool:
        """Whether anyone may still hold ``card`` as everyone knows it: it is in this game and not every
        copy lies face up on the discard pile. Windows open on this and on seats' places, never on a
        hand, so nobody learns from a window who holds an answer."""
        copies = self.game.full_deck[card]
        return copies > 0 and self.discard.count(card) < copies

    def throw_in(self, seat, card):
        """``seat`` throws ``card`` in out of turn (Counterattack, Nice Try, Lucky Bastard): it goes on
        the pile like a four-colour card, so its player wishes a colour."""
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.top, self.wish = card, None
        self.ask(seat, "wish", "colour")

    # -- a turn ----------------------------------------------------------------------------------------
    @decides("turn")
    def _decide_turn(self, seat, action):
        if type(action) is Draw:
            if self.draw(seat, 1):
                self.log(seat, "draw", "{p} {p:draws} a card.", "frantic.draw", seat)
                self.ask(seat, "drawn")
            return
        self.play(seat, action)

    _decide_again = decides("again")(_decide_turn)

    @decides("drawn")
    def _decide_drawn(self, seat, action):
        if type(action) is Pass:
            self.log(seat, "pass", "{p} {p:ends} the turn.", "frantic.draw", seat)
            self.end_turn(seat)
            return
        self.play(seat, action)
    # -- end of a turn, Nice Try, the next turn --------------------------------------------------------
    @step
    def _step_end_turn(self, seat):
        self.end_turn(seat)

    def end_turn(self, seat):
        """``seat``'s turn ends: the next one starts at once while every hand holds cards."""
        hands = self.hands
        effects = self.effects
        if self.supercharge and (effects.no_counter or effects.activated or effects.durations):
            self.turn_over(seat)
        if all(hands):
            self.start_turn((seat + effects.direction) % self.players)
            return
        if effects.ended:
            effects.reason = "out"
            return
        if "Last Chance" in effects.lasting:
            empty = [s for s in self.order(seat) if not hands[s]]
            effects.emptied &= set(empty)
            fresh = [s for s in empty if s not in effects.emptied]
            if fresh:
                for s in fresh:
                    effects.emptied.add(s)
                    self.log(s, "last_chance", "{p} got rid of {p:their} last card: Last Chance triggers another event.",
                             "frantic.ev_last_chance", s)
                    self.then(self._step_event, s, "Last Chance")
                self.then(self._step_end_turn, seat)
                return
        seats = [s for s in self.order(seat) if hands[s]] if self.may_answer_with(NICE_TRY) else ()
        if not self.ask_window(seats, "nicetry", seat):
            self.effects.reason = "out"

    @offers("nicetry")
    def _choices_nicetry(self, holder, seat):
        return [NICE] if NICE_TRY in self.hands[holder] else ()

    @decides("nicetry")
    def _decide_nicetry(self, holder, action, seat):
        self.log(holder, "nice_try", "{p} {p:throws} in Nice Try: everyone with no cards draws 3.", "frantic.nice_try",
                 holder)
        self.throw_in(holder, NICE_TRY)
        self.then(self._step_nice_try_draw, seat)
        self.then(self._step_end_turn, seat)

    @step
    def _step_nice_try_draw(self, seat):
        for s in self.order(seat):
            if not self.hands[s]:
                self.log(s, "draws", "{p} {p:draws} 3.", "frantic.nice_try", s)
                if not self.draw(s, 3):
                    return

    @closes("nicetry")
    def _closed_nicetry(self, seat):
        self.effects.reason = "out"

    @step
    def _step_turn_start(self, seat):
        self.start_turn(seat)

    def start_turn(self, seat):
        effects = self.effects
        if effects.bomb is not None:
            bomb = effects.bomb
            bomb[seat] += 1
            if bomb[seat] > 3:
                effects.reason = "bomb"
                self.log(seat, "bomb", "{p} would start a fourth turn: the Time Bomb goes off.",
                         "frantic.ev_time_bomb", seat)
                self.unwind(self._step_round_end)
                return
        if effects.eye == seat:
            effects.eye = None
            self.log(seat, "eye", "{p}'s turn: the hands are taken up again.", "frantic.ev_all_seeing_eye", seat)
        if effects.durations:
            self.next_turn_of(seat)
        if effects.skipped[seat]:
            effects.skipped[seat] = False
            self.log(seat, "skipped", "{p} {p:sits} out this turn.", "frantic.skip", seat)
            if effects.durations:
                self.expire(seat, armed_only=True)
            self.then(self._step_turn_start, (seat + effects.direction) % self.players)
            return
        self.ask(seat, "turn")

    def draw(self, seat, k) -> bool:
        """``seat`` draws ``k`` cards (one more under Plus One, if any at all); False when the draw pile
        ran out (the round then ends: at once, or after the event in progress)."""
        lasting = self.effects.lasting
        if k and lasting and "Plus One" in lasting:
            k += 1
        deck = self.deck
        hand = self.hands[seat]
        for _ in range(k):
            if not deck:
                if self.effects.in_event:
                    self.pile_runs_out(seat)
                    return False
                self.effects.reason = "pile"
                self.log(seat, "empty", "{p} must draw from an empty draw pile: the round ends.",
                         "frantic.round_end", seat)
                self.unwind(self._step_round_end)
                return False
            bisect.insort(hand, deck.pop(), key=ORDER.__getitem__)
        return True

    def pile_runs_out(self, seat):
        """The draw pile ran out during an event: it is finished as well as it can be, then the round ends."""
        if not self.effects.pile_out:
            self.effects.pile_out = True
            self.log(seat, "empty", "The draw pile is empty: the event is finished as well as it can be, then the "
                     "round ends.", "frantic.round_end")

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
        kind = decision.kind if decision is not None else None
        if type(action) is Play:
            return self.why_unplayable(action, seat, kind)
        hand = self.hands[seat]
        if type(action) is Draw:
            if kind == "drawn":
                return IllegalAction(self.phrase("{p} {p:has} drawn already: play a card or end the turn", seat),
                                     "frantic.draw")
            if kind == "again":
                return IllegalAction("after 2nd Chance you must play a card that fits; draw only if none does",
                                     "frantic.second_chance")
            if kind == "turn":
                return IllegalAction("the draw pile is empty: you must play a card that fits",
                                     "frantic.round_end")
        if type(action) is Pass and kind in ("turn", "again"):
            return IllegalAction(self.phrase("{p} must play or draw first; the turn ends only after drawing", seat),
                                 "frantic.draw")
        if type(action) is Wish:
            if action.wish == "k":
                return IllegalAction("black cannot be wished", "frantic.black")
            return IllegalAction("wish red, green, blue or yellow (or a number 1–9 with Fantastic and "
                                 "Fantastic Four)", "frantic.wish")
        if type(action) is Counterattack and COUNTERATTACK not in hand:
            return IllegalAction(self.phrase("{p} {p:holds} no Counterattack to throw in", seat), "frantic.counterattack")
        if type(action) is NiceTry and NICE_TRY not in hand:
            return IllegalAction(self.phrase("{p} {p:holds} no Nice Try to throw in", seat), "frantic.nice_try")
        aimed_at_self = (action.target == seat if type(action) in (Counterattack, GiveTo) else
                         seat in action.shares if type(action) is Split else False)
        if aimed_at_self:
            return IllegalAction("nobody punishes themselves: choose another player", "frantic.no_self_punish")
        if type(action) is Steal and FUCK_YOU in action.cards:
            return IllegalAction(self.phrase("Thief never takes {c}: it is obtained only blindly", self.fuck_you_name),
                                 "frantic.thief")
        if type(action) is LuckyBastard:
            return IllegalAction(self.phrase("{p} may throw Lucky Bastard in only while holding it, before an event "
                                             "is revealed", seat), "frantic.lucky_bastard")
        if type(action) is Give and FUCK_YOU in action.cards and kind == "give":
            return IllegalAction(self.phrase("{c} is never given on purpose", self.fuck_you_name), "frantic.fuck_you")
        return self.not_a_choice(action, "frantic.turn")
