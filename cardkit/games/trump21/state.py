""""21" with trump cards: the game as a rule book, driven by the core's decisions. This file holds the
deal and each round's start, the number deck, a turn (the gamble, then trumps and the round action,
then the exact-target check and the next turn), and the scoring of a round (the Game
with its options is in ``__init__.py``).
The trump cards are in ``trumps.py``, what each seat sees in ``views.py``, the moves in ``actions.py``.
"""
from __future__ import annotations


from cardkit.core import Pile, State, decides, next_seat, offers, seats_from, stacked_deck, step
from cardkit.core.events import Phrase
from cardkit.i18n import N_, count

from .actions import CLOSE, TAKE, Close, DestroyTrump, PlayTrump, Swap, Take, play_of  # noqa: F401 (re-exported)
from .cards import (AIMED, DAMAGE_PLUS, GO_FOR, NUMBERS, VALUE, damage_taken, parse_number,
                    parse_trump, round_winners)
from .trumps import ORDER, TrumpCards, _remove_newest, _trumps
from .views import Views


# -- the state -------------------------------------------------------------------------------------------
class Trump21State(TrumpCards, Views, State):

    # -- set-up ---------------------------------------------------------------------------------------
    def setup(self, deck, trumps=None):
        game = self.game
        n = self.players
        opts = game.options
        self.base_target, self.damage = opts["target"], opts["damage"]
        self.chance = opts["gamble_chance"]
        self.deck = stacked_deck(game.number_deck, deck, self.rng, parse_number)
        self.trump_deck = stacked_deck(game.trump_deck, trumps, self.rng, parse_trump, name="trumps")
        self.discard = Pile()
        self.trump_pile = Pile()
        self.totals = [opts["lives"]] * n            # lives (the base State's totals are the scores)
        self.alive = [True] * n
        self.hidden: list = [None] * n
        self.sums = [0] * n                          # each seat's total: hidden card + open cards
        self.open = [[] for _ in range(n)]
        self.hands = [[] for _ in range(n)]          # trumps in hand, hidden from the others
        self.played = [[] for _ in range(n)]         # open trumps lying at each seat
        self.round = 0
        self.first = 0
        self.last_winners: list = []
        # per-game figures for simulations (summary())
        self.first_wins = 0.0
        self.perfect_rounds = 0
        self.instant_rounds = 0
        self.then(self._step_round_start)

    @step
    def _step_round_start(self):
        n = self.players
        self.round += 1
        self.closed = [False] * n
        self.revealed = [False] * n
        self.claim = [False] * n                   # exactly on target during the seat's last turn
        self.go_fors: list = []                    # Go for x on the table, in the order played
        self.perfect_seats: set = set()
        alive = [s for s in seats_from(self.first, n) if self.alive[s]]
        want = len(alive) + 1
        added = 0
        pile, source = self.trump_pile, self.trump_deck
        while len(pile) < want and source:
            pile.insert(0, source.pop())           # the first taken stays on top
            added += 1
        self.log(None, "round", "Round {r}: the target is {target}; {k} onto the trump draw pile "
                 "({m} there now). {p} {p:starts}.", "trump21.refill", self.round, self.target,
                 count(added, "a trump goes", "{n} trumps go") if added else N_("no trump goes"), len(pile),
                 self.first)
        for seat in alive:
            card = self.hidden[seat] = self.draw_number()
            self.sums[seat] = VALUE[card]
        for seat in alive:
            self.lay_open(seat, self.draw_number())
        self.log(None, "deal", "Each player gets a hidden card and an open card.", "trump21.deal")
        self.then(self._step_turn_start, self.first)

    # -- the number deck ------------------------------------------------------------------------------
    def refill_deck(self) -> bool:
        """An empty number deck becomes the shuffled discard pile; False when both are empty."""
        if self.deck:
            return True
        if not self.discard:
            return False
        count = self.deck.refill_from(self.discard, self.rng)
        self.log(None, "reshuffle", "The number deck is empty: the {k} cards of the discard pile are "
                 "shuffled into a new number deck.", "trump21.reshuffle", count)
        return True

    def draw_number(self):
        return self.deck.pop() if self.refill_deck() else None

    def take_out(self, card):
        """Take ``card`` out of the number deck (the topmost copy); None when it is not there."""
        if not self.refill_deck() or card is None:
            return None
        _remove_newest(self.deck, card)
        return card

    # -- totals and the target ------------------------------------------------------------------------
    def total(self, seat) -> int:
        """The seat's hidden card plus its open cards (kept up to date as cards come and go)."""
        return self.sums[seat]

    def lay_open(self, seat, card):
        self.open[seat].append(card)
        self.sums[seat] += VALUE[card]

    @property
    def target(self) -> int:
        """The newest Go for x on the table sets the target; else the game's target."""
        return GO_FOR[self.go_fors[-1]] if self.go_fors else self.base_target

    def round_done(self) -> bool:
        target = self.target
        return all(not self.alive[s] or self.closed[s] or self.total(s) > target for s in range(self.players))

    def opponents(self, seat) -> list:
        return [s for s in seats_from(next_seat(seat, self.players), self.players)
                if s != seat and self.alive[s]]

    # -- a turn ---------------------------------------------------------------------------------------
    @step
    def _step_turn_start(self, seat):
        if self.rng.random() < self.chance:
            if self.trump_pile:
                got = self.draw_trumps(seat, 1)
                self.log(seat, "gamble", "{p} {p:wins} the gamble and {p:draws} {k}.", "trump21.gamble", seat,
                         _trumps(got))
                self.note_harvest(seat, got, 1)
            else:
                self.log(seat, "gamble", "{p} {p:wins} the gamble, but the trump draw pile is empty.",
                         "trump21.gamble", seat)
        else:
            self.log(seat, "gamble", "{p} {p:loses} the turn's gamble (one in two): no trump.", "trump21.gamble", seat)
        self.ask_turn(seat)

    def draw_trumps(self, seat, count, keep=0) -> int:
        """Draw ``count`` trumps from the top of the draw pile, each bringing one more per Harvest
        lying at ``seat``; never the bottom ``keep`` cards (just put there). Returns how many."""
        harvest = self.played[seat].count("Harvest")
        want = count * (1 + harvest)
        pile, hand = self.trump_pile, self.hands[seat]
        got = 0
        while got < want and len(pile) > keep:
            hand.append(pile.pop())
            got += 1
        hand.sort(key=ORDER.__getitem__)
        return got

    def note_harvest(self, seat, got, count):
        if got > count:
            self.log(seat, "harvest", "Harvest brings {p} {k} more.", "trump21.harvest", seat, _trumps(got - count))

    def ask_turn(self, seat):
        self.check_exact(seat)
        self.ask(seat, "turn")

    def check_exact(self, seat):
        """Exactly on target during your own turn: the hidden card is revealed (once) and the
        instant win waits for your next turn."""
        if self.total(seat) == self.target:
            self.claim[seat] = True
            if not self.revealed[seat]:
                self.revealed[seat] = True
                self.log(seat, "reveal", "{p} {p:is} exactly on {target} and {p:reveals} the hidden {c}.",
                         "trump21.exact", seat, self.target, self.hidden[seat])

    @offers("turn")
    def _choices_turn(self, seat):
        found = []
        for trump in dict.fromkeys(self.hands[seat]):
            found += self.plays_of(seat, trump)
        if self.deck or self.discard:
            found.append(TAKE)
        found.append(CLOSE)
        return found

    def plays_of(self, seat, trump) -> list:
        if trump in DAMAGE_PLUS:                 # at any player, yourself included
            return [play_of(trump, s) for s in self.opponents(seat)] + [play_of(trump, seat)]
        if trump in AIMED or trump == "Exchange":
            return [play_of(trump, s) for s in self.opponents(seat)]
        if trump == "Return" and not self.open[seat]:
            return []
        if trump == "Destroy" and not self.destroy_choices(seat, laid=False):
            return []
        return [play_of(trump)]

    @decides("turn")
    def _decide_turn(self, seat, action):
        kind = type(action)
        if kind is Take:
            card = self.draw_number()
            self.lay_open(seat, card)
            self.log(seat, "take", "{p} {p:takes} the {c}: {total}.", "trump21.take", seat, card,
                     self.shown_total(seat))
            self.then(self._step_end_turn, seat)
        elif kind is Close:
            self.closed[seat] = True
            self.log(seat, "close", "{p} {p:closes}.", "trump21.close", seat)
            self.then(self._step_end_turn, seat)
        else:
            self.play_trump(seat, action)

    def shown_total(self, seat) -> str:
        open_sum = sum(VALUE[c] for c in self.open[seat])
        if self.revealed[seat]:
            return Phrase("{n} in all", (self.total(seat),))
        return Phrase("{n} showing + the hidden card", (open_sum,))

    @step
    def _step_end_turn(self, seat):
        self.check_exact(seat)
        if self.round_done():
            self.then(self._step_score, None)
        else:
            self.then(self._step_next_turn, seat)

    @step
    def _step_next_turn(self, seat):
        """Play passes to the next player alive who has not closed; on the way, a player who was
        exactly on target in their last turn and still is wins the round at once."""
        target = self.target
        for s in seats_from(next_seat(seat, self.players), self.players):
            if not self.alive[s]:
                continue
            if self.claim[s]:
                if self.total(s) == target:
                    self.log(s, "exact_win", "{p} {p:is} still exactly on {target}: {p} {p:wins} the round at once.",
                             "trump21.exact", s, target)
                    self.then(self._step_score, s)
                    return
                self.claim[s] = False
            if not self.closed[s]:
                self.then(self._step_turn_start, s)
                return
        raise AssertionError("no player left to play, yet the round is not over")   # round_done() was false

    # -- scoring ------------------------------------------------------------------------------------------
    @step
    def _step_score(self, instant):
        n = self.players
        target = self.target
        alive = [s for s in range(n) if self.alive[s]]
        totals = {s: self.total(s) for s in alive}
        for s in alive:
            self.revealed[s] = True
        self.log(None, "show", SHOWN[len(alive)], "trump21.score", *(x for s in alive for x in (s, totals[s])))
        if instant is not None:
            winners = [instant]
            self.instant_rounds += 1
        else:
            winners = round_winners(totals, target)
            best = totals[winners[0]]
            how = (Phrase("at or under {target}", (target,)) if best <= target else
                   Phrase("everyone is over {target}, so the lowest", (target,)))
            if len(winners) == 1:
                self.log(None, "winners", "{who} {who:wins} the round with {best} ({how}).", "trump21.winners",
                         tuple(winners), best, how)
            else:
                self.log(None, "winners", "{who} share the round with {best} ({how}).", "trump21.winners",
                         tuple(winners), best, how)
        self.last_winners = winners
        if self.first in winners:
            self.first_wins += 1 / len(winners)
        if self.perfect_seats & set(winners):
            self.perfect_rounds += 1
        lives = self.totals
        for s in alive:
            if s in winners:
                continue
            lying = self.played[s]
            plus = sum(DAMAGE_PLUS.get(c, 0) for c in lying)
            shields = lying.count("Shield")
            lost = damage_taken(self.damage, plus, shields)
            lives[s] = max(0, lives[s] - lost)
            if plus and shields:
                extra = Phrase(" ({d} + {plus} Damage+ − {minus} Shield)", (self.damage, plus, 2 * shields))
            elif plus:
                extra = Phrase(" ({d} + {plus} Damage+)", (self.damage, plus))
            elif shields:
                extra = Phrase(" ({d} − {minus} Shield)", (self.damage, 2 * shields))
            else:
                extra = ""
            self.log(s, "damage", "{p} {p:loses} {k}{extra}: {left} left.", "trump21.damage", s,
                     _lives(lost), extra, _lives(lives[s]))
        self.round_over(self.phrase("Round {r} is over", self.round))
        for s in alive:
            if lives[s] == 0:
                self.alive[s] = False
                self.log(s, "out", "{p} {p:has} no lives left and {p:is} out.", "trump21.lives", s)
        self.clear_table()
        for s in alive:
            if not self.alive[s] and self.hands[s]:
                self.return_trumps(self.hands[s])
                self.hands[s] = []
        left = [s for s in range(n) if self.alive[s]]
        if len(left) == 1:
            self.winners = left
            self.log(left[0], "win", "{p} {p:is} the last one alive and {p:wins} the game.", "trump21.end", left[0])
            return
        self.first = next(s for s in seats_from(next_seat(self.first, n), n) if self.alive[s])
        self.then(self._step_round_start)

    def clear_table(self):
        """Every number card to the discard pile; played trumps back to the trump deck."""
        back = []
        for s in range(self.players):
            if self.hidden[s] is not None:
                self.discard.append(self.hidden[s])
                self.hidden[s] = None
            self.discard += self.open[s]
            self.open[s] = []
            self.sums[s] = 0
            back += self.played[s]
            self.played[s] = []
        self.return_trumps(back)
        self.go_fors = []
        self.log(None, "clear", "The number cards go to the discard pile; {k} back to the trump deck.",
                 "trump21.round_end", N_("no played trump goes") if not back else
                 count(len(back), "the played trump goes", "the {n} played trumps go"))

    # -- contract ---------------------------------------------------------------------------------------
    @property
    def scores(self) -> list:
        """Lives per seat."""
        return list(self.totals)

    def all_cards(self):
        found = self.deck + self.discard + self.trump_deck + self.trump_pile
        for s in range(self.players):
            if self.hidden[s] is not None:
                found.append(self.hidden[s])
            found += self.open[s]
            found += self.hands[s]
            found += self.played[s]
        return found

    def candidate_actions(self, seat=None):
        """On a turn: every trump in hand (one that cannot be played now is shown and explained),
        then Take and Close; otherwise the choices."""
        decision = self.decision
        if decision is None or seat not in (None, decision.seat):
            return []
        legal = self.legal_actions()
        if decision.kind != "turn":
            return legal
        shown = []
        for trump in dict.fromkeys(self.hands[decision.seat]):
            shown += [a for a in legal if type(a) is PlayTrump and a.trump == trump] or [play_of(trump)]
        return shown + [TAKE, CLOSE]

    def check(self) -> None:
        """No card lost or duplicated, and every total agrees with the cards (tests turn it on)."""
        super().check()
        for s in range(self.players):
            hidden = self.hidden[s]
            cards_ = self.open[s] + ([hidden] if hidden is not None else [])
            assert self.sums[s] == sum(VALUE[c] for c in cards_), f"trump21: Player {s}'s total is off"

    def summary(self):
        rounds = self.round or 1
        return (self.first_wins / rounds, self.perfect_rounds / rounds, self.instant_rounds / rounds)


#: The hidden cards shown at a round's score, one line per number of players alive.
SHOWN = {
    1: N_("The hidden cards are shown: {p0} {n0}."),
    2: N_("The hidden cards are shown: {p0} {n0}; {p1} {n1}."),
    3: N_("The hidden cards are shown: {p0} {n0}; {p1} {n1}; {p2} {n2}."),
    4: N_("The hidden cards are shown: {p0} {n0}; {p1} {n1}; {p2} {n2}; {p3} {n3}."),
    5: N_("The hidden cards are shown: {p0} {n0}; {p1} {n1}; {p2} {n2}; {p3} {n3}; {p4} {n4}."),
    6: N_("The hidden cards are shown: {p0} {n0}; {p1} {n1}; {p2} {n2}; {p3} {n3}; {p4} {n4}; {p5} {n5}."),
}


def _lives(k):
    return count(k, "{n} life", "{n} lives")


__all__ = ["Trump21State", "Take", "Close", "PlayTrump", "DestroyTrump", "Swap",
           "TAKE", "CLOSE", "play_of", "NUMBERS"]
