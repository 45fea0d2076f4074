"""A database the bot cannot use stops it at once with one clear line, never a traceback,
and the password in DATABASE_URL never shows (``python -m bot`` as the operator runs it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ranchtest.pgserver import PASSWORD, PgServer, free_port

ROOT = Path(__file__).resolve().parents[2]


def run_bot(database_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_"))}
    env.update(
        DISCORD_TOKEN="MTIz.not-a-real.token",
        DATABASE_URL=database_url,
        # were the database ignored, the bot would try this closed port, not Discord
        DISCORD_API_URL=f"http://127.0.0.1:{free_port()}/api/v10",
        RENDER_WORKERS="0",
    )
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def check(result: subprocess.CompletedProcess[str], expected: str) -> str:
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "Traceback" not in output, output
    assert PASSWORD not in output and "hunter2" not in output
    (line,) = [ln for ln in result.stderr.splitlines() if expected in ln]
    assert len(line) < 200
    return line


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("mysql://root:hunter2@db/ranch", "scheme 'mysql' is not supported"),
        ("postgresql://ranch:hunter2@db:port/ranch", "not a valid PostgreSQL URL"),
        ("postgresql://ranch:hunter2@/ranch", "needs a host"),
        ("ranch.sqlite3", "must start with sqlite:/// or postgresql://"),
    ],
)
def test_a_malformed_database_url_is_one_line(url: str, expected: str) -> None:
    line = check(run_bot(url), expected)
    assert line.startswith("Configuration error:")


def test_an_unreachable_server_is_one_line() -> None:
    port = free_port()
    line = check(
        run_bot(f"postgresql://ranch:{PASSWORD}@127.0.0.1:{port}/ranch"),
        "Cannot connect to PostgreSQL",
    )
    assert line == (
        f"Database error: Cannot connect to PostgreSQL at postgresql://ranch@127.0.0.1:{port}"
        "/ranch (connection refused: is the server running and listening there?)."
    )


def test_a_wrong_password_or_missing_database_is_one_line(pg_server: PgServer) -> None:
    line = check(
        run_bot(pg_server.url("postgres", password="hunter2")), "refused the user name or password"
    )
    assert line.startswith("Database error: PostgreSQL at postgresql://postgres@127.0.0.1")
    line = check(run_bot(pg_server.url("no_such_db")), "that database does not exist")
    assert "no_such_db" in line


def test_migrate_db_to_an_unreachable_server_is_one_line(tmp_path: Path) -> None:
    source = tmp_path / "a.sqlite3"
    source.write_bytes(b"")
    port = free_port()
    result = run_bot(
        f"sqlite:///{source}",
        "migrate-db",
        "--to",
        f"postgresql://ranch:{PASSWORD}@127.0.0.1:{port}/ranch",
    )
    check(result, "Cannot connect to PostgreSQL")


def test_a_postgresql_server_going_away_is_said_as_not_saved() -> None:
    """A server stopped, restarting or not answering in time, mid-run: the player is told
    nothing was saved and to try again, not that something went wrong."""
    asyncpg = pytest.importorskip("asyncpg")
    from bot.store import StorageError
    from bot.store.postgres import storage_error

    for err in (
        asyncpg.CannotConnectNowError("the database system is starting up"),
        asyncpg.AdminShutdownError("terminating connection due to administrator command"),
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
        ConnectionRefusedError(111, "Connection refused"),
        TimeoutError(),
    ):
        said = storage_error(err)
        assert isinstance(said, StorageError), err
        assert "nothing was saved" in str(said) and "Try again" in str(said), said
