"""Flip 7 rule clauses (summed up, with the house rules, in docs/rules/flip7.md)."""
from cardkit.core import Rule
from cardkit.i18n import N_

RULES = [
    Rule("flip7.deck", "The deck",
         "94 cards: one 0, one 1, two 2s … twelve 12s; three each of Freeze, Flip Three and "
         "Second Chance; one each of +2, +4, +6, +8, +10 and x2."),
    Rule("flip7.deal", "The deal",
         "Deal one card face up to each player, starting at the dealer's left."),
    Rule("flip7.deal_action", "Action cards in the deal",
         "An action card dealt is resolved at once: its holder chooses who gets it, then the deal goes on."),
    Rule("flip7.turn", "Hit or Stay",
         "Each active player in turn says Hit (flip one card) or Stay."),
    Rule("flip7.hit", "Hit",
         "Number cards go in a line; modifier and action cards are placed above it."),
    Rule("flip7.stay", "Stay",
         "Staying ends your round and locks in your score for it."),
    Rule("flip7.bust", "Bust",
         "A second card with the same number as one in your line busts you: you are out of the round "
         "and score 0."),
    Rule("flip7.flip7", "Flip 7",
         "Seven unique number cards end the round at once and score 15 bonus points."),
    Rule("flip7.action_target", "Giving an action card",
         "The player who flips an action card chooses an active player, themselves included, to get it; "
         "the only active player must take it."),
    Rule("flip7.freeze", "Freeze",
         "The chosen player is out of the round but still scores the cards in front of them."),
    Rule("flip7.flip_three", "Flip Three",
         "The chosen player flips three cards, one at a time, and stops early on a bust or when the round ends."),
    Rule("flip7.flip_three_wait", "Actions during Flip Three",
         "Freeze and Flip Three flipped during a Flip Three wait until the three cards are done; "
         "they are discarded if the player busted or the round ended."),
    Rule("flip7.second_chance", "Second Chance",
         "Keep it in front of you. When you would bust, discard the duplicate and the Second Chance "
         "instead; your turn ends. Flipped during a Flip Three, it is kept and can save the rest of it."),
    Rule("flip7.second_chance_pass", "Only one Second Chance",
         "You may hold only one Second Chance. Flip another and you give it to an active player "
         "without one; if there is none, it is discarded."),
    Rule("flip7.score", "Scoring a round",
         "Add your number cards, double that if you have x2, then add the +modifiers, then 15 for "
         "seven unique numbers. A bust scores 0."),
    Rule("flip7.round_end", "End of a round",
         "The round ends when every player has stayed, been frozen or busted, or at once on a Flip 7. "
         "Scores are banked and the cards on the table go to the discard pile."),
    Rule("flip7.reshuffle", "Running out of cards",
         "Cards stay out until the deck runs out; then the discard pile is shuffled into a new deck."),
    Rule("flip7.dealer", "Next dealer",
         "The dealer moves one seat to the left each round."),
    Rule("flip7.game_end", "End of the game",
         "After a round in which someone has reached the target (200), the highest total wins."),
    Rule("flip7.tie", "Ties",
         "If the highest totals are tied, all players play further rounds until there is one winner."),
]


def _demo(players, deck, actions, caption, **options):
    return {"players": players, "options": options, "deck": deck, "actions": actions, "caption": caption}


#: One small stacked-deck demo per clause (top card first; actions by their button label).
DEMOS = {
    "flip7.deal": _demo(3, ["5", "9", "12"], [],
                        N_("Three players: each is dealt one card face up, starting at the dealer's left.")),
    "flip7.deal_action": _demo(3, ["7", "Freeze", "3"], ["Freeze → Player 0"],
                               N_("Player 1 is dealt a Freeze and must give it away at once; then the deal goes on.")),
    "flip7.turn": _demo(2, ["5", "9", "6"], ["Hit", "Stay"],
                        N_("Player 0 hits and flips a 6; Player 1 stays.")),
    "flip7.hit": _demo(2, ["5", "9", "+4", "8"], ["Hit", "Stay", "Hit"],
                       N_("A modifier goes above the line; the next number joins the line.")),
    "flip7.stay": _demo(2, ["5", "9"], ["Stay"], N_("Player 0 stays: their 5 points are safe for this round.")),
    "flip7.bust": _demo(2, ["7", "9", "7"], ["Hit"], N_("Player 0 flips a second 7 and busts.")),
    "flip7.flip7": _demo(1, ["0", "1", "2", "3", "4", "5", "6"], ["Hit"] * 6,
                         N_("Seven different numbers: Flip 7 ends the round with 15 bonus points.")),
    "flip7.action_target": _demo(2, ["5", "9", "Freeze"], ["Hit", "Freeze → Player 1"],
                                 N_("Player 0 flips a Freeze and chooses who gets it.")),
    "flip7.freeze": _demo(3, ["5", "9", "4", "Freeze"], ["Hit", "Freeze → Player 1"],
                          N_("Player 1 is frozen: out of the round, keeping their 9.")),
    "flip7.flip_three": _demo(2, ["5", "9", "Flip Three", "2", "3", "4"], ["Hit", "Flip Three → Player 1"],
                              N_("Player 1 must flip three cards, one at a time.")),
    "flip7.flip_three_wait": _demo(2, ["5", "9", "Flip Three", "2", "Freeze", "4"],
                                   ["Hit", "Flip Three → Player 1", "Freeze → Player 0"],
                                   N_("The Freeze flipped during Flip Three waits until the three cards are done.")),
    "flip7.second_chance": _demo(2, ["5", "9", "Second Chance", "5"], ["Hit", "Stay", "Hit"],
                                 N_("Player 0 keeps a Second Chance, then it saves them from a second 5.")),
    "flip7.second_chance_pass": _demo(2, ["Second Chance", "9", "Second Chance"],
                                      ["Hit", "Second Chance → Player 1"],
                                      N_("Player 0 already holds a Second Chance, so the next one goes to Player 1.")),
    "flip7.score": _demo(1, ["3", "4", "12", "+10", "x2"], ["Hit", "Hit", "Hit", "Hit", "Stay"],
                         N_("3 + 4 + 12 = 19, doubled by x2 = 38, then +10 = 48.")),
    "flip7.round_end": _demo(2, ["5", "9"], ["Stay", "Stay"],
                             N_("Everyone has stayed: the round is scored and the cards go to the discard pile.")),
    "flip7.dealer": _demo(3, ["5", "9", "4"], ["Stay", "Stay", "Stay"],
                          N_("After round 1 the deal moves one seat left: Player 1 is dealt first.")),
    "flip7.game_end": _demo(2, ["12", "3"], ["Stay", "Stay"],
                            N_("With the target set to 10, Player 0's 12 ends the game."), target=10),
    "flip7.tie": _demo(2, ["12", "12"], ["Stay", "Stay"],
                       N_("Both players reach 12 with the target at 10: a tie, so another round is played."), target=10),
}
