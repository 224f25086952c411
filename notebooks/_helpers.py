"""Small helpers shared by the notebooks: the game catalogue for the landing page,
a question with a hidden answer, and the "stop at N" round used by the lessons.

Notebooks in a subfolder (lessons/) put the notebooks folder on ``sys.path`` first.
Nothing here imports plotly, so the landing page stays light.
"""
from __future__ import annotations

import html
import os
from collections import Counter

import ipywidgets as w

# -- the landing page's catalogue: adding a game is one entry --------------------------------
# id -> title, blurb, walkthrough notebook, [(lesson title, notebook)], all paths relative
# to notebooks/ (index.ipynb lives there, so they work under /voila/render/ as they are).
GAMES = {
    "flip7": {
        "title": "Flip 7",
        "blurb": "Push your luck: flip cards one at a time and stop before you flip a number "
                 "you already have. 94 cards, 1 to 18 players.",
        "walkthrough": "flip7.ipynb",
        "lessons": [("When to stop? Chance and expected value", "lessons/flip7_when_to_stop.ipynb")],
    },
    "eights": {
        "title": "Huit américain",
        "blurb": "Crazy Eights with a 32-card pack: 8s change the suit, Aces make the next player "
                 "draw two and Queens skip a player; 2 to 6 players.",
        "walkthrough": "eights.ipynb",
        "lessons": [("Will I have to draw? Chance with a real deck", "lessons/eights_will_i_draw.ipynb")],
    },
}

TILE_CSS = """
<style>
.ck-tiles { display: flex; flex-wrap: wrap; gap: 16px; margin: 8px 0 16px 0; }
.ck-tile { width: 300px; border: 1px solid #c8ccd4; border-radius: 10px; padding: 14px 16px;
           background: #fbfbfd; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
.ck-tile h3 { margin: 0 0 6px 0; font-size: 1.25em; }
.ck-tile p { margin: 0 0 10px 0; line-height: 1.4; }
.ck-tile .ck-links a { display: inline-block; margin: 2px 6px 2px 0; padding: 5px 10px;
           border-radius: 6px; background: #2f6fbf; color: white; text-decoration: none;
           line-height: 1.35; }
.ck-tile .ck-links a.ck-lesson { background: #e9eef7; color: #1d4f91; }
.ck-tile .ck-soon { color: #777; font-style: italic; }
</style>
"""


def tile_html(game_id: str, entry: dict | None) -> str:
    """One game's card on the landing page; a game without a catalogue entry says 'coming soon'."""
    esc = html.escape
    if entry is None:
        return (f'<div class="ck-tile" data-game="{esc(game_id)}"><h3>{esc(game_id)}</h3>'
                f'<p class="ck-soon">Walkthrough coming soon.</p></div>')
    links = [f'<a class="ck-walkthrough" href="{esc(entry["walkthrough"])}">Learn the rules and play</a>']
    links += [f'<a class="ck-lesson" href="{esc(path)}">Lesson: {esc(title)}</a>'
              for title, path in entry.get("lessons", [])]
    return (f'<div class="ck-tile" data-game="{esc(game_id)}"><h3>{esc(entry["title"])}</h3>'
            f'<p>{esc(entry["blurb"])}</p><div class="ck-links">{"".join(links)}</div></div>')


def tiles_html(game_ids, catalogue=GAMES) -> str:
    """The landing page's tiles, one per game the engine plays, in the engine's order."""
    return TILE_CSS + '<div class="ck-tiles">' + "".join(
        tile_html(g, catalogue.get(g)) for g in game_ids) + "</div>"


# -- a question with its answer behind a button ---------------------------------------------
def question(prompt: str, answer: str, label: str = "Show the answer") -> w.VBox:
    """A question for students; the answer (HTML) appears when the button is pressed."""
    ask = w.HTML(f"<b>Question.</b> {prompt}")
    shown = w.HTML(f"<div style='padding:6px 10px;border-left:4px solid #2f6fbf;background:#f3f6fb'>"
                   f"{answer}</div>", layout=w.Layout(display="none"))
    button = w.Button(description=label, icon="eye", layout=w.Layout(width="auto"))

    def toggle(_):
        hidden = shown.layout.display == "none"
        shown.layout.display = None if hidden else "none"
        button.description = "Hide the answer" if hidden else label

    button.on_click(toggle)
    box = w.VBox([ask, button, shown], layout=w.Layout(margin="8px 0 16px 0", align_items="flex-start"))
    box.add_class("ck-question")
    return box


# -- counting for the lessons (numbers-only deck) -----------------------------------------
def number_deck() -> Counter:
    """The numbers-only Flip 7 deck: one 0, one 1, two 2s ... twelve 12s (79 cards)."""
    from cardkit.games.flip7.cards import make_deck
    return make_deck(actions=False, modifiers=False)


def count_bust(line, deck: Counter | None = None):
    """(k, N): k of the N cards left would bust a player whose line is ``line`` (numbers, as str)."""
    deck = Counter(number_deck() if deck is None else deck)
    deck.subtract(Counter(line))
    left = +deck
    k = sum(left[c] for c in set(line))
    return k, sum(left.values())


def one_more_flip(line, deck: Counter | None = None) -> dict:
    """Expected change of the round score from one more flip, counted card by card.

    Ignores what happens after this flip (the Flip 7 bonus, later flips): one step ahead only.
    """
    deck = Counter(number_deck() if deck is None else deck)
    deck.subtract(Counter(line))
    left = +deck
    total = sum(left.values())
    score = sum(int(c) for c in line)
    safe = {c: n for c, n in left.items() if c not in line}
    k = total - sum(safe.values())
    gain = sum(int(c) * n for c, n in safe.items()) / total
    loss = k / total * score
    return {"score": score, "k": k, "N": total, "p_bust": k / total,
            "mean_gain_if_safe": (gain * total / (total - k)) if total > k else 0.0,
            "gain": gain, "loss": loss, "change": gain - loss}


def stop_at_round(threshold: int, seed: int) -> tuple[int, bool]:
    """Play round 1 of a solo Flip 7 game (numbers only) with the engine and
    ``ThresholdBot(threshold)``: Hit while the number sum is below ``threshold``, then Stay.
    Returns (banked score, busted): the same figures ``prob.threshold_table`` gives exactly."""
    import cardkit
    from cardkit.games.flip7.bots import ThresholdBot
    game = cardkit.make("flip7", players=1, seed=seed, actions=False, modifiers=False)
    state = game.new_state()
    bot = ThresholdBot(threshold, seed=seed)
    while state.round == 1 and not state.is_over:
        state.apply(bot.act(state.view(0), state.legal_actions()))
    busted = any(e.kind == "bust" for e in state.events)
    return state.totals[0], busted


class LinePicker(w.VBox):
    """Thirteen toggle buttons, 0 to 12: the numbers in a player's line. ``.line`` is the list
    (as card strings, in the order picked); ``on_change(callback)`` calls back with it."""

    def __init__(self, line=()):
        self.line = [str(c) for c in line]
        self._callbacks = []
        self.buttons = []
        for n in range(13):
            b = w.ToggleButton(description=str(n), value=str(n) in self.line,
                               layout=w.Layout(width="42px"), tooltip=f"a {n} in your line")
            b.observe(self._toggled, "value")
            self.buttons.append(b)
        clear = w.Button(description="Clear", layout=w.Layout(width="auto"))
        clear.on_click(lambda _: self.set([]))
        super().__init__([w.HTML("Click the numbers in your line:"),
                          w.HBox(self.buttons + [clear], layout=w.Layout(flex_flow="row wrap"))])
        self.add_class("ck-line-picker")

    def _toggled(self, change):
        card = change["owner"].description
        if change["new"] and card not in self.line:
            self.line.append(card)
        elif not change["new"] and card in self.line:
            self.line.remove(card)
        if not getattr(self, "_quiet", False):
            for cb in self._callbacks:
                cb(list(self.line))

    def set(self, line):
        self._quiet = True
        self.line = []
        for b in self.buttons:
            b.value = False
        for c in line:
            self.buttons[int(c)].value = True
        self._quiet = False
        for cb in self._callbacks:
            cb(list(self.line))

    def on_change(self, callback):
        self._callbacks.append(callback)


def percent(p: float, digits: int = 1) -> str:
    return f"{100 * p:.{digits}f}%"


def on_demand(label: str, factory, hint: str = "") -> w.VBox:
    """A button that builds a heavy widget (plots, simulations) only when pressed, so the page
    itself loads fast. ``factory()`` returns the widget; an error is shown in words."""
    button = w.Button(description=label, icon="chevron-down", button_style="info",
                      layout=w.Layout(width="auto"))
    box = w.VBox([w.HBox([button, w.HTML(f"<i>{html.escape(hint)}</i>" if hint else "")],
                         layout=w.Layout(align_items="center"))])
    box.add_class("ck-on-demand")

    def build(_):
        button.disabled = True
        button.description = "Opening…"
        try:
            box.children = [factory()]
        except Exception as err:  # shown on the page, not lost in the kernel log
            box.children = [w.HTML(f"<b>This part could not open:</b> {html.escape(str(err))}")]

    button.on_click(build)
    return box


def html_widget(markup: str, css_class: str = "ck-links") -> w.HTML:
    """HTML shown by a widget, not by Jupyter's output renderer.

    Under Voila the output renderer hands relative links (``flip7.ipynb``) to a JupyterLab
    command that does nothing there, so a click would not leave the page. A widget's HTML
    is plain HTML: the browser resolves the link against the page's address
    (``/voila/render/index.ipynb`` -> ``/voila/render/flip7.ipynb``) and follows it."""
    box = w.HTML(markup)
    box.add_class(css_class)
    return box


def nav(*links) -> w.HTML:
    """A line of page links, e.g. ``nav(("← All games", "../index.ipynb"), ...)``."""
    return html_widget(" · ".join(f'<a href="{html.escape(href)}">{html.escape(text)}</a>'
                                  for text, href in links), "ck-nav")


# -- the last cell of every page ----------------------------------------------------------
def wait_for_visitor() -> None:
    """Hold a preheated kernel until a visitor's page takes it; return at once otherwise.

    Voila marks its pool kernels with VOILA_PREHEAT=True. This does what
    voila.utils.wait_for_request() does (wait on Voila's /voila/query/<kernel id> socket for
    the visitor's request, then put it in os.environ) without importing voila, whose import
    pulls in jupyter_server: 5 s of CPU, 15-25 s on a busy 2-core machine, which a visitor
    arriving while the pool kernel still runs the page would wait for."""
    if os.environ.get("VOILA_PREHEAT") != "True":
        return
    kernel_id = os.environ.get("VOILA_KERNEL_ID")
    if not kernel_id:                          # not the Voila this was written for: its own way
        from voila.utils import wait_for_request
        wait_for_request()
        return
    import asyncio
    import json
    import threading

    import websockets                          # a dependency of voila

    env = os.environ.get
    url = (f"{env('VOILA_WS_PROTOCOL', 'ws')}://{env('VOILA_APP_IP', '127.0.0.1')}:{env('VOILA_APP_PORT', '8866')}"
           f"{env('VOILA_WS_BASE_URL', env('VOILA_SERVER_URL', '/'))}voila/query/{kernel_id}")
    received = []

    async def receive():
        async with websockets.connect(url, open_timeout=5) as socket:
            received.append(await socket.recv())

    def run():                                 # the kernel's own event loop is busy running this cell
        try:
            asyncio.new_event_loop().run_until_complete(receive())
        except Exception:                      # no request info: the page works without it
            pass

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join()
    for text in received:
        os.environ.update({str(k): str(v) for k, v in json.loads(text).items()})
