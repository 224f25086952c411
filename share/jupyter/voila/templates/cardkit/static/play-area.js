/* The play area (the table's piles with your cards and moves, CSS ck-play) is pinned to the bottom
   of the screen while the other seats scroll past. Pinned, it covers what scrolls under it: when it
   would take more than 40% of the screen (a phone, a big hand) it lets go (ck-too-tall) and sits in
   the page below the seats, so no seat, no revealed hand, is ever hidden behind it. Measured again
   whenever the area or the window changes size. */
(function () {
  "use strict";
  var SHARE = 0.4;
  var watched = typeof WeakSet === "function" ? new WeakSet() : null;
  var sizes = typeof ResizeObserver === "function" ? new ResizeObserver(fitAll) : null;

  function fit(area) {
    var tall = area.offsetHeight > SHARE * window.innerHeight;
    if (area.classList.contains("ck-too-tall") !== tall) area.classList.toggle("ck-too-tall", tall);
  }

  function fitAll() {
    Array.prototype.forEach.call(document.querySelectorAll(".ck-play"), function (area) {
      if (sizes && watched && !watched.has(area)) {
        watched.add(area);
        sizes.observe(area);
      }
      fit(area);
    });
  }

  var queued = false;
  new MutationObserver(function () {
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () { queued = false; fitAll(); });
  }).observe(document.documentElement, {childList: true, subtree: true});
  window.addEventListener("resize", fitAll);
  fitAll();
})();
