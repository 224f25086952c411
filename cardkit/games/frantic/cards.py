"""Frantic cards (base game and Troublemaker), written as in the issue: "r5" (colour letter and number),
"k3" (black), "Gift g" (one-colour special and its colour), "Colour Swap rg" (its two colours),
"Fantastic" (four-colour specials by name), and the events by their English name ("Time Bomb").
Cards are these very strings."""
from collections import Counter

from cardkit.core.fast import keep
from cardkit import i18n
from cardkit.i18n import N_

COLOURS = ["r", "g", "b", "y"]
COLOUR_NAME = {"r": "red", "g": "green", "b": "blue", "y": "yellow", "k": "black"}
NUMBERS = list(range(1, 10))

ONE_COLOUR = {"Gift": 2, "Exchange": 1, "2nd Chance": 1, "Skip": 1}            # per colour
FOUR_COLOUR = {"Fantastic": 11, "Fantastic Four": 5, "Counterattack": 4, "Equality": 2, "Nice Try": 1}
FUCK_YOU = "Fuck You"

EVENTS = ["Charity", "Communism", "Doomsday", "Earthquake", "Expansion", "Finish Line", "Friday the 13th",
          "Gambling Man", "Market", "Mating Season", "Merry Christmas", "Mexican Standoff", "Recession",
          "Robin Hood", "Surprise Party", "The All-Seeing Eye", "Third Time Lucky", "Time Bomb", "Tornado",
          "Vandalism"]
#: Troublemaker: per colour one Thief and one Troublemaker; a Colour Swap per pair of colours; four-colour
#: Inequality ×2, Lucky Bastard, Special Favours ×3, Mimicry; and Curse (never played).
TM_ONE_COLOUR = {"Thief": 1, "Troublemaker": 1}
TM_FOUR_COLOUR = {"Inequality": 2, "Lucky Bastard": 1, "Special Favours": 3, "Mimicry": 1}
CURSE, MIMICRY, COLOUR_SWAP = "Curse", "Mimicry", "Colour Swap"
SWAPS = [f"{COLOUR_SWAP} {a}{b}" for i, a in enumerate("rgby") for b in "rgby"[i + 1:]]
TM_EVENTS = ["Black Hole", "Capitalism", "Crowdfunding", "Distributor", "Double Taxation", "Event Manager",
             "Identity Theft", "Last Chance", "Plague", "Plus One", "Repeat", "Russian Roulette", "Seppuku",
             "Trust Fall"]
#: Supercharge: Recharge one per colour; four-colour Edison ×5, Update ×5; The End; 9 events; 12 kinds of
#: power card, two of each.
SC_ONE_COLOUR = {"Recharge": 1}
SC_FOUR_COLOUR = {"Edison": 5, "Update": 5}
THE_END = "The End"
SC_EVENTS = ["Black Jack", "Chargenado", "Epic Fail", "Loot", "Parasite", "Rewind", "Riot", "Supercharge", "Tsunami"]
POWERS = ["All Draw One", "Anti Counter", "Black Wish", "Colour Blockade", "Looping", "Number Wish", "Open Hands",
          "Random Chance", "Recycling", "Special Charge", "Special Seal", "Troublecharger"]
#: Power cards that act before the hand card's effect; the others act after it.
BEFORE = ("All Draw One", "Anti Counter", "Open Hands", "Special Charge", "Special Seal")
POWER_PACK = Counter(dict.fromkeys(POWERS, 2))
#: Events that end the round at once when revealed.
ROUND_ENDERS = ("Doomsday", "Finish Line")


def _pack() -> Counter:
    pack = Counter()
    for colour in COLOURS:
        for n in NUMBERS:
            pack[f"{colour}{n}"] = 2
    for n in NUMBERS:
        pack[f"k{n}"] = 1
    for colour in COLOURS:
        for name, count in ONE_COLOUR.items():
            pack[f"{name} {colour}"] = count
    pack.update(FOUR_COLOUR)
    pack[FUCK_YOU] = 1
    return pack


def _troublemaker() -> Counter:
    pack = Counter()
    for colour in COLOURS:
        for name, count in TM_ONE_COLOUR.items():
            pack[f"{name} {colour}"] = count
    pack.update(dict.fromkeys(SWAPS, 1))
    pack.update(TM_FOUR_COLOUR)
    pack[CURSE] = 1
    return pack


def _supercharge() -> Counter:
    pack = Counter({f"Recharge {colour}": 1 for colour in COLOURS})
    pack.update(SC_FOUR_COLOUR)
    pack[THE_END] = 1
    return pack


PLAY_PACK = _pack()                      # 125 play cards
TM_PACK = _troublemaker()                # 22 play cards
SC_PACK = _supercharge()                 # 15 play cards
PLAY_CARDS = list(PLAY_PACK) + list(TM_PACK) + list(SC_PACK)
ALL_EVENTS = EVENTS + TM_EVENTS + SC_EVENTS
EVENT_SET = frozenset(ALL_EVENTS)
POWER_SET = frozenset(POWERS)
ONE_COLOUR_ALL = {**ONE_COLOUR, **TM_ONE_COLOUR, **SC_ONE_COLOUR}
#: Colour Swap's two colours.
SWAP_COLOURS = {card: card[-2:] for card in SWAPS}

#: The card's colour ("r", "g", "b", "y", "k" for black, "s" for Colour Swap's two) or None (four-colour
#: cards, Fuck You, Curse).
COLOUR = {}
#: The card's number, or None (specials).
NUMBER = {}
#: The special's name ("Gift", "Fantastic"), or None for numbers.
SYMBOL = {}
for _card in PLAY_CARDS:
    if _card[0] in "rgbyk" and _card[1:].isdigit():
        COLOUR[_card], NUMBER[_card], SYMBOL[_card] = _card[0], int(_card[1:]), None
    elif _card[:-2] in ONE_COLOUR_ALL:
        COLOUR[_card], NUMBER[_card], SYMBOL[_card] = _card[-1], None, _card[:-2]
    elif _card in SWAP_COLOURS:
        COLOUR[_card], NUMBER[_card], SYMBOL[_card] = "s", None, COLOUR_SWAP
    else:
        COLOUR[_card], NUMBER[_card], SYMBOL[_card] = None, None, _card

#: Hand points at the end of a round: numbers their value, specials 7, Fuck You 42, Curse 13.
POINTS = {c: NUMBER[c] if NUMBER[c] is not None else 42 if c == FUCK_YOU else 13 if c == CURSE else
          17 if c == THE_END else 7 for c in PLAY_CARDS}
#: Pack order (hands are kept sorted in it): colours and numbers, black, one-colour and four-colour specials.
ORDER = {card: i for i, card in enumerate(PLAY_CARDS)}

#: Which wish a four-colour card makes: "any" (a colour or a number), "colour", or none (Fuck You).
WISHES = {"Fantastic": "any", "Fantastic Four": "any", "Counterattack": "colour", "Equality": "colour",
          "Nice Try": "colour", "Inequality": "colour", "Lucky Bastard": "colour", "Special Favours": "colour",
          "Edison": "colour", "Update": "colour"}
WISH_VALUES = {"colour": tuple(COLOURS), "any": tuple(COLOURS) + tuple(str(n) for n in NUMBERS)}


def points(cards) -> int:
    return sum(POINTS[c] for c in cards)


def matches(card, top, wish) -> bool:
    """Whether ``card`` may go on the effective top card ``top`` with ``wish`` standing (Fuck You's
    10-card condition aside): four-colour cards on anything; a wish stands in for the top card;
    black only on its number; else number, colour or symbol."""
    colour = COLOUR[card]
    if colour is None:
        return card != CURSE
    if colour == "s":                    # Colour Swap: on either of its colours, or on a Colour Swap
        if wish is not None:             # the colour one left bars no other (a power card's wish does)
            return wish in SWAP_COLOURS[card] or wish in COLOURS and top is not None and SYMBOL[top] == COLOUR_SWAP
        return top is None or SYMBOL[top] == COLOUR_SWAP or (COLOUR[top] or "-") in SWAP_COLOURS[card]
    if wish is not None:
        if wish.isdigit():
            return NUMBER[card] == int(wish)
        return colour == wish
    if top is None:                      # Fuck You started the round: anything goes
        return True
    number = NUMBER[card]
    if colour == "k":
        return number is not None and NUMBER[top] == number and COLOUR[top] != "k"
    if number is not None and number == NUMBER[top]:
        return True
    return colour == COLOUR[top] or (SYMBOL[card] is not None and SYMBOL[card] == SYMBOL[top])


#: (top, wish) -> the cards that fit: a few hundred in a game. Without it random play costs 4.2 times
#: the instructions per decision (4 seats, base game; bench/caches.py).
_FITS: dict = {}


def fitting(top, wish) -> frozenset:
    """Every play card that goes on ``top`` with ``wish`` standing (Fuck You aside: it depends on the
    hand), computed once per table and kept."""
    key = (top, wish)
    found = _FITS.get(key)
    if found is None:
        found = keep(_FITS, key, frozenset(c for c in PLAY_CARDS if c != FUCK_YOU and matches(c, top, wish)),
                     2048)
    return found


def has_colour(card, colour) -> bool:
    """Whether ``card`` is of ``colour`` (a Colour Swap is of both its colours)."""
    own = COLOUR[card]
    return own == colour or own == "s" and colour in SWAP_COLOURS[card]


def wish_words(wish) -> str:
    return wish if wish.isdigit() else COLOUR_NAME[wish]


_NAMES = {c.lower().replace(" ", ""): c for c in PLAY_CARDS} | {e.lower().replace(" ", ""): e for e in ALL_EVENTS}
_POWER_NAMES = {p.lower().replace(" ", ""): p for p in POWERS}
_NAMES |= {"fridaythe13": "Friday the 13th", "allseeingeye": "The All-Seeing Eye", "fy": FUCK_YOU, "+1": "Plus One"}
_COLOUR_WORDS = {name: letter for letter, name in COLOUR_NAME.items() if letter != "k"}


def _lookup(token) -> str | None:
    """The card or event a token names, in any case and spacing; colours may be spelled out ("Gift green")."""
    text = str(token).strip().lower().replace(" ", "")
    for word, letter in _COLOUR_WORDS.items():          # "Gift green", "green5"
        if text.endswith(word) and text[:-len(word)]:
            text = text[:-len(word)] + letter
        elif text.startswith(word) and text[len(word):].isdigit():
            text = letter + text[len(word):]
    return _NAMES.get(text)


def parse(token) -> str:
    """A play card from its notation ("r5", "k3", "Gift g", "Fantastic Four"); ValueError names a bad token."""
    card = _lookup(token)
    if card is None or card in EVENT_SET:
        raise ValueError(f"unknown Frantic card {token!r}; write e.g. 'r5', 'k3', 'Gift g', "
                         "'2nd Chance b', 'Fantastic Four', 'Fuck You'")
    return card


def parse_power(token) -> str:
    """A power card from its name ("Looping"); ValueError names a bad token."""
    power = _POWER_NAMES.get(str(token).strip().lower().replace(" ", ""))
    if power is None:
        raise ValueError(f"unknown Frantic power card {token!r}; the power cards are {', '.join(POWERS)}")
    return power


def parse_event(token) -> str:
    """An event from its English name ("Time Bomb"); ValueError names a bad token."""
    card = _lookup(token)
    if card not in EVENT_SET:
        raise ValueError(f"unknown Frantic event {token!r}; the events are {', '.join(ALL_EVENTS)}")
    return card


def play_pack(troublemaker=False, supercharge=False) -> Counter:
    """The play cards of a game with these expansions (a new Counter each time: callers may change it)."""
    pack = Counter(PLAY_PACK)
    if troublemaker:
        pack += TM_PACK
    if supercharge:
        pack += SC_PACK
    return pack


def event_list(troublemaker=False, supercharge=False, events=True) -> list:
    if not events:
        return []
    return EVENTS + (TM_EVENTS if troublemaker else []) + (SC_EVENTS if supercharge else [])


def make_deck(troublemaker=False, supercharge=False, events=True) -> Counter:
    """The cards of a game with these options (a new Counter each time). Built afresh: keeping them
    saved nothing measurable (bench/caches.py, before it went: 0.4% fewer instructions without it)."""
    deck = play_pack(troublemaker, supercharge) + Counter(event_list(troublemaker, supercharge, events))
    return deck + POWER_PACK if supercharge else deck


def kind_of(card) -> str:
    if card in EVENT_SET:
        return "event"
    if card in POWER_SET:
        return "power"
    colour = COLOUR[card]
    return {"r": "red", "g": "green", "b": "blue", "y": "yellow", "k": "black", "s": "special",
            None: "special"}[colour]


#: Renderer hints (widgets): colours of the cards, draw piles drawn top first.
HINTS = {
    "kind": kind_of,
    "colors": {"red": "#c62828", "green": "#2e7d32", "blue": "#1f5fbf", "yellow": "#b7950b",
               "black": "#1f2933", "special": "#7b3fa0", "event": "#00838f",
               "power": "#e65100"},
    "top_first": ["deck", "events"],
    "piles": ["deck", "discard", "events", "revealed"],
    "back": "",
    "zone_labels": {"hand": N_("hand"), "discard": N_("discard pile (top on the right)"), "deck": N_("draw pile"),
                    "events": N_("event pile"), "revealed": N_("events this round"), "market": N_("market"),
                    "powers": N_("power cards"), "spent": N_("spent power cards"), "wave": "Tsunami",
                    "powerpile": N_("power cards"), "giving": N_("to give away")},
    "score_label": N_("points"),
    # where the long names may break on a card, so that they are drawn big enough to read: only between
    # the words a name is made of ("Counter|attack"), never inside one, which would show "Fantas-tic"
    "breaks": ["Charge|nado", "Counter|attack", "Crowd|funding", "Dooms|day", "Earth|quake", "Stand|off",
               "Super|charge", "Trouble|charger", "Trouble|maker"],
    "show_facts": {"wish": N_("Wish"), "in_force": N_("In force this round")},
    "fact_text": {**{c: COLOUR_NAME[c] for c in COLOURS}, **{str(n): str(n) for n in NUMBERS}},
    # a card's full name in the page's language ("blaue 8", "Ten Cards"): a title, what a screen reader says
    "name": lambda card: full_name(card),
}


# -- what a person reads: each card's full name, in the page's language ------------------------------------
#: The colours as wished and named on their own ("red is wished").
COLOUR_WORDS = {"r": N_("red"), "g": N_("green"), "b": N_("blue"), "y": N_("yellow"), "k": N_("black")}
#: A number card's name by its colour ("red 7", "black 8").
_NUMBER_NAMES = {"r": N_("red {n}"), "g": N_("green {n}"), "b": N_("blue {n}"), "y": N_("yellow {n}"),
                 "k": N_("black {n}")}
#: A one-colour special's name by its colour ("blue Skip").
_SPECIAL_NAMES = {"r": N_("red {special}"), "g": N_("green {special}"), "b": N_("blue {special}"),
                  "y": N_("yellow {special}")}
#: Colour Swap by its two colours.
_SWAP_NAMES = {"rg": N_("red-green Colour Swap"), "rb": N_("red-blue Colour Swap"),
               "ry": N_("red-yellow Colour Swap"), "gb": N_("green-blue Colour Swap"),
               "gy": N_("green-yellow Colour Swap"), "by": N_("blue-yellow Colour Swap")}
#: Fuck You's classroom name (the option classroom_names): a plain-worded card.
TEN_CARDS_NAME = N_("Ten Cards")


class ClassroomCard(str):
    """Fuck You as a game with the option ``classroom_names`` deals it: the same card (equal to
    "Fuck You", stored and compared as it), named "Ten Cards" wherever a person reads it."""
    classroom = True

    def __reduce__(self):
        return ClassroomCard, (str(self),)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


TEN_CARDS = ClassroomCard(FUCK_YOU)


class Name(str):
    """Words a person reads, made from a template and its values: reads as English where the engine
    speaks ("blue Skip", an event's text), and in the page's language where it is read
    (``localized``; narration and move labels call it)."""

    def __new__(cls, template: str, **values):
        name = super().__new__(cls, template.format(**values))
        name.template, name.values = template, values
        return name

    def localized(self) -> str:
        if i18n.language() == i18n.DEFAULT:
            return str(self)
        return i18n.gettext(self.template).format(**{k: i18n.localized(v) for k, v in self.values.items()})

    def __reduce__(self):
        return _name, (self.template, tuple(self.values.items()))


def _name(template, values):
    return Name(template, **dict(values))


class Listing(str):
    """Several names read as one ("red 1, blue Skip"; "nothing" for none), each in the page's language."""

    def __new__(cls, items):
        items = tuple(items)
        listing = super().__new__(cls, ", ".join(items) if items else "nothing")
        listing.items = items
        return listing

    def localized(self) -> str:
        if not self.items:
            return i18n.gettext(N_("nothing"))
        return ", ".join(str(i18n.localized(item)) for item in self.items)

    def __reduce__(self):
        return Listing, (self.items,)


_CARD_NAMES: dict = {}


def card_name(card) -> Name:
    """``card`` (a play card, an event or a power card) by its full name: "red 7", "black 8", "blue
    Skip", "red-green Colour Swap", "Fantastic"; Fuck You dealt with classroom names: "Ten Cards"."""
    classroom = type(card) is ClassroomCard
    key = (str(card), classroom)
    found = _CARD_NAMES.get(key)
    if found is None:
        colour, number = COLOUR.get(card), NUMBER.get(card)
        if classroom:
            found = Name(TEN_CARDS_NAME)
        elif number is not None:
            found = Name(_NUMBER_NAMES[colour], n=number)
        elif colour == "s":
            found = Name(_SWAP_NAMES[SWAP_COLOURS[card]])
        elif colour is not None:
            found = Name(_SPECIAL_NAMES[colour], special=SYMBOL[card])
        else:
            found = Name("{card}", card=str(card))
        found = _CARD_NAMES[key] = found
    return found


def cards_named(cards_) -> Listing:
    """Cards for a log line or a label, by their full names."""
    return Listing(card_name(c) for c in cards_)


def wish_name(wish) -> Name:
    """A wish as a person reads it: a colour ("red") or a number ("7")."""
    return Name(COLOUR_WORDS[wish]) if wish in COLOUR_WORDS else Name("{n}", n=wish)


def full_name(card) -> str:
    """``card``'s full name as the page reads it ("black 8", "schwarze 8", "8 noire", "svart 8")."""
    return card_name(card).localized()
