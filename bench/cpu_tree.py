"""CPU of the bot's whole process tree per move, read from ``/proc`` by a process of its own.

It watches a running bot (``--pid``: the ``python -m bot`` process; ``--port``: its metrics
page) from outside whatever drives it (``bench/load.py`` prints both): every ``--every``
seconds it reads utime+stime of the bot and of every process under it (the render workers,
their template, the resource tracker, report workers; a process that ended keeps what it last
used) and the bot's ``ranchhand_moves_total``. Measuring starts once the bot has made
``--after`` moves (a benchmark's unmeasured warm-up moves) and ends once no move has been made
for ``--quiet`` seconds, the last move's tail included (its board posted, the buttons of the
board before it stripped, the writes after it). It prints, for that window, the moves made,
the CPU milliseconds of each part of the tree and per move, and each part's share; and for
the seconds before the first move (the bot idle, or answering pings only) each part's CPU per
second, so what a process does while nothing is asked of it shows.

With ``--pings RATE MS`` it also prints the figure without the pings sent alongside (their
count from their rate, each costing what ``bench/load.py`` measured on the idle bot), which is
the figure ``bench/load.py`` prints as ``cpu/mv``.

Run, next to ``bench/load.py --game farm --sizes 2 --rates 10 --seconds 30 --tables 20`` (20
warm-up moves, one per table, then 5 idle-bot moves before the step):
``python bench/cpu_tree.py --pid PID --port PORT --after 26 --pings 10 2.5``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from load_bots import _command, _stat, metric_total  # noqa: E402


def moves(port: int) -> float | None:
    """The bot's moves so far (every game), None if its page cannot be read."""
    return metric_total(port, "ranchhand_moves_total")


def role(pid: int, root: int, parents: dict[int, int]) -> str:
    if pid == root:
        return "bot"
    command = _command(pid)
    if "resource_tracker" in command:
        return "tracker"
    if pid in parents.values():
        return "template"
    return "workers"


class Tree:
    """The CPU seconds each process under ``root`` has used, those that ended included."""

    def __init__(self, root: int) -> None:
        self.root = root
        self.used: dict[int, float] = {}
        self.roles: dict[int, str] = {}

    def read(self) -> dict[str, float]:
        stats = {}
        for name in os.listdir("/proc"):
            if name.isdigit() and (s := _stat(int(name))) is not None:
                stats[int(name)] = s
        members = {self.root} if self.root in stats else set()
        frontier = set(members)
        while frontier:
            frontier = {p for p, s in stats.items() if s[0] in frontier and p not in members}
            members |= frontier
        parents = {p: stats[p][0] for p in members}
        for pid in members:
            self.used[pid] = stats[pid][1]
            if pid not in self.roles or self.roles[pid] == "workers":
                self.roles[pid] = role(pid, self.root, parents)
        parts: dict[str, float] = defaultdict(float)
        for pid, cpu in self.used.items():
            parts[self.roles[pid]] += cpu
        return dict(parts)

    def alive(self) -> bool:
        return _stat(self.root) is not None


def delta(after: dict[str, float], before: dict[str, float]) -> dict[str, float]:
    return {k: v - before.get(k, 0.0) for k, v in after.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pid", type=int, required=True, help="the bot's process id")
    parser.add_argument("--port", type=int, required=True, help="the bot's metrics port")
    parser.add_argument("--after", type=float, default=0, help="moves before measuring")
    parser.add_argument("--quiet", type=float, default=3.0, help="seconds with no move: the end")
    parser.add_argument("--every", type=float, default=0.25, help="seconds between readings")
    parser.add_argument(
        "--pings",
        type=float,
        nargs=2,
        metavar=("PER_SECOND", "CPU_MS"),
        help="pings sent alongside the moves and the CPU of one (bench/load.py's idle line): "
        "their share is also taken out, as bench/load.py takes it out",
    )
    args = parser.parse_args()

    tree = Tree(args.pid)
    idle_from = idle_cpu = None
    start = start_cpu = start_moves = None
    last_moves, last_change = 0.0, time.monotonic()
    while tree.alive():
        now, parts, made = time.monotonic(), tree.read(), moves(args.port)
        if made is None:
            time.sleep(args.every)
            continue
        if idle_from is None:
            idle_from, idle_cpu, idle_moves = now, parts, made
        if start is None and made == idle_moves:
            idle_until, idle_end = now, parts
        if start is None and made >= args.after and made > last_moves:
            start, start_cpu, start_moves = now, parts, made
        if made != last_moves:
            last_moves, last_change = made, now
        elif start is not None and now - last_change >= args.quiet:
            break
        time.sleep(args.every)
    if start is None or start_cpu is None or start_moves is None:
        raise SystemExit("no moves measured (is --after right? did the bot run?)")
    end_cpu = tree.read()
    used = delta(end_cpu, start_cpu)
    made = last_moves - start_moves
    total = sum(used.values())
    print(
        f"{made:.0f} moves in {last_change - start:.1f} s (+{args.quiet:.0f} s of tail): "
        f"{total * 1000:.0f} ms of CPU, {total / max(made, 1) * 1000:.2f} ms per move"
    )
    if args.pings:
        rate, ms = args.pings
        pings = rate * (last_change - start)
        left = total - pings * ms / 1000
        print(
            f"  without the pings' share (~{pings:.0f} pings of {ms:g} ms): "
            f"{left / max(made, 1) * 1000:.2f} ms per move"
        )
    for name, cpu in sorted(used.items(), key=lambda kv: -kv[1]):
        print(
            f"  {name:9s} {cpu * 1000:8.0f} ms  {cpu / max(made, 1) * 1000:6.2f} ms/move  "
            f"{cpu / max(total, 1e-9) * 100:5.1f} %"
        )
    if idle_cpu is not None and idle_until > idle_from:
        idle = delta(idle_end, idle_cpu)
        seconds = idle_until - idle_from
        each = ", ".join(f"{k} {v / seconds * 1000:.1f}" for k, v in sorted(idle.items()))
        print(f"before the first move ({seconds:.0f} s): CPU ms per second: {each}")


if __name__ == "__main__":
    main()
