"""PostgreSQL through asyncpg: the shared store when several bot processes run.

Statements arrive with ``?`` placeholders and are numbered (``$1``...) once per text. Each
transaction takes a pooled connection; guarded updates (``WHERE ply = ?``) take row locks, so
two processes acting on one match at once apply exactly one move.
"""

from __future__ import annotations

import contextlib
import re
import socket
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

from bot.store.backend import Backend, Conflict, OpenError, Row, StorageError, Tx
from words import domain

#: what a player is told (worded where shown: ``_(str(err))``)
N_ = domain("bot").functions()[2]

try:  # an optional dependency: only needed for postgresql:// URLs
    import asyncpg
except ImportError:  # pragma: no cover - exercised only without asyncpg installed
    asyncpg = None


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (statements hold no literal '?')."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


def _rowcount(status: str) -> int:
    """'UPDATE 1' / 'INSERT 0 1' / 'DELETE 3' -> the number of rows."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def storage_error(err: BaseException) -> BaseException:
    if asyncpg is None:
        return err
    if isinstance(err, asyncpg.UniqueViolationError):
        return Conflict(str(err))
    if isinstance(err, asyncpg.DiskFullError):
        return StorageError(
            N_(
                "The database server's disk is full, so nothing could be saved; an admin must free "
                "space."
            ),
            kind="full",
        )
    if isinstance(
        err,
        asyncpg.LockNotAvailableError
        | asyncpg.DeadlockDetectedError
        | asyncpg.SerializationError
        | asyncpg.TooManyConnectionsError,
    ):
        return StorageError(
            N_("The database is busy right now; nothing was saved. Try again in a moment."),
            kind="busy",
        )
    if isinstance(err, asyncpg.InterfaceError) and "closed" in str(err).lower():
        return StorageError(N_("The bot is restarting; try again in a moment."), kind="closed")
    if isinstance(
        err,
        OSError
        | TimeoutError
        | asyncpg.PostgresConnectionError
        | asyncpg.OperatorInterventionError  # the server shutting down or starting up
        | asyncpg.InterfaceError,
    ):
        return StorageError(
            N_("The database server could not be reached; nothing was saved. Try again shortly."),
            kind="io",
        )
    return err


_ERRORS: tuple[type[BaseException], ...] = (
    (OSError,)
    if asyncpg is None
    else (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError)
)


def _reason(err: BaseException, timeout: float) -> str:
    """Why a connection failed, in a few words (asyncpg's texts can carry the whole DSN)."""
    if isinstance(err, ConnectionRefusedError):
        return "connection refused: is the server running and listening there?"
    if isinstance(err, socket.gaierror):
        return "unknown host name"
    if isinstance(err, TimeoutError):
        return f"no answer within {timeout:g} s"
    if asyncpg is not None and isinstance(err, asyncpg.PostgresError):
        return type(err).__name__
    return getattr(err, "strerror", None) or type(err).__name__


class _PgTx(Tx):
    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        try:
            return _rowcount(await self.conn.execute(numbered(sql), *params))
        except _ERRORS as err:
            raise storage_error(err) from err

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        try:
            await self.conn.executemany(numbered(sql), [tuple(r) for r in rows])
        except _ERRORS as err:
            raise storage_error(err) from err

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        try:
            return await self.conn.fetchrow(numbered(sql), *params)
        except _ERRORS as err:
            raise storage_error(err) from err

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        try:
            return list(await self.conn.fetch(numbered(sql), *params))
        except _ERRORS as err:
            raise storage_error(err) from err


class PostgresBackend(Backend):
    dialect = "postgresql"

    def __init__(self, pool: Any, where: str) -> None:
        self.pool = pool
        self.where = where

    @classmethod
    async def open(cls, dsn: str, where: str, *, timeout: float = 10.0) -> PostgresBackend:
        """Connect a pool; a bad address, password or database is an ``OpenError`` that never
        repeats the password."""
        if asyncpg is None:
            raise OpenError(
                "postgresql:// needs the asyncpg package: pip install -e '.[postgres]'."
            )
        try:
            pool = await asyncpg.create_pool(
                dsn, min_size=1, max_size=10, timeout=timeout, command_timeout=60
            )
        except asyncpg.InvalidPasswordError as err:
            raise OpenError(f"PostgreSQL at {where} refused the user name or password.") from err
        except asyncpg.InvalidCatalogNameError as err:
            raise OpenError(f"PostgreSQL at {where}: that database does not exist.") from err
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
            raise OpenError(
                f"Cannot connect to PostgreSQL at {where} ({_reason(err, timeout)})."
            ) from err
        return cls(pool, where)

    async def close(self) -> None:
        await self.pool.close()  # waits for connections in use to be released

    async def fetchone(self, sql: str, params: Iterable[object] = ()) -> Row | None:
        async with self._conn() as conn:
            return await _PgTx(conn).fetchone(sql, tuple(params))

    async def fetchall(self, sql: str, params: Iterable[object] = ()) -> list[Row]:
        async with self._conn() as conn:
            return await _PgTx(conn).fetchall(sql, tuple(params))

    async def execute(self, sql: str, params: Iterable[object] = ()) -> int:
        async with self._conn() as conn:
            return await _PgTx(conn).execute(sql, tuple(params))

    @asynccontextmanager
    async def _conn(self) -> AsyncIterator[Any]:
        try:
            conn = await self.pool.acquire()
        except _ERRORS as err:
            raise storage_error(err) from err
        try:
            yield conn
        finally:
            await self.pool.release(conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._conn() as conn:
            tx = conn.transaction()
            try:
                await tx.start()
            except _ERRORS as err:
                raise storage_error(err) from err
            try:
                yield _PgTx(conn)
            except BaseException:
                with contextlib.suppress(*_ERRORS):
                    await tx.rollback()
                raise
            try:
                await tx.commit()
            except _ERRORS as err:
                raise storage_error(err) from err

    async def version(self, tx: Tx | None = None) -> int:
        sql = (
            "SELECT MAX(version) AS v FROM schema_version "
            "WHERE to_regclass('schema_version') IS NOT NULL"
        )
        exists = await (tx or self).fetchone("SELECT to_regclass('schema_version') AS t")
        if exists is None or exists["t"] is None:
            return 0
        row = await (tx or self).fetchone(sql)
        return int(row["v"]) if row and row["v"] is not None else 0

    async def migration_lock(self, tx: Tx) -> None:
        await tx.fetchone("SELECT pg_advisory_xact_lock(726268)")
        await tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")

    async def set_version(self, tx: Tx, version: int) -> None:
        await tx.execute("DELETE FROM schema_version")
        await tx.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
