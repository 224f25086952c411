/* Ways into a game page without a mouse. A "Skip to the game" link, the first thing Tab reaches,
   moves the focus to the game's table, so the next Tab is your first move; and landmarks a screen
   reader can jump between: the page's content (main), the game, its table, your cards and moves,
   and the log of what happened; every message line (ck-message: a refusal, what Undo or a bad seed
   says) is read out when it changes (a polite live region), and the game's own line (under its
   tools) is scrolled into sight when it says something new in answer to this person's act (the
   whole game, to the top of the screen, when it started from elsewhere on the page: ck-show-game).
   Names the widgets leave out: a slider's
   handle is named by its description, a card button by its tooltip (the card's full name, "Queen of
   hearts", and why it cannot be played), and Open says no "(0)" (the upload widget counts the files
   it holds, always none here). A lesson table wider than its box is marked ck-scrolls (its hint
   then shows, and the keyboard can reach and scroll it). Widgets cannot carry ARIA attributes, so they are set here from the
   widgets' CSS classes, again whenever the page's widgets change. */
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
    skip.href = "#ck-game-table";
    skip.textContent = word("Skip to the game");
    skip.addEventListener("click", toTheGame);
    document.body.insertBefore(skip, document.body.firstChild);
  }

  // A message is scrolled into sight only as the answer to what this person just did (a click, Enter
  // in a box such as the seed's, a menu changed): once per such act, however slow the server. A page
  // that moved while the bots played would move the button about to be pressed.
  var ANSWER_MS = 30000, clicked = 0;
  function acted() { clicked = Date.now(); }
  document.addEventListener("click", acted, true);
  document.addEventListener("change", acted, true);
  document.addEventListener("keydown", function (event) { if (event.key === "Enter") acted(); }, true);

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
      if (!text || Date.now() - clicked > ANSWER_MS) return;     // the bots' news never moves the page
      clicked = 0;
      var r = el.getBoundingClientRect(), game = el.closest(GAME);
      if (game && el.querySelector(".ck-show-game")) game.scrollIntoView({block: "start"});
      else if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({block: "nearest"});
    });
    Array.prototype.forEach.call(document.querySelectorAll(".widget-slider .noUi-handle"), function (el) {
      var widget = el.closest(".widget-slider"), label = widget.querySelector(".widget-label");
      var name = (label && label.textContent.trim()) || widget.getAttribute("title") || "";
      if (name && el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name);
    });
    Array.prototype.forEach.call(document.querySelectorAll(".ck-card-button[title]"), function (el) {
      var name = el.getAttribute("title");
      if (el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name);
    });
    Array.prototype.forEach.call(document.querySelectorAll(".ck-open"), function (el) {
      Array.prototype.forEach.call(el.childNodes, function (node) {
        if (node.nodeType === 3 && / \(\d+\)$/.test(node.nodeValue)) node.nodeValue = node.nodeValue.replace(/ \(\d+\)$/, "");
      });
    });
    // A log longer than its box scrolls: the keyboard reaches it too (arrow keys scroll it).
    Array.prototype.forEach.call(document.querySelectorAll(".ck-log-box"), function (el) {
      var scrolls = el.scrollHeight > el.clientHeight + 1;
      if (scrolls && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
      else if (!scrolls && el.hasAttribute("tabindex")) el.removeAttribute("tabindex");
    });
    Array.prototype.forEach.call(document.querySelectorAll(".ck-scroll"), function (el) {
      var scrolls = el.scrollWidth > el.clientWidth + 1;
      if (scrolls === el.classList.contains("ck-scrolls")) return;
      el.classList.toggle("ck-scrolls", scrolls);
      if (scrolls) {                   // the keyboard reaches it (arrow keys scroll it), named by its hint
        var hint = el.parentNode.querySelector(".ck-scroll-hint");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "region");
        el.setAttribute("aria-label", hint ? hint.textContent : "Table, scrolls sideways");
      } else {
        ["tabindex", "role", "aria-label"].forEach(function (name) { el.removeAttribute(name); });
      }
    });
    var table = document.querySelector(GAME + " .ck-table");
    if (table && !table.id) table.id = "ck-game-table";   // the skip link's target
    if (!skip && table) addSkipLink();
  }
  function lookSoon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(look);
  }
  new MutationObserver(lookSoon).observe(document.documentElement, {childList: true, subtree: true, attributes: true,
                                                                    attributeFilter: ["title"]});
  window.addEventListener("resize", lookSoon);      // a table may start or stop scrolling sideways
  look();
})();
