"""Packages a page fetches only when Python first imports them (build_site.py's ON_DEMAND): plotly
is 40 MB unpacked and draws only once a simulation or a lesson's plot runs, so a page starts
without it.

An IPython extension (the site's profile loads it). The first import of one of these packages
fetches their wheels from the site with a synchronous request (the kernel runs in a web worker:
the page goes on meanwhile), checks each against the sha256 the build wrote, and unpacks them where
Pyodide installs its packages; the import then goes on as usual.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import io
import json
import sys
import sysconfig
import zipfile
from pathlib import Path


class OnDemand(importlib.abc.MetaPathFinder):
    """Installs every ON_DEMAND wheel at the first import of a top-level name they provide."""

    def __init__(self, imports, wheels):
        self.imports, self.wheels = set(imports), dict(wheels)

    def find_spec(self, name, path=None, target=None):
        if path is not None or name not in self.imports:
            return None
        self.imports.clear()                    # once: later imports find the packages installed
        for wheel, sha256 in self.wheels.items():
            unpack(fetch(wheel), sha256, wheel)
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(name)


def fetch(wheel: str) -> bytes:
    import pyodide_js
    from js import XMLHttpRequest

    base = str(pyodide_js.lockfileBaseUrl)
    url = base + ("" if base.endswith("/") else "/") + wheel
    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status != 200:
        raise ImportError(f"could not fetch {url} (HTTP {request.status})")
    return request.response.to_bytes()


def unpack(data: bytes, sha256: str, wheel: str) -> None:
    if hashlib.sha256(data).hexdigest() != sha256:
        raise ImportError(f"{wheel} is not the wheel this site was built with")
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        zf.extractall(sysconfig.get_path("purelib"))


def load_ipython_extension(ipython) -> None:
    if not any(isinstance(finder, OnDemand) for finder in sys.meta_path):
        spec = json.loads((Path(__file__).parent / "on_demand.json").read_text())
        sys.meta_path.append(OnDemand(spec["imports"], spec["wheels"]))
