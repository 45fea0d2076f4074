"""Languages in the emulator: each user's Discord locale and each server's preferred locale
reach the bot as Discord sends them, and command translations are checked as Discord does."""

from __future__ import annotations

from typing import Any

import pytest

from fakediscord import FakeDiscord
from fakediscord.models import DISCORD_LOCALES, FakeDiscordError

from .conftest import build_town
from .test_rules import raw, rules_of
from .testbot import running_bot


async def test_interactions_carry_the_users_and_the_servers_locale(fake: FakeDiscord) -> None:
    town = build_town(fake)
    fake.set_user_locale(town.bob, "pl")
    async with running_bot(fake) as bot:
        seen: list[tuple[str, str | None]] = []

        @bot.listen("on_interaction")
        async def note(interaction: Any) -> None:
            seen.append(
                (
                    str(interaction.locale),
                    interaction.guild_locale and str(interaction.guild_locale),
                )
            )

        await fake.slash(town.alice, town.channel, "ping", text="hi", how="reply")
        await fake.slash(town.bob, town.channel, "ping", text="hi", how="reply")
        fake.set_guild_locale(town.guild, "de")
        await fake.settle()
        assert bot.get_guild(town.guild.id).preferred_locale.value == "de", "GUILD_UPDATE"
        await fake.slash(town.bob, town.channel, "ping", text="hi", how="reply")
        await fake.settle()
    assert seen == [("en-US", "en-US"), ("pl", "en-US"), ("pl", "de")]


def test_only_discords_locales_or_the_pseudo_locale_are_taken(fake: FakeDiscord) -> None:
    town = build_town(fake)
    assert "pl" in DISCORD_LOCALES and "en-US" in DISCORD_LOCALES and len(DISCORD_LOCALES) == 34
    fake.set_user_locale(town.alice, "qps")
    assert town.alice.locale == "qps"
    for wrong in ("pl-PL", "en", "xx", ""):
        with pytest.raises(FakeDiscordError):
            fake.set_user_locale(town.alice, wrong)
        with pytest.raises(FakeDiscordError):
            fake.set_guild_locale(town.guild, wrong)
    assert town.alice.locale == "qps" and town.guild.locale == "en-US", "nothing changed"


async def test_command_translations_are_keyed_by_discords_locales(fake: FakeDiscord) -> None:
    path = f"/applications/{fake.application_id}/commands"
    good = {
        "name": "farm",
        "description": "Play",
        "description_localizations": {"pl": "Graj"},
        "options": [
            {
                "type": 3,
                "name": "level",
                "description": "How well",
                "description_localizations": {"pl": "Jak dobrze"},
                "choices": [
                    {"name": "easy", "value": "easy", "name_localizations": {"pl": "łatwy gracz"}}
                ],
            }
        ],
    }
    status, body = await raw(fake, "PUT", path, json=[good])
    assert status == 200, body
    stored = fake.commands()[0]
    assert stored["description_localizations"] == {"pl": "Graj"}
    bad_key = {**good, "description_localizations": {"polish": "Graj"}}
    status, body = await raw(fake, "PUT", path, json=[bad_key])
    assert (status, body["code"]) == (400, 50035)
    bad_name = {**good, "options": [{**good["options"][0], "name_localizations": {"pl": "Poziom"}}]}
    status, body = await raw(fake, "PUT", path, json=[bad_name])
    assert (status, body["code"]) == (400, 50035), "a translated option name obeys the name rule"
    assert rules_of(fake) == ["command_locale", "command_name"]
    assert fake.commands()[0]["description_localizations"] == {"pl": "Graj"}, "nothing changed"


async def test_a_commands_size_counts_its_longest_translation(fake: FakeDiscord) -> None:
    path = f"/applications/{fake.application_id}/commands"
    options = [
        {
            "type": 3,
            "name": f"o{i}",
            "description": "d",
            "description_localizations": {"pl": "x" * 100},
            "choices": [
                {"name": f"c{k}", "value": f"{k}", "name_localizations": {"pl": "y" * 100}}
                for k in range(2)
            ],
        }
        for i in range(25)
    ]
    english = {
        "name": "big",
        "description": "d",
        "options": [
            {k: v for k, v in o.items() if k != "description_localizations"}
            | {"choices": [{"name": c["name"], "value": c["value"]} for c in o["choices"]]}
            for o in options
        ],
    }
    status, body = await raw(fake, "PUT", path, json=[english])
    assert status == 200, "the same command without its translations fits"
    command = {"name": "big", "description": "d", "options": options}
    status, body = await raw(fake, "PUT", path, json=[command])
    assert (status, body["code"]) == (400, 50035)
    assert rules_of(fake) == ["command_size"]
