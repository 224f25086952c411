"""Build site/: the app as a static site (Voici: JupyterLite + Pyodide), every page run by the
visitor's browser, nothing fetched from anywhere but the server that serves site/.

    python share/site/build_site.py [--out site]

Why each step:
- Pyodide's core (the npm package ``pyodide``) holds no packages, and Pyodide's own package
  release is on no registry reached here. So the kernel's Python packages are pure-Python wheels
  from PyPI (and the kernel's own shims from jupyterlite-pyodide-kernel), listed in a
  pyodide-lock.json written here with their sha256, and preloaded by Pyodide when a kernel starts
  (``loadPyodideOptions.packages``): no micropip resolution and no index at run time.
- The project goes in as a wheel of its own packages (cardkit, widgets) without its
  dependencies' metadata: the browser has no voila, pandas or numpy and the pages need none.
- The notebooks are copied as they are; Voici renders them with the app's template ("cardkit").
Downloads (npm, PyPI) are cached in build/site-cache/; the build itself starts clean each time.
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
CACHE = ROOT / "build" / "site-cache"
STAGE = ROOT / "build" / "site-lite"

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
KERNEL_WHEELS = ["piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4"]
#: Packages the kernel asks for at start that the pages do without: Pyodide's sqlite3 module (part
#: of its package release, not its core; IPython then keeps its history in memory) and jedi (see
#: LEAVE_OUT; IPython completes without it). Empty stand-ins are preloaded under their names.
EMPTY_STANDINS = {"sqlite3": "1.0.0", "jedi": "0.0.0"}


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

    def record_line(path, data):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        return f"{path},sha256={digest},{len(data)}"
    record = "\n".join(record_line(p, d) for p, d in sorted(files.items())) + f"\n{info}/RECORD,,\n"
    files[f"{info}/RECORD"] = record.encode()
    wheel = dest / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in sorted(files.items()):
            zf.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data,
                        compress_type=zipfile.ZIP_DEFLATED)
    return wheel


def project_wheel(dest: Path) -> Path:
    """cardkit and widgets as one wheel (sources only; no dependency metadata)."""
    import tomllib
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    files = {}
    for package in ("cardkit", "widgets"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" not in path.parts:
                files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    return write_wheel(dest, "cardkit", version, files)


def lock_entry(wheel: Path) -> dict:
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                   if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)})
    name, version = wheel.name.split("-")[:2]
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": tops, "depends": [], "unvendored_tests": False}


def stage_pyodide(pyodide_dir: Path) -> list[str]:
    """Pyodide's core, the wheels and a pyodide-lock.json naming them; returns the package names."""
    core = pyodide_core()
    pyodide_dir.mkdir(parents=True)
    for name in ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json"):
        shutil.copy2(core / name, pyodide_dir / name)
    wheels = [shutil.copy2(w, pyodide_dir / w.name) for w in [*pypi_wheels(), *kernel_wheels()]]
    wheels = [Path(w) for w in wheels]
    wheels.append(project_wheel(pyodide_dir))
    wheels += [write_wheel(pyodide_dir, name, version, {}) for name, version in EMPTY_STANDINS.items()]
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = {}
    for wheel in wheels:
        entry = lock_entry(wheel)
        packages[entry["name"].lower().replace("_", "-")] = entry
    lock["packages"] = packages
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(packages)


def lite_config(packages: list[str]) -> dict:
    """jupyter-lite.json: preload every package, never fall back to PyPI."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "cardkit",
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": packages, "checkAPIVersion": True},
        }},
    }}


def build(out: Path) -> None:
    shutil.rmtree(STAGE, ignore_errors=True)
    (STAGE / "static").mkdir(parents=True)
    packages = stage_pyodide(STAGE / "static" / "pyodide")
    (STAGE / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=1))
    contents = STAGE / "notebooks"
    shutil.copytree(ROOT / "notebooks", contents,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    shutil.rmtree(out, ignore_errors=True)
    templates = ROOT / "share" / "jupyter"
    env = dict(os.environ, JUPYTER_PATH=os.pathsep.join(filter(None, [str(templates), os.environ.get("JUPYTER_PATH")])))
    run(Path(sys.executable).parent / "voici", "build", "--lite-dir", STAGE, "--contents", contents,
        "--output-dir", out.resolve(), "--no-sourcemaps", "--no-unused-shared-packages",
        "--template", "cardkit", "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False", cwd=STAGE, env=env)
    # The app's template links Font Awesome from here (see its index.html.j2); the root of the site
    # opens the landing page, as the root of the Voila app does.
    shutil.copytree(ROOT / "share/jupyter/voila/templates/cardkit/static/fontawesome",
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
