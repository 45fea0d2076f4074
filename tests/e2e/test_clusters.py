"""Two bot processes, each a cluster of one shard of a two-shard bot, on one PostgreSQL,
logged in to the Discord emulator: each serves only its own servers; one is killed (SIGKILL)
in the middle of moves and started again; no acknowledged move is lost, none is applied twice,
no reminder is sent twice, and every match goes on from its old buttons."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.matches import MatchService
from bot.store import Store, open_store
from fakediscord import FakeDiscord
from ranchtest.harness import board, boards, expect_board, open_match
from ranchtest.pgserver import PASSWORD
from tests.conftest import FAST_RATE_LIMITS

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2
PLY = re.compile(r"^rh:a:(\d+):(\d+):")


class Cluster:
    """``python -m bot --shards N --shard-count 2`` as an operator runs it."""

    def __init__(self, shard: int, env: dict[str, str], logs: Path) -> None:
        self.shard = shard
        self.env = env
        self.logs = logs
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    @property
    def log(self) -> Path:
        return self.logs / f"shard{self.shard}-{self.starts}.log"

    async def start(self) -> None:
        self.starts += 1
        with self.log.open("wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                "--shards",
                str(self.shard),
                "--shard-count",
                str(SHARDS),
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=out,
            )
        deadline = time.monotonic() + 40
        while "logged in as" not in self.text():
            if self.proc.returncode is not None or time.monotonic() > deadline:
                raise AssertionError(f"cluster {self.shard} did not start:\n{self.text()[-3000:]}")
            await asyncio.sleep(0.05)

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def stop(self) -> int:
        """A graceful stop (SIGTERM), as a service manager does it."""
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(self.proc.wait(), 20)
        return int(self.proc.returncode or 0)


@contextlib.asynccontextmanager
async def clusters(fake: FakeDiscord, url: str, logs: Path) -> AsyncIterator[list[Cluster]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_"))}
    env.update(
        DISCORD_TOKEN=fake.bot_token,
        DATABASE_URL=url,
        DISCORD_API_URL=fake.api_base,
        DISCORD_GATEWAY_URL=fake.gateway_url,
        RENDER_WORKERS="0",
        LOG_LEVEL="INFO",
        PYTHONUNBUFFERED="1",
    )
    running = [Cluster(shard, env, logs) for shard in range(SHARDS)]
    try:
        await asyncio.gather(*(c.start() for c in running))
        yield running
    finally:
        for cluster in running:
            if cluster.proc is not None and cluster.proc.returncode is None:
                cluster.proc.kill()
                await cluster.proc.wait()


def ply_on(message: Any) -> tuple[int, int]:
    """(match id, ply) that a board's buttons carry."""
    for button in message.buttons():
        found = PLY.match(button.custom_id)
        if found:
            return int(found[1]), int(found[2])
    raise AssertionError(f"a board without move buttons: {message.content[:80]}")


async def roll(fake: FakeDiscord, store: Store, channel: Any, players: dict[int, Any]) -> int:
    """The player to act presses Roll the dice on the newest board; returns the ply on the
    board that answered (the move acknowledged to the players)."""
    newest = board(fake, channel)
    match_id, _ = ply_on(newest)
    match = await MatchService(store).get(match_id)
    (seat,) = match.to_act()
    user = players[match.seats[seat].user_id]
    await expect_board(fake, channel, fake.click(user, newest, label="Roll the dice"))
    return ply_on(board(fake, channel))[1]


async def guilds_on_each_shard(fake: FakeDiscord) -> dict[int, Any]:
    found: dict[int, Any] = {}
    while len(found) < SHARDS:
        guild = fake.create_guild(f"ranch-{len(fake.world.guilds)}")
        found.setdefault((guild.id >> 22) % SHARDS, guild)
        await asyncio.sleep(0.002)
    return found


async def test_two_clusters_share_one_database_and_survive_a_kill(
    pg_url: str, tmp_path: Path
) -> None:
    fake = FakeDiscord(rate_limits=FAST_RATE_LIMITS, first_response_deadline=3.0)
    await fake.start()
    store = await open_store(pg_url)
    try:
        guilds = await guilds_on_each_shard(fake)
        alice, bob = fake.create_user("alice"), fake.create_user("bob")
        players = {alice.id: alice, bob.id: bob}
        channels = {}
        for shard, guild in guilds.items():
            channels[shard] = fake.create_text_channel(guild, "farmyard")
            for user in (alice, bob):
                fake.add_member(guild, user)
        async with clusters(fake, pg_url, tmp_path) as (first, second):
            for cluster in (first, second):
                mine = [g for g in fake.world.guilds.values() if g.id >> 22 & 1 == cluster.shard]
                assert f"in {len(mine)} servers" in cluster.text(), "only its own servers"
                assert f"shards=[{cluster.shard}] of 2" in cluster.text()
            match_ids = {}
            for shard in guilds:
                await open_match(fake, "farm", channels[shard], alice, bob)
                match_ids[shard] = ply_on(board(fake, channels[shard]))[0]
            acked: dict[int, int] = {}  # match id -> the newest ply shown to the players

            async def play(shard: int, moves: int) -> None:
                for _ in range(moves):
                    ply = await roll(fake, store, channels[shard], players)
                    match_id, _ = ply_on(board(fake, channels[shard]))
                    acked[match_id] = max(acked.get(match_id, 0), ply)

            await asyncio.gather(play(0, 3), play(1, 3))
            # cluster 0 dies (SIGKILL) while a move of its server is being handled; cluster 1
            # goes on playing all the while
            newest = board(fake, channels[0])
            match_id, before = ply_on(newest)
            match = await MatchService(store).get(match_id)
            user = players[match.seats[match.to_act()[0]].user_id]
            click = asyncio.create_task(fake.click(user, newest, label="Roll the dice"))
            other = asyncio.create_task(play(1, 4))
            # the moment the move is stored (its board not yet drawn and posted), kill
            deadline = time.monotonic() + 10
            while (await store.matches.match(match_id)).ply == before:
                assert time.monotonic() < deadline, "the move was never stored"
                await asyncio.sleep(0.001)
            await first.kill()
            await other
            rec = await click
            # the click is answered by its board, after the move is stored: killed in between,
            # it may go unanswered (the board is posted from the outbox, below)
            assert rec.error in (None, "10062 unknown interaction"), rec.error
            rec = await fake.slash(user, channels[0], "farm rules")
            assert rec.error == "10062 unknown interaction", "nobody serves shard 0 now"
            fake.take_violations("first_response_deadline")
            assert len(boards(fake, channels[0])) <= before + 2

            # time passes: the dead process's board lease runs out, and both players' turns
            # have waited 25 hours (a reminder is due in each match)
            await store.execute("UPDATE outbox SET next_try_at = 0 WHERE delivered_at IS NULL", ())
            await store.execute(
                "UPDATE matches SET turn_started_at = turn_started_at - 90000, next_due_at = 0 "
                "WHERE status = 'active'",
                (),
            )
            await first.start()
            # the board of a move stored just before the kill is posted now, once
            for shard, channel in channels.items():
                match_id = match_ids[shard]

                async def current(match_id: int = match_id, channel: Any = channel) -> bool:
                    stored = await store.matches.match(match_id)
                    newest = board(fake, channel)
                    return bool(newest.buttons()) and ply_on(newest)[1] == stored.ply

                deadline = time.monotonic() + 20
                while not await current():
                    assert time.monotonic() < deadline, "the stored move's board was not posted"
                    await asyncio.sleep(0.1)
            # the other cluster restarts gracefully: its clock ticks on start as well
            assert await second.stop() == 0
            await second.start()
            await fake.settle()
            await asyncio.sleep(1.0)
            await fake.settle()
            for channel in channels.values():
                reminders = [m for m in fake.messages(channel) if m.content.startswith("⏰")]
                assert len(reminders) == 1, [m.content for m in reminders]
            # every match goes on from the buttons of its newest board
            await asyncio.gather(play(0, 2), play(1, 2))
            for channel in channels.values():
                match_id, ply = ply_on(board(fake, channel))
                match = await MatchService(store).get(match_id)
                assert match.ply == ply and match.ply >= acked[match_id]
                log = await store.matches.actions(match_id)
                assert [r.ply for r in log] == list(range(1, match.ply + 1))
                assert await MatchService(store).replay(match_id) == match.state
                assert await store.outbox.undelivered(match_id) == 0
                row = await store.fetchone(
                    "SELECT COUNT(DISTINCT message_id) AS n FROM outbox WHERE match_id = ?",
                    (match_id,),
                )
                assert len(boards(fake, channel)) == row["n"], "each board posted once"
            for cluster in (first, second):
                assert await cluster.stop() == 0
                assert "Traceback" not in cluster.text(), cluster.text()[-3000:]
                assert PASSWORD not in cluster.text()
        fake.assert_no_violations()
    finally:
        await store.close()
        await fake.close()


pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
