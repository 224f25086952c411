"""A throwaway PostgreSQL server for the class rooms' tests and benchmark: initdb in a temporary
folder, pg_ctl start on 127.0.0.1 and a free port (or one from CARDKIT_TEST_PORT) (as the `postgres` user when run as root, since the
server refuses root), stopped and removed at the end. Needs Debian's `postgresql` package (or
CARDKIT_PG_BIN naming the folder with initdb and pg_ctl)."""
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import sqlalchemy as sa

from tests._ports import server_port


def pg_bin() -> Path | None:
    """The folder with initdb and pg_ctl: CARDKIT_PG_BIN, Debian's newest /usr/lib/postgresql/N/bin, or PATH."""
    if os.environ.get("CARDKIT_PG_BIN"):
        return Path(os.environ["CARDKIT_PG_BIN"])
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parent.parent.name)
                    if p.parent.parent.name.isdigit() else 0)
    if debian:
        return debian[-1].parent
    found = shutil.which("pg_ctl")
    return Path(found).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    """A throwaway PostgreSQL server: initdb in a temporary folder, listening on 127.0.0.1:<free port>."""

    def __init__(self, bindir: Path, fsync: bool = False):
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="cardkit-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = server_port()        # $CARDKIT_TEST_PORT + n when set (tests/_ports.py)
        self.fsync = fsync
        self.as_user = []
        if os.geteuid() == 0:   # the server refuses to run as root
            shutil.chown(self.root, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        self.start()

    def _run(self, tool, *args, check=True):
        done = subprocess.run([*self.as_user, str(self.bindir / tool), *args], capture_output=True, text=True,
                              timeout=120)
        if check and done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{tool} failed: {done.stdout}\n{done.stderr}\n{log}")
        return done

    def start(self):
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=300"
                   + ("" if self.fsync else " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"))
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "60", "start")

    def stop(self, mode="fast"):
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop", check=False)

    def restart(self):
        self.stop("fast")
        self.start()

    def url(self, database="postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        name = "t_" + uuid.uuid4().hex[:12]
        engine = sa.create_engine(self.url(), isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        engine.dispose()
        return self.url(name)

    def cleanup(self):
        self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)
