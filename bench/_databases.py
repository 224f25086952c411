"""The back ends a class-room benchmark measures: SQLite (a temporary file) and PostgreSQL (a
throwaway server, fsync on, started for the run: Debian's `postgresql`)."""
import tempfile


def each_backend(backends: str, measure, args, error) -> None:
    """``measure(name, url, args)`` on each of ``backends`` ("sqlite,postgresql"); ``error(text)``
    for an unknown one."""
    for backend in backends.split(","):
        if backend == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                measure("SQLite", f"sqlite:///{folder}/classes.sqlite", args)
        elif backend == "postgresql":
            from tests.classroom.pg_server import PostgresServer, pg_bin
            if pg_bin() is None:
                print("PostgreSQL: not measured (not installed: apt install postgresql)")
                continue
            server = PostgresServer(pg_bin(), fsync=True)
            try:
                measure("PostgreSQL", server.new_database(), args)
            finally:
                server.cleanup()
        else:
            error(f"unknown back end {backend!r}: sqlite or postgresql")
