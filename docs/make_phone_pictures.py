"""Board pictures as a phone shows them, for docs/boards.md ("On a phone (300 px)").

Every game at 2 players and at its largest table: the position halfway through a seeded random
game, drawn as the bot draws a board (with the events of the move that led there), then scaled
to 300 px wide, the width a common phone gives a board picture in Discord. Saved as
``docs/boards/phone/<game>-<players>p-before.png`` with ``--before``, else ``-after.png``, so
a change to the pictures can be shown next to the pictures it replaced.

    python docs/make_phone_pictures.py --before   # then, after the change:
    python docs/make_phone_pictures.py

The same seeds play the same random games each time, as long as the rules offer the same
choices (a game whose choices change reaches another position halfway).
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

import games
import render
from games.rng import SeededRng

OUT = Path(__file__).resolve().parent / "boards" / "phone"
WIDTH = 300
NAMES = ["Ada", "Buck", "Clem", "Dusty", "Eli", "Flo", "Gus", "Hank"]


def halfway(key: str, players: int) -> tuple[Any, Any, Any, tuple[Any, ...]]:
    """(state, last action, previous state, its events) halfway through a seeded random game."""
    rules = games.get(key)
    seed = 31 * players + len(key)
    pick = random.Random(seed)
    state = rules.new_game(NAMES[:players], {}, rng=SeededRng(seed, 0))
    history: list[tuple[Any, Any, Any, tuple[Any, ...]]] = [(state, None, None, ())]
    for ply in range(1, 3000):
        if rules.outcome(state) is not None:
            break
        seat = pick.choice(rules.to_act(state))
        action = pick.choice(rules.legal_actions(state, seat))
        step = rules.apply(state, seat, action, rng=SeededRng(seed, ply))
        history.append((step.state, action, state, tuple(step.events)))
        state = step.state
    return history[len(history) // 2]


def phone_picture(key: str, players: int) -> Image.Image:
    state, last, previous, events = halfway(key, players)
    png = render.draw(key, state, last=last, previous=previous, events=events)
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(picture.height * WIDTH / picture.width)
    return picture.resize((WIDTH, height), Image.LANCZOS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", action="store_true", help="save as the 'before' pictures")
    parser.add_argument("--game", nargs="*", choices=sorted(games.RULESETS), help="games")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    when = "before" if args.before else "after"
    for key in args.game or sorted(games.RULESETS):
        rules = games.get(key)
        for players in sorted({max(2, rules.min_players), rules.max_players}):
            path = OUT / f"{key}-{players}p-{when}.png"
            phone_picture(key, players).save(path, optimize=True)
            print(path.relative_to(OUT.parents[2]))


if __name__ == "__main__":
    main()
