/* Ways into a game page without a mouse. A "Skip to the game" link, the first thing Tab reaches,
   moves the focus to the game's table, so the next Tab is your first move; and landmarks a screen
   reader can jump between: the page's content (main), the game, its table, your cards and moves,
   and the log of what happened; every message line (ck-message: a refusal, what Undo or a bad seed
   says) is read out when it changes (a polite live region), and the game's own line (under its
   tools) is scrolled into sight when it says something new. Widgets cannot carry ARIA attributes, so
   they are set here from the widgets' CSS classes, again whenever the page's widgets change. */
(function () {
  "use strict";
  // The page's words in its language, as the server handed them (English in the static site).
  function word(text) { return (window.cardkitWords || {})[text] || text; }
  var GAME = ".ck-app";
  var LANDMARKS = [                    // selector, role, label
    ["#rendered_cells", "main", null],
    [GAME, "region", "The game"],
    [GAME + " .ck-table", "region", "The table"],
    [GAME + " .ck-you", "region", "Your cards and moves"],
    [GAME + " .ck-log", "region", "What happened"],
  ];
  var skip = null;

  function toTheGame(event) {
    var table = document.querySelector(GAME + " .ck-table");
    if (!table) return;
    event.preventDefault();
    table.setAttribute("tabindex", "-1");
    table.scrollIntoView({block: "start"});
    table.focus({preventScroll: true});
  }

  function addSkipLink() {
    skip = document.createElement("a");
    skip.className = "ck-skip";
    skip.href = "#";
    skip.textContent = word("Skip to the game");
    skip.addEventListener("click", toTheGame);
    document.body.insertBefore(skip, document.body.firstChild);
  }

  var queued = false;
  function look() {
    queued = false;
    LANDMARKS.forEach(function (mark) {
      Array.prototype.forEach.call(document.querySelectorAll(mark[0]), function (el) {
        if (el.getAttribute("role") === mark[1]) return;
        el.setAttribute("role", mark[1]);
        if (mark[2]) el.setAttribute("aria-label", word(mark[2]));
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll(".ck-message:not([aria-live])"), function (el) {
      el.setAttribute("role", "status");
      el.setAttribute("aria-live", "polite");
    });
    Array.prototype.forEach.call(document.querySelectorAll(GAME + " .ck-app-message"), function (el) {
      var text = el.textContent;
      if (text === el.getAttribute("data-shown")) return;
      el.setAttribute("data-shown", text);
      var r = el.getBoundingClientRect();
      if (text && (r.top < 0 || r.bottom > window.innerHeight)) el.scrollIntoView({block: "nearest"});
    });
    if (!skip && document.querySelector(GAME + " .ck-table")) addSkipLink();
  }
  new MutationObserver(function () {
    if (queued) return;
    queued = true;
    requestAnimationFrame(look);
  }).observe(document.documentElement, {childList: true, subtree: true});
  look();
})();
