"""Tournaments end to end on the virtual clock: sign-up by buttons, rounds opened in threads,
deadlines that end every round, standings after each round, a winner; nothing after the
start but the clock."""

from __future__ import annotations

import json
from pathlib import Path

from fakediscord import FakeDiscord
from tests.conftest import World
from tests.e2e.harness import ManualClock, running
from tests.e2e.tournament_kit import (
    DEADLINE,
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
