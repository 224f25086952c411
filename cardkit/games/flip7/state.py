"""Flip 7: the game as a rule book, driven by the core's decisions and steps."""
from __future__ import annotations

from collections import Counter

from cardkit.core import IllegalAction, Pile, State, decides, next_seat, offers, stacked_deck, step

from cardkit.core.errors import shown
from cardkit.i18n import N_

from . import cards
from .actions import GIVES, HIT, HIT_OR_STAY, ONLY_STAY, STAY, Give, Hit, Stay
from .cards import KIND, line_score

ZONES = ("numbers", "modifiers", "actions", "waiting")
#: A seat's state in a round, as its note and a refusal name it (translated where a person reads it).
STATUS_WORDS = (N_("active"), N_("stayed"), N_("busted"), N_("frozen"), N_("done"))




class Flip7State(State):

    # -- set-up -----------------------------------------------------------------
    def setup(self, deck):
        game = self.game
        n = self.players
        opts = game.options          # read on every flip and score: kept on the state
        self.unique, self.bonus, self.target = opts["unique"], opts["bonus"], opts["target"]
        self.deck = stacked_deck(game.full_deck, deck, self.rng, cards.parse)
        self.discard = Pile()
        self.lines = [{zone: [] for zone in ZONES} for _ in range(n)]
        self.status = ["active"] * n
        self.round = 0
        self.dealer = n - 1          # so that seat 0 is dealt first and acts first
        self.start_round()

    def start_round(self):
        """Deal one card to each seat from the dealer's left, then turns from there, then the round's end."""
        self.round += 1
        n = self.players
        self.status = ["active"] * n
        self.dealing = True
        first = next_seat(self.dealer, n)
        self.log(None, "round", "Round {r}: {p} {p:deals}, starting with {t}.", "flip7.deal",
                 self.round, self.dealer, first)
        for i in range(n):
            self.then(self._step_deal, (first + i) % n)
        self.then(self._step_turn, first)
        self.then(self._step_round_end)

    @step
    def _step_deal(self, seat):
        if self.status[seat] == "active":               # a Freeze dealt earlier may have stopped them
            self.flip(seat, "flip7.deal")

    # -- turns ------------------------------------------------------------------------
    @step
    def _step_turn(self, seat):
        """The turns start once the cards are dealt, or go on once an action card has its target."""
        self.dealing = False
        self.ask_turn(seat)

    def ask_turn(self, seat):
        """The first active player from ``seat`` on, round the table, decides; with nobody left the
        round's end comes next."""
        status = self.status
        n = self.players
        for s in range(seat, seat + n):
            if status[s % n] == "active":
                self.ask(s % n, "turn")
                return

    @offers("turn")
    def _choices_turn(self, seat):
        return HIT_OR_STAY if self.deck or self.discard else ONLY_STAY

    @offers("give")
    def _choices_give(self, seat, card):
        gives = GIVES[card]
        return [gives[t] for t in self.targets(seat, card)]

    def targets(self, holder, card):
        status = self.status
        active = [s for s in range(self.players) if status[s] == "active"]
        if card == "Second Chance":
            return [s for s in active if s != holder and "Second Chance" not in self.lines[s]["actions"]]
        return active

    @decides("turn")
    def _decide_turn(self, seat, action):
        following = (seat + 1) % self.players
        status = self.status
        if type(action) is Stay:
            status[seat] = "stayed"
            self.log(seat, "stay", "{p} {p:stays} with {pts} points.", "flip7.stay", seat, self.round_score(seat))
        elif self.flip(seat, "flip7.hit"):                 # an action card waits for its target first
            self.then(self._step_turn, following)
            return
        if status[following] == "active":                  # nothing set off: the next player decides,
            self.ask(following, "turn")
        else:
            self.ask_turn(following)                        # or the next one still in

    @decides("give")
    def _decide_give(self, seat, action, card):
        self.give(seat, card, action.target)

    # -- cards ------------------------------------------------------------------------
    def draw(self):
        """The top card; an empty deck is first refilled from the shuffled discards (None: no cards)."""
        deck = self.deck
        if not deck:
            if not self.discard:
                return None
            count = deck.refill_from(self.discard, self.rng)
            self.log(None, "reshuffle", "The deck is empty: {k} discarded cards are shuffled into a new deck.",
                     "flip7.reshuffle", count)
        return deck.pop()

    def flip(self, seat, rule, forced=False) -> bool:
        """``seat`` flips the top card; ``forced`` during a Flip Three. True when the card is an action
        card its holder is now asked to give."""
        card = self.deck.pop() if self.deck else self.draw()    # draw() refills an empty deck
        if card is None:
            self.log(seat, "empty", "No cards are left to flip.", "flip7.reshuffle")
            return False
        line = self.lines[seat]
        kind = KIND[card]
        self.log(seat, "flip", "{p} {p:flips} {c}.", rule, seat, card)
        if kind == "number":
            numbers = line["numbers"]
            if card not in numbers:
                numbers.append(card)
                if len(numbers) >= self.unique:
                    self.flip_seven(seat)
            elif "Second Chance" in line["actions"]:
                line["actions"].remove("Second Chance")
                self.discard += [card, "Second Chance"]
                self.log(seat, "second_chance", "{p}'s Second Chance saves {p:them} from the second {c}: "
                         "both cards are discarded.", "flip7.second_chance", seat, card)
            else:
                line["numbers"].append(card)
                self.bust(seat, card)
        elif kind == "modifier":
            line["modifiers"].append(card)
        elif card == "Second Chance" and "Second Chance" not in line["actions"]:
            line["actions"].append(card)
            self.log(seat, "second_chance", "{p} {p:keeps} the Second Chance.", "flip7.second_chance",
                     seat)
        else:
            line["waiting"].append(card)
            if forced:
                self.log(seat, "wait", "{c} waits until the Flip Three is done.", "flip7.flip_three_wait", card)
            else:
                return self.offer(seat, card)
        return False

    def offer(self, holder, card) -> bool:
        """The holder of an action card (kept in their waiting zone) chooses who gets it, if anyone can
        (True: they are asked)."""
        if self.targets(holder, card):
            self.log(holder, "offer", "{p} must choose who gets the {c}.",
                     "flip7.deal_action" if self.dealing else "flip7.action_target", holder, card)
            self.ask(holder, "give", card)
            return True
        else:
            self.lines[holder]["waiting"].remove(card)
            self.discard.append(card)
            rule = "flip7.second_chance_pass" if card == "Second Chance" else "flip7.action_target"
            self.log(holder, "discard", "Nobody can take the {c}: it is discarded.", rule, card)
            return False

    def give(self, holder, card, target):
        self.lines[holder]["waiting"].remove(card)
        self.lines[target]["actions"].append(card)
        if card == "Freeze":
            self.status[target] = "frozen"
            self.log(holder, "freeze", "{p} {p:freezes} {t}: out of the round with {pts} points.", "flip7.freeze",
                     holder, target, self.round_score(target))
        elif card == "Flip Three":
            self.log(holder, "flip_three", "{p} {p:makes} {t} flip three cards.", "flip7.flip_three",
                     holder, target)
            self.then(self._step_flip_three, target, 3)
        else:
            self.log(holder, "second_chance", "{p} {p:gives} the extra Second Chance to {t}.",
                     "flip7.second_chance_pass", holder, target)

    @step
    def _step_flip_three(self, target, left):
        if self.status[target] != "active":
            return
        self.flip(target, "flip7.flip_three", forced=True)
        self.then(self._step_flip_three, target, left - 1) if left > 1 else self.then(self._step_resolve_waiting, target)

    @step
    def _step_resolve_waiting(self, seat):
        waiting = self.lines[seat]["waiting"]
        if waiting:
            self.offer(seat, waiting[0])
            self.then(self._step_resolve_waiting, seat)

    # -- outcomes ------------------------------------------------------------------------
    def bust(self, seat, card):
        self.status[seat] = "busted"
        waiting = self.lines[seat]["waiting"]
        self.log(seat, "bust", "{p} {p:flips} a second {c} and {p:busts}: 0 points this round.", "flip7.bust",
                 seat, card)
        if waiting:
            if len(waiting) == 1:
                self.log(seat, "discard", "The waiting {w} is discarded.", "flip7.flip_three_wait", waiting[0])
            else:
                self.log(seat, "discard", "The waiting {w} and {x} are discarded.", "flip7.flip_three_wait",
                         waiting[0], " and ".join(waiting[1:]))
            self.discard += waiting
            waiting.clear()

    def flip_seven(self, seat):
        self.log(seat, "flip7", "{p} {p:has} {k} unique numbers: Flip 7! The round ends at once (+{b}).",
                 "flip7.flip7", seat, len(self.lines[seat]["numbers"]), self.bonus)
        self.unwind(self._step_round_end)

    @step
    def _step_round_end(self):
        self.end_round()

    def round_score(self, seat) -> int:
        if self.status[seat] == "busted":
            return 0
        line = self.lines[seat]
        return line_score(line["numbers"], line["modifiers"], self.unique, self.bonus)

    def end_round(self):
        n = self.players
        totals = self.totals
        self.log(None, "round_end", "Round {r} is over.", "flip7.round_end", self.round)
        for seat in range(n):
            pts = self.round_score(seat)
            totals[seat] += pts
            self.log(seat, "score", "{p} {p:banks} {pts} (total {total}).", "flip7.score",
                     seat, pts, totals[seat])
        self.round_over(self.phrase("Round {r} is over", self.round))
        discard = self.discard
        for line in self.lines:
            for cards_in_zone in line.values():
                if cards_in_zone:
                    discard += cards_in_zone
                    cards_in_zone.clear()
        self.status = ["done"] * n
        best = max(totals)
        if best >= self.target:
            leaders = [s for s in range(n) if totals[s] == best]
            if len(leaders) == 1:
                self.winners = leaders
                self.log(leaders[0], "win", "{p} {p:wins} the game with {pts} points.", "flip7.game_end",
                         leaders[0], best)
                return
            self.log(None, "tie", "{who} are tied at {pts}: another round.", "flip7.tie", tuple(leaders), best)
        self.dealer = next_seat(self.dealer, n)
        self.log(None, "dealer", "The deal passes to {p}.", "flip7.dealer", self.dealer)
        self.start_round()

    # -- contract --------------------------------------------------------------------------
    def all_cards(self):
        cards = self.deck + self.discard
        for line in self.lines:
            for zone in ZONES:
                cards += line[zone]
        return cards

    def candidate_actions(self, seat=None):
        decision = self.decision
        if decision is None or seat not in (None, decision.seat):
            return []
        if decision.kind == "turn":
            return [HIT, STAY]
        card = decision.data[0]
        return [Give(card, t) for t in range(self.game.players)] + [HIT, STAY]

    def why_illegal(self, action, seat):
        decision = self.decision
        if not isinstance(action, (Hit, Stay, Give)):
            return IllegalAction(self.phrase("{a} is not a Flip 7 action", shown(action)), "flip7.turn")
        if decision.kind == "give":
            card = decision.data[0]
            rule = "flip7.deal_action" if self.dealing else "flip7.action_target"
            if not isinstance(action, Give) or action.card != card:
                return IllegalAction(self.phrase("{p} must first choose who gets the {c}", decision.seat, card), rule)
            if not isinstance(action.target, int) or not 0 <= action.target < self.game.players:
                return IllegalAction(self.phrase("there is no seat {s}", shown(action.target)), "flip7.action_target")
            if card == "Second Chance":
                if action.target == decision.seat:
                    return IllegalAction(self.phrase("{p} already {p:holds} a Second Chance: this one goes to "
                                                     "another player", decision.seat), "flip7.second_chance_pass")
                if "Second Chance" in self.lines[action.target]["actions"]:
                    return IllegalAction(self.phrase("{t} already {t:holds} a Second Chance", action.target),
                                         "flip7.second_chance_pass")
            return IllegalAction(self.phrase("{t} {t:is} out of this round ({why}); action cards go to active players",
                                         action.target, self.status[action.target]), "flip7.action_target")
        if isinstance(action, Give):
            return IllegalAction("there is no action card to give now", "flip7.action_target")
        return IllegalAction("no cards are left to flip", "flip7.reshuffle")

    # -- what each seat sees: everything in Flip 7 lies face up except the draw pile -------------
    zone_order = ZONES
    # for learners (docs/learners.md)
    observed_table = {"deck": "count", "discard": "cards"}
    observed_facts = {"round": "number", "dealer": "seat", "target": "number", "deck": "number",
                      "round_scores": "seats",
                      "seat_status": ("seats", ("active", "stayed", "busted", "frozen", "done"))}

    @classmethod
    def action_space(cls, game):
        """Hit, Stay, then each action card given to each seat."""
        return [HIT, STAY] + [GIVES[card][t] for card in cards.ACTIONS for t in range(game.players)]

    def view_zones(self, seat, whose):
        line = self.lines[whose]    # ZONES spelled out: CPython 3.11 builds a dict display faster
        return {"numbers": line["numbers"][:], "modifiers": line["modifiers"][:], "actions": line["actions"][:],
                "waiting": line["waiting"][:]}

    def view_table(self, seat):
        return {"deck": self.deck[::-1] if seat is None else [None] * len(self.deck), "discard": self.discard[:]}

    def view_facts(self, seat):
        opts = self.game.options
        return {"round": self.round, "dealer": self.dealer, "target": opts["target"], "unique": opts["unique"],
                "bonus": opts["bonus"], "deck": len(self.deck), "round_scores": self.round_scores(),
                "seat_status": self.status[:]}

    def view_unseen(self, seat):
        return Counter() if seat is None else self.deck.counts()

    def view_seat_notes(self, seat):
        return [self.phrase("{status} · {pts} this round", status, pts)
                for status, pts in zip(self.status, self.round_scores())]

    def round_scores(self) -> list[int]:
        """Each seat's points this round (round_score of each), without a call per seat: a view asks
        twice, for its facts and its seat notes."""
        unique, bonus = self.unique, self.bonus
        return [0 if status == "busted" else line_score(line["numbers"], line["modifiers"], unique, bonus)
                for status, line in zip(self.status, self.lines)]

    def status_line(self) -> str:
        decision = self.decision
        if decision is None:
            best = max(self.totals)
            return self.phrase("Game over: {who} {who:wins} with {pts} points.", tuple(self.winners), best)
        if decision.kind == "turn":
            return self.phrase("Round {r}: {p}'s turn, Hit or Stay?", self.round, decision.seat)
        return self.phrase("Round {r}: {p} {p:chooses} who gets the {c}.", self.round, decision.seat, decision.data[0])
