"""Skitgubbe rule clauses and a stacked-deck demo per clause (summed up, with the house rules, in
docs/rules/skitgubbe.md)."""
from cardkit.core import Rule
from cardkit.i18n import N_

RULES = [
    Rule("skitgubbe.deck", "The cards",
         "Two ordinary 52-card decks shuffled together (104 cards; one deck is allowed for up to 5 "
         "players). Ranks from low to high: 2 … 10, Jack, Queen, King, Ace. With two decks every card "
         "has an identical twin."),
    Rule("skitgubbe.deal", "The deal",
         "The dealer deals three cards to each player, one at a time, and puts the rest face down "
         "in the middle as the stock."),
    Rule("skitgubbe.turn", "The first round: tricks",
         "The player to the dealer's left (Player 0) leads the first trick; then each player in turn "
         "adds one card. Whoever takes the trick puts its cards aside in front of them and leads the "
         "next one. The cards you take are the cards you play with in the second round."),
    Rule("skitgubbe.match", "Match a rank on the table",
         "First priority: if you hold a card of a rank that already lies on the table in this round, "
         "you must play one such card (with several such ranks, you choose)."),
    Rule("skitgubbe.play", "Play and draw",
         "Otherwise you play any card from your hand and draw a new one from the stock, so you keep "
         "three cards while the stock lasts."),
    Rule("skitgubbe.chance", "Chance it",
         "Instead of playing from your hand (when you need not match), you may chance it: take the "
         "top card of the stock and play it without looking at it first."),
    Rule("skitgubbe.identical", "Two identical cards",
         "When everyone has played, who takes the trick is decided in this order. First: if two cards "
         "are identical (same rank and suit), the players who played that rank play off, including "
         "any others who played the same rank."),
    Rule("skitgubbe.most", "The rank with most copies",
         "Otherwise, if at least two cards share a rank, the players of the rank with most copies "
         "play off."),
    Rule("skitgubbe.lowest", "Equal counts: the lowest rank",
         "If several ranks have as many copies, the players of the lowest of those ranks play off."),
    Rule("skitgubbe.highest", "All different: the highest card",
         "If every card has a different rank, the highest card takes the trick."),
    Rule("skitgubbe.playoff", "The play-off",
         "In a play-off only the tied players play, one more card each, by the same rules; it may "
         "be repeated, always among the players still tied. The winner takes every card played in "
         "the trick."),
    Rule("skitgubbe.trump_card", "The trump card",
         "The last card of the stock is the trump card. Whoever draws it sets it aside face down, "
         "unseen, and plays on with the cards in hand. You may not chance it while the trump card is "
         "the only card left in the stock."),
    Rule("skitgubbe.trump", "Trump and anti-trump",
         "When everyone has played out all their cards, the trump card is turned. Its suit is trump; "
         "the other suit of the same colour is anti-trump (trump ♠ makes ♣ anti-trump, ♥ makes ♦)."),
    Rule("skitgubbe.needed", "Cards needed",
         "The trump card's rank times the number of decks is how many cards each player must have "
         "taken (Jack 11, Queen 12, King 13, Ace 14: a 7 with two decks means 14 cards)."),
    Rule("skitgubbe.share", "Sharing out the 2s–5s",
         "If anyone has taken fewer cards than needed, every player throws in all their 2s, 3s, 4s "
         "and 5s; they are shuffled and dealt round, one at a time, among the players below the "
         "count. Then the trump card joins its drawer's cards."),
    Rule("skitgubbe.second_round", "The second round: get rid of your cards",
         "The cards you took are now your hand. The player who drew the trump card starts. On your "
         "turn you either lay a run or pick up."),
    Rule("skitgubbe.run", "A run",
         "A run is one or more cards of one suit in ascending ranks without gaps; identical cards "
         "may go together (5♥ 5♥ 6♥ 7♥)."),
    Rule("skitgubbe.trump_pair", "A trump pair",
         "First priority when cards lie on the table: a pair of trump (two identical trump cards), "
         "with any ascending run above it, may be laid on anything."),
    Rule("skitgubbe.anti_trump", "Never trump on anti-trump",
         "Otherwise trump may never be laid on anti-trump."),
    Rule("skitgubbe.trump_on", "Trump on other suits",
         "Trump may be laid on the other suits and on trump."),
    Rule("skitgubbe.follow", "Follow suit, upwards",
         "Any other run must follow the suit of the top run and start at or above the rank the top "
         "run ended on (a run ending on 8♥ takes ♥ from 8 up)."),
    Rule("skitgubbe.empty_table", "An empty table",
         "When no cards lie on the table, any run may be laid."),
    Rule("skitgubbe.pick_up", "Picking up",
         "Instead of laying, pick up the lowest connected run on the table: from the bottom, the "
         "plays that go on in one suit's run without a gap, whoever laid them. They go into your "
         "hand and the turn passes."),
    Rule("skitgubbe.turn_away", "Turning the table away",
         "When there are as many plays on the table as players still in, the cards are turned away "
         "out of the game. The player who completed the table lays any run next, and the direction "
         "of play reverses."),
    Rule("skitgubbe.out", "Going out",
         "A player who has laid all their cards is out: the first out takes place 1, the next "
         "place 2, and so on."),
    Rule("skitgubbe.end", "The skitgubbe",
         "When only one player still holds cards, that player is the skitgubbe and loses; everyone "
         "else wins."),
]


#: How this engine reads what the rules leave open: the walkthrough's
#: "house rules used here".
HOUSE_RULES = [
    N_("You draw only after playing from your hand, never after chancing it; whoever draws the trump "
       "card plays on with two cards."),
    N_("Nobody, its drawer included, sees the trump card until it is turned. It joins its drawer's "
       "cards after the count and the share-out: it never counts towards the cards needed and is never "
       "thrown in."),
    N_("You may not chance it when you must match a rank on the table (matching comes first)."),
    N_("Cards taken lie face down: you see your own, the others only see how many you have. Turned-away "
       "cards stay face up."),
    N_("A play-off is a fresh round: only its own cards count, both for matching and for who wins it. "
       "The tied players play in the order they played the tied rank."),
    N_("If several ranks show identical cards, the one with most copies plays off, then the lowest."),
    N_("A tied player with no card to play (and no stock to chance) sits the play-off out; if none of "
       "them can play, the one who played the tied rank first takes the trick."),
    N_("The winner of a trick leads the next one; if they have no cards left, the next player who has "
       "cards leads. Players without cards sit the tricks out."),
    N_("The 2s–5s are dealt one at a time, starting with the trump card's drawer (or the next player "
       "below the count) and going round among those below it; some may get one more."),
    N_("Trump on trump: any trump run goes on trump, whatever its rank (option trump_climbs: it must "
       "start at or above the rank the top run ended on, like any suit; a trump pair still goes anywhere)."),
    N_("A trump pair is two identical trump cards at the bottom of the run (so there are none with one deck)."),
    N_("You may pick up whenever cards lie on the table, even if you could lay; the turn then passes."),
    N_("The table turns away when, after a lay, the plays on it reach the number of players still in "
       "(a player going out lowers that number). If the player who completed it just went out, the next "
       "player still in, in the new direction, lays any run."),
    N_("Play starts clockwise (Player 0, 1, 2, …); players who are out are skipped."),
    N_("A player with no cards at the start of the second round is out at once."),
    N_("The score is the finishing place: 1 for the first out; the skitgubbe gets the last place."),
    N_("Option stock: a short game keeps only that many cards in the stock (the rest is set aside, unseen, "
       "out of play). It exists for demos and quick games; 0, the default, plays the full rules."),
    N_("The rules let a second round go round in circles (a run laid, picked up, laid again); nothing ends "
       "it but the players' choices."),
]


def _demo(players, deck, actions, caption, **options):
    return {"players": players, "options": options, "deck": deck, "actions": actions, "caption": caption}


#: One small stacked-deck demo per clause (top card first; actions by their button label).
#: Three players, three cards each: deck [a, b, c, d, e, f, g, h, i, ...] deals Player 0 a d g,
#: Player 1 b e h, Player 2 c f i; the next cards are the stock from the top. Demos of the end of
#: the first round and of the second round use a short stock (option ``stock``), so that the whole
#: first round takes a few moves; the last stock card is the trump card.
_HIGHEST = ["9S", "KH", "4D", "2C", "2D", "6C", "3C", "3D", "7C", "QS"]
_MATCH = ["7H", "7S", "2D", "2C", "9S", "6C", "3C", "7D", "8C"]
_MOST = ["9S", "4H", "9D", "2C", "2D", "6C", "3C", "3D", "7C", "JD", "QD", "3H", "KS", "9H", "8D"]
_IDENTICAL = ["7H", "9S", "7H", "9D", "9C", "2C", "2D", "4C", "4D", "8S", "3C", "3D", "6C", "6D", "10S"]
_LOWEST = ["9S", "4H", "9D", "4C", "2C", "2D", "6C", "6H", "3C", "3D", "7C", "7H"]
# Short games (stock=1): the 10th card is the trump card, drawn by Player 0 on the first play.
# Each trick goes to its highest card; then the second round starts with the cards taken.
_FOLLOW = ["9S", "7C", "6D", "8S", "JS", "10S", "8D", "7S", "QS", "KH"]
_FOLLOW_PLAYS = ["Play 9♠", "Play 7♣", "Play 6♦", "Play 8♠", "Play J♠", "Play 10♠", "Play 7♠", "Play Q♠",
                 "Play 8♦"]
_PAIR = ["8H", "8H", "10S", "6S", "JS", "6C", "KD", "9D", "QC", "7H"]
_PAIR_PLAYS = ["Play 8♥", "Play 8♥", "Play 10♠", "Play 6♠", "Play J♠", "Play 9♦", "Play 6♣", "Play K♦",
               "Play Q♣"]
_SHARE = ["9S", "2C", "3D", "4S", "JS", "5H", "8D", "7S", "QD", "KH"]
_SHARE_PLAYS = ["Play 9♠", "Play 2♣", "Play 3♦", "Play 4♠", "Play J♠", "Play 5♥", "Play 7♠", "Play Q♦",
                "Play 8♦"]
_TO_THE_END = ["Lay 9♠", "Lay 10♠", "Lay Q♠", "Lay 7♠", "Lay 8♠", "Lay K♥", "Lay 6♦", "Pick up", "Lay 8♦",
               "Pick up", "Lay J♠", "Pick up", "Lay 6♦"]


def _short(deck, actions, caption):
    return _demo(3, deck, actions, caption, stock=1)


DEMOS = {
    "skitgubbe.deal": _demo(3, _HIGHEST, [], N_("Three cards each, one at a time, Player 0 first: Player 0 9♠ 2♣ 3♣, "
                            "Player 1 K♥ 2♦ 3♦, Player 2 4♦ 6♣ 7♣. The other 95 cards are the stock.")),
    "skitgubbe.turn": _demo(3, _HIGHEST, ["Play 9♠", "Play K♥", "Play 4♦", "Play 2♦"],
                            N_("Player 0 leads, the others add a card each; the K♥ takes the trick and Player 1 "
                            "leads the next.")),
    "skitgubbe.match": _demo(3, _MATCH, ["Play 7♥", "Play 7♦"],
                             N_("A 7 lies on the table and Player 1 holds two 7s: one of them must be played.")),
    "skitgubbe.play": _demo(3, _HIGHEST, ["Play 3♣"],
                            N_("Player 0 plays the 3♣ and draws the top card of the stock (the Q♠).")),
    "skitgubbe.chance": _demo(3, _HIGHEST, ["Chance it"],
                              N_("Player 0 chances it: the top card of the stock, the Q♠, goes to the trick unseen.")),
    "skitgubbe.identical": _demo(5, _IDENTICAL, ["Play 7♥", "Play 9♠", "Play 7♥", "Play 9♦", "Play 9♣"],
                                 N_("Two identical 7♥ beat three 9s: Player 0 and Player 2 play off.")),
    "skitgubbe.most": _demo(3, _MOST, ["Play 9♠", "Play 4♥", "Play 9♦"],
                            N_("Two 9s: the players of the rank with most copies play off.")),
    "skitgubbe.lowest": _demo(4, _LOWEST, ["Play 9♠", "Play 4♥", "Play 9♦", "Play 4♣"],
                              N_("Two 9s and two 4s: the lowest rank plays off, Player 1 and Player 3.")),
    "skitgubbe.highest": _demo(3, _HIGHEST, ["Play 9♠", "Play K♥", "Play 4♦"],
                               N_("Three different ranks: the highest card, the K♥, takes the trick.")),
    "skitgubbe.playoff": _demo(3, _MOST, ["Play 9♠", "Play 4♥", "Play 9♦", "Play 3♣", "Play 3♥", "Play 2♣",
                                          "Play 7♣"],
                               N_("The 9s play off; the 3s tie again, so they play off once more; the 7♣ wins all "
                               "seven cards. Player 1 sits out.")),
    "skitgubbe.trump_card": _demo(3, _HIGHEST + ["JH"], ["Play 9♠", "Play K♥"],
                                  N_("A short stock of two cards: Player 1 draws the last one, the trump card, and sets "
                                  "it aside unseen. Nobody may chance it now."), stock=2),
    "skitgubbe.trump": _short(_FOLLOW, _FOLLOW_PLAYS,
                              N_("A short game: when the hands are played out the trump card is turned: the K♥ makes "
                              "♥ trump and ♦ anti-trump.")),
    "skitgubbe.needed": _short(_FOLLOW, _FOLLOW_PLAYS,
                               N_("King = 13, times 2 decks: everyone needs 26 cards.")),
    "skitgubbe.share": _short(_SHARE, _SHARE_PLAYS,
                              N_("Everyone is below 26: the 2♣ 3♦ 4♠ 5♥ are thrown in, shuffled and dealt round.")),
    "skitgubbe.second_round": _short(_FOLLOW, _FOLLOW_PLAYS + ["Lay 9♠"],
                                     N_("The cards taken are the hands (Player 0 9♠ 7♣ 6♦ and the trump card K♥, Player 1 8♠ 10♠ J♠, "
                                        "Player 2 7♠ Q♠ 8♦); Player 0 drew the trump card and starts.")),
    "skitgubbe.run": _short(_PAIR, _PAIR_PLAYS + ["Lay 9♦", "Lay 8♥ 8♥"],
                            N_("Second round: Player 0 6♣ 9♦ K♦ 7♥, Player 1 6♠ 10♠ J♠ 8♥ 8♥, Player 2 Q♣ (trump ♥, anti-trump ♦). "
       "Player 1 lays two identical cards as one run.")),
    "skitgubbe.trump_pair": _short(_PAIR, _PAIR_PLAYS + ["Lay 9♦", "Lay 8♥ 8♥"],
                                   N_("Second round: Player 0 6♣ 9♦ K♦ 7♥, Player 1 6♠ 10♠ J♠ 8♥ 8♥, Player 2 Q♣ (trump ♥, anti-trump ♦). "
       "On the anti-trump 9♦ only a trump pair may go.")),
    "skitgubbe.anti_trump": _short(_PAIR, _PAIR_PLAYS + ["Lay 9♦", "Pick up"],
                                   N_("Second round: Player 0 6♣ 9♦ K♦ 7♥, Player 1 6♠ 10♠ J♠ 8♥ 8♥, Player 2 Q♣ (trump ♥, anti-trump ♦). "
                                      "Player 1 may not lay the 8♥ alone on the 9♦ (anti-trump); here it picks up instead.")),
    "skitgubbe.trump_on": _short(_PAIR, _PAIR_PLAYS + ["Lay 6♣", "Lay 8♥", "Pick up", "Lay 7♥"],
                                 N_("Second round: Player 0 6♣ 9♦ K♦ 7♥, Player 1 6♠ 10♠ J♠ 8♥ 8♥, Player 2 Q♣ (trump ♥, anti-trump ♦). "
       "Trump goes on clubs, and trump on trump.")),
    "skitgubbe.follow": _short(_FOLLOW, _FOLLOW_PLAYS + ["Lay 9♠", "Lay 10♠ J♠"],
                               N_("Second round: Player 0 9♠ 7♣ 6♦ and the trump card K♥, Player 1 8♠ 10♠ J♠, Player 2 7♠ Q♠ 8♦. "
                                  "On the 9♠ Player 1 lays spades from 9 up.")),
    "skitgubbe.empty_table": _short(_FOLLOW, _FOLLOW_PLAYS + ["Lay 6♦"],
                                    N_("Nothing lies on the table: Player 0 may lay any run.")),
    "skitgubbe.pick_up": _short(_FOLLOW, _FOLLOW_PLAYS + ["Lay 9♠", "Lay 10♠ J♠", "Pick up"],
                                N_("Player 2 cannot go on the J♠ with spades above it, and picks up the lowest "
                                "connected run: 9♠ 10♠ J♠, laid by two players.")),
    "skitgubbe.turn_away": _short(_FOLLOW, _FOLLOW_PLAYS + ["Lay 9♠", "Lay 10♠", "Lay Q♠", "Lay 7♠"],
                                  N_("Three plays for three players: the table is turned away, Player 2 leads again "
                                  "and play now goes the other way.")),
    "skitgubbe.out": _short(_FOLLOW, _FOLLOW_PLAYS + _TO_THE_END[:9],
                            N_("Player 2 lays the last card and is out, in place 1.")),
    "skitgubbe.end": _short(_FOLLOW, _FOLLOW_PLAYS + _TO_THE_END,
                            N_("Only Player 0 still holds cards: Player 0 is the skitgubbe.")),
}
