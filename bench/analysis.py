"""Post-game analysis: CPU time, rollouts and the estimate's spread per game.

For each game, at 2 players and at its largest table, the longest of a few seeded matches
between easy computer players is analysed twice with different rollout seeds, each within
the CPU budget. Prints the match's moves, the CPU seconds and rollouts of the first run (and
rollouts per move), and the spread: the mean absolute difference of the two runs'
curves, in percentage points. Run: ``python bench/analysis.py [--budget 60] [--games farm,...]
[--tables 2,max]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from games import policies  # noqa: E402
from games.analysis import Match, Report, analyse, from_log  # noqa: E402
from games.rng import SeededRng  # noqa: E402

#: seeds tried for a long match
SEEDS = range(1, 4)


def long_match(key: str, players: int) -> Match:
    """The longest of a few seeded matches between easy computer players."""
    rules, easy = games.get(key), policies.get(key, "easy")
    names = [f"p{i}" for i in range(players)]
    extras = rules.seat_extras(list(range(1, players + 1)))
    best: Match | None = None
    for seed in SEEDS:
        state = rules.new_game(names, {}, rng=SeededRng(seed, 0), **extras)
        log: list[tuple[int, str]] = []
        while rules.outcome(state) is None:
            ply, seat = len(log) + 1, rules.to_act(state)[0]
            action = rules.forced_action(state, seat) or easy.choose(
                state, seat, rng=SeededRng(f"bench:{seed}", ply)
            )
            log.append((seat, rules.format_action(state, action)))
            state = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
        if best is None or len(log) > len(best.actions):
            best = from_log(key, names, seed, log, extras=extras)
    assert best is not None
    return best


def spread(one: Report, two: Report) -> float:
    """Mean absolute difference of two curves, in percentage points."""
    diffs = [
        abs(a - b)
        for x, y in zip(one.curve, two.curve, strict=True)
        for a, b in zip(x, y, strict=True)
    ]
    return 100 * sum(diffs) / len(diffs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=60.0, help="CPU seconds per report")
    parser.add_argument("--games", default=",".join(sorted(games.RULESETS)))
    parser.add_argument("--tables", default="2,max", help="player counts; max: the largest")
    args = parser.parse_args()
    print(
        f"{'game':<11} {'players':>7} {'moves':>5} {'cpu s':>6} {'rollouts':>8} "
        f"{'per move':>8} {'spread pp':>9}"
    )
    for key in args.games.split(","):
        rules = games.get(key)
        for table in args.tables.split(","):
            players = rules.max_players if table == "max" else int(table)
            match = long_match(key, players)
            one = analyse(match, rollout_seed=1, cpu_seconds=args.budget)
            two = analyse(match, rollout_seed=2, cpu_seconds=args.budget)
            moves = len(match.actions)
            print(
                f"{key:<11} {players:>7} {moves:>5} {one.cpu_seconds:>6.1f} {one.rollouts:>8} "
                f"{one.rollouts // max(moves, 1):>8} {spread(one, two):>9.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
