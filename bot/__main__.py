"""``python -m bot``: run Ranch Hand with the settings from the environment and ``.env``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

import discord

from bot.client import RanchHand
from bot.config import MISSING_TOKEN_HELP, ConfigError, load_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Ranch Hand bot.")
    parser.add_argument("--sync", action="store_true", help="sync slash commands on this start")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as err:
        print(f"Configuration error: {err}", file=sys.stderr)
        return 2
    if not settings.token:
        print(MISSING_TOKEN_HELP, file=sys.stderr)
        return 2
    if args.sync:
        settings = type(settings)(**{**settings.__dict__, "sync_commands": "always"})
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    logging.getLogger("bot").info("starting with %s", settings)
    token = settings.token

    async def run() -> None:
        async with RanchHand(settings) as bot:
            await bot.start(token)

    try:
        asyncio.run(run())
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN; reset it in the developer portal "
            "and update .env.",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
