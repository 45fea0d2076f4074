"""``/help``, ``/game privacy`` and ``/game forget-me``: a person learns what is kept about
them and can have it removed; finished matches stay readable with a stand-in name."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import games
from bot import records
from fakediscord import FakeDiscord
from games.base import Outcome
from ranchtest.harness import running
from tests.conftest import World
from tests.e2e.test_fuzz import forged_click
from tests.e2e.test_ratings import finish


async def test_help_lists_every_game_and_how_to_start(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database):
        rec = await fake.slash(world.carol, world.channel, "help")
        assert rec.ephemeral
        embed = rec.response.embeds[0]
        text = json.dumps(embed)
        for key in games.BUILTIN:
            assert games.get(key).title in text and f"/{key}" in text
        assert "`/farm new`" in text and "/game privacy" in text
        assert fake.violations == []


async def test_privacy_then_forget_me_after_a_confirmation(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    alice, bob = world.alice, world.bob
    async with running(fake, database) as runner:
        bot = runner.bot
        assert bot is not None
        store = bot.store
        done = await finish(
            bot, (world.guild.id, world.other_channel.id), [alice, bob], Outcome((0,), "herd")
        )
        assert await records.settle(store, done, at=100.0)
        await fake.slash(alice, world.channel, "game notify", dm=True)

        rec = await fake.slash(alice, world.channel, "game privacy")
        assert rec.ephemeral
        text = rec.response.content
        assert "Discord id" in text and "1 match" in text and "1 rating" in text
        assert "Settings: stored" in text

        # asked first: Cancel changes nothing
        rec = await fake.slash(alice, world.channel, "game forget-me")
        assert rec.ephemeral and "cannot be undone" in rec.response.content
        question = rec.response
        rec = await fake.click(alice, question, label="Cancel")
        assert "Nothing was changed" in rec.response.content
        assert await store.fetchone("SELECT * FROM ratings WHERE user_id = ?", (alice.id,))

        # someone else's answer (a forged button) is refused and changes nothing
        rec = await forged_click(fake, bob, world.channel, question, f"rh:f:{alice.id}:confirm")
        assert rec.ephemeral and "Only the person who asked" in rec.response.content
        assert await store.fetchone("SELECT * FROM ratings WHERE user_id = ?", (alice.id,))

        rec = await fake.slash(alice, world.channel, "game forget-me")
        rec = await fake.click(alice, rec.response, label="Forget me")
        assert "replaced in 1 finished match" in rec.response.content
        assert await store.fetchone("SELECT * FROM ratings WHERE user_id = ?", (alice.id,)) is None
        assert (
            await store.fetchone("SELECT * FROM user_settings WHERE user_id = ?", (alice.id,))
            is None
        )
        assert await store.fetchone("SELECT * FROM seats WHERE user_id = ?", (alice.id,)) is None
        # the finished match still reads, with a stand-in for her name
        match = await bot.service.get(done.id)
        assert [s.name for s in match.seats] == ["Player 1", bob.name]
        assert match.rules.players(match.state)[0] == "Player 1"
        summary = json.loads((await store.records.result(done.id)).summary)
        assert [s["name"] for s in summary["seats"]] == ["Player 1", bob.name]
        rec = await fake.slash(bob, world.channel, "game profile")
        assert "Player 1" in json.dumps(rec.response.embeds) and alice.name not in json.dumps(
            rec.response.embeds
        )
        rec = await fake.slash(alice, world.channel, "game privacy")
        assert "0 matches" in rec.response.content and "0 ratings" in rec.response.content
        assert fake.violations == []


async def test_a_server_can_be_forgotten_from_the_command_line(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    from bot.forget_server import main as forget_server

    other = fake.create_guild("Elsewhere")
    pen = fake.create_text_channel(other, "pen")
    for user in (world.alice, world.bob):
        fake.add_member(other, user)
    async with running(fake, database) as runner:
        bot = runner.bot
        assert bot is not None
        for guild, channel in ((world.guild, world.channel), (other, pen)):
            done = await finish(
                bot, (guild.id, channel.id), [world.alice, world.bob], Outcome((1,), "herd")
            )
            assert await records.settle(bot.store, done, at=50.0)
    db = f"sqlite:///{database}"
    # a command line tool: its own event loop, in a thread here
    asked = await asyncio.to_thread(forget_server, [str(world.guild.id), "--database", db])
    assert asked == 1, "without a terminal it asks for --yes and deletes nothing"
    assert (
        await asyncio.to_thread(forget_server, [str(world.guild.id), "--database", db, "--yes"])
        == 0
    )
    async with running(fake, database) as runner:
        store = runner.bot.store
        for table in ("matches", "results", "ratings"):
            rows = await store.fetchall(f"SELECT guild_id FROM {table}")
            assert {r["guild_id"] for r in rows} == {other.id}, table
        assert (
            await store.fetchall(
                "SELECT * FROM seats WHERE match_id NOT IN (SELECT id FROM matches)"
            )
            == []
        )
