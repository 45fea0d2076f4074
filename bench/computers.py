"""Computer players at the table: how long a decision takes through the worker pool.

Plays each game with easy players to collect positions where a seat has a real choice, then
times ``Computers``' path for each: ``Renderer.run(decide_index, ...)`` in worker processes
(the state pickled there and back) and in a thread (``RENDER_WORKERS=0``), at both levels.
Prints p50/p95/max in milliseconds and how many decisions would pass the 2 s budget.

    python bench/computers.py                      # every game, 40 positions each
    python bench/computers.py --games farm --positions 100 --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
import games.policies as policies
from bot.computers import BUDGET, decide_index
from bot.render_pool import Renderer
from games.rng import SeededRng


def positions(key: str, count: int) -> list[tuple[object, int, int]]:
    """(state, seat, ply) where the acting seat has more than one legal action."""
    rules = games.get(key)
    easy = policies.get(key, "easy")
    found: list[tuple[object, int, int]] = []
    game = 0
    while len(found) < count and game < 50:
        names = [f"p{i}" for i in range(max(2, min(4, rules.max_players)))]
        state = rules.new_game(names, {}, rng=SeededRng(f"bench:{game}", 0))
        for ply in range(1, 400):
            if rules.outcome(state) is not None or len(found) >= count:
                break
            seat = rules.to_act(state)[0]
            menu = rules.legal_actions(state, seat)
            if len(menu) > 1 and ply % 3 == 0:
                found.append((state, seat, ply))
            action = easy.choose(state, seat, rng=SeededRng(f"bench:{game}", ply), actions=menu)
            state = rules.apply(state, seat, action, rng=SeededRng(f"bench:{game}", ply)).state
        game += 1
    return found


async def measure(renderer: Renderer, key: str, level: str, spots: list) -> list[float]:
    times = []
    for state, seat, ply in spots:
        start = time.perf_counter()
        await renderer.run(decide_index, key, level, state, seat, 1, ply, timeout=30)
        times.append((time.perf_counter() - start) * 1000)
    return times


def line(key: str, where: str, level: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    over = sum(t > BUDGET * 1000 for t in times)
    return (
        f"{key:<11} {where:<8} {level:<7} {len(times):>4} {statistics.median(times):>8.1f} "
        f"{p95:>8.1f} {max(times):>8.1f} {over:>5}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", nargs="*", default=sorted(games.RULESETS), help="games (default all)"
    )
    parser.add_argument("--positions", type=int, default=40, help="positions decided per game")
    parser.add_argument("--workers", type=int, default=2, help="render worker processes")
    args = parser.parse_args()
    pools = {"process": Renderer(args.workers), "thread": Renderer(0)}
    for pool in pools.values():
        await pool.start()
    try:
        print(
            f"{'game':<11} {'where':<8} {'level':<7} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} "
            f"{'max ms':>8} {'>2s':>5}"
        )
        for key in args.games:
            spots = positions(key, args.positions)
            for where, pool in pools.items():
                for level in policies.LEVELS:
                    print(line(key, where, level, await measure(pool, key, level, spots)))
    finally:
        for pool in pools.values():
            await pool.close()


if __name__ == "__main__":
    asyncio.run(main())
