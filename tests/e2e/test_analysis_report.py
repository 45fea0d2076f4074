"""The post-game report end to end: a finished Super Farmer match's "Luck and decisions"
button posts a public message in the match's channel that says how far the report is, then
becomes the report (each player's two figures, the biggest moments, the chart with alt text);
it is stored, so asking again answers at once with the same numbers and nothing is worked out
twice; a live match and forged ids are refused; a restart while it is worked out finishes it
once. Each report gets one rollout per estimate here, to keep the tests short."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, board, open_match, until
from tests.conftest import World
from tests.e2e.test_farm import SHORT_GAME_SEED
from tests.e2e.test_fuzz import forged_click
from tests.e2e.test_viewer import play

#: one rollout per estimate: a report of a short match takes a few seconds of CPU
QUICK = {"analysis_rollouts": 1, "analysis_cpu_seconds": 1.0}
TITLE = "Luck and decisions"


@pytest.fixture
def database(store_url: str) -> str:
    """On both backends: a SQLite file and PostgreSQL."""
    return store_url


def is_report(message: Any) -> bool:
    return bool(message.embeds) and str(message.embeds[0].get("title", "")).startswith(TITLE)


def figures(message: Any) -> list[str]:
    """The players' figure lines of a report."""
    text = str(message.embeds[0]["description"])
    return [line for line in text.splitlines() if re.search(r"luck [+−]\d", line)]


def private_text(rec: Any) -> str:
    assert rec.ephemeral, "answered privately"
    message = rec.followups[-1] if rec.followups else rec.response
    return str(message.content)


async def finished_match(fake: FakeDiscord, runner: BotRunner, world: World) -> Any:
    await open_match(fake, "farm", world.channel, world.alice, world.bob)
    match = await play(fake, runner, world, {}, 200)
    assert match.status == "finished"
    return match


async def watch(fake: FakeDiscord, message_id: int, seen: list[str]) -> None:
    """Every look of the public message, until it is the report."""
    while True:
        message = fake.get_message(message_id)
        look = "report" if is_report(message) else str(message.content)
        if not seen or seen[-1] != look:
            seen.append(look)
        if look == "report":
            return
        await asyncio.sleep(0.005)


async def stored(runner: BotRunner, match_id: int) -> Any:
    """The report's row once it is marked posted (just after its message is edited)."""
    while True:
        row = await runner.bot.db.analyses.analysis(match_id)
        if row is not None and row.posted_at is not None:
            return row
        await asyncio.sleep(0.01)


async def ask_by_button(fake: FakeDiscord, world: World, match: Any) -> tuple[Any, Any]:
    """Carol (a spectator) presses the final board's button: her private answer and the
    public message the report will be."""
    final = board(fake, world.channel)
    assert TITLE in [b.label for b in final.buttons()], "the final board offers the report"
    before = {m.id for m in fake.messages(world.channel)}
    rec = await fake.click(world.carol, final, label=TITLE)
    await until(lambda: rec.followups, what="the private answer")
    (public,) = [m for m in fake.messages(world.channel) if m.id not in before]
    assert not public.ephemeral and f"match #{match.id}" in public.content
    return rec, public


async def test_the_report_through_the_button_stored_and_refusals(
    fake: FakeDiscord, world: World, database: str
) -> None:
    runner = BotRunner(fake, database, SHORT_GAME_SEED, options=QUICK)
    await runner.start()
    try:
        match = await finished_match(fake, runner, world)
        rec, public = await ask_by_button(fake, world, match)
        assert "on its way" in private_text(rec) and str(public.id) in private_text(rec)
        seen: list[str] = []
        await asyncio.wait_for(watch(fake, public.id, seen), 120)
        assert "waits its turn" in seen[0], "first the message says the report is coming"
        assert seen[-1] == "report"

        report = fake.get_message(public.id)
        text = report.embeds[0]["description"]
        lines = figures(report)
        assert len(lines) == 2 and "alice" in lines[0] and "bob" in lines[1]
        assert all("decisions" in line for line in lines), "both seats are people"
        assert "The biggest moments" in text and "1. Move" in text
        (chart,) = report.attachments
        assert chart.filename.endswith(".png") and chart.description
        assert "alice" in chart.description and "Chance of winning" in chart.description
        row = await asyncio.wait_for(stored(runner, match.id), 10)
        assert row.status == "done"
        assert runner.bot.analyses.computed == 1

        # asked again, by the command: the stored report at once, the same numbers
        count = len(fake.messages(world.channel))
        again = await fake.slash(world.alice, world.channel, "game analysis")
        await until(lambda: again.followups, what="the stored report")
        copy = again.followups[-1]
        assert copy.ephemeral and figures(copy) == lines
        assert copy.attachments and copy.attachments[0].description
        assert len(fake.messages(world.channel)) == count, "nothing new in the channel"
        assert runner.bot.analyses.computed == 1, "not worked out twice"

        # refused privately: a forged id, another server's match, a live match
        rec = await forged_click(
            fake, world.carol, world.channel, board(fake, world.channel), f"rh:k:{match.id + 50}"
        )
        await until(lambda: rec.followups or rec.response, what="the refusal")
        assert f"There is no match #{match.id + 50} here" in private_text(rec)
        other = fake.create_guild("Elsewhere")
        there = fake.create_text_channel(other, "yard")
        fake.add_member(other, world.carol)
        rec = await fake.slash(world.carol, there, "game analysis", match=match.id)
        assert f"There is no match #{match.id} here" in private_text(rec)
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        live = await runner.match_in(world.channel.id)
        rec = await fake.slash(world.carol, world.channel, "game analysis", match=live.id)
        assert "still being played" in private_text(rec)
        assert await runner.bot.db.analyses.analysis(live.id) is None, "nothing was started"
        assert runner.bot.analyses.computed == 1
    finally:
        await runner.stop()


async def test_a_restart_while_it_is_worked_out_finishes_it_once(
    fake: FakeDiscord, world: World, database: str
) -> None:
    runner = BotRunner(fake, database, SHORT_GAME_SEED, options=QUICK)
    await runner.start()
    try:
        match = await finished_match(fake, runner, world)
        _, public = await ask_by_button(fake, world, match)

        async def running() -> None:
            while (await runner.bot.db.analyses.analysis(match.id)).status != "running":
                await asyncio.sleep(0.01)

        await asyncio.wait_for(running(), 30)
        await runner.restart()  # stopped while it was worked out: let go, begun again
        await asyncio.wait_for(watch(fake, public.id, []), 120)
        row = await asyncio.wait_for(stored(runner, match.id), 10)
        assert row.status == "done"
        assert row.message_id == public.id, "the same message became the report"
        assert runner.bot.analyses.computed == 1
        reports = [m for m in fake.messages(world.channel) if is_report(m)]
        assert [m.id for m in reports] == [public.id], "posted once"
        await asyncio.sleep(0.2)
        assert runner.bot.analyses.tasks == {}, "nothing left to do"
    finally:
        await runner.stop()
