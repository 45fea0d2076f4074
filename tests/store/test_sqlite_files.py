"""SQLite files changed under the running bot: detected, logged once and said to players,
never a silent crash.

A truncated WAL index (``-shm``) used to end the process with SIGBUS at its next statement
(the file is mapped into memory). That part runs in a child process, so a regression kills
the child, not the test run.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fakediscord import FakeDiscord
from ranchtest.harness import board, open_match, running, until
from tests.conftest import World

ROOT = Path(__file__).resolve().parents[2]
CHILD = textwrap.dedent(
    """
    import asyncio, os, sys
    from bot.store import StorageError, open_store

    async def main(path):
        store = await open_store(f"sqlite:///{path}")
        await store.settings.set_meta("kept", "yes")
        os.truncate(f"{path}-shm", 0)  # what overwriting the file with a copy does
        for _ in range(2):
            try:
                await store.settings.set_meta("kept", "no")
            except StorageError as err:
                print("refused:", err)
        await store.close()
        store = await open_store(f"sqlite:///{path}")
        print("after a restart:", await store.settings.get_meta("kept"))
        await store.close()

    asyncio.run(main(sys.argv[1]))
    """
)


def test_a_truncated_wal_index_is_refused_not_a_crash(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path / "bot.sqlite3")],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, f"the process died ({done.returncode}): {done.stderr[-2000:]}"
    refused = [line for line in done.stdout.splitlines() if line.startswith("refused:")]
    assert len(refused) == 2 and all("nothing could be saved" in r for r in refused), done.stdout
    assert "after a restart: yes" in done.stdout, "what was saved before is intact"
    assert done.stderr.count("WAL index (-shm) was truncated") == 1, "logged once"


async def test_a_database_file_replaced_under_the_bot_is_said_to_the_player(
    fake: FakeDiscord,
    world: World,
    database: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.ERROR, logger="bot.store.sqlite_files")
    async with running(fake, database, seed=7):
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        before = board(fake, world.channel)
        moved = database.with_suffix(".moved")
        os.rename(database, moved)
        shutil.copy(moved, database)  # another file now, as a restore from a copy makes it
        record = await fake.click(world.alice, before, label="Roll the dice")

        def notes() -> list[str]:
            said = [record.response, *record.followups]
            return [m.content for m in said if m is not None and m.ephemeral]

        await until(lambda: bool(notes()), what="a private note")
        await fake.settle()
        (note,) = notes()
        assert "database files were changed" in note and "nothing could be saved" in note, note
        assert board(fake, world.channel).id == before.id, "no board was posted"
        errors = [r for r in caplog.records if "was removed or replaced" in r.getMessage()]
        assert len(errors) == 1, "logged once"
