"""``python -m bot`` with a database it cannot use: one clear line, a non-zero exit, at once.

Each case runs the real entry point in a subprocess with ``DISCORD_TOKEN=x`` (the database is
checked before logging in, so nothing reaches the network): a read-only file, a damaged
header, a directory, a database from a newer Ranch Hand. None may print a traceback or hang
(a database thread left running would keep the process alive). An older schema migrates.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.store import open_store
from bot.store.schema import MIGRATIONS

ROOT = Path(__file__).resolve().parents[1]
#: a start-up that fails must fail within this (it fails in well under a second)
PATIENCE = 30


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder anyone can enter (the read-only case runs as an unprivileged user)."""
    path = Path(tempfile.mkdtemp(prefix="ranchhand-start-"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def run_bot(database: Path, *, as_nobody: bool = False) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DISCORD_TOKEN": "x",
        "DATABASE_PATH": str(database),
        # nowhere: were the database accepted, logging in would fail fast, not hang
        "DISCORD_API_URL": "http://127.0.0.1:9/api/v10",
        "PYTHONDONTWRITEBYTECODE": "1",
        # the usual start-up notes off: whatever else reaches stderr is the failure
        "LOG_LEVEL": "WARNING",
    }
    command = [sys.executable, "-m", "bot"]
    if as_nobody:
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    return subprocess.run(
        command,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )


def one_clear_line(result: subprocess.CompletedProcess[str], *words: str) -> str:
    assert result.returncode != 0, result
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.stderr, result.stderr
    assert len(lines) == 1, result.stderr
    (line,) = lines
    assert line.startswith("Database error:"), line
    for word in words:
        assert word in line, line
    return line


def test_a_read_only_database_file(folder: Path) -> None:
    database = folder / "ranchhand.sqlite3"
    sqlite3.connect(database).execute("CREATE TABLE t (x)").connection.close()
    database.chmod(0o444)
    folder.chmod(0o555)
    as_nobody = os.geteuid() == 0  # permissions do not stop root
    if as_nobody and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: a read-only file cannot be made")
    try:
        result = run_bot(database, as_nobody=as_nobody)
    finally:
        folder.chmod(0o755)
    one_clear_line(result, str(database), "cannot be written")


def test_a_damaged_database_header(folder: Path) -> None:
    database = folder / "ranchhand.sqlite3"
    database.write_bytes(b"this is not SQLite at all" + bytes(4096))
    one_clear_line(run_bot(database), str(database), "damaged")


def test_a_database_path_that_is_a_directory(folder: Path) -> None:
    database = folder / "ranchhand.sqlite3"
    database.mkdir()
    one_clear_line(run_bot(database), str(database), "directory")


def test_a_database_from_a_newer_version(folder: Path) -> None:
    database = folder / "ranchhand.sqlite3"
    conn = sqlite3.connect(database)
    conn.execute(f"PRAGMA user_version = {max(MIGRATIONS) + 3}")
    conn.close()
    line = one_clear_line(run_bot(database), "newer Ranch Hand", "upgrade")
    assert f"schema {max(MIGRATIONS) + 3}" in line


def test_an_older_schema_still_migrates(folder: Path) -> None:
    """A database left at the first schema version opens, migrates to the newest, and keeps
    what it held."""
    database = folder / "old.sqlite3"
    conn = sqlite3.connect(database, isolation_level=None)
    conn.executescript(MIGRATIONS[1])
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO meta (key, value) VALUES ('kept', 'yes')")
    conn.close()

    async def open_it() -> tuple[int, str | None]:
        store = await open_store(database)
        try:
            return await store.version(), await store.settings.get_meta("kept")
        finally:
            await store.close()

    assert asyncio.run(open_it()) == (max(MIGRATIONS), "yes")
