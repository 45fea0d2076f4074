"""High Rollin' simulation: how the wobble model feels over many games of random legal play.

Plays ``--games`` games per player count, every move picked uniformly from the legal actions,
and prints game length (turns, rounds, moves), how often towers fall and from what heights, and
where the points come from. A benchmark, not a test: 10,000 games per player count takes a few
minutes (``--jobs`` spreads the games over processes).

    python -m bench.highrollin_sim --games 10000
    python -m bench.highrollin_sim --games 2000 --towers steady
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.highrollin import RULES, Place, Roll
from games.highrollin.model import HighRollinState


class FastRng:
    """One ``random.Random`` per game (the bot's per-ply seeding is needless here)."""

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)

    def roll(self, faces):  # type: ignore[no-untyped-def]
        options = range(1, faces + 1) if isinstance(faces, int) else faces
        return options[self._r.randrange(len(options))]

    def randint(self, lo: int, hi: int) -> int:
        return self._r.randint(lo, hi)

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return seq[self._r.randrange(len(seq))]

    def shuffle(self, seq):  # type: ignore[no-untyped-def]
        items = list(seq)
        self._r.shuffle(items)
        return items

    def random(self) -> float:
        return self._r.random()


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    turns: int = 0
    rounds: int = 0
    falls: Counter[str] = field(default_factory=Counter)
    fallen_dice: int = 0
    #: (kind, height) -> falls; for a drop the height is the stack's size
    fall_heights: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: new tower height -> placements reaching it
    placed_at: Counter[int] = field(default_factory=Counter)
    tallest: Counter[int] = field(default_factory=Counter)
    points_own: int = 0
    points_fall: int = 0
    max_moves: int = 0

    def add(self, other: Tally) -> None:
        for name in (
            "games",
            "moves",
            "turns",
            "rounds",
            "fallen_dice",
            "points_own",
            "points_fall",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("falls", "fall_heights", "placed_at", "tallest"):
            getattr(self, name).update(getattr(other, name))
        self.max_moves = max(self.max_moves, other.max_moves)


def play(players: int, towers: str, seeds: range) -> Tally:
    tally = Tally()
    names = [f"p{i}" for i in range(players)]
    for seed in seeds:
        rng = FastRng(seed)
        pick = random.Random(-seed - 1)
        state: HighRollinState = RULES.new_game(names, {"towers": towers}, rng=rng)
        moves = 0
        tallest = 1
        while not state.winners:
            seat = state.turn
            action = pick.choice(RULES.legal_actions(state, seat))
            if isinstance(action, Place):
                tally.placed_at[len(state.towers[action.tower]) + 1] += 1
            elif isinstance(action, Roll):
                tally.turns += 1
            before = state.scores
            game = state.game
            state = RULES.apply(state, seat, action, rng=rng).state
            moves += 1
            tallest = max(tallest, *(len(t) for t in state.towers))
            if state.game == game and not state.winners:
                gains = [a - b for a, b in zip(state.scores, before, strict=True)]
                tally.points_own += gains[seat]
                tally.points_fall += sum(gains) - gains[seat]
            fall = state.fall
            if fall is not None:
                tally.falls[fall.kind] += 1
                tally.fallen_dice += len(fall.dice)
                tally.fall_heights[fall.kind, fall.height] += 1
        tally.games += 1
        tally.moves += moves
        tally.rounds += state.round
        tally.tallest[tallest] += 1
        tally.max_moves = max(tally.max_moves, moves)
    return tally


def run(players: int, towers: str, games: int, jobs: int, seed: int) -> Tally:
    base = seed * 1_000_003 + players * 100_000_000
    if jobs <= 1:
        return play(players, towers, range(base, base + games))
    chunk = -(-games // jobs)
    parts = [range(base + i, min(base + games, base + i + chunk)) for i in range(0, games, chunk)]
    total = Tally()
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(play, [players] * len(parts), [towers] * len(parts), parts):
            total.add(part)
    return total


def report(players: int, t: Tally, seconds: float) -> None:
    g = t.games
    print(f"\n== {players} players: {g} games in {seconds:.0f} s ==")
    print(
        f"game length: {t.turns / g:.1f} turns, {t.rounds / g:.2f} rounds, {t.moves / g:.0f} "
        f"moves (longest {t.max_moves})"
    )
    falls = sum(t.falls.values())
    kinds = ", ".join(f"{k} {t.falls[k] / g:.2f}" for k in ("topple", "knock", "drop"))
    if falls:
        print(
            f"falls per game: {falls / g:.2f} ({kinds}); one fall every {t.turns / falls:.1f} "
            f"turns; {t.fallen_dice / falls:.1f} dice per fall"
        )
    else:
        print("falls per game: none")
    points = t.points_own + t.points_fall
    print(
        f"points: {100 * t.points_fall / max(1, points):.0f}% from others' falls, "
        f"{100 * t.points_own / max(1, points):.0f}% from tower scores and going out"
    )
    print("stacking onto height h: placements per game, topples, observed rate")
    for h in sorted(t.placed_at):
        n = t.placed_at[h]
        top = t.fall_heights["topple", h]
        if n / g >= 0.01 or top:
            print(f"  h={h:2d}: {n / g:6.2f} per game, {top:6d} topples, {100 * top / n:5.1f}%")
    knocks = sorted((h, n) for (k, h), n in t.fall_heights.items() if k == "knock")
    if knocks:
        print("knocks by tallest height: " + ", ".join(f"{h}: {n}" for h, n in knocks))
    drops = sorted((h, n) for (k, h), n in t.fall_heights.items() if k == "drop")
    if drops:
        print("dropped penalty stacks by size: " + ", ".join(f"{h}: {n}" for h, n in drops))
    tall = sorted(t.tallest.items())
    mean = sum(h * n for h, n in tall) / g
    print(f"tallest tower in a game: mean {mean:.1f}; " + ", ".join(f"{h}: {n}" for h, n in tall))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per player count")
    parser.add_argument(
        "--players", type=int, nargs="*", default=[2, 3, 4], help="player counts to simulate"
    )
    parser.add_argument(
        "--towers", choices=("wobbly", "steady"), default="wobbly", help="the towers option"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = parser.parse_args(argv)
    print(f"High Rollin' random legal play, towers={args.towers}, {args.games} games each")
    for players in args.players:
        start = time.perf_counter()
        tally = run(players, args.towers, args.games, args.jobs, args.seed)
        report(players, tally, time.perf_counter() - start)


if __name__ == "__main__":
    main()
