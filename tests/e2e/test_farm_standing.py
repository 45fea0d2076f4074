"""Super Farmer's standing order, "roll for me when I can't trade", end to end: off until the
player turns it on (the board's button or ``/game standing``), it rolls for them only when the
roll is all they can do, the board says so, it stops when turned off, nobody else can turn it,
and it outlives a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import games
from fakediscord import FakeDiscord
from ranchtest.harness import (
    BotRunner,
    ManualClock,
    board,
    boards,
    expect_board,
    open_match,
    running,
    until,
)
from tests.conftest import World

RULES = games.get("farm")
TOGGLE = "Roll for me when I can't trade"
PLAYED = "standing order: I played `roll` for them"


@pytest.fixture
def database(store_url: str) -> str:
    """On both backends: a SQLite file and PostgreSQL."""
    return store_url


def can_trade(match: Any, seat: int) -> bool:
    return len(RULES.legal_actions(match.state, seat)) > 1


async def new_board(fake: FakeDiscord, channel: Any, before: int) -> Any:
    await until(lambda: len(boards(fake, channel)) > before, what="a new board")
    await fake.settle()
    return board(fake, channel)


async def bob_rolls(fake: FakeDiscord, runner: BotRunner, world: World) -> Any:
    """Bob presses "Roll the dice" on the newest board; the match as it then stands."""
    await expect_board(
        fake,
        world.channel,
        fake.click(world.bob, board(fake, world.channel), label="Roll the dice"),
    )
    return await runner.match_in(world.channel.id)


async def test_it_rolls_only_when_nothing_can_be_traded_and_the_board_says_so(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database, seed=85) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        labels = [b.label for b in first.buttons()]
        assert TOGGLE in labels, "an empty pen can only roll: the board offers the order"
        match = await runner.match_in(world.channel.id)
        assert match.to_act() == (0,) and not can_trade(match, 0), "it is off by default"
        before = len(boards(fake, world.channel))
        rec = await fake.click(world.alice, first, label=TOGGLE)
        assert rec.ephemeral and "Standing order on" in rec.response.content
        shown = await new_board(fake, world.channel, before)
        # it played at once, and says so
        assert f"**{world.alice.name}**'s {PLAYED}" in shown.content
        assert world.bob.mention in shown.content
        played = 1
        waited_with_trades = False
        for _ in range(40):
            match = await bob_rolls(fake, runner, world)
            if match.status != "active":
                break
            newest = board(fake, world.channel)
            if match.to_act() == (1,):
                # alice's roll was played for her: the roll was all she could do
                assert PLAYED in newest.content
                played += 1
                continue
            # the match waits on alice: only ever with a trade to choose
            assert match.to_act() == (0,) and can_trade(match, 0), newest.content
            assert PLAYED not in newest.content.splitlines()[-1]
            assert TOGGLE not in [b.label for b in newest.buttons()]
            waited_with_trades = True
            break
        assert played >= 2 and waited_with_trades


async def test_only_its_owner_turns_it_and_turning_it_off_stops_it(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        for intruder in (world.bob, world.carol):
            rec = await fake.click(intruder, first, label=TOGGLE)
            assert rec.ephemeral and rec.response.ephemeral_for == intruder.id
            assert f"for {world.alice.name}" in rec.response.content
        store = runner.bot.store
        for user in (world.alice, world.bob, world.carol):
            assert await store.orders.standing_orders(user.id, "farm") == frozenset()
        assert (await runner.match_in(world.channel.id)).ply == match.ply, "nothing moved"

        # on by the command, while the roll is all alice can do: it plays at once
        before = len(boards(fake, world.channel))
        rec = await fake.slash(
            world.alice, world.channel, "game standing", order="farm:roll", on=True
        )
        assert rec.ephemeral and "Standing order on" in rec.response.content
        await new_board(fake, world.channel, before)
        assert (await runner.match_in(world.channel.id)).to_act() == (1,)
        rec = await fake.slash(world.alice, world.channel, "game standing")
        assert "Super Farmer: Roll for me when I can't trade" in rec.response.content

        rec = await fake.slash(
            world.alice, world.channel, "game standing", order="farm:roll", on=False
        )
        assert rec.ephemeral and "Standing order off" in rec.response.content
        assert await store.orders.standing_orders(world.alice.id, "farm") == frozenset()
        match = await bob_rolls(fake, runner, world)
        assert match.to_act() == (0,), "off: the match waits on alice again"
        assert PLAYED not in board(fake, world.channel).content


async def test_a_restart_keeps_it(fake: FakeDiscord, world: World, database: Path | str) -> None:
    runner = BotRunner(fake, database, seed=85)
    await runner.start()
    try:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        before = len(boards(fake, world.channel))
        rec = await fake.slash(world.alice, world.channel, "game standing", order="farm:roll")
        assert "Standing order on" in rec.response.content, "without on: switched the other way"
        await new_board(fake, world.channel, before)
        await runner.restart()
        match = await runner.match_in(world.channel.id)
        assert match.to_act() == (1,)
        # (this seed's dice: after bob's roll, alice still has nothing to trade)
        after = await bob_rolls(fake, runner, world)
        assert after.to_act() == (1,), "the order, kept over the restart, rolled for alice"
        assert f"**{world.alice.name}**'s {PLAYED}" in board(fake, world.channel).content
        assert await runner.bot.store.orders.standing_orders(world.alice.id, "farm") == {"roll"}
    finally:
        await runner.stop()


async def test_an_order_left_waiting_is_played_by_the_clock_instead_of_a_reminder(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    """An order stored while nothing played it (a restart between a move and its order): the
    turn clock's next look plays it rather than remind the player."""
    clock = ManualClock()
    async with running(fake, database, seed=85, clock=clock) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        await runner.bot.store.orders.set_standing_order(
            world.alice.id, "farm", "roll", True, at=1.0
        )
        assert (await runner.match_in(world.channel.id)).to_act() == (0,), "nothing played it"
        before = len(boards(fake, world.channel))
        quiet = [m for m in fake.messages(world.channel) if not m.attachments]
        clock.advance(25)  # the first reminder is due
        await runner.tick()
        assert (await runner.match_in(world.channel.id)).to_act() == (1,)
        assert len(boards(fake, world.channel)) == before + 1
        assert f"**{world.alice.name}**'s {PLAYED}" in board(fake, world.channel).content
        after = [m for m in fake.messages(world.channel) if not m.attachments]
        assert after == quiet, "no reminder"
