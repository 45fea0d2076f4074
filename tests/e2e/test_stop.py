"""A graceful stop during a move: the move ends with its board, or its board follows after the
restart; never a move stored without a board, never a closed database under a move, and
whoever clicks while the bot stops is told it is restarting."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

from bot.store import open_store
from bot.table import RESTARTING
from fakediscord import FakeDiscord
from fakediscord.models import walk_components
from ranchtest.harness import BotRunner, boards, open_match, picture_ply, until
from tests.conftest import World

FOLLOWUP = r"^/webhooks/\d+/[^/]+$"


async def type_a_move(fake: FakeDiscord, runner: BotRunner, world: World) -> tuple[Any, int]:
    """The acting player types a roll; returns once it is taken (a private deferral: the
    board follows as the interaction's followup)."""
    match = await runner.match_in(world.channel.id)
    user = {0: world.alice, 1: world.bob}[match.to_act()[0]]
    with fake.without_settling():
        rec = await fake.slash(user, world.channel, "farm move", action="roll")
    assert rec.callback_type == 5, "the move was taken"
    return rec, match.ply


async def outbox_after_stop(runner: BotRunner) -> tuple[int, int]:
    """(the match's ply, boards still undelivered), read from the database after the stop."""
    store = await open_store(runner.settings().database)
    try:
        match = await store.fetchone("SELECT ply FROM matches ORDER BY id DESC LIMIT 1")
        left = await store.fetchone("SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL")
        assert match is not None and left is not None
        return int(match["ply"]), int(left["n"])
    finally:
        await store.close()


async def test_a_stop_during_a_move_finishes_it_with_its_board_and_declines_newcomers(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    runner = BotRunner(fake, database)
    bot = await runner.start()
    try:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        before = len(boards(fake, world.channel))
        # the board's post is slow: the stop begins while the move is in flight
        fake.faults.add(method="POST", path_regex=FOLLOWUP, delay=0.6)
        _, ply = await type_a_move(fake, runner, world)
        assert bot.in_flight == 1
        stopping = asyncio.create_task(bot.close())
        await until(lambda: bot.stopping, what="the stop to begin")
        with fake.without_settling():
            late = await fake.slash(world.carol, world.other_channel, "game ping")
        assert late.ephemeral and late.response is not None
        assert late.response.content == RESTARTING
        await stopping
        assert bot.is_closed()
    finally:
        await runner.stop()
    posted = boards(fake, world.channel)
    assert len(posted) == before + 1, "the move's board was posted before the bot stopped"
    assert picture_ply(posted[-1]) > ply
    stored_ply, undelivered = await outbox_after_stop(runner)
    assert stored_ply == picture_ply(posted[-1]) and undelivered == 0
    # a restart has nothing left to post
    await runner.start()
    try:
        await asyncio.sleep(0.3)
        await fake.settle()
        assert len(boards(fake, world.channel)) == before + 1
    finally:
        await runner.stop()


async def test_a_move_still_posting_past_the_grace_gets_its_board_after_the_restart(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    short = dataclasses.replace(BotRunner(fake, database).settings(), grace_seconds=0.2)
    runner = BotRunner(fake, database, extra={"board_lease": 0.5})
    runner.settings = lambda: short  # type: ignore[method-assign]
    bot = await runner.start()
    try:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        before = {m.id for m in boards(fake, world.channel)}
        # the Discord side never answers the board's post before the grace runs out
        fault = fake.faults.add(method="POST", path_regex=FOLLOWUP, delay=2.0)
        _, ply = await type_a_move(fake, runner, world)
        clicked_at = asyncio.get_running_loop().time()
        await bot.close()
        fake.faults.remove(fault)
    finally:
        await runner.stop()
    stored_ply, _ = await outbox_after_stop(runner)
    if stored_ply == ply:  # never applied: nothing to show, nothing to post
        assert {m.id for m in boards(fake, world.channel)} == before
        return
    # applied: the board is posted, at the latest by the restarted bot from the outbox
    await runner.start()
    try:

        def shown() -> bool:
            return any(
                m.id not in before and picture_ply(m) == stored_ply
                for m in boards(fake, world.channel)
            )

        await until(shown, timeout=15, what="the move's board after the restart")
        await fake.settle()
    finally:
        await runner.stop()
    assert (await outbox_after_stop(runner))[1] == 0
    # the stopped bot hung up on its slow request: the emulator saw that connection go
    await asyncio.sleep(max(0.0, clicked_at + 2.3 - asyncio.get_running_loop().time()))
    for violation in fake.take_violations():
        assert "Connection lost" in violation.detail, violation


async def test_while_stopping_a_click_a_typed_move_and_autocomplete_are_declined(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    """Components, the move box and autocomplete meet the same gate as commands: one polite
    answer each (no second one from the catch-all), and nothing is played."""
    runner = BotRunner(fake, database)
    bot = await runner.start()
    try:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match_id = (await runner.match_in(world.channel.id)).id
        board = boards(fake, world.channel)[-1]
        before = len(boards(fake, world.channel))
        custom_id = next(
            c["custom_id"] for c in walk_components(board.components) if c.get("custom_id")
        )
        fake.faults.add(method="POST", path_regex=FOLLOWUP, delay=0.6)
        _, ply = await type_a_move(fake, runner, world)
        stopping = asyncio.create_task(bot.close())
        await until(lambda: bot.stopping, what="the stop to begin")
        with fake.without_settling():
            click = await fake.forge_click(world.alice, board, custom_id)
            box = await fake.forge_modal(
                world.alice, world.channel, f"rh:m:{match_id}:{ply}", {"move": "roll"}
            )
            choices = await fake.autocomplete(
                world.alice, world.channel, "farm move", focused="action", action=""
            )
        for rec in (click, box):
            assert rec.ephemeral and rec.response is not None
            assert rec.response.content == RESTARTING
            assert rec.callback_type == 4 and not rec.followups
        assert choices == []
        await stopping
    finally:
        await runner.stop()
    posted = boards(fake, world.channel)
    assert len(posted) == before + 1, "only the move under way was played"
    stored_ply, undelivered = await outbox_after_stop(runner)
    assert stored_ply == picture_ply(posted[-1]) and undelivered == 0
