"""An attachment's description (a picture's alt text) is kept, sent back, and held to
Discord's rules: a string of at most 1,024 characters."""

from __future__ import annotations

import io
import json

import aiohttp
import discord

from fakediscord import FakeDiscord

from .conftest import Town
from .test_rules import raw, rules_of
from .testbot import png, running_bot


def _form(description: object) -> aiohttp.FormData:
    form = aiohttp.FormData()
    payload = {
        "content": "board",
        "attachments": [{"id": 0, "filename": "board.png", "description": description}],
    }
    form.add_field("payload_json", json.dumps(payload))
    form.add_field("files[0]", png(), filename="board.png")
    return form


async def test_a_description_within_the_limit_is_stored_and_returned(
    fake: FakeDiscord, town: Town
) -> None:
    path = f"/channels/{town.channel.id}/messages"
    alt = "Super Farmer, move 3. " + "a" * 1002
    assert len(alt) == 1024
    status, body = await raw(fake, "POST", path, data=_form(alt))
    assert status == 200
    assert body["attachments"][0]["description"] == alt
    stored = fake.world.messages[int(body["id"])]
    assert stored.attachments[0].description == alt


async def test_a_longer_or_non_string_description_is_refused_and_nothing_is_posted(
    fake: FakeDiscord, town: Town
) -> None:
    path = f"/channels/{town.channel.id}/messages"
    before = len(fake.world.channel_messages.get(town.channel.id, []))
    for description in ("a" * 1025, 42, ["alt"]):
        status, body = await raw(fake, "POST", path, data=_form(description))
        assert (status, body["code"]) == (400, 50035), description
        assert "description" in json.dumps(body["errors"])
    assert len(fake.world.channel_messages.get(town.channel.id, [])) == before
    assert set(rules_of(fake)) >= {"attachment_description"}


async def test_discord_py_sends_a_files_description(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send(
            file=discord.File(io.BytesIO(png()), "board.png", description="Alice to move.")
        )
        assert sent.attachments[0].description == "Alice to move."
