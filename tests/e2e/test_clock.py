"""Playing across days, end to end: the real bot against the Discord emulator, with the bot's
clock moved by hand (nothing sleeps). Reminders, the deadline's skip, DMs, pauses, threads,
server settings, what waits on you, and catching up after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import games
from fakediscord import FakeDiscord
from ranchtest.harness import (
    BotRunner,
    ManualClock,
    board,
    boards,
    expect_board,
    open_match,
    running,
    until,
)
from tests.conftest import World

RULES = games.get("farm")


def plain(fake: FakeDiscord, channel: Any) -> list[Any]:
    """Messages without a picture: reminders, notices."""
    return [m for m in fake.messages(channel) if not m.attachments]


async def test_a_farm_match_where_one_player_never_moves(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        clock_field = next(f for f in first.embeds[0]["fields"] if "Turn clock" in f["name"])
        assert "Reminders every 24 h · deadline 72 h: skip" in clock_field["value"]
        assert "this turn ends <t:" in clock_field["value"]
        assert "\n" not in clock_field["value"], "the turn clock is one line"
        await expect_board(
            fake, world.channel, fake.click(world.alice, first, label="Roll the dice")
        )
        waiting = board(fake, world.channel)
        assert world.bob.mention in waiting.content
        link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{waiting.id}"
        # bob never moves: three reminders a day apart, mentioning him, with a link to the board
        texts = []
        for _ in range(2):
            clock.advance(24)
            assert await runner.tick() == 1
            note = plain(fake, world.channel)[-1]
            assert world.bob.mention in note.content and link in note.content
            assert world.bob.id in [u.id for u in note.mentions]
            texts.append(note.content)
        assert "it's your move in **Super Farmer**" in texts[0]
        assert "last reminder" in texts[1] and "Deadline <t:" in texts[1]
        assert "/game pause" in texts[1], "the last one before the deadline says how to pause"
        assert "`roll` is played for you" in texts[1]
        assert await runner.tick() == 0, "nothing fires twice"
        # the deadline: bob's turn is played for him (a roll), and the game goes on
        before = len(boards(fake, world.channel))
        clock.advance(24)
        assert await runner.tick() == 1
        await until(lambda: len(boards(fake, world.channel)) == before + 1, what="the skip")
        skipped = board(fake, world.channel)
        assert "**bob**'s time ran out (72 h), so the bot moved for them." in skipped.content
        assert "bob rolled" in skipped.content and "`roll`" not in skipped.content, "told once"

        assert world.alice.mention in skipped.content, "alice is told it is her move"
        assert not fake.get_message(waiting.id).buttons(), "the ignored board lost its buttons"
        match = await runner.match_in(world.channel.id)
        assert match.ply == 2 and match.to_act() == (0,) and match.status == "active"
        # alice plays on from the new board
        await expect_board(
            fake, world.channel, fake.click(world.alice, skipped, label="Roll the dice")
        )
        assert (await runner.match_in(world.channel.id)).ply == 3


async def test_a_dm_reaches_a_player_who_asked_for_one(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    async with running(fake, database, clock=clock) as runner:
        rec = await fake.slash(world.bob, world.channel, "game notify", dm=True)
        assert rec.ephemeral and "a DM as well" in rec.response.content
        rec = await fake.slash(world.alice, world.channel, "game notify", quiet_hours="evenings")
        assert rec.ephemeral and "UTC range like `22-07`" in rec.response.content
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        await expect_board(
            fake, world.channel, fake.click(world.alice, first, label="Roll the dice")
        )
        clock.advance(24)
        await runner.tick()
        dms = fake.messages(fake.dm_channel(world.bob))
        assert len(dms) == 1
        assert "Your move in **Super Farmer**" in dms[0].content
        assert f"/channels/{world.guild.id}/{world.channel.id}/" in dms[0].content
        assert fake.messages(fake.dm_channel(world.alice)) == [], "alice did not opt in"


async def test_a_bot_down_past_the_deadline_catches_up_once_when_it_starts(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    runner = BotRunner(fake, database, seed=85, clock=clock)
    await runner.start()
    try:
        await open_match(fake, "farm", world.channel, world.alice, world.bob, deadline_hours=24)
        await open_match(
            fake, "farm", world.other_channel, world.carol, world.alice, deadline_hours=30
        )
        await runner.stop()
        clock.advance(100)
        counts = (len(boards(fake, world.channel)), len(boards(fake, world.other_channel)))
        await runner.start()  # the clock ticks once at start: both deadlines, oldest first
        await until(
            lambda: (
                (len(boards(fake, world.channel)), len(boards(fake, world.other_channel)))
                == (counts[0] + 1, counts[1] + 1)
            ),
            what="both skips",
        )
        await fake.settle()
        one, two = board(fake, world.channel), board(fake, world.other_channel)
        assert "**alice**'s time ran out (24 h)" in one.content
        assert "**carol**'s time ran out (30 h)" in two.content
        assert one.id < two.id, "applied in the order they fell due"
        assert await runner.tick() == 0
        await runner.restart()
        assert len(boards(fake, world.channel)) == counts[0] + 1, "never twice"
    finally:
        await runner.stop()


async def test_pause_and_resume_tell_everyone_and_mine_lists_what_waits(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    async with running(fake, database, clock=clock) as runner:
        rec = await fake.slash(world.alice, world.channel, "game mine")
        assert rec.ephemeral and "Nothing is waiting on you" in rec.response.content
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        rec = await fake.slash(world.alice, world.channel, "game mine")
        text = rec.response.embeds[0]["description"]
        assert f"<#{world.channel.id}>: your move" in text
        assert f"/channels/{world.guild.id}/{world.channel.id}/{first.id}" in text
        rec = await fake.slash(world.bob, world.channel, "game mine")
        assert "Nothing is waiting on you" in rec.response.content
        rec = await fake.slash(world.carol, world.channel, "game pause")
        assert rec.ephemeral and "Only the players" in rec.response.content
        rec = await fake.slash(world.bob, world.channel, "game pause", hours=30)
        assert not rec.ephemeral
        assert "bob paused the clock" in rec.response.content
        assert world.alice.mention in rec.response.content
        clock.advance(29)
        assert await runner.tick() == 0, "no reminder while paused"
        rec = await fake.slash(world.alice, world.channel, "game mine")
        assert "paused until" in rec.response.embeds[0]["description"]
        clock.advance(1)
        assert await runner.tick() == 1
        note = plain(fake, world.channel)[-1]
        assert note.content.startswith("▶️ The pause is over")
        rec = await fake.slash(world.alice, world.channel, "game resume")
        assert rec.ephemeral and "not paused" in rec.response.content
        rec = await fake.slash(world.alice, world.channel, "game pause", hours=2)
        rec = await fake.slash(world.bob, world.channel, "game resume")
        assert "bob started the clock again" in rec.response.content
        match = await runner.match_in(world.channel.id)
        assert not match.paused and match.seats[0].pause_used == 0


async def test_server_settings_need_permission_and_set_new_matches(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    async with running(fake, database, clock=clock) as runner:
        rec = await fake.slash(world.carol, world.channel, "game settings")
        assert rec.ephemeral and "Reminders every 24 h · deadline 72 h: skip" in str(
            rec.response.embeds[0]
        )
        rec = await fake.slash(world.carol, world.channel, "game settings", deadline_hours=24)
        assert rec.ephemeral and "Manage Server or Manage Channels" in rec.response.content
        rec = await fake.slash(
            world.mod,
            world.channel,
            "game settings",
            deadline_hours=24,
            on_deadline="forfeit",
            lobby_hours=2,
        )
        assert "deadline 24 h: forfeit" in str(rec.response.embeds[0])
        rec = await fake.slash(world.alice, world.channel, "farm new")
        assert "⏱️ Reminders every 24 h · deadline 24 h: forfeit" in rec.response.content
        rec = await fake.slash(
            world.alice, world.other_channel, "farm new", reminder_hours=0, deadline_hours=0
        )
        assert "⏱️ No reminders · no deadline" in rec.response.content
        lobby = rec.response
        # a lobby nobody starts closes after the server's lobby hours
        clock.advance(2)
        assert await runner.tick() == 2
        notes = [m.content for m in plain(fake, world.other_channel)]
        assert any(n.startswith("⌛ The Super Farmer lobby here closed") for n in notes)
        assert not fake.get_message(lobby.id).buttons(), "the lobby lost its buttons"
        assert await runner.bot.service.live_in(world.other_channel.id) is None


async def test_a_match_in_its_own_thread(fake: FakeDiscord, world: World, database: Path) -> None:
    async with running(fake, database) as runner:
        rec = await fake.slash(world.alice, world.channel, "farm new", thread=True)
        # privately answered until the thread and its lobby exist; then the channel is told
        assert rec.ephemeral and rec.response.content.startswith("Opened")
        (announcement,) = [m for m in rec.followups if not m.ephemeral]
        (thread,) = [
            c
            for c in fake.world.channels.values()
            if c.is_thread and c.parent_id == world.channel.id
        ]
        assert thread.name == "Super Farmer · alice"
        assert f"<#{thread.id}>" in announcement.content
        (lobby,) = fake.messages(thread)
        assert "Super Farmer" in lobby.content and lobby.buttons()
        rec = await fake.click(world.bob, lobby, label="Join")
        await expect_board(fake, thread, fake.click(world.alice, rec.response, label="Start"))
        first = board(fake, thread)
        match = await runner.match_in(thread.id)
        assert match.channel_id == thread.id and match.parent_id == world.channel.id
        await expect_board(fake, thread, fake.click(world.alice, first, label="Roll the dice"))
        assert (await runner.match_in(thread.id)).ply == 1
        assert boards(fake, world.channel) == [], "the parent channel stays clear"
        # the channel itself is still free for another match
        rec = await fake.slash(world.carol, world.channel, "farm new")
        assert not rec.ephemeral
        rec = await fake.slash(world.bob, thread, "farm new", thread=True)
        assert rec.ephemeral and "from a text channel" in rec.response.content
