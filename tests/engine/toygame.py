"""A game written only for the tests of the core: two or three seats, a compound move, and a
reaction window that several seats may answer, whose answers can be answered again.

Cards: A1 A2 A3 B1 B2 B3 C1 C2 C3, three dealt to each seat. On your turn lay one or more cards of
one letter (the highest number on top), or pass. After a lay, every other seat holding that letter
may "snap" out of turn with one such card (seats after the layer first); a snap may be snapped
again. A seat with no cards wins at once, even in the middle of a chain.
"""
import dataclasses
from collections import Counter

from cardkit.core import (PASS, Action, Game, IllegalAction, Option, Pile, Rule, State, closes, decides, next_seat,
                         offers, seats_from, stacked_deck, step)

PACK = [letter + number for letter in "ABC" for number in "123"]


@dataclasses.dataclass(frozen=True)
class Lay(Action):
    cards: tuple

    def label(self):
        return "Lay " + " ".join(self.cards)

    @property
    def parts(self):
        return self.cards

    @classmethod
    def from_parts(cls, parts):
        return cls(tuple(parts))


@dataclasses.dataclass(frozen=True)
class Snap(Action):
    card: str

    def label(self):
        return f"Snap {self.card}"


def parse(token):
    card = str(token).strip().upper()
    if card not in PACK:
        raise ValueError(f"unknown toy card {token!r}")
    return card


class ToyState(State):
    def setup(self, deck):
        self.stock = stacked_deck(self.game.full_deck, deck, self.rng, parse)
        self.hands = [sorted(self.stock.pop() for _ in range(3)) for _ in range(self.players)]
        self.table = Pile()
        self.order = []                       # steps run, in order: the tests read it
        self.then(self._step_note, "first")
        self.then(self._step_note, "second")
        self.ask(0, "turn")
        self.then(self._step_game_end)

    @step
    def _step_note(self, word):
        self.order.append(word)
        if word == "first":                   # two steps: in the order written, before "second"
            self.then(self._step_note, "first.1")
            self.then(self._step_note, "first.2")
        elif word == "first.2":               # the last thing done, with nothing else waiting: still
            self.then(self._step_note, "first.3")     # after the rest of this step
            self.order.append("first.2 done")

    @offers("turn")
    def _choices_turn(self, seat):
        hand = self.hands[seat]
        lays = []
        for letter in "ABC":
            mine = [c for c in hand if c[0] == letter]
            for size in range(1, len(mine) + 1):
                lays.append(Lay(tuple(mine[:size])))
        return lays + [PASS]

    def canonical(self, action):
        if type(action) is Lay:
            return Lay(tuple(sorted(action.cards)))
        return None

    @decides("turn")
    def _decide_turn(self, seat, action):
        if type(action) is Lay:
            self.lay(seat, action.cards, "toy.lay")
        else:
            self.log(seat, "pass", "{p} passes.", "toy.turn", seat)
        self.then(self._step_next_turn, seat)

    def lay(self, seat, cards, rule):
        for card in cards:
            self.hands[seat].remove(card)
        self.table += cards
        self.log(seat, "lay", "{p} lays {cs}.", rule, seat, " ".join(cards))
        if not self.hands[seat]:
            self.winners = [seat]
            self.log(seat, "win", "{p} has no cards left and wins.", "toy.win", seat)
            self.unwind(self._step_game_end)
            return
        letter = cards[-1][0]
        holders = [s for s in seats_from(next_seat(seat, self.players), self.players)
                   if s != seat and any(c[0] == letter for c in self.hands[s])]
        self.ask_window(holders, "snap", letter)

    @offers("snap")
    def _choices_snap(self, seat, letter):
        return [Snap(c) for c in self.hands[seat] if c[0] == letter]

    @decides("snap")
    def _decide_snap(self, seat, action, letter):
        self.lay(seat, (action.card,), "toy.snap")

    @closes("snap")
    def _closed_snap(self, letter):
        self.log(None, "quiet", "Nobody snaps the {l}.", "toy.snap", letter)

    @step
    def _step_next_turn(self, seat):
        self.ask(next_seat(seat, self.players), "turn")

    @step
    def _step_game_end(self):
        self.round_over("The game is over")

    def all_cards(self):
        return self.stock + self.table + [c for hand in self.hands for c in hand]

    def why_illegal(self, action, seat):
        cards = getattr(action, "cards", ())
        if any(c not in self.hands[seat] for c in cards):
            return IllegalAction(f"{self.name(seat)} does not hold all of {' '.join(cards)}", "toy.lay")
        return IllegalAction("cards laid together share a letter", "toy.lay")

    def view_zones(self, seat, whose):
        hand = self.hands[whose]
        return {"hand": hand[:] if seat in (None, whose) else [None] * len(hand)}

    def view_table(self, seat):
        return {"table": self.table[:]}

    def view_facts(self, seat):
        return {}

    def view_unseen(self, seat):
        return Counter()

    def status_line(self):
        return ""


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    rules = [Rule("toy.turn", "Turn", "Lay or pass."), Rule("toy.lay", "Lay", "One letter."),
             Rule("toy.snap", "Snap", "Out of turn."), Rule("toy.win", "Win", "No cards.")]
    players_range = (2, 3)
    default_players = 2
    option_specs = [
        Option("speed", 0.5, "chance of anything", 0.0, 1.0),
        Option("style", "calm", "how to play", choices=("calm", "wild")),
        Option("extras", {"A": 1, "B": 1}, "extra cards by letter", high=3),
    ]
    action_types = {"Lay": Lay, "Snap": Snap}
    state_class = ToyState
    parse = staticmethod(parse)

    def make_deck(self):
        return Counter(PACK)
