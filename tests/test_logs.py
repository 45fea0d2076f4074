"""No secret reaches the log, even at DEBUG with discord.py's own debug output.

The bot runs a short match with the root logger at DEBUG (as ``LOG_LEVEL=DEBUG`` sets it up) and
``redact_secrets(token)`` in place; handlers are also added after the bot started, on the root
logger and on one of discord.py's. Whatever any handler wrote must hold neither the bot token,
nor any interaction token the emulator issued, nor a database password.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from bot.config import load_settings
from bot.logs import redact, redact_secrets
from fakediscord import FakeDiscord
from ranchtest.harness import board, expect_board, open_match, running
from tests.conftest import World

PASSWORD = "hunter2-Pa55word"
DSN = f"postgresql://ranch:{PASSWORD}@db.internal:5432/ranchhand"


class Captured:
    """Handlers writing to memory; removed (and levels restored) afterwards."""

    def __init__(self) -> None:
        self.handlers: list[tuple[logging.Logger, logging.Handler, io.StringIO]] = []
        self.levels: dict[logging.Logger, int] = {}

    def add(self, logger: logging.Logger) -> logging.Handler:
        stream = io.StringIO()
        handler = logging.StreamHandler(stream)
        handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
        self.levels.setdefault(logger, logger.level)
        logger.setLevel(logging.DEBUG)
        logger.addHandler(handler)
        self.handlers.append((logger, handler, stream))
        return handler

    def text(self) -> str:
        return "\n".join(stream.getvalue() for _, _, stream in self.handlers)

    def close(self) -> None:
        for logger, handler, _ in self.handlers:
            logger.removeHandler(handler)
        for logger, level in self.levels.items():
            logger.setLevel(level)


@pytest.fixture
def captured() -> Iterator[Captured]:
    logs = Captured()
    try:
        yield logs
    finally:
        logs.close()


async def test_a_match_at_debug_level_logs_no_secret(
    fake: FakeDiscord, world: World, database: Path, captured: Captured
) -> None:
    root = logging.getLogger()
    first = captured.add(root)
    discord.utils.setup_logging(handler=first, level=logging.DEBUG)  # as run_bot does
    redact_secrets(fake.bot_token)
    async with running(fake, database) as runner:
        first_board = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        # handlers that arrive after the start: on the root logger and on discord.py's own
        captured.add(root)
        captured.add(logging.getLogger("discord.http"))
        await expect_board(
            fake, world.channel, fake.click(world.alice, first_board, label="Roll the dice")
        )
        await expect_board(
            fake, world.channel, fake.slash(world.bob, world.channel, "farm move", action="roll")
        )
        await fake.slash(world.carol, world.channel, "farm move", action="roll")  # refused
        await fake.click(world.bob, board(fake, world.channel), label="Type a move")  # refused
        assert runner.bot is not None
        logging.getLogger("bot").info("a database at %s", DSN)
        settings = load_settings(
            environ={"DISCORD_TOKEN": fake.bot_token, "DATABASE_URL": DSN}, env_file=None
        )
        logging.getLogger("bot").info("starting with %s (%r)", settings, settings.database)
        logging.getLogger("bot").warning("connecting with %r", {"dsn": DSN, "token": "abc"})
        try:
            raise RuntimeError(f"failed on {DSN} with {fake.bot_token}")
        except RuntimeError:
            logging.getLogger("bot").exception("an error carrying secrets")
    text = captured.text()
    tokens = [r.token for r in fake.records]
    assert len(tokens) >= 5
    assert "INTERACTION_CREATE" in text or "/callback" in text, "discord.py's debug output"
    assert "/interactions/" in text and "/webhooks/" in text, "the routes are logged"
    leaks = [t for t in (fake.bot_token, PASSWORD, *tokens) if t in text]
    where = [line[:300] for line in text.splitlines() if any(t in line for t in leaks)]
    assert not leaks, f"{len(leaks)} secret(s) in the log: {where[:3]}"
    # the part of a token after any separator is no less secret
    tails = [t.rsplit(":", 1)[-1] for t in tokens] + [fake.bot_token.rsplit(".", 1)[-1]]
    assert not [t for t in tails if t in text], "a piece of a token in the log"
    assert "[redacted]" in text


@pytest.mark.parametrize(
    "line",
    [
        "POST /api/v10/interactions/12345/aW50ZXJhY3Rpb246MTIz:Zm9vYmFyYmF6cXV4cXV1eA/callback",
        "PATCH /webhooks/99/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEy.abc-def_ghi/messages/@original",
        "GET https://discord.com/api/v10/webhooks/99/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEy?wait=true",
        "{'t': 'INTERACTION_CREATE', 'd': {'token': 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEy'}}",
        '{"token":"aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEy"}',
        "Authorization: Bot MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123",
        "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123",
        "postgres://ranch:p%40ss:w0rd@db/ranchhand",
        "postgresql://ranch:pa55@db/ranchhand?password=pa55",
    ],
)
def test_every_shape_of_secret_is_redacted(line: str) -> None:
    cleaned = redact(line)
    assert "[redacted]" in cleaned
    for secret in ("aW50ZXJhY3Rpb246MTIz", "Zm9vYmFy", "GhIjKl", "p%40ss", "w0rd", "pa55"):
        assert secret not in cleaned, cleaned
