"""What a page's Python needs redone at each start when it starts from the site's memory snapshot
(build_site.py's SNAPSHOT_PY: IPython, ipywidgets and the project imported while the build made it).

An IPython extension (the site's profile loads it, once the kernel's shell is there). Importing did
three things the snapshot keeps from the build, not from this page: ipywidgets registers its comm
targets with the running kernel (there was none), the widgets patch the kernel's Comm (it was not
imported), and ``random`` took its seed (every visitor would deal the same cards).
"""
from __future__ import annotations

import random
import sys


def load_ipython_extension(ipython) -> None:
    random.seed()
    if "ipywidgets" in sys.modules:
        sys.modules["ipywidgets"].register_comm_target()
    if "widgets" in sys.modules:
        sys.modules["widgets"].keep_none_in_comm_messages()
