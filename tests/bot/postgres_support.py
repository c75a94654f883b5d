"""A PostgreSQL server of the tests' own: ``initdb`` into a temporary folder, started
on a Unix socket there (no port to collide with), stopped and removed at the end.

PostgreSQL refuses to run as root: as root, the server's commands run as the
``postgres`` user that Debian's package creates. The binaries are found on PATH or
under ``/usr/lib/postgresql/<version>/bin`` (where Debian puts them, off PATH).
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

#: Logs in without a password: the tests' own superuser, through the socket.
SUPERUSER = "postgres"
#: How the server authenticates everyone else, so that a wrong password is refused.
HBA = f"local all {SUPERUSER} trust\nlocal all all scram-sha-256\n"


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``, or None where PostgreSQL is not installed."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent  # a link on PATH leads to the others
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    return versions[-1].parent if versions else None


class PostgresServer:
    """One server for the test session; each test asks it for a new empty database."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        # Short (a socket's path is limited to about 100 bytes) and the server's own.
        self.folder = Path(tempfile.mkdtemp(prefix="carc-pg-"))
        self._as_server: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, SUPERUSER)
            self._as_server = ["runuser", "-u", SUPERUSER, "--"]
        self._names = itertools.count(1)

    def _server(self, *args: str) -> None:
        subprocess.run([*self._as_server, *args], check=True, capture_output=True, text=True,
                       timeout=120)

    def start(self) -> None:
        data = self.folder / "data"
        self._server(str(self.bin / "initdb"), "-D", str(data), "-U", SUPERUSER, "-A", "trust",
                     "--no-sync", "-E", "UTF8", "--locale=C")
        (data / "pg_hba.conf").write_text(HBA)
        # Durability is not what these tests check: no fsync, for speed.
        options = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        self._server(str(self.bin / "pg_ctl"), "-D", str(data), "-o", options,
                     "-l", str(self.folder / "server.log"), "-w", "start")

    def stop(self) -> None:
        try:
            self._server(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"),
                         "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres", user: str = SUPERUSER) -> str:
        return f"postgresql://{user}@/{database}?host={self.folder}"

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Run one statement as the superuser (``psql``); its output."""
        done = subprocess.run(
            [str(self.bin / "psql"), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1",
             "-h", str(self.folder), "-U", SUPERUSER, "-d", database, "-c", statement],
            check=True, capture_output=True, text=True, timeout=60)
        return done.stdout.strip()

    def create_database(self) -> str:
        """A new empty database; its URL."""
        name = f"test_{next(self._names)}"
        self.sql(f"CREATE DATABASE {name}")
        return self.url(name)
