"""A real discord.py AutoShardedBot against the emulator: everything round-trips."""

from __future__ import annotations

import discord
import pytest

from fakediscord import ComponentError, FakeDiscord, NotConnectedError

from .conftest import Town
from .testbot import running_bot


async def test_login_sync_and_slash_group(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        assert bot.user is not None and bot.user.id == fake.bot_user.id
        assert bot.application_id == fake.application_id
        assert [g.name for g in bot.guilds] == ["Ranch"]
        assert {c["name"] for c in fake.commands()} == {
            "farm",
            "bad",
            "secret",
            "render",
            "announce",
            "spinoff",
            "ask",
            "dm",
            "burst",
            "ping",
        }
        routes = {(r.method, r.route) for r in fake.requests}
        assert ("GET", "/gateway/bot") in routes
        rec = await fake.slash(town.alice, town.channel, "farm new", strict_trades=True, players=4)
        assert rec.callback_type == 4 and not rec.ephemeral and rec.error is None
        assert rec.response is not None
        assert rec.response.content == "New game: strict=True players=4"
        assert rec.response.interaction_metadata["user"]["id"] == str(town.alice.id)
        assert [b.label for b in rec.response.buttons()] == ["Roll", "Rules", "Closed"]
        assert fake.last_message(town.channel) is rec.response
        assert rec.ack_latency is not None and rec.ack_latency < 1.0
        assert bot.interactions[-1].user.id == town.alice.id


async def test_dynamic_button_updates_message_and_survives_restart(
    fake: FakeDiscord, town: Town
) -> None:
    async with running_bot(fake):
        rec = await fake.slash(town.alice, town.channel, "farm new")
        board = rec.response
        click = await fake.click(town.bob, board, label="Roll")
        assert click.callback_type == 7 and click.response is board
        assert board.content == "g1 rolled 1" and board.edited is not None
        assert board.buttons()[0].custom_id == "roll:g1:1"
        with pytest.raises(ComponentError):
            await fake.click(town.bob, board, label="Nope")
        with pytest.raises(ComponentError):
            await fake.click(town.bob, board, label="Rules")  # a link button
    with pytest.raises(NotConnectedError):
        await fake.click(town.bob, board, label="Roll")
    async with running_bot(fake, sync=False):
        again = await fake.click(town.alice, board.id, custom_id="roll:g1:1")
        assert again.callback_type == 7 and board.content == "g1 rolled 2"


async def test_autocomplete_select_and_modal(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake):
        choices = await fake.autocomplete(
            town.alice, town.channel, "farm move", focused="action", action="tr"
        )
        assert [c["value"] for c in choices] == [
            "trade 6 rabbit for 1 sheep",
            "trade 2 sheep for 1 pig",
        ]
        assert fake.records[-1].callback_type == 8
        moved = await fake.slash(town.alice, town.channel, "farm move", action="roll")
        assert moved.response.content == "moved: roll"

        rec = await fake.slash(town.alice, town.channel, "farm pick")
        select = rec.response.selects()[0]
        assert select.placeholder == "Pick animals" and select.max_values == 2
        assert [o.value for o in select.options] == ["rabbit", "sheep", "cow"]
        with pytest.raises(ComponentError):
            await fake.select(town.bob, rec.response, ["horse"])
        picked = await fake.select(town.bob, rec.response, ["rabbit", "Cow"])
        assert picked.response.content == "picked rabbit, cow"
        assert picked.response.components == []

        opened = await fake.slash(town.alice, town.channel, "farm name")
        assert opened.callback_type == 9 and opened.modal["title"] == "Name your farm"
        with pytest.raises(ComponentError):
            await fake.submit_modal(town.bob, opened, {"farm_name": "Nope"})
        with pytest.raises(ComponentError):
            await fake.submit_modal(town.alice, opened, {"Farm name": ""})
        done = await fake.submit_modal(
            town.alice, opened, {"Farm name": "Sunny Acres", "Motto": "Moo"}
        )
        assert done.response.content == "Welcome to Sunny Acres! Moo"
        assert done.parent is opened


async def test_ephemeral_reply_and_visibility(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake):
        rec = await fake.slash(town.alice, town.channel, "secret")
        assert rec.ephemeral and rec.response.ephemeral_for == town.alice.id
        assert rec.response not in fake.messages(town.channel)
        assert rec.response in fake.messages(town.channel, visible_to=town.alice)
        assert rec.response not in fake.messages(town.channel, visible_to=town.bob)
        with pytest.raises(ComponentError):
            await fake.click(town.bob, rec.response, label="Roll")
        with pytest.raises(ComponentError):
            await fake.click(town.alice, rec.response, label="Closed")  # disabled
        clicked = await fake.click(town.alice, rec.response, label="Roll")
        assert clicked.response.content == "secret rolled 1" and clicked.ephemeral


async def test_defer_followup_png_and_embed(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        rec = await fake.slash(town.alice, town.thread, "render")
        assert rec.callback_type == 5
        first, second = rec.followups
        assert first is rec.response and not first.loading  # replaced the "thinking" message
        (att,) = first.attachments
        assert (att.filename, att.content_type, att.width, att.height) == (
            "board.png",
            "image/png",
            4,
            3,
        )
        assert att.data.startswith(b"\x89PNG") and att.size == len(att.data)
        assert first.embeds[0]["image"]["url"] == att.url
        assert second.ephemeral_for == town.alice.id
        assert second.content == "second followup, edited" and first.content == "Board ready"
        assert [m.id for m in rec.messages] == [first.id, first.id, second.id, second.id, first.id]
        assert rec.messages[1].content == "" and rec.messages[1].attachments  # the snapshot
        assert first.channel_id == town.thread.id
        assert bot.interactions[-1].channel.type == discord.ChannelType.public_thread
        fetched = await bot.get_channel(town.thread.id).fetch_message(first.id)
        assert await fetched.attachments[0].read() == att.data


async def test_channel_send_edit_dm_and_gateway_events(fake: FakeDiscord, town: Town) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    async with running_bot(fake, intents=intents) as bot:
        rec = await fake.slash(town.alice, town.channel, "announce")
        channel_msg = fake.last_message(town.channel)
        assert channel_msg.content == "Hear ye, hear ye" and channel_msg.edited is not None
        assert [m.content for m in rec.messages] == ["announcing", "Hear ye", "Hear ye, hear ye"]
        said = await fake.say(town.bob, town.channel, f"hello {fake.bot_user.mention}")
        # the bot saw both via MESSAGE_CREATE; its cached copy took the MESSAGE_UPDATE too
        assert [m.id for m in bot.seen_messages][-2:] == [channel_msg.id, said.id]
        assert bot.seen_messages[-2].content == "Hear ye, hear ye"
        assert bot.seen_messages[-1].author.id == town.bob.id
        assert bot.seen_messages[-1].content == said.content

        await fake.slash(town.alice, town.channel, "dm")
        dm_channel = fake.dm_channel(town.alice)
        assert [m.content for m in fake.messages(dm_channel)] == ["psst"]
        in_dm = await fake.slash(town.alice, dm_channel, "farm new")
        assert in_dm.response.channel_id == dm_channel.id
        assert isinstance(bot.interactions[-1].channel, discord.DMChannel)
        assert bot.interactions[-1].guild_id is None


async def test_threads_created_by_the_bot(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        rec = await fake.slash(town.alice, town.channel, "spinoff")
        from_message, side = (int(x) for x in rec.response.content.split())
        starter = fake.messages(town.channel)[-1]
        assert starter.id == from_message and starter.flags & 32  # HAS_THREAD
        assert fake.last_message(from_message).content == "inside the match thread"
        assert fake.last_message(side).content == "inside the side thread"
        assert {t.id for t in bot.get_guild(town.guild.id).threads} >= {from_message, side}
        clicked = await fake.slash(town.bob, fake.world.channel(side), "farm new")
        assert clicked.response.channel_id == side


async def test_a_handler_waiting_for_the_user_does_not_block_the_actor(
    fake: FakeDiscord, town: Town
) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    fake.client_patience = 0.2
    async with running_bot(fake, intents=intents):
        rec = await fake.slash(town.alice, town.channel, "ask")
        assert rec.response.content == "Say something" and rec.followups == []
        await fake.say(town.alice, town.channel, "moo")
        assert rec.followups[0].content == "you said moo"
        assert fake.last_message(town.channel) is rec.followups[0]


async def test_unsynced_and_invalid_commands_raise(fake: FakeDiscord, town: Town) -> None:
    from fakediscord import CommandUsageError

    async with running_bot(fake):
        for command, options in [
            ("unsynced", {}),  # in the tree but never synced
            ("nosuch", {}),
            ("farm", {}),  # group needs a sub-command
            ("farm new", {"colour": "red"}),  # unknown option
            ("farm new", {"players": 7}),  # out of range
            ("farm new", {"players": "two"}),  # wrong type
            ("farm move", {}),  # required option missing
        ]:
            with pytest.raises(CommandUsageError):
                await fake.slash(town.alice, town.channel, command, **options)
        outsider = fake.create_user("outsider")
        with pytest.raises(CommandUsageError):
            await fake.slash(outsider, town.channel, "farm new")
