"""Database work per move: statements and trips to the database thread, counted.

Runs the real bot against the Discord emulator in this process (only counts are taken here,
no timings), on a fresh SQLite file, opens a two-player match of each chosen game and clicks
its first move button ``--moves`` times, as whoever must act (a board that offers its moves
only in menus ends the run for that game: the moves column says how many were made). For
the moves it prints, per move on average:

- trips: work items handed to aiosqlite's database thread (each is a hop from the event loop
  to that thread and back, the cost that grows with load);
- statements: SQL statements SQLite ran (``BEGIN`` and ``COMMIT`` included);
- writes: transactions that changed something.

Run: ``python bench/trips.py`` (Super Farmer) or ``python bench/trips.py --games all``.
Measured on SQLite: farm 72 trips and 28 statements per move before the move's transaction
claimed its own board and the post was recorded in one transaction; 15 and 14 after; 8 and
14 once a transaction's statements without a result travel with the next one; 3 and 13 once
the ply guard, the claim and the newest board travel with the commit too (and the story read
is skipped when the claimed boards are the whole story); 2 and 12 once the click's read of its
match is done at once through SQLite's read-only connection (``Backend.fetchall_now``, not
counted here: it is no trip and runs on another connection).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiosqlite  # noqa: E402

import games  # noqa: E402
from fakediscord import FakeDiscord  # noqa: E402
from ranchtest.harness import BotRunner, board, open_match, until  # noqa: E402

#: every registered game (a board that offers its moves only in menus ends its run at once)
GAMES = games.registry.game_keys()


class Counter:
    """Counts what the bot's database connection is asked to do."""

    def __init__(self) -> None:
        self.trips = 0
        self.statements = 0
        self.writes = 0
        self.on = False

    def install(self) -> None:
        counter = self
        execute = aiosqlite.Connection._execute

        async def counted(conn: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
            if counter.on:
                counter.trips += 1
            return await execute(conn, fn, *args, **kwargs)

        aiosqlite.Connection._execute = counted  # type: ignore[method-assign]

    def trace(self, sql: str) -> None:
        if not self.on:
            return
        self.statements += 1
        if sql.strip().upper().startswith("COMMIT"):
            self.writes += 1


async def measure(game: str, moves: int) -> tuple[int, Counter]:
    counter = Counter()
    counter.install()
    fake = FakeDiscord(rate_limits={"default": (1000, 1.0)})
    await fake.start()
    undo = fake.patch_discord()
    try:
        guild = fake.create_guild("Ranch")
        channel = fake.create_text_channel(guild, "farmyard")
        players = [fake.create_user(name) for name in ("alice", "bob")]
        for p in players:
            fake.add_member(guild, p)
        with tempfile.TemporaryDirectory() as tmp:
            runner = BotRunner(fake, Path(tmp) / "trips.sqlite3", seed=7)
            bot = await runner.start()
            conn = bot.store.backend.conn  # type: ignore[attr-defined]
            await conn._execute(conn._conn.set_trace_callback, counter.trace)
            try:
                await open_match(fake, game, channel, *players)
                done = 0
                while done < moves:
                    shown = board(fake, channel)
                    buttons = [b for b in shown.buttons() if b.custom_id.startswith("rh:a:")]
                    if not buttons:
                        break
                    seat = int(buttons[0].custom_id.split(":")[4])
                    match = await runner.match_in(channel.id)
                    user = next(p for p in players if p.id == match.seats[seat].user_id)
                    counter.on = True
                    await fake.click(user, shown, custom_id=buttons[0].custom_id)
                    await until(lambda: not bot.in_flight, what="the move done")
                    await fake.settle()
                    counter.on = False
                    done += 1
            finally:
                await runner.stop()
    finally:
        undo()
        await fake.close()
    return done, counter


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=["farm"], help="games to count, or all")
    parser.add_argument("--moves", type=int, default=20, help="moves counted per game")
    args = parser.parse_args()
    chosen = list(GAMES) if args.games == ["all"] else args.games
    print(f"{'game':<11}{'moves':>6}{'trips/move':>12}{'statements/move':>17}{'writes/move':>13}")
    for game in chosen:
        done, c = await measure(game, args.moves)
        n = max(done, 1)
        print(
            f"{game:<11}{done:>6}{c.trips / n:>12.1f}{c.statements / n:>17.1f}{c.writes / n:>13.1f}"
        )


if __name__ == "__main__":
    asyncio.run(main())
