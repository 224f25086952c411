"""Frantic rule clauses, base game (seed 003, decisions in shared/RULES.md)."""
from cardkit.core import Rule

RULES = [
    Rule("frantic.deck", "The cards",
         "125 play cards: red, green, blue and yellow 1–9 twice each; black 1–9 once; per colour two "
         "Gift, one Exchange, one 2nd Chance and one Skip; four-colour Fantastic ×11, Fantastic Four ×5, "
         "Counterattack ×4, Equality ×2, Nice Try ×1; and Fuck You. Besides them, 20 event cards."),
    Rule("frantic.setup", "Set-up",
         "Everyone gets 7 cards, one at a time from the player after the dealer. The rest is the draw "
         "pile. The events are shuffled into their own face-down pile, new every round."),
    Rule("frantic.start_card", "The start card",
         "The top card of the draw pile starts the discard pile and counts as played by the dealer: "
         "a black card triggers an event, a special's effect and a wish are the dealer's, and on Fuck "
         "You the first player may play anything. The player after the dealer starts."),
    Rule("frantic.turn", "Your turn",
         "Play one card that fits, or draw one card. If nothing fits, you must draw."),
    Rule("frantic.draw", "Playing after drawing",
         "You may draw instead of playing a card that fits. After drawing you may play the drawn card "
         "or any other card that fits, or end your turn."),
    Rule("frantic.match", "What fits",
         "Number on number, colour on colour, or symbol on symbol (a blue Skip on a red Skip)."),
    Rule("frantic.four_colour", "Four-colour cards",
         "Fantastic, Fantastic Four, Counterattack, Equality and Nice Try go on any card."),
    Rule("frantic.black", "Black cards",
         "Black is not a colour: a black card goes only on its number (or a wish for it), never on "
         "black, and black cannot be wished. Playing one reveals an event."),
    Rule("frantic.wish", "Wishes",
         "Fantastic and Fantastic Four wish a colour or a number; Counterattack, Equality and Nice Try "
         "wish a colour. The wish stands in for the top card until the next card covers it."),
    Rule("frantic.plain_wish", "A wisher as a plain wish",
         "A card that wishes may be played for its wish alone, without its effect."),
    Rule("frantic.fantastic", "Fantastic",
         "Goes on anything; wish a colour or a number."),
    Rule("frantic.fantastic_four", "Fantastic Four",
         "Four cards from the draw pile go to one player, or split among several as you choose; "
         "wish a colour or a number. Each player hit may counter their own share."),
    Rule("frantic.counterattack", "Counterattack",
         "When a special is played against you (Fantastic Four, Equality, Gift, Exchange, Skip) you may "
         "throw Counterattack in, out of turn: the attack is cancelled, you wish a colour and play the "
         "same effect on any other player, who may counter again. Play then goes on after the player "
         "who played the original special."),
    Rule("frantic.equality", "Equality",
         "Choose a player with fewer cards than you: they draw until they hold as many as you. Wish a "
         "colour."),
    Rule("frantic.nice_try", "Nice Try",
         "When one or more hands are empty, any holder may throw Nice Try in (in order from the player "
         "after the one who played): everyone with no cards draws 3 and the round goes on. Wish a colour."),
    Rule("frantic.second_chance", "2nd Chance",
         "Play another card on it at once; if none fits, draw one (which you may play if it fits). "
         "Played as your last card you still must play again or draw."),
    Rule("frantic.exchange", "Exchange",
         "Give a player two cards of your choice and take two of theirs blindly; with fewer cards, "
         "fewer change hands. As your last card it still takes two."),
    Rule("frantic.gift", "Gift",
         "Give a player two cards of your choice (one if you hold only one). As your last card it "
         "still names a target, who may counter."),
    Rule("frantic.skip", "Skip",
         "Choose a player: they sit out their next turn. Skipping them again before that does nothing."),
    Rule("frantic.fuck_you", "Fuck You",
         "May be played only when you hold exactly 10 cards counting it, on anything. Play goes on on "
         "the card (or wish) below. It is never given on purpose (Gift, Exchange), only taken blindly "
         "or passed on during an event. It counts 42 points."),
    Rule("frantic.no_self_punish", "Nobody punishes themselves",
         "A player never makes themselves the target of their own special or counter."),
    Rule("frantic.last_card", "The whole effect first",
         "A played card's whole effect, reactions and events included, resolves before an empty hand "
         "ends the round."),
    Rule("frantic.event", "Events",
         "A black card reveals the top event, which happens at once. If the event pile runs out, the "
         "events revealed this round are shuffled into a new one."),
    Rule("frantic.first_affected", "The first affected player",
         "The player after the one who played the black card is affected first; events that go round "
         "run from them to the player who triggered it."),
    Rule("frantic.ties", "Ties",
         "When several players have the most (or fewest) cards, it is the one nearest the triggerer "
         "in playing order, counting from the first affected player."),
    Rule("frantic.ev_charity", "Charity",
         "Everyone draws one card blindly from the player with the most cards (from each of them on a "
         "tie; they do not draw from each other)."),
    Rule("frantic.ev_communism", "Communism",
         "Everyone draws up to as many cards as the player with the most."),
    Rule("frantic.ev_doomsday", "Doomsday",
         "The round ends at once; everyone scores 50 for it instead of their hand."),
    Rule("frantic.ev_earthquake", "Earthquake",
         "Everyone passes their hand to the next player in playing order."),
    Rule("frantic.ev_expansion", "Expansion",
         "In turn, the first affected player draws 1, the next 2, the next 3, and so on."),
    Rule("frantic.ev_finish_line", "Finish Line",
         "The round ends at once; everyone counts their hand."),
    Rule("frantic.ev_friday", "Friday the 13th",
         "Nothing happens."),
    Rule("frantic.ev_gambling_man", "Gambling Man",
         "Everyone lays their lowest number card of the last colour played; the highest takes all laid "
         "cards (a tie: the first in order). Those with none draw 2. No colour played yet: no effect."),
    Rule("frantic.ev_market", "Market",
         "As many cards as players are turned up from the draw pile; in turn, everyone takes one."),
    Rule("frantic.ev_mating_season", "Mating Season",
         "Everyone discards every pair, triple, … of number cards of one number (colour does not matter)."),
    Rule("frantic.ev_merry_christmas", "Merry Christmas",
         "Everyone gives away all their cards to the others, split as they like."),
    Rule("frantic.ev_mexican_standoff", "Mexican Standoff",
         "Everyone discards their hand; then in turn everyone draws 3."),
    Rule("frantic.ev_recession", "Recession",
         "In turn, the first affected player discards 1 card, the next 2, the next 3, and so on."),
    Rule("frantic.ev_robin_hood", "Robin Hood",
         "The player with the fewest cards swaps hands with the player with the most."),
    Rule("frantic.ev_surprise_party", "Surprise Party",
         "In turn, everyone gives one card of their choice to a player of their choice."),
    Rule("frantic.ev_all_seeing_eye", "The All-Seeing Eye",
         "All hands are shown to everyone until the triggerer's next turn."),
    Rule("frantic.ev_third_time_lucky", "Third Time Lucky",
         "Everyone draws 3 cards."),
    Rule("frantic.ev_time_bomb", "Time Bomb",
         "Three more turns each (the triggerer's current one not counted); the round ends when someone "
         "would start a fourth and every hand counts double. Whoever empties their hand first scores "
         "−10 and everyone else +10 on top of their hand. A second Time Bomb while one ticks does nothing."),
    Rule("frantic.ev_tornado", "Tornado",
         "All hands are gathered, shuffled and dealt out again one at a time from the first affected "
         "player, as evenly as they go."),
    Rule("frantic.ev_vandalism", "Vandalism",
         "Everyone discards every card of the last colour played. No colour played yet: no effect."),
    Rule("frantic.round_end", "End of a round",
         "The round ends when a hand is empty (after the Nice Try window), or at once when someone must "
         "draw from an empty draw pile (an event in progress is finished as well as it can be)."),
    Rule("frantic.scoring", "Scoring",
         "Everyone adds their hand: numbers their value, specials 7, Fuck You 42. Fewer is better."),
    Rule("frantic.next_dealer", "The next dealer",
         "The player who scored most in the round deals the next one (a tie: the first of them after "
         "the last dealer)."),
    Rule("frantic.end", "End of the game",
         "After a round in which someone's total reached the limit (154 points for 2–4 players, 137 for "
         "5–8, unless agreed otherwise), the lowest total wins; ties share."),
]

#: Where the rule book is silent or unclear: how this engine plays it.
HOUSE_RULES = [
    "Seat order is playing order; the last seat deals the first round, so Player 0 starts.",
    "Ties for the most or fewest cards go to the first such player counting from the first affected "
    "player (the triggerer comes last).",
    "After 2nd Chance you must play a card that fits if you can; only if nothing fits do you draw one, "
    "which you may then play.",
    "With an empty draw pile a player who can play must play; one who cannot must draw, and the round "
    "ends.",
    "A countered Fantastic Four share goes whole to the one player the counter-attacker names; a "
    "countered Equality fills the new target up to the counter-attacker's hand (nothing if they hold "
    "as many or more).",
    "Equality's target must hold fewer cards than its player holds after playing it.",
    "Exchange: the cards taken blindly come from the target's hand before the given cards arrive.",
    "The last colour played (Gambling Man, Vandalism) is the colour of the topmost coloured card on "
    "the discard pile; wishes do not count.",
    "Gambling Man lays each player's lowest number card of that colour automatically.",
    "Cards discarded by events go under the discard pile, so the top card and any wish stay.",
    "The All-Seeing Eye closes at the start of the triggerer's next turn (a skipped turn counts).",
    "A round that ends another way while Time Bomb ticks (empty pile, Doomsday, Finish Line) scores "
    "as usual.",
    "Whoever throws Nice Try wishes a colour; if that was their last card, they draw 3 as well.",
    "The start card: the dealer resolves it as if they had played it (targets, splits, wishes; 2nd "
    "Chance makes the dealer play again).",
]
