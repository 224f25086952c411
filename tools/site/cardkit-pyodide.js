// The static site's Pyodide loader (jupyter-lite.json's pyodideUrl; build_site.py copies it beside
// Pyodide's own pyodide.js). The kernel calls loadPyodide() as usual; this one fetches the packages
// a page starts with as one zip, cardkit-packages.zip, alongside Pyodide's own files, and writes it
// where Python imports from it (sitecustomize.py puts it on sys.path): no wheel is unpacked, and a
// module is read only when something imports it. Only the packages in `cardkitUnpack` (the site's
// own, which IPython reads as files) go through Pyodide's package loader.
//
// Python starts from the site's memory snapshot (cardkit-snapshot.bin, made by the build with
// IPython, ipywidgets and the project already imported): a second or more saved at each start. If
// the snapshot cannot be had or does not fit (made with another packages zip: its first 32 bytes are
// that zip's sha256; another Pyodide build; no DecompressionStream or crypto.subtle), Python starts
// the usual way. The snapshot was made with WebAssembly stack switching (JSPI), which Python's start
// depends on: a browser without it (Pyodide's own test) starts the usual way too.
(() => {
  const BUNDLE = "cardkit-packages.zip";
  const WHERE = "/lib/cardkit-packages.zip";          // sitecustomize.py's BUNDLE
  const SNAPSHOT = "cardkit-snapshot.bin";         // build_site.py's SNAPSHOT

  async function fetchBytes(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`cardkit: could not fetch ${url} (HTTP ${response.status})`);
    return new Uint8Array(await response.arrayBuffer());
  }

  async function snapshot(url, bundle) {
    const [bytes, zip] = await Promise.all([fetchBytes(url), bundle]);
    const zipHash = new Uint8Array(await crypto.subtle.digest("SHA-256", zip));
    if (!zipHash.every((byte, i) => byte === bytes[i])) throw new Error(`${SNAPSHOT} was made with another ${BUNDLE}`);
    const stream = new Blob([bytes.subarray(32)]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  // Python's start picks how C calls a Python function through a pointer: straight in WebAssembly
  // where the browser can count a function's arguments (WebAssembly GC), else through JavaScript,
  // which stack switching cannot suspend across. The snapshot was made where it could not (Node):
  // this redoes the pick in this browser, as Pyodide 0.29's own start does (_PyEM_InitTrampoline_js
  // in pyodide.asm.js: the same module, the same two places for its table index).
  const COUNT_ARGS = new Uint8Array([0,97,115,109,1,0,0,0,1,27,5,96,0,1,127,96,1,127,1,127,96,2,127,127,1,127,96,3,127,127,127,1,127,96,1,127,0,2,9,1,1,101,1,116,1,112,0,0,3,2,1,1,7,5,1,1,102,0,0,10,68,1,66,1,1,112,32,0,37,0,34,1,251,20,3,2,4,69,13,0,65,3,15,11,32,1,251,20,2,2,4,69,13,0,65,2,15,11,32,1,251,20,1,2,4,69,13,0,65,1,15,11,32,1,251,20,0,2,4,69,13,0,65,0,15,11,65,127,11]);

  function redoTrampolinePick(pyodide) {
    const Module = pyodide._module;
    let ptr = 0;
    try {
      const instance = new WebAssembly.Instance(new WebAssembly.Module(COUNT_ARGS), { e: { t: Module.wasmTable } });
      ptr = Module.addFunction(instance.exports.f);
    } catch {
      return;                                           // no WebAssembly GC: through JavaScript, as made
    }
    Module._PyEM_CountArgsPtr = ptr;
    const offset = Module.HEAP32[Module.__PyEM_EMSCRIPTEN_COUNT_ARGS_OFFSET / 4 >>> 0];
    Module.HEAP32[(Module.__PyRuntime + offset) / 4 >>> 0] = ptr;
  }

  async function loadPyodide(options) {
    const bundle = fetchBytes(options.indexURL + BUNDLE);
    const jspi = "Suspending" in WebAssembly || "Suspender" in WebAssembly;
    const memory = jspi ? snapshot(options.indexURL + SNAPSHOT, bundle) : Promise.reject(new Error("no JSPI here"));
    memory.catch(() => {});                             // awaited (and reported) below
    importScripts(options.indexURL + "pyodide.js");    // defines Pyodide's own loadPyodide
    const pyodideLoad = self.loadPyodide;
    self.loadPyodide = loadPyodide;
    const { cardkitUnpack = [], ...rest } = options;
    const start = (more) => pyodideLoad({
      ...rest,
      ...more,
      packages: cardkitUnpack,
      fsInit: async (FS) => FS.writeFile(WHERE, await bundle),
    });
    try {
      const pyodide = await start({ _loadSnapshot: memory });   // awaited by Pyodide as the wasm loads
      redoTrampolinePick(pyodide);
      return pyodide;
    } catch (error) {
      console.warn("cardkit: Python starts without the site's memory snapshot:", error);
      return await start({});
    }
  }

  self.loadPyodide = loadPyodide;
})();
