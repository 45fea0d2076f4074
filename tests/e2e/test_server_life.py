"""The server around the matches: channels, threads and servers that go, DMs, a busy server's
status, a development server's commands, and a board still owed after a restart."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, board, boards, open_match, running, until
from tests.conftest import World


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


async def test_in_the_bots_dm_a_game_command_opens_a_casual_table(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        dm = fake.dm_channel(world.alice)
        rec = await fake.slash(world.alice, dm, "farm new", computers=1)
        assert rec.response is not None and not rec.ephemeral
        assert (await runner.match_in(dm.id)).casual, "played through interactions alone"
        rec = await fake.slash(world.alice, dm, "game status")
        assert rec.response is not None and rec.ephemeral


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


async def lease_ran_out(runner: BotRunner, match_id: int) -> None:
    """The dead bot's claim on its board has run out (as it does after half a minute)."""
    assert runner.bot is not None
    await runner.bot.store.execute(
        "UPDATE outbox SET next_try_at = 0 WHERE match_id = ?", (match_id,)
    )


async def test_a_board_owed_when_the_bot_stopped_is_posted_after_the_restart(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=85) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        # the bot stored alice's move (and its board story) and died before posting it
        match = await runner.match_in(world.channel.id)
        assert runner.bot is not None
        await runner.bot.service.act(match.id, world.alice.id, text="roll")
        await lease_ran_out(runner, match.id)
        fake.take_notifications()
        await runner.stop()
        assert len(boards(fake, world.channel)) == 1
        await runner.start()
        assert runner.bot is not None
        bot = runner.bot
        await until(lambda: len(boards(fake, world.channel)) == 2, what="the owed board")
        await fake.settle()
        await until(lambda: not fake.get_message(first.id).buttons(), what="older board quiet")
        assert await bot.delivery.pending() == 0, "posted once"
        newest = board(fake, world.channel)
        assert newest.id != first.id and world.bob.mention in newest.content
        assert "alice" in newest.content and "roll" in newest.content
        assert [(n.user.name, n.kind) for n in fake.take_notifications()] == [("bob", "mention")]
        assert await runner.bot.store.outbox.undelivered(match.id) == 0


async def test_a_board_owed_to_a_channel_deleted_meanwhile_closes_its_match(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    runner = BotRunner(fake, database, 85)
    await runner.start()
    try:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        assert runner.bot is not None
        await runner.bot.service.act(match.id, world.alice.id, text="roll")  # then it died
        await lease_ran_out(runner, match.id)
        await runner.stop()
        fake.delete_channel(world.channel)  # while the bot is away: no event reaches it
        bot = await runner.start()

        async def closed() -> bool:
            return (await bot.service.get(match.id)).status == "abandoned"

        for _ in range(300):
            if await closed():
                break
            await asyncio.sleep(0.05)
        assert await closed(), "the owed board found the channel gone and ended the match"
        assert await bot.store.outbox.undelivered(match.id) == 0
        # how the bot learnt it: Discord's answer about the channel it looked up
        assert {v.rule for v in fake.take_violations()} <= {"unknown_channel"}
    finally:
        await runner.stop()
