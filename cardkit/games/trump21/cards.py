""""21" with trump cards: the notation, the two packs and the rule predicates.

Number cards are written "1" … "11" (four of each); trump cards by the name printed on them:
"Draw 2" … "Draw 7", "Damage+1", "Damage+2", "Go for 17", "Go for 24", "Go for 27", "Harvest",
"Perfect Draw", "Love your enemy", "Destroy", "Exchange", "Shield", "Return", "Trump Switch".
Names are read case-insensitively and with any spacing ("perfect draw", "go for24", "damage +1").
"""
from collections import Counter

from cardkit.i18n import N_

NUMBERS = [str(n) for n in range(1, 12)]
VALUE = {card: int(card) for card in NUMBERS}
COPIES = 4

DRAWS = [f"Draw {n}" for n in range(2, 8)]
GO_FORS = ["Go for 17", "Go for 24", "Go for 27"]
TRUMPS = [*DRAWS, "Damage+1", "Damage+2", *GO_FORS, "Harvest", "Perfect Draw", "Love your enemy",
          "Destroy", "Exchange", "Shield", "Return", "Trump Switch"]

#: The number card a Draw x names, the target a Go for x sets, the damage a Damage+ adds.
DRAW_CARD = {card: card.split()[1] for card in DRAWS}
GO_FOR = {card: int(card.split()[-1]) for card in GO_FORS}
DAMAGE_PLUS = {"Damage+1": 1, "Damage+2": 2}
SHIELD = 2                       # damage a Shield takes off

#: The default trump deck of 24 cards (docs/rules/trump21.md).
DEFAULT_TRUMPS = {**{card: 1 for card in DRAWS}, "Damage+1": 2, "Damage+2": 1, "Go for 17": 1,
                  "Go for 24": 1, "Go for 27": 1, "Harvest": 1, "Perfect Draw": 2, "Love your enemy": 1,
                  "Destroy": 2, "Exchange": 1, "Shield": 2, "Return": 2, "Trump Switch": 1}

class PresetTable(dict):
    """A trump table with a name, so a list of presets reads well (rule explorer, menus). The
    ``trumps`` option takes it like any table."""

    def __init__(self, name, table):
        super().__init__(table)
        self.name = name

    def __str__(self):
        return self.name

    def __reduce__(self):
        return (PresetTable, (self.name, dict(self)))


_NONE = {card: 0 for card in TRUMPS}

#: Trump decks to compare: the default 24 cards, none, only the cards that draw, twice the default.
PRESETS = [
    PresetTable(N_("default 24 trumps"), DEFAULT_TRUMPS),
    PresetTable(N_("no trumps"), _NONE),
    PresetTable(N_("only drawing trumps"), {**_NONE, **{card: 1 for card in DRAWS}, "Perfect Draw": 4,
                                        "Love your enemy": 2, "Return": 4}),
    PresetTable(N_("no Perfect Draw"), {**DEFAULT_TRUMPS, "Perfect Draw": 0}),
    PresetTable(N_("double deck"), {card: 2 * n for card, n in DEFAULT_TRUMPS.items()}),
]

#: Which rule clause each trump kind is explained by.
TRUMP_RULE = {**{card: "trump21.draw_x" for card in DRAWS}, "Damage+1": "trump21.damage_plus",
              "Damage+2": "trump21.damage_plus", **{card: "trump21.go_for" for card in GO_FORS},
              "Harvest": "trump21.harvest", "Perfect Draw": "trump21.perfect_draw",
              "Love your enemy": "trump21.love_your_enemy", "Destroy": "trump21.destroy",
              "Exchange": "trump21.exchange", "Shield": "trump21.shield", "Return": "trump21.return",
              "Trump Switch": "trump21.trump_switch"}

#: Trumps aimed at another player (``PlayTrump.target``).
AIMED = frozenset(["Damage+1", "Damage+2", "Love your enemy"])


def _key(token) -> str:
    return "".join(str(token).split()).lower()


_NUMBER_SPELLINGS = {card: card for card in NUMBERS}
_TRUMP_SPELLINGS = {_key(card): card for card in TRUMPS}


def parse_number(token) -> str:
    """A number card "1" … "11"; raises ValueError naming the token (a trump says where it goes)."""
    card = _NUMBER_SPELLINGS.get(_key(token))
    if card is None:
        if _key(token) in _TRUMP_SPELLINGS:
            raise ValueError(f"{token!r} is a trump card; stack trumps with trumps=[...]")
        raise ValueError(f"unknown number card {token!r}; the number cards are 1 … 11")
    return card


def parse_trump(token) -> str:
    """A trump card by its printed name, any case and spacing; raises ValueError naming the token."""
    card = _TRUMP_SPELLINGS.get(_key(token))
    if card is None:
        if _key(token) in _NUMBER_SPELLINGS:
            raise ValueError(f"{token!r} is a number card; stack number cards with deck=[...]")
        raise ValueError(f"unknown trump card {token!r}; the trumps are {', '.join(TRUMPS)}")
    return card


def parse(token) -> str:
    """Any card of the game, number or trump; raises ValueError naming an unknown token."""
    key = _key(token)
    card = _NUMBER_SPELLINGS.get(key) or _TRUMP_SPELLINGS.get(key)
    if card is None:
        raise ValueError(f"unknown card {token!r}; number cards are 1 … 11, trumps are {', '.join(TRUMPS)}")
    return card


def number_deck() -> Counter:
    return Counter({card: COPIES for card in NUMBERS})


def trump_deck(table: dict) -> Counter:
    """The trump deck from an option table name -> count (kinds with 0 left out)."""
    return Counter({card: n for card, n in table.items() if n})


# -- the rule predicates (the state, the bots and prob.py all ask them) --------------------------------
def total(cards) -> int:
    """The sum of number cards (a hidden card counts too)."""
    return sum(VALUE[c] for c in cards)


def best_card(cards, have: int, target: int):
    """The best card for a player at ``have`` among ``cards`` (Perfect Draw, Love your enemy): the
    one that brings them closest to ``target`` without going over; if all go over, the smallest.
    None when ``cards`` is empty."""
    values = {VALUE[c] for c in cards}
    if not values:
        return None
    fit = [v for v in values if have + v <= target]
    return str(max(fit) if fit else min(values))


def round_winners(totals: dict, target: int) -> list:
    """The seats that win a round scored normally: of the totals at or under ``target`` the highest;
    if everyone is over, the lowest. ``totals``: seat -> total."""
    under = [t for t in totals.values() if t <= target]
    best = max(under) if under else min(totals.values())
    return [s for s, t in totals.items() if t == best]


def damage_taken(base: int, plus: int, shields: int) -> int:
    """Lives a loser loses: the round damage plus Damage+ lying at them, minus 2 per Shield; never
    below 0 (a Shield never heals)."""
    return max(0, base + plus - SHIELD * shields)


#: Renderer hints (widgets): number cards and trumps in two colours, the piles drawn top first.
HINTS = {
    "labels": {},
    "kind": {**{c: "number" for c in NUMBERS}, **{c: "trump" for c in TRUMPS}},
    "colors": {"number": "#2f5597", "trump": "#b8860b"},
    "top_first": ["deck", "trump_pile", "trump_deck"],
    "piles": ["deck", "discard", "trump_pile", "trump_deck"],
    "back": "21",
    "zone_labels": {"hidden": N_("hidden card"), "open": N_("open cards"), "trumps": N_("trumps in hand"),
                    "played": N_("trumps lying here"), "deck": N_("number deck"), "discard": N_("discard pile"),
                    "trump_pile": N_("trump draw pile"), "trump_deck": N_("trump deck")},
    "score_label": N_("lives"),
    "show_facts": {"target": N_("Target"), "round": N_("Round")},
    "fact_text": {},
}
