"""Huit américain rule clauses (summed up, with the house rules, in docs/rules/eights.md)."""
from cardkit.core import Rule
from cardkit.i18n import N_

from .cards import PACK

RULES = [
    Rule("eights.deck", "The pack",
         "32 cards: Ace, King, Queen, Jack, 10, 9, 8 and 7 in each of the four suits."),
    Rule("eights.deal", "The deal",
         "The dealer deals the same number of cards to everyone (5 unless agreed otherwise, up to "
         "all the cards), one at a time, starting with the first player. The rest is the bank, "
         "face down. No card is turned up."),
    Rule("eights.lead", "The first play",
         "The player who received the first card starts. With no card played yet, they lead any "
         "single card, or one or more 8s."),
    Rule("eights.turn", "Your turn",
         "On your turn you play from your hand on the last card played, or you draw."),
    Rule("eights.follow", "What fits",
         "A card fits if it has the suit or the rank of the last card played."),
    Rule("eights.several", "Several cards of one rank",
         "On a card you may play several cards of one rank together if the first one fits. "
         "The last one you name ends on top."),
    Rule("eights.eight", "The 8, the neutralizer",
         "One or more 8s may be played on anything, even on an Ace."),
    Rule("eights.announce", "Announcing a suit",
         "Whoever plays 8s announces a suit. The next player must play that suit or an 8. The "
         "announced suit stays in force, and visible, until the next card is played."),
    Rule("eights.ace", "The Ace",
         "Only an Ace or an 8 may be played on an Ace."),
    Rule("eights.ace_charge", "The Ace makes the next player draw two",
         "The player right after an Ace who cannot or will not answer it with an Ace or an 8 draws "
         "2 cards, and the turn passes. Players after them who face the same Ace play an Ace or an "
         "8, or draw 1 as usual. Each new Ace charges the next player again (2 cards, never more)."),
    Rule("eights.queen", "The Queen",
         "Each Queen played skips the next player: two Queens skip two players."),
    Rule("eights.draw", "Drawing",
         "Instead of playing, draw one card from the bank. Then play, or pass. You never draw "
         "twice in one turn, and you pass only after drawing."),
    Rule("eights.bank", "An empty bank",
         "When the bank is empty, the played cards under the top one are shuffled and become the "
         "new bank. If there are none, the player who should draw passes instead."),
    Rule("eights.out", "End of a deal",
         "A deal ends as soon as a player has played their last card: they win the deal."),
    Rule("eights.penalty", "Counting the hands",
         "Every other player adds up the cards left in their hand: 8 = 32, Ace = 11, 10 = 10, "
         "9 = 9, 7 = 7, King = 4, Queen = 3, Jack = 2. These are penalty points: fewer is better."),
    Rule("eights.streak", "Three wins in a row",
         "A player who wins three deals in a row takes 10 points off their total, and their count "
         "of wins in a row starts again."),
    Rule("eights.next_deal", "The next deal",
         "All cards are shuffled and dealt again; the first player moves one seat on each deal."),
    Rule("eights.match_end", "End of the match",
         "The match ends after the deal in which a player's total reaches 151 (or the agreed "
         "limit). The lowest total wins."),
]


def _demo(players, deck, actions, caption, **options):
    return {"players": players, "options": options, "deck": deck, "actions": actions, "caption": caption}


# Two players with 3 cards each unless a demo says otherwise: small hands keep each demo readable.
# The deck is dealt one card at a time, Player 0 first, so "AS", "KH", "9S", "QD", ... gives
# Player 0 A♠ 9♠ … and Player 1 K♥ Q♦ …; the next cards are the top of the bank.
_BANK_DECK = ["9S", "KH", "9D", "9H"] + [c for c in PACK if c not in ("9S", "KH", "9D", "9H")]

#: One small stacked-deck demo per clause (top card first; actions by their button label).
DEMOS = {
    "eights.deal": _demo(3, ["AS", "KH", "7D", "9S", "QD", "10C"], [],
                         N_("Three players, 2 cards each: dealt one at a time, Player 0 first. "
                         "The other 26 cards are the bank."), hand_size=2),
    "eights.lead": _demo(2, ["9S", "KH", "7S", "QD", "JC", "10D"], ["Play 9♠"],
                         N_("No card lies on the table yet: Player 0 may lead any single card."),
                         hand_size=3),
    "eights.turn": _demo(2, ["9S", "KH", "7S", "9D", "JC", "10D"], ["Play 9♠", "Play 9♦"],
                         N_("Player 0 leads the 9♠; Player 1 answers with a card that fits."),
                         hand_size=3),
    "eights.follow": _demo(2, ["9S", "KS", "7H", "9D", "JC", "10D"], ["Play 9♠", "Play K♠"],
                           N_("On the 9♠, Player 1 may play a ♠ (the K♠) or a 9 (the 9♦)."),
                           hand_size=3),
    "eights.several": _demo(2, ["KS", "9S", "7H", "KH", "JC", "KD"], ["Play K♠", "Play K♥ K♦"],
                            N_("On the K♠ Player 1 plays two Kings at once; the K♦, named last, ends on top."),
                            hand_size=3),
    "eights.eight": _demo(2, ["AS", "8H", "7H", "9D", "JC", "10D"], ["Play A♠", "Play 8♥, announce ♣"],
                          N_("Nothing but an Ace or an 8 may go on the A♠, and Player 1 holds an 8."),
                          hand_size=3),
    "eights.announce": _demo(2, ["8S", "KH", "7H", "9D", "JC", "10D"], ["Play 8♠, announce ♦", "Play 9♦"],
                             N_("Player 0 plays the 8♠ and announces ♦: Player 1 must play a ♦ or an 8."),
                             hand_size=3),
    "eights.ace": _demo(2, ["AS", "AH", "7H", "9D", "JC", "10D"], ["Play A♠", "Play A♥"],
                        N_("Only an Ace or an 8 goes on an Ace: Player 1 answers with the A♥."),
                        hand_size=3),
    "eights.ace_charge": _demo(3, ["AS", "KH", "7D", "9S", "QD", "10C"], ["Play A♠", "Draw", "Draw"],
                               N_("Player 1 cannot answer the A♠: they draw 2 and the turn passes. "
                               "Player 2 faces the same Ace and draws just 1."), hand_size=2),
    "eights.queen": _demo(3, ["QS", "KH", "7D", "9S", "QD", "10C"], ["Play Q♠"],
                          N_("The Queen skips Player 1: Player 2 plays next."), hand_size=2),
    "eights.draw": _demo(2, ["9S", "KH", "7S", "QD", "JC", "10D", "9H"], ["Play 9♠", "Draw", "Play 9♥"],
                         N_("Player 1 has nothing that fits, draws the 9♥, and may play it at once."),
                         hand_size=3),
    "eights.bank": _demo(2, _BANK_DECK, ["Play 9♠", "Play 9♥", "Play 9♦"] + ["Draw", "Pass"] * 4 + ["Draw"],
                         N_("With 14 cards each, the bank holds only 4. When they are gone, the played cards "
                         "under the top one are shuffled into a new bank."), hand_size=14),
    "eights.out": _demo(2, ["9S", "JS", "KS", "QD"], ["Play 9♠", "Play J♠", "Play K♠"],
                        N_("Player 0 plays their last card: the deal is over."), hand_size=2),
    "eights.penalty": _demo(2, ["9S", "8H", "KS", "AD"], ["Play 9♠", "Draw", "Pass", "Play K♠"],
                            N_("Player 1 is left with 8♥ A♦ and a drawn card: 32 + 11 + that card."),
                            hand_size=2),
    "eights.streak": {**_demo(2, ["9S", "KH"], ["Play 9♠", "Draw", "Pass", "Play 10♠", "Play 10♥"],
                              N_("One card each: Player 0 wins deal 1, then deal 2 (Player 1 draws and passes), "
                              "then deal 3. Three in a row: 10 points off."), hand_size=1, limit=1000),
                      "seed": 0},           # deals 2 and 3 come from the seed's shuffle
    "eights.next_deal": _demo(2, ["9S", "JS", "KS", "QD"], ["Play 9♠", "Play J♠", "Play K♠"],
                              N_("After the deal, the cards are shuffled and Player 1 leads the next one."),
                              hand_size=2),
    "eights.match_end": _demo(2, ["9S", "8H", "KS", "AD"], ["Play 9♠", "Draw", "Pass", "Play K♠"],
                              N_("With the limit set to 40, Player 1's 8♥ and A♦ end the match."),
                              hand_size=2, limit=40),
}
