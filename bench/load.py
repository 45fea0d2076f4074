"""Load benchmark: the real bot process under open-loop Poisson load through the emulator.

What runs: the Discord emulator (``fakediscord.FakeDiscord``, Discord's default rate limits,
loopback only) and the simulated players in this process; the bot in its own process(es),
started through its real entry point ``python -m bot`` with ``DISCORD_TOKEN``,
``DISCORD_API_URL``/``DISCORD_GATEWAY_URL`` pointing at the emulator, a temporary SQLite file
(or ``--database-url``) and ``RENDER_WORKERS``. ``--clusters N`` starts N bot processes as
shard clusters (``--shards i --shard-count N``) with the guilds spread over the shards.

For every game (``--game all`` or a list) at 2 players and at its largest table, many tables
(channels) play at once so one match's turn order never limits a rate; for each rate in
``--rates`` moves arrive as a Poisson process for ``--seconds``, each on a table that is not
waiting for its previous move, by the player whose button it is (a random legal button or menu
choice), with ``/game ping`` at 10/s alongside. Per step it prints:

- first response: INTERACTION_CREATE sent -> the bot's answer (on a public board the move's
  new board itself, then also the completion; a private menu's or typed move's
  acknowledgement), p50/p99;
- completion: sent -> the move's board posted or updated (the picture of the new ply), p50/p99;
- achieved: moves completed per second of the step (arrivals that found every table busy are
  counted as ``busy``: a sign the step is past what the bot sustains);
- ping p50/p99 (sent -> the edited pong) and the completion/ping ratio at p50, with a 95 %
  bootstrap interval of that ratio ("95% range": how far sampling alone could move it);
- CPU ms per move: utime+stime from /proc of the bot process(es) and all their children (render
  workers), over the step, minus the pings' share (measured in an idle step), per move;
- peak RSS of the bot process(es) plus children (VmHWM, MiB);
- under each row, the PSS (``/proc/<pid>/smaps_rollup``: shared pages split between the
  processes sharing them, so the sum is what the tree holds) of the bot, the workers' template
  (the fork server), the resource tracker and each worker at the end of the step, their sum,
  and the peak of that sum so far (sampled every ``PSS_EVERY`` seconds);
- render p50: the step's pictures as the bot's workers drew them, from the bot's metrics page
  (``ranchhand_render_seconds``, read between its buckets as Prometheus' histogram_quantile
  does): the drawing alone, on a machine as busy as the step made it;
- notes: busy arrivals, refused or lost moves, restarts (matches that ended and began again
  during the step), and this process's longest garbage-collection pause if over 20 ms.

At the end: the peak PSS of the whole tree over the run, and its parts at that moment; the
emulator's count of broken Discord rules, and the errors the bot logged (from
its log, ``bench/load_bots.py``): a run whose moves went through while the bot logged errors is
not a clean run.

Run: ``python bench/load.py --game farm cowboy --rates 10 25 50 100 --seconds 10``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import math
import os
import random
import re
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from load_bots import Bots, drawn, histogram_p50, logged_errors, start_bots  # noqa: E402

import games  # noqa: E402
from fakediscord import FakeDiscord  # noqa: E402
from fakediscord.models import ComponentError, walk_components  # noqa: E402

GAMES = games.registry.game_keys()
ACTION = re.compile(r"^rh:([as]):(\d+):(\d+):(\d+):\d+$")
GROUP = re.compile(r"^rh:g:(\d+):(\d+):\d+$")
#: a piece's button (its moves come privately): match, ply, seat, piece
GROUP_BUTTON = re.compile(r"^rh:q:(\d+):(\d+):(\d+):\d+$")
#: the interaction answer that updates the message clicked (a private one: the move taken)
UPDATE_MESSAGE = 7
PICTURE = re.compile(r"-(\d+)\.png$")
PING_RATE = 10.0


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def ratio_interval(
    moves: list[float], pings: list[float], rounds: int = 1000
) -> tuple[float, float]:
    """How far the completion/ping ratio at p50 could be off from sampling alone: a 95 %
    bootstrap interval (percentile method; moves and pings resampled on their own, with a fixed
    seed, so the same samples give the same interval). A step of a few seconds holds some
    hundred moves, and its p50 moves by a few per cent from one such sample to the next."""
    if not moves or not pings:
        return float("nan"), float("nan")
    rng = random.Random(0)
    ratios = sorted(
        pct(rng.choices(moves, k=len(moves)), 0.5) / pct(rng.choices(pings, k=len(pings)), 0.5)
        for _ in range(rounds)
    )
    return ratios[int(rounds * 0.025)], ratios[int(rounds * 0.975) - 1]


# The players -----------------------------------------------------------------------------------


@dataclass
class Table:
    game: str
    channel: Any
    users: list[Any]
    board: Any = None
    busy: bool = False
    done: bool = False
    #: a move sent and not yet shown: (the ply its buttons carried, sent at)
    pending: tuple[int, float] | None = None
    finished: asyncio.Future[float] | None = None


class Pauses:
    """This process's garbage-collection pauses (they stall the emulator, not the bot)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._started = 0.0
        gc.callbacks.append(self._seen)

    def _seen(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.longest = max(self.longest, time.perf_counter() - self._started)

    def take(self) -> float:
        longest, self.longest = self.longest, 0.0
        return longest


PAUSES = Pauses()


@dataclass
class Step:
    first: list[float] = field(default_factory=list)
    done: list[float] = field(default_factory=list)
    ping_done: list[float] = field(default_factory=list)
    refused: int = 0
    busy: int = 0
    #: matches that ended in the step and were started again (their lobby and start count
    #: in the step's CPU, not as moves)
    restarts: int = 0
    lost: int = 0
    #: the longest garbage-collection pause of the benchmark's own process, seconds
    gc_pause: float = 0.0
    #: the players' own mistakes (a button gone meanwhile...), by kind
    errors: dict[str, int] = field(default_factory=dict)


class Players:
    def __init__(self, fake: FakeDiscord, seed: int) -> None:
        self.fake = fake
        self.rng = random.Random(seed)
        self.tables: dict[int, Table] = {}
        fake.observe(self._seen)

    def _seen(self, kind: str, message: Any) -> None:
        if kind != "message" or message.ephemeral:
            return
        table = self.tables.get(message.channel_id)
        if table is None:
            return
        if any(_action_ids(message)) or _groups(message):
            table.board = message
        if table.pending is None or table.finished is None or table.finished.done():
            return
        ply = _picture_ply(message)
        if ply is None:
            ply = max((int(m.group(3)) for m in _action_ids(message)), default=None)
        if ply is not None and ply > table.pending[0]:
            table.finished.set_result(time.perf_counter())

    async def open_table(self, guild: Any, game: str, size: int, n: int) -> Table:
        fake = self.fake
        channel = fake.create_text_channel(guild, f"{game}-{size}-{n}")
        users = []
        for p in range(size):
            user = fake.create_user(f"{game}{size}t{n}p{p}")
            fake.add_member(guild, user)
            users.append(user)
        table = Table(game, channel, users)
        self.tables[channel.id] = table
        await self.restart(table)
        return table

    async def restart(self, table: Table) -> None:
        """A new match at the table (its board is posted when it starts)."""
        fake = self.fake
        with fake.without_settling():
            rec = await fake.slash(table.users[0], table.channel, f"{table.game} new")
            lobby = rec.response
            if lobby is None:  # no lobby in time (a start swamped): the table sits out
                table.board, table.done = None, True
                return
            for user in table.users[1:]:
                await fake.click(user, lobby, label="Join")
            table.board = None
            await fake.click(table.users[0], lobby, label="Start")
        for _ in range(400):
            if table.board is not None:
                break
            await asyncio.sleep(0.025)
        table.done = table.board is None

    async def move(self, table: Table, step: Step) -> None:
        """One move by whoever's turn it is at the table; records its timings."""
        fake = self.fake
        board = table.board
        choices = [m for m in _action_ids(board)]
        if not choices:
            groups = _groups(board)
            if not groups:  # finished: a new match, not measured
                step.restarts += 1
                await self.restart(table)
                return
            comp = self.rng.choice(groups)
            cid = str(comp["custom_id"])
            with fake.without_settling():
                if (piece := GROUP_BUTTON.match(cid)) is not None:
                    user = table.users[int(piece.group(3))]
                    rec = await fake.click(user, board, custom_id=cid)
                else:  # the "More moves…" menu: an option names its seat
                    option = self.rng.choice(comp["options"])
                    user = table.users[int(option["value"].split(".")[0])]
                    rec = await fake.select(user, board, [option["value"]], custom_id=cid)
            board = rec.response
            if board is None:
                step.refused += 1
                return
            choices = list(_action_ids(board))
        chosen = self.rng.choice(choices)
        kind, ply, seat = chosen.group(1), int(chosen.group(3)), int(chosen.group(4))
        user = table.users[seat]
        cid = chosen.string
        loop = asyncio.get_running_loop()
        table.pending, table.finished = (ply, time.perf_counter()), loop.create_future()
        with fake.without_settling():
            if kind == "a":
                rec = await fake.click(user, board, custom_id=cid)
            else:
                comp = next(
                    c for c in walk_components(board.components) if c.get("custom_id") == cid
                )
                value = self.rng.choice(comp["options"])["value"]
                rec = await fake.select(user, board, [value], custom_id=cid)
        # refused (privately) or expired; a move taken from a private message updates it
        if rec.acked_at is None or (rec.ephemeral and rec.callback_type != UPDATE_MESSAGE):
            step.refused += 1
            if os.environ.get("LOAD_DEBUG"):
                print("refused:", rec.callback_type, rec.response and rec.response.content[:80])
            table.pending = None
            return
        step.first.append(rec.acked_at - rec.dispatched_at)
        try:
            shown = await asyncio.wait_for(table.finished, 30)
        except TimeoutError:
            step.lost += 1
            return
        finally:
            table.pending = None
        step.done.append(shown - rec.dispatched_at)

    async def ping(self, user: Any, channel: Any, step: Step) -> None:
        with self.fake.without_settling():
            rec = await self.fake.slash(user, channel, "game ping")
        for _ in range(3000):
            if rec.response is not None and "ms to answer" in rec.response.content:
                break
            await asyncio.sleep(0.002)
        if rec.completed_at is not None:
            step.ping_done.append(rec.completed_at - rec.dispatched_at)

    async def run(
        self, tables: list[Table], rate: float, seconds: float, ping: tuple[Any, Any] | None
    ) -> tuple[Step, float]:
        """Open-loop arrivals for ``seconds``; then waits for the moves in flight."""
        step = Step()
        tasks: set[asyncio.Task[None]] = set()

        async def turn(table: Table) -> None:
            try:
                await self.move(table, step)
            except (ComponentError, KeyError, StopIteration, AttributeError) as err:
                step.errors[type(err).__name__] = step.errors.get(type(err).__name__, 0) + 1
            finally:
                table.busy = False

        async def arrivals(rate: float, fire: Any) -> None:
            end = time.perf_counter() + seconds
            at = time.perf_counter()
            while True:
                at += self.rng.expovariate(rate)
                if at >= end:
                    return
                await asyncio.sleep(max(0.0, at - time.perf_counter()))
                fire()

        def fire_move() -> None:
            idle = [t for t in tables if not t.busy and not t.done and t.board is not None]
            if not idle:
                step.busy += 1
                return
            table = self.rng.choice(idle)
            table.busy = True
            task = asyncio.create_task(turn(table))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        def fire_ping() -> None:
            assert ping is not None
            task = asyncio.create_task(self.ping(ping[0], ping[1], step))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        started = time.perf_counter()
        streams = []
        if rate > 0:
            streams.append(arrivals(rate, fire_move))
        if ping is not None:
            streams.append(arrivals(PING_RATE, fire_ping))
        await asyncio.gather(*streams)
        elapsed = time.perf_counter() - started
        while tasks:
            await asyncio.gather(*list(tasks), return_exceptions=True)
        return step, elapsed


def _groups(message: Any) -> list[dict[str, Any]]:
    """A board's enabled menus of more moves and pieces' buttons."""
    if message is None:
        return []
    return [
        c
        for c in walk_components(message.components)
        if (
            GROUP.match(str(c.get("custom_id", "")))
            or GROUP_BUTTON.match(str(c.get("custom_id", "")))
        )
        and not c.get("disabled")
    ]


def _action_ids(message: Any) -> list[re.Match[str]]:
    if message is None:
        return []
    out = []
    for comp in walk_components(message.components):
        m = ACTION.match(str(comp.get("custom_id", "")))
        if m and not comp.get("disabled"):
            out.append(m)
    return out


def _picture_ply(message: Any) -> int | None:
    for attachment in message.attachments:
        m = PICTURE.search(attachment.filename)
        if m:
            return int(m.group(1))
    return None


#: seconds between two samples of the process tree's PSS
PSS_EVERY = 1.0


async def sample_pss(bots: Bots) -> None:
    """Sample the tree's PSS until cancelled (the peak is kept in ``bots``)."""
    while True:
        await asyncio.to_thread(bots.sample)
        await asyncio.sleep(PSS_EVERY)


def pss_line(parts: dict[str, float], peak: float) -> str:
    each = ", ".join(f"{name} {mib:.0f}" for name, mib in parts.items())
    return f"{'':10s} PSS MiB: {each}; sum {sum(parts.values()):.0f}, peak so far {peak:.0f}"


# The run ---------------------------------------------------------------------------------------

HEADER = (
    f"{'game':10s} {'seats':>5s} {'rate':>5s} {'achv':>6s} {'first p50/p99':>14s} "
    f"{'done p50/p99':>15s} {'ping p50/p99':>13s} {'ratio':>5s} {'95% range':>9s} {'cpu/mv':>6s} "
    f"{'rss':>6s} {'rend':>5s} {'notes':s}"
)


def row(game: str, seats: int, rate: float, step: Step, elapsed: float, **extra: Any) -> str:
    ms = [v * 1000 for v in step.done]
    first = [v * 1000 for v in step.first]
    ping = [v * 1000 for v in step.ping_done]
    ratio = pct(ms, 0.5) / pct(ping, 0.5) if ping and ms else float("nan")
    low, high = ratio_interval(ms, ping)
    notes = []
    for name in ("busy", "refused", "lost", "restarts"):
        if getattr(step, name):
            notes.append(f"{name} {getattr(step, name)}")
    notes += [f"{kind} {n}" for kind, n in step.errors.items()]
    if step.gc_pause > 0.02:
        notes.append(f"benchmark gc pause {step.gc_pause * 1000:.0f} ms")
    return (
        f"{game:10s} {seats:5d} {rate:5.0f} {len(ms) / elapsed:6.1f} "
        f"{pct(first, 0.5):6.1f}/{pct(first, 0.99):<7.1f} "
        f"{pct(ms, 0.5):6.1f}/{pct(ms, 0.99):<8.1f} {pct(ping, 0.5):5.1f}/{pct(ping, 0.99):<7.1f} "
        f"{ratio:5.2f} {low:4.2f}-{high:4.2f} "
        f"{extra['cpu']:6.1f} {extra['rss']:6.0f} {extra['render']:5.1f} "
        f"{', '.join(notes)}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="+", default=["all"], help="games to play, or all")
    parser.add_argument(
        "--rates",
        type=float,
        nargs="+",
        default=[10, 25, 50, 100],
        help="moves per second, a step each",
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per step")
    parser.add_argument("--sizes", nargs="+", default=["2", "max"], help="seats per table")
    parser.add_argument("--clusters", type=int, default=1, help="bot processes (shard clusters)")
    parser.add_argument("--database-url", help="e.g. postgresql://...; default a temp SQLite")
    parser.add_argument(
        "--render-workers",
        type=int,
        default=os.cpu_count() or 1,
        help="the bot's RENDER_WORKERS (default one per core)",
    )
    parser.add_argument("--tables", type=int, help="tables per game and size (default by rate)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the arrivals and the dice")
    parser.add_argument("--profile", help="write a cProfile of the (first) bot process here")
    args = parser.parse_args()
    chosen = list(GAMES) if args.game == ["all"] else args.game
    for g in chosen:
        if g not in GAMES:
            parser.error(f"unknown game {g!r}; choose from {', '.join(GAMES)} or all")
    tables_per = args.tables or max(20, math.ceil(max(args.rates) * 1.2))

    tmp = tempfile.TemporaryDirectory(prefix="ranchhand-load-")
    database = args.database_url or str(Path(tmp.name) / "load.sqlite3")
    fake = FakeDiscord()
    await fake.start()
    guilds = [fake.create_guild(f"Load {i}") for i in range(max(2, 2 * args.clusters))]
    bots = start_bots(
        fake, args.clusters, database, args.render_workers, Path(tmp.name), args.profile
    )
    sampler: asyncio.Task[None] | None = None
    try:
        await asyncio.wait_for(_ready(fake, bots, args.clusters, guilds), 60)
        sampler = asyncio.create_task(sample_pss(bots))
        players = Players(fake, args.seed)
        here = fake.create_text_channel(guilds[0], "ping")
        pinger = fake.create_user("pinger")
        fake.add_member(guilds[0], pinger)
        print(
            f"Ranch Hand load: {args.clusters} bot process(es), "
            f"{'PostgreSQL' if args.database_url else 'SQLite'}, "
            f"RENDER_WORKERS={args.render_workers}, {os.cpu_count()} cores, "
            f"{args.seconds:.0f} s per step, Discord's default rate limits; "
            f"pings {PING_RATE:.0f}/s throughout; bot process(es) "
            + ", ".join(
                f"{p.pid} (metrics on port {port})"
                for p, port in zip(bots.procs, bots.ports, strict=True)
            ),
            flush=True,
        )
        # the bot idle but for pings: the pings' own cost and latency
        cpu0 = bots.cpu()
        idle, elapsed = await players.run([], 0, min(5.0, args.seconds), (pinger, here))
        ping_cpu = (bots.cpu() - cpu0) / max(1, len(idle.ping_done))
        print(
            f"idle bot: ping p50 {pct(idle.ping_done, 0.5) * 1000:.1f} ms, "
            f"p99 {pct(idle.ping_done, 0.99) * 1000:.1f} ms, "
            f"CPU per ping {ping_cpu * 1000:.1f} ms",
            flush=True,
        )
        print(HEADER, flush=True)
        for game in chosen:
            rules = games.get(game)
            sizes = sorted({rules.max_players if s == "max" else int(s) for s in args.sizes})
            for size in sizes:
                tables = await asyncio.gather(
                    *(
                        players.open_table(guilds[n % len(guilds)], game, size, n)
                        for n in range(tables_per)
                    )
                )
                # one unmeasured move per table, so each step starts warm
                await players.run(list(tables), 0, 0, None)
                # an idle-bot move: one table, nothing else going on
                single = Step()
                for t in tables[:5]:
                    if t.board is not None:
                        await players.move(t, single)
                for rate in args.rates:
                    if not bots.alive():
                        raise SystemExit("a bot process died; see its log above")
                    # what this process holds so far is frozen out of its collections, so
                    # their pauses stay short (noted when one passes 20 ms)
                    gc.collect()
                    gc.freeze()
                    PAUSES.take()
                    pictures = await drawn(bots, game)
                    cpu0 = bots.cpu()
                    step, elapsed = await players.run(
                        list(tables), rate, args.seconds, (pinger, here)
                    )
                    step.gc_pause = PAUSES.take()
                    used = bots.cpu() - cpu0 - ping_cpu * len(step.ping_done)
                    moves = max(1, len(step.done))
                    print(
                        row(
                            game,
                            size,
                            rate,
                            step,
                            elapsed,
                            cpu=used / moves * 1000,
                            rss=bots.peak_rss_mib(),
                            render=histogram_p50(pictures, await drawn(bots, game)),
                        ),
                        flush=True,
                    )
                    print(pss_line(bots.sample(), bots.peak_pss / 1024), flush=True)
                idle_ms = pct(single.done, 0.5) * 1000
                print(f"{'':10s} {size:5d} idle-bot move completion p50 {idle_ms:.1f} ms")
                for t in tables:
                    t.done = True  # these tables rest now
        bots.sample()
        parts = ", ".join(f"{name} {mib:.0f}" for name, mib in bots.peak_parts.items())
        print(f"peak PSS of the bot and its workers: {bots.peak_pss / 1024:.0f} MiB ({parts})")
        violations = [v for v in fake.violations if v.rule != "first_response_deadline"]
        late = len(fake.violations) - len(violations)
        print(
            f"emulator: {len(violations)} violations, {late} interactions unanswered in 3 s, "
            f"{fake.rate_limited} rate-limited requests"
        )
        for v in violations[:5]:
            print("  ", v)
        errors = logged_errors(Path(tmp.name))
        print(f"bot: {len(errors)} errors logged")
        for line in errors[:3]:
            print("  ", line)
    finally:
        if sampler is not None:
            sampler.cancel()
        codes = bots.stop()
        await fake.close()
        bad = [c for c in codes if c not in (0, -signal.SIGTERM)]
        if bad:
            for log in sorted(Path(tmp.name).glob("bot-*.log")):
                print(f"--- {log.name} (exit codes {codes}) ---")
                print(log.read_text(errors="replace")[-3000:])
        with contextlib.suppress(OSError):
            tmp.cleanup()


async def _ready(fake: FakeDiscord, bots: Bots, clusters: int, guilds: list[Any]) -> None:
    """Every guild's shard connected and the commands synced."""
    while True:
        if not bots.alive():
            raise SystemExit("the bot did not start; see its log")
        connected = all(fake.gateway.targets(g.id) for g in guilds)
        if connected and fake.commands():
            return
        await asyncio.sleep(0.1)


if __name__ == "__main__":
    asyncio.run(main())
