"""Frantic's Supercharge power cards: activating one with a hand card, the table of their effects
(before or after the hand card's), how long they last (until the activator's next turn starts, or
ends), the limits they set on what fits, and the play cards that move them (Recharge, Edison, Update).
"""
from __future__ import annotations

import itertools

from cardkit.core import cards_count
from cardkit.core import IllegalAction, decides, interned, offers, step
from cardkit.core.fast import keep
from cardkit.i18n import N_

from . import cards
from .actions import WISH_CHOICES, Aim, Choose, Trade
from .cards import CURSE, FUCK_YOU, NUMBER, THE_END, card_name, has_colour, wish_name

#: Each power card's name in its rule id (frantic.pw_<name>): a card in cards.BEFORE acts before the
#: hand card's effect (its step in POWER_BEFORE, below), the others after it (POWER_AFTER).
POWER_STEP = {name: name.lower().replace(" ", "_") for name in cards.POWERS}
#: Power cards whose effect lasts until the activator's next turn starts, or ends.
UNTIL_START = ("Open Hands", "Special Seal")
UNTIL_END = ("Colour Blockade", "Looping")


class PowerCards:
    """The power cards: a mixin of FranticState."""

    # -- activating a power card, and the limits in force ----------------------------------------------
    def powered(self, seat, plays):
        """The plays, and each again with one of the player's face-down power cards activated (never with
        The End; Special Seal never with a special)."""
        powers = self.powers[seat] if self.supercharge else None
        if not powers:
            return plays
        held = tuple(powers)
        variants = _POWERED.get(held)
        if variants is None:
            variants = keep(_POWERED, held, {}, 512)
        out = list(plays)
        for play in plays:             # keyed by identity (plays are interned): hashing a Play is a Python call
            found = variants.get(id(play))
            if found is None or found[0] is not play:
                found = variants[id(play)] = play, () if play.card == THE_END else tuple(
                    play.with_power(power) for power in dict.fromkeys(held)
                    if not (power == "Special Seal" and NUMBER[play.card] is None))
            out += found[1]
        return out

    def blocked(self, card, after):
        """Supercharge's limits on a card that fits: The End only as the last card; Special Seal bars
        specials; Colour Blockade bars its colour."""
        if card == THE_END and after:
            return "frantic.the_end"
        for name, _, _, detail in self.effects.durations:
            if name == "Special Seal" and NUMBER[card] is None:
                return "frantic.pw_special_seal"
            if name == "Colour Blockade" and has_colour(card, detail):
                return "frantic.pw_colour_blockade"
        return None


    def why_limited(self, action, seat, kind) -> IllegalAction | None:
        """Why the Play ``action`` breaks a Supercharge rule: its power card, or a limit on what fits."""
        card = action.card
        hand = self.hands[seat]
        if action.power is not None:
            if not self.supercharge or action.power not in self.powers[seat]:
                return IllegalAction(self.phrase("{p} {p:has} no face-down power card {w} to activate", seat, card_name(str(action.power))),
                                     "frantic.powers")
            if kind not in ("turn", "again", "drawn"):
                return IllegalAction("a power card is activated only with a hand card played on one's own turn",
                                     "frantic.powers")
            if card == THE_END:
                return IllegalAction("no power card can be activated with The End", "frantic.the_end")
            if action.power == "Special Seal" and NUMBER[card] is None:
                return IllegalAction("Special Seal acts before the card: it cannot come with a special",
                                     "frantic.pw_special_seal")
        if self.supercharge and kind != "start" and card in hand:
            rule = self.blocked(card, len(hand) - 1)
            if rule:
                if rule == "frantic.pw_colour_blockade":
                    return IllegalAction(self.phrase("Colour Blockade bars the colour of {c} now", card_name(card)),
                                         rule)
                return IllegalAction({"frantic.the_end": N_("The End may be played only as one's last card"),
                                      "frantic.pw_special_seal": N_("Special Seal is in force: no specials now")
                                      }[rule], rule)
        return None

    # -- how long a power card lasts -------------------------------------------------------------------
    def turn_over(self, seat):
        """``seat``'s turn ends: Anti Counter stops; power cards armed until this turn's end expire."""
        effects = self.effects
        effects.no_counter = False
        effects.activated.clear()
        if effects.durations:
            self.expire(seat, armed_only=True)

    def next_turn_of(self, seat):
        """``seat``'s next turn starts: their "until my next turn" power cards end, the "until I end my
        next turn" ones are armed."""
        for entry in self.effects.durations:
            if entry[1] == seat:
                entry[2] = True
        self.expire(seat, until_start=True)

    def expire(self, seat, armed_only=False, until_start=False):
        effects = self.effects
        keep = []
        for entry in effects.durations:
            name, activator, armed, detail = entry
            if activator == seat and ((until_start and name in UNTIL_START) or (armed_only and armed
                                                                                 and name in UNTIL_END)):
                if name == "Looping":
                    effects.direction = -effects.direction
                self.log(seat, "power_end", "{p}'s {c} is over.", "frantic.pw_" + POWER_STEP[name], seat,
                         card_name(name))
            else:
                keep.append(entry)
        effects.durations = keep

    def last_for(self, seat, name, detail=None):
        self.effects.durations.append([name, seat, False, detail])

    # -- the power cards' effects: before the hand card's ----------------------------------------------
    @step
    def _step_power_all_draw_one(self, seat):
        self.log(seat, "power", "Everyone but {p} draws a card.", "frantic.pw_all_draw_one", seat)
        for other in self.others(seat):
            if not self.draw(other, 1):
                return

    @step
    def _step_power_anti_counter(self, seat):
        self.effects.no_counter = True

    @step
    def _step_power_open_hands(self, seat):
        self.last_for(seat, "Open Hands")

    @step
    def _step_power_special_seal(self, seat):
        self.last_for(seat, "Special Seal")

    @step
    def _step_power_special_charge(self, seat):
        self.ask(seat, "charge")

    @offers("charge")
    def _choices_charge(self, seat):
        return [interned(Aim, t) for t in self.others(seat)]

    @decides("charge")
    def _decide_charge(self, seat, action):
        target = action.target
        k = sum(NUMBER[c] is None for c in self.hands[target])
        self.log(target, "draws", "{t} {t:draws} one card per special in {t:their} hand: {k}.", "frantic.pw_special_charge",
                 target, cards_count(k))
        self.draw(target, k)

    # -- after the hand card's -------------------------------------------------------------------------
    @step
    def _step_power_after(self, seat, action, then):
        """A power card that acts after the hand card's effect; then the turn ends (or 2nd Chance asks)."""
        if POWER_AFTER[action.power](self, seat, action):
            return                               # its own play ends the turn (Random Chance)
        if then == "again":
            self.ask(seat, "again")
        else:
            self.then(self._step_end_turn, seat)

    def after_black_wish(self, seat, action):
        self.wish = "k"
        self.log(seat, "wish", "Black is wished: only a black card or a new wish covers it.", "frantic.pw_black_wish")

    def after_colour_blockade(self, seat, action):
        self.ask(seat, "blockade")

    def after_looping(self, seat, action):
        self.effects.direction = -self.effects.direction
        self.last_for(seat, "Looping")
        self.log(seat, "looping", "Play turns round until {p} {p:ends} {p:their} next turn.", "frantic.pw_looping", seat)

    def after_number_wish(self, seat, action):
        self.ask(seat, "number_wish")

    def after_recycling(self, seat, action):
        self.ask(seat, "recycle", action)

    def after_troublecharger(self, seat, action):
        self.then(self._step_event, seat, "Troublecharger")

    def after_random_chance(self, seat, action) -> bool:
        if self._choices_random(seat):
            self.ask(seat, "random")
            return True
        return False

    @offers("blockade")
    def _choices_blockade(self, seat):
        return WISH_CHOICES["colour"]

    @decides("blockade")
    def _decide_blockade(self, seat, action):
        self.last_for(seat, "Colour Blockade", action.wish)
        self.log(seat, "blockade", "{p} {p:blocks} {col} until {p:they} end {p:their} next turn.", "frantic.pw_colour_blockade",
                 seat, wish_name(action.wish))

    @offers("number_wish")
    def _choices_number_wish(self, seat):
        return WISH_CHOICES["any"][4:]

    @decides("number_wish")
    def _decide_number_wish(self, seat, action):
        self.wish = action.wish
        self.log(seat, "wish", "{p} {p:wishes} {w}.", "frantic.pw_number_wish", seat, wish_name(action.wish))

    @offers("recycle")
    def _choices_recycle(self, seat, action):
        return [interned(Aim, t) for t in range(self.players)]

    @decides("recycle")
    def _decide_recycle(self, seat, aim, action):
        card = action.card
        discard = self.discard
        if card not in discard:                  # an event took it off the pile already
            self.log(seat, "recycle", "{c} is no longer on the discard pile.", "frantic.pw_recycling", card_name(card))
            return
        for i in range(len(discard) - 1, -1, -1):
            if discard[i] == card:
                del discard[i]
                break
        self.add_to_hand(aim.target, card)
        if self.wish is None and self.top == (action.copy or card):
            self.top, self.wish = self.before
        self.log(seat, "recycle", "{c} goes back into {t}'s hand.", "frantic.pw_recycling", card_name(card), aim.target)

    @offers("random")
    def _choices_random(self, seat):
        hand = self.hands[seat]
        after = len(hand) - 1
        found = []
        for card in dict.fromkeys(hand):
            if card == CURSE or card == FUCK_YOU and len(hand) != 10 or card == THE_END and after:
                continue
            found += self.plays_for(seat, card, after, anywhere=True)
        return found

    @decides("random")
    def _decide_random(self, seat, action):
        self.log(seat, "random", "Random Chance: {p} {p:plays} one more card, fitting or not.", "frantic.pw_random_chance",
                 seat)
        self.play(seat, action)

    # -- the play cards that move power cards: Recharge, Edison, Update --------------------------------
    @step
    def _step_recharge(self, seat):
        if not self.decide_or_ask(seat, "recharge"):
            self.log(seat, "recharge", "{p} {p:has} no power card spent before this turn to recharge.", "frantic.recharge",
                     seat)

    @offers("recharge")
    def _choices_recharge(self, seat):
        return [interned(Choose, p) for p in self.rechargeable(seat)]

    def rechargeable(self, seat) -> list:
        """``seat``'s spent power cards, each kind once, but for those activated earlier this turn."""
        spent = list(self.spent[seat])
        for owner, power in self.effects.activated:
            if owner == seat and power in spent:
                spent.remove(power)
        return list(dict.fromkeys(spent))

    @decides("recharge")
    def _decide_recharge(self, seat, action):
        self.recharge(seat, action.event)

    def recharge(self, seat, power):
        self.spent[seat].remove(power)
        self.powers[seat].append(power)
        self.log(seat, "recharge", "{p} {p:turns} {c} face down again.", "frantic.recharge", seat, card_name(power))

    @step
    def _step_edison(self, seat):
        self.decide_or_ask(seat, "edison")

    @offers("edison")
    def _choices_edison(self, seat):
        owners = [s for s in range(self.players) if self.powers[s] or self.spent[s]]
        return [interned(Trade, a, b) for a, b in itertools.combinations(owners, 2)]

    @decides("edison")
    def _decide_edison(self, seat, action):
        taken = []
        for owner in (action.first, action.second):
            mine = self.powers[owner] + self.spent[owner]
            card = self.rng.choice(mine)
            (self.powers[owner] if card in self.powers[owner] else self.spent[owner]).remove(card)
            taken.append(card)
        self.powers[action.second].append(taken[0])
        self.powers[action.first].append(taken[1])
        self.log(seat, "edison", "{p} {p:swaps} a power card of {t} with one of {q}; both lie face down.", "frantic.edison", seat,
                 action.first, action.second)

    @step
    def _step_update(self, seat):
        if not self.power_pile:
            self.log(seat, "update", "The power pile is empty: Update has no effect.", "frantic.update")
            return
        old = self.powers[seat] + self.spent[seat]
        self.powers[seat].append(self.power_pile.pop())
        self.log(seat, "update", "{p} {p:takes} a power card from the power pile.", "frantic.update", seat)
        self.decide_or_ask(seat, "update", tuple(dict.fromkeys(old)))

    @offers("update")
    def _choices_update(self, seat, old):
        return [interned(Choose, p) for p in old]

    @decides("update")
    def _decide_update(self, seat, action, old):
        self.return_power(seat, action.event)

    def return_power(self, seat, power):
        """One of the old power cards goes back into the power pile, which is shuffled."""
        if power in self.spent[seat]:
            self.spent[seat].remove(power)
        else:
            self.powers[seat].remove(power)
        self.power_pile.append(power)
        self.power_pile.shuffle(self.rng)
        self.log(seat, "update", "{p} {p:shuffles} an old power card back into the power pile.", "frantic.update", seat)


#: The power cards that act before the hand card's effect: their step.
POWER_BEFORE = {"All Draw One": PowerCards._step_power_all_draw_one, "Anti Counter": PowerCards._step_power_anti_counter,
                "Open Hands": PowerCards._step_power_open_hands, "Special Charge": PowerCards._step_power_special_charge,
                "Special Seal": PowerCards._step_power_special_seal}
#: The power cards that act after the hand card's effect: their effect; True when it ends the turn itself.
POWER_AFTER = {"Black Wish": PowerCards.after_black_wish, "Colour Blockade": PowerCards.after_colour_blockade,
               "Looping": PowerCards.after_looping, "Number Wish": PowerCards.after_number_wish,
               "Recycling": PowerCards.after_recycling, "Troublecharger": PowerCards.after_troublecharger,
               "Random Chance": PowerCards.after_random_chance}
#: Power cards held -> {a play: the play with each one activated}. Without it random play with both
#: expansions costs 2.9% more instructions per decision (4 seats; bench/caches.py).
_POWERED: dict = {}
