// Make the static site's memory snapshot: Pyodide's own Python, started under Node as a page starts
// it (the same files, the packages zip where the site's loader puts it, the same environment), runs
// the given Python (imports), and its memory is written, gzipped, for the page to start from, after
// the sha256 of the packages zip (32 bytes): Python's memory holds where each module lies in that
// zip, so the page uses the snapshot only with this very zip. build_site.py runs it;
// cardkit-pyodide.js passes the snapshot to loadPyodide. Node must have WebAssembly stack switching
// (JSPI), as the browsers that use the snapshot: Python's start depends on it, and a snapshot keeps it.
//
//     node make_snapshot.mjs <staged Pyodide folder> <bundle path in Python> <env as JSON> <python code> <output .gz>
import { pathToFileURL } from "node:url";
import path from "node:path";
import fs from "node:fs";
import zlib from "node:zlib";
import crypto from "node:crypto";

const [core, where, env, code, out] = process.argv.slice(2);
if (!("Suspending" in WebAssembly || "Suspender" in WebAssembly)) throw new Error("make_snapshot: this Node has no JSPI");
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const bundle = fs.readFileSync(path.join(core, path.basename(where)));
const pyodide = await loadPyodide({
  indexURL: path.resolve(core) + path.sep,
  env: JSON.parse(env),
  _makeSnapshot: true,
  fsInit: (FS) => FS.writeFile(where, bundle),
});
pyodide.runPython(code);
const snapshot = pyodide.makeMemorySnapshot();
const zipHash = crypto.createHash("sha256").update(bundle).digest();
fs.writeFileSync(out, Buffer.concat([zipHash, zlib.gzipSync(snapshot, { level: 6 })]));
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of memory, ${(fs.statSync(out).size / 1e6).toFixed(1)} MB gzipped`);
