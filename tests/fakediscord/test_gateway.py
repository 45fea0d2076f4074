"""Gateway sessions: resume after a reconnect, fresh sessions after invalidation, latency."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import aiohttp

from fakediscord import FakeDiscord

from .conftest import Town, build_town
from .testbot import running_bot


async def wait_until(predicate: Callable[[], bool], timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.01)


async def test_resume_replays_missed_events(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        resumed = asyncio.Event()

        async def on_shard_resumed(shard_id: int) -> None:
            resumed.set()

        bot.add_listener(on_shard_resumed)
        assert fake.reconnect_gateway() == 1
        late = fake.create_text_channel(town.guild, "while-away")
        await asyncio.wait_for(resumed.wait(), 5)
        await wait_until(lambda: bot.get_channel(late.id) is not None)
        assert fake.gateway.identify_count == 1  # resumed, not re-identified
        rec = await fake.slash(town.alice, late, "farm new")
        assert rec.response is not None and rec.response.channel_id == late.id


async def test_invalidated_session_identifies_again(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake):
        fake.invalidate_gateway_sessions()
        await wait_until(lambda: fake.gateway.identify_count == 2 and fake.gateway.connected())
        await fake.settle()
        rec = await fake.slash(town.bob, town.thread, "farm new")
        assert rec.response is not None


async def test_injected_latency(make_fake: Callable[..., Any]) -> None:
    fake = await make_fake(latency=0.03)
    town = build_town(fake)
    async with running_bot(fake):
        rec = await fake.slash(town.alice, town.channel, "farm new")
        assert rec.ack_latency is not None and rec.ack_latency >= 0.06  # dispatch + request
        assert min(r.duration for r in fake.requests) >= 0.03


async def test_identify_with_a_bad_token_is_closed_4004(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await ws.send_str(json.dumps({"op": 1, "d": None}))
        assert (await ws.receive_json())["op"] == 11
        await ws.send_str(json.dumps({"op": 2, "d": {"token": "wrong", "intents": 513}}))
        closing = await ws.receive()
        assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 4004


async def test_heartbeats_measure_real_latency_not_the_interval(
    fake: FakeDiscord, town: Town, monkeypatch: Any, caplog: Any
) -> None:
    """discord.py notes a heartbeat as sent only once its send completed (in its keep-alive
    thread): an ACK quicker than that was read as "41.3s behind" on every beat."""
    from fakediscord import gateway

    monkeypatch.setattr(gateway, "HEARTBEAT_INTERVAL_MS", 1000)
    caplog.set_level("WARNING", logger="discord.gateway")
    seen = []
    async with running_bot(fake) as bot:
        for _ in range(8):
            await asyncio.sleep(0.45)
            seen.append(bot.latency)
    measured = [s for s in seen if s != float("inf")]
    # each heartbeat measured from its own send: about the emulator's modelled network delay,
    # never the interval since the previous beat, never an ACK before its send
    assert measured and all(0.01 <= s < 0.5 for s in measured), seen
    assert not [r for r in caplog.records if "behind" in r.getMessage()]
