"""The fake's own replies against the spec's response schemas: it must not drift from Discord."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from fakediscord import FakeDiscord

from .conftest import build_town
from .testbot import running_bot


async def get(fake: FakeDiscord, method: str, path: str, **kwargs: Any) -> Any:
    headers = {"Authorization": f"Bot {fake.bot_token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, fake.api_base + path, headers=headers, **kwargs) as resp,
    ):
        assert resp.status < 300, await resp.text()
        return await resp.json() if resp.status != 204 else None


async def test_replies_match_the_spec(make_fake: Callable[..., Any]) -> None:
    fake = await make_fake(check_responses=True)
    if fake.validator is None:
        pytest.skip("Discord's OpenAPI spec is not available here")
    town = build_town(fake)
    async with running_bot(fake):
        board = (await fake.slash(town.alice, town.channel, "farm new")).response
        await fake.click(town.bob, board, label="Roll")
        await fake.slash(town.alice, town.thread, "render")
        await fake.slash(town.alice, town.channel, "announce")
        await fake.slash(town.alice, town.channel, "dm")
        await fake.slash(town.alice, town.channel, "farm name")
    app = fake.application_id
    for path in [
        "/users/@me",
        "/oauth2/applications/@me",
        "/applications/@me",
        "/gateway",
        "/gateway/bot",
        f"/applications/{app}/commands",
        f"/channels/{town.channel.id}",
        f"/channels/{town.thread.id}",
        f"/channels/{town.channel.id}/messages?limit=5",
        f"/channels/{town.channel.id}/messages/{board.id}",
        f"/guilds/{town.guild.id}?with_counts=true",
        f"/guilds/{town.guild.id}/members/{town.alice.id}",
        f"/users/{town.bob.id}",
    ]:
        await get(fake, "GET", path)
    await get(
        fake, "POST", f"/channels/{town.channel.id}/threads", json={"name": "side", "type": 11}
    )
    await get(
        fake,
        "POST",
        f"/channels/{town.channel.id}/messages/{board.id}/threads",
        json={"name": "about the board"},
    )
    await get(fake, "POST", "/users/@me/channels", json={"recipient_id": str(town.bob.id)})
    fake.set_overwrite(town.channel, town.guild.default_role, deny=1 << 13)
    await get(fake, "PATCH", f"/channels/{town.channel.id}", json={"topic": "ranch talk"})
    await get(fake, "PATCH", f"/channels/{town.thread.id}", json={"archived": True})
    await get(fake, "PATCH", f"/channels/{town.thread.id}", json={"archived": False})
    await get(fake, "DELETE", f"/channels/{town.thread.id}")
    checked = {(r.method, r.route) for r in fake.requests if r.status < 300}
    assert ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") in checked
    assert ("POST", "/webhooks/{webhook_id}/{webhook_token}") in checked
    assert ("PUT", "/applications/{application_id}/commands") in checked
    assert ("PATCH", "/channels/{channel_id}/messages/{message_id}") in checked
