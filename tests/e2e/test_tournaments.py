"""Tournaments end to end on the virtual clock: sign-up by buttons, rounds opened in threads,
deadlines that end every round, standings after each round, a winner; nothing after the
start but the clock."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, ManualClock, running
from tests.conftest import World
from tests.e2e.tournament_kit import (
    DEADLINE,
    move_once,
    organiser,
    play_round,
    players,
    sign_up,
    threads,
    tournament,
)


def standings_posts(fake: FakeDiscord, channel: object) -> list[object]:
    return [
        m
        for m in fake.messages(channel)
        if m.attachments and m.attachments[0].filename.startswith("tournament-")
    ]


async def test_a_five_player_swiss_super_farmer_tournament_runs_to_its_winner(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    entrants = players(fake, world, 5)
    idle = entrants[4]  # never moves
    host = organiser(fake, world)
    async with running(fake, database, seed=7, clock=clock) as runner:
        rec = await fake.slash(
            world.alice, world.channel, "tournament new", game="farm", format="swiss", rounds=3
        )
        assert rec.ephemeral and "Manage Server or Manage Events" in rec.response.content
        signup = await sign_up(
            fake,
            world,
            host,
            entrants,
            game="farm",
            format="swiss",
            rounds=3,
            deadline_hours=DEADLINE,
            reminder_hours=0,
        )
        assert "Players (5/16)" in signup.content
        rec = await fake.click(world.alice, signup, label="Start")
        assert rec.ephemeral and "Only the organiser" in rec.response.content
        await fake.click(host, signup, label="Start")
        await fake.settle()
        assert not fake.get_message(signup.id).buttons(), "the sign-up is closed"
        assert len(threads(fake, world.channel)) == 2, "two tables, one bye"
        for __ in range(3):
            await play_round(fake, runner, clock, {idle.id})
        t = await tournament(runner)
        assert t.status == "finished"
        league = t.league
        assert [len(r.byes) for r in league.rounds] == [1, 1, 1]
        byes = [r.byes[0] for r in league.rounds]
        assert len(set(byes)) == 3, "no one has two byes while others have none"
        lines = {s.player: s for s in league.standings()}
        assert lines[idle.id].points == byes.count(idle.id), "the idle player wins nothing"
        # six matches, each opened once in a thread of its own, each rated
        assert len(threads(fake, world.channel)) == 6
        rows = await runner.bot.db.fetchall("SELECT match_id, rated, summary FROM results")
        assert len(rows) == 6 and all(r["rated"] for r in rows)
        assert any(json.loads(r["summary"])["seats"][0]["left"] for r in rows), "forfeits"
        posted = standings_posts(fake, world.channel)
        assert len(posted) == 3, "standings after rounds 1 and 2, then the final ones"
        final = posted[-1]
        assert "final standings" in final.content and "wins the tournament" in final.content
        winner = league.winners()[0]
        assert f"<@{winner}>" in final.content.splitlines()[-1]
        assert final.attachments[0].description.startswith("Super Farmer tournament #1")
        assert "Buchholz" in final.content


async def test_an_eight_player_cattle_baron_tournament_at_tables_of_four(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    entrants = players(fake, world, 8)
    host = organiser(fake, world)
    async with running(fake, database, seed=11, clock=clock) as runner:
        signup = await sign_up(
            fake,
            world,
            host,
            entrants,
            game="cattle",
            format="swiss",
            rounds=2,
            table_size=4,
            deadline_hours=DEADLINE,
            reminder_hours=0,
        )
        rec = await fake.slash(host, world.channel, "tournament start")
        assert rec.ephemeral and "begun" in (rec.followups or [rec.response])[-1].content
        assert not fake.get_message(signup.id).buttons()
        first = threads(fake, world.channel)
        assert len(first) == 2, "two tables of four"
        for thread in first:
            call = fake.messages(thread)[0]
            assert len(call.mentions) == 4, "the table's players are called"
        await play_round(fake, runner, clock, set())
        rec = await fake.slash(world.alice, world.channel, "tournament status")
        assert rec.ephemeral and "Round 2 of 2" in rec.response.content
        await play_round(fake, runner, clock, set())
        t = await tournament(runner)
        assert t.status == "finished" and len(t.league.rounds) == 2
        assert all(len(table.seats) == 4 for r in t.league.rounds for table in r.tables)
        assert len(threads(fake, world.channel)) == 4
        posted = standings_posts(fake, world.channel)
        assert len(posted) == 2 and "Placement points" not in posted[-1].content
        assert "final standings" in posted[-1].content
        rec = await fake.slash(world.bob, world.channel, "tournament standings")
        assert rec.ephemeral and "final standings" in rec.response.content


async def test_a_restart_mid_round_and_a_withdrawal_lose_nothing(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    entrants = players(fake, world, 4)
    host = organiser(fake, world)
    runner = BotRunner(fake, database, seed=5, clock=clock)
    await runner.start()
    try:
        signup = await sign_up(
            fake,
            world,
            host,
            entrants,
            game="farm",
            format="round-robin",
            rounds=3,
            deadline_hours=DEADLINE,
            reminder_hours=0,
        )
        await fake.click(host, signup, label="Start")
        await fake.settle()
        await move_once(fake, runner, 1, set())
        await runner.restart()  # in the middle of round 1
        await runner.tick()
        assert len(threads(fake, world.channel)) == 2, "no table opened again"
        await play_round(fake, runner, clock, set())
        rec = await fake.slash(entrants[3], world.channel, "tournament withdraw")
        assert rec.ephemeral and "withdrawn" in (rec.followups or [rec.response])[-1].content
        t = await tournament(runner)
        gone = entrants[3].id
        table = next(x for x in t.league.current.tables if gone in x.seats)
        match_id = (await runner.bot.store.tournaments.table_matches(t.id))[
            (table.round, table.number)
        ]
        await runner.tick()
        match = await runner.bot.service.get(match_id)
        assert match.status == "finished", "the withdrawn player's match ended for them"
        await runner.stop()
        clock.advance(7 * 24)  # a week with the bot down: the deadlines are caught up on
        await runner.start()
        while (await tournament(runner)).status == "running":
            await play_round(fake, runner, clock, set())
        t = await tournament(runner)
        assert len(t.league.rounds) == 3
        opened = await runner.bot.store.tournaments.table_matches(t.id)
        last = next(x for x in t.league.rounds[2].tables if gone in x.seats)
        assert (3, last.number) not in opened, "the round-robin's table with them is forfeited"
        assert len(threads(fake, world.channel)) == len(opened) == 5
        assert len(standings_posts(fake, world.channel)) == 3, "each posted once"
        lines = {s.player: s for s in t.league.standings()}
        assert lines[gone].withdrawn
    finally:
        await runner.stop()


async def test_two_bot_processes_on_postgresql_open_every_match_once(
    fake: FakeDiscord, world: World, pg_url: str
) -> None:
    clock = ManualClock()
    entrants = players(fake, world, 6)
    host = organiser(fake, world)
    shards = [
        BotRunner(fake, pg_url, seed=3, clock=clock, options={"shard_ids": (i,), "shard_count": 2})
        for i in range(2)
    ]
    for runner in shards:
        await runner.start()
    try:
        signup = await sign_up(
            fake,
            world,
            host,
            entrants,
            game="farm",
            format="swiss",
            rounds=2,
            deadline_hours=DEADLINE,
            reminder_hours=0,
        )
        await fake.click(host, signup, label="Start")
        await fake.settle()
        for __ in range(6):
            clock.advance(DEADLINE)
            await asyncio.gather(*(runner.tick() for runner in shards))
            await fake.settle()
        t = await tournament(shards[0])
        assert t.status == "finished"
        opened = await shards[0].bot.store.tournaments.table_matches(t.id)
        assert len(opened) == 6 and len(threads(fake, world.channel)) == 6
        rows = await shards[0].bot.db.fetchall("SELECT COUNT(*) AS n FROM matches")
        assert rows[0]["n"] == 6, "every match opened exactly once"
        assert len(standings_posts(fake, world.channel)) == 2
    finally:
        for runner in shards:
            await runner.stop()


async def test_a_tournament_starts_at_its_set_time_or_is_called_off(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    clock = ManualClock()
    host = organiser(fake, world)
    async with running(fake, database, clock=clock) as runner:
        options = {"game": "farm", "format": "swiss", "rounds": 1, "start_after_hours": 2}
        lonely = await sign_up(fake, world, host, [world.alice], **options)
        full = await sign_up(fake, world, host, [world.alice, world.bob], players=2, **options)
        rec = await fake.click(world.carol, full, label="Join")
        assert rec.ephemeral and "full" in rec.response.content
        assert "starts by itself <t:" in full.content
        clock.advance(1)
        await runner.tick()
        assert threads(fake, world.channel) == []
        clock.advance(1)
        await runner.tick()
        assert "Called off" in fake.get_message(lonely.id).content
        assert len(threads(fake, world.channel)) == 1, "the full one began by itself"
        assert not fake.get_message(full.id).buttons()
