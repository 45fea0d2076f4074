"""Settings from the environment and an optional ``.env`` file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = ROOT / "data" / "ranchhand.sqlite3"
SYNC_POLICIES = ("auto", "always", "never")


class ConfigError(Exception):
    """A setting is missing or malformed; the message says how to fix it."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: Path
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    #: auto: sync only when the command set changed since the last sync
    sync_commands: str = "auto"

    def __repr__(self) -> str:  # never show the token
        shown = "set" if self.token else "missing"
        return (
            f"Settings(token={shown}, database_path={self.database_path}, "
            f"dev_guild_id={self.dev_guild_id}, log_level={self.log_level}, "
            f"sync_commands={self.sync_commands})"
        )

    __str__ = __repr__


def load_settings(
    environ: Mapping[str, str] | None = None, env_file: Path | None = ROOT / ".env"
) -> Settings:
    """Environment variables win over ``.env``; ``.env`` is optional."""
    values: dict[str, str] = {}
    if env_file is not None and env_file.is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)

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
    return Settings(
        token=token,
        database_path=database_path,
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        sync_commands=sync,
    )


MISSING_TOKEN_HELP = """\
No Discord bot token found.

Create an application and a bot at https://discord.com/developers/applications, copy the bot's
token, and put it in a file named .env next to pyproject.toml (copy .env.example):

    DISCORD_TOKEN=your-bot-token-here

Optional settings in the same file:
    DATABASE_PATH=data/ranchhand.sqlite3   # where matches are saved (SQLite)
    DEV_GUILD_ID=123456789012345678        # sync commands to one test server instantly
    LOG_LEVEL=INFO
    SYNC_COMMANDS=auto                     # auto | always | never
"""
