"""A match whose channel the bot cannot reach (``bot.trouble``): closed when the channel is
gone, its clock paused when the bot may not post there, nothing when it is a casual table."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.matches import Match, MatchService
from bot.store import open_store
from bot.trouble import ChannelTrouble

CHANNEL = 500
ALICE, BOB = 11, 22


class Clock:
    """The turn clock's pauses, as far as a refused channel reaches them."""

    def __init__(self) -> None:
        self.blocked: list[tuple[int, str]] = []

    async def block(self, match: Match, reason: str, *, announce: bool = True) -> bool:
        self.blocked.append((match.id, reason))
        return True


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    store = await open_store(tmp_path / "trouble.sqlite3")
    try:
        yield MatchService(store, seed_source=lambda: 85)
    finally:
        await store.close()


async def started(service: MatchService, channel: int = CHANNEL) -> Match:
    await service.create("farm", guild_id=1, channel_id=channel, user_id=ALICE, name="alice")
    await service.join(channel, "farm", user_id=BOB, name="bob")
    return await service.start(channel, "farm", user_id=ALICE)


def trouble(service: MatchService, clock: Clock, *, in_server: bool = True) -> ChannelTrouble:
    return ChannelTrouble(lambda: service, clock, lambda guild_id: in_server)


async def test_a_channel_that_is_gone_closes_its_match_once(service: MatchService) -> None:
    match = await started(service)
    gone = trouble(service, Clock())
    assert gone.gone(match, 10003, 404), "Unknown Channel"
    assert await gone.close([match]) == 1
    assert not (await service.get(match.id)).live, "the seats are free again"
    assert await service.live_in(CHANNEL) is None
    assert await gone.close([match]) == 0, "closed already"


async def test_missing_access_is_a_permission_while_the_bot_is_still_in_the_server(
    service: MatchService,
) -> None:
    match = await started(service)
    assert not trouble(service, Clock(), in_server=True).gone(match, 50001, 403)
    assert trouble(service, Clock(), in_server=False).gone(match, 50001, 403)
    assert not trouble(service, Clock()).gone(match, 50013, 403), "Missing Permissions"
    assert not trouble(service, Clock()).gone(match, 0, 503), "a server error passes"


async def test_a_channel_the_bot_may_not_post_in_pauses_the_clock_but_ends_nothing(
    service: MatchService,
) -> None:
    match = await started(service)
    clock = Clock()
    await trouble(service, clock).refused(match, "I'm missing **Send Messages** there")
    assert clock.blocked == [(match.id, "I'm missing **Send Messages** there")]
    assert (await service.get(match.id)).live


async def test_a_casual_table_has_no_channel_of_the_bots_to_be_refused(
    service: MatchService,
) -> None:
    match = await started(service)
    casual = dataclasses.replace(match, casual=True)
    clock = Clock()
    await trouble(service, clock).refused(casual, "refused")
    assert clock.blocked == []
