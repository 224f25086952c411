"""nginx in front of cardkit servers with the shipped site file (deploy/nginx/cardkit.conf), run as
the caller's own: its prefix, pid, logs, temporary and cache folders in one folder. Used by
tests/browser/test_deploy_nginx.py (the shipped servers file) and bench/server_capacity.py --nginx."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy" / "nginx"
NGINX = os.environ.get("CARDKIT_NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
SHIPPED_CACHE = "/var/lib/nginx/cardkit-static"
# The access log says, per request, whether nginx's cache answered it (HIT) or a server did (MISS, ...).
LOG_FORMAT = "'$upstream_cache_status $status $request_method $request_uri'"


def site_config(folder: Path, listen: int, servers: str) -> Path:
    """An nginx.conf in ``folder`` that includes ``servers`` (the upstreams and the map that names
    ``$cardkit_upstream``) and the shipped site, its `listen 80` replaced by 127.0.0.1:``listen``
    and its cache folder by one in ``folder``."""
    (folder / "cardkit-servers.conf").write_text(servers)
    site = (DEPLOY / "cardkit.conf").read_text()
    assert "    listen 80;\n" in site and "    listen [::]:80;\n" in site and SHIPPED_CACHE in site
    site = site.replace("    listen 80;\n", f"    listen 127.0.0.1:{listen};\n").replace("    listen [::]:80;\n", "")
    (folder / "cardkit.conf").write_text(site.replace(SHIPPED_CACHE, str(folder / "static-cache")))
    temp = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi",
                                                                            "uwsgi", "scgi"))
    conf = folder / "nginx.conf"
    conf.write_text(f"""daemon off;
worker_processes 1;
pid {folder / 'nginx.pid'};
error_log {folder / 'error.log'} info;
events {{ worker_connections 1024; }}
http {{
    log_format cardkit {LOG_FORMAT};
    access_log {folder / 'access.log'} cardkit;
{temp}
    include {folder / 'cardkit-servers.conf'};
    include {folder / 'cardkit.conf'};
}}
""")
    return conf


class Nginx:
    """nginx started on ``listen`` with ``site_config``'s files; ``stop()`` ends it."""

    def __init__(self, folder: Path, listen: int, servers: str):
        folder.chmod(0o755)                         # nginx's workers (nobody, when run as root) use it
        self.folder, self.url = folder, f"http://127.0.0.1:{listen}"
        conf = site_config(folder, listen, servers)
        self.log = folder / "error.log"
        self.log.touch()
        test = subprocess.run([NGINX, "-t", "-p", str(folder), "-c", str(conf), "-e", str(self.log)],
                              capture_output=True, text=True)
        if test.returncode != 0:
            raise RuntimeError(f"nginx -t refused the site:\n{test.stderr}")
        self.proc = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(conf), "-e", str(self.log)],
                                     stdin=subprocess.DEVNULL, start_new_session=True)

    def cache_answers(self) -> list[tuple[str, str]]:
        """(cache status, request path) of every request so far, from the access log."""
        lines = (self.folder / "access.log").read_text(errors="replace").splitlines()
        return [(parts[0], parts[3]) for parts in (line.split(" ") for line in lines) if len(parts) >= 4]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
