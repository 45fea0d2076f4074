"""Ratings from a scripted set of results equal OpenSkill's own sums, and the leaderboard and
profiles show them."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from bot import records
from bot.matches import Match
from fakediscord import FakeDiscord
from games.base import Outcome
from ranchtest.harness import running
from tests.conftest import World

COMPUTER = 4242


@dataclass
class Scripted(Match):
    """A started match given a result (how it ended is the test's script)."""

    scripted: Outcome | None = None

    def outcome(self) -> Outcome | None:
        return self.scripted


async def finish(
    bot: Any,
    where: tuple[int, int],
    players: list[Any],
    outcome: Outcome,
    *,
    left: int | None = None,
) -> Match:
    service = bot.service
    guild, channel = where
    host, *others = players
    await service.create(
        "farm", guild_id=guild, channel_id=channel, user_id=host.id, name=host.name
    )
    for user in others:
        if user == COMPUTER:
            await service.join(channel, "farm", user_id=COMPUTER, name="Dusty", computer="easy")
        else:
            await service.join(channel, "farm", user_id=user.id, name=user.name)
    match = await service.start(channel, "farm", user_id=host.id)
    await bot.store.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (match.id,))
    seats = list(match.seats)
    if left is not None:
        seats[left] = replace(seats[left], left_at=1.0)
    values = {f.name: getattr(match, f.name) for f in fields(Match)}
    values.update(status="finished", seats=seats)
    return Scripted(**values, scripted=outcome)


async def test_scripted_results_rate_as_openskill_does(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    alice, bob, carol = world.alice, world.bob, world.carol
    model = PlackettLuce()
    expected = {u.id: model.rating() for u in (alice, bob, carol)}

    def rated(ranks: dict[Any, int]) -> None:
        users = list(ranks)
        new = model.rate([[expected[u.id]] for u in users], ranks=[ranks[u] for u in users])
        for u, team in zip(users, new, strict=True):
            expected[u.id] = team[0]

    async with running(fake, database) as runner:
        bot = runner.bot
        assert bot is not None
        channels = [fake.create_text_channel(world.guild, f"pen-{i}").id for i in range(6)]
        store = bot.store
        # two players, Alice wins
        m1 = await finish(
            bot, (world.guild.id, channels[0]), [alice, bob], Outcome((0,), "herd complete")
        )
        assert await records.settle(store, m1, at=100.0)
        assert not await records.settle(store, m1, at=101.0), "a match is rated once"
        rated({alice: 1, bob: 2})
        # three players, Carol wins, Alice and Bob tie on score
        m2 = await finish(
            bot,
            (world.guild.id, channels[1]),
            [alice, bob, carol],
            Outcome((2,), "herd", scores=(5, 5, 9)),
        )
        assert await records.settle(store, m2, at=200.0)
        rated({alice: 2, bob: 2, carol: 1})
        # Bob forfeits: he ranks last; Alice wins, Carol is second
        m3 = await finish(
            bot, (world.guild.id, channels[2]), [alice, bob, carol], Outcome((0,), "herd"), left=1
        )
        assert await records.settle(store, m3, at=300.0)
        rated({alice: 1, carol: 2, bob: 3})
        # an abandoned match and a match against a computer are not rated
        await bot.service.create(
            "farm", guild_id=world.guild.id, channel_id=channels[3], user_id=alice.id, name="alice"
        )
        await bot.service.join(channels[3], "farm", user_id=bob.id, name="bob")
        await bot.service.start(channels[3], "farm", user_id=alice.id)
        gone = await bot.service.abandon(channels[3], "farm", user_id=alice.id, can_manage=False)
        assert not await records.settle(store, gone, at=400.0)
        m5 = await finish(
            bot, (world.guild.id, channels[4]), [carol, COMPUTER], Outcome((0,), "herd")
        )
        assert await records.settle(store, m5, at=500.0)
        assert not (await store.records.result(m5.id)).rated

        for user, played, won in ((alice, 3, 2), (bob, 3, 0), (carol, 2, 1)):
            (row,) = await store.records.ratings_of(world.guild.id, user.id)
            assert row.mu == expected[user.id].mu and row.sigma == expected[user.id].sigma
            assert (row.played, row.won) == (played, won)
        summary = json.loads((await store.records.result(m3.id)).summary)
        assert [s["place"] for s in summary["seats"]] == [1, 3, 2]

        # the leaderboard lists them by ordinal, with the asker's place
        order = sorted((alice, bob, carol), key=lambda u: -expected[u.id].ordinal())
        rec = await fake.slash(bob, world.channel, "game leaderboard", game="farm")
        text = rec.response.embeds[0]["description"]
        listed = re.findall(r"\*\*(\d)\.\*\* (\w+): (-?\d+\.\d)", text)
        assert [
            (n, u.name, f"{expected[u.id].ordinal():.1f}")
            for n, u in zip("123", order, strict=True)
        ] == listed
        assert f"You are **#{order.index(bob) + 1}**" in text
        # a profile: per game won, lost and rating first, and the recent matches
        rec = await fake.slash(carol, world.channel, "game profile")
        embed = rec.response.embeds[0]
        assert rec.ephemeral
        rating = f"{expected[carol.id].ordinal():.1f}"
        assert embed["description"].startswith(
            f"**Super Farmer**: 1 won, 1 lost · rating **{rating}** · #"
        )
        recent = next(f["value"] for f in embed["fields"] if f["name"] == "Recent matches")
        assert recent.index(f"#{m5.id}") < recent.index(f"#{m3.id}") < recent.index(f"#{m2.id}")
        assert f"#{m3.id} Super Farmer vs alice, bob: place 2 of 3" in recent
