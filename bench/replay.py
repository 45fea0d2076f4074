"""Replay animations: size, frames and build time for a long random match of every game.

For each game, the longest of a few seeded random playouts at its largest table (stopping at
the first of 300 moves or more) is exported and animated as ``/game replay`` does it (in this
process; the bot runs it in a render worker). Prints moves, frames kept, the GIF's size and
the seconds it took.

    python bench/replay.py                  # every game
    python bench/replay.py --games cowboy
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
import render  # noqa: E402
from bot import replays  # noqa: E402
from ranchtest.playouts import long_match  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", nargs="*", choices=sorted(games.RULESETS), default=sorted(games.RULESETS)
    )
    args = parser.parse_args()
    render.warm()
    print(f"{'game':<11} {'players':>7} {'moves':>6} {'frames':>6} {'KB':>6} {'s':>5}")
    for key in args.games:
        data = long_match(key)
        start = time.perf_counter()
        gif, frames, moves = replays.animation(data)
        took = time.perf_counter() - start
        players = len(data["seats"])
        print(f"{key:<11} {players:>7} {moves:>6} {frames:>6} {len(gif) // 1024:>6} {took:>5.1f}")


if __name__ == "__main__":
    main()
