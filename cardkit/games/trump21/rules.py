""""21" with trump cards: the rule clauses (summed up, with the house rules, in docs/rules/trump21.md).

``HOUSE_RULES`` lists how this engine reads what the rules leave open (the walkthrough
shows them as "house rules used here")."""
from cardkit.core import Rule
from cardkit.i18n import N_

from .cards import TRUMPS

RULES = [
    Rule("trump21.piles", "The four piles",
         "A number deck of the cards 1 to 11, four of each (44 cards); a face-down discard pile for "
         "number cards; the trump deck; and the trump draw pile, filled from the trump deck."),
    Rule("trump21.deal", "The deal",
         "Each player gets one number card face down, which only they may look at, then one card "
         "face up. The target is 21."),
    Rule("trump21.turn", "Your turn",
         "On your turn: first the gamble, then play as many trump cards as you like, then the round "
         "action: take a number card or close."),
    Rule("trump21.gamble", "The gamble",
         "At the start of your turn you gamble: with the gamble chance (one in two) you draw a trump "
         "from the trump draw pile, if it is not empty."),
    Rule("trump21.trumps", "Playing trumps",
         "Before your round action you may play any number of trumps from your hand. Trumps in your "
         "hand are hidden from the others and stay with you from round to round."),
    Rule("trump21.take", "Take a card",
         "Take the top card of the number deck and lay it face up. Your turn ends."),
    Rule("trump21.close", "Close",
         "Close instead of taking a card: you take no more cards this round and your turns are "
         "skipped, unless a Go for x opens the round to you again."),
    Rule("trump21.reshuffle", "An empty number deck",
         "When a number card must be drawn and the number deck is empty, the discard pile is "
         "shuffled and becomes the new number deck."),
    Rule("trump21.score", "Scoring a round",
         "The round is scored as soon as every player has closed or is over the target. All hidden "
         "cards are shown and each player counts their number cards. Trumps in hand stay hidden."),
    Rule("trump21.winners", "Who wins the round",
         "The players at or under the target with the highest total win the round. If everyone is "
         "over the target, those with the lowest total win."),
    Rule("trump21.damage", "Damage",
         "Every other player loses the round damage (2 lives), plus 1 or 2 for each Damage+ lying at "
         "them, minus 2 for each Shield lying at them; never below 0, and a Shield never heals."),
    Rule("trump21.exact", "Exactly on target",
         "Reach the target exactly during your turn and you reveal your hidden card. If you are still "
         "exactly on target when your next turn comes, you win the round at once."),
    Rule("trump21.lives", "Lives",
         "Each player starts with 10 lives. A player with no lives left is out of the game."),
    Rule("trump21.end", "End of the game",
         "Play goes on round after round until only one player is alive: they win."),
    Rule("trump21.refill", "Refilling the trump draw pile",
         "At the start of each round the trump draw pile is filled from the trump deck up to the "
         "number of players still alive plus one."),
    Rule("trump21.round_end", "After the round",
         "All number cards go to the discard pile. Played trumps lie open where they were laid until "
         "the round ends; then they go back to the trump deck, which is shuffled. The next round "
         "starts with the next player alive."),
    Rule("trump21.draw_x", "Draw 2 … Draw 7",
         "Instead of a face-down number card, take the card shown (2 … 7) out of the number deck. If "
         "it is not in the number deck any more, you take no card. Your turn ends either way."),
    Rule("trump21.damage_plus", "Damage+1 and Damage+2",
         "Lay it open at any player, yourself included: if they lose this round, they lose 1 (or 2) "
         "more lives."),
    Rule("trump21.go_for", "Go for 17, 24 or 27",
         "The target of this round becomes 17 (24, 27): the newest Go for x on the table counts. "
         "Players who closed play on again if they are not over the new target."),
    Rule("trump21.harvest", "Harvest",
         "While it lies at you, each trump you draw brings you one more."),
    Rule("trump21.perfect_draw", "Perfect Draw",
         "Take the best card for you out of the number deck: the one that brings you closest to the "
         "target without going over; if every card would take you over, the smallest. Your turn ends."),
    Rule("trump21.love_your_enemy", "Love your enemy",
         "An opponent of your choice takes the best card for them out of the number deck. The trump "
         "lies at them."),
    Rule("trump21.destroy", "Destroy",
         "Destroy an open or a hidden trump of your choice, your own included: an open one lying at "
         "any player, or a hidden one drawn at random from the hand of the player you choose. It goes "
         "back to the trump deck."),
    Rule("trump21.exchange", "Exchange",
         "It first lies open at you. Then swap up to 2 trumps, open or hidden, with one opponent: "
         "give 1 or 2, and take no more than you give (their hidden ones at random)."),
    Rule("trump21.shield", "Shield",
         "It lies at you: if you lose this round, you lose 2 lives less."),
    Rule("trump21.return", "Return",
         "Your newest open number card goes to the discard pile (never your hidden card)."),
    Rule("trump21.trump_switch", "Trump Switch",
         "Put up to 2 random trumps from your hand under the trump draw pile, then draw one more than "
         "that from it, never the ones just put there."),
]

#: How this engine reads what the rules leave open.
HOUSE_RULES = [
    N_("Nobody holds trumps at the start: trumps come only from the gamble (and from Trump Switch, "
       "Exchange)."),
    N_("The trump draw pile is face down and its order comes from the shuffled trump deck, so a gamble "
       "takes its top card: a random trump. (The rule demos on this page stack it, so they show the same "
       "trumps every time.)"),
    N_("Trumps that come back to the trump deck (at the round's end, by Destroy, from a player who is "
       "out) are shuffled into it."),
    N_("The discard pile lies face down: the table shows only how many cards it holds. Every card in "
       "it was shown to everyone on its way there, so a player may remember them: they do not count as "
       "unseen, and the chances reckon with them when the discard pile becomes the new number deck."),
    N_("At a round's end everybody sees the hidden number cards (they are scored face up); trumps in "
       "hand, the decks and the discard pile stay hidden."),
    N_("A player over the target still has turns (gamble, trumps such as Return or Go for x, then take "
       "or close) until the round is scored."),
    N_("A trump that could do nothing is not playable: Return needs an open number card of yours, "
       "Destroy a trump to destroy."),
    N_("Damage+ may be laid at any player still in the game, yourself included (the card says 'at any "
       "player'); Love your enemy and Exchange are aimed at an opponent still in the game (closed or "
       "not)."),
    N_("Destroy may hit any open trump on the table, one lying at you included (not the Destroy "
       "itself), or a random hidden trump of any player still in the game, yourself included (not the "
       "Destroy itself)."),
    N_("Exchange: you give 1 or 2 trumps (open ones lying at you, the Exchange itself included, or "
       "from your hand) and take up to as many; open trumps stay open at their new place, hidden "
       "ones go into the new owner's hand."),
    N_("Harvest counts for every trump drawn from the draw pile (gamble and Trump Switch), one more "
       "per Harvest lying at you, while the draw pile lasts."),
    N_("Trump Switch puts the trumps under the draw pile and draws from the top, so it never draws "
       "them back; it draws fewer when the pile runs short."),
    N_("A Go for x that is destroyed stops counting: the newest Go for x left on the table sets the "
       "target, or the game's target; nobody is opened again by that."),
    N_("Reaching the target exactly is checked whenever you act in your turn and at its end (also "
       "after a Go for x). The instant win is checked when play comes round to you, even if you have "
       "closed."),
    N_("Perfect Draw, Love your enemy and Draw x search the number deck; an empty number deck is first "
       "refilled from the discard pile. With no number card left anywhere, Take is not offered."),
    N_("The next round starts with the next player alive after the one who started this round."),
    N_("A player who is out puts their trumps back into the trump deck."),
]


def _demo(players, deck, actions, caption, **options):
    return {"players": players, "options": options, "deck": deck, "actions": actions, "caption": caption}


def _only(*cards, **counts):
    """A trump deck of just these trumps (as the option table), for demos."""
    table = {card: 0 for card in TRUMPS}
    for card in cards:
        table[card] += 1
    table.update(counts)
    return table


# Two players unless a demo says otherwise. The number deck is dealt one card at a time: Player 0's
# hidden card, Player 1's hidden card, Player 0's open card, Player 1's open card; then the top of the
# number deck. Demos with trumps set ``gamble_chance=1`` (the gamble always wins) and a trump deck of
# just the trumps shown (the ``trumps`` option), so the draws are known in advance.
_SURE = 1.0

#: Harvest shows only when a later gamble wins while trumps are left: the seed (searched once) makes
#: Player 0 draw the Harvest, Player 1 lose their gamble, and Player 0 win the next one.
HARVEST_DEMO = {**_demo(2, ["2", "3", "2", "3", "1", "1"], ["Play Harvest", "Take", "Take"],
                        N_("Player 0 plays Harvest. At Player 0's next turn the gamble wins, and the Harvest "
                        "brings one trump more."), trumps=_only(Harvest=1, Shield=2)), "seed": 2}

#: One small stacked-deck demo per clause (top card first; actions by their button label).
DEMOS = {
    "trump21.piles": _demo(2, [], [],
                           N_("The number deck, the discard pile (empty), the trump draw pile (filled to 3 for two "
                           "players) and the trump deck with the rest of the trumps."), gamble_chance=0.0),
    "trump21.refill": _demo(2, ["7", "9", "5", "10"], ["Close", "Close"],
                            N_("Both players draw a trump from the draw pile of 3; at the next round it is filled "
                            "up to 3 again from the trump deck."), gamble_chance=_SURE),
    "trump21.round_end": _demo(2, ["7", "9", "5", "10"], ["Play Shield", "Close", "Close"],
                               N_("After the round the number cards go to the discard pile, the Shield goes back "
                               "to the trump deck, and Player 1 starts round 2."), gamble_chance=_SURE,
                               trumps=_only(Shield=3)),
    "trump21.deal": _demo(2, ["7", "9", "5", "10"], [],
                          N_("Each player gets a hidden card (7 and 9) and an open card (5 and 10)."),
                          gamble_chance=0.0),
    "trump21.turn": _demo(2, ["7", "9", "5", "10", "6"], ["Take", "Close"],
                          N_("Player 0 takes the 6 (18 now); Player 1 closes at 19."), gamble_chance=0.0),
    "trump21.gamble": _demo(2, ["7", "9", "5", "10"], ["Close"],
                            N_("The gamble always wins here: Player 0 draws the Shield from the trump draw pile."),
                            gamble_chance=_SURE, trumps=_only("Shield", "Shield", "Shield")),
    "trump21.trumps": _demo(2, ["2", "3", "2", "3", "1", "1"], ["Take", "Take", "Play Shield", "Play Shield", "Close"],
                            N_("Player 0 draws a Shield at each of two turns, keeps the first in hand, then "
                            "plays both before the round action."), gamble_chance=_SURE, trumps=_only(Shield=3)),
    "trump21.take": _demo(2, ["7", "9", "5", "10", "4"], ["Take"],
                          N_("Player 0 takes the 4: 7 + 5 + 4 = 16."), gamble_chance=0.0),
    "trump21.close": _demo(2, ["7", "9", "5", "4", "3", "2"], ["Close", "Take", "Take"],
                           N_("Player 0 closes at 12. Player 1 takes a 3 (16) and, Player 0's turn being "
                           "skipped, a 2 (18)."), gamble_chance=0.0),
    "trump21.score": _demo(2, ["7", "9", "5", "10"], ["Close", "Close"],
                           N_("Both close: the round is scored. 19 beats 12."), gamble_chance=0.0),
    "trump21.winners": _demo(2, ["7", "9", "10", "10", "8"], ["Take", "Close"],
                             N_("Player 0 goes over with 25; Player 1's 19 wins the round."), gamble_chance=0.0),
    "trump21.damage": _demo(2, ["7", "9", "5", "10"], ["Close", "Close"],
                            N_("Player 0 loses the round and 2 of 10 lives."), gamble_chance=0.0),
    "trump21.exact": _demo(2, ["7", "9", "5", "3", "9", "2"], ["Take", "Take"],
                           N_("Player 0 takes the 9: exactly 21, so the hidden 7 is revealed. When Player 0's "
                           "turn comes again at 21, they win the round at once."), gamble_chance=0.0),
    "trump21.lives": _demo(2, ["7", "9", "5", "10"], ["Close", "Close"],
                           N_("With 2 lives each, one lost round takes Player 0 out."), gamble_chance=0.0,
                           lives=2),
    "trump21.end": _demo(3, ["2", "9", "8", "3", "10", "10"], ["Close", "Close", "Close"],
                         N_("Three players with 2 lives: Players 0 and 1 lose the round and are out. "
                         "Player 2, the last one alive, wins."), gamble_chance=0.0, lives=2),
    "trump21.draw_x": _demo(2, ["7", "9", "5", "10"], ["Play Draw 6"],
                            N_("Player 0 plays Draw 6: the 6 comes out of the number deck (18) and the turn ends."),
                            gamble_chance=_SURE, trumps=_only(**{"Draw 6": 3})),
    "trump21.damage_plus": _demo(2, ["9", "7", "10", "5"], ["Play Damage+2 at Player 1", "Close", "Close"],
                                 N_("Player 0 (19) lays Damage+2 at Player 1 (12); both close, and Player 1 "
                                 "loses 2 + 2 = 4 lives."), gamble_chance=_SURE, trumps=_only(**{"Damage+2": 3})),
    "trump21.go_for": _demo(2, ["7", "9", "5", "10", "4"], ["Take", "Close", "Play Go for 24"],
                            N_("Player 1 closes at 19. Player 0 (16) plays Go for 24: the target is 24 now, "
                            "and Player 1, not over 24, plays on."), gamble_chance=_SURE,
                            trumps=_only(**{"Go for 24": 1})),
    "trump21.perfect_draw": _demo(2, ["7", "9", "5", "10"], ["Play Perfect Draw"],
                                  N_("Player 0 is at 12: Perfect Draw takes the 9 (21) if the deck holds one."),
                                  gamble_chance=_SURE, trumps=_only(**{"Perfect Draw": 3})),
    "trump21.love_your_enemy": _demo(2, ["7", "9", "5", "10"], ["Play Love your enemy at Player 1"],
                                     N_("Player 1 is at 19 and must take their best card: a 2 if one is "
                                     "left, else the best that keeps them under."),
                                     gamble_chance=_SURE, trumps=_only(**{"Love your enemy": 3})),
    "trump21.shield": _demo(2, ["7", "9", "5", "10"], ["Play Shield", "Close", "Close"],
                            N_("Player 0 plays a Shield and loses the round: 2 damage minus 2 = no lives lost."),
                            gamble_chance=_SURE, trumps=_only(Shield=3)),
    "trump21.return": _demo(2, ["7", "9", "5", "3", "10", "2"], ["Take", "Take", "Play Return"],
                            N_("Player 0 takes the 10 and is over (22). At the next turn Player 0 plays Return: "
                            "the 10 goes to the discard pile, 12 again."), gamble_chance=_SURE,
                            trumps=_only(Return=3)),
    "trump21.destroy": _demo(2, ["7", "9", "5", "10", "2"], ["Take", "Play Destroy",
                                                            "Destroy a hidden trump of Player 0"],
                             N_("Both players draw a Destroy. Player 1 destroys the one Player 0 holds: it goes "
                             "back to the trump deck."), gamble_chance=_SURE, trumps=_only(Destroy=3)),
    "trump21.exchange": _demo(2, ["7", "9", "5", "10", "2"], ["Take", "Play Exchange with Player 0",
                                                             "Give Exchange; take a hidden trump"],
                              N_("Player 1's Exchange lies open at them first; then they give it to Player 0 and "
                              "take Player 0's hidden trump."), gamble_chance=_SURE, trumps=_only(Exchange=3)),
    "trump21.harvest": HARVEST_DEMO,
    "trump21.trump_switch": _demo(2, ["7", "9", "5", "10"], ["Play Trump Switch"],
                                  N_("Player 0 plays Trump Switch with nothing else in hand: puts no trump back "
                                  "and draws one."), gamble_chance=_SURE, trumps=_only(**{"Trump Switch": 3})),
}
