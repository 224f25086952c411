/* The page's kernel, watched from the page (Voila only; loaded in the head, before Voila's own
   scripts open the kernel's socket).

   A kernel that dies is restarted by the server, empty: the page still looks alive but no button
   does anything any more. A kernel culled while the laptop slept, or whose server stopped (behind a
   proxy, the socket's reconnection then reaches another server, which knows no such kernel), is
   simply gone. Either way the page says so (a notice of class ck-kernel-gone) and offers to start
   again in one click. The game itself cannot be kept: its deal and its seed lived only in the dead kernel, and never reach
   the browser (a seed rebuilds every hand); "Start again" opens the same page, query string
   included, with a new game.

   Closing the tab ends its kernel: Voila's own shutdown beacon is refused for want of an xsrf
   token, so this page sends one that carries it (the same value as the _xsrf cookie, which it sets
   if the server has not: a page of another site can neither read nor set this site's cookie). */
(function () {
  "use strict";
  // The page's words in its language, as the server handed them (English in the static site).
  function word(text) { return (window.cardkitWords || {})[text] || text; }
  // A kernel socket that closed, with none open again this long after: the kernel is gone.
  // The page's own reconnection tries for longer, but a kernel that is still there answers at once.
  var GONE_MS = 20000;
  var CHANNELS = /\/api\/kernels\/[^/?]+\/channels/;
  var DEAD_STATES = {restarting: true, autorestarting: true, dead: true};
  var leaving = false;
  var told = null;
  var goneTimer = null;
  var decoder = window.TextDecoder ? new TextDecoder() : null;

  function pageConfig() {
    var el = document.getElementById("jupyter-config-data");
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }

  // -- the kernel's state, read from status messages -------------------------------------------
  // A frame is either JSON text or, in the v1.kernel.websocket.jupyter.org protocol, binary:
  // a count n (uint64), n offsets (uint64), then channel, header, parent header, metadata,
  // content and buffers between them. Only status messages are read further.
  function executionState(data) {
    var m;
    if (typeof data === "string") {
      if (data.indexOf('"execution_state"') === -1) return null;
      m = /"execution_state"\s*:\s*"(\w+)"/.exec(data);
      return m && /"msg_type"\s*:\s*"status"/.test(data) ? m[1] : null;
    }
    if (!(data instanceof ArrayBuffer) || !decoder || data.byteLength < 56) return null;
    var view = new DataView(data);
    var count = view.getUint32(0, true);
    if (count < 6 || data.byteLength < 8 + 8 * count) return null;
    var at = function (i) { return view.getUint32(8 + 8 * i, true); };
    if (at(2) > data.byteLength || at(5) > data.byteLength) return null;
    var header = decoder.decode(new Uint8Array(data, at(1), at(2) - at(1)));
    if (!/"msg_type"\s*:\s*"status"/.test(header)) return null;
    m = /"execution_state"\s*:\s*"(\w+)"/.exec(decoder.decode(new Uint8Array(data, at(4), at(5) - at(4))));
    return m ? m[1] : null;
  }

  function watch(socket) {
    socket.addEventListener("open", function () {
      clearTimeout(goneTimer);
      goneTimer = null;
    });
    socket.addEventListener("message", function (event) {
      if (told) return;
      var state = executionState(event.data);
      if (state && DEAD_STATES[state]) kernelGone("restarted");
    });
    socket.addEventListener("close", function () {
      if (leaving || told || goneTimer) return;
      goneTimer = setTimeout(function () { if (!leaving) kernelGone("lost"); }, GONE_MS);
    });
  }

  var NativeSocket = window.WebSocket;
  if (NativeSocket) {
    var Watched = function (url, protocols) {
      var socket = protocols === undefined ? new NativeSocket(url) : new NativeSocket(url, protocols);
      if (CHANNELS.test(String(url))) watch(socket);
      return socket;
    };
    Watched.prototype = NativeSocket.prototype;
    ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { Watched[k] = NativeSocket[k]; });
    window.WebSocket = Watched;
  }

  // -- the notice ------------------------------------------------------------------------------
  function kernelGone(reason) {
    if (told) return;
    told = reason;
    if (window.console) console.warn("cardkit: the page's kernel is gone (" + reason + ")");
    var show = function () {
      var cells = document.getElementById("rendered_cells");
      if (cells) cells.classList.add("ck-kernel-gone-page");
      var box = document.createElement("div");
      box.className = "ck-kernel-gone";
      box.setAttribute("role", "alert");
      box.setAttribute("data-reason", reason);
      var text = document.createElement("p");
      text.textContent = word("This page has lost its game: the Python process that ran it has ended " +
                              "(after a long pause, or because it or its server failed), so its buttons no longer do anything. " +
                              "Start again to open this page afresh with a new game.");
      var button = document.createElement("button");
      button.className = "ck-restart";
      button.type = "button";
      button.textContent = word("Start again");
      button.addEventListener("click", function () { window.location.reload(); });
      box.appendChild(text);
      box.appendChild(button);
      document.body.insertBefore(box, document.body.firstChild);
    };
    if (document.body) show(); else document.addEventListener("DOMContentLoaded", show);
  }

  // -- closing the tab ends its kernel ---------------------------------------------------------
  function xsrfToken() {
    var m = /(?:^|;\s*)_xsrf=([^;]*)/.exec(document.cookie);
    if (m && m[1]) return decodeURIComponent(m[1]);
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    var token = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    document.cookie = "_xsrf=" + token + "; path=" + (pageConfig().baseUrl || "/") + "; SameSite=Strict";
    return token;
  }

  var token = null;
  try { token = xsrfToken(); } catch (e) { token = null; }

  window.addEventListener("pagehide", function () {
    leaving = true;
    var config = pageConfig();
    if (!token || !config.kernelId || !navigator.sendBeacon) return;
    var body = new URLSearchParams();
    body.set("_xsrf", token);
    navigator.sendBeacon((config.baseUrl || "/") + "voila/api/shutdown/" + config.kernelId, body);
  });

  window.cardkitKernelWatch = {gone: function () { return told; }};
})();
