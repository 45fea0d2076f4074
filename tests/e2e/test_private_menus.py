"""What the bot keeps of the private menus it sends: nothing once they are sent, however many
(the real bot, the real discord.py client, the Discord emulator)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fakediscord import FakeDiscord
from ranchtest.harness import board, open_match, running
from tests.conftest import World
from tests.e2e.test_horseplay import click_private_move, open_piece


async def test_private_menus_keep_nothing_waiting_in_the_bot(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    """A busy bot answers thousands of piece clicks: once sent, their private menus keep
    nothing in the bot (discord.py would keep each one's buttons, and a task to end them,
    for 15 minutes), and their buttons still work."""
    async with running(fake, database):
        first = await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        await open_piece(fake, world.alice, first, "c3")
        waiting = len(asyncio.all_tasks())
        for _ in range(20):
            private = await open_piece(fake, world.alice, first, "c3")
        await asyncio.sleep(0.05)
        assert len(asyncio.all_tasks()) < waiting + 5, "no task left behind per private menu"
        d4 = next(b for b in private.buttons() if b.label == "c3-d4")
        await click_private_move(fake, world.channel, world.alice, private, d4.custom_id)
        assert "alice (Green) moved c3-d4." in board(fake, world.channel).content
