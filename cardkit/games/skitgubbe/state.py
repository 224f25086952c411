"""Skitgubbe: the game as a rule book, driven by the core's decisions.

First round: tricks of one card each (match a rank on the table, else play and draw, or chance
it), play-offs among tied players, the trump card set aside unseen. Then the trump card is
turned, the needed count checked (the 2s–5s shared out if anyone is below it), and the second
round sheds runs onto the table until one player, the skitgubbe, is left holding cards. What each
seat sees is in ``views.py``.
"""
from __future__ import annotations

import bisect
from collections import Counter

from cardkit.core import (IllegalAction, Pile, State, decides, offers, parse_cards, seats_from, stacked_deck,
                          step)
from cardkit.core.cards import shuffle
from cardkit.core.errors import shown as shown_value
from cardkit.core.events import Phrase
from cardkit.i18n import N_, count
from cardkit.core.fast import keep

from .actions import CHANCE, PICK_UP, PLAYS, Chance, Lay, PickUp, Play, lay_of
from .cards import (ANTI, HAND_SIZE, ORDER, RANK, RANKS, SHARED_RANKS, SUIT, SUIT_NAME, SUITS, SYMBOL,
                    VALUE, is_run, lowest_run, names, needed_count, parse, placement, rank_name, refusal,
                    settle, show, sort_cards)
from .views import Views




# -- every run a hand can lay, per suit, cached ---------------------------------------------------------
class SuitRuns:
    """Every run of one suit a hand holding ``counts`` (of each rank) can lay, ordered by the rank
    it starts at: ``since(i)`` are those starting at rank index ``i`` (0 = the 2) or higher;
    ``pairs`` those that start with two identical cards."""
    __slots__ = ("runs", "offsets", "_pairs")

    def __init__(self, suit, counts):
        runs = []
        offsets = []
        for start in range(13):
            offsets.append(len(runs))
            if not counts[start]:
                continue
            partial = [()]
            for i in range(start, 13):
                k = counts[i]
                if not k:
                    break
                card = RANKS[i] + suit
                partial = [p + (card,) * m for p in partial for m in range(1, k + 1)]
                runs.extend(partial)
        offsets.append(len(runs))
        self.runs = tuple(lay_of(r) for r in runs)
        self.offsets = offsets
        self._pairs = None

    def since(self, index):
        return self.runs[self.offsets[index]:] if index else self.runs

    @property
    def pairs(self):
        if self._pairs is None:
            self._pairs = tuple(lay for lay in self.runs if len(lay.cards) > 1 and lay.cards[0] == lay.cards[1])
        return self._pairs


#: (suit, counts) -> SuitRuns. Hands change one or two suits per turn, so most lookups hit; it holds
#: 10,000 suits at most (about 100,000 runs: ten a suit on average, a long two-deck suit has hundreds).
#: Without it random play costs 29% more instructions per decision (4 seats; bench/caches.py).
_RUNS: dict = {}


def suit_runs(suit, counts) -> SuitRuns:
    key = (suit, counts)
    found = _RUNS.get(key)
    if found is None:
        found = keep(_RUNS, key, SuitRuns(suit, counts), 10_000)
    return found


_SUIT_CARDS = {suit: [rank + suit for rank in RANKS] for suit in SUITS}
_ZEROS = (0,) * 13


def suit_counts(have: Counter, suit) -> tuple:
    """How many of each rank (2 … Ace) of ``suit`` a hand holds, from the hand's Counter."""
    return tuple(map(have.get, _SUIT_CARDS[suit], _ZEROS))


def hand_counts(hand) -> dict:
    """suit -> how many of each rank the hand holds (a tuple of 13)."""
    have = Counter(hand)
    return {suit: suit_counts(have, suit) for suit in SUITS}


def run_limits(suit, top, trump, climb=False) -> list:
    """For runs of ``suit`` on the top run ``top``, following the placement rules (cards.placement):
    the ways a run may go there, each (lowest start index, must start with a pair); [] for none."""
    if top is None:
        return [(0, False)]
    top_suit = SUIT[top[-1]]
    if suit == trump:
        if climb and top_suit == trump:
            return [(VALUE[top[-1]] - 2, False), (0, True)]
        return [(0, top_suit == ANTI[trump])]
    if suit == top_suit:
        return [(VALUE[top[-1]] - 2, False)]
    return []


class SkitgubbeState(Views, State):

    # -- set-up ---------------------------------------------------------------------------------------
    def setup(self, deck, trump=None):
        game = self.game
        n = self.players
        self.decks = game.options["decks"]
        self.climb = game.options["trump_climbs"]
        full = game.full_deck
        bottom = []
        if trump:
            if len(trump) != 1:
                raise ValueError(f"skitgubbe: trump= names one card, the last card of the stock; got {trump!r}")
            bottom = parse_cards(trump, parse, "trump")
            full = full - Counter(bottom)
        pile = stacked_deck(full, deck, self.rng, parse)
        self.hands = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for seat in range(n):
                self.hands[seat].append(pile.pop())
        for hand in self.hands:
            hand.sort(key=ORDER.__getitem__)
        keep = game.options["stock"] or len(pile) + len(bottom)
        cut = len(pile) - (keep - len(bottom))
        self.aside = pile[:cut]                       # a short game: cards out of play, unseen
        self.stock = Pile(bottom + pile[cut:])
        self.tricks = [[] for _ in range(n)]          # cards taken in the first round
        self.trick = []                               # every card of the trick on the table
        self.plays = []                               # this round of it: (seat, card) in order
        self.round_order = ()                         # who plays in this round
        self.contenders = None                        # the tied seats of a play-off
        self.trump_card = None                        # set aside by its drawer, unseen
        self.drawer = None
        self.turned = None                            # the trump card once turned
        self.trump = self.anti = self.needed = None
        self.phase = 1
        self.piles = []                               # second round: the runs on the table, bottom first
        self.out = []                                 # turned away
        self.direction = 1
        self.finished = []                            # seats in the order they went out
        self.tricks_played = self.playoffs = self.turnaways = 0
        self.shared = False
        self.log(None, "deal", "{k} cards each, {p} first; {s} in the stock.", "skitgubbe.deal",
                 HAND_SIZE, 0, count(len(self.stock), "{n} card", "{n} cards"))
        if self.aside:
            self.log(None, "deal", "A short game: {a} cards are set aside, out of play.", "skitgubbe.deal",
                     len(self.aside))
        self.then(self._step_trick, 0)

    # -- the first round ------------------------------------------------------------------------------
    def can_play(self, seat) -> bool:
        return bool(self.hands[seat]) or len(self.stock) > 1

    @step
    def _step_trick(self, leader):
        """A new trick: the winner of the last one leads (or the next player who still has cards)."""
        order = tuple(s for s in seats_from(leader, self.players) if self.can_play(s))
        if not order:
            self.then(self._step_first_round_end)
            return
        self.trick, self.plays, self.contenders = [], [], None
        self.round_order = order
        self.tricks_played += 1
        self.ask(order[0], "card")

    def table_ranks(self) -> set:
        return {RANK[card] for _, card in self.plays}

    @offers("card")
    def _choices_card(self, seat):
        hand = self.hands[seat]
        ranks = self.table_ranks()
        forced = [c for c in hand if RANK[c] in ranks]
        if forced:
            return [PLAYS[c] for c in dict.fromkeys(forced)]
        found = [PLAYS[c] for c in dict.fromkeys(hand)]
        if len(self.stock) > 1:
            found.append(CHANCE)
        return found

    @decides("card")
    def _decide_card(self, seat, action):
        if type(action) is Chance:
            card = self.stock.pop()
            self.log(seat, "chance", "{p} {p:chances} it: the top card of the stock is {c}.", "skitgubbe.chance",
                     seat, show(card))
        else:
            card = action.card
            hand = self.hands[seat]
            rule = "skitgubbe.match" if RANK[card] in self.table_ranks() else "skitgubbe.play"
            hand.remove(card)
            if not self.stock:
                self.log(seat, "play", "{p} {p:plays} {c}.", rule, seat, show(card))
            elif len(self.stock) > 1:
                bisect.insort(hand, self.stock.pop(), key=ORDER.__getitem__)
                self.log(seat, "play", "{p} {p:plays} {c} and {p:draws} a card.", rule, seat, show(card))
            else:
                self.trump_card, self.drawer = self.stock.pop(), seat
                self.log(seat, "play", "{p} {p:plays} {c}.", rule, seat, show(card))
                self.log(seat, "trump_card", "{p} {p:draws} the last card of the stock, the trump card, and {p:sets} "
                         "it aside unseen.", "skitgubbe.trump_card", seat)
        self.trick.append(card)
        self.plays.append((seat, card))
        done = len(self.plays)
        if done < len(self.round_order):
            self.ask(self.round_order[done], "card")
        else:
            self.then(self._step_settle)

    @step
    def _step_settle(self):
        """Everyone in the round has played: a winner, or a play-off among the tied players."""
        rule, seats = settle(self.plays)
        if len(seats) == 1:
            self.take(seats[0], rule)
            return
        self.playoffs += 1
        rank = RANK[next(c for s, c in self.plays if s == seats[0])]
        self.log(None, "playoff", "{who} played {r}: they play off.", rule,
                 tuple(seats), _rank_plural(rank))
        order = tuple(s for s in seats if self.can_play(s))
        if not order:                     # house rule: nobody tied can play on
            self.log(seats[0], "playoff", "None of them has a card left to play: {p}, who played the first "
                     "{r}, {p:takes} the trick.", "skitgubbe.playoff", seats[0], rank_name(rank))
            self.take(seats[0], "skitgubbe.playoff")
            return
        self.plays, self.contenders, self.round_order = [], tuple(seats), order
        self.ask(order[0], "card")

    def take(self, winner, rule):
        trick = self.trick
        self.tricks[winner] += trick
        self.log(winner, "take", "{p} {p:takes} the trick ({k} cards; {m} taken in all).", rule if
                 self.contenders is None else "skitgubbe.playoff", winner, len(trick), len(self.tricks[winner]))
        self.trick, self.plays, self.contenders, self.round_order = [], [], None, ()
        self.then(self._step_trick, winner)

    # -- between the rounds ---------------------------------------------------------------------------
    @step
    def _step_first_round_end(self):
        n = self.players
        card = self.turned = self.trump_card
        self.trump_card = None
        self.trump, self.anti = SUIT[card], ANTI[SUIT[card]]
        self.needed = needed_count(card, self.decks)
        self.log(None, "trump", "Everyone has played out: the trump card is turned. It is {c}: {s} are trump "
                 "and {a} anti-trump.", "skitgubbe.trump", show(card), _suit(self.trump), _suit(self.anti))
        self.log(None, "needed", "{r} × {d}: every player needs {k} cards.", "skitgubbe.needed",
                 VALUE[card], count(self.decks, "one deck", "{n} decks"), self.needed)
        self.round_over(N_("The first round is over"))
        below = [s for s in seats_from(self.drawer, n) if len(self.tricks[s]) < self.needed]
        if below:
            self.share(below)
        for seat in range(n):
            self.hands[seat] = sort_cards(self.tricks[seat])
            self.tricks[seat] = []
        bisect.insort(self.hands[self.drawer], card, key=ORDER.__getitem__)
        self.log(self.drawer, "trump", "The trump card {c} joins {p}'s cards.", "skitgubbe.share",
                 show(card), self.drawer)
        self.phase = 2
        self.log(self.drawer, "second_round", "The second round: the cards taken are the hands; {p}, who drew "
                 "the trump card, {p:starts}.", "skitgubbe.second_round", self.drawer)
        for seat in range(n):
            if not self.hands[seat]:
                self.go_out(seat)
        still = [s for s in range(n) if self.hands[s]]
        if len(still) <= 1:
            self.end(still[0] if still else self.finished[-1])
        elif self.hands[self.drawer]:
            self.ask(self.drawer, "turn")
        else:
            self.next_turn(self.drawer)

    def share(self, below):
        """Every player throws in their 2s–5s; they are shuffled and dealt round among ``below``."""
        pool = []
        for seat in range(self.players):
            taken = self.tricks[seat]
            pool += [c for c in taken if RANK[c] in SHARED_RANKS]
            self.tricks[seat] = [c for c in taken if RANK[c] not in SHARED_RANKS]
        shuffle(pool, self.rng)
        for i, card in enumerate(pool):
            self.tricks[below[i % len(below)]].append(card)
        self.shared = True
        who = tuple(sorted(below))
        if pool:
            self.log(None, "share", "{who} took fewer than {k} cards: everyone throws in their 2s–5s ({m}), "
                     "shuffled and dealt round among them.", "skitgubbe.share", who, self.needed,
                     count(len(pool), "{n} card", "{n} cards"))
        else:
            self.log(None, "share", "{who} took fewer than {k} cards, but nobody holds a 2, 3, 4 or 5 to "
                     "share out.", "skitgubbe.share", who, self.needed)

    # -- the second round -----------------------------------------------------------------------------
    def top(self):
        return self.piles[-1] if self.piles else None

    def lays(self, hand) -> list:
        """Every run ``hand`` may lay now (cards.placement, enumerated per suit from a cache)."""
        top = self.top()
        have = Counter(hand)
        if top is None:
            found = []
            for suit in SUITS:
                found += suit_runs(suit, suit_counts(have, suit)).runs
            return found
        trump, top_suit = self.trump, SUIT[top[-1]]
        found = []
        if top_suit != trump:
            found += suit_runs(top_suit, suit_counts(have, top_suit)).since(VALUE[top[-1]] - 2)
        trumps = suit_runs(trump, suit_counts(have, trump))
        if top_suit == self.anti:
            found += trumps.pairs
        elif top_suit == trump and self.climb:            # upwards, or a trump pair from anywhere
            end = VALUE[top[-1]] - 2
            found += trumps.since(end)
            found += [lay for lay in trumps.pairs if VALUE[lay.cards[0]] - 2 < end]
        else:
            found += trumps.runs
        return found

    @offers("turn")
    def _choices_turn(self, seat):
        found = self.lays(self.hands[seat])
        if self.piles:
            found.append(PICK_UP)
        return found

    @decides("turn")
    def _decide_turn(self, seat, action):
        if type(action) is PickUp:
            self.pick_up(seat)
            self.next_turn(seat)
            return
        run = action.cards
        rule = placement(run, self.top(), self.trump, self.climb)
        hand = self.hands[seat]
        for card in run:
            hand.remove(card)
        self.piles.append(run)
        self.log(seat, "lay", "{p} {p:lays} {cs}.", rule, seat, Shown(run))
        if not hand:
            self.go_out(seat)
        still = [s for s in range(self.players) if self.hands[s]]
        if len(still) == 1:
            self.end(still[0])
            return
        if len(self.piles) >= len(still):
            self.turn_away(seat, len(still))
            if hand:
                self.ask(seat, "turn")
                return
        self.next_turn(seat)

    def pick_up(self, seat):
        k = lowest_run(self.piles)
        taken = [c for run in self.piles[:k] for c in run]
        del self.piles[:k]
        hand = self.hands[seat]
        hand += taken
        hand.sort(key=ORDER.__getitem__)
        self.log(seat, "pick_up", "{p} {p:picks} up {cs}.", "skitgubbe.pick_up", seat, Shown(taken))

    def turn_away(self, seat, still):
        cards_ = [c for run in self.piles for c in run]
        self.out += cards_
        plays = len(self.piles)
        self.piles = []
        self.direction = -self.direction
        self.turnaways += 1
        self.log(seat, "turn_away", TURNED_AWAY[bool(self.hands[seat]), self.direction == 1], "skitgubbe.turn_away",
                 plays, still, seat)

    def next_turn(self, seat):
        n, step = self.players, self.direction
        for i in range(1, n + 1):
            other = (seat + i * step) % n
            if self.hands[other]:
                self.ask(other, "turn")
                return

    def go_out(self, seat):
        self.finished.append(seat)
        place = self.totals[seat] = len(self.finished)
        self.log(seat, "out", "{p} {p:has} no cards left and {p:is} out (place {k}).", "skitgubbe.out", seat, place)

    def end(self, last):
        self.totals[last] = self.players
        self.winners = [s for s in range(self.players) if s != last]
        self.log(last, "end", "Only {p} still {p:holds} cards: {p} {p:is} the skitgubbe.", "skitgubbe.end", last)
        self.round_over(N_("The game is over"))

    # -- contract ---------------------------------------------------------------------------------
    def all_cards(self):
        found = self.stock + self.aside + self.trick + self.out
        for hand in self.hands:
            found += hand
        for taken in self.tricks:
            found += taken
        for run in self.piles:
            found += run
        if self.trump_card is not None:
            found.append(self.trump_card)
        return found

    def summary(self):
        loser = next((s for s in range(self.players) if s not in self.winners), None)
        return (self.tricks_played, self.playoffs, int(self.shared), self.turnaways, int(loser == 0),
                int(loser == self.drawer))

    def canonical(self, action):
        """A Lay naming the cards of a run in another order: the run in ascending order."""
        if type(action) is not Lay or not action.cards or not all(c in ORDER for c in action.cards):
            return None
        return lay_of(tuple(sort_cards(action.cards)))

    def part_options(self, seat, picked):
        """The cards that may be added to ``picked`` so that some legal run still contains them all,
        found from the rules directly (listing every run of a long two-deck hand is slow)."""
        decision = self.decision
        if self.phase != 2 or decision is None or decision.seat != seat:
            return None
        hand = self.hands[seat]
        have = Counter(hand)
        need = Counter(picked)
        if any(c not in ORDER or k > have[c] for c, k in need.items()) or len({SUIT[c] for c in need}) > 1:
            return []
        counts = hand_counts(hand)
        top = self.top()
        found = []
        for card in dict.fromkeys(hand):
            if need[card] >= have[card] or (need and SUIT[card] != SUIT[picked[0]]):
                continue
            ranks = {VALUE[c] - 2 for c in need} | {VALUE[card] - 2}
            ways = run_limits(SUIT[card], top, self.trump, self.climb)
            if any(_reachable(counts[SUIT[card]], min(ranks), max(ranks), least, pair) for least, pair in ways):
                found.append(card)
        return found

    def candidate_actions(self, seat=None):
        """The buttons the app shows: in the first round every card in hand (those that may not be
        played are explained) and Chance it; in the second round every card alone, the longest
        legal run from each card that may start one, and Pick up. Longer runs are built card by card."""
        decision = self.decision
        if decision is None or seat not in (None, decision.seat):
            return []
        hand = self.hands[decision.seat]
        if self.phase == 1:
            shown = [PLAYS[c] for c in dict.fromkeys(hand)]
            return shown + [CHANCE] if self.stock else shown
        legal = self.legal_actions()
        longest = {}
        for action in legal:
            if type(action) is Lay:
                first = action.cards[0]
                if len(action.cards) > len(longest.get(first, lay_of(())).cards):
                    longest[first] = action
        shown = [lay_of((c,)) for c in dict.fromkeys(hand)]
        shown += [lay for lay in longest.values() if len(lay.cards) > 1]
        return shown + [PICK_UP]

    def why_illegal(self, action, seat):
        if not isinstance(action, (Play, Chance, Lay, PickUp)):
            return IllegalAction(self.phrase("{a} is not a Skitgubbe move: play a card or chance it (first round), "
                                             "lay a run or pick up (second round)", shown_value(action)),
                                 "skitgubbe.turn")
        if self.phase == 1:
            if isinstance(action, (Lay, PickUp)):
                return IllegalAction(self.phrase("{a} belongs to the second round; now {p} {p:plays} one card to the "
                                                 "trick or {p:chances} it", action, seat), "skitgubbe.second_round")
            ranks = self.table_ranks()
            hand = self.hands[seat]
            forced = [c for c in hand if RANK[c] in ranks]
            if isinstance(action, Chance):
                if forced:
                    return self.must_match(seat, forced)
                if len(self.stock) == 1:
                    return IllegalAction("the only card left in the stock is the trump card: you may not chance "
                                         "it", "skitgubbe.trump_card")
                return IllegalAction("the stock is empty: there is nothing to chance", "skitgubbe.chance")
            card = action.card
            if card not in ORDER:
                return IllegalAction(self.phrase("{c} is not a card: write rank then suit, e.g. 10H",
                                                 shown_value(card)), "skitgubbe.deck")
            if card not in hand:
                return IllegalAction(self.phrase("{p} {p:does} not hold {c}", seat, show(card)), "skitgubbe.turn")
            if forced:
                return self.must_match(seat, forced)
            return self.not_a_choice(action, "skitgubbe.turn")
        if isinstance(action, Play):
            return IllegalAction(self.phrase("{a} belongs to the first round; now lay a run or pick up", action),
                                 "skitgubbe.second_round")
        if isinstance(action, Chance):
            return IllegalAction("chancing belongs to the first round; now lay a run or pick up",
                                 "skitgubbe.second_round")
        if isinstance(action, PickUp):
            return IllegalAction("the table is empty: there is nothing to pick up, so lay a run",
                                 "skitgubbe.pick_up")
        return self.why_not_lay(seat, action)

    def must_match(self, seat, forced):
        ranks = sorted({RANK[c] for c in forced}, key=RANKS.index)
        words = _rank_plural(ranks[0])
        for rank in ranks[1:]:
            words = Phrase("{a} or {b}", (words, _rank_plural(rank)))
        return IllegalAction(self.phrase("{p} {p:holds} {ranks}, already on the table in this round: one of them "
                                         "must be played ({cs})", seat, words, names(dict.fromkeys(forced))),
                             "skitgubbe.match")

    def why_not_lay(self, seat, action):
        run = action.cards
        if not run:
            return IllegalAction("a run needs at least one card", "skitgubbe.run")
        for card in run:
            if card not in ORDER:
                return IllegalAction(self.phrase("{c} is not a card: write rank then suit, e.g. 10H",
                                                 shown_value(card)), "skitgubbe.deck")
        missing = Counter(run) - Counter(self.hands[seat])
        if missing:
            return IllegalAction(self.phrase("{p} {p:does} not hold {cs}", seat, names(missing.elements())),
                                 "skitgubbe.turn")
        if len({SUIT[c] for c in run}) > 1:
            return IllegalAction("a run is of one suit only", "skitgubbe.run")
        ordered = sort_cards(run)
        if not is_run(ordered):
            gap = next(ordered[i] for i in range(1, len(ordered)) if VALUE[ordered[i]] > VALUE[ordered[i - 1]] + 1)
            return IllegalAction(self.phrase("a run goes up without gaps: {cs} skips from {c} to {d}", names(ordered),
                                             show(ordered[ordered.index(gap) - 1]), show(gap)), "skitgubbe.run")
        refused = refusal(ordered, self.top(), self.trump, self.climb)
        if refused:
            return IllegalAction(refused[1], refused[0])
        return self.not_a_choice(action, "skitgubbe.turn")


def _reachable(counts, lo, hi, least, pair) -> bool:
    """Whether a legal run of a suit held ``counts`` times per rank can cover ranks ``lo`` … ``hi``:
    every rank between held, and a start at or below ``lo`` and at or above ``least`` (with two
    identical cards there when a trump pair is needed) joined to ``lo`` without a gap."""
    if lo < least or not all(counts[i] for i in range(lo, hi + 1)):
        return False
    if not pair:
        return True
    start = lo
    while start >= least and counts[start]:
        if counts[start] > 1:
            return True
        start -= 1
    return False


class Shown(tuple):
    """Cards for an event's text, written out ("9♠ 10♠") only when the text is first read."""
    __slots__ = ()

    def __format__(self, spec):
        return names(self)

    def localized(self) -> str:
        return names(self)


#: The table turned away, by (whether its player still holds cards, whether play now goes clockwise).
TURNED_AWAY = {
    (True, True): N_("{k} plays on the table for {m} players still in: the table is turned away. {p} {p:lays} "
                     "any run next; play now goes clockwise."),
    (True, False): N_("{k} plays on the table for {m} players still in: the table is turned away. {p} {p:lays} "
                      "any run next; play now goes counter-clockwise."),
    (False, True): N_("{k} plays on the table for {m} players still in: the table is turned away. {p} {p:is} "
                      "out, so the next player lays any run; play now goes clockwise."),
    (False, False): N_("{k} plays on the table for {m} players still in: the table is turned away. {p} {p:is} "
                       "out, so the next player lays any run; play now goes counter-clockwise."),
}

_RANK_PLURALS = {"J": N_("Jacks"), "Q": N_("Queens"), "K": N_("Kings"), "A": N_("Aces")}


def _rank_plural(rank):
    """ "Jacks", "7s": a rank named as several cards, in the reader's language where a person reads it."""
    return _RANK_PLURALS.get(rank) or Phrase("{r}s", (rank,))


def _suit(suit):
    return Phrase("{s} {name}", (SYMBOL[suit], SUIT_NAME[suit]))
