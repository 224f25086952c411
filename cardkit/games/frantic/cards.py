"""Frantic cards (base game), written as in the issue: "r5" (colour letter and number), "k3" (black),
"Gift g" (one-colour special and its colour), "Fantastic" (four-colour specials by name), and the
events by their English name ("Time Bomb"). Cards are these very strings."""
from collections import Counter

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


PLAY_PACK = _pack()                      # 125 play cards
PLAY_CARDS = list(PLAY_PACK)
EVENT_SET = frozenset(EVENTS)

#: The card's colour ("r", "g", "b", "y", "k" for black) or None (four-colour cards, Fuck You).
COLOUR = {}
#: The card's number, or None (specials).
NUMBER = {}
#: The special's name ("Gift", "Fantastic"), or None for numbers.
SYMBOL = {}
for _card in PLAY_CARDS:
    if _card[0] in "rgbyk" and _card[1:].isdigit():
        COLOUR[_card], NUMBER[_card], SYMBOL[_card] = _card[0], int(_card[1:]), None
    elif _card[:-2] in ONE_COLOUR:
        COLOUR[_card], NUMBER[_card], SYMBOL[_card] = _card[-1], None, _card[:-2]
    else:
        COLOUR[_card], NUMBER[_card], SYMBOL[_card] = None, None, _card

#: Hand points at the end of a round: numbers their value, specials 7, Fuck You 42.
POINTS = {c: NUMBER[c] if NUMBER[c] is not None else 42 if c == FUCK_YOU else 7 for c in PLAY_CARDS}
#: Pack order (hands are kept sorted in it): colours and numbers, black, one-colour and four-colour specials.
ORDER = {card: i for i, card in enumerate(PLAY_CARDS)}

#: Which wish a four-colour card makes: "any" (a colour or a number), "colour", or none (Fuck You).
WISHES = {"Fantastic": "any", "Fantastic Four": "any", "Counterattack": "colour", "Equality": "colour",
          "Nice Try": "colour"}
WISH_VALUES = {"colour": tuple(COLOURS), "any": tuple(COLOURS) + tuple(str(n) for n in NUMBERS)}


def points(cards) -> int:
    return sum(POINTS[c] for c in cards)


def matches(card, top, wish) -> bool:
    """Whether ``card`` may go on the effective top card ``top`` with ``wish`` standing (Fuck You's
    10-card condition aside): four-colour cards on anything; a wish stands in for the top card;
    black only on its number; else number, colour or symbol."""
    colour = COLOUR[card]
    if colour is None:
        return True
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


_FITS: dict = {}


def fitting(top, wish) -> frozenset:
    """Every play card that goes on ``top`` with ``wish`` standing (Fuck You aside: it depends on the
    hand), computed once per table and kept."""
    key = (top, wish)
    found = _FITS.get(key)
    if found is None:
        found = _FITS[key] = frozenset(c for c in PLAY_CARDS if c != FUCK_YOU and matches(c, top, wish))
    return found


def wish_words(wish) -> str:
    return wish if wish.isdigit() else COLOUR_NAME[wish]


_NAMES = {c.lower().replace(" ", ""): c for c in PLAY_CARDS} | {e.lower().replace(" ", ""): e for e in EVENTS}
_NAMES |= {"fridaythe13": "Friday the 13th", "allseeingeye": "The All-Seeing Eye", "fy": FUCK_YOU}
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
        raise ValueError(f"deck: unknown Frantic card {token!r}; write e.g. 'r5', 'k3', 'Gift g', "
                         "'2nd Chance b', 'Fantastic Four', 'Fuck You'")
    return card


def parse_event(token) -> str:
    """An event from its English name ("Time Bomb"); ValueError names a bad token."""
    card = _lookup(token)
    if card not in EVENT_SET:
        raise ValueError(f"events: unknown Frantic event {token!r}; the base events are {', '.join(EVENTS)}")
    return card


def make_deck() -> Counter:
    return PLAY_PACK + Counter(EVENTS)


def kind_of(card) -> str:
    if card in EVENT_SET:
        return "event"
    colour = COLOUR[card]
    return {"r": "red", "g": "green", "b": "blue", "y": "yellow", "k": "black", None: "special"}[colour]


#: Renderer hints (widgets): colours of the cards, draw piles drawn top first.
HINTS = {
    "kind": kind_of,
    "colors": {"red": "#c62828", "green": "#2e7d32", "blue": "#1f5fbf", "yellow": "#b7950b",
               "black": "#1f2933", "special": "#7b3fa0", "event": "#00838f"},
    "top_first": ["deck", "events"],
    "piles": ["deck", "discard", "events", "revealed"],
    "back": "",
    "zone_labels": {"hand": "hand", "discard": "discard pile (top on the right)", "deck": "draw pile",
                    "events": "event pile", "revealed": "events this round", "market": "market",
                    "giving": "to give away"},
    "score_label": "points",
    "show_facts": {"wish": "Wish"},
    "fact_text": {**{c: COLOUR_NAME[c] for c in COLOURS}, **{str(n): str(n) for n in NUMBERS}},
}
