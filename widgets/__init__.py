"""ipywidgets + plotly components for cardkit, generic over every game (they use only the engine contract
and each game's declaration, ``cardkit.games.declaration(id)``: demos, card hints, bots, explorer, insights).

    from widgets import GameApp, ProbabilityPanel
    app = GameApp("flip7", players=3, seed=7)
    display(app, ProbabilityPanel(app))

Rooms, each importing only the ones below it: ``lessons`` (lesson pieces, the rule stepper, the explorer,
the landing page) -> ``play`` (the app, its move panel, table, log, save file, probability panel) ->
``ui`` (style, buttons, widget lifetime, hosting, Pyodide, a game's declared parts) -> ``cardkit``.
This module only gathers the names pages use.
"""
from .ui.pyodide import keep_none_in_comm_messages
from .ui import language  # noqa: F401 (the page's language, read before any widget draws)
from .play.move_panel import ActionPanel
from .play.app import GameApp
from .play.cards import CardView, card_html, cards_html, gallery_html
from .lessons.background import BackgroundRun, Task
from .lessons.blocks import compare_rules, exact_and_simulated, stacked_deal
from .lessons.explorer import RuleExplorer
from .lessons.landing import catalogue, game_nav, game_tiles
from .lessons.questions import (LinePicker, Question, html_widget, nav, on_demand, percent, plural, question,
                                scroll_table, table_html)
from .play.log import EventLog
from .play.probability import ProbabilityPanel, format_value
from .lessons.rule_stepper import RuleDemo, RuleStepper
from .lessons.plots import LinePlot, responsive_figure
from .lessons.stats import Estimate, RunningMean, estimate
from .ui.style import CSS, style_widget
from .play.table import TableView

keep_none_in_comm_messages()        # in the static site (Pyodide) only: see ui/pyodide.py


__all__ = ["CardView", "card_html", "cards_html", "gallery_html", "TableView", "ActionPanel", "EventLog", "GameApp",
           "RuleStepper", "RuleDemo", "ProbabilityPanel", "RuleExplorer", "format_value", "CSS", "style_widget",
           "BackgroundRun", "Task", "Estimate", "RunningMean", "estimate", "responsive_figure", "LinePlot",
           "question", "Question", "on_demand", "LinePicker", "nav", "html_widget", "percent", "scroll_table",
           "table_html", "plural", "catalogue", "game_tiles", "game_nav",
           "exact_and_simulated", "stacked_deal", "compare_rules"]
