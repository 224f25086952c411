/* A page whose widgets or cells cannot be shown says so and offers a reload, instead of showing
   half a page. Widget outputs that fail turn into "Error displaying widget: model not found"
   (their model never reached the page) or an error widget; outputs still "Loading widget..."
   with none arriving for two minutes never will. A cell that failed, or whose output the
   server gave up waiting for (voila.json makes Voila say so, after a generous wait, instead of
   dropping the output: a page missing its game and saying nothing), shows one of Voila's
   messages below and is the last cell Voila ran; without that setting, the template marks a
   cell whose outputs were dropped (class ck-output-lost). Any of these hides the cells. The first
   time on this tab within RETRY_MS the page reloads itself (a new kernel runs it afresh, which
   is what a person would do); otherwise it shows a notice with a Reload button (class
   ck-page-error). */
(function () {
  "use strict";
  // The page's words in its language, as the server handed them (English in the static site).
  function word(text) { return (window.cardkitWords || {})[text] || text; }
  // Widgets still "Loading widget..." with none arriving for this long are not coming. Slow is
  // not broken: under load the widget manager's fallback (one request per widget, after the
  // kernel took over 4 s to send every state at once) took 40 s for the 1,200 widgets of a page.
  var STUCK_MS = 120000;
  var RETRY_MS = 600000;      // reload by itself at most once in this long, per page and tab
  var RETRY_KEY = "cardkit-page-guard-reload:" + window.location.pathname;
  var failed = null;

  function reloadOnce() {
    try {
      var last = Number(window.sessionStorage.getItem(RETRY_KEY) || 0);
      if (Date.now() - last < RETRY_MS) return false;
      window.sessionStorage.setItem(RETRY_KEY, String(Date.now()));
    } catch (e) {
      return false;                 // no storage: no way to stop a loop, so ask the person
    }
    window.location.reload();
    return true;
  }

  function cells() { return document.getElementById("rendered_cells"); }

  // The widget renderer writes these messages as the bare text of an output: look at outputs
  // without child elements only, which keeps each check cheap on pages of a thousand widgets.
  function outputsSaying(root, text) {
    return Array.prototype.filter.call(root.querySelectorAll(".jp-OutputArea-output"), function (el) {
      return el.childElementCount === 0 && (el.textContent || "").indexOf(text) !== -1;
    });
  }

  // Voila's words for a cell it could not run to its end (its timeout, an error in the cell, an
  // error of the server); they are the only text it writes as an error output with tracebacks off.
  var CELL_FAILED = ["Cell execution timed out", "error when executing cell",
                     "An exception occurred at the server", "Timeout waiting for IOPub output"];

  function cellFailed(root) {
    return Array.prototype.some.call(
      root.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]'), function (el) {
        var text = el.textContent || "";
        return CELL_FAILED.some(function (words) { return text.indexOf(words) !== -1; });
      });
  }

  function brokenReason(root) {
    if (cellFailed(root) || root.querySelector(".ck-output-lost")) return "a cell did not finish";
    if (outputsSaying(root, "Error displaying widget").length) return "widgets were not found";
    if (root.querySelector(".jupyter-widgets-error-widget")) return "a widget failed";
    return null;
  }

  function showNotice(reason) {
    if (failed) return;
    failed = reason;
    var root = cells();
    if (root) root.style.display = "none";
    document.documentElement.classList.add("ck-page-failed");   // hidden for good: Voila may show it later
    if (window.console) console.warn("cardkit: page not shown (" + reason + ")");
    if (!window.cardkitPageGuardNoRetry && reloadOnce()) return;
    var spinner = document.getElementById("loading");
    if (spinner) spinner.style.display = "none";
    var box = document.createElement("div");
    box.className = "ck-page-error";
    box.setAttribute("role", "alert");
    box.setAttribute("data-reason", reason);
    var text = document.createElement("p");
    text.textContent = word("This page could not be shown completely: some of its parts did not load. " +
                            "Reload it to start again.");
    var button = document.createElement("button");
    button.className = "ck-reload";
    button.type = "button";
    button.textContent = word("Reload");
    button.addEventListener("click", function () { window.location.reload(); });
    box.appendChild(text);
    box.appendChild(button);
    document.body.insertBefore(box, document.body.firstChild);
  }

  function check() {
    var root = cells();
    if (!root || failed) return;
    var reason = brokenReason(root);
    if (reason) showNotice(reason);
  }

  // Stuck, not slow: widgets still loading, and none of them arrived in the last STUCK_MS. On a
  // starved machine a page draws its widgets for minutes; reloading it then only starts over.
  var stuckTimer = null;
  function watchStuck() {
    var root = cells();
    if (stuckTimer || !root || root.style.display === "none") return;
    var before = Infinity;
    stuckTimer = setInterval(function () {
      if (failed) { clearInterval(stuckTimer); return; }
      var loading = outputsSaying(root, "Loading widget...").length;
      if (loading === 0) before = Infinity;
      else if (loading >= before) { clearInterval(stuckTimer); showNotice("widgets never arrived"); }
      else before = loading;
    }, STUCK_MS);
  }

  var queued = false;
  new MutationObserver(function () {
    if (queued || failed) return;
    queued = true;
    requestAnimationFrame(function () { queued = false; check(); watchStuck(); });
  }).observe(document.documentElement, {childList: true, subtree: true, characterData: true,
                                        attributes: true, attributeFilter: ["style", "class"]});

  window.cardkitPageGuard = {check: check, failed: function () { return failed; }};
})();
