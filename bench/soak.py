"""Soak: the bot as its own process, killed again and again under load, then drained.

What runs: the Discord emulator (``fakediscord.FakeDiscord``, loopback only) and the simulated
players in this process; the bot in its own process, started through its real entry point
``python -m bot`` on a temporary SQLite file (or ``--database-url``). Several tables play at
once (Super Farmer and High Rollin', two players each: a new board per turn, and boards
updated in place within a turn); every player clicks the buttons of the newest board when it
is their turn. Every ``--interval`` seconds the bot is killed (SIGKILL: no goodbye, whatever it
was doing) and started again, ``--kills`` times; with ``--faults``, answers Discord gives are
also lost after it did the work (a 5xx, or the connection dropped) on callbacks, followups,
channel posts and edits. Then the load stops, the bot delivers what is left (the drain, at
most ``--drain`` seconds) and is stopped, and the run is checked:

- acknowledged moves: clicks whose answer, or a followup of it, was their move's new board;
  each must be in the action log exactly once (the row after the clicked board's ply, by
  that player);
- boards: no ply of a match shown by more than one message (by the picture's file name), the
  current position of each match on exactly one board, and no story left in the outbox;
- stale buttons: no message but a match's newest board still carries its move buttons (the
  drain also waits for the boards a killed process did not strip to be stripped again).

It prints these counts, and exits non-zero if any check failed (``SOAK_KEEP=1`` keeps the
database and the bot's logs). Run:
``python bench/soak.py --kills 20 --interval 4 --tables 6``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.store import open_store  # noqa: E402
from bot.store.rows import LoggedAction  # noqa: E402
from fakediscord import FakeDiscord  # noqa: E402
from fakediscord.models import ComponentError, walk_components  # noqa: E402

GAMES = ("farm", "highrollin")
MOVE = re.compile(r"^rh:([as]):(\d+):(\d+):(\d+):\d+$")
GROUP = re.compile(r"^rh:g:(\d+):(\d+):\d+$")
LIVE = re.compile(r"^rh:[asgtm]:(\d+):(\d+)")
PICTURE = re.compile(r"^[a-z]+-(\d+)-(\d+)\.png$")
#: where answers can be lost after the work (``--faults``)
LOSABLE = (
    ("POST", r"^/interactions/\d+/[^/]+/callback$"),
    ("POST", r"^/webhooks/\d+/[^/]+$"),
    ("POST", r"^/channels/\d+/messages$"),
    ("PATCH", r"^/channels/\d+/messages/\d+$"),
)


@dataclass
class Table:
    game: str
    channel: Any
    users: list[Any]
    matches: set[int] = field(default_factory=set)


@dataclass
class Click:
    """A click on a board: its match, the board's ply, who clicked, what came of it."""

    match_id: int
    ply: int
    user_id: int
    record: Any


def shown(message: Any) -> tuple[int, int] | None:
    """(match, ply) of the board a message shows, by its picture's file name."""
    for attachment in message.attachments:
        found = PICTURE.match(attachment.filename)
        if found:
            return int(found[1]), int(found[2])
    return None


def live_ids(message: Any) -> list[str]:
    return [
        str(c.get("custom_id"))
        for c in walk_components(message.components)
        if LIVE.match(str(c.get("custom_id", ""))) and not c.get("disabled")
    ]


# The bot's process ------------------------------------------------------------------------------


class Bot:
    def __init__(self, fake: FakeDiscord, database: str, logs: Path) -> None:
        self.fake, self.database, self.logs = fake, database, logs
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        env = {
            **os.environ,
            "DISCORD_TOKEN": self.fake.bot_token,
            "DISCORD_API_URL": self.fake.api_base,
            "DISCORD_GATEWAY_URL": self.fake.gateway_url,
            "RENDER_WORKERS": "1",
            "LOG_LEVEL": "WARNING",
            "SYNC_COMMANDS": "auto",
            "PYTHONPATH": str(ROOT),
        }
        env.pop("METRICS_PORT", None)
        key = "DATABASE_URL" if "://" in self.database else "DATABASE_PATH"
        env[key] = self.database
        self.starts += 1
        log = open(self.logs / f"bot-{self.starts}.log", "wb")  # noqa: SIM115 (the process's)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot"], cwd=ROOT, env=env, stdout=log, stderr=log
        )

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> int | None:
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        return self.proc.wait()

    async def ready(self, guild: Any, timeout: float = 60.0) -> None:
        """Connected to the gateway (a new session since the start) and commands synced."""
        before = set(self.fake.gateway.sessions)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                raise SystemExit(f"the bot exited ({self.proc.returncode}); see {self.logs}")
            fresh = [s for k, s in self.fake.gateway.sessions.items() if k not in before]
            live = any(not s.ended for s in fresh)
            if live and self.fake.commands() and self.fake.gateway.targets(guild.id):
                return
            await asyncio.sleep(0.05)
        raise SystemExit("the bot did not come back in time")


# The players ------------------------------------------------------------------------------------


class Players:
    def __init__(self, fake: FakeDiscord, seed: int) -> None:
        self.fake = fake
        self.rng = random.Random(seed)
        self.clicks: list[Click] = []
        self.stop = asyncio.Event()

    def newest_board(self, table: Table) -> Any:
        for message in reversed(self.fake.messages(table.channel)):
            if not message.ephemeral and live_ids(message):
                return message
        return None

    async def open_match(self, table: Table) -> None:
        fake = self.fake
        with fake.without_settling():
            rec = await fake.slash(table.users[0], table.channel, f"{table.game} new")
            if rec.response is None or rec.ephemeral:
                return
            lobby = rec.response
            for user in table.users[1:]:
                await fake.click(user, lobby, label="Join")
            await fake.click(table.users[0], lobby, label="Start")

    async def play(self, table: Table) -> None:
        """Whoever's turn it is clicks on the newest board, until told to stop."""
        while not self.stop.is_set():
            await asyncio.sleep(self.rng.uniform(0.05, 0.3))
            board = self.newest_board(table)
            try:
                if board is None:
                    await self.open_match(table)
                    await asyncio.sleep(1.0)
                    continue
                await self.move(table, board)
            except (ComponentError, KeyError, IndexError, StopIteration):
                continue  # the board changed under the click: look again

    async def move(self, table: Table, board: Any) -> None:
        fake, rng = self.fake, self.rng
        comps = list(walk_components(board.components))
        moves = [c for c in comps if MOVE.match(str(c.get("custom_id", "")))]
        if not moves:
            groups = [c for c in comps if GROUP.match(str(c.get("custom_id", "")))]
            if not groups:
                if not any(c.get("custom_id", "").startswith("rh:") for c in comps):
                    await self.open_match(table)
                return
            comp = rng.choice(groups)
            option = rng.choice(comp["options"])
            seat = int(str(option["value"]).split(".")[0])
            with fake.without_settling():
                rec = await fake.select(
                    table.users[seat], board, [option["value"]], custom_id=comp["custom_id"]
                )
            if rec.response is None or not rec.ephemeral:
                return
            menu = rec.response
            moves = [
                c
                for c in walk_components(menu.components)
                if MOVE.match(str(c.get("custom_id", "")))
            ]
            if not moves:
                return
            board = menu
        comp = rng.choice(moves)
        found = MOVE.match(comp["custom_id"])
        assert found is not None
        kind, match_id, ply, seat = found[1], int(found[2]), int(found[3]), int(found[4])
        user = table.users[seat]
        table.matches.add(match_id)
        with fake.without_settling():
            if kind == "a":
                rec = await fake.click(user, board, custom_id=comp["custom_id"])
            else:
                value = rng.choice(comp["options"])["value"]
                rec = await fake.select(user, board, [value], custom_id=comp["custom_id"])
        self.clicks.append(Click(match_id, ply, user.id, rec))
        await asyncio.sleep(0.2)


def acknowledged(click: Click) -> bool:
    """The click's answer, or a followup of it, was its move's new board."""
    answers = [click.record.response, *click.record.followups]
    for message in answers:
        if message is None or message.ephemeral:
            continue
        seen = shown(message)
        if seen is not None and seen[0] == click.match_id and seen[1] > click.ply:
            return True
    return False


# The run ----------------------------------------------------------------------------------------


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--interval", type=float, default=4.0, help="seconds between kills")
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--faults", type=int, default=0, help="answers lost per interval")
    parser.add_argument("--drain", type=float, default=120.0, help="seconds at most")
    parser.add_argument("--database-url", help="e.g. postgresql://...; default a temp SQLite")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.kills <= 200 or not 0.5 <= args.interval <= 60 or args.tables > 40:
        parser.error("keep it bounded: 1..200 kills, 0.5..60 s apart, at most 40 tables")

    files = Path(tempfile.mkdtemp(prefix="ranchhand-soak-"))
    if os.environ.get("SOAK_KEEP"):
        print("files (kept) in", files, flush=True)
    database = args.database_url or str(files / "soak.sqlite3")
    fake = FakeDiscord()
    await fake.start()
    rng = random.Random(args.seed)
    guild = fake.create_guild("Soak")
    bot = Bot(fake, database, files)
    players = Players(fake, args.seed)
    tables = []
    for n in range(args.tables):
        game = GAMES[n % len(GAMES)]
        channel = fake.create_text_channel(guild, f"{game}-{n}")
        users = [fake.create_user(f"t{n}p{p}") for p in range(2)]
        for user in users:
            fake.add_member(guild, user)
        tables.append(Table(game, channel, users))
    started = time.perf_counter()
    lost_answers = 0
    try:
        bot.start()
        await bot.ready(guild)
        for table in tables:
            await players.open_match(table)
        tasks = [asyncio.create_task(players.play(t)) for t in tables]
        for _ in range(args.kills):
            for _ in range(args.faults):
                method, path = rng.choice(LOSABLE)
                lost = {"status": 502} if rng.random() < 0.5 else {"reset": True}
                fake.faults.add(method=method, path_regex=path, after=True, **lost)
                lost_answers += 1
            await asyncio.sleep(args.interval)
            bot.kill()
            fake.faults.clear()
            bot.start()
            await bot.ready(guild)
        players.stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        load_s = time.perf_counter() - started
        drained = await drain(fake, database, tables, args.drain)
        code = bot.stop()
        return await report(players, tables, database, fake, load_s, drained, code, bot)
    finally:
        bot.kill()
        await fake.close()
        if not os.environ.get("SOAK_KEEP"):
            shutil.rmtree(files, ignore_errors=True)


async def drain(fake: FakeDiscord, database: str, tables: list[Table], limit: float) -> float:
    """Wait until no story is left in the outbox and no old board is due to lose its buttons
    (the dead processes' leases run out first); returns how long it took."""
    url = database if "://" in database else f"sqlite:///{database}"
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        await asyncio.sleep(2.0)
        store = await open_store(url)
        try:
            left = await store.outbox.boards_pending() + await store.boards.strips_pending()
        finally:
            await store.close()
        if left == 0:
            await fake.settle()
            return time.perf_counter() - started
    return float("nan")


async def report(
    players: Players,
    tables: list[Table],
    database: str,
    fake: FakeDiscord,
    load_s: float,
    drained: float,
    code: int | None,
    bot: Bot,
) -> int:
    url = database if "://" in database else f"sqlite:///{database}"
    store = await open_store(url)
    try:
        acked = [c for c in players.clicks if acknowledged(c)]
        missing = doubled = 0
        logs: dict[int, list[LoggedAction]] = {}
        for click in acked:
            if click.match_id not in logs:
                logs[click.match_id] = await store.matches.actions(click.match_id)
            rows = [r for r in logs[click.match_id] if r.ply == click.ply + 1]
            mine = [r for r in rows if (r.user_id or 0) == click.user_id]
            missing += not mine
            doubled += len(mine) > 1
        twice = unshown = stale = pending = 0
        seen: list[str] = []
        plies = matches = 0
        for table in tables:
            messages = [m for m in fake.messages(table.channel) if not m.ephemeral]
            for match_id in sorted(table.matches):
                row = await store.matches.match(match_id)
                if row is None:
                    continue
                matches += 1
                current = row.ply
                counts = Counter(
                    s[1] for m in messages if (s := shown(m)) is not None and s[0] == match_id
                )
                plies += len(counts)
                twice += sum(1 for n in counts.values() if n > 1)
                latest = await store.boards.latest_board(match_id)
                newest = latest.message_id if latest is not None else None
                if counts[current] != 1:
                    unshown += 1
                    board = fake.get_message(newest) if newest is not None else None
                    seen.append(
                        f"match {match_id} ({row.status}) at ply {current}: shown "
                        f"{sorted(counts)[-3:]}; its board {newest} shows "
                        f"{board and shown(board)}"
                    )
                for m in messages:
                    ids = [i for i in live_ids(m) if int(LIVE.match(i)[1]) == match_id]  # type: ignore[index]
                    if ids and m.id != newest:
                        stale += 1
                        seen.append(f"match {match_id} at ply {current}: message {m.id} "
                                    f"shows {shown(m)}, buttons {ids[:2]}")  # fmt: skip
                pending += await store.outbox.undelivered(match_id)
    finally:
        await store.close()
    plain = len(players.clicks) - len(acked)
    print(
        f"Ranch Hand soak: {bot.starts - 1} kills (SIGKILL) in {load_s:.0f} s of load, "
        f"{len(tables)} tables, {matches} matches, drained in {drained:.1f} s, "
        f"final stop exit code {code}"
    )
    print(f"clicks {len(players.clicks)}: acknowledged by their board {len(acked)}, other {plain}")
    print(f"acknowledged moves missing from the log: {missing}; stored twice: {doubled}")
    print(
        f"plies on a board: {plies}; shown by 2+ messages: {twice}; "
        f"matches whose position is not on exactly one board: {unshown}"
    )
    print(f"stale boards with live buttons: {stale}; stories left in the outbox: {pending}")
    for line in seen[:8]:
        print("  ", line)
    violations = Counter(v.rule for v in fake.violations)
    print(f"emulator: {dict(violations) or 'no violations'}")
    ok = not (missing or doubled or twice or unshown or stale or pending)
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
