/* Voila only. A teacher's page is opened with its key in the address (?teacher=…, also
   ?class=CODE&teacher=…), and a teacher's page is what goes up on the projector: the key would be
   there for every student to read, and with it the teacher's view of every card. The server has
   read the key with the page's request, so here it leaves the address bar (and the tab's history)
   at once. It is kept for this tab only (sessionStorage) and given back on a reload of the same
   page (the reload button, the page guard's retry), which the server needs it for. */
(function () {
  "use strict";
  var params = new URLSearchParams(window.location.search);
  var store = "cardkit-teacher:" + window.location.pathname + "?class=" + (params.get("class") || "");
  var given = params.get("teacher");
  if (given) {
    params.delete("teacher");
    var rest = params.toString();
    history.replaceState(history.state, "", window.location.pathname + (rest ? "?" + rest : "") + window.location.hash);
  }
  try {
    if (given) {
      sessionStorage.setItem(store, given);
      return;
    }
    var kept = sessionStorage.getItem(store);
    var navigation = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    if (kept && navigation && navigation.type === "reload") {
      params.set("teacher", kept);
      window.location.replace(window.location.pathname + "?" + params.toString() + window.location.hash);
    }
  } catch (e) {
    /* no storage here: the key has left the address bar all the same; a reload needs the link again */
  }
})();
