"""What the widgets need from the browser's Python (Pyodide, in the static site), and nowhere else.

The Pyodide kernel hands each comm message to JavaScript with ``toJs()``, which turns ``None``
into ``undefined``, and JSON then drops the key: ``layout.display = None`` (show the box again)
never reached the page, so a box once hidden stayed hidden. Sending JavaScript's ``null`` instead
keeps every ``None`` a widget sends, as under Voila.
"""
from __future__ import annotations

import sys


def in_browser() -> bool:
    return sys.platform == "emscripten"


def _nulls(value, null):
    if value is None:
        return null
    if isinstance(value, dict):
        return {key: _nulls(item, null) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_nulls(item, null) for item in value]
    return value


def keep_none_in_comm_messages() -> None:
    """Patch the Pyodide kernel's Comm so ``None`` arrives as ``null`` (once; no-op elsewhere)."""
    if not in_browser():
        return
    try:
        from pyodide.ffi import jsnull
        from pyodide_kernel.comm import Comm
    except ImportError:                         # Pyodide without the JupyterLite kernel
        return
    if getattr(Comm.publish_msg, "_ck_keeps_none", False):
        return
    publish = Comm.publish_msg

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        return publish(self, msg_type, _nulls({} if data is None else data, jsnull),
                       metadata, buffers, **_nulls(keys, jsnull))

    publish_msg._ck_keeps_none = True
    Comm.publish_msg = publish_msg
