"""Keeping the emulated world in a file: what comes back, under which ids, and bad files."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp

from fakediscord import FakeDiscord
from fakediscord.models import Attachment, Message
from fakediscord.persist import WorldFile
from fakediscord.web import Sandbox

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 32


def board_message(fake: FakeDiscord, channel_id: int, guild_id: int) -> Message:
    """A message as the bot's boards look once stored: a picture, an embed, a button."""
    world = fake.world
    aid = world.snowflake()
    url = f"{fake.base_url}/cdn/attachments/{channel_id}/{aid}/board.png"
    picture = Attachment(aid, "board.png", "image/png", len(PNG), url, PNG, 640, 480)
    message = Message(
        id=world.snowflake(),
        channel_id=channel_id,
        guild_id=guild_id,
        author=world.bot_user,
        created_at=world.now(),
        content="<@1> your move",
        embeds=[{"type": "rich", "title": "Board", "image": {"url": url, "proxy_url": url}}],
        components=[
            {
                "type": 1,
                "id": 1,
                "components": [
                    {
                        "type": 2,
                        "id": 2,
                        "style": 1,
                        "label": "Roll the dice",
                        "custom_id": "rh:a:1:0:0:0",
                    }
                ],
            }
        ],
        attachments=[picture],
        interaction_metadata={"$t": "a stored dict that looks like a tag", "type": 3},
        flags=1 << 5,
    )
    world.store_message(message)
    fake.register_files(message)
    return message


async def test_a_world_comes_back_under_the_same_ids(tmp_path: Path) -> None:
    store = WorldFile(tmp_path / "w.world.json")
    async with FakeDiscord() as first:
        alice = first.create_user("alice")
        guild = first.create_guild("Ranch", owner=alice)
        channel = first.create_text_channel(guild, "corral", topic="farm games")
        bob = first.create_user("bob")
        first.add_member(guild, bob, manage_channels=True)
        first.set_user_locale(bob, "pl")
        first.set_guild_locale(guild, "pl")
        thread = first.create_thread(channel, "farm match", owner=bob)
        board = board_message(first, channel.id, guild.id)
        dm = first.dm_channel(bob)
        ids = {u.id for u in first.world.users.values()}
        payload = first.rest_payload(board)
        store.save(first)
        old_base = first.base_url

    assert (tmp_path / "w.files" / str(board.attachments[0].id)).read_bytes() == PNG
    assert "fake." not in (tmp_path / "w.world.json").read_text(), "no token is written down"

    async with FakeDiscord() as second:
        assert second.base_url != old_base
        guilds = WorldFile(tmp_path / "w.world.json").restore(second)
        world = second.world
        assert [g.id for g in guilds] == [guild.id]
        kept = guilds[0]
        assert kept.owner_id == alice.id and kept.channel_ids == [channel.id, thread.id]
        assert {u.id for u in world.users.values()} == ids
        assert world.users[bob.id].locale == "pl" and world.users[alice.id].locale == "en-US"
        assert kept.locale == "pl", "the languages are kept"
        assert world.bot_user.id == first.bot_user.id and second.bot_token != first.bot_token
        assert world.channels[channel.id].topic == "farm games"
        assert world.channels[thread.id].parent_id == channel.id
        assert world.channels[thread.id].member_ids == {bob.id}
        assert world.dm_channels == {bob.id: dm.id}
        assert second.world.permissions(kept, world.users[bob.id]) & (1 << 4), "bob's role"
        again = world.messages[board.id]
        assert world.channel_messages[channel.id] == [board.id]
        # the same message, its urls now on this emulator's port
        assert second.rest_payload(again) == json.loads(
            json.dumps(payload).replace(old_base, second.base_url)
        )
        assert again.author is world.bot_user
        async with aiohttp.ClientSession() as session, session.get(again.attachments[0].url) as r:
            assert r.status == 200 and await r.read() == PNG
        # new ids follow the kept ones
        assert world.snowflake() > max([board.id, *ids, *kept.channel_ids])


async def test_a_damaged_world_file_is_set_aside_and_a_new_world_starts(tmp_path: Path) -> None:
    path = tmp_path / "s.world.json"
    path.write_text('{"format": 1, "users": [')
    async with Sandbox(0, world=path, players=("alice",)) as sandbox:
        assert not sandbox.restored
        assert [c.name for c in sandbox.fake.world.channels.values()] == ["general"]
    assert (tmp_path / "s.world.json.unreadable").read_text() == '{"format": 1, "users": ['
    # the new world was written and comes back next time; fresh=True starts over
    async with Sandbox(0, world=path, players=("alice",)) as sandbox:
        assert sandbox.restored
        assert sandbox.guild is not None
        kept = sandbox.guild.id
        sandbox.fake.create_text_channel(sandbox.guild, "corral")
    async with Sandbox(0, world=path) as sandbox:
        assert sandbox.guild is not None and sandbox.guild.id == kept
        names = [sandbox.fake.world.channels[c].name for c in sandbox.guild.channel_ids]
        assert names == ["general", "corral"], "a change just before closing is kept"
    async with Sandbox(0, world=path, fresh=True) as sandbox:
        assert not sandbox.restored and sandbox.guild is not None
        assert sandbox.guild.id != kept
