// Run Python code in Pyodide's own Python under Node, with a folder of this machine mounted at /work.
// build_site.py uses it to compile the site's wheels to bytecode with the very Python the browser runs.
//
//     node run_in_pyodide.mjs <pyodide core folder> <folder to mount at /work> <python code>
import { pathToFileURL } from "node:url";
import path from "node:path";

const [core, folder, code] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(core) + path.sep });
pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/work");
pyodide.runPython(code);
