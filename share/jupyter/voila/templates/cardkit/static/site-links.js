/* The static build (Voici) renders each notebook to a .html page, while the pages link to each
   other by notebook name (flip7.ipynb, lessons/..., as Voila serves them). Here, and only here,
   relative links to a notebook are pointed at its page, also in widgets drawn later. */
(function () {
  "use strict";
  var NOTEBOOK = /^([^:?#]*)\.ipynb([?#].*)?$/;     // relative (no scheme), ends in .ipynb

  function fix(root) {
    var links = (root || document).querySelectorAll('a[href*=".ipynb"]');
    Array.prototype.forEach.call(links, function (a) {
      var href = a.getAttribute("href");
      var m = href && href.match(NOTEBOOK);
      if (m && href.indexOf("//") !== 0) a.setAttribute("href", m[1] + ".html" + (m[2] || ""));
    });
  }

  fix(document);
  new MutationObserver(function () { fix(document); })
    .observe(document.documentElement, {childList: true, subtree: true});
})();
