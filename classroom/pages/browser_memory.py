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


class BrowserOutbox(_MemoryBase):
    """The results a page has not yet seen saved, kept in localStorage (``key``) so that a server
    restart loses none: ``found`` is what the page held when it opened (sent by the page; the
    kernel believes only items it sealed itself), ``keep(item)`` and ``drop(key)`` keep it up to
    date. Several tabs share the list: each adds and drops its own items by their key."""

    _esm = """
    export default {
      render({ model, el }) {
        el.style.display = "none";
        const key = model.get("key");
        const read = () => {
          try {
            const items = JSON.parse(window.localStorage.getItem(key) || "[]");
            return Array.isArray(items) ? items.filter((i) => i && typeof i.key === "string") : [];
          } catch (e) { return []; }
        };
        const write = (items) => {
          try {
            if (items.length) window.localStorage.setItem(key, JSON.stringify(items));
            else window.localStorage.removeItem(key);
          } catch (e) { /* private window: nothing kept */ }
        };
        model.on("msg:custom", (msg) => {
          let items = read();
          if (msg && msg.keep && typeof msg.keep.key === "string") {
            items = items.filter((i) => i.key !== msg.keep.key);
            items.push(msg.keep);
          }
          if (msg && typeof msg.drop === "string") items = items.filter((i) => i.key !== msg.drop);
          write(items);
        });
        const found = read();
        if (found.length) { model.set("found", found); model.save_changes(); }
      }
    };
    """
    key = traitlets.Unicode("cardkit-outbox").tag(sync=True)
    found = traitlets.List().tag(sync=True)

    def keep(self, item: dict) -> None:
        self.send({"keep": item})

    def drop(self, key: str) -> None:
        self.send({"drop": key})
