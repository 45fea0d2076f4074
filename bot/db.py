"""SQLite storage: one connection, WAL mode, schema migrations by ``PRAGMA user_version``."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import aiosqlite

#: each entry migrates from version i to i + 1; never edit a released entry, append a new one
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE matches (
        id              INTEGER PRIMARY KEY,
        game            TEXT    NOT NULL,
        guild_id        INTEGER,
        channel_id      INTEGER NOT NULL,
        parent_id       INTEGER,
        status          TEXT    NOT NULL
                        CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        host_id         INTEGER NOT NULL,
        seed            INTEGER NOT NULL,
        ply             INTEGER NOT NULL DEFAULT 0,
        options         TEXT    NOT NULL DEFAULT '{}',
        state           TEXT,
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL,
        turn_started_at REAL,
        deadline_at     REAL
    );
    CREATE UNIQUE INDEX matches_one_live_per_channel
        ON matches (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX matches_by_guild ON matches (guild_id, status);

    CREATE TABLE seats (
        match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        name      TEXT    NOT NULL,
        joined_at REAL    NOT NULL,
        PRIMARY KEY (match_id, seat),
        UNIQUE (match_id, user_id)
    );

    CREATE TABLE actions (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        seat     INTEGER,
        user_id  INTEGER,
        notation TEXT    NOT NULL,
        events   TEXT    NOT NULL DEFAULT '[]',
        at       REAL    NOT NULL,
        PRIMARY KEY (match_id, ply)
    );

    CREATE TABLE board_messages (
        match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        message_id INTEGER NOT NULL PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        ply        INTEGER NOT NULL,
        live       INTEGER NOT NULL DEFAULT 1,
        created_at REAL    NOT NULL
    );
    CREATE INDEX board_messages_by_match ON board_messages (match_id, live);

    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}'
    );

    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: turn clocks (reminders, deadlines, pauses), notification preferences, forfeits
    """
    ALTER TABLE matches ADD COLUMN reminder_hours INTEGER NOT NULL DEFAULT 24;
    ALTER TABLE matches ADD COLUMN deadline_hours INTEGER;
    ALTER TABLE matches ADD COLUMN on_deadline TEXT NOT NULL DEFAULT 'skip';
    ALTER TABLE matches ADD COLUMN lobby_hours INTEGER NOT NULL DEFAULT 24;
    ALTER TABLE matches ADD COLUMN turn_ply INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN paused_at REAL;
    ALTER TABLE matches ADD COLUMN paused_until REAL;
    ALTER TABLE matches ADD COLUMN paused_by INTEGER;
    CREATE INDEX matches_by_status ON matches (status, turn_started_at);

    ALTER TABLE seats ADD COLUMN pause_used REAL NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN left_at REAL;

    CREATE TABLE clock_events (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        kind     TEXT    NOT NULL,
        n        INTEGER NOT NULL DEFAULT 0,
        seat     INTEGER,
        due_at   REAL    NOT NULL,
        done_at  REAL    NOT NULL,
        outcome  TEXT    NOT NULL DEFAULT '',
        PRIMARY KEY (match_id, ply, kind, n)
    );

    CREATE TABLE user_settings (
        user_id  INTEGER PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}'
    );
    """,
)


class Database:
    """A thin wrapper: the match service owns every query about matches."""

    def __init__(self, conn: aiosqlite.Connection, path: Path | str) -> None:
        self.conn = conn
        self.path = path
        # One connection serves every coroutine: writes take turns so that no statement lands
        # inside another coroutine's transaction.
        self.write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute("PRAGMA busy_timeout = 5000")
        await conn.execute("PRAGMA synchronous = NORMAL")
        db = cls(conn, path)
        await db.migrate()
        return db

    async def close(self) -> None:
        await self.conn.close()

    async def version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        current = await self.version()
        if current > len(MIGRATIONS):
            raise RuntimeError(
                f"The database {self.path} is from a newer Ranch Hand (schema {current}); "
                "upgrade the bot."
            )
        for number in range(current, len(MIGRATIONS)):
            async with self.transaction() as conn:
                for statement in _statements(MIGRATIONS[number]):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {number + 1}")

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, tuple(params)) as cur:
            return await cur.fetchone()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, tuple(params)) as cur:
            return list(await cur.fetchall())

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one writing statement on its own; returns the number of rows changed."""
        async with self.write_lock, self.conn.execute(sql, tuple(params)) as cur:
            return cur.rowcount

    def transaction(self) -> _Transaction:
        return _Transaction(self)

    async def get_meta(self, key: str) -> str | None:
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row["value"])

    async def set_meta(self, key: str, value: str) -> None:
        await self.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        row = await self.fetchone(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return {} if row is None else json.loads(row["settings"])

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self.execute(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
            (guild_id, json.dumps(settings, sort_keys=True)),
        )

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        row = await self.fetchone(
            "SELECT settings FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return {} if row is None else json.loads(row["settings"])

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self.execute(
            "INSERT INTO user_settings (user_id, settings) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings",
            (user_id, json.dumps(settings, sort_keys=True)),
        )


class _Transaction:
    """``async with db.transaction():`` BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on error."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def __aenter__(self) -> aiosqlite.Connection:
        await self.db.write_lock.acquire()
        try:
            await self.db.conn.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.db.write_lock.release()
            raise
        return self.db.conn

    async def __aexit__(self, kind: Any, exc: Any, tb: Any) -> None:
        try:
            await self.db.conn.execute("ROLLBACK" if kind else "COMMIT")
        finally:
            self.db.write_lock.release()


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]


def now() -> float:
    return time.time()
