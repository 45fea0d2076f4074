"""``/<game> rules`` answers in Discord itself: the quick start, the options (house rulings
marked), the notation, and the full rules as a link (RULES_URL) or an attached page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import games
from bot.config import ConfigError, Settings, load_settings
from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, open_match, running
from tests.conftest import World

PAGES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def shown(embed: dict[str, Any]) -> str:
    """Every text of an embed a player can read."""
    parts = [embed.get("title", ""), embed.get("description", ""), embed.get("url", "")]
    parts += [f"{f['name']} {f['value']}" for f in embed.get("fields", [])]
    parts.append(embed.get("footer", {}).get("text", ""))
    return "\n".join(parts)


@pytest.mark.parametrize("key", games.BUILTIN)
async def test_rules_show_the_quick_start_options_and_notation(
    fake: FakeDiscord, world: World, database: Path, key: str
) -> None:
    rules = games.get(key)
    async with running(fake, database):
        rec = await fake.slash(world.carol, world.channel, f"{key} rules")
        assert rec.ephemeral and rec.response.ephemeral_for == world.carol.id
        (embed,) = rec.response.embeds
        text = shown(embed)
        assert embed["description"] == rules.quick_start
        for spec in rules.options_type.specs():
            line = next(f for f in text.splitlines() if f"`{spec.name}`" in f)
            assert ("(house ruling)" in line) == spec.design, line
        assert f"Options (set them with /{key} new)" in text, "no match here: the defaults"
        assert all(f"`{n}`" in text for n in rules.notation)
        assert "docs/" not in text and ".md" not in text, "no repository paths"
        (page,) = rec.response.attachments
        assert page.filename == f"{key}-rules.md"
        assert page.data == (PAGES / f"{key}.md").read_bytes()
        assert "the attached file" in embed["footer"]["text"]


async def test_rules_show_this_matchs_options(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database):
        await open_match(
            fake, "farm", world.channel, world.alice, world.bob, start_with_rabbit=True
        )
        rec = await fake.slash(world.carol, world.channel, "farm rules")
        text = shown(rec.response.embeds[0])
        assert "Options in this match" in text
        # a switch's help says what "on" does; its value and default follow it
        assert (
            "`start_with_rabbit`: every pen starts with one rabbit from the stock "
            "(later board editions) — on (default off) (house ruling)"
        ) in text
        assert "`strict_trades`: " in text and "— off\n" in text + "\n", "a default: no more"
        fake.set_user_locale(world.carol, "pl")
        rec = await fake.slash(world.carol, world.channel, "farm rules")
        text = shown(rec.response.embeds[0])
        assert (
            "`start_with_rabbit`: każda zagroda zaczyna z jednym królikiem ze stada głównego "
            "(późniejsze wydania gry) — wł. (domyślnie wył.) (zasada domowa)"
        ) in text, text


class LinkedRunner(BotRunner):
    def settings(self) -> Settings:
        return Settings(
            token=self.fake.bot_token,
            database_path=self.database,
            sync_commands="auto",
            rules_url="https://example.org/rules/{game}",
        )


async def test_a_configured_rules_url_is_linked_instead(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    runner = LinkedRunner(fake, database)
    await runner.start()
    try:
        rec = await fake.slash(world.carol, world.channel, "cattle rules")
        (embed,) = rec.response.embeds
        assert embed["url"] == "https://example.org/rules/cattle"
        assert "(https://example.org/rules/cattle)" in shown(embed)
        assert not rec.response.attachments, "a link, not a file"
    finally:
        await runner.stop()


def test_rules_url_setting_is_checked() -> None:
    env = {"DISCORD_TOKEN": "x", "RULES_URL": "https://example.org/rules/{game}.html"}
    assert load_settings(env, env_file=None).rules_url == "https://example.org/rules/{game}.html"
    assert load_settings({"DISCORD_TOKEN": "x"}, env_file=None).rules_url is None
    for bad in ("https://example.org/rules", "ftp://example.org/{game}"):
        with pytest.raises(ConfigError, match="RULES_URL"):
            load_settings({"DISCORD_TOKEN": "x", "RULES_URL": bad}, env_file=None)
