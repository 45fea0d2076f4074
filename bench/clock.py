"""Turn clock cost at scale: one pass of due work over many live matches.

Fills a temporary database (SQLite, or ``--database-url``) with ``--matches`` matches through
the store's own methods: a quarter open lobbies, half active (a tenth of those paused) and the
rest ended, every live one with its next clock check in the future (and every active turn old enough
that a reminder is owed the moment its check falls due). Then it times, per pass:

- ``TurnClock._due`` with nothing due (the indexed read of what has fallen due);
- a whole ``tick()`` with nothing due;
- a whole ``tick()`` with a few reminders due (each posts a reminder through a stand-in for
  Discord that only records it, so the figure is the bot's own work).

Run: ``python bench/clock.py --matches 10000``. Target: <= 5 ms per pass at 10,000 matches.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from bot.clock import ClockSettings  # noqa: E402
from bot.matches import MatchService  # noqa: E402
from bot.store import SeatRow, open_store, parse_database_url  # noqa: E402
from bot.turns import TurnClock  # noqa: E402
from games.rng import SeededRng  # noqa: E402

HOUR = 3600.0


class Channel:
    """Stands in for a Discord channel: a reminder is recorded, not sent."""

    def __init__(self, sent: list[str]) -> None:
        self.sent = sent
        self.id = 1

    async def send(self, content: str = "", **_: Any) -> Any:
        self.sent.append(content)
        return _Message(len(self.sent))

    def get_partial_message(self, message_id: int) -> Any:
        return _Message(message_id)


class _Message:
    def __init__(self, message_id: int) -> None:
        self.id = message_id
        self.channel = Channel([])

    async def edit(self, **_: Any) -> None:
        return None


class Bot:
    """What the turn clock needs of the bot, without Discord."""

    def __init__(self, store: Any, now: float) -> None:
        self.store = self.db = store
        self.now = now
        self.service = MatchService(store, clock=lambda: self.now)
        self.sent: list[str] = []
        self.stopping = False
        self.table = self
        self.delivery = self

    def clock(self) -> float:
        return self.now

    async def wait_until_ready(self) -> None:
        return None

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return Channel(self.sent)

    async def postable(self, channel_id: int, **_: Any) -> Channel:
        return Channel(self.sent)

    def get_channel(self, channel_id: int) -> None:
        return None

    def get_user(self, user_id: int) -> None:
        return None

    async def deliver(self, match_id: int, **_: Any) -> None:
        rows = await self.store.outbox.claim_boards(match_id, time.time(), 30.0, mine=True)
        if rows:
            plies = [r.ply for r in rows]
            await self.store.outbox.boards_delivered(match_id, plies, None, time.time())

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        return None

    async def retire(self, match: Any, **_: Any) -> None:
        return None


async def fill(store: Any, n: int, now: float) -> list[int]:
    """``n`` matches; returns the ids of the active, unpaused ones."""
    rules = games.get("farm")
    state = json.dumps(rules.dump(rules.new_game(["a", "b"], rng=SeededRng(1))))
    clock = ClockSettings(reminder_hours=24, deadline_hours=None)
    active = []
    for i in range(n):
        values = {
            "game": "farm",
            "guild_id": 1 + i % 50,
            "channel_id": 1000 + i,
            "parent_id": None,
            "status": "lobby",
            "host_id": 10 + i,
            "seed": i,
            "options": "{}",
            "created_at": now,
            "updated_at": now,
            "reminder_hours": clock.reminder_hours,
            "deadline_hours": clock.deadline_hours,
            "on_deadline": clock.on_deadline,
            "lobby_hours": clock.lobby_hours,
            "next_due_at": now + clock.lobby_hours * HOUR,
            "rematch_of": None,
        }
        match_id = await store.matches.create_match(values, SeatRow(0, 10 + i, "a"), now)
        kind = i % 4
        if kind == 0:
            continue  # an open lobby
        await store.matches.set_seats(
            match_id, [SeatRow(0, 10 + i, "a"), SeatRow(1, 20 + i, "b")], now
        )
        # turns started a day ago: a reminder is owed as soon as the clock is told to look
        await store.matches.start_match(match_id, state, now - 25 * HOUR, now + 1000 * HOUR, None)
        if kind == 3:
            await store.matches.close_match(match_id, now)  # ended
        elif i % 20 == 1:
            await store.clock.pause(match_id, now, now + 48 * HOUR, 10 + i)
        else:
            active.append(match_id)
    return active


async def timed(passes: int, work: Any) -> tuple[float, float]:
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        await work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches", type=int, nargs="+", default=[10_000], help="live matches in the database"
    )
    parser.add_argument("--passes", type=int, default=50, help="clock passes timed per line")
    parser.add_argument("--due", type=int, default=5, help="reminders due in the last test")
    parser.add_argument("--database-url", help="e.g. postgresql://...; default a temp SQLite")
    args = parser.parse_args()
    for n in args.matches:
        tmp = tempfile.TemporaryDirectory(prefix="ranchhand-clock-")
        url = args.database_url or f"sqlite:///{Path(tmp.name) / 'clock.sqlite3'}"
        store = await open_store(parse_database_url(url, root=ROOT))
        try:
            now = time.time()
            start = time.perf_counter()
            active = await fill(store, n, now)
            filled = time.perf_counter() - start
            bot = Bot(store, now + HOUR)
            turns = TurnClock(bot)  # type: ignore[arg-type]
            print(f"{n} matches ({len(active)} active and unpaused), filled in {filled:.1f} s")
            p50, worst = await timed(args.passes, functools.partial(turns._due, bot.now))
            print(f"  _due, nothing due:        {p50:6.2f} ms per pass (max {worst:.2f})")
            p50, worst = await timed(args.passes, turns.tick)
            print(f"  tick, nothing due:        {p50:6.2f} ms per pass (max {worst:.2f})")
            ticks = []
            for k in range(min(args.passes, len(active) // max(1, args.due))):
                for match_id in active[k * args.due : (k + 1) * args.due]:
                    await store.clock.set_next_due(match_id, bot.now - 1)
                start = time.perf_counter()
                done = await turns.tick()
                ticks.append((time.perf_counter() - start) * 1000)
                assert done == args.due, f"expected {args.due} reminders, the clock did {done}"
            print(
                f"  tick, {args.due} reminders due:    {statistics.median(ticks):6.2f} ms per pass "
                f"(max {max(ticks):.2f}; {len(bot.sent)} reminders recorded)"
            )
        finally:
            await store.close()
            tmp.cleanup()


if __name__ == "__main__":
    asyncio.run(main())
