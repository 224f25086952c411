"""Build site/: the app as a static site (Voici: JupyterLite + Pyodide), every page run by the
visitor's browser, nothing fetched from anywhere but the server that serves site/.

    python tools/site/build_site.py [--out site]

Why each step:
- Pyodide's core (the npm package ``pyodide``) holds no packages, and Pyodide's own package
  release is on no registry reached here. So the kernel's Python packages are pure-Python wheels
  from PyPI (and the kernel's own shims from jupyterlite-pyodide-kernel), all there when a kernel
  starts (``loadPyodideOptions.packages`` names them to the kernel): no micropip resolution and
  no index at run time. The kernel's piplite (%pip, on micropip) is a stand-in: no page installs.
- The project goes in as a wheel of its own packages (cardkit, widgets, classroom) without its
  dependencies' metadata: the browser has no voila, pandas or numpy and the pages need none.
- The packages a page starts with are not unpacked at each start (a file per module into the
  browser's memory: seconds): they are served as one zip, cardkit-packages.zip, which the site's
  loader (cardkit-pyodide.js, jupyter-lite.json's pyodideUrl) fetches beside Pyodide and Python
  imports from as it lies (sitecustomize.py puts it on sys.path). Only the site's own wheel goes
  through Pyodide's package loader (its IPython profile is read as files); a lock file names it and
  the ON_DEMAND wheels.
- Every wheel, and Pyodide's standard library (sources in the npm package), is compiled to
  bytecode (after SOURCE_PATCHES: IPython's terminal imported only when used) here by Pyodide's own Python (run by Node, run_in_pyodide.mjs): a page would otherwise
  compile IPython, the standard library and the rest from source at every visit (seconds).
- What a page starts with is only what it needs: plotly (40 MB unpacked, used only once a plot is
  drawn) is fetched the first time it is imported (ON_DEMAND), and JupyterLab extensions no page
  uses (plotly's renderer: 4.8 MB of JavaScript) are left out of the site.
- Imports never look in the notebook folder (/drive, the browser's storage read through the page):
  sitecustomize.py, added to Pyodide's standard library. Before, every import of a module not yet
  loaded asked the page about that folder first: a hundred round trips at each start.
- The kernel's IPython takes a profile of the site's (cardkit_site/ipython, through IPYTHONDIR),
  which loads the ON_DEMAND importer.
- A page's Python starts from a memory snapshot (SNAPSHOT, made here under Node by
  make_snapshot.mjs with SNAPSHOT_PY: IPython, ipywidgets and the project imported), not from
  nothing: seconds saved at every start. The site's loader checks it fits (the packages zip it was
  made with, Pyodide's build, the browser) and otherwise starts Python the usual way.
- The notebooks are copied with their prose in every language (cardkit.notebook_prose, as the Voila
  app serves them); Voici renders them with the app's template ("cardkit"), whose page-lang.js
  shows the visitor's.
Downloads (npm, PyPI) are cached in build/site-cache/, compiled wheels too; the build itself starts
clean each time.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: In a checkout the sources are beside this file; from an installed cardkit (`cardkit site DIR`)
#: the notebooks and the template are its data files (named by the command) and the packages are
#: the installed ones, and the build works in the user's cache folder.
CHECKOUT = (ROOT / "pyproject.toml").is_file()
NOTEBOOKS = Path(os.environ.get("CARDKIT_NOTEBOOKS") or ROOT / "notebooks")
JUPYTER = Path(os.environ.get("CARDKIT_JUPYTER") or ROOT / "share" / "jupyter")
BUILD = ROOT / "build" if CHECKOUT else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cardkit"
CACHE = BUILD / "site-cache"
STAGE = BUILD / "site-lite"

PYODIDE_VERSION = "0.29.0"          # the version jupyterlite-pyodide-kernel 0.7.0 is made for
#: What the kernel and the pages import in the browser (pure-Python wheels, for Pyodide's Python
#: 3.13) and, followed below, what these need. A package that Pyodide's own release ships is
#: taken at the version it ships (the kernel is made for those: the kernel 0.7.0 fails with
#: IPython 9.18); the widget libraries at the versions the Voila app is tested with.
REQUIREMENTS = [
    "micropip", "ipython", "comm",
    "ipywidgets==8.1.9", "plotly==7.1.0", "anywidget==0.11.0",
]
#: Wheels pip pulls in that the browser has no use for: the widget front-ends (Voici ships them
#: itself; the kernel's own shim stands in for widgetsnbextension), a terminal helper, and jedi
#: (code completion, which a page never asks for: 1,900 files to unpack at every start).
LEAVE_OUT = {"widgetsnbextension", "jupyterlab-widgets", "pexpect", "ptyprocess", "jedi", "parso"}
#: The kernel's own wheels (shims for ipykernel and widgetsnbextension, piplite, the kernel).
KERNEL_WHEELS = ["pyodide_kernel", "ipykernel", "widgetsnbextension-4"]
#: In place of the kernel's piplite (a %pip for the browser, on micropip): the two settings the
#: kernel sets at its start, and no installs. The kernel imports piplite at every start, and the
#: real one imports micropip with it; no page installs packages.
PIPLITE_STANDIN = {
    "piplite/__init__.py": b'"""Stand-in for the Pyodide kernel\'s piplite: this site installs no packages."""\n',
    "piplite/piplite.py": (b"_PIPLITE_URLS = []\n_PIPLITE_DISABLE_PYPI = True\n\n\n"
                           b"async def install(*args, **kwargs):\n"
                           b"    raise RuntimeError('this site installs no packages: every package it uses is built in')\n"),
}
#: Packages the kernel asks for at start that the pages do without: Pyodide's sqlite3 module (part
#: of its package release, not its core; IPython then keeps its history in memory) and jedi (see
#: LEAVE_OUT; IPython completes without it). The kernel is told they are there (it then installs
#: nothing under these names); nothing provides them.
EMPTY_STANDINS = ("sqlite3", "jedi")
#: Packages no page needs at its start (plotly draws only once a simulation or a lesson's plot
#: runs): not preloaded, but fetched and unpacked by the kernel the first time they are imported.
ON_DEMAND = ["plotly", "narwhals"]
#: Parts of wheels that Python never reads in the browser: plotly's JupyterLab extension and the
#: data sets of plotly.express.
LEAVE_OUT_FILES = {"plotly": ("plotly/labextension/", "plotly/package_data/datasets/")}
#: Changes to a package's source before it is compiled, as (old, new) text of one file. IPython
#: imports its terminal (prompt_toolkit and the rest: a third of its import time in the browser) for
#: IPython.embed, which a kernel in the browser never calls: the terminal is imported only if it is.
SOURCE_PATCHES = {"ipython": {"IPython/__init__.py": (
    "from .terminal.embed import embed\n",
    "def embed(*args, **kwargs):  # cardkit's site build: the terminal is imported only when called\n"
    "    from .terminal.embed import embed as terminal_embed\n"
    "    return terminal_embed(*args, **kwargs)\n")}}
#: The JupyterLab extensions the pages use (widgets, the kernel, anywidget for plotly's
#: FigureWidget, pygments' colours); the others installed with the build tools stay out.
LAB_EXTENSIONS = ["@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension",
                  "anywidget", "jupyterlab_pygments"]
#: The memory snapshot a page starts from (see SNAPSHOT_PY).
SNAPSHOT = "cardkit-snapshot.bin"
#: What the snapshot has imported: what the kernel imports at its start, then ipywidgets and every
#: module of the project (a page's first cell). The kernel's own package stays out (it holds
#: JavaScript objects, which a snapshot cannot); its mocks go in first, as it applies them before
#: IPython. What importing did that a kernel needs redone (the widgets' comm target, a random seed)
#: cardkit_site.snapshot redoes at each start.
SNAPSHOT_IMPORTS = [
    "IPython", "IPython.core.application", "IPython.core.completer", "IPython.core.completerlib",
    "IPython.core.history", "IPython.core.inputtransformer2", "IPython.core.interactiveshell",
    "IPython.core.magics", "IPython.core.shellapp", "IPython.display", "IPython.extensions.storemagic",
    "IPython.utils.module_paths", "IPython.utils.timing", "IPython.utils.tokenutil",
    "getpass", "urllib.request", "traitlets", "comm", "ipywidgets",
]
SNAPSHOT_PY = r"""
import importlib, importlib.util, os, pkgutil, sys, zipimport
os.makedirs(os.environ["IPYTHONDIR"], exist_ok=True)  # where the site's wheel is unpacked: IPython looks at import
spec = zipimport.zipimporter(BUNDLE + "/pyodide_kernel/").find_spec("mocks")
mocks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mocks)
mocks.apply_mocks()
sys.modules["pyodide_kernel"] = None                  # not imported (nor anything from it)
for name in IMPORTS:
    importlib.import_module(name)
for package in ("cardkit", "widgets", "classroom"):
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + ".", onerror=lambda name: None):
        try:
            importlib.import_module(module.name)
        except ImportError:                           # the server sides (the store, Voila): no page has them
            pass
del sys.modules["pyodide_kernel"]
sys.path.remove("")                                   # Pyodide puts it back at each start
"""
#: The one wheel a kernel unpacks at its start (the others are imported from cardkit-packages.zip).
UNPACK = ["cardkit-site"]
#: The zip of the packages a page starts with; the loader that fetches it (see the docstring).
BUNDLE = "cardkit-packages.zip"
LOADER = "cardkit-pyodide.js"
#: Where Pyodide and the wheels go in the site, copied there after Voici's build. Not static/pyodide
#: of the build's folder: the Pyodide kernel's build step would take that Pyodide's own pyodide.js
#: for the kernel's pyodideUrl, in place of LOADER.
PYODIDE_DIR = "static/cardkit-pyodide"
PYODIDE_URL = f"./{PYODIDE_DIR}/{LOADER}"
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Where Pyodide installs wheels.
SITE_PACKAGES = "/lib/python3.13/site-packages"
#: The environment of a kernel's Python: the same for the page and the snapshot (which holds
#: Python's os.environ as it was made).
KERNEL_ENV = {"IPYTHONDIR": f"{SITE_PACKAGES}/cardkit_site/ipython"}


LANDING_REDIRECT = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="refresh" content="0; url=voici/render/index.html">
  <title>cardkit</title>
  <link rel="icon" href="data:;base64,=">
</head>
<body>
  <p><a href="voici/render/index.html">Open cardkit</a></p>
</body>
</html>
"""


def run(*cmd, **kw):
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def pyodide_core() -> Path:
    """Pyodide's core files (npm package), unpacked once into the cache."""
    unpacked = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "pyodide.asm.wasm").exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", CACHE)
        with tarfile.open(CACHE / f"pyodide-{PYODIDE_VERSION}.tgz") as tar:
            tar.extractall(CACHE / "npm", filter="data")
        shutil.rmtree(unpacked, ignore_errors=True)
        (CACHE / "npm" / "package").rename(unpacked)
    return unpacked


def pypi_wheels() -> list[Path]:
    """Pure-Python wheels for REQUIREMENTS and what they need in the browser (downloaded once).

    pip would judge each dependency's marker by this machine (Linux), so the dependencies are
    followed here, with the markers judged as Pyodide's Python 3.13 judges them."""
    from packaging.markers import default_environment
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    dest = CACHE / "wheels"
    stamp = dest / ".requirements"
    wanted = "\n".join(REQUIREMENTS)
    if stamp.exists() and stamp.read_text() == wanted:
        return sorted(w for w in dest.glob("*.whl") if dist_name(w) not in LEAVE_OUT)
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    browser = dict(default_environment(), sys_platform="emscripten", platform_system="Emscripten",
                   os_name="posix", platform_machine="wasm32", python_version="3.13",
                   python_full_version="3.13.2", implementation_name="cpython")
    shipped = {canonicalize_name(p["name"]): p["version"]
               for p in json.loads((pyodide_core() / "pyodide-lock.json").read_text())["packages"].values()}
    have: set[str] = set()
    todo = [Requirement(r) for r in REQUIREMENTS]
    while todo:
        batch = {}
        for req in todo:
            name = canonicalize_name(req.name)
            if name not in have and name not in LEAVE_OUT and (req.marker is None or req.marker.evaluate(browser)):
                batch.setdefault(name, req)
        if not batch:
            break
        run(sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
            "--only-binary=:all:", "--platform", "any", "--python-version", "3.13",
            "--implementation", "py", "--abi", "none", "-d", dest,
            *[f"{r.name}=={shipped[n]}" if n in shipped and r.specifier.contains(shipped[n], True) else f"{r.name}{r.specifier}"
              for n, r in batch.items()])
        have |= set(batch)
        todo = []
        for wheel in dest.glob("*.whl"):
            with zipfile.ZipFile(wheel) as zf:
                meta = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
                lines = zf.read(meta).decode().splitlines()
            todo += [Requirement(line.split(":", 1)[1].strip()) for line in lines if line.startswith("Requires-Dist:")]
        todo = [r for r in todo if r.marker is None or "extra" not in str(r.marker)]
    stamp.write_text(wanted)
    return sorted(w for w in dest.glob("*.whl") if dist_name(w) not in LEAVE_OUT)


def kernel_wheels() -> list[Path]:
    """The kernel's own wheels, as installed with jupyterlite-pyodide-kernel."""
    import jupyterlite_pyodide_kernel  # noqa: F401  (the build tools are installed)
    pypi = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    found = [w for w in pypi.glob("*.whl") if any(w.name.startswith(k + "-") or w.name.startswith(k + ".")
                                                    for k in KERNEL_WHEELS)]
    if len(found) != len(KERNEL_WHEELS):
        raise SystemExit(f"build_site: expected the kernel's wheels {KERNEL_WHEELS} in {pypi}, found {found}")
    return sorted(found)


def dist_name(wheel: Path) -> str:
    return wheel.name.split("-")[0].lower().replace("_", "-")


def write_wheel(dest: Path, name: str, version: str, files: dict[str, bytes]) -> Path:
    """A minimal wheel: the files given plus dist-info (METADATA, WHEEL, RECORD)."""
    info = f"{name}-{version}.dist-info"
    files = dict(files)
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: cardkit build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    return zip_wheel(dest / f"{name}-{version}-py3-none-any.whl", files)


def zip_wheel(wheel: Path, files: dict[str, bytes]) -> Path:
    """Write ``wheel`` holding ``files`` (one of them in a .dist-info folder) and a RECORD made for them."""
    info = next(path.split("/")[0] for path in files if path.split("/")[0].endswith(".dist-info"))
    files = {path: data for path, data in files.items() if path != f"{info}/RECORD"}

    def record_line(path, data):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        return f"{path},sha256={digest},{len(data)}"
    record = "\n".join(record_line(p, d) for p, d in sorted(files.items())) + f"\n{info}/RECORD,,\n"
    files[f"{info}/RECORD"] = record.encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in sorted(files.items()):
            zf.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data,
                        compress_type=zipfile.ZIP_DEFLATED)
    return wheel


#: Run by Pyodide's Python on the unpacked wheels (mounted at /work): third-party packages get a
#: .pyc in place of each .py, as Pyodide ships its own packages; a wheel marked .keep-source (the
#: project's) keeps its sources for tracebacks, its bytecode beside them, used without checking them.
COMPILE_PY = r"""
import compileall, pathlib, py_compile, warnings
warnings.simplefilter("ignore")         # old escape sequences in some packages' sources
for folder in sorted(pathlib.Path("/work").iterdir()):
    if (folder / ".keep-source").exists():
        compileall.compile_dir(folder, quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    else:
        compileall.compile_dir(folder, quiet=2, legacy=True)
"""


def compiled(wheels: list[Path], dest: Path, keep_source: tuple[str, ...] = ()) -> list[Path]:
    """The wheels (and Pyodide's standard library, a zip of sources too), compiled to bytecode by
    Pyodide's own Python (run_in_pyodide.mjs, under Node), written to ``dest``: without it every
    visit compiles IPython, the standard library and the rest from source.

    Third-party wheels are compiled once and cached (under a name that changes with the way they
    are compiled); the names in ``keep_source`` every time."""
    how = hashlib.sha256(f"{COMPILE_PY}{sorted(LEAVE_OUT_FILES.items())}{sorted(SOURCE_PATCHES.items())}".encode()).hexdigest()[:12]
    cache = CACHE / f"compiled-{PYODIDE_VERSION}-{how}"
    cache.mkdir(parents=True, exist_ok=True)
    home = {w: dest if dist_name(w) in keep_source else cache for w in wheels}
    todo = [w for w in wheels if home[w] == dest or not (cache / w.name).exists()]
    if todo:
        work = STAGE.parent / "site-compile"
        shutil.rmtree(work, ignore_errors=True)
        for wheel in todo:
            with zipfile.ZipFile(wheel) as zf:
                zf.extractall(work / wheel.name)
            for name, (old, new) in SOURCE_PATCHES.get(dist_name(wheel), {}).items():
                source = work / wheel.name / name
                text = source.read_text()
                if text.count(old) != 1:
                    raise SystemExit(f"build_site: {wheel.name}'s {name} is not the one SOURCE_PATCHES was written for")
                source.write_text(text.replace(old, new))
            if home[wheel] == dest:
                (work / wheel.name / ".keep-source").touch()
        run("node", Path(__file__).with_name("run_in_pyodide.mjs"), pyodide_core(), work, COMPILE_PY)
        for wheel in todo:
            folder, files = work / wheel.name, {}
            for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != ".keep-source"):
                name = path.relative_to(folder).as_posix()
                if name.startswith(LEAVE_OUT_FILES.get(dist_name(wheel), ())):
                    continue
                if home[wheel] == cache and path.suffix == ".py" and path.with_suffix(".pyc").exists():
                    continue
                files[name] = path.read_bytes()
            if wheel.suffix == ".whl":
                zip_wheel(home[wheel] / wheel.name, files)
            else:                               # Pyodide's standard library
                with zipfile.ZipFile(home[wheel] / wheel.name, "w", zipfile.ZIP_DEFLATED) as zf:
                    for name, data in files.items():
                        zf.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data,
                                    compress_type=zipfile.ZIP_DEFLATED)
        shutil.rmtree(work)
    return [Path(shutil.copy2(home[w] / w.name, dest / w.name)) if home[w] == cache else dest / w.name
            for w in wheels]


def project_wheel(dest: Path) -> Path:
    """cardkit, widgets and classroom as one wheel (sources only; no dependency metadata)."""
    import importlib.metadata
    import importlib.util
    import tomllib
    version = (tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"] if CHECKOUT
               else importlib.metadata.version("cardkit"))
    files = {}
    for package in ("cardkit", "widgets", "classroom"):
        folder = ROOT / package if CHECKOUT else Path(importlib.util.find_spec(package).origin).parent
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" not in path.parts:
                files[f"{package}/{path.relative_to(folder).as_posix()}"] = path.read_bytes()
    # The catalogs, compiled (the browser has no Babel to compile a .po): cardkit.i18n reads them
    # from the package as it lies in the zip the pages import from.
    from cardkit.i18n import DOMAINS, LANGUAGES, LOCALE_DIR, compile_po
    for lang in LANGUAGES:
        for domain in DOMAINS:
            po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
            if po.is_file():
                files[f"cardkit/locale/{lang}/LC_MESSAGES/{domain}.mo"] = compile_po(po)
    return write_wheel(dest, "cardkit", version, files)


def site_wheel(dest: Path, on_demand: list[Path]) -> Path:
    """The kernel's own additions (tools/site/cardkit_site): its IPython profile and the loader of
    the ON_DEMAND wheels, with their names and sha256."""
    here = Path(__file__).with_name("cardkit_site")
    files = {f"cardkit_site/{p.relative_to(here).as_posix()}": p.read_bytes()
             for p in sorted(here.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}
    files["cardkit_site/on_demand.json"] = json.dumps({
        "imports": sorted({name for w in on_demand for name in lock_entry(w)["imports"]}),
        "wheels": {w.name: hashlib.sha256(w.read_bytes()).hexdigest() for w in on_demand},
    }, indent=1).encode()
    return write_wheel(dest, "cardkit_site", "1.0.0", files)


def bundle(dest: Path, wheels: list[Path]) -> Path:
    """The wheels' files in one zip, laid out as in site-packages, for Python to import from where
    it lies (zipimport). zipimport looks for bytecode beside each source (x.pyc next to x.py), not in
    __pycache__: the project's bytecode moves there. Every folder has an entry of its own (zipimport
    finds a package without __init__, such as micropip._vendored, only so). A wheel's .data
    (scripts, man pages) stays out."""
    owner = {}
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as out:
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as zf:
                for name in zf.namelist():
                    if name.endswith("/") or name.split("/")[0].endswith(".data"):
                        continue
                    target = name
                    if "/__pycache__/" in name and name.endswith(".pyc"):
                        folder, file = name.rsplit("/__pycache__/", 1)
                        target = f"{folder}/{file.split('.')[0]}.pyc"
                    if target in owner:
                        raise SystemExit(f"build_site: {target} is in both {owner[target]} and {wheel.name}")
                    owner[target] = wheel.name
                    out.writestr(zipfile.ZipInfo(target, date_time=(2020, 1, 1, 0, 0, 0)), zf.read(name),
                                 compress_type=zipfile.ZIP_DEFLATED)
        folders = {path.rsplit("/", i)[0] + "/" for path in owner for i in range(1, path.count("/") + 1)}
        for folder in sorted(folders):
            out.writestr(zipfile.ZipInfo(folder, date_time=(2020, 1, 1, 0, 0, 0)), b"")
    return dest


def lock_entry(wheel: Path) -> dict:
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    tops = sorted({n.split("/")[0] if "/" in n else n.rsplit(".", 1)[0] for n in names
                   if not n.split("/")[0].endswith((".dist-info", ".data")) and ("/" in n or n.endswith((".py", ".pyc")))})
    name, version = wheel.name.split("-")[:2]
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": tops, "depends": [], "unvendored_tests": False}


def stage_pyodide(pyodide_dir: Path) -> list[str]:
    """Pyodide's core, the site's loader, the packages a page starts with (BUNDLE), the wheels of
    UNPACK and ON_DEMAND and a pyodide-lock.json naming these; returns the names of the packages a
    kernel starts with, as the kernel looks them up (it skips installing those it finds there, and
    spells one pyodide_kernel)."""
    core = pyodide_core()
    pyodide_dir.mkdir(parents=True)
    for name in ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "package.json"):
        shutil.copy2(core / name, pyodide_dir / name)
    sources = STAGE / "wheel-sources"
    sources.mkdir()
    piplite = write_wheel(sources, "piplite", "0.0.0", PIPLITE_STANDIN)
    stdlib, *wheels = compiled([core / "python_stdlib.zip", *pypi_wheels(), *kernel_wheels(), project_wheel(sources), piplite],
                               pyodide_dir, keep_source=("cardkit",))
    with zipfile.ZipFile(stdlib, "a", zipfile.ZIP_DEFLATED) as zf:     # see sitecustomize.py
        zf.write(Path(__file__).with_name("sitecustomize.py"), "sitecustomize.py")
    shutil.rmtree(sources)
    shutil.copy2(Path(__file__).with_name(LOADER), pyodide_dir / LOADER)
    on_demand = [w for w in wheels if dist_name(w) in ON_DEMAND]
    bundled = [w for w in wheels if dist_name(w) not in ON_DEMAND]
    bundle(pyodide_dir / BUNDLE, bundled)
    for wheel in bundled:
        wheel.unlink()
    unpacked = [site_wheel(pyodide_dir, on_demand)]
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = {}
    for wheel in unpacked + on_demand:
        entry = lock_entry(wheel)
        packages[entry["name"].lower().replace("_", "-")] = entry
    if sorted(name for name in packages if name not in ON_DEMAND) != UNPACK:
        raise SystemExit(f"build_site: the lock names {sorted(packages)}, UNPACK says {UNPACK}")
    lock["packages"] = packages
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    snapshot(pyodide_dir)
    names = {dist_name(w) for w in bundled} | set(EMPTY_STANDINS) | set(UNPACK)
    return sorted(names | {name.replace("-", "_") for name in names})


#: Python set up at its start for WebAssembly stack switching (JSPI: Chromium has it) or without,
#: and a snapshot keeps that: it is made with stack switching, and browsers without it start the
#: usual way (cardkit-pyodide.js). Node has it on, or behind one of these flags, or not at all.
NODE_JSPI_FLAGS = ([], ["--experimental-wasm-jspi"], ["--experimental-wasm-stack-switching"])
JSPI_CHECK = 'process.exit("Suspending" in WebAssembly || "Suspender" in WebAssembly ? 0 : 1)'


def snapshot(pyodide_dir: Path) -> Path | None:
    """SNAPSHOT: Pyodide's memory once SNAPSHOT_PY has run, made under Node (make_snapshot.mjs) from
    the staged files as a page loads them (a snapshot fits only the Pyodide build that made it).
    None (and the site starts Python the usual way) where this Node has no stack switching."""
    flags = next((f for f in NODE_JSPI_FLAGS
                  if subprocess.run(["node", *f, "-e", JSPI_CHECK], capture_output=True).returncode == 0), None)
    if flags is None:
        print("build_site: this Node has no WebAssembly stack switching (JSPI): no memory snapshot, "
              "the pages start Python the usual way (slower)", flush=True)
        return None
    code = SNAPSHOT_PY.replace("BUNDLE", repr(f"/lib/{BUNDLE}")).replace("IMPORTS", repr(SNAPSHOT_IMPORTS))
    try:
        run("node", *flags, Path(__file__).with_name("make_snapshot.mjs"), pyodide_dir, f"/lib/{BUNDLE}",
            json.dumps(KERNEL_ENV), code, pyodide_dir / SNAPSHOT)
    except (subprocess.CalledProcessError, OSError) as failed:   # a speed-up only: the site works without
        (pyodide_dir / SNAPSHOT).unlink(missing_ok=True)
        why = f"node exited with status {failed.returncode}" if hasattr(failed, "returncode") else str(failed)
        print(f"build_site: no memory snapshot ({why}): the pages start Python the usual way (slower)",
              flush=True)
        return None
    return pyodide_dir / SNAPSHOT


def lite_config(packages: list[str]) -> dict:
    """jupyter-lite.json: Pyodide started by the site's loader (LOADER), the kernel told these
    packages are there, never a fall back to PyPI; the kernel's IPython takes the site's profile
    (cardkit_site/ipython)."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "cardkit",
        "litePluginSettings": {KERNEL_SETTINGS: {
            "disablePyPIFallback": True,
            "pyodideUrl": PYODIDE_URL,
            "loadPyodideOptions": {"packages": packages, "cardkitUnpack": UNPACK, "checkAPIVersion": True,
                                   "env": KERNEL_ENV},
        }},
    }}


def stage_lab_extensions(folder: Path) -> dict:
    """LAB_EXTENSIONS, from the build tools' environment, in ``folder``; returns the build's
    settings (jupyter_lite_config.json) that take them from there and no others."""
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in LAB_EXTENSIONS:
        if not (installed / name / "package.json").is_file():
            raise SystemExit(f"build_site: the JupyterLab extension {name} is not installed in {installed}")
        shutil.copytree(installed / name, folder / name)
    return {"LiteBuildConfig": {"ignore_sys_prefix": ["federated_extensions"]},
            "FederatedExtensionAddon": {"extra_labextensions_path": [str(folder)]}}


def translate_copy(path: Path) -> None:
    """The site's copy of a notebook with its prose in every language (cardkit.notebook_prose, as the
    Voila app does as it serves a page): a page is drawn once here, for every visitor."""
    from cardkit.notebook_prose import translate_notebook
    nb = json.loads(path.read_text(encoding="utf-8"))
    translate_notebook(nb)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")


def build(out: Path) -> None:
    shutil.rmtree(STAGE, ignore_errors=True)
    STAGE.mkdir(parents=True)
    packages = stage_pyodide(STAGE / "pyodide")
    (STAGE / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=1))
    (STAGE / "jupyter_lite_config.json").write_text(json.dumps(stage_lab_extensions(STAGE / "labextensions")))
    contents = STAGE / "notebooks"
    shutil.copytree(NOTEBOOKS, contents,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    for notebook in contents.rglob("*.ipynb"):
        translate_copy(notebook)
    shutil.rmtree(out, ignore_errors=True)
    templates = JUPYTER
    env = dict(os.environ, JUPYTER_PATH=os.pathsep.join(filter(None, [str(templates), os.environ.get("JUPYTER_PATH")])))
    run(Path(sys.executable).parent / "voici", "build", "--lite-dir", STAGE, "--contents", contents,
        "--output-dir", out.resolve(), "--no-sourcemaps", "--no-unused-shared-packages",
        "--template", "cardkit", "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False", cwd=STAGE, env=env)
    shutil.copytree(STAGE / "pyodide", out / PYODIDE_DIR)
    # The app's template links Font Awesome from here (see its index.html.j2); the root of the site
    # opens the landing page, as the root of the Voila app does.
    shutil.copytree(JUPYTER / "voila/templates/cardkit/static/fontawesome",
                    out / "static" / "cardkit" / "fontawesome")
    (out / "index.html").write_text(LANDING_REDIRECT)
    (out / ".nojekyll").write_text("")          # GitHub Pages: serve every file as it is
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site: {out} ({size / 1e6:.1f} MB)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "site"), help="where to write the site (default: site/)")
    build(Path(parser.parse_args(argv).out))


if __name__ == "__main__":
    main()
