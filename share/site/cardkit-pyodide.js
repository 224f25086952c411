// The static site's Pyodide loader (jupyter-lite.json's pyodideUrl; build_site.py copies it beside
// Pyodide's own pyodide.js). The kernel calls loadPyodide() as usual; this one fetches the packages
// a page starts with as one zip, cardkit-packages.zip, alongside Pyodide's own files, and writes it
// where Python imports from it (sitecustomize.py puts it on sys.path): no wheel is unpacked, and a
// module is read only when something imports it. Only the packages in `cardkitUnpack` (the site's
// own, which IPython reads as files) go through Pyodide's package loader.
(() => {
  const BUNDLE = "cardkit-packages.zip";
  const WHERE = "/lib/cardkit-packages.zip";          // sitecustomize.py's BUNDLE

  async function loadPyodide(options) {
    const bundle = fetch(options.indexURL + BUNDLE).then((response) => {
      if (!response.ok) throw new Error(`cardkit: could not fetch ${BUNDLE} (HTTP ${response.status})`);
      return response.arrayBuffer();
    });
    importScripts(options.indexURL + "pyodide.js");    // defines Pyodide's own loadPyodide
    const pyodideLoad = self.loadPyodide;
    self.loadPyodide = loadPyodide;
    const { cardkitUnpack = [], ...rest } = options;
    return pyodideLoad({
      ...rest,
      packages: cardkitUnpack,
      fsInit: async (FS) => FS.writeFile(WHERE, new Uint8Array(await bundle)),
    });
  }

  self.loadPyodide = loadPyodide;
})();
