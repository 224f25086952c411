"""Frantic's events from the Troublemaker expansion: Black Hole, Capitalism, Crowdfunding, Distributor,
Double Taxation, Event Manager, Identity Theft, Last Chance, Plague, Plus One, Repeat, Russian
Roulette, Seppuku and Trust Fall.
"""
from __future__ import annotations

import itertools

from cardkit.core import cards_count
from cardkit.core import decides, interned, offers, step
from cardkit.i18n import N_

from .actions import Choose, Give, GiveTo, Lay, Pick, Risk, Stack, card_move, names_of
from .cards import COLOUR, NUMBER, ORDER, POINTS, card_name
from .events import STEP_OF_EVENT, event_step

_RISKS = (Risk(True), Risk(False))


class TroublemakerEvents:
    """Troublemaker's events: a mixin of FranticState."""

    @event_step('Black Hole')
    def _step_ev_black_hole(self, trigger):
        if trigger in self.effects.exempt:
            return
        for seat in self.order(trigger):
            black = [c for c in self.hands[seat] if COLOUR[c] == "k"] if seat != trigger else []
            if black:
                self.move(seat, trigger, black)
                self.log(seat, "black_hole", "{p}'s black cards {cs} go to {t}.", "frantic.ev_black_hole", seat,
                         names_of(black), trigger)

    @event_step('Capitalism')
    def _step_ev_capitalism(self, trigger):
        for seat in self.order(trigger):
            k = len(self.hands[seat])
            if k:
                self.log(seat, "draws", "{p} {p:doubles} {p:their} hand: {p:draws} {k}.", "frantic.ev_capitalism", seat,
                         cards_count(k))
                if not self.draw(seat, k):
                    return

    @event_step('Crowdfunding')
    def _step_ev_crowdfunding(self, trigger):
        order = self.order(trigger)
        if not order:
            return
        fewest = min(len(self.hands[s]) for s in order)
        poor = [s for s in order if len(self.hands[s]) == fewest]
        for seat in order:
            if seat not in poor:
                for target in poor:
                    self.then(self._step_crowd, seat, target)

    @step
    def _step_crowd(self, seat, target):
        hand = self.hands[seat]
        if len(set(hand)) == 1:
            self.give_one(seat, hand[0], target, "frantic.ev_crowdfunding")
        elif hand:
            self.ask(seat, "crowd", target)

    @offers("crowd")
    def _choices_crowd(self, seat, target):
        return [card_move(GiveTo, c, target) for c in dict.fromkeys(self.hands[seat])]

    @decides("crowd")
    def _decide_crowd(self, seat, action, target):
        self.give_one(seat, action.card, target, "frantic.ev_crowdfunding")

    def give_one(self, seat, card, target, rule):
        self.move(seat, target, (card,))
        self.log(seat, "gives", "{p} {p:gives} {t} a card.", rule, seat, target)

    @event_step('Distributor')
    def _step_ev_distributor(self, trigger):
        order = self.order(trigger)
        for seat in order:
            self.giving[seat], self.hands[seat] = self.hands[seat], []
        self.effects.distributing = trigger
        self.effects.pending = list(order)
        self.log(trigger, "distributor", "Everyone lays their hand face down before {p}, who {p:hands} the stacks out "
                 "again.", "frantic.ev_distributor", trigger)
        receivers = [trigger, *order[:-1]] if trigger in order else order
        for seat in receivers:
            self.then(self._step_distribute, trigger, seat)
        self.then(self._step_distributed)

    @step
    def _step_distribute(self, trigger, seat):
        choices = self._choices_distribute(trigger, seat) or [interned(Stack, seat, seat)]   # nobody else's
        if len(choices) == 1:
            self._decide_distribute(trigger, choices[0], seat)
        else:
            self.ask(trigger, "distribute", seat)

    @offers("distribute")
    def _choices_distribute(self, trigger, seat):
        """The stacks not handed out yet; the triggerer may not keep their own."""
        return [interned(Stack, owner, seat) for owner in self.effects.pending if not (seat == trigger == owner)]

    @decides("distribute")
    def _decide_distribute(self, trigger, action, seat):
        stack = self.giving[action.owner]
        self.giving[action.owner] = []
        self.effects.pending.remove(action.owner)
        self.hands[seat] = sorted(stack, key=ORDER.__getitem__)
        self.log(trigger, "distribute", "{p} {p:hands} {t}'s cards to {q}.",
                 "frantic.ev_distributor", trigger, action.owner, seat)

    @step
    def _step_distributed(self):
        self.effects.distributing = None

    @event_step('Double Taxation')
    def _step_ev_double_taxation(self, trigger):
        for seat in self.order(trigger):
            top3 = sum(sorted((POINTS[c] for c in self.hands[seat]), reverse=True)[:3])
            self.totals[seat] += top3
            self.log(seat, "tax", "{p} {p:adds} {pts} points, {p:their} three highest cards, to {p:their} total.",
                     "frantic.ev_double_taxation", seat, top3)

    @event_step('Event Manager')
    def _step_ev_event_manager(self, trigger):
        pile = self.events_pile
        self.offered = [pile.pop() for _ in range(min(3, len(pile)))]
        if not self.offered:
            self.log(None, "manager", "The event pile is empty: Event Manager has nothing to offer.",
                     "frantic.ev_event_manager")
            return
        self.log(trigger, "manager", "Event Manager turns up {cs}; {p} {p:chooses} one.", "frantic.ev_event_manager",
                 names_of(self.offered), trigger)
        self.decide_or_ask(trigger, "manager")

    @offers("manager")
    def _choices_manager(self, seat):
        return [interned(Choose, e) for e in self.offered]

    @decides("manager")
    def _decide_manager(self, seat, action):
        event = action.event
        self.offered.remove(event)
        self.events_pile[0:0] = self.offered
        self.offered = []
        self.revealed.append(event)
        self.log(seat, "choose", "{p} {p:chooses} {e}; the others go under the event pile.", "frantic.ev_event_manager",
                 seat, card_name(event))
        self.then(STEP_OF_EVENT[event], seat)

    @event_step('Identity Theft')
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
        self.log(high, "identity", "{p} (highest total) {p:swaps} totals with {t} (lowest).", "frantic.ev_identity_theft",
                 high, low)

    @event_step('Last Chance')
    def _step_ev_last_chance(self, trigger):
        self.lasting_event("Last Chance", "frantic.ev_last_chance",
                           N_("Last Chance: for the rest of the round, every emptied hand triggers another event."))

    @event_step('Plus One')
    def _step_ev_plus_one(self, trigger):
        self.lasting_event("Plus One", "frantic.ev_plus_one",
                           N_("Plus One: for the rest of the round, every draw from the pile takes one card more."))

    def lasting_event(self, name, rule, text):
        if name in self.effects.lasting:
            self.log(None, "lasting", "{e} is already in force: nothing more happens.", rule, card_name(name))
            return
        self.effects.lasting.append(name)
        self.log(None, "lasting", text, rule)

    @event_step('Plague')
    def _step_ev_plague(self, trigger):
        self.log(None, "plague", "Plague: two more events, one after the other.", "frantic.ev_plague")
        self.then(self._step_event, trigger, "Plague", True)
        self.then(self._step_event, trigger, "Plague", True)

    @event_step('Repeat')
    def _step_ev_repeat(self, trigger):
        if not self.decide_or_ask(trigger, "repeat"):
            self.log(None, "repeat", "No other event has been revealed this round: Repeat has no effect.",
                     "frantic.ev_repeat")

    @offers("repeat")
    def _choices_repeat(self, seat):
        return [interned(Choose, e) for e in dict.fromkeys(self.revealed) if e != "Repeat"]

    @decides("repeat")
    def _decide_repeat(self, seat, action):
        self.log(seat, "repeat", "{p} {p:repeats} {e}.", "frantic.ev_repeat", seat, card_name(action.event))
        self.then(STEP_OF_EVENT[action.event], seat)

    @event_step('Russian Roulette')
    def _step_ev_russian_roulette(self, trigger):
        self.each_in_turn(trigger, self._step_roulette)
        self.then(self._step_roulette_done)

    @step
    def _step_roulette(self, seat):
        hand = self.hands[seat]
        if len(set(hand)) == 1:
            self.lay(seat, hand[0])
        elif hand:
            self.ask(seat, "roulette")

    @offers("roulette")
    def _choices_roulette(self, seat):
        return [card_move(Lay, c) for c in dict.fromkeys(self.hands[seat])]

    @decides("roulette")
    def _decide_roulette(self, seat, action):
        self.lay(seat, action.card)

    def lay(self, seat, card):
        self.hands[seat].remove(card)
        self.laid.append(card)
        self.log(seat, "lays", "{p} {p:lays} a card face down.", "frantic.ev_russian_roulette", seat)

    @step
    def _step_roulette_done(self):
        laid = self.laid
        self.rng.shuffle(laid)
        self.deck += laid
        self.log(None, "roulette", "The {k} laid cards are shuffled and put on top of the draw pile.",
                 "frantic.ev_russian_roulette", len(laid))
        self.laid = []

    @event_step('Seppuku')
    def _step_ev_seppuku(self, trigger):
        self.each_in_turn(trigger, self._step_seppuku)

    @step
    def _step_seppuku(self, seat):
        self.ask(seat, "seppuku")

    @offers("seppuku")
    def _choices_seppuku(self, seat):
        return _RISKS if self.deck else _RISKS[1:]

    @decides("seppuku")
    def _decide_seppuku(self, seat, action):
        if not action.risk:
            self.totals[seat] += 21
            self.log(seat, "seppuku", "{p} {p:does} not risk it and {p:takes} 21 points.", "frantic.ev_seppuku", seat)
            return
        card = self.deck.pop()
        self.discard_under([card])
        won = NUMBER[card] is not None
        self.totals[seat] += -21 if won else 42
        self.log(seat, "seppuku", N_("{p} {p:commits} Seppuku and {p:turns} up {c}: −21 points.") if won else
                 N_("{p} {p:commits} Seppuku and {p:turns} up {c}: +42 points."), "frantic.ev_seppuku", seat,
                 card_name(card))

    @event_step('Trust Fall')
    def _step_ev_trust_fall(self, trigger):
        self.each_in_turn(trigger, self._step_trust)

    @step
    def _step_trust(self, seat):
        self.decide_or_ask(seat, "trust")

    @offers("trust")
    def _choices_trust(self, seat):
        return [interned(Pick, t) for t in self.takers(seat) if self.hands[t]]

    @decides("trust")
    def _decide_trust(self, seat, action):
        giver = action.target
        hand = self.hands[giver]
        self.log(seat, "trust", "{p} {p:picks} {t} to give {p:them} two cards.", "frantic.ev_trust_fall", seat, giver)
        pairs = self._choices_trustgive(giver, seat)
        if len(pairs) <= 1:
            self.trust_give(giver, pairs[0].cards if pairs else tuple(hand), seat)
        else:
            self.ask(giver, "trustgive", seat)

    @offers("trustgive")
    def _choices_trustgive(self, seat, taker):
        return [card_move(Give, pair) for pair in dict.fromkeys(itertools.combinations(self.hands[seat], 2))]

    @decides("trustgive")
    def _decide_trustgive(self, seat, action, taker):
        self.trust_give(seat, action.cards, taker)

    def trust_give(self, giver, given, taker):
        self.move(giver, taker, given)
        self.log(giver, "gives", "{p} {p:gives} {t} {k}.", "frantic.ev_trust_fall", giver, taker, cards_count(len(given)))
