"""Storage behind one interface: SQLite (the default, a file) or PostgreSQL (shared by several
bot processes), chosen by a database URL.

``await open_store("sqlite:///data/ranchhand.sqlite3")`` or ``open_store("postgresql://...")``
returns a migrated ``Store``; anything that makes the database unusable raises ``OpenError``
with one line for the operator (never the password).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from bot.store.backend import Backend, Conflict, OpenError, StorageError
from bot.store.rows import (
    JSON,
    AnalysisRow,
    BoardRow,
    ClaimedBoard,
    DigestReader,
    DueMatch,
    Entrant,
    JSONText,
    LoggedAction,
    MatchRow,
    RatingRow,
    ResultRow,
    SeasonRow,
    SeatRow,
    StoryRow,
    TournamentRow,
)
from bot.store.store import Committed, MoveRecord, Store


@dataclass(frozen=True)
class DatabaseUrl:
    """A parsed database URL: ``dialect`` and either ``path`` (SQLite) or ``dsn`` (PostgreSQL).

    ``shown`` is safe to print: the password is never in it."""

    dialect: str
    path: Path | None = None
    dsn: str | None = None
    shown: str = ""

    def __repr__(self) -> str:
        return f"DatabaseUrl({self.shown})"

    __str__ = __repr__


def parse_database_url(url: str, *, root: Path | None = None) -> DatabaseUrl:
    """``sqlite:///relative.sqlite3``, ``sqlite:////absolute.sqlite3``, ``sqlite:///:memory:``,
    ``postgresql://user:password@host:5432/name`` (``postgres://`` too). A relative SQLite path
    is taken from ``root``. Raises ``OpenError`` saying what is wrong."""
    text = url.strip()
    scheme, sep, rest = text.partition("://")
    scheme = scheme.lower()
    if not sep:
        raise OpenError(
            "DATABASE_URL must start with sqlite:/// or postgresql:// "
            "(e.g. sqlite:///data/ranchhand.sqlite3)."
        )
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise OpenError("A SQLite DATABASE_URL looks like sqlite:///data/ranchhand.sqlite3.")
        raw = unquote(rest[1:])
        if raw == ":memory:":
            return DatabaseUrl("sqlite", path=Path(":memory:"), shown="sqlite:///:memory:")
        path = Path(raw).expanduser()
        if not path.is_absolute() and root is not None:
            path = root / path
        return DatabaseUrl("sqlite", path=path, shown=f"sqlite:///{path}")
    if scheme in ("postgresql", "postgres"):
        try:
            parts = urlsplit(text)
            port = parts.port
        except ValueError as err:
            raise OpenError(f"DATABASE_URL is not a valid PostgreSQL URL ({err}).") from None
        host = parts.hostname or ""
        name = parts.path.lstrip("/")
        if not host and "host=" not in parts.query:
            raise OpenError(
                "A PostgreSQL DATABASE_URL needs a host: postgresql://user:password@host/name."
            )
        user = f"{unquote(parts.username)}@" if parts.username else ""
        where = f"{host or 'socket'}{f':{port}' if port else ''}/{name}"
        shown = f"postgresql://{user}{where}"
        dsn = "postgresql://" + text.split("://", 1)[1]
        return DatabaseUrl("postgresql", dsn=dsn, shown=shown)
    raise OpenError(
        f"DATABASE_URL scheme {scheme!r} is not supported; use sqlite:/// or postgresql://."
    )


async def open_store(url: DatabaseUrl | str | Path) -> Store:
    """Connect and migrate. A ``Path`` (or a plain path string) is a SQLite file."""
    if isinstance(url, Path) or (isinstance(url, str) and "://" not in url):
        url = DatabaseUrl("sqlite", path=Path(url), shown=f"sqlite:///{url}")
    elif isinstance(url, str):
        url = parse_database_url(url)
    backend: Backend
    if url.dialect == "sqlite":
        from bot.store.sqlite import SqliteBackend

        assert url.path is not None
        backend = await SqliteBackend.open(url.path)
    else:
        from bot.store.postgres import PostgresBackend

        assert url.dsn is not None
        backend = await PostgresBackend.open(url.dsn, url.shown)
    store = Store(backend)
    try:
        await store.migrate()
    except StorageError as err:
        await backend.close()
        raise OpenError(f"Cannot prepare the database ({url.shown}): {err}") from err
    except BaseException:
        await backend.close()
        raise
    return store


__all__ = [
    "JSON",
    "AnalysisRow",
    "BoardRow",
    "ClaimedBoard",
    "Committed",
    "Conflict",
    "DatabaseUrl",
    "DigestReader",
    "DueMatch",
    "Entrant",
    "JSONText",
    "LoggedAction",
    "MatchRow",
    "MoveRecord",
    "OpenError",
    "RatingRow",
    "ResultRow",
    "SeasonRow",
    "SeatRow",
    "StorageError",
    "Store",
    "StoryRow",
    "TournamentRow",
    "open_store",
    "parse_database_url",
]
