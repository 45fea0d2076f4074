"""Tournament pairing, measured: the time to pair a Swiss round (the search for the fewest
repeat meetings) by the number of players and rounds, with random results, and the repeats
it had to allow.

    python bench/league.py                    # 8..128 players, up to 12 rounds, 5 tournaments
    python bench/league.py --players 16 --rounds 15 --count 20

Prints, per size, the median and slowest pairing of a round and the repeat meetings in all.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.league import Entrant, Format, Kind, League, Result


def tournament(players: int, rounds: int, seed: int) -> tuple[list[float], int]:
    rng = random.Random(seed)
    entrants = tuple(Entrant(p, rng.uniform(0, 50)) for p in range(1, players + 1))
    league = League.start(Format(Kind.SWISS, rounds), entrants)
    times, repeats = [], 0
    while not league.finished:
        before = league.met()
        started = time.perf_counter()
        league = league.next_round()
        times.append(time.perf_counter() - started)
        repeats += sum(1 for t in league.current.tables if before[frozenset(t.seats)])
        for table in league.unfinished():
            places = tuple(rng.sample([1, 2], 2)) if rng.random() < 0.9 else (1, 1)
            league = league.record(Result(table.round, table.number, places))
    return times, repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=[8, 16, 32, 64, 128])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--count", type=int, default=5)
    args = parser.parse_args()
    print(f"{'players':>7} {'rounds':>6} {'median ms':>10} {'slowest ms':>11} {'repeats':>8}")
    for players in args.players:
        rounds = min(args.rounds, players - 1 if players % 2 == 0 else players)
        times, repeats = [], 0
        for seed in range(args.count):
            got, rep = tournament(players, rounds, seed)
            times += got
            repeats += rep
        print(
            f"{players:>7} {rounds:>6} {statistics.median(times) * 1e3:>10.2f}"
            f" {max(times) * 1e3:>11.2f} {repeats:>8}"
        )


if __name__ == "__main__":
    main()
