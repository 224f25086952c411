"""ipywidgets + plotly components for cardkit, generic over every game (they use only the engine contract
and the optional per-game modules: rules.DEMOS, prob, cards.HINTS, bots.DEFAULT_BOT).

    from widgets import GameApp, ProbabilityPanel
    app = GameApp("flip7", players=3, seed=7)
    display(app, ProbabilityPanel(app))
"""
from .actions import ActionPanel
from .app import GameApp
from .cards import CardView, card_html, cards_html
from .explorer import RuleExplorer
from .log import EventLog
from .probability import ProbabilityPanel, format_value
from .rules import RuleDemo, RuleStepper
from .style import CSS, style_widget
from .table import TableView

__all__ = ["CardView", "card_html", "cards_html", "TableView", "ActionPanel", "EventLog", "GameApp",
           "RuleStepper", "RuleDemo", "ProbabilityPanel", "RuleExplorer", "format_value", "CSS", "style_widget"]
