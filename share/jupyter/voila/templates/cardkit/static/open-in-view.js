/* A part built only when the reader gets to it (a button with class ck-open-in-view, e.g. a rule's
   example) is opened as it comes near the screen: the page loads with the few widgets a reader
   sees first, not with every example of the walkthrough. The button stays a button where this
   script does not run (a notebook in JupyterLab). */
(function () {
  "use strict";
  if (!("IntersectionObserver" in window)) return;
  var seen = new WeakSet();
  var near = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      near.unobserve(entry.target);
      if (!entry.target.disabled) entry.target.click();
    });
  }, {rootMargin: "600px 0px"});

  var queued = false;
  function look() {
    queued = false;
    Array.prototype.forEach.call(document.querySelectorAll("button.ck-open-in-view"), function (b) {
      if (!seen.has(b)) { seen.add(b); near.observe(b); }
    });
  }
  new MutationObserver(function () {
    if (queued) return;
    queued = true;
    requestAnimationFrame(look);
  }).observe(document.documentElement, {childList: true, subtree: true});
})();
