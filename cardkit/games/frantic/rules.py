"""Frantic rule clauses, base game and expansions (summed up, with the house rules, in docs/rules/frantic.md)."""
from cardkit.core import Rule
from cardkit.i18n import N_

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
    Rule("frantic.reaction_window", "Reaction windows",
         "Whoever may answer by their place at the table is asked, whatever they hold: the target of an "
         "attack (Counterattack), every player with cards when a hand is empty (Nice Try), every player "
         "with cards before an event is revealed (Lucky Bastard). Anyone may pass, and without the card "
         "Pass is the only choice: nobody learns who holds an answer. No window opens for a card the game "
         "leaves out or whose every copy lies face up on the discard pile."),
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
         "As many cards as players are turned up from the draw pile; in turn, everyone takes one. A card "
         "nobody takes (a player was exempt by Lucky Bastard) goes under the draw pile."),
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
         "player, as evenly as they go. A player exempt by Lucky Bastard keeps their own hand."),
    Rule("frantic.ev_vandalism", "Vandalism",
         "Everyone discards every card of the last colour played. No colour played yet: no effect."),
    Rule("frantic.troublemaker_cards", "Troublemaker's cards",
         "With the Troublemaker expansion (an option, off in the base game): 22 more play cards "
         "(Inequality ×2, Lucky Bastard, Special Favours ×3, a Colour Swap for each pair of colours, a Thief "
         "and a Troublemaker of each colour, Curse and Mimicry) and 14 more events."),
    Rule("frantic.inequality", "Inequality",
         "Choose a player: they draw cards blindly from your hand until they hold more than you. Wish a "
         "colour. It can be countered."),
    Rule("frantic.lucky_bastard", "Lucky Bastard",
         "Throw it in, out of turn, before an event is revealed: the event passes you by. Wish a colour. "
         "Played on your turn it is a plain colour wish."),
    Rule("frantic.special_favours", "Special Favours",
         "Choose a player and swap all your non-number cards for all of theirs. Wish a colour. It can be "
         "countered."),
    Rule("frantic.colour_swap", "Colour Swap",
         "Goes on either of its two colours; play goes on in its other colour. It also goes on another "
         "Colour Swap (symbol on symbol), whatever colour that left."),
    Rule("frantic.thief", "Thief",
         "Look at a player's hand (only you see it, while you choose) and take two cards of your choice "
         "(never Fuck You). It can be countered."),
    Rule("frantic.troublemaker", "Troublemaker",
         "Reveals an event at once, like a black card."),
    Rule("frantic.curse", "Curse",
         "Can never be played or discarded; it leaves a hand only through effects (Gift, Exchange, "
         "Thief, events). It counts 13 points."),
    Rule("frantic.mimicry", "Mimicry",
         "Plays as a copy of any special of the game except Curse and Fuck You; a copied one-colour "
         "special must fit its colour. It counts 7 points."),
    Rule("frantic.ev_black_hole", "Black Hole",
         "The triggerer gets every black card in the other hands."),
    Rule("frantic.ev_capitalism", "Capitalism",
         "Everyone doubles their hand: draws as many cards as they hold."),
    Rule("frantic.ev_crowdfunding", "Crowdfunding",
         "Everyone gives the player with the fewest cards a card of their choice (each of them, on a tie; "
         "they do not give to each other)."),
    Rule("frantic.ev_distributor", "Distributor",
         "Everyone lays their hand face down before the triggerer, who looks at the stacks and hands them "
         "out again whole, never keeping their own."),
    Rule("frantic.ev_double_taxation", "Double Taxation",
         "Everyone adds the points of their three highest cards to their total at once."),
    Rule("frantic.ev_event_manager", "Event Manager",
         "The top three events are turned up; the triggerer chooses one, which happens; the other two go "
         "under the event pile."),
    Rule("frantic.ev_identity_theft", "Identity Theft",
         "The player with the highest total swaps totals with the player with the lowest."),
    Rule("frantic.ev_last_chance", "Last Chance",
         "For the rest of the round, whenever someone gets rid of their last card, another event is "
         "triggered (by them). Shown on the table while it lasts."),
    Rule("frantic.ev_plague", "Plague",
         "Two more events happen, one after the other, as far as the event pile allows; the second "
         "happens even if the first ends the round."),
    Rule("frantic.ev_plus_one", "Plus One",
         "For the rest of the round, every draw from the draw pile takes one card more (a draw of none, "
         "such as Special Charge on a hand without specials, stays none). Shown on the table while it lasts."),
    Rule("frantic.ev_repeat", "Repeat",
         "The triggerer chooses an event already revealed this round (not Repeat), which happens again; "
         "with none, nothing happens."),
    Rule("frantic.ev_russian_roulette", "Russian Roulette",
         "In turn, everyone lays a card of their choice face down; they are shuffled and put on top of "
         "the draw pile."),
    Rule("frantic.ev_seppuku", "Seppuku",
         "In turn, everyone chooses: risk it and turn up the top card of the draw pile (a number: −21 "
         "points; anything else: +42), or take 21 points."),
    Rule("frantic.ev_trust_fall", "Trust Fall",
         "In turn, everyone picks a player, who must give them two cards of the giver's choice."),
    Rule("frantic.supercharge_cards", "Supercharge's cards",
         "With the Supercharge expansion (an option, off in the base game): a Recharge of each colour, "
         "Edison ×5, Update ×5, The End, 9 more events and 24 power cards (two of each of twelve kinds)."),
    Rule("frantic.powers", "Power cards",
         "At the start of the game everyone gets two power cards face down; their owner may look at them, "
         "the others see how many there are. They stay over the rounds and never score. When you play a "
         "hand card on your own turn you may activate one face-down power card with it (never with The "
         "End): it acts before the card's effect (All Draw One, Anti Counter, Open Hands, Special Charge, "
         "Special Seal) or after it (the others), and then lies face up, spent."),
    Rule("frantic.recharge", "Recharge",
         "Turn one of your spent power cards face down again (not one activated this turn, with this card "
         "or an earlier one, e.g. before a 2nd Chance)."),
    Rule("frantic.edison", "Edison",
         "Choose two players: a power card of each changes places, face down. Wish a colour."),
    Rule("frantic.update", "Update",
         "Take a power card from the power pile face down, then shuffle one of your old ones back into the "
         "pile. Wish a colour."),
    Rule("frantic.the_end", "The End",
         "May be played only as your last card, on anything, and with no power card. Played so, it ends the "
         "round: Nice Try cannot answer it, and every running event (Time Bomb, Last Chance, Plus One, "
         "Parasite, …) is called off. As the start card or turned up by Rewind it is only a card to play "
         "on. It counts 17 points."),
    Rule("frantic.pw_all_draw_one", "All Draw One", "Everyone else draws a card (before the card's effect)."),
    Rule("frantic.pw_anti_counter", "Anti Counter",
         "The special played with it cannot be countered; a card played after it in the same turn (on a 2nd "
         "Chance) can be."),
    Rule("frantic.pw_black_wish", "Black Wish",
         "Black is wished: only a black card (any number) or a new wish covers the card."),
    Rule("frantic.pw_colour_blockade", "Colour Blockade",
         "Choose a colour: nobody, you included, may play it until you end your next turn (a skipped turn "
         "counts)."),
    Rule("frantic.pw_looping", "Looping",
         "Play turns round after your turn, and back again when you end your next turn (a skipped turn "
         "counts)."),
    Rule("frantic.pw_number_wish", "Number Wish", "Wish a number; it replaces any wish standing."),
    Rule("frantic.pw_open_hands", "Open Hands",
         "Everyone else plays with open hands until your next turn (a skipped turn counts)."),
    Rule("frantic.pw_random_chance", "Random Chance",
         "Play one more hand card, which need not fit; play goes on on it (never Curse; Fuck You and The End "
         "only under their own conditions)."),
    Rule("frantic.pw_recycling", "Recycling",
         "The card just played goes back into the hand of a player you choose (you too); play goes on as if "
         "it had not been played, but its wish stays."),
    Rule("frantic.pw_special_charge", "Special Charge",
         "Choose a player: they draw a card for every special in their hand (before the card's effect)."),
    Rule("frantic.pw_special_seal", "Special Seal",
         "Nobody may play a special until your next turn (a skipped turn counts); it cannot come with a "
         "special itself."),
    Rule("frantic.pw_troublecharger", "Troublecharger",
         "An event is triggered at the end of your turn (a second one after a black card or Troublemaker)."),
    Rule("frantic.ev_black_jack", "Black Jack",
         "In turn, everyone turns up the top card of the draw pile and the points are added up; whoever goes "
         "over 21 takes all turned-up cards."),
    Rule("frantic.ev_chargenado", "Chargenado",
         "All power cards on the table are shuffled into the power pile; everyone gets two new ones."),
    Rule("frantic.ev_epic_fail", "Epic Fail",
         "The player with the fewest cards gets Fuck You at once, wherever it is (from the draw pile, which "
         "is then shuffled, or the discard pile too)."),
    Rule("frantic.ev_loot", "Loot",
         "Everyone takes 3 cards blindly from the next player; the cards are taken up only after the event."),
    Rule("frantic.ev_parasite", "Parasite",
         "For the rest of the round: when someone wins the round, the player before them may discard two "
         "cards before the points are counted."),
    Rule("frantic.ev_rewind", "Rewind",
         "In turn, everyone takes the top card of the discard pile, two each; then the top card of the draw "
         "pile is turned up and play goes on on it; a special's effect is the triggerer's (a number card, "
         "black too, has none: no event)."),
    Rule("frantic.ev_riot", "Riot",
         "Everyone passes their specials to the next player; they are taken up after the event."),
    Rule("frantic.ev_supercharge", "Supercharge", "Everyone else gets one more power card, face down."),
    Rule("frantic.ev_tsunami", "Tsunami",
         "In turn, everyone lays a card face up worth as many points as the one before or more; whoever "
         "cannot takes all laid cards."),
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

#: The clauses that name Fuck You, as a game with the option classroom_names words them: the card is
#: "Ten Cards", a plain name for a classroom; the box's name stays for those who choose it.
CLASSROOM_RULES = {rule.id: rule for rule in [
    Rule("frantic.deck", "The cards",
         "125 play cards: red, green, blue and yellow 1–9 twice each; black 1–9 once; per colour two "
         "Gift, one Exchange, one 2nd Chance and one Skip; four-colour Fantastic ×11, Fantastic Four ×5, "
         "Counterattack ×4, Equality ×2, Nice Try ×1; and Ten Cards. Besides them, 20 event cards."),
    Rule("frantic.start_card", "The start card",
         "The top card of the draw pile starts the discard pile and counts as played by the dealer: "
         "a black card triggers an event, a special's effect and a wish are the dealer's, and on Ten "
         "Cards the first player may play anything. The player after the dealer starts."),
    Rule("frantic.fuck_you", "Ten Cards",
         "May be played only when you hold exactly 10 cards counting it, on anything. Play goes on on "
         "the card (or wish) below. It is never given on purpose (Gift, Exchange), only taken blindly "
         "or passed on during an event. It counts 42 points. (The box calls it by a rude name.)"),
    Rule("frantic.thief", "Thief",
         "Look at a player's hand (only you see it, while you choose) and take two cards of your choice "
         "(never Ten Cards). It can be countered."),
    Rule("frantic.mimicry", "Mimicry",
         "Plays as a copy of any special of the game except Curse and Ten Cards; a copied one-colour "
         "special must fit its colour. It counts 7 points."),
    Rule("frantic.pw_random_chance", "Random Chance",
         "Play one more hand card, which need not fit; play goes on on it (never Curse; Ten Cards and The "
         "End only under their own conditions)."),
    Rule("frantic.ev_epic_fail", "Epic Fail",
         "The player with the fewest cards gets Ten Cards at once, wherever it is (from the draw pile, which "
         "is then shuffled, or the discard pile too)."),
    Rule("frantic.scoring", "Scoring",
         "Everyone adds their hand: numbers their value, specials 7, Ten Cards 42. Fewer is better."),
]}


def classroom_rules(rules) -> list:
    """``rules`` as a game with the option classroom_names words them."""
    return [CLASSROOM_RULES.get(rule.id, rule) for rule in rules]


def _block(first: str, after: str) -> frozenset:
    ids = [rule.id for rule in RULES]
    return frozenset(ids[ids.index(first):ids.index(after)])


#: Each expansion's clauses: RULES lists them as one block each, from the clause of its cards on.
EXPANSION_RULES = {"troublemaker": _block("frantic.troublemaker_cards", "frantic.supercharge_cards"),
                   "supercharge": _block("frantic.supercharge_cards", "frantic.round_end")}


def rules_in_play(options) -> list:
    """The clauses of the game ``options`` set up: without those of an expansion that is off (an
    expansion left out is off, as the game comes in its box)."""
    out = set().union(*(ids for name, ids in EXPANSION_RULES.items() if not options.get(name, False)))
    rules = [rule for rule in RULES if rule.id not in out]
    return classroom_rules(rules) if options.get("classroom_names") else rules


#: Where the rule book is silent or unclear: how this engine plays it.
HOUSE_RULES = [
    N_("The option events (on by default; the rule explorer turns it off to show what the events do to "
    "the game) leaves the event cards out when off: black cards and Troublemaker then reveal nothing."),
    N_("Seat order is playing order; the last seat deals the first round, so Player 0 starts."),
    N_("Ties for the most or fewest cards go to the first such player counting from the first affected "
    "player (the triggerer comes last)."),
    N_("After 2nd Chance you must play a card that fits if you can; only if nothing fits do you draw one, "
    "which you may then play."),
    N_("With an empty draw pile a player who can play must play; one who cannot must draw, and the round "
    "ends."),
    N_("A countered Fantastic Four share goes whole to the one player the counter-attacker names; a "
    "countered Equality fills the new target up to the counter-attacker's hand (nothing if they hold "
    "as many or more)."),
    N_("Equality's target must hold fewer cards than its player holds after playing it."),
    N_("Exchange: the cards taken blindly come from the target's hand before the given cards arrive."),
    N_("The last colour played (Gambling Man, Vandalism) is the colour of the topmost coloured card on "
    "the discard pile; wishes do not count."),
    N_("Gambling Man lays each player's lowest number card of that colour automatically."),
    N_("Cards discarded by events go under the discard pile, so the top card and any wish stay."),
    N_("The All-Seeing Eye closes at the start of the triggerer's next turn (a skipped turn counts)."),
    N_("A round that ends another way while Time Bomb ticks (empty pile, Doomsday, Finish Line) scores "
    "as usual."),
    N_("Whoever throws Nice Try wishes a colour; if that was their last card, they draw 3 as well."),
    N_("The start card: the dealer resolves it as if they had played it (targets, splits, wishes; 2nd "
    "Chance makes the dealer play again)."),
    N_("Counterattack and Nice Try played on your own turn are a plain colour wish."),
    N_("A counter-attacker may name any other player, the original attacker included."),
    N_("Reaction windows are opened by place, not by hand (see Reaction windows), so they never tell who holds "
    "an answer. In the app a player with nothing to answer with is passed for at once while 'Don't ask me "
    "when I can't react' is ticked; it starts unticked when several people share the screen."),
    N_("Market: when only one kind of card is left, it is taken without asking; with a player exempt by "
    "Lucky Bastard, the card nobody takes goes under the draw pile. Merry Christmas with two players: "
    "every card goes to the other player without asking."),
    N_("Tornado deals one card at a time from the first affected player, so the first players get one more."),
    N_("Lucky Bastard exempts its player from everything the event does to players one by one (drawing, "
    "giving, receiving, discarding, scoring; with Tornado their hand is neither pooled nor dealt to); "
    "events that act on the table as a whole (Doomsday, Finish Line, Time Bomb, The All-Seeing Eye, Last "
    "Chance, Plus One) still apply."),
    N_("A Colour Swap as the start card, or on a Colour Swap that left neither of its colours, lets its "
    "player choose which of its two colours play goes on in."),
    N_("A Colour Swap is of both its colours for Vandalism; it is not a colour card for Gambling Man or "
    "'the last colour played'."),
    N_("Special Favours leaves Fuck You where it is (it is never given on purpose); Curse goes with the "
    "other non-number cards."),
    N_("Curse stays in hand when an event throws hands or cards away (Mexican Standoff, Recession)."),
    N_("Thief: the thief alone sees the victim's hand, and only while choosing the two cards."),
    N_("Mimicry is played on one's turn only; it is not thrown in out of turn as Counterattack, Nice Try "
    "or Lucky Bastard. As the start card it copies any special the dealer chooses."),
    N_("Seppuku's turned-up card goes under the discard pile; with an empty draw pile nobody can risk it."),
    N_("Distributor: the triggerer first chooses whose stack they get, then hands out the rest in playing "
    "order."),
    N_("Plague and the events it reveals never shuffle a new event pile: with it empty, nothing more happens."),
    N_("A second Last Chance or Plus One while one is in force does nothing."),
    N_("Power cards act only on one's own turn; with 2nd Chance a later power card acts before the extra "
    "card is asked for, and Random Chance's card is then that extra card."),
    N_("Edison swaps a blindly chosen power card of each of the two players."),
    N_("Events keep the seating order while Looping turns the order of turns round; power cards in force end "
    "with the round."),
    N_("Special Seal and Colour Blockade restrict the cards played on a turn; cards thrown in out of turn "
    "(Counterattack, Nice Try, Lucky Bastard) stay allowed. Random Chance's extra card ignores them."),
    N_("The End as the start card or turned up by Rewind ends nothing and calls nothing off; only cards "
    "that go on anything fit on it, and Nice Try answers a hand emptied later as usual."),
    N_("Rewind's turned-up card: a number card, black too, is only a card to play on (no event); a special's "
    "effect is the triggerer's, but 2nd Chance does nothing (the triggerer's turn is under way)."),
    N_("Black Jack: if the draw pile runs out, the turned-up cards go under the discard pile."),
    N_("Tsunami: the first player may lay any card; a player with no card to match (an empty hand too) takes "
    "them all. Curse cannot be laid."),
    N_("Supercharge (the event) gives a power card to everyone but the triggerer ('Mitspielende')."),
    N_("Recycling takes the card back only if it is still on the discard pile."),
]

# -- one small stacked demo per clause ------------------------------------------------------------------------
#: Cards that fill a demo's hands up to 7: green and yellow numbers.
FILL = [f"{c}{n}" for c in "gy" for n in range(1, 10) for _ in range(2)]


def stack(hands, start="r5", then=()) -> list:
    """The draw pile, top first, that deals ``hands`` (Player 0 first, one card at a time; hands
    shorter than 7 are filled from FILL), turns up ``start`` and then gives ``then`` to the next draws."""
    named = [c for h in hands for c in h] + [start, *then]
    pool = list(FILL)
    for card in named:
        if card in pool:
            pool.remove(card)
    full = []
    for hand in hands:
        hand = list(hand)
        while len(hand) < 7:
            hand.append(pool.pop(0))
        full.append(hand)
    return [full[s][i] for i in range(7) for s in range(len(hands))] + [start, *then]


def _demo(hands, actions, caption, start="r5", then=(), events=(), powers=(), **options):
    """``powers``: each seat's two power cards (Supercharge)."""
    demo = {"players": len(hands), "options": options, "deck": stack(hands, start, then), "actions": actions,
            "caption": caption}
    piles = {}
    if events:
        piles["events"] = list(events)
    if powers:
        piles["powers"] = [seat[i] for i in range(2) for seat in powers]
    if piles:
        demo["piles"] = piles
    return demo


_PAIRS = ["r1", "g1", "r2", "g2", "r3", "g3"]
_BIG = {"limit": 10000}


def _event(event, actions, caption, hands=((), ()), then=(), **options):
    """Player 0 plays the black 5 on the red 5 and reveals ``event``."""
    hands = [["k5", *hands[0]], *hands[1:]]
    return _demo(hands, ["Play k5", *actions], caption, then=then, events=[event], **options)


DEMOS = {
    "frantic.deck": _demo([["r1", "k3", "Gift g", "Fantastic"], ["b2", "Skip y", "Fuck You"]], [],
                          N_("Colour numbers, a black number, one-colour specials, four-colour specials and Fuck You.")),
    "frantic.setup": _demo([["r1"], ["b2"], ["y3"]], [], N_("Three players, 7 cards each; the rest is the draw pile.")),
    "frantic.start_card": _demo([["r1"], ["b9"], ["r2", "r3", "r4", "b1", "b2", "b3"]],
                                ["Play Gift r → Player 0", "Give r2 r3"],
                                N_("The start card is a red Gift: the dealer (Player 2) gives Player 0 two cards."),
                                start="Gift r"),
    "frantic.turn": _demo([["r1", "b9"], ["r2"]], ["Play r1", "Play r2"], N_("Each plays a red card on the red 5.")),
    "frantic.draw": _demo([["r1", "b9"], ["r2"]], ["Draw", "Play r7"],
                          N_("Player 0 draws instead of playing the red 1, and plays the drawn red 7 at once."), then=["r7"]),
    "frantic.match": _demo([["b5", "Skip b"], ["b1", "Skip y"]], ["Play b5", "Play b1", "Play Skip b → Player 1"],
                           N_("Number on number (blue 5 on red 5), colour on colour (blue 1), then a blue Skip."), ),
    "frantic.four_colour": _demo([["Fantastic"], ["b2"]], ["Play Fantastic", "Wish blue", "Play b2"],
                                 N_("Fantastic goes on anything; Player 0 wishes blue.")),
    "frantic.black": _demo([["k5"], ["b5"]], ["Play k5", "Play b5"],
                           N_("The black 5 goes on the red 5 and reveals an event; a blue 5 follows on it."),
                           events=["Friday the 13th"]),
    "frantic.wish": _demo([["Fantastic"], ["r7", "g7"]], ["Play Fantastic", "Wish 7", "Play g7"],
                          N_("Player 0 wishes a 7: any 7 may follow."), start="y2"),
    "frantic.plain_wish": _demo([["Fantastic Four"], ["r2"]], ["Play Fantastic Four as a plain wish", "Wish red",
                                                               "Play r2"],
                                N_("Fantastic Four played for its wish alone: nobody draws."), start="y2"),
    "frantic.fantastic": _demo([["Fantastic"], ["r2"]], ["Play Fantastic", "Wish yellow"],
                               N_("Fantastic goes even on a black card."), start="k9", events=["Friday the 13th"]),
    "frantic.fantastic_four": _demo([["Fantastic Four"], ["r2"], ["r3"]],
                                    ["Play Fantastic Four", "Wish 4", "Player 1 draws 1, Player 2 draws 3"],
                                    N_("Four cards split: one to Player 1, three to Player 2."), start="y2"),
    "frantic.counterattack": _demo([["Gift r", "r1", "r2"], ["Counterattack", "b1", "b2"], ["g1"]],
                                   ["Play Gift r → Player 1", "Counterattack → Player 2", "Wish blue", "Give b1 b2"],
                                   N_("Player 1 counters the Gift and gives two of their own cards to Player 2.")),
    "frantic.reaction_window": _demo([["Skip r", "r1"], ["b1"], ["Counterattack"]],
                                     ["Play Skip r → Player 1", "Pass"],
                                     N_("Player 1 holds no Counterattack, yet is asked all the same and passes: "
                                     "nobody can tell who holds one. Player 2's is not theirs to use.")),
    "frantic.equality": _demo([["Equality", "r1", "r2", "r3"], ["b1", "b2"]],
                              ["Draw", "Pass", "Play b1", "Draw", "Pass", "Play b2", "Play Equality → Player 1",
                               "Wish red"],
                              N_("Player 1 holds 5 cards, Player 0 8 after Equality: Player 1 draws 3."), start="b5",
                              then=["r9", "r8"]),
    "frantic.nice_try": _event("Mating Season", ["Nice Try", "Wish blue"],
                               N_("Mating Season empties Player 0's hand; Player 1's Nice Try makes them draw 3."),
                               hands=(_PAIRS, ["Nice Try", "b9", "b8", "b7", "b6", "b4", "b3"])),
    "frantic.second_chance": _demo([["2nd Chance r", "r1", "b2"], ["g3"]], ["Play 2nd Chance r", "Play r1"],
                                   N_("2nd Chance: Player 0 plays again at once.")),
    "frantic.exchange": _demo([["Exchange b", "b1", "b2", "b3"], ["r2", "r3"]], ["Play Exchange b → Player 1",
                                                                                 "Give b1 b2"],
                              N_("Player 0 gives blue 1 and blue 2 and takes two of Player 1's cards blindly."), start="b5"),
    "frantic.gift": _demo([["Gift b", "b1", "b2", "b3"], ["r2", "r3"]], ["Play Gift b → Player 1", "Give b1 b3"],
                          N_("Player 0 gives Player 1 two cards."), start="b5"),
    "frantic.skip": _demo([["Skip r", "r1"], ["b1"], ["g1"]], ["Play Skip r → Player 1"],
                          N_("Player 1 sits out: Player 2 plays next.")),
    "frantic.fuck_you": _demo([["Fuck You", "b1"], ["g1"]], ["Draw", "Pass"] * 6 + ["Play Fuck You"],
                              N_("With exactly 10 cards Player 0 may drop Fuck You; the red 5 below stays in play."),
                              then=["y9", "y8", "y7", "y6", "y5", "y4"]),
    "frantic.no_self_punish": _demo([["Gift r", "Skip r"], ["b1"], ["g1"]], ["Play Skip r → Player 2"],
                                    N_("Player 0's Skip can aim at Player 1 or Player 2, never at Player 0.")),
    "frantic.last_card": _demo([["Gift r", "r1", "r2", "r3", "r4", "r6", "r7"], ["Counterattack", "b1", "b2", "b3"],
                                ["g1"]],
                               [x for card in ["r1", "r2", "r3", "r4", "r6", "r7"]
                                for x in [f"Play {card}", "Draw", "Pass", "Draw", "Pass"]]
                               + ["Play Gift r → Player 1", "Counterattack → Player 0", "Wish blue", "Give b1 b2"],
                               N_("Player 0's last card is a Gift: it is countered, and two cards come back.")),
    "frantic.event": _event("Third Time Lucky", [], N_("The black 5 reveals Third Time Lucky: everyone draws 3.")),
    "frantic.first_affected": _event("Expansion", [], N_("Expansion: Player 1 draws 1, Player 2 2, Player 0 3."),
                                     hands=((), (), ())),
    "frantic.ties": _demo([["k5", "Fantastic Four"], ["b1"], ["b2"], ["b3"]],
                          ["Play Fantastic Four", "Wish 5", "Player 1 draws 2, Player 2 draws 2", "Draw", "Pass",
                           "Draw", "Pass", "Draw", "Pass", "Play k5"],
                          N_("Robin Hood: Players 1 and 2 tie for the most cards; Player 1 is nearer."),
                          events=["Robin Hood"]),
    "frantic.ev_charity": _event("Charity", [], N_("Everyone draws a card from the player with the most."),
                                 hands=((), (), ())),
    "frantic.ev_communism": _demo([["k5", "Fantastic Four"], ["b1"]],
                                  ["Play Fantastic Four", "Wish 5", "Player 1 draws 4", "Draw", "Pass", "Play k5"],
                                  N_("Player 0 draws up to Player 1's 12 cards."), events=["Communism"]),
    "frantic.ev_doomsday": _event("Doomsday", [], N_("The round ends: 50 points each."), **_BIG),
    "frantic.ev_earthquake": _event("Earthquake", [], N_("Every hand moves on to the next player."), hands=((), (), ())),
    "frantic.ev_expansion": _event("Expansion", [], N_("1, 2, 3 cards in turn."), hands=((), (), ())),
    "frantic.ev_finish_line": _event("Finish Line", [], N_("The round ends; hands are counted."), **_BIG),
    "frantic.ev_friday": _event("Friday the 13th", [], N_("Nothing happens.")),
    "frantic.ev_gambling_man": _event("Gambling Man", [], N_("Red was played last: the lowest reds are laid; "
                                      "Player 1's r6 is highest and takes them; Player 2 draws 2."),
                                      hands=(["r2", "r8"], ["r6", "r9"], ["b1"])),
    "frantic.ev_market": _event("Market", ["Take r9"], N_("Three cards turned up; Player 1 takes first."),
                                hands=((), (), ()), then=["b1", "r9", "b1"]),
    "frantic.ev_mating_season": _event("Mating Season", [], N_("Pairs and triples of numbers are discarded."),
                                       hands=(["r1", "b1", "y1", "r7", "Gift r", "k3"], ["b9"])),
    "frantic.ev_merry_christmas": _event("Merry Christmas", [], N_("With two players, every hand goes to the other.")),
    "frantic.ev_mexican_standoff": _event("Mexican Standoff", [], N_("All hands are thrown away; 3 new cards each."),
                                          then=["b1", "b2", "b3", "b4", "b6", "b7"]),
    "frantic.ev_recession": _event("Recession", ["Discard g5", "Discard g1", "Discard g2"],
                                   N_("Player 1 discards 1 card, Player 0 2 cards.")),
    "frantic.ev_robin_hood": _demo([["k5", "Fantastic Four"], ["b1"]],
                                   ["Play Fantastic Four", "Wish 5", "Player 1 draws 4", "Draw", "Pass", "Play k5"],
                                   N_("The fewest cards swap with the most."), events=["Robin Hood"]),
    "frantic.ev_surprise_party": _event("Surprise Party", ["Give g4 → Player 0", "Give g1 → Player 1"],
                                        N_("Each gives one card away.")),
    "frantic.ev_all_seeing_eye": _event("The All-Seeing Eye", ["Draw", "Pass"],
                                        N_("All hands lie open until Player 0's next turn.")),
    "frantic.ev_third_time_lucky": _event("Third Time Lucky", [], N_("Everyone draws 3.")),
    "frantic.ev_time_bomb": _demo([["k4", "Fantastic", "k5", "r1", "g1", "r2", "g2"],
                                   ["b9", "b8", "y7", "y6", "Gift b", "b3", "y2"]],
                                  ["Play k4", "Draw", "Pass", "Play Fantastic", "Wish 5", "Draw", "Pass", "Play k5"],
                                  N_("Player 0 empties their hand before the Time Bomb goes off: −10 for them, +10 "
                                  "on top for Player 1."), start="r4", then=["Skip y", "Exchange g"],
                                  events=["Time Bomb", "Mating Season"], **_BIG),
    "frantic.ev_tornado": _event("Tornado", [], N_("All hands are shuffled and dealt again."), hands=((), (), ())),
    "frantic.ev_vandalism": _event("Vandalism", [], N_("Every red card is thrown away."),
                                   hands=(["r1", "Gift r", "b1"], ["r2", "Skip r", "b9"])),
    # -- Troublemaker
    "frantic.troublemaker_cards": _demo([["Inequality", "Colour Swap rg", "Thief b", "Curse"],
                                         ["Lucky Bastard", "Troublemaker y", "Mimicry", "Special Favours"]], [],
                                        N_("Some of Troublemaker's cards.")),
    "frantic.inequality": _demo([["Inequality"], ["b5"]], ["Draw", "Pass", "Play b5", "Play Inequality → Player 1",
                                                           "Wish red"],
                                N_("Player 1 holds 6 cards, Player 0 7 after Inequality: Player 1 draws one of "
                                "Player 0's cards blindly and holds more."), then=["b1"]),
    "frantic.lucky_bastard": _event("Third Time Lucky", ["Lucky Bastard", "Wish blue"],
                                    N_("Player 1 throws Lucky Bastard in before the event: only Player 0 draws 3."),
                                    hands=((), ["Lucky Bastard"]), then=["b1", "b2", "b3"]),
    "frantic.special_favours": _demo([["Special Favours", "Gift r", "Fuck You"], ["Skip b", "Fantastic", "b1"]],
                                     ["Play Special Favours → Player 1", "Wish red"],
                                     N_("Player 0's Gift goes to Player 1 for the Skip and the Fantastic; Fuck You "
                                     "stays.")),
    "frantic.colour_swap": _demo([["Colour Swap rg"], ["g1", "r1"]], ["Play Colour Swap rg", "Play g1"],
                                 N_("On red, the red-green Colour Swap turns play to green.")),
    "frantic.thief": _demo([["Thief r"], ["Fuck You", "b1", "Gift b"]],
                           ["Play Thief r → Player 1", "Steal b1 Gift b"],
                           N_("Player 0 looks at Player 1's hand and takes two cards; never Fuck You.")),
    "frantic.troublemaker": _demo([["Troublemaker r"], ["b1"]], ["Play Troublemaker r"],
                                  N_("The red Troublemaker reveals an event."), events=["Third Time Lucky"],
                                  then=["b2", "b3", "b4", "b6", "b7", "b8"]),
    "frantic.curse": _demo([["Curse", "Gift r", "r1"], ["b1"]], ["Play Gift r → Player 1", "Give r1 Curse"],
                           N_("Curse can never be played, but a Gift passes it on.")),
    "frantic.mimicry": _demo([["Mimicry"], ["b1"], ["g1"]], ["Play Mimicry as Skip r → Player 1"],
                             N_("Mimicry copies the red Skip (it must fit like one): Player 1 sits out.")),
    "frantic.ev_black_hole": _event("Black Hole", [], N_("Every black card goes to Player 0."),
                                    hands=((), ["k1", "k2"], ["k3"])),
    "frantic.ev_capitalism": _event("Capitalism", [], N_("Everyone doubles their hand.")),
    "frantic.ev_crowdfunding": _event("Crowdfunding", ["Give b1 → Player 0", "Give b2 → Player 0"],
                                      N_("Player 0 has the fewest cards: everyone gives them one."),
                                      hands=((), ["b1"], ["b2"])),
    "frantic.ev_distributor": _event("Distributor", ["Player 2's cards → Player 0", "Player 0's cards → Player 1"],
                                     N_("Player 0 hands the stacks out again, not keeping their own."),
                                     hands=(["r1"], ["b1"], ["y1"])),
    "frantic.ev_double_taxation": _event("Double Taxation", [], N_("The three highest cards count at once: 42 + 9 + 7 "
                                         "for Player 0."), hands=(["Fuck You", "r9", "Gift r"], [])),
    "frantic.ev_event_manager": _demo([["k5"], []], ["Play k5", "Choose Friday the 13th"],
                                      N_("Three events turned up; Player 0 chooses the harmless one."),
                                      events=["Event Manager", "Third Time Lucky", "Friday the 13th", "Capitalism"]),
    "frantic.ev_identity_theft": _event("Identity Theft", [], N_("Highest and lowest totals swap (all 0 here: no "
                                        "effect).")),
    "frantic.ev_last_chance": _demo([["k5", *_PAIRS], ["b9"]], ["Play k5"],
                                    N_("Plague: Last Chance, then Mating Season empties Player 0's hand, so one more "
                                    "event is triggered."), events=["Plague", "Last Chance", "Mating Season",
                                                                   "Friday the 13th"], **_BIG),
    "frantic.ev_plague": _demo([["k5"], []], ["Play k5"], N_("Plague: two more events, one after the other."),
                               events=["Plague", "Friday the 13th", "Third Time Lucky"]),
    "frantic.ev_plus_one": _event("Plus One", ["Draw"], N_("From now on every draw takes one card more: Player 1 "
                                  "draws 2."), then=["b1", "b2"]),
    "frantic.ev_repeat": _demo([["k5"], []], ["Play k5", "Choose Third Time Lucky"],
                               N_("Plague reveals Third Time Lucky and Repeat, which repeats it."),
                               events=["Plague", "Third Time Lucky", "Repeat"],
                               then=["b1", "b2", "b3", "b4", "b6", "b7", "b8", "b9", "r1", "r2", "r3", "r4"]),
    "frantic.ev_russian_roulette": _event("Russian Roulette", ["Lay b1", "Lay r1"],
                                          N_("The laid cards go on top of the draw pile, shuffled."),
                                          hands=(["r1"], ["b1"])),
    "frantic.ev_seppuku": _event("Seppuku", ["Commit Seppuku", "Take 21 points"],
                                 N_("Player 1 risks it and turns up a number: −21; Player 0 takes 21."), then=["r9"]),
    "frantic.ev_trust_fall": _event("Trust Fall", ["Give r1 r2", "Give b1 b2"],
                                    N_("With two players each must pick the other, who gives them two cards."),
                                    hands=(["r1", "r2"], ["b1", "b2"])),
    # -- Supercharge
    "frantic.supercharge_cards": _demo([["Recharge r", "Edison", "Update", "The End"], ["b1"]], [],
                                       N_("Supercharge's play cards; the power cards lie before each player."),
                                       powers=[["Looping", "Black Wish"], ["Open Hands", "Number Wish"]]),
    "frantic.powers": _demo([["r1"], ["b1"]], ["Play r1 + Black Wish"],
                            N_("Player 0 plays red 1 and activates Black Wish with it: it lies face up, spent."),
                            powers=[["Looping", "Black Wish"], ["Open Hands", "Number Wish"]]),
    "frantic.recharge": _demo([["Recharge r", "r1"], ["b1"]], ["Play r1 + Looping", "Draw", "Pass", "Play Recharge r"],
                              N_("Recharge turns the spent Looping face down again."),
                              powers=[["Looping", "Black Wish"], ["Open Hands", "Number Wish"]]),
    "frantic.edison": _demo([["Edison"], ["b1"]], ["Play Edison", "Wish red"],
                            N_("A Looping and an Open Hands change places."),
                            powers=[["Looping", "Looping"], ["Open Hands", "Open Hands"]]),
    "frantic.update": _demo([["Update"], ["b1"]], ["Play Update", "Wish red", "Choose Looping"],
                            N_("Player 0 takes a new power card and shuffles Looping back."),
                            powers=[["Looping", "Black Wish"], ["Open Hands", "Number Wish"]]),
    "frantic.the_end": _demo([["k5", "The End", "r1", "g1", "r2", "g2", "b5"], ["Nice Try"]],
                             ["Play k5", "Draw", "Pass", "Play b5", "Draw", "Pass", "Play The End"],
                             N_("Plague: Mating Season and Plus One; then The End calls Plus One off, and Nice Try "
                             "cannot answer it."), events=["Plague", "Mating Season", "Plus One"], troublemaker=True,
                             **_BIG),
    "frantic.pw_all_draw_one": _demo([["r1"], ["b1"]], ["Play r1 + All Draw One"], N_("Everyone else draws a card."),
                                     powers=[["All Draw One", "Looping"], ["Open Hands", "Number Wish"]]),
    "frantic.pw_anti_counter": _demo([["Gift r", "r1", "r2"], ["Counterattack"]],
                                     ["Play Gift r → Player 1 + Anti Counter", "Give r1 r2"],
                                     N_("Player 1 holds Counterattack but cannot use it."),
                                     powers=[["Anti Counter", "Looping"], ["Open Hands", "Number Wish"]]),
    "frantic.pw_black_wish": _demo([["r1"], ["b1", "k3"]], ["Play r1 + Black Wish", "Play k3"],
                                   N_("Black is wished: only a black card follows."), events=["Friday the 13th"],
                                   powers=[["Looping", "Black Wish"], ["Open Hands", "Number Wish"]]),
    "frantic.pw_colour_blockade": _demo([["b5", "r1"], ["r5", "b1"]], ["Play b5 + Colour Blockade", "Wish red",
                                                                        "Play b1"],
                                        N_("Red is blocked until Player 0 ends their next turn."),
                                        powers=[["Colour Blockade", "Looping"], ["Open Hands", "Number Wish"]]),
    "frantic.pw_looping": _demo([["r1", "r2"], ["r3"], ["r4"]], ["Play r1 + Looping", "Play r4", "Play r3"],
                                N_("Play turns round: Player 2, then Player 1, then Player 0."),
                                powers=[["Looping", "Black Wish"], ["Open Hands", "Number Wish"],
                                        ["Looping", "Troublecharger"]]),
    "frantic.pw_number_wish": _demo([["r1"], ["b7"]], ["Play r1 + Number Wish", "Wish 7", "Play b7"],
                                    N_("Player 0 wishes a 7."), powers=[["Number Wish", "Looping"],
                                                                    ["Open Hands", "Black Wish"]]),
    "frantic.pw_open_hands": _demo([["r1"], ["b1"], ["g1"]], ["Play r1 + Open Hands"],
                                   N_("The others' hands lie open until Player 0's next turn."),
                                   powers=[["Open Hands", "Looping"], ["Recycling"] * 2, ["Troublecharger"] * 2]),
    "frantic.pw_random_chance": _demo([["r1", "b9"], ["g3"]], ["Play r1 + Random Chance", "Play b9"],
                                      N_("The blue 9 does not fit, but Random Chance lets it follow."),
                                      powers=[["Random Chance", "Looping"], ["Open Hands", "Number Wish"]]),
    "frantic.pw_recycling": _demo([["r1"], ["b1"]], ["Play r1 + Recycling", "Aim at Player 1"],
                                  N_("The red 1 goes into Player 1's hand; play goes on on the red 5."),
                                  powers=[["Recycling", "Looping"], ["Open Hands", "Number Wish"]]),
    "frantic.pw_special_charge": _demo([["r1"], ["Gift b", "Skip b", "Fantastic"]],
                                       ["Play r1 + Special Charge", "Aim at Player 1"],
                                       N_("Player 1 holds three specials: they draw 3."),
                                       powers=[["Special Charge", "Looping"], ["Open Hands", "Number Wish"]]),
    "frantic.pw_special_seal": _demo([["r1", "Gift r"], ["Gift r", "r3"]], ["Play r1 + Special Seal", "Play r3"],
                                     N_("Player 1 may not play the Gift until Player 0's next turn."),
                                     powers=[["Special Seal", "Looping"], ["Open Hands", "Number Wish"]]),
    "frantic.pw_troublecharger": _demo([["r1"], ["b1"]], ["Play r1 + Troublecharger"],
                                       N_("An event at the end of Player 0's turn."), events=["Third Time Lucky"],
                                       then=["b2", "b3", "b4", "b6", "b7", "b8"],
                                       powers=[["Troublecharger", "Looping"], ["Open Hands", "Number Wish"]]),
    "frantic.ev_black_jack": _event("Black Jack", [], N_("9 + 9 + 9: Player 1 goes over 21 and takes them."),
                                    then=["r9", "b9", "y9"]),
    "frantic.ev_chargenado": _event("Chargenado", [], N_("All power cards are dealt out anew.")),
    "frantic.ev_epic_fail": _event("Epic Fail", [], N_("Player 0 holds the fewest cards and gets Fuck You."),
                                   hands=((), ["Fuck You"])),
    "frantic.ev_loot": _event("Loot", [], N_("Each takes 3 cards from the next player.")),
    "frantic.ev_parasite": _demo([["k5", *_PAIRS], ["b9"]], ["Play k5", "Discard b9", "Pass"],
                                 N_("Player 0 wins the round; Player 1 discards the blue 9 before counting."),
                                 events=["Plague", "Parasite", "Mating Season"], troublemaker=True, **_BIG),
    "frantic.ev_rewind": _event("Rewind", ["Give g1 g2"], N_("The red 5 and the black 5 are taken back; a blue Gift turns up, "
                                "and its effect is Player 0's."), then=["Gift b"]),
    "frantic.ev_riot": _event("Riot", [], N_("The specials change hands."), hands=(["Gift r"], ["Skip b", "Fantastic"])),
    "frantic.ev_supercharge": _event("Supercharge", [], N_("Player 1 gets a third power card.")),
    "frantic.ev_tsunami": _event("Tsunami", ["Lay b9"], N_("Player 1 lays 9 points; Player 0 cannot match and takes "
                                 "it."), hands=((), ["b9"])),
    "frantic.round_end": _event("Mating Season", [], N_("Player 0's hand is empty and nobody holds Nice Try: the "
                                "round ends."), hands=(_PAIRS, ["b9"]), **_BIG),
    "frantic.scoring": _event("Mating Season", [], N_("Player 1 counts 42 + 7 + 9 + 8 + 7 + 7 + 1."),
                              hands=(_PAIRS, ["Fuck You", "Gift b", "b9", "y8", "g7", "Fantastic", "b1"]), **_BIG),
    "frantic.next_dealer": _event("Mating Season", [], N_("Player 1 scored most, so Player 1 deals the next round."),
                                  hands=(_PAIRS, ["Fuck You", "b9"], ["b1", "b2"]), **_BIG),
    "frantic.end": _event("Mating Season", [], N_("With the limit at 40, Player 1's Fuck You ends the game."),
                          hands=(_PAIRS, ["Fuck You"], ["b1"]), limit=40),
}

# An expansion's demos play with that expansion on: the game's defaults are the base game.
for _name, _ids in EXPANSION_RULES.items():
    for _id in _ids & DEMOS.keys():
        DEMOS[_id]["options"] = {_name: True, **DEMOS[_id]["options"]}
