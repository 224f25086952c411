"""The static site's Python, customised at start (build_site.py adds this file to Pyodide's
standard library).

The packages a page starts with come as one zip (cardkit-pyodide.js writes it before Python
starts): it goes on sys.path, after site-packages, and Python imports from it as it lies.

The kernel runs in the notebook folder, /drive: the browser's storage, which Python reads through
the page (a synchronous request to the service worker, answered by the page's own thread). Pyodide
puts the working folder ('') first on sys.path, so every import of a module not yet loaded asked the
page about /drive first: a hundred round trips while the kernel starts, seconds on a busy device.
The pages import only installed packages, so imports do not look in /drive.
"""
import os
import sys

DRIVE = "/drive"
BUNDLE = "/lib/cardkit-packages.zip"            # cardkit-pyodide.js's WHERE

if os.path.exists(BUNDLE):
    sys.path.append(BUNDLE)


class _NothingToImport:
    """The import finder of a folder under /drive: finds nothing, asks nothing."""

    def find_spec(self, name, target=None):
        return None

    def invalidate_caches(self):
        pass


def _drive_has_no_modules(path):
    if path == DRIVE or path.startswith(DRIVE + "/"):
        return _NothingToImport()
    raise ImportError                   # not ours: the usual finders take it


sys.path_hooks.insert(0, _drive_has_no_modules)
