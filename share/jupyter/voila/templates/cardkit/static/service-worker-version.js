/* The static build (Voici) only. JupyterLite keeps its service worker's version in localStorage
   when a page it already controls starts, not when it first registers the worker: so a visitor's
   first return visit found no version, unregistered the worker and registered it again before the
   kernel could start (2 s on this machine, every first return visit). Here the version is kept at
   the first visit too, once the worker is ready. A page the worker already controls is left to
   JupyterLite, which then unregisters a worker of another version as it should. */
(function () {
  "use strict";
  var workers = navigator.serviceWorker;
  if (!workers || workers.controller) return;
  workers.ready.then(function (registration) {
    var config = document.getElementById("jupyter-config-data");
    var version = config && JSON.parse(config.textContent).appVersion;
    var worker = registration.active;
    if (version && worker) localStorage.setItem(worker.scriptURL + "-version", version);
  }).catch(function () {});
})();
