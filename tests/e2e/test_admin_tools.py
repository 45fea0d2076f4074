"""The admin's tools against the emulator: the invite link asks for exactly what the bot
checks, ``check`` names each channel missing a permission, ``backup`` copies a database that
is being played on."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord

from bot.admin import client_id_of, invite_url, needed_permissions, report
from bot.backup import backup
from bot.backup import main as backup_main
from bot.channels import missing_permissions
from bot.config import Settings
from fakediscord import FakeDiscord
from fakediscord.permissions import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    DEFAULT_MEMBER_PERMISSIONS,
    EMBED_LINKS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)
from ranchtest.harness import board, boards, open_match, running, until
from tests.conftest import World


def test_the_invite_asks_for_exactly_the_permissions_the_bot_checks() -> None:
    checked = (
        VIEW_CHANNEL
        | SEND_MESSAGES
        | ATTACH_FILES
        | EMBED_LINKS
        | READ_MESSAGE_HISTORY
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS
    )
    assert needed_permissions().value == checked
    granted = discord.Permissions(needed_permissions().value)
    for place in (
        {"in_thread": False},
        {"in_thread": True},
        {"new_thread": True, "in_thread": False},
    ):
        assert missing_permissions(granted, **place) == [], "the invite is enough everywhere"
    url = urlsplit(invite_url(123456789012345678))
    query = parse_qs(url.query)
    assert url.netloc == "discord.com" and url.path == "/oauth2/authorize"
    assert query["client_id"] == ["123456789012345678"]
    assert query["scope"] == ["bot applications.commands"]
    assert query["permissions"] == [str(checked)]


def test_the_client_id_is_read_from_the_token(fake: FakeDiscord) -> None:
    assert client_id_of(fake.bot_token) == fake.world.bot_user.id


async def test_check_names_the_channel_missing_a_permission(
    fake: FakeDiscord, world: World
) -> None:
    fake.set_bot_permissions(world.guild, DEFAULT_MEMBER_PERMISSIONS)
    fake.set_overwrite(world.other_channel, fake.world.bot_user, deny=ATTACH_FILES)
    said: list[str] = []
    code = await report(Settings(token=fake.bot_token), said.append)
    text = "\n".join(said)
    assert code == 1, text
    assert f"#{world.other_channel.name}: missing Attach Files" in text
    assert f"#{world.channel.name}" not in text, "a channel with every permission is fine"
    assert world.guild.name in text


async def test_check_is_clean_when_nothing_is_missing(fake: FakeDiscord, world: World) -> None:
    said: list[str] = []
    assert await report(Settings(token=fake.bot_token), said.append) == 0
    assert "every channel the bot sees is fine" in "\n".join(said)


async def test_a_backup_taken_during_play_holds_every_committed_move(
    fake: FakeDiscord, world: World, database: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "copy.sqlite3"
    async with running(fake, database) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        for _ in range(4):
            before = len(boards(fake, world.channel))
            user = (
                world.alice
                if "<@" + str(world.alice.id) in board(fake, world.channel).content
                else world.bob
            )
            await fake.click(user, board(fake, world.channel), label="Roll the dice")
            await until(lambda b=before: len(boards(fake, world.channel)) > b, what="a board")
        match = await runner.match_in(world.channel.id)
        assert backup_main([str(copy), "--database", str(database)]) == 0
        with sqlite3.connect(copy) as db:
            plies = [
                r[0]
                for r in db.execute(
                    "SELECT ply FROM actions WHERE match_id = ? ORDER BY ply", (match.id,)
                )
            ]
            state_ply = db.execute("SELECT ply FROM matches WHERE id = ?", (match.id,)).fetchone()[
                0
            ]
        assert plies == list(range(1, match.ply + 1)) and state_ply == match.ply
        # the bot plays on while a second copy is taken, and the copy is whole
        assert backup(database, tmp_path / "again.sqlite3") >= len(plies)


def test_backup_refuses_to_overwrite_the_database_itself(tmp_path: Path) -> None:
    db = tmp_path / "x.sqlite3"
    sqlite3.connect(db).close()
    assert backup_main([str(db), "--database", str(db)]) == 2
