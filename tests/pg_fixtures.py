"""The PostgreSQL fixtures: a server per test process, a fresh database per test.

The server (``ranchtest.pgserver``) starts the first time a test asks for it and stops at the
end of the run; under pytest-xdist each worker starts its own. Without the binaries the
PostgreSQL tests skip, saying why; with ``CI=true`` they fail.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from ranchtest.pgserver import PgServer, find_bindir, start, stop

BACKENDS = ("sqlite", "postgresql")


def unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"PostgreSQL tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason}")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bindir = find_bindir()
    if bindir is None:
        unavailable("initdb/pg_ctl not found (install Debian's postgresql package)")
    assert bindir is not None
    try:
        server = start(bindir)
    except (OSError, RuntimeError, subprocess.SubprocessError, LookupError) as err:
        detail = getattr(err, "stderr", b"") or b""
        if isinstance(detail, bytes):
            detail = detail.decode(errors="replace")
        unavailable(f"could not start a PostgreSQL server ({err}) {detail.strip()[-300:]}")
    try:
        yield server
    finally:
        stop(server)


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test."""
    name = pg_server.create_database()
    try:
        yield pg_server.url(name)
    finally:
        pg_server.drop_database(name)


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL for one test, on each backend in turn: a SQLite file, a PostgreSQL
    database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ranchhand.sqlite3'}"
    return str(request.getfixturevalue("pg_url"))
