"""21 with trumps: the trump cards. Playing each one (the number cards they draw, Perfect Draw, the
target changers, the bets that raise a loser's damage, Shield, Remove and the rest), Destroy and what
it hits, Exchange and the trumps given and taken, and why a trump move is refused.
"""
from __future__ import annotations

import itertools
from collections import Counter

from cardkit.core import IllegalAction, decides, offers, step
from cardkit.core.errors import shown
from cardkit.core.events import Phrase
from cardkit.i18n import N_, count

from .actions import DestroyTrump, PlayTrump, Swap, Take, _listed
from .cards import AIMED, DAMAGE_PLUS, DRAW_CARD, GO_FOR, TRUMP_RULE, TRUMPS, VALUE, best_card

#: The trumps in pack order: a hand is kept sorted by it.
ORDER = {card: i for i, card in enumerate(TRUMPS)}


class TrumpCards:
    """The trump cards: a mixin of Trump21State."""

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
                self.log(seat, "draw_x", "{p} {p:plays} {trump}, but no {c} is left in the number deck: no card, "
                         "and the turn ends.", rule, seat, trump, want)
            else:
                self.lay_open(seat, got)
                self.log(seat, "draw_x", "{p} {p:plays} {trump} and {p:takes} the {c}: {total}.", rule, seat,
                         trump, got, self.shown_total(seat))
            self.then(self._step_end_turn, seat)
            return
        if trump == "Perfect Draw":
            self.lay(seat, trump)
            self.perfect_seats.add(seat)
            card = self.best_draw(seat)
            if card is None:
                self.log(seat, "perfect", "{p} {p:plays} Perfect Draw, but no number card is left.", rule, seat)
            else:
                self.log(seat, "perfect", "{p} {p:plays} Perfect Draw and {p:takes} the {c}: {total}.", rule,
                         seat, card, self.shown_total(seat))
            self.then(self._step_end_turn, seat)
            return
        if trump in DAMAGE_PLUS:
            self.lay(target, trump)
            self.log(seat, "damage_plus", "{p} {p:lays} {trump} at {t}: {k} more damage if {t:they} lose.", rule, seat,
                     trump, target, DAMAGE_PLUS[trump])
        elif trump in GO_FOR:
            self.lay(seat, trump)
            self.go_fors.append(trump)
            new = GO_FOR[trump]
            self.log(seat, "go_for", "{p} {p:plays} {trump}: the target is {target} now.", rule, seat, trump, new)
            for s in range(self.players):
                if self.alive[s] and self.closed[s] and self.total(s) <= new:
                    self.closed[s] = False
                    self.log(s, "reopen", "{p} {p:is} not over {target} and {p:plays} on.", rule, s, new)
        elif trump == "Love your enemy":
            self.lay(target, trump)
            card = self.best_draw(target)
            if card is None:
                self.log(seat, "love", "{p} {p:plays} Love your enemy at {t}, but no number card is left.", rule,
                         seat, target)
            else:
                self.log(seat, "love", "{p} {p:plays} Love your enemy: {t} {t:takes} {t:their} best card, a {c} "
                         "({total}).", rule, seat, target, card, self.shown_total(target))
        elif trump == "Destroy":
            self.lay(seat, trump)
            self.log(seat, "destroy", "{p} {p:plays} Destroy.", rule, seat)
            self.ask(seat, "destroy")
        elif trump == "Exchange":
            self.lay(seat, trump)
            self.log(seat, "exchange", "{p} {p:plays} Exchange with {t}.", rule, seat, target)
            self.ask(seat, "exchange", target)
        elif trump == "Return":
            self.lay(seat, trump)
            card = self.open[seat].pop()
            self.sums[seat] -= VALUE[card]
            self.discard.append(card)
            self.log(seat, "return", "{p} {p:plays} Return: the {c} goes to the discard pile ({total}).",
                     rule, seat, card, self.shown_total(seat))
        elif trump == "Trump Switch":
            self.lay(seat, trump)
            self.trump_switch(seat)
        else:                                   # Harvest, Shield: they lie at the player
            self.lay(seat, trump)
            self.log(seat, "lay", "{p} {p:plays} {trump}; it lies at {p}.", rule, seat, trump)
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
        self.log(seat, "switch", "{p} {p:plays} Trump Switch: {p:puts} {a} under the trump draw pile and {p:draws} {b}.",
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
                self.log(seat, "destroyed", "{p} {p:destroys} one of {p:their} own hidden trumps.", "trump21.destroy", seat)
            else:
                self.log(seat, "destroyed", "{p} {p:destroys} a hidden trump of {t}.", "trump21.destroy", seat, s)
        else:
            card = action.trump
            _remove_newest(self.played[s], card)
            if card in GO_FOR:
                _remove_newest(self.go_fors, card)
            self.log(seat, "destroyed", "{p} {p:destroys} the {trump} lying at {t}.", "trump21.destroy", seat, card, s)
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
        self.log(seat, "swap", "{p} {p:gives} {t} {g} and {p:takes} {k}.", "trump21.exchange", seat, other,
                 _described(given), _described(taken))


    # -- explaining refusals ----------------------------------------------------------------------------------
    def why_illegal(self, action, seat):
        kind = self.decision.kind
        if kind == "destroy":
            if not isinstance(action, DestroyTrump):
                return IllegalAction(self.phrase("{p} must first choose what the Destroy hits", seat), "trump21.destroy")
            return self.why_not_destroy(seat, action)
        if kind == "exchange":
            if not isinstance(action, Swap):
                return IllegalAction(self.phrase("{p} must first choose the trumps to give and to take", seat),
                                     "trump21.exchange")
            return self.why_not_swap(seat, action, self.decision.data[0])
        if isinstance(action, Take):
            return IllegalAction("no number card is left: the number deck and the discard pile are empty",
                                 "trump21.reshuffle")
        if isinstance(action, (DestroyTrump, Swap)):
            rule = "trump21.destroy" if isinstance(action, DestroyTrump) else "trump21.exchange"
            return IllegalAction(self.phrase("{a} is chosen only after playing {what}", action,
                                             N_("a Destroy") if rule.endswith("destroy") else N_("an Exchange")), rule)
        if isinstance(action, PlayTrump):
            return self.why_not_play(seat, action)
        return IllegalAction(self.phrase("{a} is not a move of this game: play a trump, take a card or close",
                                         shown(action)), "trump21.turn")

    def why_not_play(self, seat, action):
        trump, target = action.trump, action.target
        if trump not in ORDER:
            return IllegalAction(self.phrase("{trump} is not a trump card", shown(trump)), "trump21.trumps")
        rule = TRUMP_RULE[trump]
        if trump not in self.hands[seat]:
            return IllegalAction(self.phrase("{p} {p:holds} no {trump}", seat, trump), "trump21.trumps")
        if trump in DAMAGE_PLUS and target is None:
            return IllegalAction(self.phrase("{trump} is laid at a player, yourself included: say which one", trump),
                                 rule)
        if trump in AIMED or trump == "Exchange":
            if target is None:
                return IllegalAction(self.phrase("{trump} is aimed at an opponent: say which one", trump), rule)
            if target == seat and trump not in DAMAGE_PLUS:
                return IllegalAction(self.phrase("{trump} is aimed at an opponent, not at yourself", trump), rule)
            if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < self.players:
                return IllegalAction(self.phrase("there is no seat {s}", shown(target)), rule)
            return IllegalAction(self.phrase("{t} {t:is} out of the game", target), "trump21.lives")
        if target is not None:
            return IllegalAction(self.phrase("{trump} is not aimed at a player", trump), rule)
        if trump == "Return":
            return IllegalAction(self.phrase("{p} {p:has} no open number card to return (never the hidden one)", seat),
                                 rule)
        if trump == "Destroy":
            return IllegalAction("there is no trump to destroy: none lies open and nobody holds one but this "
                                 "Destroy", rule)
        return self.not_a_choice(action, "trump21.turn")

    def why_not_destroy(self, seat, action):
        s = action.seat
        rule = "trump21.destroy"
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < self.players:
            return IllegalAction(self.phrase("there is no seat {s}", shown(s)), rule)
        if action.trump is None:
            if s != seat and not self.alive[s]:
                return IllegalAction(self.phrase("{t} {t:is} out of the game", s), "trump21.lives")
            return IllegalAction(self.phrase("{t} {t:holds} no hidden trump", s), rule)
        return IllegalAction(self.phrase("no {trump} lies open at {t} (the Destroy just played does not count)",
                                         action.trump, s), rule)

    def why_not_swap(self, seat, action, other):
        rule = "trump21.exchange"
        if not 1 <= len(action.give) <= 2:
            return IllegalAction("give 1 or 2 trumps", rule)
        if len(action.take) > len(action.give):
            return IllegalAction("take no more trumps than you give", rule)
        mine = Counter([f"open:{c}" for c in self.played[seat]] + [f"hand:{c}" for c in self.hands[seat]])
        missing = Counter(action.give) - mine
        if missing:
            return IllegalAction(self.phrase("{p} {p:has} no {w} to give", seat, _listed(missing, True)), rule)
        theirs = Counter([f"open:{c}" for c in self.played[other]] + ["hidden"] * len(self.hands[other]))
        missing = Counter(action.take) - theirs
        if missing:
            return IllegalAction(self.phrase("{t} {t:has} no {w} to take", other, _listed(missing, False)), rule)
        return self.not_a_choice(action, rule)


def _remove_newest(pile: list, card) -> None:
    """Remove the copy of ``card`` laid last."""
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == card:
            del pile[i]
            return
    raise ValueError(card)


def _trumps(k):
    """ "a trump", "3 trumps", "no trump": read in the reader's language where a person reads it."""
    return count(k, "a trump", "{n} trumps") if k else N_("no trump")


def _described(items):
    """The trumps one side gave or took in an exchange, in words ("the open Shield and a trump from the hand")."""
    if not items:
        return N_("nothing")
    words = [Phrase("the open {c}", (c,)) for place, c in items if place == "open"]
    hidden = sum(1 for place, _ in items if place == "hand")
    if hidden:
        words.append(Phrase("{k} from the hand", (_trumps(hidden),)))
    found = words[0]
    for more in words[1:]:
        found = Phrase("{a} and {b}", (found, more))
    return found
