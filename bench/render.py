"""Board picture speed and size for every game, at two players and at its largest table.

For each game (``games.registry``) and each table size, mid-game states (with the move that
led to them and the state before it) come from seeded random playouts; then:

- cold ms: the first picture in a fresh interpreter (the renderer module imported and its
  caches built on the way), without and with ``render.warm()`` first (``warm ms`` is what that
  call itself took; a render worker pays it once, at start);
- p50/p99 ms: pictures of those states in this process once warm (wall clock), each drawn
  many times (so every cache holds it); cpu p50: the same in this process's CPU time, steadier
  when other work shares the machine;
- move p50: consecutive positions of another match, each drawn once, as a match's moves are
  (wall clock): what a move's picture costs;
- many p50: the same for ``MANY`` matches at once, their moves taken in turn (each match's
  picture comes after every other match's): what a move costs on a busy bot, where a worker
  draws for a hundred matches or more between two moves of one (the caches kept per match,
  such as a deal's range or its rows, then serve only as far as they hold that many);
- idle p50: a match's consecutive positions again, each drawn after ``IDLE_PAUSE`` of idling,
  as a worker draws them when moves come a second or more apart: the processor's caches have
  gone cold meanwhile, and the same picture costs more than drawn back to back (on a two-core
  virtual machine, 1.3-2x);
- KB max: the largest PNG; colours: the most distinct colours in one picture.

Run: ``python bench/render.py`` (about 30-60 s on two cores; ``--games farm cattle`` for fewer,
``--budget`` the seconds of warm renders per row). Figures depend on the machine; compare rows
from the same run.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

import games  # noqa: E402
import render  # noqa: E402
from games.rng import SeededRng  # noqa: E402

#: how many mid-game states per row, and the plies a playout may take at most
STATES = 8
MAX_PLIES = 3000
#: consecutive plies of one match drawn once each (the "move p50" column)
MOVES = 60
#: positions drawn after a pause each (the "idle p50" column), and the pause in seconds
IDLE_MOVES = 30
IDLE_PAUSE = 0.05
#: matches whose moves are drawn in turn (the "many p50" column), and the moves of each
MANY = 150
MANY_MOVES = 3
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

#: run in a fresh interpreter: load one state and time its first picture
COLD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
case = json.loads(sys.stdin.read())
import games, render
rules = games.get(case["key"])
state = rules.load(case["state"])
previous = rules.load(case["previous"]) if case["previous"] else None
last = rules.parse_action(previous, case["seat"], case["last"]) if previous else None
warm_ms = None
if case["warm"]:
    t = time.perf_counter()
    render.warm([case["key"]])
    warm_ms = (time.perf_counter() - t) * 1000
t = time.perf_counter()
render.draw(case["key"], state, last=last, previous=previous)
print(json.dumps({"first_ms": (time.perf_counter() - t) * 1000, "warm_ms": warm_ms}))
"""


def playout_states(key: str, players: int, seed: int) -> list[tuple[Any, Any, Any, int, str]]:
    """(state, last action, previous state, seat, notation) around the middle of a playout."""
    middle = playout_middle(key, players, seed)
    step = max(1, len(middle) // STATES)
    return middle[::step][:STATES]


def playout_middle(key: str, players: int, seed: int) -> list[tuple[Any, Any, Any, int, str]]:
    """Every ply of the middle of a seeded random playout, in order."""
    rules = games.get(key)
    pick = random.Random(seed)
    state = rules.new_game([f"Player {i + 1}" for i in range(players)], rng=SeededRng(seed, 0))
    trail = []
    for ply in range(1, MAX_PLIES + 1):
        if rules.outcome(state) is not None:
            break
        seat = pick.choice(rules.to_act(state))
        action = pick.choice(rules.legal_actions(state, seat))
        text = rules.format_action(state, action)
        after = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
        trail.append((after, action, state, seat, text))
        state = after
    lo, hi = len(trail) * 3 // 10, max(len(trail) * 7 // 10, len(trail) * 3 // 10 + 1)
    return trail[lo:hi]


def cold(key: str, case: tuple[Any, Any, Any, int, str], warm: bool) -> dict[str, Any]:
    rules = games.get(key)
    state, _, previous, seat, text = case
    payload = {
        "key": key,
        "state": rules.dump(state),
        "previous": rules.dump(previous),
        "seat": seat,
        "last": text,
        "warm": warm,
    }
    done = subprocess.run(
        [sys.executable, "-c", COLD, str(ROOT)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout)


def colours(png: bytes) -> int:
    img = Image.open(io.BytesIO(png))
    found = img.getcolors(maxcolors=1 << 24)
    return len(found) if found else 0


def row(key: str, players: int, budget: float) -> dict[str, Any]:
    cases = playout_states(key, players, seed=players * 7919 + 17)
    plain = cold(key, cases[0], warm=False)
    warmed = cold(key, cases[0], warm=True)
    render.warm([key])
    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    pngs = []
    for state, last, previous, _, _ in cases:  # one untimed pass: every state's own caches
        pngs.append(render.draw(key, state, last=last, previous=previous))
    start = time.perf_counter()
    while time.perf_counter() - start < budget or len(times) < 2 * len(cases):
        for state, last, previous, _, _ in cases:
            t, c = time.perf_counter(), time.process_time()
            png = render.draw(key, state, last=last, previous=previous)
            times.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
            sizes.append(len(png))
        if len(times) >= 400:
            break
    times.sort()
    return {
        "many": many(key, players),
        # a match's moves as the bot draws them: each new position once, in order
        "move": match_moves(key, players, seed=players * 104729 + 3, count=MOVES),
        # the same once the processor idled between moves, as in a live bot
        "idle": match_moves(
            key, players, seed=players * 7331 + 5, count=IDLE_MOVES, pause=IDLE_PAUSE
        ),
        "game": key,
        "players": players,
        "cold": plain["first_ms"],
        "warm_call": warmed["warm_ms"],
        "cold_warmed": warmed["first_ms"],
        "p50": statistics.median(times),
        "cpu": statistics.median(cpu),
        "p99": times[min(len(times) - 1, round(0.99 * (len(times) - 1)))],
        "kb": max(sizes) / 1024,
        "colours": max(colours(p) for p in pngs),
        "renders": len(times),
    }


def match_moves(key: str, players: int, *, seed: int, count: int, pause: float = 0.0) -> float:
    """p50 ms of ``count`` consecutive positions of one match, each drawn once, in order
    (after ``pause`` seconds of idling each, if any)."""
    times = []
    for state, last, previous, _, _ in playout_middle(key, players, seed=seed)[:count]:
        if pause:
            time.sleep(pause)
        t = time.perf_counter()
        render.draw(key, state, last=last, previous=previous)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def many(key: str, players: int) -> float:
    """p50 ms of a move's picture when ``MANY`` matches move in turn: each match's opening
    position is drawn first (its last board), then each one's next moves, round after round."""
    rules = games.get(key)
    matches = []
    for n in range(MANY):
        seed = players * 7 + n * 31 + 1_000_003
        pick = random.Random(seed)
        # players of different matches are different people, with names of their own
        names = [f"{NAMES[i]} {n}" for i in range(players)]
        state = rules.new_game(names, rng=SeededRng(seed, 0))
        trail: list[tuple[Any, Any, Any]] = []
        # an opening of a few random moves, then the moves drawn: a match under way
        for ply in range(1, pick.randint(6, 30) + MANY_MOVES + 1):
            if rules.outcome(state) is not None:
                break
            seat = pick.choice(rules.to_act(state))
            action = pick.choice(rules.legal_actions(state, seat))
            after = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
            trail.append((after, action, state))
            state = after
        if len(trail) > MANY_MOVES:
            matches.append(trail[-MANY_MOVES - 1 :])
    for trail in matches:
        state, last, previous = trail[0]
        render.draw(key, state, last=last, previous=previous)
    times = []
    for k in range(1, MANY_MOVES + 1):
        for trail in matches:
            state, last, previous = trail[k]
            t = time.perf_counter()
            render.draw(key, state, last=last, previous=previous)
            times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", nargs="*", default=games.registry.game_keys(), help="games to draw (default all)"
    )
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of warm renders/row")
    args = parser.parse_args()
    began = time.perf_counter()
    head = (
        f"{'game':<11}{'players':>8}{'cold ms':>9}{'warm() ms':>10}{'+first ms':>10}"
        f"{'p50 ms':>8}{'p99 ms':>8}{'cpu p50':>8}{'move p50':>9}{'many p50':>9}{'idle p50':>9}"
        f"{'KB max':>8}"
        f"{'colours':>8}"
        f"{'n':>5}"
    )
    print(head)
    print("-" * len(head))
    for key in args.games:
        rules = games.get(key)
        for players in sorted({max(2, rules.min_players), rules.max_players}):
            r = row(key, players, args.budget)
            print(
                f"{r['game']:<11}{r['players']:>8}{r['cold']:>9.0f}{r['warm_call']:>10.0f}"
                f"{r['cold_warmed']:>10.1f}{r['p50']:>8.1f}{r['p99']:>8.1f}{r['cpu']:>8.1f}"
                f"{r['move']:>9.1f}{r['many']:>9.1f}{r['idle']:>9.1f}{r['kb']:>8.1f}"
                f"{r['colours']:>8}{r['renders']:>5}",
                flush=True,
            )
    print(f"\n{time.perf_counter() - began:.0f} s in all")


if __name__ == "__main__":
    main()
