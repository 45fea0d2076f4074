"""Sharding: each guild's events reach only the shard that owns it (DMs go to shard 0),
whether one AutoShardedClient runs every shard or separate clients run one each."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

from fakediscord import FakeDiscord, Guild
from fakediscord.gateway import Session

from .conftest import GENEROUS
from .testbot import SampleBot, running_bot


def shard_of(guild: Guild, count: int = 2) -> int:
    return (guild.id >> 22) % count


async def guilds_on_both_shards(fake: FakeDiscord) -> dict[int, Guild]:
    """Create guilds until each of two shards owns one (ids carry their creation time)."""
    found: dict[int, Guild] = {}
    while len(found) < 2:
        guild = fake.create_guild(f"ranch-{len(fake.world.guilds)}")
        found.setdefault(shard_of(guild), guild)
        await asyncio.sleep(0.002)
    for guild in found.values():
        fake.create_text_channel(guild, "general")
    return found


def events(session: Session, name: str) -> list[dict[str, Any]]:
    return [f["d"] for f in session.buffer if f["t"] == name]


def live_sessions(fake: FakeDiscord) -> dict[int, Session]:
    return {s.shard[0]: s for s in fake.gateway.sessions.values() if not s.ended}


async def test_gateway_bot_recommends_shards_and_auto_sharding_follows(
    make_fake: Callable[..., Any],
) -> None:
    fake = await make_fake(recommended_shards=2)
    guilds = await guilds_on_both_shards(fake)
    alice = fake.create_user("alice")
    for guild in guilds.values():
        fake.add_member(guild, alice)
    async with running_bot(fake) as bot:
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        sessions = live_sessions(fake)
        assert sorted(sessions) == [0, 1] and all(s.shard[1] == 2 for s in sessions.values())
        for shard, session in sessions.items():
            ready = events(session, "READY")[0]
            mine = {int(g["id"]) for g in ready["guilds"]}
            assert mine == {g.id for g in fake.world.guilds.values() if shard_of(g) == shard}
            assert {int(g["id"]) for g in events(session, "GUILD_CREATE")} == mine
        for shard, guild in guilds.items():
            channel = fake.world.channel(guild.channel_ids[0])
            rec = await fake.slash(alice, channel, "farm new")
            assert rec.response is not None
            got = {
                s: [int(d["id"]) for d in events(sess, "INTERACTION_CREATE")]
                for s, sess in sessions.items()
            }
            assert rec.id in got[shard] and rec.id not in got[1 - shard]
            assert bot.interactions[-1].guild is not None
            assert bot.interactions[-1].guild.shard_id == shard
        # a DM reaches shard 0 only
        dm = fake.dm_channel(alice)
        await fake.say(alice, dm, "hello bot")
        got = {
            shard: [d for d in events(s, "MESSAGE_CREATE") if d["channel_id"] == str(dm.id)]
            for shard, s in sessions.items()
        }
        assert len(got[0]) == 1 and got[1] == []


@contextlib.asynccontextmanager
async def shard_bot(fake: FakeDiscord, shard: int) -> AsyncIterator[SampleBot]:
    async with running_bot(fake, shard_ids=[shard], shard_count=2) as bot:
        yield bot


async def test_two_processes_one_shard_each(make_fake: Callable[..., Any]) -> None:
    fake = await make_fake()
    guilds = await guilds_on_both_shards(fake)
    alice = fake.create_user("alice")
    for guild in guilds.values():
        fake.add_member(guild, alice)
    async with shard_bot(fake, 0) as first, shard_bot(fake, 1) as second:
        bots = {0: first, 1: second}
        for shard, bot in bots.items():
            owned = {g.id for g in fake.world.guilds.values() if shard_of(g) == shard}
            assert {g.id for g in bot.guilds} == owned
        for shard, guild in guilds.items():
            channel = fake.world.channel(guild.channel_ids[0])
            rec = await fake.slash(alice, channel, "farm new")
            assert rec.response is not None
            assert [i.id for i in bots[shard].interactions] == [rec.id]
            assert rec.id not in [i.id for i in bots[1 - shard].interactions]
            bots[shard].interactions.clear()
        assert fake.gateway.identify_count == 2


async def test_identify_with_an_impossible_shard_is_refused(
    make_fake: Callable[..., Any],
) -> None:
    import aiohttp

    fake: FakeDiscord = await make_fake(rate_limits=GENEROUS)
    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
        await ws.receive_json()
        await ws.send_json(
            {"op": 2, "d": {"token": fake.bot_token, "intents": 513, "shard": [2, 2]}}
        )
        closing = await ws.receive()
        assert closing.data == 4010
