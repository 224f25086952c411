"""A page imports the widgets first: plotly and pandas wait until a plot or a simulation is asked for."""

import subprocess
import sys


def test_import_widgets_leaves_plotly_and_pandas_for_later():
    code = ("import sys, widgets; from widgets import GameApp, RuleStepper, ProbabilityPanel, RuleExplorer;"
            "print([m for m in ('plotly', 'pandas', 'numpy', 'anywidget') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
