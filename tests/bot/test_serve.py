"""``python -m bot`` ends once its bot has stopped, also while Discord cannot be reached and
discord.py waits out a reconnect's back-off (which grows to minutes): a service manager's stop
is not held up after the graceful stop has finished."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.__main__ import serve
from bot.client import RanchHand
from bot.config import Settings


async def test_a_stop_ends_the_run_while_discord_py_waits_to_reconnect(tmp_path: Path) -> None:
    bot = RanchHand(Settings(token="t", database_path=tmp_path / "ranch.sqlite3"))
    waiting = asyncio.Event()

    async def reconnecting(token: str) -> None:
        # what discord.py's connect loop does while Discord cannot be reached: sleep out
        # the back-off, then look again
        waiting.set()
        while True:
            await asyncio.sleep(600)

    bot.start = reconnecting  # type: ignore[method-assign]
    run = asyncio.create_task(serve(bot, "t"))
    await asyncio.wait_for(waiting.wait(), 10)
    assert bot.store is not None, "the store was opened before logging in"
    await bot.close()  # what SIGTERM does
    await asyncio.wait_for(run, 5)  # not the 600 s of the back-off
    assert bot.stopped.is_set()
    assert bot.is_closed()


async def test_a_refused_start_still_fails_the_run(tmp_path: Path) -> None:
    """What the log-in itself raises (a refused token, Discord unreachable at the start)
    reaches ``run_bot``, which says what to do about it."""
    bot = RanchHand(Settings(token="t", database_path=tmp_path / "ranch.sqlite3"))

    async def refused(token: str) -> None:
        raise ConnectionRefusedError("nobody there")

    bot.start = refused  # type: ignore[method-assign]
    try:
        await asyncio.wait_for(serve(bot, "t"), 10)
    except ConnectionRefusedError:
        pass
    else:
        raise AssertionError("the start's failure was swallowed")
    assert bot.stopped.is_set(), "the bot stopped cleanly on the way out"
