"""Huit américain: the game as a rule book, driven by the core's decisions."""
from __future__ import annotations

import bisect
from collections import Counter

from cardkit.core import (PASS, IllegalAction, Pass, Pile, State, cards_count, decides, next_seat, offers, seats_from,
                          stacked_deck)
from cardkit.core.errors import shown as shown_value
from cardkit.core.fast import keep
from cardkit.i18n import N_, count

from .actions import DRAW, Draw, Play, play_of
from .cards import (ORDER, PACK, RANK, RANK_NAME, SUIT, SUITS, SYMBOL, fit_test, parse, penalty,
                    show)



def in_order(cards_) -> list:
    return sorted(cards_, key=ORDER.__getitem__)


def arranged(others, last, fits):
    """The listed play of ``others`` then ``last`` on top (one rank, not 8s): the first card is the
    first in pack order that fits, the rest follow in pack order. None when no first card fits."""
    if not others:
        return play_of((last,)) if fits(last) else None
    rest = in_order(others)
    first = next((c for c in rest if fits(c)), None)
    if first is None:
        return None
    rest.remove(first)
    return play_of((first, *rest, last))


#: (cards of one rank, which fit) -> the plays: 640 at most. Without it random play costs 49% more
#: instructions per decision (4 seats; bench/caches.py).
_GROUP_PLAYS: dict = {}
#: The 8s held -> their plays: 15 at most. Without it: 12% more per decision.
_EIGHT_PLAYS: dict = {}


def plays_of_rank(group: tuple, marks: tuple) -> tuple:
    """Every play from ``group`` (cards of one rank) whose first card fits: each set of cards with
    each of them on top. ``marks[i]`` says whether ``group[i]`` fits the pile."""
    key = (group, marks)
    found = _GROUP_PLAYS.get(key)
    if found is None:
        fitting = {c for c, mark in zip(group, marks) if mark}
        fits = fitting.__contains__
        n = len(group)
        found = []
        for mask in range(1, 1 << n):
            chosen = [group[i] for i in range(n) if mask >> i & 1]
            for last in chosen:
                play = arranged([c for c in chosen if c != last], last, fits)
                if play is not None:
                    found.append(play)
        found = keep(_GROUP_PLAYS, key, tuple(found), 1024)
    return found


#: Membership tests for ``filter``: the cards of each rank, the 8s.
OF_RANK = {rank: frozenset(c for c in PACK if RANK[c] == rank).__contains__ for rank in set(RANK.values())}
IS_EIGHT = OF_RANK["8"]


def plays_of_eights(eights: tuple) -> tuple:
    """Every non-empty set of the 8s held, each with each of the four suits announced."""
    found = _EIGHT_PLAYS.get(eights)
    if found is None:
        n = len(eights)
        found = keep(_EIGHT_PLAYS, eights, tuple(
            play_of(tuple(eights[i] for i in range(n) if mask >> i & 1), suit)
            for mask in range(1, 1 << n) for suit in SUITS), 64)
    return found


class EightsState(State):

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, deck):
        game = self.game
        n = self.players
        self.hand_size, self.limit = game.options["hand_size"], game.options["limit"]
        self.bank = stacked_deck(game.full_deck, deck, self.rng, parse)
        self.pile = Pile()
        self.hands = [[] for _ in range(n)]
        self.deal = 0
        self.first = 0
        self.streak_seat, self.streak = None, 0
        self.lead_wins = 0            # deals won by the player who led them (first-player advantage)
        self.start_deal(0)

    def start_deal(self, first):
        """Deal ``hand_size`` cards each, one at a time from ``first`` on; the rest is the bank."""
        self.deal += 1
        self.first = first
        self.announced, self.charge, self.drawn = None, 0, False
        n = self.players
        if self.deal > 1:
            bank = self.bank
            bank += self.pile
            for hand in self.hands:
                bank += hand
                hand.clear()
            self.pile.clear()
            bank.shuffle(self.rng)
        draw = self.bank.pop
        hands = self.hands
        order = seats_from(first, n)
        for _ in range(self.hand_size):
            for seat in order:
                hands[seat].append(draw())
        for hand in hands:
            hand.sort(key=ORDER.__getitem__)
        self.log(None, "deal", "Deal {d}: {k} each, {p} first; {b} cards in the bank.",
                 "eights.deal", self.deal, cards_count(self.hand_size), first, len(self.bank))
        self.ask(first, "turn")

    # -- what may be played ---------------------------------------------------------------------
    def fits(self):
        """The test a first card must pass now (8s aside): None when no card lies on the table."""
        return fit_test(self.pile[-1] if self.pile else None, self.announced)

    def plays(self, hand) -> list[Play]:
        """Every play from ``hand`` now: for each rank with a card that fits, the plays of that rank
        (ranks in the order the hand first shows them), then the 8s. Filters and set tests keep the
        per-card work in C: this runs for every decision."""
        fits = self.fits()
        if fits is None:                                 # the lead: any single card
            found = [play_of((card,)) for card in hand if RANK[card] != "8"]
        else:
            found = []
            ranks = set(map(RANK.__getitem__, filter(fits, hand)))
            ranks.discard("8")
            if len(ranks) > 1:
                ranks = [rank for rank in dict.fromkeys(map(RANK.__getitem__, hand)) if rank in ranks]
            for rank in ranks:
                group = tuple(filter(OF_RANK[rank], hand))
                found += plays_of_rank(group, tuple(map(fits, group)))
        eights = tuple(filter(IS_EIGHT, hand))
        if eights:
            found += plays_of_eights(eights)
        return found

    def can_draw(self) -> bool:
        return bool(self.bank) or len(self.pile) > 1

    @offers("turn")
    def _choices_turn(self, seat):
        plays = self.plays(self.hands[seat])
        if self.drawn and not self.charge:
            plays.append(PASS)
        else:
            plays.append(DRAW if self.can_draw() else PASS)
        return plays

    def canonical(self, action):
        """The listed form of a Play naming the same cards with the same card on top."""
        if type(action) is not Play or not action.cards or not all(c in ORDER for c in action.cards):
            return None
        *rest, last = action.cards
        if RANK[last] == "8":
            return play_of(tuple(in_order(action.cards)), action.announce)
        fits = self.fits()
        if fits is None or action.announce is not None or len(set(rest)) != len(rest):
            return None
        return arranged(rest, last, fits)

    # -- moves ------------------------------------------------------------------------------------
    @decides("turn")
    def _decide_turn(self, seat, action):
        kind = type(action)
        if kind is Play:
            self.play(seat, action)
        elif kind is Draw:
            if self.charge:
                self.draw_charge(seat)
            else:
                self.draw_card(seat)
                self.drawn = True
                self.log(seat, "draw", "{p} {p:draws} a card.", "eights.draw", seat)
                self.ask(seat, "turn")
        else:
            if self.charge:
                self.charge = 0          # answered as well as the cards allow: the next player is free
                self.log(seat, "pass", "{p} cannot answer the Ace and there is nothing to draw: "
                         "the turn passes.", "eights.bank", seat)
            elif self.drawn:
                self.log(seat, "pass", "{p} {p:passes}.", "eights.draw", seat)
            else:
                self.log(seat, "pass", "{p} cannot draw: the bank and the played cards are used up, "
                         "so {p} {p:passes}.", "eights.bank", seat)
            self.next_turn(seat)

    def next_turn(self, seat, skip=0):
        self.drawn = False
        self.ask(next_seat(seat, self.players, 1 + skip), "turn")

    def play(self, seat, action):
        played = action.cards
        hand = self.hands[seat]
        for card in played:
            hand.remove(card)
        lead = not self.pile
        self.pile += played
        top = played[-1]
        rank = RANK[top]
        self.announced = action.announce
        self.charge = 0
        if len(played) > 1:
            self.log(seat, "play", "{p} {p:plays} {cs} together.", "eights.several", seat, _names(played))
        else:
            self.log(seat, "play", "{p} {p:plays} {c}.", "eights.lead" if lead else
                     "eights.eight" if rank == "8" else "eights.ace" if RANK[self.pile[-2]] == "A" else
                     "eights.follow", seat, show(top))
        if rank == "8":
            self.log(seat, "announce", "{p} {p:announces} {s}: the next card must be a {s} or an 8.",
                     "eights.announce", seat, SYMBOL[action.announce])
        if not hand:
            self.end_deal(seat)
            return
        skip = 0
        if rank == "Q":
            skip = len(played)
            skipped = seats_from(next_seat(seat, self.players), self.players)[:skip]
            self.log(seat, "skip", "{who} {who:is} skipped.", "eights.queen", tuple(skipped))
        elif rank == "A":
            self.charge = 2
            self.log(seat, "ace", "{t} must answer the Ace with an Ace or an 8, or draw 2.",
                     "eights.ace_charge", next_seat(seat, self.players))
        self.next_turn(seat, skip)

    def draw_card(self, seat):
        """The top card of the bank; an empty bank is first refilled from the played cards under
        the top one. None when there is nothing to draw."""
        bank = self.bank
        if not bank:
            if len(self.pile) < 2:
                return None
            count = bank.refill_from(self.pile, self.rng, keep=1)
            self.log(None, "reshuffle", "The bank is empty: the {k} played cards under the top one are "
                     "shuffled into a new bank.", "eights.bank", count)
        card = bank.pop()
        bisect.insort(self.hands[seat], card, key=ORDER.__getitem__)
        return card

    def draw_charge(self, seat):
        got = 0
        for _ in range(self.charge):
            if self.draw_card(seat) is None:
                break
            got += 1
        self.charge = 0
        self.log(seat, "draw", "{p} {p:does} not answer the Ace: {p:draws} {k} and the turn passes.",
                 "eights.ace_charge", seat, got)
        self.next_turn(seat)

    # -- the end of a deal and of the match -------------------------------------------------------------
    def end_deal(self, winner):
        n = self.players
        self.log(winner, "out", "{p} {p:has} played {p:their} last card and {p:wins} deal {d}.", "eights.out",
                 winner, self.deal)
        totals = self.totals
        for seat in range(n):
            if seat != winner:
                hand = self.hands[seat]
                pts = penalty(hand)
                totals[seat] += pts
                self.log(seat, "penalty", "{p} {p:counts} {cs}: +{pts} (total {total}).", "eights.penalty",
                         seat, _names(hand) or N_("nothing"), pts, totals[seat])
        self.round_over(self.phrase("Deal {d} is over", self.deal))
        if winner == self.first:
            self.lead_wins += 1
        if self.streak_seat == winner:
            self.streak += 1
        else:
            self.streak_seat, self.streak = winner, 1
        if self.streak == 3:
            totals[winner] -= 10
            self.streak = 0
            self.log(winner, "streak", "{p} {p:has} won three deals in a row: 10 points off (total {total}).",
                     "eights.streak", winner, totals[winner])
        self.announced, self.charge = None, 0
        if max(totals) >= self.limit:
            low = min(totals)
            self.winners = [s for s in range(n) if totals[s] == low]
            if len(self.winners) == 1:
                self.log(None, "win", "A total has reached {limit}: the match is over. {who} {who:wins} with {pts} "
                         "points, the lowest.", "eights.match_end", self.limit, tuple(self.winners), low)
            else:
                self.log(None, "win", "A total has reached {limit}: the match is over. {who} share the win with "
                         "{pts} points, the lowest.", "eights.match_end", self.limit, tuple(self.winners), low)
            return
        self.log(None, "next_deal", "All cards are shuffled for the next deal.", "eights.next_deal")
        self.start_deal(next_seat(self.first, n))

    # -- contract ---------------------------------------------------------------------------------
    def all_cards(self):
        found = self.bank + self.pile
        for hand in self.hands:
            found += hand
        return found

    def summary(self):
        return (self.lead_wins / self.deal,)

    def candidate_actions(self, seat=None):
        """Every card in hand as a play (those that do not fit are explained), the legal plays
        of several cards and of 8s, then Draw and Pass."""
        decision = self.decision
        if decision is None or seat not in (None, decision.seat):
            return []
        legal = self.legal_actions()
        plays = [a for a in legal if type(a) is Play]
        shown = []
        for card in self.hands[decision.seat]:
            if RANK[card] == "8":
                continue
            mine = [p for p in plays if p.cards[-1] == card]
            shown += mine or [play_of((card,))]
        shown += [p for p in plays if RANK[p.cards[-1]] == "8"]
        return shown + [DRAW, PASS]

    def why_illegal(self, action, seat):
        if not isinstance(action, (Play, Draw, Pass)):
            return IllegalAction(self.phrase("{a} is not a Huit américain move: play cards, draw or pass",
                                             shown_value(action)), "eights.turn")
        if isinstance(action, Draw):
            if not self.can_draw():
                return IllegalAction("the bank is empty and there are no played cards under the top "
                                     "one to shuffle: pass instead", "eights.bank")
            return IllegalAction(self.phrase("{p} {p:has} drawn already this turn: play or pass", seat), "eights.draw")
        if isinstance(action, Pass):
            if self.charge:
                return IllegalAction(self.phrase("{p} must answer the Ace with an Ace or an 8, or draw 2", seat),
                                     "eights.ace_charge")
            return IllegalAction(self.phrase("{p} must play or draw first; you pass only after drawing", seat),
                             "eights.draw")
        return self.why_not_play(seat, action) or self.not_a_choice(action, "eights.turn")

    def why_not_play(self, seat, action):
        played = action.cards
        if not played:
            return IllegalAction("a play needs at least one card", "eights.turn")
        for card in played:
            if card not in ORDER:
                return IllegalAction(self.phrase("{c} is not a card of this pack", shown_value(card)), "eights.deck")
        if len(set(played)) != len(played):
            return IllegalAction("the play names a card twice", "eights.turn")
        missing = [c for c in played if c not in self.hands[seat]]
        if missing:
            return IllegalAction(self.phrase("{p} {p:does} not hold {cs}", seat, _names(missing)), "eights.turn")
        ranks = {RANK[c] for c in played}
        if len(ranks) > 1:
            return IllegalAction("cards played together must all be of one rank", "eights.several")
        rank = ranks.pop()
        if rank == "8":
            if action.announce not in SUITS:
                return IllegalAction("whoever plays 8s announces a suit: ♠, ♥, ♣ or ♦", "eights.announce")
            return None
        if action.announce is not None:
            return IllegalAction("only a play of 8s announces a suit", "eights.announce")
        fits = self.fits()
        if fits is None:
            if len(played) > 1:
                return IllegalAction("the first play of a deal is one card, or one or more 8s", "eights.lead")
            return None
        first = played[0]
        top = self.pile[-1]
        if not any(fits(c) for c in played):
            if self.announced is not None:
                return IllegalAction(self.phrase("{s} was announced: play a {s} or an 8", SYMBOL[self.announced]),
                                     "eights.announce")
            if RANK[top] == "A":
                return IllegalAction("only an Ace or an 8 may be played on an Ace", "eights.ace")
            return IllegalAction(self.phrase("{c} fits neither the suit ({s}) nor the rank ({r}) of the {top}: "
                                             "play a {s}, a {r} or an 8", show(first), SYMBOL[SUIT[top]],
                                             RANK_NAME[RANK[top]], show(top)), "eights.follow")
        if not fits(first):
            good = next(c for c in played if fits(c))
            return IllegalAction(self.phrase("the first of several cards must fit: start with the {c}", show(good)),
                                 "eights.several")
        return None

    # -- what each seat sees: your own hand and every played card; other hands and the bank are hidden
    zone_order = ("hand",)
    # for learners (docs/learners.md)
    observed_table = {"pile": "cards", "bank": "count"}
    observed_facts = {"deal": "number", "first": "seat", "top": "card", "announced": tuple(SUITS),
                      "charge": "number", "drawn": "number", "limit": "number", "hand_sizes": "seats",
                      "streak": "seats"}

    @classmethod
    def action_space(cls, game):
        """Draw, Pass, then per rank every set of its cards with each of them on top (8s: with each
        suit announced instead), as ``move_key`` names them."""
        space = [DRAW, PASS]
        for rank in dict.fromkeys(RANK[c] for c in PACK):
            of_rank = [c for c in PACK if RANK[c] == rank]
            for mask in range(1, 1 << len(of_rank)):
                chosen = frozenset(c for i, c in enumerate(of_rank) if mask >> i & 1)
                tops = [(None, suit) for suit in SUITS] if rank == "8" else [(c, None) for c in of_rank if c in chosen]
                space += [("play", chosen, top, announce) for top, announce in tops]
        return space

    @staticmethod
    def move_key(move):
        """A play is known by its cards and the one on top (8s: the suit announced): which card the
        listed play puts first depends on the pile."""
        if type(move) is not Play:
            return move
        cards = move.cards
        return ("play", frozenset(cards), None if move.announce else cards[-1], move.announce)
    round_end_shows = ("hand",)                 # the hands left are counted face up

    def view_zones(self, seat, whose):
        hand = self.hands[whose]
        return {"hand": hand[:] if seat is None or whose == seat else [None] * len(hand)}

    def view_table(self, seat):
        bank = self.bank
        return {"pile": self.pile[:], "bank": bank[::-1] if seat is None else [None] * len(bank)}

    def view_facts(self, seat):
        return {"deal": self.deal, "round": self.deal, "first": self.first,
                "top": self.pile[-1] if self.pile else None, "announced": self.announced,
                "charge": self.charge, "drawn": self.drawn, "limit": self.limit,
                "hand_sizes": [len(h) for h in self.hands], "bank": len(self.bank), "streak": self.streaks()}

    def view_unseen(self, seat):
        if seat is None:
            return Counter()
        others = self.hands[:]                  # the bank's count kept up to date, plus the other hands
        del others[seat]
        return self.bank.counts(others)

    def view_seat_notes(self, seat):
        return [self.phrase("{k} · {w} won in a row", cards_count(len(h)), count(k, "{n} deal", "{n} deals")) if k
                else cards_count(len(h)) for h, k in zip(self.hands, self.streaks())]

    def streaks(self) -> list[int]:
        """Deals won in a row, per seat (only one seat has a streak)."""
        return [self.streak if s == self.streak_seat else 0 for s in range(self.players)]

    def status_line(self) -> str:
        decision = self.decision
        if decision is None:
            low = min(self.totals)
            if len(self.winners) == 1:
                return self.phrase("Match over: {who} {who:wins} with {pts} points.", tuple(self.winners), low)
            return self.phrase("Match over: {who} share the win with {pts} points.", tuple(self.winners), low)
        seat = decision.seat
        if not self.pile:
            return self.phrase("Deal {d}: {p} {p:leads}: any single card, or one or more 8s.", self.deal, seat)
        top = self.pile[-1]
        if self.charge:
            return self.phrase("Deal {d}: {p} must answer the {c} with an Ace or an 8, or draw 2.", self.deal, seat,
                               show(top))
        if self.announced is not None:
            wanted = self.phrase("{s} announced: play a {s} or an 8", SYMBOL[self.announced])
        elif RANK[top] == "A":
            wanted = self.phrase("an Ace or an 8 on the {c}", show(top))
        else:
            wanted = self.phrase("play on the {c}", show(top))
        return self.phrase("Deal {d}, {p}'s turn: {wanted}, or {x}.", self.deal, seat, wanted,
                           N_("pass") if self.drawn else N_("draw"))


def _names(cards_) -> str:
    return " ".join(show(c) for c in cards_)
