"""Body rules beyond the schema: component emoji, embed fields and sizes, allowed_mentions."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from fakediscord import FakeDiscord
from fakediscord.emoji import is_unicode_emoji

from .conftest import Town
from .test_rules import raw
from .testbot import running_bot


def button(emoji: Any) -> dict[str, Any]:
    return {
        "content": "pick",
        "components": [
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 1, "custom_id": "b", "label": "Go", "emoji": emoji}
                ],
            }
        ],
    }


@pytest.mark.parametrize("text", ["🐄", "👍🏽", "🇵🇱", "1️⃣", "❤️", "👨‍👩‍👧", "⭐"])
def test_unicode_emoji_accepted(text: str) -> None:
    assert is_unicode_emoji(text)


@pytest.mark.parametrize("text", ["", "cow", ":cow:", "1", "a🐄", "🇵", "x" * 40])
def test_non_emoji_refused(text: str) -> None:
    assert not is_unicode_emoji(text)


@pytest.mark.parametrize(
    ("emoji", "where", "code"),
    [
        ({"name": "black_nib"}, "name", "BUTTON_COMPONENT_INVALID_EMOJI"),
        ({}, "name", "BUTTON_COMPONENT_INVALID_EMOJI"),
        ({"id": "cow", "name": "cow"}, "id", "NUMBER_TYPE_COERCE"),
    ],
)
async def test_invalid_component_emoji(
    fake: FakeDiscord, town: Town, emoji: dict[str, Any], where: str, code: str
) -> None:
    status, body = await raw(
        fake, "POST", f"/channels/{town.channel.id}/messages", json=button(emoji)
    )
    assert status == 400 and body["code"] == 50035
    errors = body["errors"]["components"]["0"]["components"]["0"]["emoji"][where]["_errors"]
    assert errors[0]["code"] == code
    assert "component_emoji" in [v.rule for v in fake.take_violations()]


async def test_valid_emoji_pass(fake: FakeDiscord, town: Town) -> None:
    for emoji in ({"name": "🐄"}, {"id": "123456789012345678", "name": "steer"}):
        status, _ = await raw(
            fake, "POST", f"/channels/{town.channel.id}/messages", json=button(emoji)
        )
        assert status == 200


async def test_select_option_emoji_is_checked_too(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        view = discord.ui.View()
        view.add_item(
            discord.ui.Select(
                custom_id="s",
                options=[
                    discord.SelectOption(label="Cow", emoji="🐄"),
                    discord.SelectOption(label="Pig", emoji="pig"),
                ],
            )
        )
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send("animals", view=view)
        assert "components.0.components.0.options.1.emoji.name" in str(refused.value)
        assert [v.rule for v in fake.take_violations()] == ["component_emoji"]


@pytest.mark.parametrize(
    ("embed", "rule", "where"),
    [
        ({"fields": [{"name": "", "value": "x"}]}, "embed_field_empty", "embeds.0.fields.0.name"),
        (
            {"fields": [{"name": "n", "value": " "}]},
            "embed_field_empty",
            "embeds.0.fields.0.value",
        ),
        (
            {"fields": [{"name": "n", "value": "v" * 1025}]},
            "embed_limits",
            "embeds.0.fields.0.value",
        ),
        (
            {"fields": [{"name": "n", "value": "v"}] * 26},
            "embed_limits",
            "embeds.0.fields",
        ),
        ({"footer": {"text": "f" * 2049}}, "embed_limits", "embeds.0.footer.text"),
        ({"author": {"name": "a" * 257}}, "embed_limits", "embeds.0.author.name"),
        (
            {"description": "d" * 4000, "title": "t" * 256, "footer": {"text": "f" * 2000}},
            "embed_size",
            "embeds",
        ),
    ],
)
async def test_embed_rules(
    fake: FakeDiscord, town: Town, embed: dict[str, Any], rule: str, where: str
) -> None:
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send(embed=discord.Embed.from_dict(embed))
        assert refused.value.code == 50035
        assert f"In {where}" in str(refused.value)
        assert rule in [v.rule for v in fake.take_violations()]


async def test_allowed_mentions_parse_and_ids_exclude_each_other(
    fake: FakeDiscord, town: Town
) -> None:
    status, body = await raw(
        fake,
        "POST",
        f"/channels/{town.channel.id}/messages",
        json={
            "content": town.alice.mention,
            "allowed_mentions": {"parse": ["users"], "users": [str(town.alice.id)]},
        },
    )
    assert status == 400 and "parse" in body["errors"]["allowed_mentions"]
    assert [v.rule for v in fake.take_violations()] == ["allowed_mentions"]
