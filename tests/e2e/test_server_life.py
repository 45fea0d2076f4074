"""The server around the matches: channels, threads and servers that go, DMs, a busy server's
status, a development server's commands, and a board still owed after a restart."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from fakediscord import CommandUsageError, FakeDiscord
from tests.conftest import World
from tests.e2e.harness import BotRunner, board, boards, open_match, running, until


async def test_matches_close_when_their_channel_thread_or_server_goes(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        service = runner.bot.service
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        rec = await fake.slash(world.carol, world.other_channel, "farm new", thread=True)
        (thread,) = [c for c in fake.world.channels.values() if c.is_thread]
        here = await runner.match_in(world.channel.id)
        there = await runner.match_in(thread.id)
        fake.delete_channel(world.channel)
        await fake.settle()
        assert (await service.get(here.id)).status == "abandoned"
        assert (await service.get(there.id)).status == "lobby", "elsewhere goes on"
        fake.delete_channel(thread)
        await fake.settle()
        assert (await service.get(there.id)).status == "abandoned"
        # a new server's matches, then the bot is removed from it
        rec = await fake.slash(world.alice, world.other_channel, "farm new")
        assert not rec.ephemeral
        third = await runner.match_in(world.other_channel.id)
        fake.remove_bot_from_guild(world.guild)
        await fake.settle()
        assert (await service.get(third.id)).status == "abandoned"
        assert await service.live_in_guild(world.guild.id) == []


async def test_game_commands_are_not_offered_in_dms(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database):
        with pytest.raises(CommandUsageError, match="not available in DMs"):
            await fake.slash(world.alice, fake.dm_channel(world.alice), "farm new")
        with pytest.raises(CommandUsageError, match="not available in DMs"):
            await fake.slash(world.alice, fake.dm_channel(world.alice), "game status")


async def test_status_of_a_busy_server_stays_within_discords_embed_limits(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database):
        for i in range(40):
            channel = fake.create_text_channel(world.guild, f"pasture-{i}")
            game = ("cowboy", "horseplay", "highrollin", "cattle")[i % 4]
            rec = await fake.slash(world.alice, channel, f"{game} new")
            assert not rec.ephemeral
        rec = await fake.slash(world.bob, world.channel, "game status")
        assert rec.ephemeral and rec.response.embeds
        (elsewhere,) = [f for f in rec.response.embeds[0]["fields"] if "Elsewhere" in f["name"]]
        assert len(elsewhere["value"]) <= 1024
        assert "more" in elsewhere["value"].splitlines()[-1]


async def test_a_development_server_lists_each_command_once(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    runner = BotRunner(fake, database)
    await runner.start()  # an ordinary start: global commands
    assert any(c["name"] == "farm" for c in fake.commands())
    await runner.stop()
    plain = runner.settings

    def dev_settings() -> object:
        return dataclasses.replace(plain(), dev_guild_id=world.guild.id)

    runner.settings = dev_settings  # type: ignore[method-assign]
    await runner.start()
    try:
        assert fake.commands() == [], "the global set was cleared"
        names = [c["name"] for c in fake.commands(world.guild)]
        assert "farm" in names and len(names) == len(set(names))
        rec = await fake.slash(world.alice, world.channel, "farm new")
        assert not rec.ephemeral, "the server's copies answer"
    finally:
        await runner.stop()


async def test_a_board_owed_when_the_bot_stopped_is_posted_after_the_restart(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=85) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        # Discord takes no new message for a while: the move is stored, its board is owed
        fake.faults.add(method="POST", path_regex=r"^/webhooks/", status=503, times=None)
        fake.faults.add(
            method="POST", path_regex=r"^/channels/\d+/messages$", status=503, times=None
        )
        fake.take_notifications()
        await fake.click(world.alice, first, label="Roll the dice")
        assert len(boards(fake, world.channel)) == 1
        match = await runner.match_in(world.channel.id)
        assert match.ply == 1 and await runner.bot.store.undelivered(match.id)
        fake.faults.clear()
        await runner.restart()
        assert runner.bot is not None
        # the outbox retries on its own backoff (a couple of seconds for a first retry)
        bot = runner.bot
        await until(lambda: len(boards(fake, world.channel)) == 2, what="the owed board")
        await fake.settle()
        assert await bot.delivery.pending() == 0, "posted once"
        newest = board(fake, world.channel)
        assert newest.id != first.id and world.bob.mention in newest.content
        assert "alice" in newest.content and "roll" in newest.content
        assert [(n.user.name, n.kind) for n in fake.take_notifications()] == [("bob", "mention")]
        assert await runner.bot.store.undelivered(match.id) == 0
