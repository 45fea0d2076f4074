"""Injected faults: server errors and 429s that discord.py must retry, slow replies, and a
gateway that drops or invalidates its sessions."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import discord

from fakediscord import FakeDiscord

from .conftest import Town, build_town
from .test_rules import raw
from .testbot import running_bot


async def wait_until(predicate: Callable[[], Any], timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.01)


def statuses(fake: FakeDiscord, method: str, route: str) -> list[int]:
    return [r.status for r in fake.requests if (r.method, r.route) == (method, route)]


async def test_a_server_error_once_is_retried(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        fault = fake.faults.add(
            method="POST", path_regex=r"^/channels/\d+/messages$", status=500, times=1
        )
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send("after a hiccup")
        assert fault.hits == 1 and fault.exhausted
        assert fake.get_message(sent.id) is not None
        assert statuses(fake, "POST", "/channels/{channel_id}/messages") == [500, 200]


async def test_429s_per_route_and_global_are_waited_out(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake):
        route_fault = fake.faults.add(
            method="POST", path_regex=r"^/webhooks/", status=429, retry_after=0.2, times=1
        )
        started = time.perf_counter()
        rec = await fake.slash(town.alice, town.channel, "render")  # defer, then followups
        assert route_fault.hits == 1 and len(rec.followups) == 2
        assert time.perf_counter() - started >= 0.2
        global_fault = fake.faults.add(
            path_regex=r"^/channels/", status=429, is_global=True, retry_after=0.1, times=1
        )
        rec = await fake.slash(town.alice, town.channel, "announce")
        assert global_fault.hits == 1
        assert [m.content for m in fake.messages(town.channel)][-1] == "Hear ye, hear ye"
        assert rec.error is None


async def test_fault_replies_look_like_discords(fake: FakeDiscord, town: Town) -> None:
    fake.faults.add(path_regex="^/gateway/bot$", status=429, retry_after=1.5, times=1)
    fake.faults.add(path_regex="^/gateway/bot$", status=502, times=1)
    status, body = await raw(fake, "GET", "/gateway/bot")
    assert status == 429 and body == {
        "message": "You are being rate limited.",
        "retry_after": 1.5,
        "global": False,
    }
    status, body = await raw(fake, "GET", "/gateway/bot")
    assert status == 502 and body["code"] == 0
    status, body = await raw(fake, "GET", "/gateway/bot")
    assert status == 200 and body["shards"] == 1


async def test_slow_replies(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake):
        fake.faults.add(path_regex=r"^/webhooks/", delay=0.15, times=None)
        rec = await fake.slash(town.alice, town.channel, "render")
        assert len(rec.followups) == 2
        slow = [r.duration for r in fake.requests if r.route.startswith("/webhooks/")]
        assert len(slow) == 4 and min(slow) >= 0.15


async def test_dropped_gateway_resumes_without_losing_events(fake: FakeDiscord, town: Town) -> None:
    async with running_bot(fake) as bot:
        assert fake.drop_gateway(resume=True) == 1
        late = fake.create_text_channel(town.guild, "while-dropped")
        await wait_until(lambda: bot.get_channel(late.id) is not None)
        assert fake.gateway.identify_count == 1
        rec = await fake.slash(town.alice, late, "farm new")
        assert rec.response is not None


async def test_dropped_gateway_without_resume_identifies_again(
    make_fake: Callable[..., Any],
) -> None:
    fake = await make_fake()
    town = build_town(fake)
    async with running_bot(fake):
        fake.drop_gateway(resume=False)
        await wait_until(lambda: fake.gateway.identify_count == 2 and fake.gateway.connected())
        await fake.settle()
        fake.invalidate_gateway_sessions(resumable=True)
        await asyncio.sleep(0.2)
        await wait_until(lambda: fake.gateway.connected())
        assert fake.gateway.identify_count == 2  # a resumable INVALID_SESSION resumes
        rec = await fake.slash(town.bob, town.channel, "farm new")
        assert rec.response is not None


POST_MESSAGE = r"^/channels/\d+/messages$"


async def test_an_answer_lost_after_the_work_leaves_the_message_posted(
    fake: FakeDiscord, town: Town
) -> None:
    """A 5xx after the work: the message is there; a retry with the same nonce and
    ``enforce_nonce`` (as discord.py sends) gets that message back instead of a second."""
    fault = fake.faults.add(method="POST", path_regex=POST_MESSAGE, status=502, after=True)
    body = {"content": "once", "nonce": "rh1.2", "enforce_nonce": True}
    path = f"/channels/{town.channel.id}/messages"
    status, _ = await raw(fake, "POST", path, json=body)
    assert status == 502 and fault.hits == 1
    assert [m.content for m in fake.messages(town.channel)] == ["once"], "posted all the same"
    status, again = await raw(fake, "POST", path, json=body)
    assert status == 200 and again["nonce"] == "rh1.2"
    assert [m.content for m in fake.messages(town.channel)] == ["once"], "not posted twice"
    assert int(again["id"]) == fake.messages(town.channel)[0].id
    # without enforce_nonce, or with another nonce, a message is new
    status, _ = await raw(fake, "POST", path, json={"content": "once", "nonce": "rh1.2"})
    status, _ = await raw(fake, "POST", path, json={**body, "nonce": "rh1.3"})
    assert len(fake.messages(town.channel)) == 3
    fake.clock_offset += 121  # Discord remembers a nonce for a few minutes only
    status, _ = await raw(fake, "POST", path, json=body)
    assert len(fake.messages(town.channel)) == 4


async def test_a_connection_dropped_after_the_work_is_a_disconnect_for_discord_py(
    fake: FakeDiscord, town: Town
) -> None:
    async with running_bot(fake) as bot:
        channel = bot.get_channel(town.channel.id)
        assert isinstance(channel, discord.TextChannel)
        fake.faults.add(method="POST", path_regex=POST_MESSAGE, reset=True, after=True)
        try:
            await channel.send("cut off")
        except aiohttp.ServerDisconnectedError:
            pass
        else:
            raise AssertionError("the answer should have been lost")
        assert [m.content for m in fake.messages(town.channel)] == ["cut off"]
        fake.faults.add(method="POST", path_regex=POST_MESSAGE, reset=True)
        with contextlib.suppress(aiohttp.ServerDisconnectedError):
            await channel.send("never arrives")
        assert [m.content for m in fake.messages(town.channel)] == ["cut off"]


async def test_a_callback_retried_after_a_lost_answer_is_already_acknowledged(
    fake: FakeDiscord, town: Town
) -> None:
    """discord.py sends a callback again after a 5xx; Discord had taken the first: 40060."""
    async with running_bot(fake):
        fault = fake.faults.add(method="POST", path_regex=r"/callback$", status=502, after=True)
        rec = await fake.slash(town.alice, town.channel, "secret")
        assert fault.hits == 1 and rec.callback_type is not None
        refused = fake.take_violations("double_acknowledgement")
        assert refused, "the retry met 40060"


async def test_a_locked_thread_refuses_edits_by_those_who_may_not_manage_threads(
    fake: FakeDiscord, town: Town
) -> None:
    status, sent = await raw(
        fake, "POST", f"/channels/{town.thread.id}/messages", json={"content": "board"}
    )
    assert status == 200
    fake.lock_thread(town.thread)
    path = f"/channels/{town.thread.id}/messages/{sent['id']}"
    fake.set_bot_permissions(town.guild, discord.Permissions(
        view_channel=True, send_messages=True, send_messages_in_threads=True,
        read_message_history=True,
    ).value)  # fmt: skip
    status, body = await raw(fake, "PATCH", path, json={"content": "edited"})
    assert (status, body["code"]) == (403, 160005), body
    assert fake.take_violations("locked_thread")
    fake.set_bot_permissions(town.guild, discord.Permissions(manage_threads=True).value | (
        discord.Permissions(view_channel=True, read_message_history=True).value
    ))  # fmt: skip
    status, _ = await raw(fake, "PATCH", path, json={"content": "edited"})
    assert status == 200
