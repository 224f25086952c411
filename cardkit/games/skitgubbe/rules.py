"""Skitgubbe rule clauses (seed 002, decisions in shared/RULES.md) and a stacked-deck demo per clause."""
from cardkit.core import Rule

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


def _demo(players, deck, actions, caption, **options):
    return {"players": players, "options": options, "deck": deck, "actions": actions, "caption": caption}


#: One small stacked-deck demo per clause (top card first; actions by their button label).
#: Three players, three cards each: deck [a, b, c, d, e, f, g, h, i, ...] deals Player 0 a d g,
#: Player 1 b e h, Player 2 c f i; the next cards are the stock from the top. Demos of the end of
#: the first round and of the second round use a short stock (option ``stock``), so that the whole
#: first round takes a few moves; the last stock card is the trump card.
DEMOS = {}
