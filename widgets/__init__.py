"""ipywidgets + plotly components for cardkit, generic over every game (they use only the engine contract
and each game's declaration, ``cardkit.games.declaration(id)``: demos, card hints, bots, explorer, insights).

    from widgets import GameApp, ProbabilityPanel
    app = GameApp("flip7", players=3, seed=7)
    display(app, ProbabilityPanel(app))
"""
from ._pyodide import keep_none_in_comm_messages
from .actions import ActionPanel
from .app import GameApp
from .cards import CardView, card_html, cards_html, gallery_html
from .background import BackgroundRun, Task
from .blocks import compare_rules, exact_and_simulated, stacked_deal
from .explorer import RuleExplorer
from .landing import catalogue, game_nav, game_tiles
from .lessons import (LinePicker, Question, html_widget, nav, on_demand, percent, plural, question, scroll_table,
                      table_html)
from .log import EventLog
from .probability import ProbabilityPanel, format_value
from .rules import RuleDemo, RuleStepper
from .plots import LinePlot, responsive_figure
from .stats import Estimate, RunningMean, estimate
from .style import CSS, style_widget
from .table import TableView

keep_none_in_comm_messages()        # in the static site (Pyodide) only: see _pyodide.py

__all__ = ["CardView", "card_html", "cards_html", "gallery_html", "TableView", "ActionPanel", "EventLog", "GameApp",
           "RuleStepper", "RuleDemo", "ProbabilityPanel", "RuleExplorer", "format_value", "CSS", "style_widget",
           "BackgroundRun", "Task", "Estimate", "RunningMean", "estimate", "responsive_figure", "LinePlot",
           "question", "Question", "on_demand", "LinePicker", "nav", "html_widget", "percent", "scroll_table",
           "table_html", "plural", "catalogue", "game_tiles", "game_nav",
           "exact_and_simulated", "stacked_deal", "compare_rules"]
