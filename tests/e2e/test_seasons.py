"""Seasons: an admin starts and ends them; a season's ratings start everyone fresh while the
all-time ones keep counting; fewer than five rated matches in a season is provisional."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from bot import records
from fakediscord import FakeDiscord
from games.base import Outcome
from ranchtest.harness import running
from tests.conftest import World
from tests.e2e.test_ratings import finish


class Pens:
    """A fresh channel for each scripted match (one live match per channel)."""

    def __init__(self, fake: FakeDiscord, world: World) -> None:
        self.fake, self.world, self.n = fake, world, 0

    def next(self) -> tuple[int, int]:
        self.n += 1
        return self.world.guild.id, self.fake.create_text_channel(self.world.guild, f"p{self.n}").id


async def beat(bot: Any, pens: Pens, winner: Any, loser: Any, at: float) -> None:
    match = await finish(bot, pens.next(), [winner, loser], Outcome((0,), "herd"))
    assert await records.settle(bot.store, match, at=at)


def replayed(wins: list[tuple[Any, Any]]) -> dict[int, tuple[float, float]]:
    """(mu, sigma) per player after ``wins`` (winner, loser), everyone starting fresh."""
    model = PlackettLuce()
    now: dict[int, Any] = {}
    for winner, loser in wins:
        pair = [[now.get(u.id, model.rating())] for u in (winner, loser)]
        (w,), (lo,) = model.rate(pair, ranks=[1, 2])
        now[winner.id], now[loser.id] = w, lo
    return {u: (r.mu, r.sigma) for u, r in now.items()}


def board(rec: Any) -> str:
    return str(rec.response.embeds[0]["description"])


async def test_a_season_starts_everyone_fresh_and_all_time_keeps_counting(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    alice, bob, carol = world.alice, world.bob, world.carol
    boss = fake.create_user("boss")
    fake.add_member(world.guild, boss, manage_guild=True)
    pens = Pens(fake, world)
    async with running(fake, database) as runner:
        bot = runner.bot
        assert bot is not None
        store = bot.store
        await beat(bot, pens, alice, bob, 10.0)  # before any season: all-time only

        # only Manage Server starts a season; a refusal changes nothing
        for who in (bob, world.mod):
            rec = await fake.slash(who, world.channel, "game season", action="start")
            assert rec.ephemeral and "Manage Server" in rec.response.content
        assert await store.seasons.current_season(world.guild.id) is None
        rec = await fake.slash(bob, world.channel, "game season")
        assert rec.ephemeral and "No season is running" in rec.response.embeds[0]["description"]

        rec = await fake.slash(boss, world.channel, "game season", action="start", name="Spring")
        assert not rec.ephemeral and "**Spring** begins" in rec.response.content
        rec = await fake.slash(boss, world.channel, "game season", action="start")
        assert rec.ephemeral and "**Spring** is running already" in rec.response.content

        # bob wins five in a row this season; carol beats alice once
        for n in range(5):
            await beat(bot, pens, bob, alice, 20.0 + n)
        await beat(bot, pens, carol, alice, 30.0)

        # the season's ratings are those of its matches alone, from the model's default
        expected = replayed([(bob, alice)] * 5 + [(carol, alice)])
        season = await store.seasons.current_season(world.guild.id)
        for user in (alice, bob, carol):
            (row,) = await store.records.ratings_of(world.guild.id, user.id, season_id=season.id)
            assert (row.mu, row.sigma) == expected[user.id]
        all_time = replayed([(alice, bob)] + [(bob, alice)] * 5 + [(carol, alice)])
        (row,) = await store.records.ratings_of(world.guild.id, bob.id)
        assert (row.mu, row.sigma) == all_time[bob.id] != expected[bob.id]
        (everyone,) = await store.records.ratings_of(world.guild.id, alice.id)
        assert everyone.game == "farm"
        assert everyone.played == 7, "all-time counts the match before the season too"

        # the leaderboard shows the season by default, marking the provisional
        text = board(await fake.slash(alice, world.channel, "game leaderboard", game="farm"))
        lines = {line.split(": ", 1)[0]: line for line in text.splitlines() if ": " in line}
        assert "5 played" in lines["**1.** bob"] and "provisional" not in lines["**1.** bob"]
        carol_line = next(v for k, v in lines.items() if "carol" in k)
        assert "1 played · provisional" in carol_line
        assert "6 played · provisional" not in text  # alice has six: not provisional
        rec = await fake.slash(alice, world.channel, "game leaderboard", game="farm")
        assert rec.response.embeds[0]["title"].endswith("· Spring")
        all_time = board(
            await fake.slash(
                alice, world.channel, "game leaderboard", game="farm", season="all-time"
            )
        )
        assert "provisional" not in all_time and "7 played" in all_time

        # the profile shows both
        rec = await fake.slash(carol, world.channel, "game profile")
        embed = rec.response.embeds[0]
        assert "provisional" not in embed["description"]
        spring = next(f["value"] for f in embed["fields"] if f["name"] == "Season: Spring")
        assert "1 won, 0 lost" in spring and "provisional" in spring

        # ending it: boards go back to all time; a new season starts everyone fresh
        rec = await fake.slash(boss, world.channel, "game season", action="end")
        assert "**Spring** is over after 6 rated matches" in rec.response.content
        rec = await fake.slash(alice, world.channel, "game leaderboard", game="farm")
        assert rec.response.embeds[0]["title"].endswith("· all time")
        rec = await fake.slash(
            alice, world.channel, "game leaderboard", game="farm", season="current"
        )
        assert rec.ephemeral and "No season is running" in rec.response.content
        rec = await fake.slash(boss, world.channel, "game season", action="start")
        assert "**Season 2** begins" in rec.response.content
        rec = await fake.slash(bob, world.channel, "game leaderboard", game="farm")
        assert "Nobody is rated yet" in board(rec)
        rec = await fake.slash(bob, world.channel, "game profile")
        summer = next(
            f["value"] for f in rec.response.embeds[0]["fields"] if "Season 2" in f["name"]
        )
        assert summer == "No rated matches this season yet."
        assert "5 won, 1 lost" in rec.response.embeds[0]["description"]
