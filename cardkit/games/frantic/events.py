"""Frantic's events, base game: how a black card (or Troublemaker, Troublecharger, Last Chance) reveals
one, Lucky Bastard thrown in before it, how an event ends the round (at once, or after Plague), and
the table from each event's name to its step, then the base game's events one by one.
"""
from __future__ import annotations

from collections import Counter

from cardkit.core import cards_count
from cardkit.core import decides, offers, seats_from, step

from .actions import LUCKY, LUCKY_THROW, Discard, GiveTo, Take, card_move, names_of
from .cards import ALL_EVENTS, COLOUR, COLOURS, CURSE, NUMBER, ORDER, card_name, has_colour, wish_name

#: Each event's name in its rule id (frantic.ev_<name>) and its step (``_step_ev_<name>``).
EVENT_STEP = {name: name.lower().replace(" ", "_").replace("-", "_") for name in ALL_EVENTS}
EVENT_STEP.update({"Friday the 13th": "friday", "The All-Seeing Eye": "all_seeing_eye"})
#: The step that runs each event, by the event's name: filled by ``@event`` here and in the expansions'
#: modules.
STEP_OF_EVENT: dict = {}


def event_step(name):
    """Declare the step that runs the event ``name``."""
    def declare(function):
        STEP_OF_EVENT[name] = function
        return step(function)
    return declare


class Events:
    """The event machinery and the base game's events: a mixin of FranticState."""

    @step
    def _step_event(self, trigger, source="black card", nested=False):
        """Reveal the top event for ``trigger``. ``nested`` (Plague): only as far as the event pile
        allows, without shuffling a new one. Lucky Bastard may be thrown in first. Without the event
        cards (option ``events`` off) nothing is revealed."""
        if not self.game.options["events"]:
            if source == "black card":
                self.log(trigger, "events", "No event cards in this game: the black card reveals nothing.",
                         "frantic.event")
            else:
                self.log(trigger, "events", "No event cards in this game: {s} reveals nothing.", "frantic.event",
                         card_name(source))
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
        self.effects.exempt = set()
        if self.troublemaker and self.may_answer_with(LUCKY):
            n = self.players
            self.ask_window([s for s in seats_from((trigger + 1) % n, n) if self.hands[s]], "lucky")
        self.then(self._step_reveal, trigger, source)

    @offers("lucky")
    def _choices_lucky(self, seat):
        return [LUCKY_THROW] if LUCKY in self.hands[seat] else ()

    @decides("lucky")
    def _decide_lucky(self, seat, action):
        self.effects.exempt.add(seat)
        self.log(seat, "lucky", "{p} {p:throws} in Lucky Bastard: the coming event passes {p:them} by.",
                 "frantic.lucky_bastard", seat)
        self.throw_in(seat, LUCKY)

    def each_in_turn(self, trigger, each):
        """Every seat the event affects, in turn from the one after ``trigger``, runs the step ``each``."""
        for seat in self.order(trigger):
            self.then(each, seat)

    @step
    def _step_reveal(self, trigger, source):
        event = self.events_pile.pop()
        self.revealed.append(event)
        if source == "black card":
            self.log(trigger, "event", "{p}'s black card reveals the event {e}.", "frantic.event", trigger,
                     card_name(event))
        else:
            self.log(trigger, "event", "{p}'s {s} reveals the event {e}.", "frantic.event", trigger,
                     card_name(source), card_name(event))
        self.effects.in_event += 1
        self.events_seen += 1
        self.then(STEP_OF_EVENT[event], trigger)
        self.then(self._step_event_done, event)

    @step
    def _step_event_done(self, event):
        effects = self.effects
        effects.in_event -= 1
        effects.exempt = set()
        if effects.in_event:
            return
        if effects.end_after:
            effects.reason = effects.end_after
            self.unwind(self._step_round_end)
        elif effects.pile_out:
            effects.reason = "pile"
            self.unwind(self._step_round_end)

    def end_round_now(self, reason):
        """An event ends the round: at once, or inside Plague after the rest of it."""
        effects = self.effects
        if effects.in_event > 1:
            effects.end_after = effects.end_after or reason
            return
        effects.reason = reason
        self.unwind(self._step_round_end)

    def discard_under(self, cards_):
        """Cards an event throws away go under the discard pile: the top card and the wish stay."""
        self.discard[0:0] = cards_

    def colour_for(self, kind, event, rule):
        """The colour an event acts on, the last one played; None (and the event does nothing) before any."""
        colour = self.last_colour()
        if colour is None:
            self.log(None, kind, "No colour has been played yet: {e} has no effect.", rule, card_name(event))
        return colour

    def last_colour(self):
        for card in reversed(self.discard):
            colour = COLOUR[card]
            if colour in _COLOURED:
                return colour
        return None

    # -- the base game's events ------------------------------------------------------------------------
    @event_step('Charity')
    def _step_ev_charity(self, trigger):
        hands = self.hands
        most = max(map(len, hands))
        rich = [s for s in self.order(trigger) if len(hands[s]) == most]
        for seat in self.order(trigger):
            if seat in rich:
                continue
            for giver in rich:
                if hands[giver]:
                    self.move(giver, seat, (self.rng.choice(hands[giver]),))
                    self.log(seat, "charity", "{p} {p:draws} a card blindly from {t}.", "frantic.ev_charity", seat, giver)

    @event_step('Communism')
    def _step_ev_communism(self, trigger):
        most = max(map(len, self.hands))
        for seat in self.order(trigger):
            short = most - len(self.hands[seat])
            if short:
                self.log(seat, "draws", "{p} {p:draws} {k}.", "frantic.ev_communism", seat, cards_count(short))
                self.draw(seat, short)

    @event_step('Doomsday')
    def _step_ev_doomsday(self, trigger):
        self.log(None, "doomsday", "Doomsday: the round ends and everyone scores 50.", "frantic.ev_doomsday")
        self.end_round_now("doomsday")

    @event_step('Earthquake')
    def _step_ev_earthquake(self, trigger):
        seats = self.order(trigger)
        old = {s: self.hands[s] for s in seats}
        for i, seat in enumerate(seats):
            self.hands[seat] = old[seats[i - 1]]
        self.log(None, "earthquake", "Everyone passes their hand to the next player.", "frantic.ev_earthquake")

    @event_step('Expansion')
    def _step_ev_expansion(self, trigger):
        for i, seat in enumerate(self.order(trigger)):
            self.log(seat, "draws", "{p} {p:draws} {k}.", "frantic.ev_expansion", seat, cards_count(i + 1))
            self.draw(seat, i + 1)

    @event_step('Finish Line')
    def _step_ev_finish_line(self, trigger):
        self.log(None, "finish", "Finish Line: the round ends; everyone counts their hand.", "frantic.ev_finish_line")
        self.end_round_now("finish")

    @event_step('Friday the 13th')
    def _step_ev_friday(self, trigger):
        self.log(None, "friday", "Friday the 13th: an ordinary Friday, nothing happens.", "frantic.ev_friday")

    @event_step('Gambling Man')
    def _step_ev_gambling_man(self, trigger):
        colour = self.colour_for("gambling", "Gambling Man", "frantic.ev_gambling_man")
        if colour is None:
            return
        hands = self.hands
        laid = []
        for seat in self.order(trigger):
            mine = [c for c in hands[seat] if COLOUR[c] == colour and NUMBER[c] is not None]
            if mine:
                card = min(mine, key=NUMBER.__getitem__)
                hands[seat].remove(card)
                laid.append((seat, card))
                self.log(seat, "lays", "{p} {p:lays} {c}.", "frantic.ev_gambling_man", seat, card_name(card))
        if laid:
            high = max(NUMBER[c] for _, c in laid)
            taker = next(s for s, c in laid if NUMBER[c] == high)
            self.add_to_hand(taker, *(card for _, card in laid))
            self.log(taker, "takes", "{p} laid the highest and {p:takes} all {k} laid cards.", "frantic.ev_gambling_man",
                     taker, len(laid))
        layers = {s for s, _ in laid}
        for seat in self.order(trigger):
            if seat not in layers:
                self.log(seat, "draws", "{p} {p:has} no {col} number card and {p:draws} 2.", "frantic.ev_gambling_man",
                         seat, wish_name(colour))
                self.draw(seat, 2)

    @event_step('Market')
    def _step_ev_market(self, trigger):
        for _ in range(self.players):
            if not self.deck:
                self.pile_runs_out(trigger)
                break
            self.market.append(self.deck.pop())
        self.log(None, "market", "Market: {cs} turned up.", "frantic.ev_market", names_of(self.market))
        self.each_in_turn(trigger, self._step_market_pick)
        self.then(self._step_market_closed)

    @step
    def _step_market_pick(self, seat):
        market = self.market
        if not market:
            return
        if len(set(market)) == 1:
            self.take(seat, market[0])
        else:
            self.ask(seat, "market")

    @offers("market")
    def _choices_market(self, seat):
        return [card_move(Take, c) for c in dict.fromkeys(sorted(self.market, key=ORDER.__getitem__))]

    @decides("market")
    def _decide_market(self, seat, action):
        self.take(seat, action.card)

    def take(self, seat, card):
        self.market.remove(card)
        self.add_to_hand(seat, card)
        self.log(seat, "takes", "{p} {p:takes} {c}.", "frantic.ev_market", seat, card_name(card))

    @step
    def _step_market_closed(self):
        """The card nobody took (a player was exempt) goes under the draw pile."""
        left = self.market
        if left:
            self.deck[0:0] = left
            self.market = []
            self.log(None, "market", "Nobody took {cs}: it goes under the draw pile.", "frantic.ev_market",
                     names_of(left))

    @event_step('Mating Season')
    def _step_ev_mating_season(self, trigger):
        for seat in self.order(trigger):
            hand = self.hands[seat]
            count = Counter(NUMBER[c] for c in hand if NUMBER[c] is not None)
            pairs = [c for c in hand if NUMBER[c] is not None and count[NUMBER[c]] >= 2]
            if pairs:
                for card in pairs:
                    hand.remove(card)
                self.discard_under(pairs)
                self.log(seat, "discards", "{p} {p:discards} {cs}.", "frantic.ev_mating_season", seat, names_of(pairs))

    @event_step('Merry Christmas')
    def _step_ev_merry_christmas(self, trigger):
        for seat in self.order(trigger):
            self.giving[seat], self.hands[seat] = self.hands[seat], []
        self.log(None, "christmas", "Merry Christmas: everyone gives all their cards away.",
                 "frantic.ev_merry_christmas")
        self.each_in_turn(trigger, self._step_christmas)

    @step
    def _step_christmas(self, seat):
        giving = self.giving[seat]
        if not giving:
            return
        takers = self.takers(seat)
        if len(takers) <= 1:
            other = takers[0] if takers else seat
            self.add_to_hand(other, *giving)
            self.log(seat, "gives", "{p} {p:gives} {t} {k}.", "frantic.ev_merry_christmas", seat, other,
                     cards_count(len(giving)))
            giving.clear()
            return
        self.ask(seat, "christmas")

    @offers("christmas")
    def _choices_christmas(self, seat):
        takers = self.takers(seat)
        return [card_move(GiveTo, c, t) for c in dict.fromkeys(self.giving[seat]) for t in takers]

    def takers(self, seat):
        """Who may be given a card during an event: the others, those exempt left out."""
        return [t for t in self.others(seat) if t not in self.effects.exempt]

    @decides("christmas")
    def _decide_christmas(self, seat, action):
        self.giving[seat].remove(action.card)
        self.add_to_hand(action.target, action.card)
        self.log(seat, "gives", "{p} {p:gives} a card to {t}.", "frantic.ev_merry_christmas", seat, action.target)
        self.then(self._step_christmas, seat)

    @event_step('Mexican Standoff')
    def _step_ev_mexican_standoff(self, trigger):
        for seat in self.order(trigger):
            hand = self.hands[seat]
            self.discard_under([c for c in hand if c != CURSE])
            self.hands[seat] = [c for c in hand if c == CURSE]
        self.log(None, "standoff", "Everyone discards their hand and draws 3.", "frantic.ev_mexican_standoff")
        for seat in self.order(trigger):
            self.draw(seat, 3)

    @event_step('Recession')
    def _step_ev_recession(self, trigger):
        for i, seat in enumerate(self.order(trigger)):
            self.then(self._step_recession, seat, i + 1)

    @step
    def _step_recession(self, seat, k):
        hand = self.hands[seat]
        free = [c for c in hand if c != CURSE]
        if not free:
            return
        if k >= len(free):
            self.log(seat, "discards", "{p} {p:discards} {cs}.", "frantic.ev_recession", seat, names_of(free))
            self.discard_under(free)
            self.hands[seat] = [c for c in hand if c == CURSE]
            return
        self.ask(seat, "recession", k)

    @offers("recession")
    def _choices_recession(self, seat, k):
        return [card_move(Discard, c) for c in dict.fromkeys(self.hands[seat]) if c != CURSE]

    @decides("recession")
    def _decide_recession(self, seat, action, k):
        self.hands[seat].remove(action.card)
        self.discard_under([action.card])
        self.log(seat, "discards", "{p} {p:discards} {c}.", "frantic.ev_recession", seat, card_name(action.card))
        if k > 1:
            self.then(self._step_recession, seat, k - 1)

    @event_step('Robin Hood')
    def _step_ev_robin_hood(self, trigger):
        hands = self.hands
        order = self.order(trigger)
        poor = min(order, key=lambda s: len(hands[s]))
        rich = max(order, key=lambda s: len(hands[s]))
        if len(hands[poor]) == len(hands[rich]):
            self.log(None, "robin", "Everyone holds as many cards: Robin Hood has no effect.", "frantic.ev_robin_hood")
            return
        hands[poor], hands[rich] = hands[rich], hands[poor]
        self.log(poor, "robin", "{p} (fewest cards) {p:swaps} hands with {t} (most).", "frantic.ev_robin_hood", poor, rich)

    @event_step('Surprise Party')
    def _step_ev_surprise_party(self, trigger):
        self.each_in_turn(trigger, self._step_party)

    @step
    def _step_party(self, seat):
        if self.hands[seat] and self.takers(seat):
            self.ask(seat, "party")

    @offers("party")
    def _choices_party(self, seat):
        takers = self.takers(seat)
        return [card_move(GiveTo, c, t) for c in dict.fromkeys(self.hands[seat]) for t in takers]

    @decides("party")
    def _decide_party(self, seat, action):
        self.move(seat, action.target, (action.card,))
        self.log(seat, "gives", "{p} {p:gives} {t} a card.", "frantic.ev_surprise_party", seat, action.target)

    @event_step('The All-Seeing Eye')
    def _step_ev_all_seeing_eye(self, trigger):
        self.effects.eye = trigger
        self.log(trigger, "eye", "All hands are open to everyone until {p}'s next turn.", "frantic.ev_all_seeing_eye",
                 trigger)

    @event_step('Third Time Lucky')
    def _step_ev_third_time_lucky(self, trigger):
        for seat in self.order(trigger):
            self.draw(seat, 3)
        self.log(None, "draws", "Everyone draws 3.", "frantic.ev_third_time_lucky")

    @event_step('Time Bomb')
    def _step_ev_time_bomb(self, trigger):
        if self.effects.bomb is not None:
            self.log(None, "bomb", "A Time Bomb is already ticking: nothing more happens.", "frantic.ev_time_bomb")
            return
        self.effects.bomb = [0] * self.players
        self.log(None, "bomb", "Time Bomb: three more turns each.", "frantic.ev_time_bomb")

    @event_step('Tornado')
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
        self.log(trigger, "tornado", "Tornado: {p} {p:shuffles} the hands together and {p:deals} them out again.",
                 "frantic.ev_tornado", trigger)

    @event_step('Vandalism')
    def _step_ev_vandalism(self, trigger):
        colour = self.colour_for("vandalism", "Vandalism", "frantic.ev_vandalism")
        if colour is None:
            return
        for seat in self.order(trigger):
            hand = self.hands[seat]
            gone = [c for c in hand if has_colour(c, colour)]
            if gone:
                self.hands[seat] = [c for c in hand if not has_colour(c, colour)]
                self.discard_under(gone)
                self.log(seat, "discards", "{p} {p:discards} {cs}.", "frantic.ev_vandalism", seat, names_of(gone))


_COLOURED = frozenset(COLOURS)
