"""Frantic's events from the Supercharge expansion: Black Jack, Chargenado, Epic Fail, Loot, Parasite
(and its discards when the round is won), Rewind, Riot, Supercharge and Tsunami.
"""
from __future__ import annotations

import itertools

from cardkit.core import cards_count
from cardkit.core import PASS, Pass, decides, offers, step
from cardkit.i18n import N_

from .actions import Discard, Lay, card_move
from .cards import CURSE, FUCK_YOU, NUMBER, POINTS, card_name
from .events import event_step


class SuperchargeEvents:
    """Supercharge's events: a mixin of FranticState."""

    @event_step('Black Jack')
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
            self.log(seat, "black_jack", "{p} {p:turns} up {c}: {pts} in all.", "frantic.ev_black_jack", seat, card_name(card), total)
            if total > 21:
                self.move_wave(seat)
                self.log(seat, "black_jack", "{p} went over 21 and {p:takes} the turned-up cards.",
                         "frantic.ev_black_jack", seat)
                return

    def move_wave(self, seat):
        self.add_to_hand(seat, *self.wave)
        self.wave = []

    @event_step('Chargenado')
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

    @event_step('Epic Fail')
    def _step_ev_epic_fail(self, trigger):
        order = self.order(trigger)
        if not order:
            return
        poor = min(order, key=lambda s: len(self.hands[s]))
        if FUCK_YOU in self.hands[poor]:
            return
        for place in [*self.hands, *self.giving, self.discard, self.laid, self.market, self.wave]:
            if FUCK_YOU in place:
                card = place.pop(place.index(FUCK_YOU))     # the very card: it may carry its classroom name
                break
        else:
            card = self.deck.pop(self.deck.index(FUCK_YOU))
            self.deck.shuffle(self.rng)
        self.add_to_hand(poor, card)
        self.log(poor, "epic_fail", "{p} {p:holds} the fewest cards and {p:gets} {c}.", "frantic.ev_epic_fail", poor,
                 card_name(card))

    @event_step('Loot')
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
            self.log(seat, "loot", "{p} {p:takes} {k} blindly from {t}.", "frantic.ev_loot", seat, cards_count(len(taken)),
                     victim)
        for seat, taken in loot.items():
            self.add_to_hand(seat, *taken)

    @event_step('Parasite')
    def _step_ev_parasite(self, trigger):
        self.lasting_event("Parasite", "frantic.ev_parasite",
                           N_("Parasite: when someone wins this round, the player before them may discard two cards."))

    @event_step('Rewind')
    def _step_ev_rewind(self, trigger):
        order = self.order(trigger)
        for seat in order * 2:
            if len(self.discard) < 1:
                break
            card = self.discard.pop()
            self.add_to_hand(seat, card)
            self.log(seat, "rewind", "{p} {p:takes} {c} from the discard pile.", "frantic.ev_rewind", seat, card_name(card))
        if not self.deck:
            self.pile_runs_out(trigger)
            return
        card = self.deck.pop()
        self.discard.append(card)
        if card == FUCK_YOU:
            self.log(trigger, "rewind", "{c} is turned up: the next player may play anything.", "frantic.ev_rewind",
                     card_name(card))
            self.top = self.wish = None
            return
        self.top, self.wish = card, None
        if NUMBER[card] is not None:            # a number card, black too, has no effect to carry out
            self.log(trigger, "rewind", "{c} is turned up; play goes on on it.", "frantic.ev_rewind", card_name(card))
            return
        self.log(trigger, "rewind", "{c} is turned up; play goes on on it, its effect is {p}'s.", "frantic.ev_rewind",
                 card_name(card), trigger)
        self.turn_up(trigger, card, "rewind")

    @offers("rewind")
    def _choices_rewind(self, seat, card):
        return self.turned_up_plays(seat, card)

    @decides("rewind")
    def _decide_rewind(self, seat, action, card):
        self.effects.no_counter = False                 # a turned-up card is not played with Anti Counter
        if action.copy:
            self.top = action.copy
        self.resolve(seat, action, end=False)

    @event_step('Riot')
    def _step_ev_riot(self, trigger):
        order = self.order(trigger)
        moving = {seat: [c for c in self.hands[seat] if NUMBER[c] is None] for seat in order}
        for i, seat in enumerate(order):
            receiver = order[(i + 1) % len(order)]
            for card in moving[seat]:
                self.hands[seat].remove(card)
            self.log(seat, "riot", "{p} {p:passes} {k} to {t}.", "frantic.ev_riot", seat, cards_count(len(moving[seat])),
                     receiver)
        for i, seat in enumerate(order):
            receiver = order[(i + 1) % len(order)]
            self.add_to_hand(receiver, *moving[seat])

    @event_step('Supercharge')
    def _step_ev_supercharge(self, trigger):
        for seat in self.order(trigger):
            if seat != trigger and self.power_pile:
                self.powers[seat].append(self.power_pile.pop())
                self.log(seat, "supercharge", "{p} {p:gets} one more power card.", "frantic.ev_supercharge", seat)

    @event_step('Tsunami')
    def _step_ev_tsunami(self, trigger):
        self.effects.tsunami_order = self.order(trigger)
        if self.effects.tsunami_order:
            self.then(self._step_tsunami, 0, 0)

    @step
    def _step_tsunami(self, i, least):
        order = self.effects.tsunami_order
        seat = order[i % len(order)]
        choices = self._choices_tsunami(seat, i, least)
        if not choices:
            self.log(seat, "tsunami", "{p} cannot match {pts} points and {p:takes} all {k} laid cards.",
                     "frantic.ev_tsunami", seat, least, len(self.wave))
            self.move_wave(seat)
            return
        self.ask(seat, "tsunami", i, least)

    @offers("tsunami")
    def _choices_tsunami(self, seat, i, least):
        return [card_move(Lay, c) for c in dict.fromkeys(self.hands[seat]) if c != CURSE and POINTS[c] >= least]

    @decides("tsunami")
    def _decide_tsunami(self, seat, action, i, least):
        card = action.card
        self.hands[seat].remove(card)
        self.wave.append(card)
        self.log(seat, "tsunami", "{p} {p:lays} {c} ({pts} points).", "frantic.ev_tsunami", seat, card_name(card), POINTS[card])
        self.then(self._step_tsunami, i + 1, POINTS[card])

    @step
    def _step_parasite(self, seat, k):
        if self.hands[seat] and self._choices_parasite(seat, k):
            self.ask(seat, "parasite", k)

    @offers("parasite")
    def _choices_parasite(self, seat, k):
        return [*(card_move(Discard, c) for c in dict.fromkeys(self.hands[seat]) if c != CURSE), PASS]

    @decides("parasite")
    def _decide_parasite(self, seat, action, k):
        if type(action) is Pass:
            return
        self.hands[seat].remove(action.card)
        self.discard_under([action.card])
        self.log(seat, "parasite", "Parasite: {p} {p:discards} {c}.", "frantic.ev_parasite", seat, card_name(action.card))
        if k > 1:
            self.then(self._step_parasite, seat, k - 1)

