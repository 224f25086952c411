"""Skitgubbe: what each seat sees. Your own hand and taken cards, and everything on the table; the
other hands and taken cards, the stock and the set-aside trump card hidden; the notes under each seat
and the status line of either round.
"""
from __future__ import annotations

from collections import Counter

from cardkit.core import PASS
from cardkit.i18n import N_, count

from .actions import CHANCE, PICK_UP, PLAYS, Lay
from .cards import ORDER, PACK, RANK, RANKS, SUITS, lowest_run, names, show


#: A seat's note in the first round, by (whether it played to this trick, whether it drew the trump card).
NOTES = {
    (False, False): N_("{h} in hand · {n} taken"),
    (True, False): N_("{h} in hand · {n} taken · played {c}"),
    (False, True): N_("{h} in hand · {n} taken · holds the trump card aside"),
    (True, True): N_("{h} in hand · {n} taken · played {c} · holds the trump card aside"),
}


class Views:
    """What each seat sees: a mixin of SkitgubbeState."""

    # -- what each seat sees --------------------------------------------------------------------
    # Your own hand and taken cards are open, and everything on the table; other hands and taken
    # cards, the stock and the set-aside trump card are hidden (None).
    zone_order = ("hand", "tricks")
    # for learners (docs/learners.md)
    observed_table = {"stock": "count", "trick": "cards", "piles": "cards", "trump_card": "count", "out": "cards",
                      "aside": "count"}
    observed_facts = {"phase": "number", "trump": tuple(SUITS), "anti_trump": tuple(SUITS), "needed": "number",
                      "trump_card": "card", "drawer": "seat", "hand_sizes": "seats", "taken": "seats",
                      "lowest_run": "number", "direction": "number", "still_in": "number"}

    @classmethod
    def action_space(cls, game):
        """Play each card, Chance it, Pick up, Pass; then every run (as ``move_key`` names it): per
        suit, every span of ranks with each rank once or, with two decks, once or twice."""
        space = [PLAYS[card] for card in PACK] + [CHANCE, PICK_UP, PASS]
        copies = range(1, game.options["decks"] + 1)
        for suit in SUITS:
            cards = [rank + suit for rank in RANKS]
            for low in range(len(cards)):
                runs = [()]
                for card in cards[low:]:        # each run so far, one rank longer
                    runs = [run + (card,) * n for run in runs for n in copies]
                    space += [("lay", run) for run in runs]
        return space

    @staticmethod
    def move_key(move):
        """A run is known by its cards in pack order: named in another order it is the same run."""
        if type(move) is Lay:
            return "lay", tuple(sorted(move.cards, key=ORDER.__getitem__))
        return move

    def view_zones(self, seat, whose):
        mine = seat is None or whose == seat
        hand, taken = self.hands[whose], self.tricks[whose]
        return {"hand": hand[:] if mine else [None] * len(hand), "tricks": taken[:] if mine else [None] * len(taken)}

    def view_table(self, seat):
        teacher = seat is None
        stock = self.stock
        table = {"stock": stock[::-1] if teacher else [None] * len(stock),
                 "trick": self.trick[:],
                 "piles": [c for run in self.piles for c in run],
                 "trump_card": [] if self.trump_card is None else [self.trump_card if teacher else None],
                 "out": self.out[:]}
        if self.game.options["stock"]:
            table["aside"] = self.aside[:] if teacher else [None] * len(self.aside)
        return table

    def view_facts(self, seat):
        return {"phase": self.phase, "round": self.phase, "decks": self.decks,
                "trump": self.trump, "anti_trump": self.anti, "needed": self.needed, "trump_card": self.turned,
                "drawer": self.drawer, "stock": len(self.stock), "plays": [list(p) for p in self.plays],
                "contenders": list(self.contenders) if self.contenders else None,
                "hand_sizes": [len(h) for h in self.hands], "taken": [len(t) for t in self.tricks],
                "runs": [list(r) for r in self.piles], "lowest_run": lowest_run(self.piles),
                "direction": self.direction, "finished": list(self.finished),
                "still_in": sum(1 for h in self.hands if h)}

    def view_unseen(self, seat):
        if seat is None:
            return Counter()
        hidden = self.aside[:]       # one count over the stock, the cards aside, the other hands and tricks
        if self.trump_card is not None:
            hidden.append(self.trump_card)
        for s in range(self.players):
            if s != seat:
                hidden += self.hands[s]
                hidden += self.tricks[s]
        return self.stock.counts([hidden])

    def view_seat_notes(self, seat):
        found = []
        played = dict(self.plays)
        for s in range(self.players):
            if self.phase == 1:
                note = self.phrase(NOTES[s in played, s == self.drawer], len(self.hands[s]), len(self.tricks[s]),
                                   show(played[s]) if s in played else "")
            elif s in self.finished:
                note = self.phrase("out: place {k}", self.totals[s])
            elif self.is_over:
                note = N_("the skitgubbe")
            else:
                note = count(len(self.hands[s]), "{n} card", "{n} cards")
            found.append(note)
        return found

    def status_line(self) -> str:
        decision = self.decision
        if decision is None:
            loser = next((s for s in range(self.players) if s not in self.winners), None)
            return self.phrase("Game over: {p} {p:is} the skitgubbe.", loser)
        seat = decision.seat
        if self.phase == 1:
            head = N_("Play-off") if self.contenders else N_("First round")
            if self.plays:             # whether the seat holds a rank on the table is its own secret
                return self.phrase("{head}: {p} {p:matches} a rank on the table if {p:they} can, or else "
                                   "{p:plays} a card and {p:draws}, or {p:chances} it.", head, seat)
            return self.phrase("{head}: {p} {p:leads}.", head, seat)
        top = self.top()
        if top is None:
            return self.phrase("Second round: {p} {p:lays} any run.", seat)
        return self.phrase("Second round: {p} {p:lays} a run on {cs}, or {p:picks} up.", seat, names(top))

    def own_status_line(self, seat):
        """The first round's line for the seat asked, which knows its hand: must it match a rank?"""
        decision = self.decision
        if self.phase != 1 or not self.plays or decision.seat != seat:
            return None
        head = N_("Play-off") if self.contenders else N_("First round")
        ranks = self.table_ranks()
        if any(RANK[c] in ranks for c in self.hands[seat]):
            return self.phrase("{head}: {p} must match a rank on the table.", head, seat)
        return self.phrase("{head}: {p} {p:plays} a card and {p:draws}, or {p:chances} it.", head, seat)
