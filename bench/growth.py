"""A render worker's memory under a steady stream of distinct matches' pictures.

Draws seeded random playouts of every game (each match with its own seed, table size and
players' names, as a bot's matches are), every ``--every``-th position of each, in this one
process, and prints its RSS and PSS (``/proc/self/smaps_rollup``) every ``--report`` pictures,
with the largest caches under ``render/`` by entries. Memory that keeps climbing after the
first few hundred matches is a cache without a bound or a leak.

Run: ``python bench/growth.py --pictures 6000`` (minutes on two cores).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
import render  # noqa: E402
from games.rng import SeededRng  # noqa: E402
from render import cache as render_cache  # noqa: E402

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Zoë", "Łucja", "Øyvind", "Mia")


def _libc():
    import ctypes

    return ctypes.CDLL("libc.so.6")


def memory(pid: str = "self") -> tuple[float, float]:
    """(RSS, PSS) in MB of a process, from ``/proc/<pid>/smaps_rollup``."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                fields[parts[0][:-1]] = int(parts[1])
    return fields.get("Rss", 0) / 1024, fields.get("Pss", 0) / 1024


def matches(seed: int):
    """Endless (game, state, previous, action) of distinct matches, every game in turn."""
    keys = list(render.MODULES)
    n = 0
    while True:
        key = keys[n % len(keys)]
        rules = games.get(key)
        pick = random.Random(seed + n)
        low, high = rules.min_players, rules.max_players
        players = pick.randint(low, high)
        names = [f"{pick.choice(NAMES)}{pick.randint(1, 9999)}" for _ in range(players)]
        yield key, rules, names, seed + n, pick
        n += 1


def playout(rules, names, seed, pick, every):
    state = rules.new_game(names, rng=SeededRng(seed, 0))
    for ply in range(1, 3000):
        if rules.outcome(state) is not None:
            return
        seat = pick.choice(rules.to_act(state))
        action = pick.choice(rules.legal_actions(state, seat))
        after = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
        if ply % every == 0:
            yield after, state, action
        state = after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pictures", type=int, default=3000)
    parser.add_argument("--report", type=int, default=250)
    parser.add_argument("--every", type=int, default=5, help="draw every n-th position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, help="RENDER_CACHE_MB for this run")
    parser.add_argument("--trim", type=int, default=0, help="malloc_trim every n pictures")
    parser.add_argument("--locales", nargs="+", default=["en", "pl"])
    args = parser.parse_args()
    if args.budget is not None:
        render_cache.set_budget(args.budget)
    rss, pss = memory()
    print(f"imported: RSS {rss:.0f} MB, PSS {pss:.0f} MB")
    render.warm()
    rss, pss = memory()
    print(
        f"warm: RSS {rss:.0f} MB, PSS {pss:.0f} MB, render caches {render_cache.total_mb():.1f} MB"
    )
    drawn, started = 0, time.perf_counter()
    for key, rules, names, seed, pick in matches(args.seed):
        locale = pick.choice(args.locales)
        for state, previous, action in playout(rules, names, seed, pick, args.every):
            render.draw(key, state, previous=previous, last=action, locale=locale)
            drawn += 1
            if args.trim and drawn % args.trim == 0:
                _libc().malloc_trim(0)
            if drawn % args.report == 0:
                rss, pss = memory()
                print(
                    f"{drawn:6d} pictures {time.perf_counter() - started:6.0f}s  "
                    f"RSS {rss:6.1f} MB  PSS {pss:6.1f} MB  "
                    f"caches {render_cache.total_mb():6.1f} MB",
                    flush=True,
                )
            if drawn >= args.pictures:
                for line in render_cache.report():
                    print("  ", line)
                return


if __name__ == "__main__":
    main()
