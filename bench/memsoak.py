"""Memory soak: the bot under a steady light load over every game for a long time, its memory
each minute.

What runs: as in ``bench/load.py`` (the emulator and the players in this process, the bot in
its own process through ``python -m bot``, a temporary SQLite file), with tables of every game
at two players and at its largest size playing at once; moves arrive as one Poisson stream of
``--rate`` moves a second spread over all the tables (a finished match starts again), with
``/game ping`` once a second alongside, for ``--minutes``.

Each minute it prints the moves done, their completion p50, and the PSS (MiB,
``/proc/<pid>/smaps_rollup``) of the bot, the workers' template, the resource tracker and each
worker, and their sum, and how many workers were renewed that minute (the bot's
``ranchhand_render_workers_renewed``: a worker past its memory bound is replaced by a fresh
fork of the template, so "worker N" is then another, smaller process). At the end: each
part's PSS at minute 10 (or the middle of a shorter run) and at the end, and the change, a
worker past +10 % marked ``GROWING``; then each part's mean and largest PSS over the minutes
after minute 10, first half against second half, which renewals do not tip one way or the
other. A worker whose memory levels off once its caches are full stays within a few per cent;
a cache without a bound, or a leak, keeps climbing.

Run: ``python bench/memsoak.py --minutes 30 --rate 5``.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from load import GAMES, Players, Step, pct  # noqa: E402
from load_bots import logged_errors, metric_total, start_bots  # noqa: E402

import games  # noqa: E402
from fakediscord import FakeDiscord  # noqa: E402

#: the minute whose figures the end is compared with
BASELINE_MINUTE = 10


def parts_line(parts: dict[str, float]) -> str:
    each = ", ".join(f"{name} {mib:.1f}" for name, mib in parts.items())
    return f"{each}; sum {sum(parts.values()):.1f}"


def renewed(port: int) -> int | None:
    """Drawing workers the bot has renewed so far, None if its page cannot be read."""
    total = metric_total(port, "ranchhand_render_workers_renewed")
    return None if total is None else int(total)


def halves(minutes: list[dict[str, float]], base: int) -> list[str]:
    """A line per part: its mean and largest PSS over the minutes after ``base``, the first
    half of them against the second."""
    after = minutes[base:]
    if len(after) < 2:
        return []
    first, second = after[: len(after) // 2], after[len(after) // 2 :]
    span = f"minutes {base + 1}-{base + len(first)} / {base + len(first) + 1}-{len(minutes)}"
    lines = [f"PSS mean and largest, {span}:"]
    for name in minutes[-1]:
        a = [m[name] for m in first if name in m]
        b = [m[name] for m in second if name in m]
        if a and b:
            lines.append(
                f"  {name}: mean {statistics.mean(a):.1f} / {statistics.mean(b):.1f}, "
                f"largest {max(a):.1f} / {max(b):.1f} MiB"
            )
    return lines


def growth(start: dict[str, float], end: dict[str, float]) -> list[str]:
    """A line per part present at both moments: its PSS then and now, and the change."""
    lines = []
    for name, then in start.items():
        now = end.get(name)
        if now is None:
            continue
        change = (now - then) / then * 100 if then else 0.0
        flag = "  GROWING" if name.startswith("worker") and change > 10 else ""
        lines.append(f"  {name}: {then:.1f} -> {now:.1f} MiB ({change:+.1f} %){flag}")
    return lines


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=int, default=30)
    parser.add_argument("--rate", type=float, default=5.0, help="moves per second, all games")
    parser.add_argument("--tables", type=int, default=3, help="tables per game and size")
    parser.add_argument("--render-workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # stopped from outside: the bot and its workers are stopped too (the ``finally`` below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))

    tmp = tempfile.TemporaryDirectory(prefix="ranchhand-memsoak-")
    fake = FakeDiscord()
    await fake.start()
    guild = fake.create_guild("Soak")
    bots = start_bots(
        fake, 1, str(Path(tmp.name) / "soak.sqlite3"), args.render_workers, Path(tmp.name)
    )
    try:
        while not (fake.gateway.targets(guild.id) and fake.commands()):
            if not bots.alive():
                log = (Path(tmp.name) / "bot-0.log").read_text(errors="replace")
                raise SystemExit(f"the bot did not start:\n{log[-3000:]}")
            await asyncio.sleep(0.1)
        players = Players(fake, args.seed)
        pinger = fake.create_user("pinger")
        fake.add_member(guild, pinger)
        here = fake.create_text_channel(guild, "ping")
        tables = []
        for game in GAMES:
            rules = games.get(game)
            for size in sorted({2, rules.max_players}):
                for n in range(args.tables):
                    tables.append(await players.open_table(guild, game, size, n))
        print(
            f"Ranch Hand memory soak: {len(tables)} tables over {len(GAMES)} games, "
            f"{args.rate:g} moves/s, RENDER_WORKERS={args.render_workers}, "
            f"{args.minutes} minutes",
            flush=True,
        )
        print(f"minute 0: {parts_line(bots.sample())}", flush=True)
        minutes: list[dict[str, float]] = []
        started = time.perf_counter()
        renewals = await asyncio.to_thread(renewed, bots.ports[0])
        for minute in range(1, args.minutes + 1):
            step: Step
            step, _ = await players.run(tables, args.rate, 60.0, (pinger, here))
            if not bots.alive():
                raise SystemExit("the bot died; see its log")
            parts = bots.sample()
            minutes.append(parts)
            done = [v * 1000 for v in step.done]
            now = await asyncio.to_thread(renewed, bots.ports[0])
            fresh = "?" if now is None or renewals is None else str(now - renewals)
            renewals = now
            print(
                f"minute {minute} ({(time.perf_counter() - started) / 60:.1f}): "
                f"{len(done)} moves, p50 {pct(done, 0.5):.0f} ms, {step.restarts} restarts, "
                f"{fresh} workers renewed; PSS MiB: {parts_line(parts)}",
                flush=True,
            )
        base = min(BASELINE_MINUTE, max(1, len(minutes) // 2))
        print(f"PSS at minute {base} and at the end:")
        for line in [*growth(minutes[base - 1], minutes[-1]), *halves(minutes, base)]:
            print(line)
        print(f"peak PSS of the tree: {bots.peak_pss / 1024:.1f} MiB")
        errors = logged_errors(Path(tmp.name))
        print(f"bot: {len(errors)} errors logged")
        for line in errors[:3]:
            print("  ", line)
    finally:
        bots.stop()
        await fake.close()
        tmp.cleanup()


if __name__ == "__main__":
    asyncio.run(main())
