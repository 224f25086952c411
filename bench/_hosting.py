"""What the hosting benches share (not a benchmark itself: `make bench` skips files starting with `_`):
the app's server started as `make app` / `make class` start it, its memory and CPU, and a quantile."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import voila_app as va  # noqa: E402  (process, memory and clean-up helpers)

WARM_TIMEOUT = 1800                 # s for class mode's kernels to warm
STALL = 60                          # s without progress after a kernel failed to start


class Server(va.Voila):
    """``python -m server.voila_server <served>`` on a free port, from the repository root, page
    limits off (every visitor comes from 127.0.0.1). ``stop()`` ends it and every kernel it started."""

    def __init__(self, served: Path, workdir: Path, extra_args=(), env_extra=None, python_args=()):
        self.port = va._free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "voila.log"
        self.seen: dict[int, int] = {}
        env = dict(os.environ)
        env["JUPYTER_PATH"] = os.pathsep.join(
            p for p in (str(va.REPO / "share" / "jupyter"), env.get("JUPYTER_PATH")) if p)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(va.REPO), env.get("PYTHONPATH")) if p)
        env["PYTHONPYCACHEPREFIX"] = str(workdir / "pycache")
        env.update(env_extra or {})
        self.cmd = [sys.executable, *python_args, "-m", "server.voila_server", str(served), "--no-browser",
                    f"--port={self.port}", "--Voila.port_retries=0", "--Voila.ip=127.0.0.1",
                    "--CardkitVoila.max_kernels=0", "--CardkitVoila.max_kernels_per_client=0", *extra_args]
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(self.cmd, cwd=va.REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)

    def wait_warm(self) -> str:
        """The server's "ready" line; or, when a kernel failed to start (Voila does not start it
        again, so "ready" never comes) and the warming stalled for STALL s, how many are warm."""
        deadline = time.monotonic() + WARM_TIMEOUT
        last, since = None, time.monotonic()
        while True:
            log = self.log_path.read_text(errors="replace")
            found = re.search(r"^ready: .*$", log, re.MULTILINE)
            if found:
                return found.group(0)
            warming = re.findall(r"^warming: .*$", log, re.MULTILINE)
            if warming[-1:] != last:
                last, since = warming[-1:], time.monotonic()
            elif "Error occurred while starting new kernel" in log and time.monotonic() - since > STALL:
                return f"not all warm: a kernel failed to start (last said: {last[0] if last else 'nothing'})"
            if self.proc.poll() is not None:
                raise va.BenchError(f"the server exited with code {self.proc.returncode}:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise va.BenchError(f"class mode not warm after {WARM_TIMEOUT} s:\n{self.log_tail()}")
            time.sleep(1)

    def kernel_pids(self) -> list[int]:
        pids = []
        for pid in va.descendants(self.proc.pid):
            try:
                if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    pids.append(pid)
            except OSError:
                pass
        return pids

    def memory(self) -> tuple[float, list[float]]:
        """(RSS of the server, RSS of each kernel), in MiB."""
        kernels = []
        for pid in self.kernel_pids():
            try:
                kernels.append(va.memory_kib(pid)[0] / 1024)
            except (OSError, KeyError):
                pass
        return va.memory_kib(self.proc.pid)[0] / 1024, kernels

    def cpu_split(self) -> tuple[float, float]:
        """(CPU seconds of the server process, of every live process under it: its kernels)."""
        server = va._stat(self.proc.pid)
        total = self.cpu_seconds()
        own = server[1] if server else 0.0
        return own, total - own


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]
