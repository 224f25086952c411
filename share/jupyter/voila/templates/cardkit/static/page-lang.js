/* The page's language on <html lang>, chosen as the server chooses it (cardkit.i18n.negotiate):
   the address's ?lang=, then the one the language picker remembered (cookie or localStorage
   "cardkit_lang"), then the browser's own languages, then English. Set here too because a page
   may have been drawn before its visitor came (class mode's warm kernels) or once for everyone
   (the static site). The page's prose (lang-prose.css) and its tab title follow <html lang>, also
   when a picker changes it in place. Runs in <head>, before the body is drawn. */
(function () {
  "use strict";
  var LANGS = ["en", "de", "fr", "sv"];
  var KEY = "cardkit_lang";
  function known(value) {
    value = String(value || "").trim().toLowerCase().slice(0, 2);
    return LANGS.indexOf(value) >= 0 ? value : null;
  }
  function cookie() {
    var found = document.cookie.match(/(?:^|;\s*)cardkit_lang=([^;]*)/);
    return found ? decodeURIComponent(found[1]) : null;
  }
  function remembered() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function chosen() {
    var lang = known(new URLSearchParams(window.location.search).get("lang")) || known(cookie()) || known(remembered());
    var browser = navigator.languages || [navigator.language];
    for (var i = 0; !lang && i < browser.length; i++) lang = known(browser[i]);
    return lang || "en";
  }
  var root = document.documentElement;
  root.lang = chosen();

  // The tab's title is the notebook's first heading, in English when the page was drawn: the
  // heading of the page's language in its place.
  function heading(lang) {
    var found = document.querySelector('.ck-prose[lang="' + lang + '"] h1');
    return found ? found.textContent.replace(/\u00b6/g, "").trim() : null;
  }
  var shown = null;
  function retitle() {
    var current = shown || heading("en");
    var mine = heading(known(root.lang) || "en");
    if (current && mine && document.title.indexOf(current) === 0) {
      document.title = mine + document.title.slice(current.length);
      shown = mine;
    }
  }
  document.addEventListener("DOMContentLoaded", function () {
    retitle();
    new MutationObserver(retitle).observe(root, { attributes: true, attributeFilter: ["lang"] });
  });
})();
