"""Post-game reports across processes, on each backend: two bots sharing one database (two
``Analyses`` on two stores opened on it) asked for the same report work it out once and post
it once; a bot that dies holding a report leaves it to the other once its hold has run out.
The work itself is a stand-in here (tests/e2e/test_analysis_report.py runs the real one)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.analyses import Analyses
from bot.config import Settings
from bot.store import Store, open_store
from tests.bot.test_report_message import finished_match, report
from tests.store.test_store import CHANNEL, new_match


@dataclass
class Posts:
    """The channel as the bots left it: each message's last content or report."""

    shown: dict[int, str] = field(default_factory=dict)
    sent: int = 0

    def channel(self, channel_id: int) -> Any:
        posts = self

        class Message:
            def __init__(self, message_id: int) -> None:
                self.id = message_id

            async def edit(self, **kwargs: Any) -> None:
                posts.shown[self.id] = _look(kwargs)

        class Channel:
            async def send(self, **kwargs: Any) -> Message:
                posts.sent += 1
                message = Message(1000 + posts.sent)
                posts.shown[message.id] = _look(kwargs)
                return message

            def get_partial_message(self, message_id: int) -> Message:
                return Message(message_id)

        return Channel()


def _look(kwargs: dict[str, Any]) -> str:
    embed = kwargs.get("embed")
    return "report" if embed is not None else str(kwargs.get("content"))


class Work:
    """The renderer's ``analyse``, counted: every call is a report worked out."""

    def __init__(self) -> None:
        self.calls = self.now = self.most = 0

    async def analyse(self, data: Any, language: str, *_: Any) -> tuple[dict, bytes, str]:
        self.calls += 1
        self.now += 1
        self.most = max(self.most, self.now)
        await asyncio.sleep(0.3)
        self.now -= 1
        return report("roll").to_dict(), b"\x89PNG", "Chance of winning"

    async def report_picture(self, found: dict, language: str) -> tuple[bytes, str]:
        return b"\x89PNG", "Chance of winning"


class Host:
    def __init__(self, store: Store, posts: Posts, work: Work, at_once: int = 1) -> None:
        self.settings = Settings(token=None, analysis_concurrency=at_once)
        self.renderer = work
        self.posts = posts
        match, _ = finished_match()
        self.match = match

        class Service:
            async def get(_, match_id: int) -> Any:
                return dataclasses.replace(self.match, id=match_id)

        self.service = Service()
        self.service.store = store  # type: ignore[attr-defined]

    def get_partial_messageable(self, channel_id: int) -> Any:
        return self.posts.channel(channel_id)


@pytest.fixture
async def two(store_url: str) -> AsyncIterator[tuple[Store, Store]]:
    one, other = await open_store(store_url), await open_store(store_url)
    try:
        yield one, other
    finally:
        await other.close()
        await one.close()


async def settled(*bots: Analyses) -> None:
    while any(b.tasks for b in bots):
        await asyncio.sleep(0.02)


async def test_two_bots_asked_for_one_report_work_it_out_and_post_it_once(
    two: tuple[Store, Store],
) -> None:
    posts, work = Posts(), Work()
    first = Analyses(Host(two[0], posts, work), lease=1.0, tick=0.05)
    second = Analyses(Host(two[1], posts, work), lease=1.0, tick=0.05)
    match_id = await new_match(two[0])
    first.host.match.id = second.host.match.id = match_id
    (_, asked), (_, asked_too) = await asyncio.gather(
        first.ask(first.host.match), second.ask(second.host.match)
    )
    assert sorted([asked, asked_too]) == [False, True], "one of them asked first"
    second.start(match_id)  # the other bot also finds it (as at its start)
    first.start(match_id)
    await asyncio.wait_for(settled(first, second), 30)
    assert work.calls == 1 and first.computed + second.computed == 1, "worked out once"
    assert posts.sent == 1 and list(posts.shown.values()) == ["report"], "posted once"
    stored = await two[1].analyses.analysis(match_id)
    assert stored.status == "done" and stored.posted_at is not None
    assert json.loads(stored.report)["names"] == ["Ann", "Computer 1 (strong)"]


async def test_a_report_left_by_a_dead_bot_is_taken_over_once_its_hold_runs_out(
    two: tuple[Store, Store],
) -> None:
    posts, work = Posts(), Work()
    survivor = Analyses(Host(two[1], posts, work), lease=0.5, tick=0.05)
    match_id = await new_match(two[0])
    await two[0].analyses.ask_analysis(match_id, CHANNEL, 0.0)
    # a bot claimed it for half a second, then died without a word
    assert await two[0].analyses.claim_analysis(
        match_id, "dead", survivor.now(), survivor.now() + 0.5
    )
    survivor.start(match_id)
    await asyncio.sleep(0.2)
    assert work.calls == 0, "held by the other until its time is up"
    await asyncio.wait_for(settled(survivor), 30)
    assert work.calls == 1 and survivor.computed == 1
    assert not await two[0].analyses.store_analysis(match_id, "dead", "{}", 1.0), (
        "the dead one lost it"
    )
    assert (await two[0].analyses.analysis(match_id)).status == "done"
    assert list(posts.shown.values()) == ["report"]


async def test_a_report_asked_for_before_a_restart_is_worked_out_after_it(
    two: tuple[Store, Store],
) -> None:
    posts, work = Posts(), Work()
    stopping = Analyses(Host(two[0], posts, work))
    stopping.stopping = True  # asked for just as the bot stops: queued, not begun
    match_id = await new_match(two[0])
    stopping.host.match.id = match_id
    row, first = await stopping.ask(stopping.host.match)
    assert first and row.status == "queued" and not stopping.tasks
    (waiting,) = posts.shown.values()
    assert "waits its turn" in waiting and row.message_id in posts.shown
    started = Analyses(Host(two[1], posts, work), tick=0.05)
    await started.resume()
    await asyncio.wait_for(settled(started), 30)
    assert work.calls == 1 and list(posts.shown.values()) == ["report"] and posts.sent == 1


@pytest.mark.parametrize("at_once", [1, 2])
async def test_reports_wait_their_turn(two: tuple[Store, Store], at_once: int) -> None:
    posts, work = Posts(), Work()
    bot = Analyses(Host(two[0], posts, work, at_once), tick=0.05)
    for channel in (CHANNEL, CHANNEL + 1, CHANNEL + 2):
        match_id = await new_match(two[0], channel)
        await bot.ask(dataclasses.replace(bot.host.match, id=match_id))
    await asyncio.wait_for(settled(bot), 30)
    assert work.calls == 3 and work.most == at_once, "at most ANALYSIS_CONCURRENCY at once"
    assert list(posts.shown.values()) == ["report"] * 3
