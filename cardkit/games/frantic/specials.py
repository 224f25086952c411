"""Frantic's play cards and their effects: what may be played on what (matching, wishes, Fuck You,
Mimicry), playing a card, and each special's effect: wishers, Fantastic Four, Colour Swap, 2nd Chance,
the attacks on one player (Gift, Exchange, Skip, Equality, Inequality, Special Favours, Thief) and
Counterattack against them, and The End.
"""
from __future__ import annotations

import itertools
from collections import Counter

from cardkit.core import IllegalAction, cards_count, closes, decides, interned, offers, step
from cardkit.core.fast import keep
from cardkit.i18n import N_

from . import cards
from .actions import (COUNTERATTACK, EQUALITY, FANTASTIC_FOUR, FAVOURS, FOUR_ATTACKS, INEQUALITY, WISH_CHOICES,
                      Counterattack, Give, Play, Split, Steal, card_move)
from .cards import (BEFORE, COLOUR, CURSE, FUCK_YOU, MIMICRY, NUMBER, ORDER, SWAP_COLOURS, SYMBOL,
                    THE_END, WISHES, card_name, fitting, matches, wish_name)
from .powers import POWER_BEFORE, POWER_STEP

ATTACKS = ("Gift", "Exchange", "Skip", "Thief")     # one-colour specials against one player
#: What Mimicry may copy: every special but Curse, Fuck You and Mimicry.
UNCOPYABLE = (CURSE, FUCK_YOU, MIMICRY, THE_END)


class PlayCards:
    """The play cards: a mixin of FranticState."""

    # -- what may be played ----------------------------------------------------------------------------
    def playable(self, card, hand) -> bool:
        if card == FUCK_YOU:
            return len(hand) == 10
        return matches(card, self.top, self.wish)

    def plays_for(self, seat, card, after, anywhere=False) -> list:
        """The ways to play ``card`` (targets, or as a plain wish); ``after``: the hand size once played.
        Mimicry: one way per special it may copy (that copy must fit, unless ``anywhere``: the start card)."""
        if card == MIMICRY:
            top, wish = self.top, self.wish
            key = (card, seat, self.players, top, wish, anywhere, self.troublemaker)
            found = _PLAYS.get(key)
            if found is None:           # every copy but Equality's, whose targets depend on the hands
                found = keep(_PLAYS, key, tuple(interned(Play, card, p.target, p.plain, copy) for copy in self.copies
                                               if copy != EQUALITY and (anywhere or matches(copy, top, wish))
                                               for p in self.plays_for(seat, copy, after)), 4096)
            return [*found, *(interned(Play, card, p.target, p.plain, EQUALITY)
                              for p in self.plays_for(seat, EQUALITY, after))]
        if card == EQUALITY:
            hands = self.hands
            return [interned(Play, card, t, False) for t in self.others(seat) if len(hands[t]) < after] + [
                interned(Play, card, None, True)]
        if card == FUCK_YOU:               # its one way, by the name this game gives it (not shared)
            return [card_move(Play, card, None, False)]
        key = (card, seat, self.players)
        found = _PLAYS.get(key)
        if found is None:
            if SYMBOL[card] in ATTACKS:
                found = [interned(Play, card, t, False) for t in self.others(seat)]
            elif card in FOUR_ATTACKS:
                found = [interned(Play, card, t, False) for t in self.others(seat)] + [interned(Play, card, None, True)]
            elif card in ("Edison", "Update"):
                found = [interned(Play, card, None, False), interned(Play, card, None, True)]
            elif card == FANTASTIC_FOUR:
                found = [interned(Play, card, None, False), interned(Play, card, None, True)]
            else:
                found = [interned(Play, card, None, False)]
            found = keep(_PLAYS, key, tuple(found), 4096)
        return found
    def plays(self, seat) -> list:
        hand = self.hands[seat]
        found = []
        after = len(hand) - 1
        fits = fitting(self.top, self.wish)
        last = None
        limited = self.supercharge
        durations = self.effects.durations
        for card in hand:
            if card != last and (card in fits or card == FUCK_YOU and after == 9):
                if not (limited and (card == THE_END or durations) and self.blocked(card, after)):
                    found += self.plays_for(seat, card, after)
            last = card
        return found

    def why_unplayable(self, action, seat, kind) -> IllegalAction:
        """Why the Play ``action`` is not one of the ways to play now: the first rule it breaks."""
        hand = self.hands[seat]
        if kind not in ("turn", "again", "drawn", "start"):
            return IllegalAction(self.phrase("{p} {p:is} not asked to play a card now", seat), "frantic.turn")
        card = action.card
        if card not in ORDER:
            return IllegalAction(self.phrase("{c} is not a Frantic play card", repr(card)), "frantic.deck")
        if card == CURSE:
            return IllegalAction("Curse can never be played; it leaves your hand only through effects",
                                 "frantic.curse")
        if card == MIMICRY and action.copy is None and kind != "start" and card in hand:
            return IllegalAction(N_("Mimicry is played as a copy of a special that fits here (Play Mimicry as "
                                    "red Gift); choose one of them") if self.plays_for(seat, card, len(hand) - 1)
                                 else N_("Mimicry is played as a copy of a special that fits here (Play Mimicry as "
                                         "red Gift); no special fits now"), "frantic.mimicry")
        if (action.copy is not None) != (card == MIMICRY):
            return IllegalAction("Mimicry is played as a copy of a special (Play Mimicry as red Gift); no other "
                                 "card copies", "frantic.mimicry")
        if card == MIMICRY and action.copy not in self.copies:
            return IllegalAction(self.phrase("Mimicry copies a special of the game except Curse, {fy} and Mimicry, "
                                             "not {c}", self.fuck_you_name, repr(action.copy)), "frantic.mimicry")
        if card == MIMICRY and kind != "start" and not matches(action.copy, self.top, self.wish):
            return IllegalAction(self.phrase("Mimicry as {c} must fit like {c} itself (a one-colour special only on "
                                             "its colour)", card_name(action.copy)), "frantic.mimicry")
        if kind != "start" and card not in hand:
            return IllegalAction(self.phrase("{p} {p:does} not hold {c}", seat, card_name(card)), "frantic.turn")
        if card == FUCK_YOU and len(hand) != 10:
            return IllegalAction(self.phrase("{c} may be played only with exactly 10 cards in hand ({p} {p:holds} "
                                             "{k})", self.fuck_you_name, seat, len(hand)), "frantic.fuck_you")
        if kind != "start" and not self.playable(card, hand):
            if COLOUR[card] == "k":
                return IllegalAction(self.phrase("a black card goes only on its number (or a wish for it), never on "
                                                 "black: {c} does not fit", card_name(card)), "frantic.black")
            if self.wish is not None:
                return IllegalAction(self.phrase("{w} is wished: {c} does not fit", wish_name(self.wish),
                                                 card_name(card)), "frantic.wish")
            return IllegalAction(self.phrase("{c} matches neither the number, the colour nor the symbol of {top}",
                                             card_name(card), card_name(self.top)), "frantic.match")
        if action.target == seat:
            return IllegalAction("nobody punishes themselves: choose another player",
                                 "frantic.no_self_punish")
        if card == EQUALITY and action.target is not None:
            return IllegalAction("Equality's target must hold fewer cards than you", "frantic.equality")
        limited = self.why_limited(action, seat, kind)
        if limited:
            return limited
        if action.plain and (action.copy or card) not in (FANTASTIC_FOUR, *FOUR_ATTACKS, "Edison", "Update"):
            return IllegalAction("only a card that wishes may be played as a plain wish", "frantic.plain_wish")
        return IllegalAction(self.phrase("{a} is not one of the ways to play {c}", action, card_name(card)),
                             "frantic.turn")

    # -- playing a card, or one turned up --------------------------------------------------------------
    def turn_up(self, seat, card, kind):
        """A card turned up (the start card, Rewind's) acts as if ``seat`` had played it anywhere: its one
        way at once, or ``seat`` chooses (a target, Mimicry's copy) in the decision ``kind``."""
        self.before = (None, None)
        self.decide_or_ask(seat, kind, card)

    def turned_up_plays(self, seat, card):
        return list(self.plays_for(seat, card, len(self.hands[seat]), anywhere=True))

    def play(self, seat, action):
        card = action.card
        self.effects.no_counter = False                 # Anti Counter covers only the card played with it
        self.hands[seat].remove(card)
        self.discard.append(card)
        if card == FUCK_YOU:
            self.log(seat, "play", "{p} {p:plays} {c} with exactly 10 cards: play goes on on the card below.",
                     "frantic.fuck_you", seat, card_name(card))
            self.then(self._step_end_turn, seat)
            return
        self.before = (self.top, self.wish)
        self.top, self.wish = action.copy or card, None
        colour = COLOUR[card]
        rule = ("frantic.black" if colour == "k" else "frantic.mimicry" if card == MIMICRY else
                "frantic.four_colour" if colour is None else "frantic.colour_swap" if colour == "s" else
                "frantic.troublemaker" if SYMBOL[card] == "Troublemaker" else "frantic.match")
        if action.copy:
            if action.target is None:
                self.log(seat, "play", "{p} {p:plays} Mimicry as {c}.", rule, seat, card_name(action.copy))
            else:
                self.log(seat, "play", "{p} {p:plays} Mimicry as {c} → {t}.", rule, seat, card_name(action.copy),
                         action.target)
        elif action.target is not None:
            self.log(seat, "play", "{p} {p:plays} {c} → {t}.", rule, seat, card_name(card), action.target)
        elif action.plain:
            self.log(seat, "play", "{p} {p:plays} {c} as a plain wish.", "frantic.plain_wish", seat, card_name(card))
        else:
            self.log(seat, "play", "{p} {p:plays} {c}.", rule, seat, card_name(card))
        if card == THE_END:                     # played from a hand, it is always the last card
            self.the_end(seat)
        power = action.power
        if power:
            self.powers[seat].remove(power)
            self.spent[seat].append(power)
            self.effects.activated.append((seat, power))
            self.log(seat, "power", "{p} {p:activates} the power card {c}.", "frantic.pw_" + POWER_STEP[power], seat,
                     card_name(power))
            if power in BEFORE:
                self.then(POWER_BEFORE[power], seat)
            self.then(self._step_resolve, seat, action)
            return
        self.resolve(seat, action)

    # -- each card's effect ----------------------------------------------------------------------------
    @step
    def _step_resolve(self, seat, action):
        self.resolve(seat, action)

    def resolve(self, seat, action, end=True):
        """The effect of the card just put on the pile by ``seat``; the turn ends after it (2nd Chance
        asks for another card first), after an activated power card's later effect. ``end`` False:
        a card turned up during the turn (Rewind), whose effect does not end it."""
        card = action.copy or action.card
        symbol = SYMBOL[card]
        if COLOUR[card] == "k":
            self.then(self._step_event, seat)
        elif card in WISHES:
            self.ask(seat, "wish", WISHES[card])
            if action.plain:
                pass
            elif card == FANTASTIC_FOUR:
                self.ask(seat, "split")
            elif card in FOUR_ATTACKS:
                self.then(self._step_attack, seat, card, action.target, 0)
        elif symbol in ATTACKS:
            self.then(self._step_attack, seat, symbol, action.target, 0)
        elif symbol == "Troublemaker":
            self.then(self._step_event, seat, "Troublemaker")
        elif symbol == cards.COLOUR_SWAP:
            self.swap_colour(seat, card)
        elif symbol == "Recharge":
            self.then(self._step_recharge, seat)
        elif symbol == "2nd Chance":
            if not end:
                return
            self.log(seat, "again", "{p} must play another card on the 2nd Chance, or draw one.",
                     "frantic.second_chance", seat)
            if action.power and action.power not in BEFORE:
                self.then(self._step_power_after, seat, action, "again")
            else:
                self.ask(seat, "again")
            return
        elif end and not action.power:         # a plain number: nothing waits, the turn ends at once
            self.end_turn(seat)
            return
        if not end:
            return
        if card in ("Edison", "Update") and not action.plain:
            self.then(self._step_edison if card == "Edison" else self._step_update, seat)
        if action.power and action.power not in BEFORE:
            self.then(self._step_power_after, seat, action, "end")
        else:
            self.then(self._step_end_turn, seat)

    def swap_colour(self, seat, card):
        """Colour Swap: play goes on in its other colour; played on neither (on a Colour Swap of other
        colours, or as the start card) its player chooses one of its two."""
        pair = SWAP_COLOURS[card]
        top, wish = self.before
        now = wish if wish is not None and not wish.isdigit() else COLOUR[top] if top is not None else None
        if now is not None and now in pair:
            self.wish = pair[1] if now == pair[0] else pair[0]
            self.log(seat, "swap", "The colour changes from {a} to {b}.", "frantic.colour_swap",
                     wish_name(now), wish_name(self.wish))
        else:
            self.ask(seat, "wish", pair)

    @offers("wish")
    def _choices_wish(self, seat, kind):
        return WISH_CHOICES[kind]

    @decides("wish")
    def _decide_wish(self, seat, action, kind):
        self.wish = action.wish
        self.log(seat, "wish", "{p} {p:wishes} {w}.", "frantic.wish", seat, wish_name(action.wish))

    @offers("split")
    def _choices_split(self, seat):
        return [interned(Split, shares)
                for shares in itertools.combinations_with_replacement(sorted(self.others(seat)), 4)]

    @decides("split")
    def _decide_split(self, seat, action):
        counts = Counter(action.shares)
        for target in self.order(seat):
            if counts[target]:
                self.then(self._step_attack, seat, FANTASTIC_FOUR, target, counts[target])

    # -- attacks and Counterattack ---------------------------------------------------------------------
    @step
    def _step_attack(self, attacker, kind, target, extra):
        if kind == FANTASTIC_FOUR:
            self.log(attacker, "attack", "{p} {p:aims} Fantastic Four ({k}) at {t}.", ATTACK[kind][0], attacker,
                     cards_count(extra), target)
        else:
            self.log(attacker, "attack", "{p} {p:aims} {c} at {t}.", ATTACK[kind][0], attacker, card_name(kind),
                     target)
        if not self.effects.no_counter and self.hands[target] and self.may_answer_with(COUNTERATTACK):
            self.ask_window((target,), "counter", kind, attacker, target, extra)
        else:
            self.then(self._step_hit, attacker, kind, target, extra)

    @offers("counter")
    def _choices_counter(self, seat, kind, attacker, target, extra):
        if COUNTERATTACK not in self.hands[seat]:
            return ()
        return [interned(Counterattack, t) for t in self.others(seat)]

    @decides("counter")
    def _decide_counter(self, seat, action, kind, attacker, target, extra):
        self.log(seat, "counter", "{p} {p:throws} in Counterattack: the {k} is cancelled and turned on {t}.",
                 "frantic.counterattack", seat, card_name(kind),
                 action.target)
        self.throw_in(seat, COUNTERATTACK)
        self.then(self._step_attack, seat, kind, action.target, extra)

    @closes("counter")
    def _closed_counter(self, kind, attacker, target, extra):
        self.then(self._step_hit, attacker, kind, target, extra)

    @step
    def _step_hit(self, attacker, kind, target, extra):
        """The attack hits (no Counterattack came): its effect from the table below."""
        ATTACK[kind][1](self, attacker, kind, target, extra)

    def hit_skip(self, attacker, kind, target, extra):
        skipped = self.effects.skipped
        if skipped[target]:
            self.log(target, "skip", "{t} {t:is} already to be skipped: nothing more happens.", "frantic.skip", target)
        else:
            skipped[target] = True
            self.log(target, "skip", "{t} will sit out {t:their} next turn.", "frantic.skip", target)

    def hit_equality(self, attacker, kind, target, extra):
        hands = self.hands
        short = len(hands[attacker]) - len(hands[target])
        if short > 0:
            self.log(target, "equality", "{t} {t:draws} {k} to hold as many as {p}.", "frantic.equality", target,
                     short, attacker)
            self.draw(target, short)
        else:
            self.log(target, "equality", "{t} {t:holds} as many cards as {p} or more: nothing happens.",
                     "frantic.equality", target, attacker)

    def hit_fantastic_four(self, attacker, kind, target, extra):
        """``extra``: the cards this target draws of the four."""
        self.log(target, "draws", "{t} {t:draws} {k}.", "frantic.fantastic_four", target, cards_count(extra))
        self.draw(target, extra)

    def hit_inequality(self, attacker, kind, target, extra):
        mine, theirs = self.hands[attacker], self.hands[target]
        moved = 0
        while mine and len(theirs) <= len(mine):
            self.move(attacker, target, (self.rng.choice(mine),))
            moved += 1
        if moved:
            self.log(target, "inequality", "{t} {t:draws} {k} blindly from {p} and now {t:holds} more.",
                     "frantic.inequality", target, cards_count(moved), attacker)
        elif not mine:
            self.log(target, "inequality", "{p} {p:has} no cards left for {t} to draw: nothing happens.",
                     "frantic.inequality", attacker, target)
        else:
            self.log(target, "inequality", "{t} already {t:holds} more cards than {p}: nothing happens.",
                     "frantic.inequality", target, attacker)

    def hit_special_favours(self, attacker, kind, target, extra):
        hands = self.hands
        mine = [c for c in hands[attacker] if NUMBER[c] is None and c != FUCK_YOU]
        theirs = [c for c in hands[target] if NUMBER[c] is None and c != FUCK_YOU]
        self.move(attacker, target, mine)
        self.move(target, attacker, theirs)
        self.log(attacker, "favours", "{p} {p:swaps} {p:their} {k} special cards for {t}'s {j}.",
                 "frantic.special_favours", attacker, len(mine), target, len(theirs))

    def hit_thief(self, attacker, kind, target, extra):
        takeable = [c for c in self.hands[target] if c != FUCK_YOU]
        if len(takeable) <= 2:
            self.steal(attacker, target, tuple(takeable))
        else:
            self.ask(attacker, "steal", target)

    def hit_give(self, attacker, kind, target, extra):
        """Gift, Exchange: the attacker chooses two cards to give (all, with two or fewer)."""
        givable = [c for c in self.hands[attacker] if c != FUCK_YOU]
        if len(givable) <= 2:
            self.hand_over(attacker, kind, target, tuple(givable))
        else:
            self.ask(attacker, "give", kind, target)

    @offers("give")
    def _choices_give(self, seat, kind, target):
        givable = [c for c in self.hands[seat] if c != FUCK_YOU]
        return [interned(Give, pair) for pair in dict.fromkeys(itertools.combinations(givable, 2))]

    @decides("give")
    def _decide_give(self, seat, action, kind, target):
        self.hand_over(seat, kind, target, action.cards)

    @offers("steal")
    def _choices_steal(self, seat, target):
        takeable = sorted((c for c in self.hands[target] if c != FUCK_YOU), key=ORDER.__getitem__)
        return [interned(Steal, pair) for pair in dict.fromkeys(itertools.combinations(takeable, 2))]

    @decides("steal")
    def _decide_steal(self, seat, action, target):
        self.steal(seat, target, action.cards)

    def steal(self, thief, target, taken):
        self.move(target, thief, taken)
        self.log(thief, "steal", "{p} {p:looks} at {t}'s hand and {p:takes} {k}.", "frantic.thief", thief, target,
                 cards_count(len(taken)))

    def hand_over(self, giver, kind, target, given):
        hands = self.hands
        taken = ()
        if kind == "Exchange":
            theirs = hands[target]
            taken = tuple(self.rng.sample(theirs, min(2, len(theirs))))
            for card in taken:
                theirs.remove(card)
        self.move(giver, target, given)
        self.add_to_hand(giver, *taken)
        if kind == "Exchange":
            self.log(giver, "exchange", "{p} {p:gives} {t} {k} and {p:takes} {j} blindly.", "frantic.exchange", giver,
                     target, cards_count(len(given)), cards_count(len(taken)))
        else:
            self.log(giver, "gift", "{p} {p:gives} {t} {k}.", "frantic.gift", giver, target, cards_count(len(given)))

    # -- The End ---------------------------------------------------------------------------------------
    def the_end(self, seat):
        """The End as someone's last card: running events are called off, and Nice Try cannot answer it.
        As the start card or turned up by Rewind it is only a card to play on."""
        effects = self.effects
        effects.bomb = effects.eye = None
        effects.lasting = []
        effects.ended = True
        self.log(seat, "the_end", "The End: {p} {p:is} out, every running event is called off, and Nice Try cannot "
                 "answer.", "frantic.the_end", seat)

#: Each attack on one player: its rule, and its effect when it hits.
ATTACK = {"Gift": ("frantic.gift", PlayCards.hit_give), "Exchange": ("frantic.exchange", PlayCards.hit_give),
          "Skip": ("frantic.skip", PlayCards.hit_skip), "Thief": ("frantic.thief", PlayCards.hit_thief),
          EQUALITY: ("frantic.equality", PlayCards.hit_equality),
          FANTASTIC_FOUR: ("frantic.fantastic_four", PlayCards.hit_fantastic_four),
          INEQUALITY: ("frantic.inequality", PlayCards.hit_inequality),
          FAVOURS: ("frantic.special_favours", PlayCards.hit_special_favours)}
#: (card, seat, players) -> the ways to play it (Equality aside: it counts hands); Mimicry's also by the
#: table. Over a thousand in long games. Without it random play costs 13% more instructions per decision
#: (4 seats, base game; bench/caches.py).
_PLAYS: dict = {}
