"""21 with trumps: what each seat sees. Your hidden card and trumps are yours, the others' hidden until
revealed; the totals as each seat can work them out, the notes under each seat, the status line.
"""
from __future__ import annotations

import itertools
from collections import Counter

from cardkit.core import PASS
from cardkit.core.events import Phrase
from cardkit.i18n import N_

from .actions import CLOSE, TAKE, DestroyTrump, PlayTrump, Swap
from .cards import TRUMPS, VALUE


class Views:
    """What each seat sees: a mixin of Trump21State."""

    # -- what each seat sees: your hidden card and trumps are yours; the others' are hidden until
    # revealed (at the latest when the round is scored). Open cards and played trumps are open; the
    # decks, the draw pile and the discard pile are face down, but every card in the discard pile was
    # shown to everyone on its way there, so each seat remembers them (the fact "remembered").
    zone_order = ("hidden", "open", "played", "trumps")
    # for learners (docs/learners.md)
    observed_table = {"deck": "count", "discard": "count", "trump_pile": "count", "trump_deck": "count"}
    observed_facts = {"round": "number", "target": "number", "first": "seat", "revealed": "seats",
                      "closed": "seats", "alive": "seats", "totals": "seats", "open_totals": "seats",
                      "trump_hands": "seats", "damage": "number"}

    @classmethod
    def action_space(cls, game):
        """Take, Close, Pass; every trump played at nobody or at each seat; every Destroy; then every
        Exchange (as ``move_key`` names it) the trump deck's counts allow: one or two trumps given
        (lying open at you or in your hand), none to as many taken (lying open at them, or hidden)."""
        seats = range(game.players)
        space = [TAKE, CLOSE, PASS]
        space += [PlayTrump(trump, target) for trump in TRUMPS for target in (None, *seats)]
        space += [DestroyTrump(seat, trump) for seat in seats for trump in (None, *TRUMPS)]
        counts = game.options["trumps"]
        kinds = [trump for trump in TRUMPS if counts.get(trump)]
        mine = sorted([f"open:{k}" for k in kinds] + [f"hand:{k}" for k in kinds])
        theirs = sorted([f"open:{k}" for k in kinds] + ["hidden"])
        gives = [(g, _named(g)) for n in (1, 2) for g in itertools.combinations_with_replacement(mine, n)]
        takes = [(t, _named(t)) for n in (0, 1, 2) for t in itertools.combinations_with_replacement(theirs, n)]
        for give, given in gives:
            if all(counts[trump] >= n for trump, n in given.items()):
                space += [("swap", give, take) for take, taken in takes if len(take) <= len(give)
                          and all(counts[trump] >= n + given[trump] for trump, n in taken.items())]
        return space

    @staticmethod
    def move_key(move):
        """An Exchange is known by what it gives and takes (a tuple: the space lists 130,000 of them)."""
        return ("swap", move.give, move.take) if type(move) is Swap else move

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
            return N_("out")
        note = Phrase("total {n}", (total,)) if total is not None else Phrase("{n} showing + hidden", (open_sum,))
        if self.closed[s]:
            note = Phrase("{note} · closed", (note,))
        if self.revealed[s]:
            note = Phrase("{note} · revealed", (note,))
        return note

    def status_line(self) -> str:
        decision = self.decision
        if decision is None and not self.winners:
            return self.phrase("Round {r} is over: the target was {target}.", self.round, self.target)
        if decision is None:
            return self.phrase("Game over: {p} {p:is} the last one alive.", self.winners[0])
        if decision.kind == "destroy":
            line = N_("Round {r}, target {target}: {p} {p:chooses} the trump to destroy.")
        elif decision.kind == "exchange":
            line = N_("Round {r}, target {target}: {p} {p:chooses} the trumps to give and to take.")
        else:
            line = N_("Round {r}, target {target}: {p} may play trumps, then {p:takes} a card or {p:closes}.")
        return self.phrase(line, self.round, self.target, decision.seat)


def _named(items) -> Counter:
    """How many of each trump ``items`` name ("open:Draw 2", "hand:Draw 2"; a "hidden" names none)."""
    return Counter(item.partition(":")[2] for item in items if item != "hidden")
