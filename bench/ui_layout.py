"""The action UI's layouts over random games: how often each layout appears, how long building a
board's components takes, and how much text the notes beside buttons add.

Plays ``--games`` random games per ruleset and table size (random legal moves, seeded dice) and
builds each position's board components, as the bot does after every move. Prints, per game:
positions, the share of boards that are buttons only, have one menu of moves per seat, a menu per
group, or a "More moves…" menu of menus; the mean and worst time of ``build_view``; the longest
``notes_text``. Run: ``python bench/ui_layout.py --games 3``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bot import ui
from bot.matches import Match, Seat
from games.rng import SeededRng


def positions(key: str, players: int, seed: int, plies: int) -> list[Match]:
    rules = games.get(key)
    names = [f"rider{i}" for i in range(players)]
    state = rules.new_game(
        names, {}, rng=SeededRng(seed, 0), **rules.seat_extras([1000 + i for i in range(players)])
    )
    pick = random.Random(seed)
    out = []
    for ply in range(plies):
        acting = rules.to_act(state)
        if not acting:
            break
        seats = [Seat(i, 1000 + i, n) for i, n in enumerate(names)]
        out.append(
            Match(41, key, 1, 2, None, "active", 1000, seed, ply, {}, seats, 0, 0, state=state)
        )
        seat = pick.choice(acting)
        action = pick.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, seat, action, rng=SeededRng(seed, ply + 1)).state
    return out


def kind(view: Any) -> str:
    ids = [c["custom_id"] for row in view.to_components() for c in row["components"]]
    if any(i.startswith("rh:g:") for i in ids):
        return "more-moves"
    selects = [i for i in ids if i.startswith("rh:s:")]
    if not selects:
        return "buttons"
    seats = {i.split(":")[4] for i in selects}
    return "one-menu" if len(selects) == len(seats) else "per-group"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per ruleset and table size")
    parser.add_argument("--plies", type=int, default=200, help="moves per game at most")
    args = parser.parse_args()
    notes_text = getattr(ui, "notes_text", None)
    print(f"{'game':11} {'boards':>6}  layouts (share of boards)" + " " * 36 + "build ms  notes")
    for key, rules in sorted(games.RULESETS.items()):
        kinds: Counter[str] = Counter()
        times = []
        longest = 0
        for players in range(rules.min_players, rules.max_players + 1):
            for seed in range(args.games):
                for match in positions(key, players, seed, args.plies):
                    start = time.perf_counter()
                    view = ui.build_view(match)
                    times.append((time.perf_counter() - start) * 1000)
                    kinds[kind(view)] += 1
                    if notes_text is not None:
                        longest = max(longest, len(notes_text(match)))
        total = sum(kinds.values())
        shares = "  ".join(
            f"{k} {100 * kinds[k] / total:5.1f}%"
            for k in ("buttons", "one-menu", "per-group", "more-moves")
        )
        print(
            f"{key:11} {total:6}  {shares}  {statistics.mean(times):5.2f} / {max(times):5.1f}"
            f"  {longest:4}"
        )


if __name__ == "__main__":
    main()
