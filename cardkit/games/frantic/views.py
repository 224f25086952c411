"""What each seat of Frantic sees: your own hand is yours to see, every hand while The All-Seeing Eye
is open, the victim's while your Thief chooses, every other hand under your Open Hands; power cards
face down to all but their owner; the draw, event and power piles face down; the discard pile and
this round's events open. And the status line.
"""
from __future__ import annotations

import itertools
from collections import Counter

from cardkit.core import PASS, Window, cards_count
from cardkit.core.fast import keep
from cardkit.i18n import N_

from .actions import (DRAW, Aim, Choose, Counterattack, Discard, Give, GiveTo, Lay, LuckyBastard, NiceTry, Pick, Play,
                      Risk, Split, Stack, Steal, Take, Trade, Wish)
from .cards import (ALL_EVENTS, COLOURS, MIMICRY, NUMBER, ORDER, PLAY_CARDS, POWERS, WISH_VALUES, Listing,
                    Name, card_name, wish_name)
from .powers import UNTIL_END
from .specials import UNCOPYABLE


class Views:
    """The views of the contract: a mixin of FranticState."""

    zone_order = ("hand", "giving", "powers", "spent")
    # for learners (docs/learners.md)
    observed_table = {"deck": "count", "discard": "cards", "events": "count", "revealed": "cards",
                      "market": "cards", "wave": "cards", "powerpile": "count", "offered": "cards", "laid": "cards"}
    observed_facts = {"round": "number", "dealer": "seat", "top": "card", "wish": (*WISH_VALUES["any"], "k"),
                      "hand_sizes": "seats", "skipped": "seats", "eye": "number", "limit": "number",
                      "round_points": "seats", "last_colour": (*COLOURS, "k"), "direction": "number"}

    @classmethod
    def action_space(cls, game):
        """Every move Frantic can offer (docs/learners.md): Draw, Pass, each play card played (a special
        also at each seat, and as a plain wish; Mimicry as each special it may copy), each of those
        again with each power card (Supercharge), then the answers to specials, events and powers."""
        seats = range(game.players)
        deck = game.full_deck
        cards = [card for card in PLAY_CARDS if card in deck]
        copies = [card for card in cards if NUMBER[card] is None and card not in UNCOPYABLE]
        plays = []
        for card in cards:
            for copy in copies if card == MIMICRY else (None,):
                special = NUMBER[copy or card] is None
                plays += [Play(card, target, plain, copy) for target in ((None, *seats) if special else (None,))
                          for plain in ((False, True) if special else (False,))]
        powers = POWERS if game.options["supercharge"] else ()
        space = [DRAW, PASS, NiceTry(), LuckyBastard(), Risk(False), Risk(True), *plays]
        space += [play.with_power(power) for power in powers for play in plays]
        space += [Wish(wish) for wish in WISH_VALUES["any"]]
        space += [Split(shares) for shares in itertools.combinations_with_replacement(seats, 4)]
        pairs = list(itertools.combinations_with_replacement(cards, 2))
        space += [(kind, pair) for kind in ("Give", "Steal") for pair in pairs]
        space += [kind(target) for kind in (Counterattack, Aim, Pick) for target in seats]
        space += [kind(card) for kind in (Take, Discard, Lay) for card in cards]
        space += [GiveTo(card, target) for card in cards for target in seats]
        space += [kind(a, b) for kind in (Stack, Trade) for a in seats for b in seats]
        space += [Choose(event) for event in (*ALL_EVENTS, *powers)]   # an event, or a power to repeat
        return space

    @staticmethod
    def move_key(move):
        """Cards given or stolen are known by their cards in pack order (the pair a hand lists)."""
        kind = type(move)
        if kind is Give or kind is Steal:
            return kind.__name__, tuple(sorted(move.cards, key=ORDER.__getitem__))
        return move
    round_end_shows = ("hand",)                 # the hands are scored face up
    looks_into = {"steal": 0}                   # Thief: the thief looks into the victim's hand

    def open_hands(self) -> set:
        """The seats whose Open Hands lasts now (each shows every hand but its own)."""
        durations = self.effects.durations
        return {entry[1] for entry in durations if entry[0] == "Open Hands"} if durations else set()

    def shows_hand(self, seat, whose) -> bool:
        """Whether ``seat`` sees the hand of ``whose``: its own, every hand while the Eye is open, the
        victim's while its Thief chooses, and under someone's Open Hands every hand but that one's."""
        effects = self.effects
        if seat is None or seat == whose or effects.eye is not None or self.looked_into(seat) == whose:
            return True
        open_hands = self.open_hands() if effects.durations else ()
        return bool(open_hands) and open_hands != {whose}

    def view_zones(self, seat, whose):
        hand = self.hands[whose]                # its own hand without a call: bots read it every decision
        zones = {"hand": hand[:] if seat == whose or self.shows_hand(seat, whose) else [None] * len(hand)}
        if self.supercharge:
            powers = self.powers[whose]
            zones["powers"] = powers[:] if seat is None or seat == whose else [None] * len(powers)
            zones["spent"] = self.spent[whose][:]
        giving = self.giving[whose]
        if giving:
            zones["giving"] = giving[:] if seat in (None, whose, self.effects.distributing) else [None] * len(giving)
        return zones

    def view_table(self, seat):
        teacher = seat is None
        table = {"deck": self.deck[::-1] if teacher else [None] * len(self.deck),
                 "discard": self.discard[:],
                 "events": self.events_pile[::-1] if teacher else [None] * len(self.events_pile),
                 "revealed": self.revealed[:]}
        if self.market:
            table["market"] = self.market[:]
        if self.wave:
            table["wave"] = self.wave[:]
        if self.supercharge:
            table["powerpile"] = self.power_pile[::-1] if teacher else [None] * len(self.power_pile)
        if self.offered:
            table["offered"] = self.offered[:]
        if self.laid:
            table["laid"] = self.laid[:] if teacher else [None] * len(self.laid)
        return table

    def view_unseen(self, seat):
        if seat is None:
            return Counter()
        hands = self.hands                      # one count over everything this seat cannot see
        effects = self.effects
        if effects.eye is None and not effects.durations and self.looked_into(seat) is None:
            hidden = hands[:]
            del hidden[seat]
        else:
            hidden = [hand for whose, hand in enumerate(hands) if not self.shows_hand(seat, whose)]
        if self.laid:
            hidden.append(self.laid)
        if any(self.giving) and seat != effects.distributing:
            hidden += [giving for whose, giving in enumerate(self.giving) if giving and whose != seat]
        if not self.supercharge:
            return self.deck.counts(hidden, (self.events_pile,))
        if any(self.powers):
            hidden += [powers for whose, powers in enumerate(self.powers) if powers and whose != seat]
        return self.deck.counts(hidden, (self.events_pile, self.power_pile))

    def view_facts(self, seat):
        effects = self.effects
        return {"round": self.round, "dealer": self.dealer, "top": self.top, "wish": self.wish,
                "hand_sizes": [len(h) for h in self.hands], "skipped": effects.skipped[:], "bomb": self.bomb_turns(),
                "eye": effects.eye is not None, "deck": len(self.deck), "events": len(self.events_pile),
                "limit": self.limit, "round_points": self.round_points[:],
                "last_colour": self.last_colour(), "lasting": effects.lasting[:],
                "in_force": self.in_force(),
                "direction": effects.direction, "open_hands": sorted(self.open_hands())}

    def view_seat_notes(self, seat):
        """One line per seat: its cards, whether it sits out its next turn, its turns before the Time
        Bomb goes off; each reads in the page's language (``cardkit.i18n.localized``)."""
        bomb = self.bomb_turns()
        skipped = self.effects.skipped
        notes = []
        for s, hand in enumerate(self.hands):
            k = cards_count(len(hand))
            if bomb is None:
                notes.append(self.phrase("{k} · skips next turn", k) if skipped[s] else k)
            elif skipped[s]:
                notes.append(self.phrase("{k} · skips next turn · {n} turns left", k, bomb[s]))
            else:
                notes.append(self.phrase("{k} · {n} turns left", k, bomb[s]))
        return notes

    def bomb_turns(self) -> list[int] | None:
        """Turns each seat has left before the Time Bomb goes off, or None without a bomb."""
        bomb = self.effects.bomb
        return None if bomb is None else [max(0, 3 - k) for k in bomb]

    def in_force(self):
        """The events and power cards in force this round, by name, or None."""
        effects = self.effects
        found = [card_name(e) for e in effects.lasting] + [self.duration_text(e) for e in effects.durations]
        return Listing(found) if found else None

    def duration_text(self, entry):
        name, activator, armed, detail = entry
        if name in UNTIL_END:
            if detail:
                return self.phrase("{c} ({col}) until {p} {p:ends} {p:their} next turn", card_name(name),
                                   wish_name(detail), activator)
            return self.phrase("{c} until {p} {p:ends} {p:their} next turn", card_name(name), activator)
        if detail:
            return self.phrase("{c} ({col}) until {p}'s next turn", card_name(name), wish_name(detail), activator)
        return self.phrase("{c} until {p}'s next turn", card_name(name), activator)

    def status_line(self) -> str:
        decision = self.decision
        if decision is None:
            return self.phrase(N_("Game over: {who} {who:wins} with {pts} points.") if len(self.winners) == 1 else
                               N_("Game over: {who} share the win with {pts} points."),
                               tuple(self.winners), min(self.totals))
        if type(decision) is Window:
            return self.phrase("Round {r}: waiting for reactions.", self.round)
        # the parts name nobody: words (not phrases), which read mid-line in the page's language;
        # kept by what they say (a view reads the line every decision)
        key = (decision.kind, self.wish, self.top, type(self.top))
        asked = _ASKED.get(key)
        if asked is None:
            wanted = (Name(N_("{w} is wished"), w=wish_name(self.wish)) if self.wish is not None else
                      Name(N_("anything goes")) if self.top is None else
                      Name(N_("play on {c}"), c=card_name(self.top)))
            ask = _ASKS.get(decision.kind)
            asked = keep(_ASKED, key, Name(ask, wanted=wanted) if ask else decision.kind, 4096)
        return self.phrase("Round {r}: {p} — {ask}.", self.round, decision.seat, asked)


#: (decision kind, wish, top card, its type) -> what the status line asks for (status_line)
_ASKED: dict = {}


_ASKS = {"turn": N_("{wanted}, or draw"), "again": N_("2nd Chance: {wanted}, or draw if nothing fits"),
         "drawn": N_("{wanted}, or end the turn"), "wish": N_("make a wish"),
         "split": N_("split Fantastic Four's 4 cards"), "give": N_("choose the cards to give"),
         "start": N_("resolve the start card"), "market": N_("take a card"), "party": N_("give a card away"),
         "christmas": N_("give the cards away"), "recession": N_("discard a card"),
         "steal": N_("choose two cards to steal"), "crowd": N_("give a card to the player with the fewest"),
         "distribute": N_("hand the stacks out"), "manager": N_("choose an event"),
         "repeat": N_("choose an event to repeat"), "roulette": N_("lay a card face down"),
         "seppuku": N_("risk Seppuku or take 21 points"), "trust": N_("pick who gives you two cards"),
         "trustgive": N_("choose two cards to give"), "charge": N_("aim Special Charge"),
         "blockade": N_("block a colour"), "number_wish": N_("wish a number"),
         "recycle": N_("choose who takes the card back"), "random": N_("play one more card"),
         "recharge": N_("recharge a power card"), "edison": N_("swap two power cards"),
         "update": N_("put a power card back"), "rewind": N_("resolve the turned-up card"),
         "tsunami": N_("lay a card"), "parasite": N_("discard up to two")}
