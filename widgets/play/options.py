"""A game option as a control, made from the game's declared ``Option`` (name, default, help, range):
the walkthrough pages' option menus and the shared table's options form are the same controls."""
from __future__ import annotations

import ipywidgets as W

from cardkit.i18n import _


def option_title(spec) -> str:
    """The option in the page's language: its help translated, then capitalised (``spec.title``
    capitalises the English, which is no msgid)."""
    text = _(spec.help)
    return text[:1].upper() + text[1:]


def option_control(spec, current, values=None) -> W.Widget | None:
    """The control for option ``spec`` showing ``current``: a checkbox for an on/off option; a dropdown
    of ``values`` when the page offers some, or of the option's named choices; a number box for a
    number (the game checks its range when it is made). None for a name -> count table (no control)."""
    if spec.kind == "bool":
        control = W.Checkbox(value=bool(current), description=option_title(spec), indent=False,
                             layout=W.Layout(width="auto"))
    elif values is not None or spec.kind == "choice":
        offered = values if values is not None else spec.choices
        control = W.Dropdown(options=[(str(v), v) for v in dict.fromkeys([*offered, current])], value=current,
                             description=option_title(spec), style={"description_width": "initial"},
                             layout=W.Layout(width="auto", max_width="100%"))
    elif spec.kind in ("int", "float"):
        box = W.IntText if spec.kind == "int" else W.FloatText
        control = box(value=current, description=option_title(spec), style={"description_width": "initial"},
                      layout=W.Layout(width="auto", max_width="100%"))
    else:
        return None
    control.add_class("ck-option")
    control.add_class(f"ck-option-{spec.name}")
    return control
