"""Lesson pages: questions and the lesson pieces, blocks, the rule stepper, the explorer, plots, stats,
background runs and the landing page. Imports only ``widgets.play``, ``widgets.ui`` and cardkit.

The lesson pieces keep their import path of before the rooms (``from widgets.lessons import TryMany``)."""
from .questions import *  # noqa: F401,F403
from .questions import __all__  # noqa: F401
