/* The page's language: a small picker at the top of every page. The server chose the page's
   language (?lang=, else this picker's cookie, else the browser's Accept-Language) and wrote it in
   <html lang>. Choosing another remembers it in the browser (the cardkit_lang cookie the server
   reads, and localStorage) and opens the same page in it, ?lang=xx in the address; a teacher's key
   kept for this tab (teacher-key.js) comes along. The languages are named in their own words. */
(function () {
  "use strict";
  var LANGUAGES = [["en", "English"], ["de", "Deutsch"], ["fr", "Français"], ["sv", "Svenska"]];
  var COOKIE = "cardkit_lang";
  var YEAR = 365 * 24 * 3600;
  var words = window.cardkitWords || {};

  function remember(lang) {
    document.cookie = COOKIE + "=" + lang + "; path=/; max-age=" + YEAR + "; SameSite=Lax";
    try { localStorage.setItem(COOKIE, lang); } catch (e) { /* no storage: the cookie is enough */ }
  }

  function open(lang) {
    var params = new URLSearchParams(window.location.search);
    params.set("lang", lang);
    try {
      var key = sessionStorage.getItem("cardkit-teacher:" + window.location.pathname + "?class=" +
                                       (params.get("class") || ""));
      if (key && !params.get("teacher")) params.set("teacher", key);
    } catch (e) { /* no storage: no key kept */ }
    window.location.assign(window.location.pathname + "?" + params.toString() + window.location.hash);
  }

  function add() {
    if (document.querySelector(".ck-lang")) return;
    var current = (document.documentElement.lang || "en").slice(0, 2);
    var nav = document.createElement("nav");
    nav.className = "ck-lang";
    var label = words["Language"] || "Language";
    nav.setAttribute("aria-label", label);
    var select = document.createElement("select");
    select.className = "ck-lang-select";
    select.setAttribute("aria-label", label);
    select.title = label;
    LANGUAGES.forEach(function (pair) {
      var option = document.createElement("option");
      option.value = pair[0];
      option.lang = pair[0];
      option.textContent = pair[1];
      option.selected = pair[0] === current;
      select.appendChild(option);
    });
    select.addEventListener("change", function () {
      remember(select.value);
      open(select.value);
    });
    nav.appendChild(select);
    document.body.insertBefore(nav, document.body.firstChild);
  }

  if (document.body) add(); else document.addEventListener("DOMContentLoaded", add);
})();
