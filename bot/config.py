"""Settings from the environment and an optional ``.env`` file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from bot.store import DatabaseUrl, OpenError, parse_database_url

_PACKAGE_PARENT = Path(__file__).resolve().parent.parent
#: where relative paths, ``.env`` and ``data/`` are: the checkout when run from one (an
#: editable install), else the directory the bot is started in (an installed wheel, the
#: container), never the installed package's own folder
ROOT = _PACKAGE_PARENT if (_PACKAGE_PARENT / "pyproject.toml").is_file() else Path.cwd()
DEFAULT_DATABASE = ROOT / "data" / "ranchhand.sqlite3"
SYNC_POLICIES = ("auto", "always", "never")


class ConfigError(Exception):
    """A setting is missing or malformed; the message says how to fix it."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: Path = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    #: auto: sync only when the command set changed since the last sync
    sync_commands: str = "auto"
    #: ``sqlite:///...`` or ``postgresql://...``; None: the SQLite file ``database_path``
    database_url: str | None = None
    #: processes drawing board pictures (0: a thread of the bot's own process)
    render_workers: int = 0
    #: the gateway shards this process runs (None: all of them, as one process)
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    #: a loopback port for Prometheus metrics (None: off)
    metrics_port: int | None = None
    #: seconds that moves in flight get to finish when the bot is stopped
    grace_seconds: float = 10.0
    #: another Discord API address (a REST proxy, or a local emulator); None: Discord's
    discord_api_url: str | None = None
    discord_gateway_url: str | None = None
    #: where the full rules pages are published, ``{game}`` standing for the game's key (e.g.
    #: ``https://example.org/rules/{game}``); None: ``/<game> rules`` attaches the page instead
    rules_url: str | None = None
    #: the application's client id for the invite link (None: read from the token)
    application_id: int | None = None
    #: offer the pseudo-locale (every text marked, to see what the catalogue words) as a
    #: language of ``/<game> new``
    pseudo_locale: bool = False
    #: post-game reports worked out at once (each in a process of its own), the CPU seconds
    #: one may spend, and the most rollouts an estimate of one gets
    analysis_concurrency: int = 1
    analysis_cpu_seconds: float = 40.0
    analysis_rollouts: int = 400

    @property
    def database(self) -> DatabaseUrl:
        if self.database_url:
            return parse_database_url(self.database_url, root=ROOT)
        return DatabaseUrl(
            "sqlite", path=self.database_path, shown=f"sqlite:///{self.database_path}"
        )

    def __repr__(self) -> str:  # never show the token or a database password
        shown = "set" if self.token else "missing"
        try:
            database = self.database.shown
        except OpenError:
            database = "(invalid DATABASE_URL)"
        shards = (
            "all" if self.shard_ids is None else f"{list(self.shard_ids)} of {self.shard_count}"
        )
        return (
            f"Settings(token={shown}, database={database}, "
            f"dev_guild_id={self.dev_guild_id}, log_level={self.log_level}, "
            f"sync_commands={self.sync_commands}, render_workers={self.render_workers}, "
            f"shards={shards})"
        )

    __str__ = __repr__


def load_settings(
    environ: Mapping[str, str] | None = None,
    env_file: Path | None = ROOT / ".env",
    *,
    overrides: Mapping[str, str] | None = None,
) -> Settings:
    """Command-line ``overrides`` win over environment variables, which win over ``.env``;
    ``.env`` is optional."""
    values: dict[str, str] = {}
    if env_file is not None and env_file.is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)
    values.update(overrides or {})

    token = values.get("DISCORD_TOKEN", "").strip() or None
    db = values.get("DATABASE_PATH", "").strip()
    database_path = Path(db).expanduser() if db else DEFAULT_DATABASE
    if not database_path.is_absolute():
        database_path = ROOT / database_path
    guild = values.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError("DEV_GUILD_ID must be a server id (digits only), or left empty.")
    level = values.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise ConfigError("LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL.")
    sync = values.get("SYNC_COMMANDS", "auto").strip().lower() or "auto"
    if sync not in SYNC_POLICIES:
        raise ConfigError("SYNC_COMMANDS must be auto, always or never.")
    url = values.get("DATABASE_URL", "").strip() or None
    if url is not None:
        try:
            parse_database_url(url, root=ROOT)
        except OpenError as err:
            raise ConfigError(str(err)) from None
    workers = _whole(values, "RENDER_WORKERS", default=os.cpu_count() or 1, low=0, high=64)
    shard_ids, shard_count = parse_shards(
        values.get("SHARDS", "").strip(), values.get("SHARD_COUNT", "").strip()
    )
    port = values.get("METRICS_PORT", "").strip()
    app = values.get("APPLICATION_ID", "").strip()
    if app and not app.isdigit():
        raise ConfigError("APPLICATION_ID must be the application's id (digits only).")
    return Settings(
        token=token,
        database_path=database_path,
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        sync_commands=sync,
        database_url=url,
        render_workers=workers,
        shard_ids=shard_ids,
        shard_count=shard_count,
        metrics_port=_whole(values, "METRICS_PORT", default=0, low=1, high=65535) if port else None,
        discord_api_url=_url(values, "DISCORD_API_URL"),
        discord_gateway_url=_url(values, "DISCORD_GATEWAY_URL"),
        rules_url=_rules_url(values),
        application_id=int(app) if app else None,
        pseudo_locale=values.get("PSEUDO_LOCALE", "").strip().lower() in ("1", "true", "yes", "on"),
        analysis_concurrency=_whole(values, "ANALYSIS_CONCURRENCY", default=1, low=1, high=16),
        analysis_cpu_seconds=_whole(values, "ANALYSIS_CPU_SECONDS", default=40, low=1, high=3600),
        analysis_rollouts=_whole(values, "ANALYSIS_ROLLOUTS", default=400, low=1, high=100000),
    )


def _rules_url(values: Mapping[str, str]) -> str | None:
    text = values.get("RULES_URL", "").strip()
    if not text:
        return None
    if not text.startswith(("http://", "https://")) or "{game}" not in text:
        raise ConfigError(
            "RULES_URL must be an http(s):// address with {game} where the game goes, e.g. "
            "https://example.org/rules/{game}"
        )
    return text


def _url(values: Mapping[str, str], name: str) -> str | None:
    text = values.get(name, "").strip()
    if not text:
        return None
    if not text.startswith(("http://", "https://", "ws://", "wss://")):
        raise ConfigError(f"{name} must be an http(s):// or ws(s):// address.")
    return text


def _whole(values: Mapping[str, str], name: str, *, default: int, low: int, high: int) -> int:
    text = values.get(name, "").strip()
    if not text:
        return default
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        raise ConfigError(f"{name} must be a whole number from {low} to {high}.")
    return int(text)


def parse_shards(ids: str, count: str) -> tuple[tuple[int, ...] | None, int | None]:
    """``SHARDS=0-3`` (or ``0,2,5``) with ``SHARD_COUNT=8``: the shards this process runs.
    Both empty: every shard in one process (Discord's recommended count)."""
    if not ids and not count:
        return None, None
    if not ids or not count:
        raise ConfigError("Set both SHARDS (e.g. 0-3) and SHARD_COUNT (e.g. 8), or neither.")
    if not count.isascii() or not count.isdigit() or not 1 <= int(count) <= 4096:
        raise ConfigError("SHARD_COUNT must be a whole number from 1 to 4096.")
    total = int(count)
    chosen: set[int] = set()
    for part in ids.split(","):
        part = part.strip()
        low, sep, high = part.partition("-")
        if not (low.isascii() and low.isdigit()) or (
            sep and not (high.isascii() and high.isdigit())
        ):
            raise ConfigError("SHARDS lists shard numbers: 0-3, or 0,2,5.")
        first, last = int(low), int(high) if sep else int(low)
        if first > last or last >= total:
            raise ConfigError(f"SHARDS must lie within 0-{total - 1} (SHARD_COUNT is {total}).")
        chosen.update(range(first, last + 1))
    return tuple(sorted(chosen)), total


MISSING_TOKEN_HELP = """\
No Discord bot token found.

Create an application and a bot at https://discord.com/developers/applications, copy the bot's
token, and put it in a file named .env next to pyproject.toml (copy .env.example):

    DISCORD_TOKEN=your-bot-token-here

Optional settings in the same file:
    DATABASE_PATH=data/ranchhand.sqlite3   # where matches are saved (SQLite)
    DATABASE_URL=postgresql://user:password@host/ranchhand   # or a shared PostgreSQL
    RENDER_WORKERS=2                       # processes drawing boards (default: one per core)
    RENDER_CACHE_MB=16                     # drawn pieces each drawing process keeps
    DEV_GUILD_ID=123456789012345678        # sync commands to one test server instantly
    LOG_LEVEL=INFO
    SYNC_COMMANDS=auto                     # auto | always | never
    RULES_URL=https://example.org/rules/{game}   # where /<game> rules links the full rules
    PSEUDO_LOCALE=1                        # offer the marked pseudo-language in /<game> new
    ANALYSIS_CONCURRENCY=1                 # post-game reports worked out at once
    ANALYSIS_CPU_SECONDS=40                # CPU seconds one report may spend
    ANALYSIS_ROLLOUTS=400                  # the most rollouts each estimate of a report gets
"""
