"""ActionPanel: one button per candidate action; the engine, not the button, decides what is legal."""
from __future__ import annotations

import html
import logging

import ipywidgets as W

from cardkit import IllegalAction

from ._games import rule_map

log = logging.getLogger("widgets")


def message_html(text: str, kind: str = "info") -> str:
    return f'<span class="ck-msg ck-msg-{kind}">{html.escape(text)}</span>' if text else ""


def explain(exc: IllegalAction, rules=None) -> str:
    """'Not allowed: <why>. (Rule "<title>", <id>)' in words."""
    reason = exc.args[0] if exc.args else str(exc)
    rule = rule_map(rules).get(getattr(exc, "rule", None))
    where = f' (rule "{rule.title}", {rule.id})' if rule else (f" (rule {exc.rule})" if getattr(exc, "rule", None) else "")
    return f"Not allowed: {reason}{where}."


class ActionPanel(W.VBox):
    """``update(state, seat)`` shows the moves; a click calls ``on_action(action)``, which must apply it
    through the engine (it may raise IllegalAction). Without ``on_action`` the panel applies it to the
    state itself. Each button remembers the state version it was built for: stale buttons make no move."""

    def __init__(self, on_action=None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("ck-action-panel")
        self.on_action = on_action
        self.buttons: list[W.Button] = []
        self.box = W.Box(layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.box.add_class("ck-actions")
        self.message = W.HTML()
        self.message.add_class("ck-message")
        self.children = [self.box, self.message]
        self.state = None
        self.seat = None
        self._generation = 0
        self._version = None

    # -- drawing -----------------------------------------------------------------------
    @staticmethod
    def version_of(state):
        return (id(state), len(state.history)) if state is not None else None

    def update(self, state, seat=None, message: str = "", enabled: bool = True) -> None:
        """Buttons for ``state.candidate_actions()`` if ``seat`` (None: whoever is to play) decides now."""
        self._generation += 1
        self.state, self.seat = state, seat
        self._version = self.version_of(state)
        self.buttons = []
        waiting = ""
        if state is not None and not state.is_over and enabled:
            if seat is None or state.current_player == seat:
                legal = state.legal_actions()
                for action in state.candidate_actions():
                    self.buttons.append(self._button(action, action in legal))
            else:
                waiting = f"Waiting for {state.name(state.current_player)}…"
        self.box.children = self.buttons
        self.show(message or waiting)

    def _button(self, action, legal: bool) -> W.Button:
        button = W.Button(description=str(action), button_style="primary" if legal else "",
                          tooltip=str(action) if legal else f"{action}: not allowed now (click to see why)",
                          layout=W.Layout(width="auto"))
        button.add_class("ck-action")
        if not legal:
            button.add_class("ck-illegal")
        button.ck_action = action
        button.ck_legal = legal
        generation, version = self._generation, self._version
        button.on_click(lambda _b, a=action, g=generation, v=version: self._clicked(a, g, v))
        return button

    def show(self, text: str = "", kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    # -- clicks ------------------------------------------------------------------------
    def _clicked(self, action, generation, version) -> None:
        state = self.state
        if (generation != self._generation or state is None or version != self.version_of(state)
                or version != self._version):
            self.show("That button belonged to an earlier moment of the game, so nothing was played. "
                      "Choose again from the buttons shown now.", "warn")
            return
        if self.seat is not None and state.current_player != self.seat:
            self.show("It is not your turn.", "warn")
            return
        try:
            if self.on_action is not None:
                self.on_action(action)
            else:
                state.apply(action)
                self.update(state, self.seat)
        except IllegalAction as exc:
            self.show(explain(exc, state.game.rules), "warn")
        except Exception as exc:          # never a traceback in the page
            log.exception("action failed")
            self.show(f"Something went wrong: {exc}", "error")
