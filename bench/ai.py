"""Computer players, measured: tournaments per game, win rates and time per decision.

For each game, at 2 players and at the game's largest table, plays strong against easy and
easy against uniformly random play: one seat of the first level, every other seat the second,
the seat rotating from game to game. Prints the first level's share of wins (a shared win
counts as a share) with a 95 % Wilson interval, what an even share would be, and the time per
decision (only decisions with more than one legal action) p50/p99 per level: the CPU time of
the deciding thread, which other work on the machine does not inflate, and the wall-clock p99.

    python bench/ai.py                          # every game, 200 games per line
    python bench/ai.py --games farm cowboy --count 400 --jobs 2
    python bench/ai.py --tables 2 --limit 600   # 2 players only, stop dealing games after 10 min

``--limit`` bounds the wall-clock time: games not started by then are left out, and the table
says how many were played.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
import games.policies as policies
from games.policies.arena import play

MATCHUPS = (("strong", "easy"), ("easy", "random"))
CHUNK = 5


def player(key: str, level: str) -> object:
    return policies.random_player(key) if level == "random" else policies.get(key, level)


def run_chunk(
    key: str, players: int, first: str, second: str, seeds: list[int]
) -> tuple[list[float], dict[str, list[float]], int]:
    """Play ``seeds``; the first level sits at seat ``seed % players``."""
    a, b = player(key, first), player(key, second)
    shares: list[float] = []
    times: dict[str, list[float]] = defaultdict(list)
    unfinished = 0
    for seed in seeds:
        seat = seed % players
        seats = [a if s == seat else b for s in range(players)]
        result = play(key, seats, f"bench:{key}:{players}:{first}:{second}:{seed}")
        unfinished += not result.finished
        winners = result.winners
        shares.append(1 / len(winners) if seat in winners else 0.0)
        for s, spent in result.cpu.items():
            times[first if s == seat else second].extend(spent)
        for s, spent in result.times.items():
            times["wall " + (first if s == seat else second)].extend(spent)
    return shares, dict(times), unfinished


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(times: dict[str, list[float]], level: str) -> str:
    t, wall = times.get(level, []), times.get("wall " + level, [])
    return (
        f"{quantile(t, 0.5) * 1000:.1f}/{quantile(t, 0.99) * 1000:.1f}"
        f" ({quantile(wall, 0.99) * 1000:.0f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--games", nargs="*", default=sorted(games.RULESETS), help="games to play (default all)"
    )
    parser.add_argument("--count", type=int, default=200, help="games per line")
    parser.add_argument(
        "--tables", nargs="*", default=["2", "max"], help="player counts: numbers or max"
    )
    parser.add_argument(
        "--matchups",
        nargs="*",
        default=[f"{a}-{b}" for a, b in MATCHUPS],
        help="level pairs, first against second: strong-easy, easy-random",
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--limit", type=float, default=1800.0, help="seconds to deal games")
    args = parser.parse_args()

    lines = []
    for key in args.games:
        rules = games.get(key)
        sizes = []
        for t in args.tables:
            n = rules.max_players if t == "max" else int(t)
            if rules.min_players <= n <= rules.max_players and n not in sizes:
                sizes.append(n)
        for n in sizes:
            for m in args.matchups:
                first, second = m.split("-")
                lines.append((key, n, first, second))

    started = time.monotonic()
    tallies: dict[tuple[str, int, str, str], list] = {
        line: [[], defaultdict(list), 0] for line in lines
    }
    # every line advances together, so a time limit leaves each with a fair share of games
    jobs = [
        (line, list(range(i, min(args.count, i + CHUNK))))
        for i in range(0, args.count, CHUNK)
        for line in lines
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        pending = {}
        queue = list(jobs)
        while queue or pending:
            while queue and len(pending) < 2 * args.jobs:
                if time.monotonic() - started > args.limit:
                    queue.clear()
                    break
                line, seeds = queue.pop(0)
                pending[pool.submit(run_chunk, *line, seeds)] = line
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                line = pending.pop(future)
                shares, times, unfinished = future.result()
                tally = tallies[line]
                tally[0].extend(shares)
                for level, spent in times.items():
                    tally[1][level].extend(spent)
                tally[2] += unfinished

    print(
        f"{'game':<11}{'table':>5}  {'matchup':<15}{'games':>6}{'win':>7}  {'95% CI':<13}"
        f"{'even':>6}  {'first: cpu ms p50/p99 (wall p99)':>34}  {'second level':>26}"
    )
    for line in lines:
        key, n, first, second = line
        shares, times, unfinished = tallies[line]
        played = len(shares)
        wins = sum(shares)
        lo, hi = wilson(wins, played)
        rate = wins / played if played else 0.0

        note = f"  ({unfinished} unfinished)" if unfinished else ""
        print(
            f"{key:<11}{n:>5}  {first + ' v ' + second:<15}{played:>6}{rate:>7.1%}  "
            f"{lo:>5.1%}-{hi:<6.1%}{1 / n:>6.0%}  "
            f"{ms(times, first):>34}  {ms(times, second):>26}{note}"
        )
    print(f"\n{time.monotonic() - started:.0f} s, {args.jobs} processes")


if __name__ == "__main__":
    main()
