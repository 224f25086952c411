"""One card drawn as a card: self-contained HTML with inline styles (works without the CSS block).

Per-game hints (optional ``HINTS`` dict in ``cardkit.games.<id>.cards``):
  ``kind``: {card: kind} or callable(card) -> kind
  ``colors``: {kind or card: "#rrggbb"} accent colour
  ``labels``: {card: short text shown on the card}
  ``names``: {card: full name} or callable(card) -> name: what a screen reader says ("Queen of hearts");
             default the label
  ``breaks``: long words with where they may break on a card, e.g. ["Counter|attack"]
  ``back``: text on the card back
  ``top_first``: zone names whose list starts with the top card (default deck/draw/stock)
Absent hints fall back to guesses from the card text (numbers, +/x modifiers, suits, words).
"""
from __future__ import annotations

import html
import re

import ipywidgets as W
import traitlets

from cardkit import i18n
from cardkit.i18n import _

from ..ui.buttons import Button


def cards_count(n: int) -> str:
    """ "1 card", "5 Karten": a pile's count in the page's language."""
    return i18n.count(n, "{n} card", "{n} cards").localized()


DEFAULT_COLORS = {
    "number": "#1f5fbf", "modifier": "#1e8e3e", "action": "#c0392b", "red": "#c62828",
    "black": "#1f2933", "word": "#c0392b", "special": "#7b3fa0", "trump": "#b7791f",
}
PALETTE = ["#1f5fbf", "#1e8e3e", "#c0392b", "#7b3fa0", "#b7791f", "#00838f", "#ad1457", "#455a64"]
_RED_SUITS = set("♥♦")
_BLACK_SUITS = set("♠♣")


def card_kind(card: str, hints: dict | None = None) -> str:
    kind = (hints or {}).get("kind")
    if callable(kind):
        found = kind(card)
        if found:
            return found
    elif isinstance(kind, dict) and card in kind:
        return kind[card]
    text = str(card)
    if re.fullmatch(r"-?\d+", text):
        return "number"
    if re.fullmatch(r"[+x×*]\d+", text):
        return "modifier"
    if _RED_SUITS & set(text) or text[-1:].upper() in ("H", "D") and len(text) <= 3 and text[:-1].isalnum():
        return "red"
    if _BLACK_SUITS & set(text) or text[-1:].upper() in ("S", "C") and len(text) <= 3 and text[:-1].isalnum():
        return "black"
    return "word"


def card_color(card: str, hints: dict | None = None) -> str:
    colors = (hints or {}).get("colors") or {}
    if card in colors:
        return colors[card]
    kind = card_kind(card, hints)
    if kind in colors:
        return colors[kind]
    if kind in DEFAULT_COLORS:
        return DEFAULT_COLORS[kind]
    return PALETTE[sum(map(ord, kind)) % len(PALETTE)]


def _luminance(hex_color: str) -> float:
    """WCAG's relative luminance of a "#rrggbb" colour."""
    value = hex_color.lstrip("#")
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two "#rrggbb" colours (1 to 21)."""
    dark, light = sorted((_luminance(one), _luminance(other)))
    return (light + 0.05) / (dark + 0.05)


def ink(hex_color: str, background: str, ratio: float = 4.5) -> str:
    """``hex_color`` darkened just enough to be read on ``background`` (WCAG AA for text, 4.5:1): a
    gold or teal card keeps its hue, its text becomes readable."""
    value = hex_color.lstrip("#")
    if len(value) != 6:
        return hex_color
    rgb = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
    color = hex_color
    for step in range(1, 21):
        if contrast(color, background) >= ratio:
            break
        color = "#" + "".join(f"{round(c * (1 - step / 20)):02x}" for c in rgb)
    return color


def _tint(hex_color: str, amount: float = 0.9) -> str:
    """A pale version of the colour, for the card's face."""
    value = hex_color.lstrip("#")
    if len(value) != 6:
        return "#ffffff"
    r, g, b = (int(value[i:i + 2], 16) for i in (0, 2, 4))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


SIZES = {"normal": (70, 98), "small": (50, 70), "big": (96, 134)}


#: Where a label may break: drawn as a soft hyphen, which shows as "-" only where the line breaks.
BREAK = "\u00ad"
#: A drawn card's label may also break before a "+" that follows a letter ("Damage+2"), showing nothing.
PLUS_BREAK = re.compile(r"(?<=\w)\+")


def label_font(label: str, width: int = 70) -> int:
    """The font size (px, on a card ``width`` px wide) at which a card's label fits: big for "9♥",
    smaller for words, so that the longest piece that cannot break ("Counter" of "Counterattack"
    broken where the game's ``breaks`` allow) fits the width."""
    if len(label) <= 2:
        return 34
    if len(label) <= 3:
        return 25
    # a piece ends at a space, after a hyphen, or at a BREAK (drawn as a hyphen when it breaks there)
    longest = max((em_width(piece) for piece in re.findall(f"[^\\s{BREAK}-]+[-{BREAK}]?", label)), default=1)
    return max(8, min(20, int((width - 14) / longest)))     # inside the border (3 px) and padding (3 px)


def em_width(text: str) -> float:
    """About how wide ``text`` is in the cards' bold DejaVu Sans, in em: letter by letter, since
    "enemy" is a fifth wider than "Trouble" for as many letters (measured in chromium)."""
    return sum(0.36 if c in "ijlI.,:;'!|" else 0.47 if c in f"frt-{BREAK}" else 1.04 if c in "mwMW"
               else 0.84 if c in "+=<>~" else 0.8 if c.isupper() else 0.72 if c.isdigit() else 0.68
               for c in text)


def breakable(label: str, hints: dict | None = None) -> str:
    """``label`` with a BREAK wherever the game's ``breaks`` let a long word break on a card; the
    browser breaks there only when the word does not fit on one line."""
    breaks = (hints or {}).get("breaks")
    if not breaks:
        return label
    words = {word.replace("|", ""): word.replace("|", BREAK) for word in breaks}
    return " ".join(words.get(word, word) for word in label.split(" "))


def card_html(card, hints: dict | None = None, size: str = "normal", title: str | None = None) -> str:
    """HTML for one card; ``None`` draws a face-down card back."""
    hints = hints or {}
    w, h = SIZES.get(size, SIZES["normal"])
    scale = w / 70
    base = (f"display:inline-flex;flex-direction:column;justify-content:center;align-items:center;"
            f"position:relative;box-sizing:border-box;width:{w}px;height:{h}px;border-radius:{round(9*scale)}px;"
            f"margin:2px;vertical-align:middle;box-shadow:0 2px 4px rgba(0,0,0,.25);"
            f"font-family:'DejaVu Sans',Arial,sans-serif;user-select:none;flex:none;")
    if card is None:
        back = html.escape(str(hints.get("back", "")))
        title = html.escape(title or "face-down card")
        return (f'<div class="ck-card ck-card-back" role="img" title="{title}" aria-label="{title}" '
                f'style="{base}border:{max(2, round(3*scale))}px solid #ffffff;outline:1px solid #23395d;'
                f"background:repeating-linear-gradient(45deg,#2f5597 0 6px,#23467f 6px 12px);"
                f'color:#fff;font-weight:700;font-size:{round(13*scale)}px;">{back}</div>')
    label = breakable(card_label(card, hints), hints)
    color = card_color(card, hints)
    text_color = ink(color, _tint(color))
    kind = card_kind(card, hints)
    n = len(label)
    font = round(label_font(PLUS_BREAK.sub(" +", label)) * scale)
    corner = ""
    if n <= 3:
        corner = (f'<span aria-hidden="true" style="position:absolute;top:3px;left:6px;font-size:{round(13*scale)}px;'
                  f'font-weight:700;color:{text_color};">{html.escape(label)}</span>'
                  f'<span aria-hidden="true" style="position:absolute;bottom:3px;right:6px;font-size:{round(13*scale)}px;'
                  f'font-weight:700;color:{text_color};transform:rotate(180deg);">{html.escape(label)}</span>')
    # Read once, by its name: the corners and the face are hidden from a screen reader.
    name = html.escape(title or (card_name(card, hints) if hints.get("names") or hints.get("name") else f"{card} ({kind})"))
    return (f'<div class="ck-card ck-kind-{html.escape(re.sub(r"[^a-zA-Z0-9_-]", "", kind))}" '
            f'role="img" title="{name}" aria-label="{name}" '
            f'style="{base}border:{max(2, round(3*scale))}px solid {color};background:{_tint(color)};'
            f'color:{text_color};">{corner}'
            f'<span aria-hidden="true" style="font-size:{font}px;font-weight:800;text-align:center;line-height:1.05;'
            f'padding:0 3px;word-break:keep-all;overflow-wrap:normal;hyphens:manual;'
            f'white-space:{"nowrap" if n <= 3 else "normal"};">'
            f'{PLUS_BREAK.sub("<wbr>+", html.escape(label).replace(BREAK, "&shy;"))}</span></div>')


def cards_html(cards, hints: dict | None = None, size: str = "normal") -> str:
    """A row of cards (wraps on narrow screens)."""
    inner = "".join(card_html(c, hints, size) for c in cards)
    return f'<div class="ck-cards" style="display:flex;flex-wrap:wrap;gap:2px;align-items:center;">{inner}</div>'


def gallery_html(groups, counts, hints: dict | None = None, size: str = "normal") -> str:
    """A deck shown group by group for a walkthrough: each group's title with its number of cards, then
    each card once with "× count" under it. ``groups``: (title, cards) pairs; ``counts``: card -> count."""
    def group(title, cards):
        cards = [c for c in cards if counts[c]]
        tiles = "".join(f"<div style='display:inline-block;text-align:center;margin:4px'>{card_html(c, hints, size)}"
                        f"<div style='font-size:90%;color:#444'>× {counts[c]}</div></div>" for c in cards)
        return (f"<h4>{html.escape(_(title))}: {sum(counts[c] for c in cards)}</h4>"
                f"<div style='display:flex;flex-wrap:wrap;align-items:flex-end'>{tiles}</div>")
    return "".join(group(title, cards) for title, cards in groups)


def fan_html(cards, hints: dict | None = None, size: str = "normal", width: int = 520) -> str:
    """Many face-up cards overlapping like a hand of cards: every corner index stays readable
    (to count what is gone) in a fraction of the room; rows wrap when even that is too wide. Cards
    mostly named in words (no corner index) are listed by name instead (``names_html``)."""
    cards = list(cards)
    if 2 * sum(c is not None and len(card_label(c, hints)) > 3 for c in cards) > len(cards):
        return names_html(cards, hints, width)      # mostly names in words: a fan would hide them
    w = SIZES.get(size, SIZES["normal"])[0] + 4                  # a card with its margins
    step = max(24, min(w - 20, (width - w) // max(1, len(cards) - 1)))
    overlap = w - step
    inner = "".join(f'<div style="margin-left:-{overlap}px">{card_html(c, hints, size)}</div>' for c in cards)
    return (f'<div class="ck-fan" style="display:flex;flex-wrap:wrap;padding-left:{overlap}px;row-gap:4px;">'
            f'{inner}</div><span class="ck-pile-count">{html.escape(i18n.count(len(cards), "{n} card", "{n} cards").localized())}</span>')


def names_html(cards, hints: dict | None = None, width: int = 520) -> str:
    """Many face-up cards named in words (a trump deck in the teacher's view), in order: their names
    in their colours, wrapping. A fan shows only a card's corner, and a word has none."""
    def name(card):
        if card is None:
            return '<span class="ck-card-name" style="padding:1px 6px;border-radius:6px;background:#2f5597;color:#fff">?</span>'
        color = card_color(card, hints)
        return (f'<span class="ck-card-name" title="{html.escape(card_name(card, hints))}" style="padding:1px 6px;border-radius:6px;'
                f'border:2px solid {color};background:{_tint(color)};color:{ink(color, _tint(color))};font-weight:700;font-size:14px;'
                f'white-space:nowrap;">{html.escape(card_label(card, hints))}</span>')
    return (f'<div class="ck-card-names" style="display:flex;flex-wrap:wrap;gap:3px;max-width:{width}px;">'
            f'{"".join(name(c) for c in cards)}</div><span class="ck-pile-count">{html.escape(cards_count(len(cards)))}</span>')


def pile_html(cards, hints: dict | None = None, top_first: bool = False, size: str = "normal") -> str:
    """A long pile as one card (its back, or its top card face up) with a count, not dozens of cards."""
    count = len(cards)
    if count == 0:
        return f'<span class="ck-zone-empty">{html.escape(_("empty"))}</span>'
    top = cards[0] if top_first else cards[-1]
    hidden = top is None
    title = cards_count(count) + ("" if hidden else ", " + _("top card {card}").format(card=card_name(top, hints)))
    shadow = ("box-shadow:3px 3px 0 #ffffff,4px 4px 0 #9aa5b1,7px 7px 0 #ffffff,8px 8px 0 #9aa5b1;"
              if count > 1 else "")
    return (f'<div class="ck-pile" style="display:inline-flex;align-items:center;gap:12px;">'
            f'<div style="display:inline-block;border-radius:10px;{shadow}">{card_html(top, hints, size, title)}</div>'
            f'<span class="ck-pile-count" style="font-size:15px;">{cards_count(count)}</span></div>')


def card_label(card, hints: dict | None = None) -> str:
    """The short text a card shows (the game's label, e.g. "9♥" for "9H")."""
    return _(str(((hints or {}).get("labels") or {}).get(card, card)))


def card_name(card, hints: dict | None = None) -> str:
    """A card's full name, as a screen reader says it ("Queen of hearts"): the game's ``names``,
    else its label."""
    names = (hints or {}).get("names") or (hints or {}).get("name")
    found = names(card) if callable(names) else (names or {}).get(card)
    return str(found) if found else card_label(card, hints)


class CardButton(Button):
    """A button that may show a card: ``card`` (a trait kept in the kernel, never sent to the page)."""

    card = traitlets.Any(None, allow_none=True, help="the card this button shows, or None")


def card_button(card, hints: dict | None = None, size: str = "normal", tooltip: str = "",
                cls: type = CardButton) -> CardButton:
    """A face-up card as a real button (Tab reaches it, Enter and Space press it), coloured like
    ``card_html``; its text is the card's label (with the game's ``breaks``). CSS class ``ck-card-button``.
    ``cls``: a CardButton class (the move panel's carries what a press chooses)."""
    hints = hints or {}
    w, h = SIZES.get(size, SIZES["normal"])
    color = card_color(card, hints)
    label = card_label(card, hints)
    shown = breakable(label, hints)          # a soft hyphen where a long name may wrap (the button wraps)
    button = cls(description=shown, tooltip=tooltip or card_name(card, hints), card=card,
                 layout=W.Layout(width=f"{w}px", height=f"{h}px", border=f"3px solid {color}",
                                   margin="2px", padding="0px"))
    button.style.button_color = _tint(color)
    button.style.text_color = ink(color, _tint(color))
    button.style.font_weight = "800"
    button.style.font_size = f"{min(26, round(label_font(shown) * w / 70))}px"
    button.add_class("ck-card-button")
    button.add_class(f"ck-kind-{re.sub(r'[^a-zA-Z0-9_-]', '', card_kind(card, hints))}")
    return button


class CardView(W.HTML):
    """One card as a widget; set ``.card`` (None = face down) to redraw."""

    def __init__(self, card: str | None = None, hints: dict | None = None, size: str = "normal", **kwargs):
        self._hints = hints
        self._size = size
        self._card = card
        super().__init__(card_html(card, hints, size), **kwargs)
        self.add_class("ck-cardview")

    @property
    def card(self):
        return self._card

    @card.setter
    def card(self, card):
        self._card = card
        self.value = card_html(card, self._hints, self._size)
