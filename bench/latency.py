"""Latency under load: N channels play Super Farmer at once through the Discord emulator.

For each channel count, every round sends at the same moment, in every channel, one farm move
(a click on "Roll the dice") and one no-op command (``/game ping``), and measures at the
emulator, where the user is:

- first response: the interaction event sent -> the bot's first acknowledgement (what Discord's
  3-second rule judges);
- completion: the interaction event sent -> the interaction's own last message (the new board
  with its picture, or the edited pong); clearing the buttons of the previous board happens
  after that, paced by the channel's edit bucket (5 per 5 s), and is not counted.

Then it times the board renderer alone. Run: ``python bench/latency.py --channels 1 20``.
The emulator runs in this process with Discord's default rate limits; real Discord adds network
round trips, so these figures are the bot's own overhead.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
import render  # noqa: E402
from bot.client import RanchHand  # noqa: E402
from bot.config import Settings  # noqa: E402
from fakediscord import FakeDiscord  # noqa: E402
from games.rng import SeededRng  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (
        f"p50 {percentile(ms, 0.5):7.1f}  p95 {percentile(ms, 0.95):7.1f}  "
        f"p99 {percentile(ms, 0.99):7.1f}  max {max(ms):7.1f} ms  (n={len(ms)})"
    )


async def run_channels(
    channels: int, rounds: int, latency: float
) -> dict[str, dict[str, list[float]]]:
    fake = FakeDiscord(latency=latency)
    await fake.start()
    undo = fake.patch_discord()
    tmp = tempfile.TemporaryDirectory()
    bot = RanchHand(
        Settings(token=fake.bot_token, database_path=Path(tmp.name) / "bench.sqlite3"),
        guild_ready_timeout=0.05,
    )
    task = asyncio.create_task(bot.start(fake.bot_token))
    await asyncio.wait_for(bot.wait_until_ready(), 15)
    await fake.settle()
    guild = fake.create_guild("Bench")
    tables = []
    for i in range(channels):
        channel = fake.create_text_channel(guild, f"table-{i}")
        players = []
        for p in range(2):
            user = fake.create_user(f"p{i}-{p}")
            fake.add_member(guild, user)
            players.append(user)
        rec = await fake.slash(players[0], channel, "farm new")
        rec = await fake.click(players[1], rec.response, label="Join")
        lobby = rec.response or fake.messages(channel)[-1]
        await fake.click(players[0], lobby, label="Start")
        tables.append((channel, players))
    results: dict[str, dict[str, list[float]]] = {
        "farm move": {"first": [], "done": []},
        "/game ping": {"first": [], "done": []},
    }

    async def move(channel: Any, players: list[Any]) -> Any:
        match = await bot.service.live_in(channel.id)
        if match is None or match.status != "active":
            return None
        user = players[match.to_act()[0]]
        board = [m for m in fake.messages(channel) if m.attachments][-1]
        return await fake.click(user, board, label="Roll the dice")

    for _ in range(rounds):
        recs = await asyncio.gather(
            *(move(c, p) for c, p in tables),
            *(fake.slash(p[0], c, "game ping") for c, p in tables),
        )
        for n, rec in enumerate(recs):
            if rec is None or rec.acked_at is None:
                continue
            key = "farm move" if n < len(tables) else "/game ping"
            results[key]["first"].append(rec.acked_at - rec.dispatched_at)
            results[key]["done"].append(answered(rec))
    await bot.close()
    await task
    undo()
    await fake.close()
    tmp.cleanup()
    if fake.violations:
        print(f"  emulator violations: {len(fake.violations)}: {fake.violations[:3]}")
    return results


def answered(rec: Any) -> float:
    """Seconds until the interaction's own last message (the new board, the edited pong).

    Later edits of other messages (clearing the previous board's buttons) are paced by the
    channel's edit bucket and do not keep the player waiting, so they are not counted.
    """
    own = [t for t, event, _ in rec.timeline if event in ("response", "followup", "edit original")]
    return max(own) if own else rec.acked_at - rec.dispatched_at


def render_timing(samples: int) -> tuple[float, float, int]:
    rules = games.get("farm")
    state = rules.new_game([f"p{i}" for i in range(4)], rng=SeededRng(1))
    states = []
    ply = 0
    while rules.outcome(state) is None and len(states) < samples:
        seat = rules.to_act(state)[0]
        action = rules.legal_actions(state, seat)[-1 if ply % 3 else 0]
        ply += 1
        state = rules.apply(state, seat, action, rng=SeededRng(1, ply)).state
        states.append(state)
    render.draw("farm", states[0])  # static layers are drawn once and cached
    times, sizes = [], []
    for s in states:
        start = time.perf_counter()
        png = render.draw("farm", s)
        times.append(time.perf_counter() - start)
        sizes.append(len(png))
    return statistics.median(times), percentile(times, 0.99), max(sizes)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, nargs="+", default=[1, 20])
    parser.add_argument("--rounds", type=int, default=10, help="moves per channel")
    parser.add_argument(
        "--latency",
        type=float,
        default=0.0,
        help="seconds the emulator adds to every response, like a network",
    )
    parser.add_argument("--renders", type=int, default=100)
    args = parser.parse_args()
    print(
        f"Ranch Hand latency bench: {args.rounds} rounds, "
        f"injected latency {args.latency * 1000:.0f} ms"
    )
    for n in args.channels:
        results = await run_channels(n, args.rounds, args.latency)
        print(f"\n{n} concurrent channel{'s' if n != 1 else ''}:")
        for name, series in results.items():
            print(f"  {name:11s} first response  {summary(series['first'])}")
            print(f"  {name:11s} completion      {summary(series['done'])}")
    median, p99, size = render_timing(args.renders)
    print(
        f"\nfarm render: median {median * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"largest PNG {size / 1024:.0f} KB"
    )


if __name__ == "__main__":
    asyncio.run(main())
