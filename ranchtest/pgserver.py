"""A throwaway PostgreSQL server: ``initdb`` + ``pg_ctl`` in a temporary folder.

The tests start one per test process (``tests/pg_fixtures.py``: each parallel worker has its
own, on its own port and folder) and give every test a database of its own; benchmarks start
one the same way. The server listens on a free loopback port (password login) and on a Unix
socket in its folder (used to create and drop databases). PostgreSQL refuses to run as root,
so as root the server runs as the ``postgres`` user that Debian's package creates.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

#: the superuser's password for TCP logins (the tests check it never reaches any output)
PASSWORD = "ranch-secret-7f3a"
#: ports tried before giving up on starting the server
PORT_ATTEMPTS = 3


def find_bindir() -> Path | None:
    """Where initdb and pg_ctl live: PATH, ``pg_config --bindir``, Debian's folders."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(
            ["pg_config", "--bindir"], capture_output=True, text=True, timeout=10, check=True
        ).stdout.strip()
        if out and (Path(out) / "initdb").exists():
            return Path(out)
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "initdb").exists():
            return Path(candidate)
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PgServer:
    bindir: Path
    home: Path
    port: int
    run_as: list[str]
    names: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def socket_dir(self) -> Path:
        return self.home / "sock"

    def url(self, database: str, *, password: str = PASSWORD) -> str:
        return f"postgresql://postgres:{password}@127.0.0.1:{self.port}/{database}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        return subprocess.run(
            [
                str(self.bindir / "psql"),
                "-X",
                "-q",
                "-At",
                "-v",
                "ON_ERROR_STOP=1",
                "-h",
                str(self.socket_dir),
                "-p",
                str(self.port),
                "-U",
                "postgres",
                "-d",
                database,
                "-c",
                sql,
            ],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout

    def create_database(self) -> str:
        name = f"t{os.getpid()}_{next(self.names)}"
        self.psql(f"CREATE DATABASE {name}")
        return name

    def drop_database(self, name: str) -> None:
        with contextlib.suppress(subprocess.SubprocessError):
            self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def start(bindir: Path) -> PgServer:
    """initdb a fresh cluster in a temporary folder and start it (fast, not durable)."""
    home = Path(tempfile.mkdtemp(prefix="ranchhand-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        runuser = shutil.which("runuser")
        if runuser is None:
            raise RuntimeError("running as root needs runuser to start PostgreSQL as postgres")
        run_as = [runuser, "-u", "postgres", "--"]
        shutil.chown(home, "postgres", "postgres")
    data, sock = home / "data", home / "sock"
    pwfile = home / "pw"
    pwfile.write_text(PASSWORD + "\n")
    sock.mkdir()
    if run_as:
        for path in (sock, pwfile):
            shutil.chown(path, "postgres", "postgres")
    subprocess.run(
        [
            *run_as,
            str(bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "--pwfile",
            str(pwfile),
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "-E",
            "UTF8",
            "--no-sync",
        ],
        capture_output=True,
        check=True,
        timeout=120,
    )
    pwfile.unlink()
    # a free port may be taken by another process (a parallel test worker starting its own
    # server) before this one binds it: then try another
    for attempt in range(PORT_ATTEMPTS):
        port = free_port()
        options = (
            f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
        )
        started = subprocess.run(
            [
                *run_as,
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(home / "log"),
                "-o",
                options,
                "-w",
                "-t",
                "60",
                "start",
            ],
            capture_output=True,
            check=attempt == PORT_ATTEMPTS - 1,
            timeout=90,
        )
        if started.returncode == 0:
            break
    return PgServer(bindir, home, port, run_as)


def stop(server: PgServer) -> None:
    """Stop the server at once and delete its folder."""
    with contextlib.suppress(subprocess.SubprocessError):
        subprocess.run(
            [
                *server.run_as,
                str(server.bindir / "pg_ctl"),
                "-D",
                str(server.home / "data"),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
            capture_output=True,
            timeout=60,
        )
    shutil.rmtree(server.home, ignore_errors=True)
