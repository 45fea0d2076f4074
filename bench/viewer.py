"""The match viewer's steps, timed: a spectator steps through a long match move by move.

Runs the real bot (``RENDER_WORKERS`` render workers, default 2) against the Discord emulator
in this process, on a fresh SQLite file. Two players play a Super Farmer match by its first
move button (rolling every turn, never trading: a long match) for ``--moves`` moves or to its
end; then a spectator opens the viewer (``/game view``) and presses "Back" down to the opening
position (every step a position not drawn yet: replayed from the log and drawn in a worker),
then "Forward" back up to the last (every picture kept: no drawing). Each step is timed from
the click's dispatch to the viewer's update as the emulator received it (its answer, or the
edit after an acknowledgement when a step is slow), the emulator's own work included.

Prints, per pass: the steps, their median, 90th percentile and slowest, in milliseconds, and
how many took longer than Discord's 3 s; then the viewer's render-cache figures.

Run: ``python bench/viewer.py`` (``--moves 300``, ``--workers 2``).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot import viewer  # noqa: E402
from fakediscord import FakeDiscord  # noqa: E402
from ranchtest.harness import BotRunner, board, open_match, until  # noqa: E402

DISCORD_LIMIT = 3.0


async def play_long(
    fake: FakeDiscord, runner: BotRunner, channel: Any, players: list[Any], moves: int
) -> int:
    """The acting player presses the board's first move button, ``moves`` times at most."""
    bot = runner.bot
    assert bot is not None
    await open_match(fake, "farm", channel, *players)
    done = 0
    while done < moves:
        shown = board(fake, channel)
        buttons = [b for b in shown.buttons() if b.custom_id.startswith("rh:a:")]
        if not buttons:
            break  # the match is over
        seat = int(buttons[0].custom_id.split(":")[4])
        match = await runner.match_in(channel.id)
        user = next(p for p in players if p.id == match.seats[seat].user_id)
        await fake.click(user, shown, custom_id=buttons[0].custom_id)
        await until(lambda: not bot.in_flight, what="the move done")
        done += 1
    await fake.settle()
    return (await runner.match_in(channel.id)).ply


def seconds(rec: Any) -> float:
    times = [t for t in (rec.ack_latency, rec.completion_latency) if t is not None]
    return max(times)


async def steps(fake: FakeDiscord, user: Any, message_id: int, label: str, n: int) -> list[float]:
    took = []
    for _ in range(n):
        rec = await fake.click(user, message_id, label=label)
        took.append(seconds(rec))
    return took


def line(name: str, took: list[float]) -> str:
    ms = sorted(t * 1000 for t in took)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    late = sum(t > DISCORD_LIMIT for t in took)
    return f"{name:<28}{len(ms):>6}{statistics.median(ms):>10.0f}{p90:>9.0f}{ms[-1]:>9.0f}{late:>9}"


async def measure(moves: int, workers: int) -> None:
    fake = FakeDiscord(rate_limits={"default": (1000, 1.0)})
    await fake.start()
    undo = fake.patch_discord()
    try:
        guild = fake.create_guild("Ranch")
        channel = fake.create_text_channel(guild, "farmyard")
        players = [fake.create_user(name) for name in ("alice", "bob")]
        carol = fake.create_user("carol")
        for p in (*players, carol):
            fake.add_member(guild, p)
        with tempfile.TemporaryDirectory() as tmp:
            runner = BotRunner(fake, Path(tmp) / "viewer.sqlite3", seed=7)
            runner.options["render_workers"] = workers
            await runner.start()
            try:
                last = await play_long(fake, runner, channel, players, moves)
                rec = await fake.slash(carol, channel, "game view")
                assert rec.response is not None, "the viewer opened"
                opened = seconds(rec)
                back = await steps(fake, carol, rec.response.id, "Back", last)
                forward = await steps(fake, carol, rec.response.id, "Forward", last)
            finally:
                await runner.stop()
    finally:
        undo()
        await fake.close()
    print(f"Super Farmer, 2 players, {last} moves; {workers} render workers")
    print(f"{'':<28}{'steps':>6}{'median':>10}{'p90':>9}{'max':>9}{'over 3 s':>9}  (ms)")
    print(line("open (/game view)", [opened]))
    print(line("back (each drawn now)", back))
    print(line("forward (each kept)", forward))
    print(line("all steps", back + forward))
    kept = viewer.KEPT
    print(
        f"viewer cache: {kept.entries} pictures, {kept.bytes / 1e6:.1f} MB, "
        f"{kept.hits} hits, {kept.misses} misses, {kept.evictions} evicted"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=300, help="moves played at most")
    parser.add_argument("--workers", type=int, default=2, help="render worker processes")
    args = parser.parse_args()
    asyncio.run(measure(args.moves, args.workers))


if __name__ == "__main__":
    main()
