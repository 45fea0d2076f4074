"""Who each new message notifies: mentions allowed by allowed_mentions, replies, roles,
@everyone, DMs; never edits, deferred responses filled in later, ephemerals or silent ones."""

from __future__ import annotations

import discord
import pytest

from fakediscord import FakeDiscord

from .conftest import Town
from .test_rules import raw
from .testbot import running_bot


def notified(fake: FakeDiscord) -> list[tuple[str, str]]:
    return [(n.user.name, n.kind) for n in fake.take_notifications()]


@pytest.mark.parametrize(
    ("how", "expected"),
    [
        ("reply", [("alice", "mention")]),
        ("second_followup", [("alice", "mention")]),  # a new message after the first
        ("defer_followup", []),  # the first followup fills in the loading message: an edit
        ("defer_edit", []),
        ("edit", []),
        ("ephemeral", []),
        ("silent", []),
        ("no_pings", []),
    ],
)
async def test_interaction_answers(
    fake: FakeDiscord, town: Town, how: str, expected: list[tuple[str, str]]
) -> None:
    async with running_bot(fake):
        text = f"hey {town.alice.mention}"
        rec = await fake.slash(town.bob, town.channel, "ping", text=text, how=how)
        last = rec.followups[-1] if rec.followups else rec.response
        assert last is not None and last.content == text
        if expected:
            assert fake.notifications(user=town.alice)[0].message_id == last.id
        assert notified(fake) == expected


async def test_channel_messages_replies_roles_and_dms(fake: FakeDiscord, town: Town) -> None:
    herders = fake.create_role(town.guild, "herders", mentionable=True)
    silent_role = fake.create_role(town.guild, "quiet")
    fake.add_roles(town.guild, town.bob, herders, silent_role)
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        said = await fake.say(town.alice, town.channel, "who is around?")
        partial = channel.get_partial_message(said.id)
        await partial.reply(f"{herders.mention} {silent_role.mention} {town.mod.mention}")
        assert notified(fake) == [("marshal", "mention"), ("alice", "reply"), ("bob", "role")]
        await partial.reply("no ping for you", mention_author=False)
        sent = await channel.send(
            f"{town.alice.mention} {town.bob.mention}",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(town.bob.id)]),
        )
        assert notified(fake) == [("bob", "mention")]
        await sent.edit(content=f"{town.mod.mention} edited in")
        assert notified(fake) == []  # edits notify nobody
        user = await bot.fetch_user(town.alice.id)
        await user.send("your turn")
        assert notified(fake) == [("alice", "dm")]


async def test_mentions_of_people_who_cannot_see_the_channel(fake: FakeDiscord, town: Town) -> None:
    fake.set_overwrite(town.channel, town.bob, deny=1 << 10)
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send(f"{town.alice.mention} {town.bob.mention}")
        assert notified(fake) == [("alice", "mention")]


async def test_any_allowed_mentions_object_allows_only_what_it_lists(
    fake: FakeDiscord, town: Town
) -> None:
    path = f"/channels/{town.channel.id}/messages"
    content = f"{town.alice.mention} {town.bob.mention}"
    await raw(fake, "POST", path, json={"content": content, "allowed_mentions": {}})
    await raw(
        fake, "POST", path, json={"content": content, "allowed_mentions": {"replied_user": True}}
    )
    assert notified(fake) == []
    await raw(fake, "POST", path, json={"content": content})
    assert notified(fake) == [("alice", "mention"), ("bob", "mention")]
