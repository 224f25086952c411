""""21" with trump cards: the game as a rule book, driven by the core's decisions.

A turn: the gamble (``_step_turn_start``), then trumps and the round action (``_decide_turn``), then
``_step_end_turn``: the exact-target check and the next turn, or the scoring of the round.
"""
from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

from cardkit.core import (Action, Game, IllegalAction, Option, Pile, State, decides, interned, next_seat, offers,
                         plural, seats_from, stacked_deck, step)

from . import cards
from .cards import (AIMED, DAMAGE_PLUS, DEFAULT_TRUMPS, DRAW_CARD, GO_FOR, NUMBERS, TRUMP_RULE,
                    TRUMPS, VALUE, best_card, damage_taken, parse, parse_number, parse_trump, round_winners)
from .rules import RULES

ORDER = {card: i for i, card in enumerate(TRUMPS)}


# -- actions -------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Take(Action):
    """Take the top card of the number deck (the round action); the turn ends."""

    def label(self):
        return "Take"


@dataclasses.dataclass(frozen=True)
class Close(Action):
    """Take no more cards this round (the round action); the turn ends."""

    def label(self):
        return "Close"


@dataclasses.dataclass(frozen=True)
class PlayTrump(Action):
    """Play ``trump`` from the hand; ``target`` is the seat it is aimed at (Damage+, Love your enemy,
    Exchange), else None."""
    trump: str
    target: int | None = None

    def __post_init__(self):
        object.__setattr__(self, "trump", _try(parse_trump, self.trump))

    def label(self):
        at = "" if self.target is None else f" {'with' if self.trump == 'Exchange' else 'at'} Player {self.target}"
        return f"Play {self.trump}{at}"


@dataclasses.dataclass(frozen=True)
class DestroyTrump(Action):
    """Destroy's choice: the open trump ``trump`` lying at ``seat``, or (``trump`` None) a random
    hidden trump of ``seat``."""
    seat: int
    trump: str | None = None

    def __post_init__(self):
        if self.trump is not None:
            object.__setattr__(self, "trump", _try(parse_trump, self.trump))

    def label(self):
        if self.trump is None:
            return f"Destroy a hidden trump of Player {self.seat}"
        return f"Destroy {self.trump} at Player {self.seat}"


@dataclasses.dataclass(frozen=True)
class Swap(Action):
    """Exchange's choice: the trumps given and taken. Given: "open:<trump>" (lying at you) or
    "hand:<trump>"; taken: "open:<trump>" (lying at them) or "hidden" (one of their hand, at random).

    Chosen card by card in the app: its ``parts`` are "give:…" and "take:…" tokens."""
    give: tuple
    take: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "give", tuple(sorted(_item(x) for x in _tuple(self.give))))
        object.__setattr__(self, "take", tuple(sorted(_item(x) for x in _tuple(self.take))))

    def label(self):
        given = ", ".join(_words(x, mine=True) for x in self.give) or "nothing"
        taken = ", ".join(_words(x, mine=False) for x in self.take) or "nothing"
        return f"Give {given}; take {taken}"

    @property
    def parts(self) -> tuple:
        return tuple("give:" + x for x in self.give) + tuple("take:" + x for x in self.take)

    @classmethod
    def from_parts(cls, parts):
        give, take = [], []
        for part in parts:
            side, _, item = str(part).partition(":")
            if side not in ("give", "take") or not item:
                raise ValueError(f"{part!r} is not a part of an exchange (give:… or take:…)")
            (give if side == "give" else take).append(item)
        return cls(tuple(give), tuple(take))

    @classmethod
    def part_label(cls, part):
        side, _, item = str(part).partition(":")
        return f"{side} {_words(item, mine=side == 'give')}"


def _tuple(value):
    return (value,) if isinstance(value, str) or not isinstance(value, (tuple, list)) else tuple(value)


def _item(text):
    """The normal spelling of an exchange item ("open:Shield", "hand:Shield", "hidden")."""
    if not isinstance(text, str):
        return text
    place, _, card = text.partition(":")
    if place in ("open", "hand") and card:
        return f"{place}:{_try(parse_trump, card)}"
    return text


def _words(item, mine):
    place, _, card = str(item).partition(":")
    if item == "hidden":
        return "a hidden trump"
    if place == "hand":
        return f"{card} from your hand" if mine else card
    return card or str(item)


def _try(convert, value):
    """The normal spelling of ``value``, or ``value`` itself when it names nothing (apply refuses it)."""
    try:
        return convert(value)
    except (ValueError, TypeError, AttributeError):
        return value


TAKE, CLOSE = Take(), Close()
def play_of(trump, target=None) -> PlayTrump:
    return interned(PlayTrump, trump, target)


def _remove_newest(pile: list, card) -> None:
    """Remove the copy of ``card`` laid last."""
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == card:
            del pile[i]
            return
    raise ValueError(card)


# -- the state -------------------------------------------------------------------------------------------
class Trump21State(State):

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
                 "({m} there now). {p} starts.", "trump21.refill", self.round, self.target,
                 f"{_trumps(added)} {'goes' if added == 1 else 'go'}", len(pile), self.first)
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
                self.log(seat, "gamble", "{p} wins the gamble and draws {k}.", "trump21.gamble", seat,
                         _trumps(got))
                self.note_harvest(seat, got, 1)
            else:
                self.log(seat, "gamble", "{p} wins the gamble, but the trump draw pile is empty.",
                         "trump21.gamble", seat)
        else:
            self.log(seat, "gamble", "{p} gambles and draws no trump.", "trump21.gamble", seat)
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
                self.log(seat, "reveal", "{p} is exactly on {target} and reveals the hidden {c}.",
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
            self.log(seat, "take", "{p} takes the {c}: {total}.", "trump21.take", seat, card,
                     self.shown_total(seat))
            self.then(self._step_end_turn, seat)
        elif kind is Close:
            self.closed[seat] = True
            self.log(seat, "close", "{p} closes.", "trump21.close", seat)
            self.then(self._step_end_turn, seat)
        else:
            self.play_trump(seat, action)

    def shown_total(self, seat) -> str:
        open_sum = sum(VALUE[c] for c in self.open[seat])
        return f"{self.total(seat)} in all" if self.revealed[seat] else f"{open_sum} showing + the hidden card"

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
                    self.log(s, "exact_win", "{p} is still exactly on {target}: {p} wins the round at once.",
                             "trump21.exact", s, target)
                    self.then(self._step_score, s)
                    return
                self.claim[s] = False
            if not self.closed[s]:
                self.then(self._step_turn_start, s)
                return
        raise AssertionError("no player left to play, yet the round is not over")   # round_done() was false

    # -- trumps ---------------------------------------------------------------------------------------
    def lay(self, seat, trump):
        self.played[seat].append(trump)

    def play_trump(self, seat, action):
        trump, target = action.trump, action.target
        self.hands[seat].remove(trump)
        rule = TRUMP_RULE[trump]
        if trump in DRAW_CARD:
            self.lay(seat, trump)
            want = DRAW_CARD[trump]
            got = self.take_out(want) if want in self.deck or (not self.deck and want in self.discard) else None
            if got is None:
                self.log(seat, "draw_x", "{p} plays {trump}, but no {c} is left in the number deck: no card, "
                         "and the turn ends.", rule, seat, trump, want)
            else:
                self.lay_open(seat, got)
                self.log(seat, "draw_x", "{p} plays {trump} and takes the {c}: {total}.", rule, seat,
                         trump, got, self.shown_total(seat))
            self.then(self._step_end_turn, seat)
            return
        if trump == "Perfect Draw":
            self.lay(seat, trump)
            self.perfect_seats.add(seat)
            card = self.best_draw(seat)
            if card is None:
                self.log(seat, "perfect", "{p} plays Perfect Draw, but no number card is left.", rule, seat)
            else:
                self.log(seat, "perfect", "{p} plays Perfect Draw and takes the {c}: {total}.", rule,
                         seat, card, self.shown_total(seat))
            self.then(self._step_end_turn, seat)
            return
        if trump in DAMAGE_PLUS:
            self.lay(target, trump)
            self.log(seat, "damage_plus", "{p} lays {trump} at {t}: {k} more damage if they lose.", rule, seat,
                     trump, target, DAMAGE_PLUS[trump])
        elif trump in GO_FOR:
            self.lay(seat, trump)
            self.go_fors.append(trump)
            new = GO_FOR[trump]
            self.log(seat, "go_for", "{p} plays {trump}: the target is {target} now.", rule, seat, trump, new)
            for s in range(self.players):
                if self.alive[s] and self.closed[s] and self.total(s) <= new:
                    self.closed[s] = False
                    self.log(s, "reopen", "{p} is not over {target} and plays on.", rule, s, new)
        elif trump == "Love your enemy":
            self.lay(target, trump)
            card = self.best_draw(target)
            if card is None:
                self.log(seat, "love", "{p} plays Love your enemy at {t}, but no number card is left.", rule,
                         seat, target)
            else:
                self.log(seat, "love", "{p} plays Love your enemy: {t} takes their best card, a {c} "
                         "({total}).", rule, seat, target, card, self.shown_total(target))
        elif trump == "Destroy":
            self.lay(seat, trump)
            self.log(seat, "destroy", "{p} plays Destroy.", rule, seat)
            self.ask(seat, "destroy")
        elif trump == "Exchange":
            self.lay(seat, trump)
            self.log(seat, "exchange", "{p} plays Exchange with {t}.", rule, seat, target)
            self.ask(seat, "exchange", target)
        elif trump == "Return":
            self.lay(seat, trump)
            card = self.open[seat].pop()
            self.sums[seat] -= VALUE[card]
            self.discard.append(card)
            self.log(seat, "return", "{p} plays Return: the {c} goes to the discard pile ({total}).",
                     rule, seat, card, self.shown_total(seat))
        elif trump == "Trump Switch":
            self.lay(seat, trump)
            self.trump_switch(seat)
        else:                                   # Harvest, Shield: they lie at the player
            self.lay(seat, trump)
            self.log(seat, "lay", "{p} plays {trump}; it lies at {p}.", rule, seat, trump)
        self.then(self._step_after_trump, seat)

    def best_draw(self, seat):
        """The best card for ``seat`` taken out of the number deck into their open cards, or None."""
        if not self.refill_deck():
            return None
        card = self.take_out(best_card(self.deck, self.total(seat), self.target))
        self.lay_open(seat, card)
        return card

    def trump_switch(self, seat):
        hand = self.hands[seat]
        k = min(2, len(hand))
        picked = sorted(self.rng.sample(range(len(hand)), k), reverse=True)
        back = [hand.pop(i) for i in picked]
        self.trump_pile[:0] = back                   # under the draw pile
        got = self.draw_trumps(seat, k + 1, keep=k)
        self.log(seat, "switch", "{p} plays Trump Switch: puts {a} under the trump draw pile and draws {b}.",
                 "trump21.trump_switch", seat, _trumps(k), _trumps(got))
        self.note_harvest(seat, got, min(got, k + 1))

    @step
    def _step_after_trump(self, seat):
        if self.round_done():
            self.then(self._step_score, None)
        else:
            self.ask_turn(seat)

    # -- Destroy --------------------------------------------------------------------------------------
    def destroy_choices(self, seat, laid=True) -> list:
        """Open trumps on the table and players holding hidden trumps, yourself included; never the
        Destroy being played (laid, or still in the hand when ``laid`` is False)."""
        found = []
        for s in range(self.players):
            lying = self.played[s]
            if laid and s == seat:
                lying = lying[:-1]
            found += [DestroyTrump(s, card) for card in dict.fromkeys(lying)]
        found += [DestroyTrump(s) for s in self.opponents(seat) if self.hands[s]]
        if len(self.hands[seat]) > (0 if laid else 1):
            found.append(DestroyTrump(seat))
        return found

    @offers("destroy")
    def _choices_destroy(self, seat):
        return self.destroy_choices(seat)

    @decides("destroy")
    def _decide_destroy(self, seat, action):
        s = action.seat
        if action.trump is None:
            card = self.hands[s].pop(self.rng.randrange(len(self.hands[s])))
            if s == seat:
                self.log(seat, "destroyed", "{p} destroys one of their own hidden trumps.", "trump21.destroy", seat)
            else:
                self.log(seat, "destroyed", "{p} destroys a hidden trump of {t}.", "trump21.destroy", seat, s)
        else:
            card = action.trump
            _remove_newest(self.played[s], card)
            if card in GO_FOR:
                _remove_newest(self.go_fors, card)
            self.log(seat, "destroyed", "{p} destroys the {trump} lying at {t}.", "trump21.destroy", seat, card, s)
            if card in GO_FOR:
                self.log(None, "target", "The target is {target} now.", "trump21.go_for", self.target)
        self.return_trumps([card])

    def return_trumps(self, trumps):
        """Trumps back to the trump deck, shuffled into it."""
        if trumps:
            self.trump_deck += trumps
            self.trump_deck.shuffle(self.rng)

    # -- Exchange -------------------------------------------------------------------------------------
    @offers("exchange")
    def _choices_exchange(self, seat, other):
        mine = sorted([f"open:{c}" for c in self.played[seat]] + [f"hand:{c}" for c in self.hands[seat]])
        theirs = sorted([f"open:{c}" for c in self.played[other]] + ["hidden"] * min(2, len(self.hands[other])))
        gives = [g for k in (1, 2) for g in dict.fromkeys(itertools.combinations(mine, k))]
        takes = [t for k in (0, 1, 2) for t in dict.fromkeys(itertools.combinations(theirs, k))]
        return [Swap(g, t) for g in gives for t in takes if len(t) <= len(g)]

    @decides("exchange")
    def _decide_exchange(self, seat, action, other):
        taken = []
        for item in action.take:                     # first take, so a card given is never taken back
            if item == "hidden":
                hand = self.hands[other]
                taken.append(("hand", hand.pop(self.rng.randrange(len(hand)))))
            else:
                card = item.partition(":")[2]
                _remove_newest(self.played[other], card)
                taken.append(("open", card))
        given = []
        for item in action.give:
            place, _, card = item.partition(":")
            (self.played[seat] if place == "open" else self.hands[seat]).remove(card)
            given.append((place, card))
        for (place, card) in given:
            (self.played[other] if place == "open" else self.hands[other]).append(card)
        for (place, card) in taken:
            (self.played[seat] if place == "open" else self.hands[seat]).append(card)
        self.hands[seat].sort(key=ORDER.__getitem__)
        self.hands[other].sort(key=ORDER.__getitem__)
        self.log(seat, "swap", "{p} gives {t} {g} and takes {k}.", "trump21.exchange", seat, other,
                 _described(given), _described(taken))

    # -- scoring ------------------------------------------------------------------------------------------
    @step
    def _step_score(self, instant):
        n = self.players
        target = self.target
        alive = [s for s in range(n) if self.alive[s]]
        totals = {s: self.total(s) for s in alive}
        for s in alive:
            self.revealed[s] = True
        self.log(None, "show", "The hidden cards are shown: {all}.", "trump21.score",
                 "; ".join(f"{self.name(s)} {totals[s]}" for s in alive))
        if instant is not None:
            winners = [instant]
            self.instant_rounds += 1
        else:
            winners = round_winners(totals, target)
            best = totals[winners[0]]
            how = (f"at or under {target}" if best <= target else f"everyone is over {target}, so the lowest")
            self.log(None, "winners", "{ps} {verb} the round with {best} ({how}).", "trump21.winners",
                     " and ".join(self.name(s) for s in winners), "wins" if len(winners) == 1 else "share",
                     best, how)
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
            extra = (f" ({self.damage}" + (f" + {plus} Damage+" if plus else "")
                     + (f" − {2 * shields} Shield" if shields else "") + ")") if plus or shields else ""
            self.log(s, "damage", "{p} loses {k}{extra}: {left} left.", "trump21.damage", s,
                     plural(lost, "life", "lives"), extra, plural(lives[s], "life", "lives"))
        self.round_over(f"Round {self.round} is over")
        for s in alive:
            if lives[s] == 0:
                self.alive[s] = False
                self.log(s, "out", "{p} has no lives left and is out.", "trump21.lives", s)
        self.clear_table()
        for s in alive:
            if not self.alive[s] and self.hands[s]:
                self.return_trumps(self.hands[s])
                self.hands[s] = []
        left = [s for s in range(n) if self.alive[s]]
        if len(left) == 1:
            self.winners = left
            self.log(left[0], "win", "{p} is the last one alive and wins the game.", "trump21.end", left[0])
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
                 "trump21.round_end", "no played trump goes" if not back else
                 "the played trump goes" if len(back) == 1 else f"the {len(back)} played trumps go")

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

    # -- what each seat sees: your hidden card and trumps are yours; the others' are hidden until
    # revealed (at the latest when the round is scored). Open cards and played trumps are open; the
    # decks, the draw pile and the discard pile are face down, but every card in the discard pile was
    # shown to everyone on its way there, so each seat remembers them (the fact "remembered").
    zone_order = ("hidden", "open", "played", "trumps")

    def shows_hidden(self, seat, whose) -> bool:
        return seat is None or whose == seat or self.revealed[whose]

    def view_zones(self, seat, whose):
        hidden, hand = self.hidden[whose], self.hands[whose]
        return {"hidden": [] if hidden is None else [hidden if self.shows_hidden(seat, whose) else None],
                "open": self.open[whose][:],
                "trumps": hand[:] if seat is None or whose == seat else [None] * len(hand),
                "played": self.played[whose][:]}

    def view_table(self, seat):
        piles = (self.deck, self.trump_pile, self.trump_deck)
        deck, trump_pile, trump_deck = ([pile[::-1] for pile in piles] if seat is None else
                                        [[None] * len(pile) for pile in piles])
        discard = self.discard[:] if seat is None else [None] * len(self.discard)
        return {"deck": deck, "discard": discard, "trump_pile": trump_pile, "trump_deck": trump_deck}

    def view_scores(self, seat):
        return self.totals[:]

    def view_facts(self, seat):
        open_sums = self.open_sums()
        return {"round": self.round, "target": self.target, "first": self.first,
                "revealed": self.revealed[:], "closed": self.closed[:], "alive": self.alive[:],
                "totals": self.shown_totals(seat, open_sums), "open_totals": open_sums,
                "deck": len(self.deck), "discard": len(self.discard), "remembered": self.discard[:],
                "trump_pile": len(self.trump_pile),
                "trump_hands": [len(h) for h in self.hands], "damage": self.damage,
                "last_winners": self.last_winners[:]}

    def view_unseen(self, seat):
        if seat is None:
            return Counter()
        hidden_from_me = []                       # the other players' hidden cards and trumps
        for s in range(self.players):
            if s != seat:
                hidden = self.hidden[s]
                if hidden is not None and not self.shows_hidden(seat, s):
                    hidden_from_me.append(hidden)
                hidden_from_me += self.hands[s]
        return self.deck.counts([hidden_from_me], (self.trump_pile, self.trump_deck))

    def view_seat_notes(self, seat):
        open_sums = self.open_sums()
        totals = self.shown_totals(seat, open_sums)
        return [self.seat_note(s, totals[s], open_sums[s]) for s in range(self.players)]

    def open_sums(self) -> list[int]:
        return [sum([VALUE[c] for c in open_]) for open_ in self.open]

    def shown_totals(self, seat, open_sums) -> list:
        """Each seat's total as ``seat`` sees it: None while a hidden card it may not see is down."""
        totals = []
        for s, open_sum in enumerate(open_sums):
            hidden = self.hidden[s]
            totals.append(open_sum if hidden is None else
                          open_sum + VALUE[hidden] if self.shows_hidden(seat, s) else None)
        return totals

    def seat_note(self, s, total, open_sum) -> str:
        if not self.alive[s]:
            return "out"
        note = f"total {total}" if total is not None else f"{open_sum} showing + hidden"
        if self.closed[s]:
            note += " · closed"
        if self.revealed[s]:
            note += " · revealed"
        return note

    def status_line(self) -> str:
        decision = self.decision
        if decision is None and not self.winners:
            return f"Round {self.round} is over: the target was {self.target}."
        if decision is None:
            return f"Game over: {self.name(self.winners[0])} is the last one alive."
        name = self.name(decision.seat)
        head = f"Round {self.round}, target {self.target}: {name}"
        if decision.kind == "destroy":
            return f"{head} chooses the trump to destroy."
        if decision.kind == "exchange":
            return f"{head} chooses the trumps to give and to take."
        return f"{head} may play trumps, then takes a card or closes."

    # -- explaining refusals ----------------------------------------------------------------------------------
    def why_illegal(self, action, seat):
        kind = self.decision.kind
        name = self.name(seat)
        if kind == "destroy":
            if not isinstance(action, DestroyTrump):
                return IllegalAction(f"{name} must first choose what the Destroy hits", "trump21.destroy")
            return self.why_not_destroy(seat, action)
        if kind == "exchange":
            if not isinstance(action, Swap):
                return IllegalAction(f"{name} must first choose the trumps to give and to take", "trump21.exchange")
            return self.why_not_swap(seat, action, self.decision.data[0])
        if isinstance(action, Take):
            return IllegalAction("no number card is left: the number deck and the discard pile are empty",
                                 "trump21.reshuffle")
        if isinstance(action, (DestroyTrump, Swap)):
            rule = "trump21.destroy" if isinstance(action, DestroyTrump) else "trump21.exchange"
            return IllegalAction(f"{action} is chosen only after playing "
                                 f"{'a Destroy' if rule.endswith('destroy') else 'an Exchange'}", rule)
        if isinstance(action, PlayTrump):
            return self.why_not_play(seat, action)
        return IllegalAction(f"{action!r} is not a move of this game: play a trump, take a card or close",
                             "trump21.turn")

    def why_not_play(self, seat, action):
        trump, target, name = action.trump, action.target, self.name(seat)
        if trump not in ORDER:
            return IllegalAction(f"{trump!r} is not a trump card", "trump21.trumps")
        rule = TRUMP_RULE[trump]
        if trump not in self.hands[seat]:
            return IllegalAction(f"{name} holds no {trump}", "trump21.trumps")
        if trump in DAMAGE_PLUS and target is None:
            return IllegalAction(f"{trump} is laid at a player, yourself included: say which one", rule)
        if trump in AIMED or trump == "Exchange":
            if target is None:
                return IllegalAction(f"{trump} is aimed at an opponent: say which one", rule)
            if target == seat and trump not in DAMAGE_PLUS:
                return IllegalAction(f"{trump} is aimed at an opponent, not at yourself", rule)
            if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < self.players:
                return IllegalAction(f"there is no seat {target!r}", rule)
            return IllegalAction(f"{self.name(target)} is out of the game", "trump21.lives")
        if target is not None:
            return IllegalAction(f"{trump} is not aimed at a player", rule)
        if trump == "Return":
            return IllegalAction(f"{name} has no open number card to return (never the hidden one)", rule)
        if trump == "Destroy":
            return IllegalAction("there is no trump to destroy: none lies open and nobody holds one but this "
                                 "Destroy", rule)
        return IllegalAction(f"{action} is not one of the choices now", "trump21.turn")

    def why_not_destroy(self, seat, action):
        s = action.seat
        rule = "trump21.destroy"
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < self.players:
            return IllegalAction(f"there is no seat {s!r}", rule)
        if action.trump is None:
            if s != seat and not self.alive[s]:
                return IllegalAction(f"{self.name(s)} is out of the game", "trump21.lives")
            return IllegalAction(f"{self.name(s)} holds no hidden trump", rule)
        return IllegalAction(f"no {action.trump} lies open at {self.name(s)} (the Destroy just played does "
                             "not count)", rule)

    def why_not_swap(self, seat, action, other):
        rule = "trump21.exchange"
        if not 1 <= len(action.give) <= 2:
            return IllegalAction("give 1 or 2 trumps", rule)
        if len(action.take) > len(action.give):
            return IllegalAction("take no more trumps than you give", rule)
        mine = Counter([f"open:{c}" for c in self.played[seat]] + [f"hand:{c}" for c in self.hands[seat]])
        missing = Counter(action.give) - mine
        if missing:
            return IllegalAction(f"{self.name(seat)} has no {', '.join(_words(x, True) for x in missing)} to give",
                                 rule)
        theirs = Counter([f"open:{c}" for c in self.played[other]] + ["hidden"] * len(self.hands[other]))
        missing = Counter(action.take) - theirs
        if missing:
            return IllegalAction(f"{self.name(other)} has no {', '.join(_words(x, False) for x in missing)} "
                                 "to take", rule)
        return IllegalAction(f"{action} is not one of the choices now", rule)


def _trumps(k) -> str:
    return "a trump" if k == 1 else f"{k} trumps" if k else "no trump"



def _described(items) -> str:
    if not items:
        return "nothing"
    open_ = [card for place, card in items if place == "open"]
    hidden = sum(1 for place, _ in items if place == "hand")
    words = [f"the open {c}" for c in open_]
    if hidden:
        words.append(_trumps(hidden) + " from the hand")
    return " and ".join(words)


class Trump21(Game):
    id = "trump21"
    title = "21 with trumps"
    blurb = ("A push-your-luck duel to 21 with a hidden card, trump cards and lives: the last one alive "
             "wins; 2 to 6 players.")
    rules = RULES
    players_range = (2, 6)
    default_players = 2
    option_specs = [
        Option("lives", 10, "lives each player starts with", 1, 99),
        Option("damage", 2, "lives a loser loses each round", 1, 20),
        Option("target", 21, "the target at the start of each round", 5, 60),
        Option("gamble_chance", 0.5, "chance to draw a trump at the start of a turn", 0.0, 1.0),
        Option("trumps", dict(DEFAULT_TRUMPS), "the trump deck: how many of each trump", high=20),
    ]
    action_types = {"Take": Take, "Close": Close, "PlayTrump": PlayTrump, "DestroyTrump": DestroyTrump,
                    "Swap": Swap}
    state_class = Trump21State
    stackable = ("trumps",)
    summary_columns = ("first_win_share", "perfect_draw_share", "instant_win_share")
    parse = staticmethod(parse)

    def make_deck(self) -> Counter:
        self.number_deck = cards.number_deck()
        self.trump_deck = cards.trump_deck(self.options["trumps"])
        return self.number_deck + self.trump_deck


__all__ = ["Trump21", "Trump21State", "Take", "Close", "PlayTrump", "DestroyTrump", "Swap",
           "TAKE", "CLOSE", "play_of", "NUMBERS"]
