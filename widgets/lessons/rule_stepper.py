"""RuleStepper: a game's rule clauses one at a time, each with a live stacked-deck demo when the game has one.

A demo (the game's declared ``demos[rule_id]``, ``cardkit.games.declaration(id)``) is
``{"players": int, "options": dict, "deck": [cards, top first], "actions": [labels], "caption": str}``,
and ``"piles": {name: [cards]}`` for the other piles a game stacks (``trumps``);
each label is matched against ``str(action)`` among ``legal_actions()``. A demo that runs past its
stacked cards (into a later deal's shuffle) pins its ``"seed"``.
"""
from __future__ import annotations

import dataclasses
import html
import logging

import ipywidgets as W

from cardkit import i18n
from cardkit.core import action_labelled
from cardkit.i18n import N_, _, gettext

from ..ui.declared import demos as _demos, game_id as _game_id, hints as _hints, make_game
from ..ui.buttons import Button
from ..ui.lifetime import replace_children
from ..play.log import EventLog
from ..ui.style import message_html, style_widget
from ..play.table import TableView

log = logging.getLogger("widgets")


def _common(zones_of: list, full: dict) -> dict:
    """Each zone of ``full`` with only the cards every one of ``zones_of`` shows face up; the others
    face down (None). A zone the seats see in other shapes is drawn face down whole."""
    out = {}
    for name, cards in full.items():
        seen = [list(zones.get(name, ())) for zones in zones_of]
        if any(len(shown) != len(cards) for shown in seen):
            out[name] = [None] * len(cards)
        else:
            out[name] = [card if all(shown[i] == card for shown in seen) else None for i, card in enumerate(cards)]
    return out


def public_view(full, views: list):
    """``full`` (everything face up) with a card face down wherever one of the seats' ``views``
    cannot see it: the table as a bystander sees it. None when nothing is hidden."""
    seats = [_common([v.seats[s] for v in views], zones) for s, zones in enumerate(full.seats)]
    shown = dataclasses.replace(full, seats=seats, table=_common([v.table for v in views], full.table))
    return None if (shown.seats, shown.table) == (full.seats, full.table) else shown


class RuleDemo(W.VBox):
    """One demo: the table before, then after each Step ("Step 1 of 3: Hit"); Replay starts again.
    A demo with no moves is a picture of the set-up: no Step or Replay buttons to press.
    Cards the players cannot see (hands, the bank) are drawn face down, as at a real table; a Peek
    toggle shows them, saying that every card is then shown."""

    def __init__(self, game_id: str, demo: dict, seed: int = 0, base_options: dict | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-demo")
        self.game_id, self.demo = game_id, dict(demo)
        options = {**(base_options or {}), **(self.demo.get("options") or {})}
        self.game = make_game(game_id, self.demo.get("players"), self.demo.get("seed", seed), options)
        self.script = [str(a) for a in self.demo.get("actions", [])]
        self.caption = W.HTML(f'<div class="ck-caption">{html.escape(gettext(self.demo.get("caption", "")))}</div>')
        self.step_label = W.HTML()
        self.step_button = Button(description=_("Step"), icon="step-forward", button_style="primary",
                                  tooltip=_("Play the demo's next move"), layout=W.Layout(width="auto"))
        self.replay_button = Button(description=_("Replay"), icon="refresh", tooltip=_("Start the demo again"),
                                    layout=W.Layout(width="auto"))
        self.step_button.add_class("ck-demo-step")
        self.replay_button.add_class("ck-demo-replay")
        self.step_button.on_click(lambda _b: self.step())
        self.replay_button.on_click(lambda _b: self.reset())
        self.message = W.HTML()
        self.message.add_class("ck-message")
        self.table = TableView(hints=_hints(game_id))
        self.event_log = EventLog(title=N_("Events in this demo"))
        self.peek = W.ToggleButton(value=False, description=_("Peek at the hidden cards"), icon="eye",
                                   tooltip=_("Show every card face up, also those no player may see"),
                                   layout=W.Layout(width="auto", display="none"))
        self.peek.add_class("ck-peek")
        self.peek.observe(lambda _change: self._draw_table(), "value")
        self._shown = None                    # (the teacher's view, the seats' views) drawn now
        self._step_text = ""
        self.controls = W.HBox([self.step_button, self.replay_button, self.peek, self.step_label],
                               layout=W.Layout(align_items="center", flex_flow="row wrap"))
        if not self.script:                    # nothing to step: the set-up is the demo
            self.controls.children = [self.peek, self.step_label]
        self.children = [self.caption, self.controls, self.message, self.table, self.event_log]
        self.reset()

    def reset(self) -> None:
        self.position = 0
        self.message.value = ""
        try:
            self.state = self.game.new_state(deck=self.demo.get("deck"), **(self.demo.get("piles") or {}))
        except ValueError as exc:
            self.state = None
            self.message.value = message_html(_("This demo cannot be set up: {why}").format(why=exc), "error")
            self.step_button.disabled = True
            return
        self.state.keep_round_ends = True       # a step that ends a round shows the round as it ended
        self._draw(new_from=len(self.state.events))

    @property
    def done(self) -> bool:
        return self.position >= len(self.script)

    def step(self) -> list:
        """Apply the next scripted action; returns its events."""
        if self.state is None or self.done:
            return []
        label = self.script[self.position]
        before = len(self.state.events)
        legal = self.state.legal_actions()
        action = action_labelled(legal, label)
        if action is None:                     # a reaction window nobody asked can answer: pass it by
            self.state.pass_unanswerable()
            legal = self.state.legal_actions()
            action = action_labelled(legal, label)
        if action is None:
            self.message.value = message_html(
                _("This demo cannot go on: {move} is not a legal move here (legal: {legal}).").format(
                    move=repr(label), legal=", ".join(map(str, legal)) or _("none")),
                "error")
            self.step_button.disabled = True
            return []
        ends = len(self.state.round_ends)
        shown_label = action.label_for(None)     # the move in the page's language; the script keeps str()
        self.state.apply(action)
        self.position += 1
        if self.done:
            self.state.pass_unanswerable()
        events = self.state.events[before:]
        ended = self.state.round_ends[ends] if len(self.state.round_ends) > ends else None
        self._draw(new_from=before, last=shown_label, ended=ended)
        return events

    def _draw(self, new_from: int, last: str | None = None, ended=None) -> None:
        """``ended``: the round this step ended, shown as it ended (the rules deal the next one at
        once): the demo stops on the moment its clause describes."""
        total = len(self.script)
        if not total:
            text = _("The set-up, as dealt: nothing to play in this demo.")
        elif last is None:
            text = _("The table before the first of {steps}.").format(
                steps=i18n.count(total, "{n} step", "{n} steps").localized())
        else:
            text = _("After step {n} of {total}: {move}").format(n=self.position, total=total,
                                                                 move=f"<b>{html.escape(last)}</b>")
            if self.done:
                text += _(". That was the last step: Replay starts again.")
        self._step_text = text
        self.step_button.disabled = self.done
        self.step_button.description = (_("Step {n} of {total}: {move}").format(
            n=self.position + 1, total=total, move=self._next_label()) if not self.done else _("Done"))
        if ended is None:
            state = self.state
            self._shown = (state.view(None), [state.view(s) for s in range(state.game.players)])
            self.event_log.update(self.state.events, self.game.rules, new_from=new_from)
        else:
            self._shown = (ended.view, list(ended.seats))
            self.event_log.update(self.state.events[:ended.event_index], self.game.rules, new_from=new_from)
        self._draw_table()

    def _next_label(self) -> str:
        """The next scripted move as the page shows it (its ``label_for``), looking past a reaction
        window nobody can answer as ``step`` will; the script's words if it is not legal even then."""
        label = self.script[self.position]
        action = action_labelled(self.state.legal_actions(), label)
        if action is None:
            ahead = self.state.clone()
            ahead.pass_unanswerable()
            action = action_labelled(ahead.legal_actions(), label)
        return action.label_for(None) if action is not None else _(label)

    def _draw_table(self) -> None:
        """The table as the players see it (hidden cards face down), or every card while peeking."""
        if self._shown is None:
            return
        full, views = self._shown
        hidden = public_view(full, views) if views else None
        self.peek.layout.display = None if hidden is not None else "none"
        peeking = hidden is None or self.peek.value
        note = (" " + message_html(_("Peeking: in this example every card is shown face up, also those no "
                                     "player may see.")) if hidden is not None and peeking else "")
        self.step_label.value = self._step_text + note
        self.table.update(full if peeking else hidden)


class RuleStepper(W.VBox):
    """Walks ``game.rules`` one clause at a time (Prev/Next, a dropdown of titles), with demos.

    ``start``: a rule id to open at. ``alone`` (default: True when ``start`` is given) shows just that
    rule with its demo and no navigation, to embed one rule per notebook section. ``rules``: the ids
    of the rules to walk, in that order (default: all), so one stepper can hold a section's rules
    (a page with fewer steppers has fewer widgets to load).
    ``demo_in_view``: the first demo is built when the reader gets to it (a "Show the example"
    button, which the app's page template presses as it scrolls into view), not with the page: a
    walkthrough of a dozen demos then sends the browser a tenth of the widgets at first.
    ``**options`` are game options (a demo's own options win)."""

    def __init__(self, game="flip7", start: str | None = None, alone: bool | None = None,
                 players: int | None = None, seed: int = 0, demos: dict | None = None,
                 rules: list[str] | None = None, demo_in_view: bool = False, **options):
        super().__init__()
        self.add_class("ck-rule-stepper")
        self.add_class("ck-root")
        self.game_id = _game_id(game)
        self.game = make_game(game, players, seed, options)
        self.options = dict(options) if isinstance(game, str) else dict(self.game.options)
        self.seed = seed
        self.rules = list(self.game.rules)
        if rules is not None:
            by_id = {r.id: r for r in self.rules}
            unknown = [r for r in rules if r not in by_id]
            if unknown:
                raise ValueError(f"{self.game_id} has no rule {unknown[0]!r}; its rules are {', '.join(by_id)}")
            if not rules:
                raise ValueError("rules: name at least one rule to walk, or leave it out for all of them")
            self.rules = [by_id[r] for r in rules]
        self.demos = _demos(self.game_id) if demos is None else dict(demos)
        ids = [r.id for r in self.rules]
        if start is not None and start not in ids:
            raise ValueError(f"{self.game_id} has no rule {start!r}; its rules are {', '.join(ids)}")
        self.alone = start is not None if alone is None else alone
        self.index = ids.index(start) if start is not None else 0
        self.rule_html = W.HTML()
        self.rule_html.add_class("ck-rule")
        self.demo_box = W.VBox()
        self.demo: RuleDemo | None = None
        if self.alone:      # one rule and no way to another: no navigation widgets for the page to load
            self.prev_button = self.next_button = self.dropdown = self.counter = self.nav = None
            self.children = [style_widget(), self.rule_html, self.demo_box]
        else:
            self.prev_button = Button(description=_("Prev"), icon="arrow-left", layout=W.Layout(width="auto"))
            self.next_button = Button(description=_("Next"), icon="arrow-right", layout=W.Layout(width="auto"))
            self.prev_button.add_class("ck-prev")
            self.next_button.add_class("ck-next")
            self.prev_button.on_click(lambda _b: self.go(self.index - 1))
            self.next_button.on_click(lambda _b: self.go(self.index + 1))
            self.dropdown = W.Dropdown(options=[(f"{i + 1}. {_(r.title)}", i) for i, r in enumerate(self.rules)],
                                       value=self.index, description=_("Rule"), style={"description_width": "initial"},
                                       layout=W.Layout(width="390px", max_width="100%"))
            self.dropdown.observe(lambda ch: self.go(ch["new"]), "value")
            self.counter = W.HTML()
            self.nav = W.HBox([self.prev_button, self.dropdown, self.next_button, self.counter],
                              layout=W.Layout(align_items="center", flex_flow="row wrap"))
            self.children = [style_widget(), self.nav, self.rule_html, self.demo_box]
        self._demo_later = demo_in_view
        self.go(self.index)
        self._demo_later = False

    @property
    def rule(self):
        return self.rules[self.index]

    def go(self, index: int) -> None:
        index = max(0, min(len(self.rules) - 1, index))
        self.index = index
        if self.dropdown is not None and self.dropdown.value != index:
            self.dropdown.value = index          # re-enters go() once, harmlessly
            return
        rule = self.rule
        self.rule_html.value = (f"<h3>{html.escape(_(rule.title), quote=False)}</h3><p>{html.escape(_(rule.text), quote=False)}</p>"
                                f'<div style="font-size:12px;color:#7b8794">{html.escape(_("rule {id}").format(id=rule.id))}</div>')
        if self.nav is not None:
            self.counter.value = f"{index + 1} / {len(self.rules)}"
            self.prev_button.disabled = index == 0
            self.next_button.disabled = index == len(self.rules) - 1
        if self._demo_later and self.demos.get(rule.id):
            self.demo = None
            replace_children(self.demo_box, [self._demo_button(index)])
        else:
            self._show_demo()

    def _demo_button(self, index: int) -> Button:
        button = Button(description=_("Show the example"), icon="play", layout=W.Layout(width="auto"),
                        tooltip=_("The live example of this rule"))
        button.add_class("ck-open-in-view")

        def show(_b):
            button.disabled = True          # a second click, even a forged one, builds nothing more
            if self.index == index:
                self._show_demo()
        button.on_click(show)
        return button

    def _show_demo(self) -> None:
        rule = self.rule
        demo = self.demos.get(rule.id)
        self.demo = None
        shown = []
        if demo:
            try:
                self.demo = RuleDemo(self.game_id, demo, seed=self.seed, base_options=self.options)
                shown = [self.demo]
            except Exception as exc:
                log.exception("demo for %s failed", rule.id)
                shown = [W.HTML(message_html(_("The demo for this rule could not start: {why}").format(why=exc), "error"))]
        replace_children(self.demo_box, shown)      # the demo shown before is closed a minute later

    def next(self):
        self.go(self.index + 1)

    def prev(self):
        self.go(self.index - 1)
