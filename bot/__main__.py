"""``python -m bot``: run Ranch Hand with the settings from the environment and ``.env``.

``python -m bot --sandbox`` instead runs the same bot against the Discord emulator and serves a
page on 127.0.0.1 that works like a Discord channel: no token, no ``.env``, its own database.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import sys
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import discord

from bot.client import RanchHand
from bot.config import MISSING_TOKEN_HELP, ROOT, ConfigError, Settings, load_settings
from bot.logs import redact_secrets
from bot.metrics import MetricsError
from bot.store import OpenError

SANDBOX_DATABASE = ROOT / "data" / "sandbox.sqlite3"
SANDBOX_PORT = 8765


#: ``python -m bot NAME ...``: tools beside the bot (module with ``main(argv) -> int``)
SUBCOMMANDS: dict[str, tuple[str, str, str]] = {
    "invite": ("bot.admin", "main", "print the link that adds the bot to a server"),
    "check": ("bot.admin", "check_main", "list the servers and the permissions missing where"),
    "backup": ("bot.backup", "main", "copy the SQLite database safely while the bot runs"),
    "replay": ("bot.replays", "main", "check an exported match by replaying it offline"),
    "migrate-db": ("bot.migrate", "main", "copy a SQLite database into PostgreSQL"),
    "forget-server": ("bot.forget_server", "main", "remove everything kept about one server"),
}


def tools_help() -> str:
    width = max(len(name) for name in SUBCOMMANDS)
    lines = [f"  {name:<{width}}  {about}" for name, (_, _, about) in SUBCOMMANDS.items()]
    return "tools (python -m bot TOOL --help for each):\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in SUBCOMMANDS:
        import importlib

        module, function, _ = SUBCOMMANDS[argv[0]]
        return int(getattr(importlib.import_module(module), function)(argv[1:]))
    parser = argparse.ArgumentParser(
        prog="python -m bot [TOOL]",
        description="Run the Ranch Hand bot, or one of its tools.",
        epilog=tools_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--sync", action="store_true", help="sync slash commands on this start")
    cluster = parser.add_argument_group(
        "shard clusters", "run some of the bot's gateway shards in this process"
    )
    cluster.add_argument("--shards", help="the shards this process runs: 0-3 or 0,2,5 (SHARDS)")
    cluster.add_argument("--shard-count", help="the bot's total number of shards (SHARD_COUNT)")
    sandbox = parser.add_argument_group(
        "sandbox", "play locally in a browser, without Discord or a token"
    )
    sandbox.add_argument(
        "--sandbox", action="store_true", help="run the bot against a local Discord emulator"
    )
    sandbox.add_argument(
        "--port", type=int, help=f"the page's port on 127.0.0.1 (default {SANDBOX_PORT})"
    )
    sandbox.add_argument(
        "--database", type=Path, help="the sandbox's SQLite file (default data/sandbox.sqlite3)"
    )
    sandbox.add_argument("--seed", type=int, help="seed every match with this (repeatable games)")
    sandbox.add_argument(
        "--validate",
        action="store_true",
        help="check every request against Discord's OpenAPI spec (needs the dev extra and "
        "the spec file; see README)",
    )
    args = parser.parse_args(argv)
    quiet_voice_warnings()
    if args.port is not None and not 0 <= args.port <= 65535:
        parser.error("--port takes 0 to 65535 (0 picks a free port)")
    if args.sandbox:
        return run_sandbox(
            SANDBOX_PORT if args.port is None else args.port,
            args.database or SANDBOX_DATABASE,
            args.seed,
            validate=args.validate,
        )
    if args.port is not None or args.database is not None or args.seed is not None:
        parser.error("--port, --database and --seed go with --sandbox")
    if args.validate:
        parser.error("--validate goes with --sandbox")
    overrides = {}
    if args.shards is not None or args.shard_count is not None:
        overrides = {"SHARDS": args.shards or "", "SHARD_COUNT": args.shard_count or ""}
    try:
        settings = load_settings(overrides=overrides)
    except ConfigError as err:
        print(f"Configuration error: {err}", file=sys.stderr)
        return 2
    if not settings.token:
        print(MISSING_TOKEN_HELP, file=sys.stderr)
        return 2
    if args.sync:
        settings = replace(settings, sync_commands="always")
    return run_bot(settings)


async def serve(bot: RanchHand, token: str) -> None:
    """Open the store, log in and run until the bot has stopped. A stop (a signal, or
    anything that closes the bot) ends the run once it has finished, also while discord.py
    waits out a reconnect's back-off because Discord cannot be reached: that wait grows to
    minutes, and nothing is left for it to do once the bot is closed."""
    async with bot:
        await bot.open_store()
        # what the process loaded so far (modules, classes, settings) lives as long as it
        # does: out of the garbage collector's way, so full passes stay short
        gc.collect()
        gc.freeze()
        running = asyncio.ensure_future(bot.start(token))
        stopped = asyncio.ensure_future(bot.stopped.wait())
        try:
            await asyncio.wait({running, stopped}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
            if not running.done():
                running.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await running
        if not running.cancelled():
            running.result()  # a refused token, Discord unreachable at the start...


def run_bot(settings: Settings) -> int:
    """Run until stopped; SIGTERM or Ctrl+C stops gracefully (moves in flight finish)."""
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    redact_secrets(settings.token, database_password(settings))
    log = logging.getLogger("bot")
    log.info("starting with %s", settings)
    point_at_api(settings)
    token = settings.token
    assert token is not None

    async def run() -> None:
        bot = RanchHand(settings)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
        await serve(bot, token)

    try:
        asyncio.run(run())
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN; reset it in the developer portal "
            "and update .env.",
            file=sys.stderr,
        )
        return 2
    except OpenError as err:
        print(f"Database error: {err}", file=sys.stderr)
        return 2
    except MetricsError as err:
        print(f"Metrics error: {err}", file=sys.stderr)
        return 2
    except aiohttp.ClientConnectionError as err:
        print(f"Cannot reach Discord ({type(err).__name__}); check the network.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def database_password(settings: Settings) -> str | None:
    """The password in DATABASE_URL (redacted from every log line by value too)."""
    if not settings.database_url:
        return None
    with contextlib.suppress(ValueError):
        return urlsplit(settings.database_url).password
    return None


def point_at_api(settings: Settings) -> None:
    """Use another Discord API address (a REST proxy, or a local emulator) when configured."""
    if settings.discord_api_url:
        import discord.gateway
        import discord.http
        import yarl

        discord.http.Route.BASE = settings.discord_api_url.rstrip("/")
        if settings.discord_gateway_url:
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
                settings.discord_gateway_url
            )


def run_sandbox(port: int, database: Path, seed: int | None, *, validate: bool = False) -> int:
    """The real bot, same code path as production, logged in to the emulator; Ctrl+C (or
    SIGTERM) stops it. The emulated world is kept beside the database, so a restart carries on
    every channel, player, message and match."""
    from fakediscord.persist import WorldFile
    from fakediscord.web import Sandbox

    discord.utils.setup_logging(level=logging.INFO)
    redact_secrets()
    log = logging.getLogger("bot")
    world = WorldFile.beside(database)
    # the world goes with its matches: a new (or deleted) database starts a new world
    fresh = not database.exists()

    async def run() -> None:
        stop = asyncio.Event()
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            # Ctrl+C stops as SIGTERM does: the bot closes cleanly, no traceback
            for sig in (signal.SIGTERM, signal.SIGINT):
                asyncio.get_running_loop().add_signal_handler(sig, stop.set)
        async with Sandbox(port, world=world, fresh=fresh, validate=validate) as sandbox:
            token = sandbox.fake.bot_token
            # the sandbox also offers the pseudo-locale, to see what the catalogue words
            settings = Settings(
                token=token, database_path=database, sync_commands="always", pseudo_locale=True
            )
            log.info("sandbox starting with %s", settings)
            seeds = None if seed is None else (lambda: seed)
            async with RanchHand(settings, seed_source=seeds, guild_ready_timeout=0.1) as bot:
                running = asyncio.create_task(bot.start(token))
                ready = asyncio.create_task(bot.wait_until_ready())
                await asyncio.wait({running, ready}, return_when=asyncio.FIRST_COMPLETED)
                if running.done():
                    ready.cancel()
                    running.result()  # the start-up error
                    return
                print(f"Ranch Hand sandbox: open {sandbox.url} (Ctrl+C stops it)", flush=True)
                stopping = asyncio.create_task(stop.wait())
                await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
                stopping.cancel()
                if running.done():
                    running.result()
                else:
                    log.info("stopping the sandbox; its world is kept in %s", world.path)

    try:
        asyncio.run(run())
    except OSError as err:
        print(
            f"Could not serve the sandbox on 127.0.0.1:{port} ({err.strerror or err}); "
            "pick another port with --port.",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        pass
    return 0


class QuietVoice(logging.Filter):
    """Drops discord.py's start-up notes that voice libraries are missing: the bot has no
    voice features, so they only alarm whoever reads the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def quiet_voice_warnings() -> None:
    client_log = logging.getLogger("discord.client")
    if not any(isinstance(f, QuietVoice) for f in client_log.filters):
        client_log.addFilter(QuietVoice())


if __name__ == "__main__":
    sys.exit(main())
