"""What a browser keeps between visits (localStorage): the class a student joined, the seat a player
holds. A tiny anywidget; what it sends is only a claim: the server checks every token with the store."""
from __future__ import annotations

import ipywidgets as W
import traitlets

try:
    import anywidget as _anywidget
    _MemoryBase = _anywidget.AnyWidget
except ImportError:                   # the static site may lack it: no class and no shared table there
    _anywidget = None
    _MemoryBase = W.DOMWidget


class BrowserMemory(_MemoryBase):
    """One localStorage entry (``key``): ``remembered`` is what the page found (sent by the page,
    checked with the store before use), ``keep`` what the kernel asks it to remember
    (``{"forget": True}`` forgets)."""

    _esm = """
    export default {
      render({ model, el }) {
        el.style.display = "none";
        const key = model.get("key");
        try {
          const found = JSON.parse(window.localStorage.getItem(key) || "null");
          if (found && typeof found.token === "string") { model.set("remembered", found); model.save_changes(); }
        } catch (e) { /* no storage: join again */ }
        const keep = () => {
          const value = model.get("keep");
          try {
            if (value && value.token) window.localStorage.setItem(key, JSON.stringify(value));
            else if (value && value.forget) window.localStorage.removeItem(key);
          } catch (e) { /* private window: nothing kept */ }
        };
        model.on("change:keep", keep);
        keep();
      }
    };
    """
    key = traitlets.Unicode("cardkit-class").tag(sync=True)
    remembered = traitlets.Dict().tag(sync=True)
    keep = traitlets.Dict().tag(sync=True)
