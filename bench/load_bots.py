"""The load benchmark's side of the bot's processes (``bench/load.py``): starting them through
the bot's real entry point, their CPU and memory from ``/proc``, their render histogram from
their metrics pages, and the errors they logged."""

from __future__ import annotations

import math
import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ranchtest.pgserver import free_port  # noqa: E402

if TYPE_CHECKING:
    from fakediscord import FakeDiscord

TICKS = os.sysconf("SC_CLK_TCK")


def pss_kib(pid: int) -> int | None:
    """A process's proportional set size (kB, from ``/proc/<pid>/smaps_rollup``): its own
    pages, and its share of the pages it shares with others, so the sum over processes is
    what they hold together (RSS counts a shared page once in each)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def _command(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _stat(pid: int) -> tuple[int, float, int] | None:
    """(parent pid, cpu seconds, peak RSS kB) of a process, None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/status") as f:
            hwm = next((int(line.split()[1]) for line in f if line.startswith("VmHWM")), 0)
    except (OSError, StopIteration, ValueError):
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS, hwm


#: a line the bot logs at ERROR or CRITICAL (discord.py's log format, plain or coloured)
ERROR_LINE = re.compile(r"^\[?\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\]? \[?(?:ERROR|CRITICAL)\b")
COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def logged_errors(logs: Path) -> list[str]:
    """The error lines of the bot processes' logs: a run whose moves went through while the
    bot logged errors is not a clean run."""
    found = []
    for log in sorted(logs.glob("bot-*.log")):
        lines = COLOUR.sub("", log.read_text(errors="replace")).splitlines()
        found += [line for line in lines if ERROR_LINE.match(line)]
    return found


class Bots:
    """The bot process(es) and everything they started."""

    def __init__(self, procs: list[subprocess.Popen[bytes]], ports: list[int]) -> None:
        self.procs = procs
        #: each process's metrics page (loopback)
        self.ports = ports
        #: cpu seconds of children that already ended (they are not in /proc any more)
        self.seen: dict[int, float] = {}
        #: the largest PSS (kB) of the whole tree seen by ``sample``, and that moment's parts
        self.peak_pss = 0
        self.peak_parts: dict[str, float] = {}

    def tree(self) -> dict[int, tuple[float, int]]:
        stats = {}
        for name in os.listdir("/proc"):
            if name.isdigit():
                s = _stat(int(name))
                if s is not None:
                    stats[int(name)] = s
        roots = {p.pid for p in self.procs}
        members: dict[int, tuple[float, int]] = {}
        frontier = set(roots)
        while frontier:
            members.update({pid: stats[pid][1:] for pid in frontier if pid in stats})
            frontier = {pid for pid, s in stats.items() if s[0] in frontier and pid not in members}
        return members

    def cpu(self) -> float:
        for pid, (cpu, _) in self.tree().items():
            self.seen[pid] = cpu
        return sum(self.seen.values())

    def pss_parts(self) -> dict[str, float]:
        """PSS in MiB of each process of the tree now, by role: ``bot`` (the processes
        started), ``template`` (the fork server the workers are forked from), ``tracker``
        (multiprocessing's resource tracker) and ``worker N``."""
        roots = {p.pid for p in self.procs}
        members = self.tree()
        parents = {pid: s[0] for pid in members if (s := _stat(pid)) is not None}
        parts: dict[str, float] = {}
        workers = 0
        for pid in sorted(members):
            kib = pss_kib(pid)
            if kib is None:
                continue
            if pid in roots:
                name = "bot" if len(roots) == 1 else f"bot {pid}"
            elif "resource_tracker" in _command(pid):
                name = f"tracker {pid}" if "tracker" in parts else "tracker"
            elif pid in parents.values():
                name = f"template {pid}" if "template" in parts else "template"
            else:
                workers += 1
                name = f"worker {workers}"
            parts[name] = kib / 1024
        return parts

    def sample(self) -> dict[str, float]:
        """PSS of the tree now (MiB by process), remembering the peak of their sum."""
        parts = self.pss_parts()
        total = sum(parts.values())
        if total * 1024 > self.peak_pss:
            self.peak_pss = int(total * 1024)
            self.peak_parts = parts
        return parts

    def peak_rss_mib(self) -> float:
        return sum(hwm for _, hwm in self.tree().values()) / 1024

    def alive(self) -> bool:
        return all(p.poll() is None for p in self.procs)

    def stop(self, grace: float = 20.0) -> list[int]:
        for p in self.procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        codes = []
        for p in self.procs:
            try:
                codes.append(p.wait(grace))
            except subprocess.TimeoutExpired:
                p.kill()
                codes.append(p.wait())
        return codes


def start_bots(
    fake: FakeDiscord,
    clusters: int,
    database: str,
    workers: int,
    logs: Path,
    profile: str | None = None,
) -> Bots:
    procs, ports = [], []
    for i in range(clusters):
        ports.append(free_port())
        env = {
            **os.environ,
            "DISCORD_TOKEN": fake.bot_token,
            "DISCORD_API_URL": fake.api_base,
            "DISCORD_GATEWAY_URL": fake.gateway_url,
            "RENDER_WORKERS": str(workers),
            "LOG_LEVEL": "WARNING",
            "SYNC_COMMANDS": "always" if i == 0 else "never",
            "PYTHONPATH": str(ROOT),
            "METRICS_PORT": str(ports[-1]),
        }
        if "://" in database:
            env["DATABASE_URL"] = database
        else:
            env["DATABASE_PATH"] = database
        args = [sys.executable, "-m", "bot"]
        if profile and i == 0:
            args = [sys.executable, "-m", "cProfile", "-o", profile, "-m", "bot"]
        if clusters > 1:
            args += ["--shards", str(i), "--shard-count", str(clusters)]
        log = open(logs / f"bot-{i}.log", "wb")  # noqa: SIM115 (kept open for the process)
        procs.append(subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=log))
    return Bots(procs, ports)


_BUCKET = re.compile(
    r'^ranchhand_render_seconds_bucket\{[^}]*game="(\w+)"[^}]*le="([^"]+)"\} (\S+)$'
)


async def drawn(bots: Bots, game: str) -> dict[float, float] | None:
    """The bot processes' render histogram of ``game`` so far: {upper bound s: count}; None if
    a metrics page could not be read."""
    counts: dict[float, float] = {}
    async with aiohttp.ClientSession() as http:
        for port in bots.ports:
            try:
                async with http.get(f"http://127.0.0.1:{port}/metrics") as resp:
                    text = await resp.text()
            except aiohttp.ClientError as err:  # the column shows nan; the run goes on
                print(f"(the metrics page on port {port} could not be read: {err})", flush=True)
                return None
            for line in text.splitlines():
                m = _BUCKET.match(line)
                if m and m.group(1) == game:
                    bound = float(m.group(2))
                    counts[bound] = counts.get(bound, 0.0) + float(m.group(3))
    return counts


def metric_total(port: int, name: str) -> float | None:
    """The sum of every series of ``name`` (all its labels) on a bot's metrics page right now
    (0 while it has none); None if the page cannot be read."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as resp:
            text = resp.read().decode()
    except OSError:
        return None
    series = re.compile(rf"^{re.escape(name)}(?:\{{[^}}]*\}})? (\S+)$")
    return sum(float(m.group(1)) for line in text.splitlines() if (m := series.match(line)))


def histogram_p50(before: dict[float, float] | None, after: dict[float, float] | None) -> float:
    """The median in ms of what was observed between two readings of a histogram, found
    between its buckets' bounds as Prometheus' ``histogram_quantile`` finds it (nan if either
    reading is missing or nothing was observed)."""
    if before is None or after is None:
        return float("nan")
    bounds = sorted(after)
    cumulative = [after[b] - before.get(b, 0.0) for b in bounds]
    if not cumulative or cumulative[-1] <= 0:
        return float("nan")
    rank = cumulative[-1] / 2
    low, below = 0.0, 0.0
    for bound, count in zip(bounds, cumulative, strict=True):
        if count >= rank:
            if math.isinf(bound):
                return low * 1000
            return (low + (bound - low) * (rank - below) / max(count - below, 1e-9)) * 1000
        low, below = bound, count
    return float("nan")
