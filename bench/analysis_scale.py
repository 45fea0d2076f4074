"""The horizon scores of the post-game analysis (``games.analysis.values``) against rollouts
played to the end.

From every few positions of the bench's long matches, rollouts of easy computer players are
played to the end; at each horizon the seats' scores are noted. For every horizon: the scale
that best predicts the rollouts' results from those scores (least squared error), the error
left, the variance of one scored rollout (what the estimate's spread grows with) and its
plies (what its CPU time grows with), beside the variance and plies of rollouts played to the
end. Run: ``python bench/analysis_scale.py [--games cowboy,...] [--players 2] [--rollouts 6]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from analysis import long_match  # noqa: E402

import games  # noqa: E402
from games import policies  # noqa: E402
from games.analysis import values  # noqa: E402
from games.analysis.replay import replay, shares  # noqa: E402
from games.rng import SeededRng  # noqa: E402

#: the games whose rollouts stop at a horizon and are scored (their entries' ``Scoring``)
SCORED = tuple(k for k in games.registry.game_keys() if games.registry.entry(k).scoring)
HORIZONS = (6, 10, 15, 20, 30, 40, 60, 80)
SCALES = [round(0.0005 * 1.25**i, 6) for i in range(60)]


def samples(key: str, players: int, rollouts: int, every: int) -> list[dict]:
    """One row per rollout: its position's index, the scores at each horizon it reached
    unfinished, its plies and its result."""
    rules, easy = games.get(key), policies.get(key, "easy")
    scoring = games.registry.entry(key).scoring
    assert scoring is not None, f"{key}: rollouts are played to the end, never scored"
    score = scoring.scores
    match = long_match(key, players)
    first, plies = replay(match)
    states = [first] + [p.after for p in plies]
    rows = []
    for i in range(0, len(states) - 1, every):
        for run in range(rollouts):
            state, seen, n = states[i], {}, 0
            while rules.outcome(state) is None and n < 3000:
                if n in HORIZONS:
                    seen[n] = score(state)[:players]
                seat = rules.to_act(state)[0]
                rng = SeededRng(f"scale:{run}:c", i + n)
                action = rules.forced_action(state, seat) or easy.choose(state, seat, rng=rng)
                state = rules.apply(state, seat, action, rng=SeededRng(f"scale:{run}", i + n))
                state = state.state
                n += 1
            rows.append({"at": i, "seen": seen, "plies": n, "won": shares(rules, state, players)})
    return rows


def fit(rows: list[dict], h: int) -> tuple[float, float, float, float]:
    """The best scale at horizon ``h``: (scale, squared error, variance of one scored
    rollout, mean plies of a scored rollout)."""
    best = (0.0, float("inf"), 0.0, 0.0)
    for scale in SCALES:
        err, vals = 0.0, []
        for r in rows:
            guess = (
                values.softmax([scale * v for v in r["seen"][h]]) if h in r["seen"] else r["won"]
            )
            err += sum((g - w) ** 2 for g, w in zip(guess, r["won"], strict=True))
            vals.append(guess[0])
        err /= len(rows)
        if err < best[1]:
            best = (scale, err, variance(vals), 0.0)
    plies = sum(min(r["plies"], h) for r in rows) / len(rows)
    return best[0], best[1], best[2], plies


def variance(xs: list[float]) -> float:
    mean = sum(xs) / len(xs)
    return sum((x - mean) ** 2 for x in xs) / len(xs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(sorted(SCORED)))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rollouts", type=int, default=6)
    parser.add_argument("--every", type=int, default=5, help="one position in this many")
    args = parser.parse_args()
    for key in args.games.split(","):
        rows = samples(key, args.players, args.rollouts, args.every)
        full = variance([r["won"][0] for r in rows])
        plies = sum(r["plies"] for r in rows) / len(rows)
        print(f"{key}: {len(rows)} rollouts; to the end: variance {full:.3f}, {plies:.0f} plies")
        print(f"  {'horizon':>7} {'scale':>8} {'sq error':>8} {'variance':>8} {'plies':>6}")
        for h in HORIZONS:
            scale, err, var, hp = fit(rows, h)
            print(f"  {h:>7} {scale:>8.4f} {err:>8.3f} {var:>8.3f} {hp:>6.0f}", flush=True)


if __name__ == "__main__":
    main()
