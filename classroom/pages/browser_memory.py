"""What the class pages ask of the browser: what it keeps between visits (localStorage: the class a
student joined, the seat a player holds), the board's class in the page's address, a Copy button. A tiny anywidget; what it sends is only a claim: the server checks every token with the store."""
from __future__ import annotations

import ipywidgets as W
import traitlets

from cardkit.i18n import _

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


class PageAddress(_MemoryBase):
    """Puts ``query`` into the page's address (the tab's history entry, no new one), so a reload opens
    the same thing: the Class board keeps its class after a reload. A teacher key never goes into the
    address; ``teacher_key`` is kept for this tab only (sessionStorage), where the template's
    teacher-key.js looks for it on a reload."""

    _esm = """
    export default {
      render({ model, el }) {
        el.style.display = "none";
        const apply = () => {
          const query = model.get("query") || {};
          if (!Object.keys(query).length) return;
          const params = new URLSearchParams(window.location.search);
          params.delete("teacher");
          for (const [name, value] of Object.entries(query)) params.set(name, String(value));
          const rest = params.toString();
          history.replaceState(history.state, "", window.location.pathname + (rest ? "?" + rest : "") + window.location.hash);
          const key = model.get("teacher_key");
          try {
            if (key) sessionStorage.setItem("cardkit-teacher:" + window.location.pathname + "?class=" + (params.get("class") || ""), key);
          } catch (e) { /* no storage: a reload shows the board without the controls; the teacher link brings them */ }
        };
        model.on("change:query", apply);
        model.on("change:teacher_key", apply);
        apply();
      }
    };
    """
    query = traitlets.Dict().tag(sync=True)
    teacher_key = traitlets.Unicode("").tag(sync=True)


class CopyLink(_MemoryBase):
    """A link and a Copy button beside it that puts the link's full address on the clipboard (a
    teacher pastes it into a message to themselves); says "Copied" out loud (aria-live). Over plain
    http on a school network the clipboard API is missing, so it falls back to selecting the text."""

    _esm = """
    export default {
      render({ model, el }) {
        const link = document.createElement("a");
        const button = document.createElement("button");
        const said = document.createElement("span");
        button.type = "button";
        button.className = "ck-copy-link-button";
        said.className = "ck-copy-link-said";
        said.setAttribute("aria-live", "polite");
        const draw = () => {
          link.href = model.get("href");
          link.textContent = model.get("text");
          link.className = model.get("link_class");
          const words = model.get("words");
          button.textContent = words.copy;
          button.setAttribute("aria-label", words.copy_of.replace("{text}", model.get("text")));
        };
        const fallback = (address) => {
          const box = document.createElement("textarea");
          box.value = address;
          box.setAttribute("readonly", "");
          box.style.position = "fixed"; box.style.opacity = "0";
          document.body.appendChild(box);
          box.select();
          let done = false;
          try { done = document.execCommand("copy"); } catch (e) { done = false; }
          box.remove();
          return done;
        };
        button.addEventListener("click", async () => {
          const address = new URL(model.get("href"), window.location.href).href;
          let done = false;
          try {
            if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(address); done = true; }
          } catch (e) { done = false; }
          if (!done) done = fallback(address);
          const words = model.get("words");
          said.textContent = done ? words.copied : words.copy_here.replace("{address}", address);
        });
        model.on("change:href change:text change:link_class change:words", draw);
        draw();
        el.classList.add("ck-copy-link");
        el.append(link, " ", button, " ", said);
      }
    };
    """
    href = traitlets.Unicode("").tag(sync=True)
    text = traitlets.Unicode("").tag(sync=True)
    link_class = traitlets.Unicode("").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.words = {"copy": _("Copy"), "copy_of": _("Copy the address of {text}"), "copied": _("Copied."),
                      "copy_here": _("Copy it from here: {address}")}
