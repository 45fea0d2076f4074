"""Draw the Super Farmer pictures linked from farm.md: ``python docs/rules/make_farm_images.py
after`` writes docs/img/farm-after-*.png (2 and 4 players at the start, middle and end of a
seeded game, and the 4-player middle scaled to 300 px wide, as a phone shows it);
``python docs/rules/make_farm_images.py after pl`` draws the same in Polish
(docs/img/farm-after-pl-*.png, linked from pl/farm.md)."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

import render  # noqa: E402
from games.farm import RULES, Roll  # noqa: E402
from games.rng import SeededRng  # noqa: E402

NAMES = ["Ada", "Buck", "Clementine", "Dusty"]


def playout(players: int, seed: int) -> list[tuple[object, object, object, tuple]]:
    """(state, last action, previous state, its events) for every move of a game where players
    trade about half the time they can, and roll otherwise."""
    pick = random.Random(seed)
    state = RULES.new_game(NAMES[:players], rng=SeededRng(seed, 0))
    trail: list[tuple[object, object, object, tuple]] = [(state, None, None, ())]
    for ply in range(1, 5000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        trades = [a for a in actions if not isinstance(a, Roll)]
        action = pick.choice(trades) if trades and pick.random() < 0.5 else actions[0]
        if Roll() in actions and action is actions[0]:
            action = Roll()
        step = RULES.apply(state, seat, action, rng=SeededRng(seed, ply))
        trail.append((step.state, action, state, step.events))
        state = step.state
    return trail


def main(prefix: str, locale: str = "en") -> None:
    out = ROOT / "docs" / "img"
    if locale != "en":
        prefix = f"{prefix}-{locale}"
    for players, seed in ((2, 4), (4, 9)):
        trail = playout(players, seed)
        picks = {"start": trail[1], "middle": trail[len(trail) // 2], "end": trail[-1]}
        for when, (state, last, previous, events) in picks.items():
            png = render.draw(
                "farm", state, last=last, previous=previous, events=events, locale=locale
            )
            (out / f"farm-{prefix}-{players}p-{when}.png").write_bytes(png)
            if players == 4 and when == "middle":
                img = Image.open(io.BytesIO(png)).convert("RGB")
                small = img.resize((300, round(img.height * 300 / img.width)), Image.LANCZOS)
                small = small.quantize(256, method=Image.Quantize.FASTOCTREE)
                small.save(out / f"farm-{prefix}-4p-middle-300px.png", optimize=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "after", *sys.argv[2:3])
