"""Moving house: ``python -m bot migrate-db`` copies a SQLite database with matches in progress
into an empty PostgreSQL, and the matches go on there with their old buttons."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from bot.clock import ClockSettings
from bot.matches import MatchService
from bot.store import open_store
from ranchtest.pgserver import PASSWORD

ROOT = Path(__file__).resolve().parents[2]
CHANNELS = (501, 502, 503, 504)
ALICE, BOB = 1_180_000_000_000_000_011, 1_180_000_000_000_000_022


async def migrate_db(*args: str) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DATABASE_PATH")}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "migrate-db",
        *args,
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def build(path: Path) -> dict[int, tuple]:
    """Matches in every state: two in play (one with a clock event), one lobby, one finished."""
    db = await open_store(path)
    service = MatchService(db, seed_source=lambda: 85)
    kept: dict[int, tuple] = {}
    for n, channel in enumerate(CHANNELS):
        clock = ClockSettings(reminder_hours=24, deadline_hours=None)
        match = await service.create(
            "farm", guild_id=77, channel_id=channel, user_id=ALICE, name="alice", clock=clock
        )
        if n == 2:
            continue  # a lobby
        await service.join(channel, "farm", user_id=BOB, name="bob")
        match = await service.start(channel, "farm", user_id=ALICE)
        for _ in range(3):
            (seat,) = match.to_act()
            match = (await service.act(match.id, match.seats[seat].user_id, text="roll")).match
        if n == 3:
            await service.abandon(channel, "farm", user_id=ALICE, can_manage=False)
    await db.clock.record_event(1, 0, "reminder", 1, 0, 1.0, 2.0, "sent")
    await db.boards.add_board(1, 9_100_000_000_000_000_001, CHANNELS[0], 3, 5.0)
    await db.settings.set_meta("commands:global:1", "abc")
    for match_id in (1, 2, 3, 4):
        m = await service.get(match_id)
        kept[match_id] = (m.status, m.ply, m.state, m.seats, m.seed)
    await db.close()
    return kept


async def test_migrate_db_moves_matches_in_progress_to_postgresql(
    tmp_path: Path, pg_url: str
) -> None:
    source = tmp_path / "old.sqlite3"
    kept = await build(source)
    code, out, err = await migrate_db("--from", f"sqlite:///{source}", "--to", pg_url)
    assert code == 0, err
    lines = {line.split()[0]: line.split()[1] for line in out.splitlines() if "rows" in line}
    assert lines["matches"] == "4" and lines["seats"] == "7" and lines["clock_events"] == "1"
    assert lines["actions"] == "9" and lines["board_messages"] == "1", out
    assert "every table's row count matches" in out
    assert PASSWORD not in out + err

    db = await open_store(pg_url)
    try:
        service = MatchService(db, seed_source=lambda: 85)
        for match_id, before in kept.items():
            m = await service.get(match_id)
            assert (m.status, m.ply, m.state, m.seats, m.seed) == before
        assert await service.replay(1) == (await service.get(1)).state
        # an old board's button (rh:a:1:<ply>:<seat>:0) still plays on the new database
        match = await service.get(1)
        (seat,) = match.to_act()
        moved = await service.act(1, match.seats[seat].user_id, ply=match.ply, index=0)
        assert moved.match.ply > match.ply
        assert await db.clock.events_of(1, 0, "reminder") == 1
        assert (await db.boards.latest_board(1)).message_id == 9_100_000_000_000_000_001
        assert await db.settings.get_meta("commands:global:1") == "abc"
        # new matches take ids after the copied ones
        fresh = await service.create("farm", guild_id=77, channel_id=999, user_id=BOB, name="bob")
        assert fresh.id == 5
    finally:
        await db.close()

    # a second run refuses the now non-empty target and changes nothing
    code, out, err = await migrate_db("--from", f"sqlite:///{source}", "--to", pg_url)
    assert code == 2
    assert "is not empty (matches: 5" in err and "only copies into an empty database" in err
    assert "Traceback" not in err and PASSWORD not in out + err
    db = await open_store(pg_url)
    try:
        row = await db.fetchone("SELECT COUNT(*) AS n FROM matches")
        assert row["n"] == 5
    finally:
        await db.close()


async def test_migrate_db_refuses_a_missing_source(tmp_path: Path) -> None:
    code, _, err = await migrate_db(
        "--from", f"sqlite:///{tmp_path / 'none.sqlite3'}", "--to", f"sqlite:///{tmp_path}/b"
    )
    assert code == 2 and "there is no database at" in err and "Traceback" not in err
    assert not (tmp_path / "none.sqlite3").exists()
