"""Frantic's rounds: the deal and the start card, what a round sets running (the effects a new round
clears), and the round's end: scoring (Doomsday, the Time Bomb, Fuck You), the game's end and the
next dealer.
"""
from __future__ import annotations

import dataclasses

from cardkit.core import decides, offers, seats_from, step
from cardkit.i18n import N_

from .actions import names_of
from .cards import FUCK_YOU, ORDER, POINTS, card_name, points


@dataclasses.dataclass
class RoundEffects:
    """What a round has set running, and how it is to end: all of it cleared when a new round starts."""
    skipped: list                      # Skip: per seat, sits out its next turn
    bomb: list | None = None           # Time Bomb: turns started per seat since it was revealed
    eye: int | None = None             # The All-Seeing Eye: the triggerer, until their next turn
    lasting: list = dataclasses.field(default_factory=list)     # Last Chance, Plus One, Parasite: until the round ends
    emptied: set = dataclasses.field(default_factory=set)       # Last Chance: seats whose empty hand triggered it
    exempt: set = dataclasses.field(default_factory=set)        # Lucky Bastard: exempt from the event being revealed
    distributing: int | None = None    # Distributor: the triggerer, who sees the stacks
    pending: list = dataclasses.field(default_factory=list)     # Distributor: the owners of stacks not handed out yet
    tsunami_order: list = dataclasses.field(default_factory=list)   # Tsunami: who lays, in turn
    durations: list = dataclasses.field(default_factory=list)   # power cards in force: [name, activator, armed, detail]
    direction: int = 1                 # Looping turns it to -1
    no_counter: bool = False           # Anti Counter: the special played with it cannot be countered
    activated: list = dataclasses.field(default_factory=list)   # (seat, power card) activated this turn: no Recharge
    ended: bool = False                # The End emptied a hand: no Nice Try
    parasite_done: bool = False        # Parasite's discards are made (the round end comes back after them)
    in_event: int = 0                  # events being carried out (Plague nests them)
    pile_out: bool = False             # the draw pile ran out during an event: the round ends after it
    end_after: str | None = None       # a round-ending event inside Plague: the round ends after it all
    reason: str | None = None          # why the round ends: "out", "pile", "doomsday", "finish", "bomb"


class Rounds:
    """A round from deal to scoring: a mixin of FranticState."""

    @step
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
        self.effects = RoundEffects([False] * n)
        draw = self.deck.pop
        hands = self.hands
        order = seats_from((dealer + 1) % n, n)
        for _ in range(7):
            for seat in order:
                hands[seat].append(draw())
        for hand in hands:
            hand.sort(key=ORDER.__getitem__)
        self.log(None, "deal", "Round {r}: {p} {p:deals} 7 cards each; {b} cards in the draw pile.", "frantic.setup",
                 self.round, dealer, len(self.deck))
        self.then(self._step_start_card, dealer)
        self.then(self._step_round_end)

    @step
    def _step_start_card(self, dealer):
        card = self.deck.pop()
        self.discard.append(card)
        self.log(dealer, "start", "The start card is {c}, played as if by {p}, the dealer.", "frantic.start_card",
                 card_name(card), dealer)
        if card == FUCK_YOU:
            self.log(None, "anything", "{c} starts the round: the first player may play anything.",
                     "frantic.start_card", card_name(card))
            self.then(self._step_end_turn, dealer)
            return
        self.top = card
        self.turn_up(dealer, card, "start")

    @offers("start")
    def _choices_start(self, seat, card):
        return self.turned_up_plays(seat, card)

    @decides("start")
    def _decide_start(self, seat, action, card):
        if action.copy:
            self.top = action.copy
        self.resolve(seat, action)

    # -- end of the round and of the game --------------------------------------------------------------
    @step
    def _step_round_end(self):
        n = self.players
        effects = self.effects
        reason = effects.reason or "out"
        hands = self.hands
        if "Parasite" in effects.lasting and reason == "out" and not effects.parasite_done:
            effects.parasite_done = True
            for seat in range(n):
                if not hands[seat]:
                    self.then(self._step_parasite, (seat - 1) % n, 2)
            self.then(self._step_round_end)
            return
        if reason == "doomsday":
            scored = [50] * n
        else:
            scored = [points(h) for h in hands]
            if effects.bomb is not None and reason == "out":
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
                self.log(seat, "out", "{p} {p:has} no cards left.", "frantic.round_end", seat)
        totals = self.totals
        for seat in range(n):
            totals[seat] += scored[seat]
            self.log(seat, "score", "{p} {p:scores} {pts} for {cs} (total {total}).", "frantic.scoring", seat,
                     scored[seat], names_of(hands[seat]), totals[seat])
        self.round_points = scored
        self.round_over(self.phrase("Round {r} is over", self.round))
        effects.eye = effects.bomb = None          # scored: the hands are no longer open, the bomb is gone
        if max(totals) >= self.limit:
            low = min(totals)
            self.winners = [s for s in range(n) if totals[s] == low]
            self.log(None, "win", N_("A total has reached {limit}: the game is over. {who} {who:wins} with {pts} "
                                     "points.") if len(self.winners) == 1 else
                     N_("A total has reached {limit}: the game is over. {who} share the win with {pts} points."),
                     "frantic.end", self.limit, tuple(self.winners), low)
            return
        top = max(scored)
        dealer = next(s for s in seats_from((self.dealer + 1) % n, n) if scored[s] == top)
        self.log(dealer, "dealer", "{p} scored most this round and {p:deals} the next one.", "frantic.next_dealer", dealer)
        self.then(self._step_start_round, dealer)

