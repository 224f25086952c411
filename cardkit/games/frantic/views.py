"""What each seat of Frantic sees: your own hand is yours to see, every hand while The All-Seeing Eye
is open, the victim's while your Thief chooses, every other hand under your Open Hands; power cards
face down to all but their owner; the draw, event and power piles face down; the discard pile and
this round's events open. And the status line.
"""
from __future__ import annotations

import itertools
from collections import Counter

from cardkit.core import PASS, Window, cards_count

from .actions import (DRAW, Aim, Choose, Counterattack, Discard, Give, GiveTo, Lay, LuckyBastard, NiceTry, Pick, Play,
                      Risk, Split, Stack, Steal, Take, Trade, Wish)
from .cards import (ALL_EVENTS, COLOUR_NAME, COLOURS, MIMICRY, NUMBER, ORDER, PLAY_CARDS, POWERS, WISH_VALUES,
                    wish_words)
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
                "in_force": ", ".join(effects.lasting + [self.duration_text(e) for e in effects.durations]) or None,
                "direction": effects.direction, "open_hands": sorted(self.open_hands())}

    def view_seat_notes(self, seat):
        bomb = self.bomb_turns()
        return [cards_count(len(h)) + (" · skips next turn" if self.effects.skipped[s] else "")
                + ("" if bomb is None else f" · {bomb[s]} turns left") for s, h in enumerate(self.hands)]

    def bomb_turns(self) -> list[int] | None:
        """Turns each seat has left before the Time Bomb goes off, or None without a bomb."""
        bomb = self.effects.bomb
        return None if bomb is None else [max(0, 3 - k) for k in bomb]

    def duration_text(self, entry) -> str:
        name, activator, armed, detail = entry
        what = f"{name} ({COLOUR_NAME[detail]})" if detail else name
        until = "ends their next turn" if name in UNTIL_END else "next turn"
        return (f"{what} until {self.name(activator)}'s {until}" if until == "next turn" else
                f"{what} until {self.name(activator)} {until}")

    def status_line(self) -> str:
        decision = self.decision
        if decision is None:
            return self.phrase("Game over: {who} " + ("{who:wins}" if len(self.winners) == 1 else "share the win")
                               + " with {pts} points.", tuple(self.winners), min(self.totals))
        if type(decision) is Window:
            return f"Round {self.round}: waiting for reactions."
        wanted = (f"{wish_words(self.wish)} is wished" if self.wish is not None else
                  "anything goes" if self.top is None else f"play on {self.top}")
        return self.phrase("Round {r}: {p} — {ask}.", self.round, decision.seat,
                           _ASKS.get(decision.kind, decision.kind).replace('{wanted}', wanted))


#: What the status line says a decision asks for; "{wanted}" is what may be played now.
_ASKS = {"turn": "{wanted}, or draw", "again": "2nd Chance: {wanted}, or draw if nothing fits",
         "drawn": "{wanted}, or end the turn", "wish": "make a wish", "split": "split Fantastic Four's 4 cards",
         "give": "choose the cards to give", "start": "resolve the start card", "market": "take a card",
         "party": "give a card away", "christmas": "give the cards away", "recession": "discard a card",
         "steal": "choose two cards to steal", "crowd": "give a card to the player with the fewest",
         "distribute": "hand the stacks out", "manager": "choose an event", "repeat": "choose an event to repeat",
         "roulette": "lay a card face down", "seppuku": "risk Seppuku or take 21 points",
         "trust": "pick who gives you two cards", "trustgive": "choose two cards to give",
         "charge": "aim Special Charge", "blockade": "block a colour", "number_wish": "wish a number",
         "recycle": "choose who takes the card back", "random": "play one more card",
         "recharge": "recharge a power card", "edison": "swap two power cards", "update": "put a power card back",
         "rewind": "resolve the turned-up card", "tsunami": "lay a card", "parasite": "discard up to two"}

