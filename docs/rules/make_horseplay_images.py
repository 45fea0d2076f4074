"""Draw the Horseplay Rustling pictures for docs/rules/horseplay.md.

Run from the checkout: ``python docs/rules/make_horseplay_images.py``. The pictures come from
the game's own renderer: the four set-ups (shrunk, for the Set-up table) and three scenes in
``docs/img/horseplay-after-*.png`` (the ``horseplay-before-*.png`` beside them are the same
scenes drawn by the earlier renderer, kept for comparison).
"""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from games import get  # noqa: E402
from games.rng import SeededRng  # noqa: E402
from render import draw  # noqa: E402

OUT = ROOT / "docs" / "rules" / "img"
SCENES_OUT = ROOT / "docs" / "img"
WIDTH = 480
SETUPS = ((2, 9), (4, 9), (2, 11), (4, 11))
RULES = get("horseplay")
NAMES = ["Ann", "Bo", "Cy", "Di"]


def _position(pieces: str, to_move: str) -> Any:
    """A two-player game with exactly ``pieces`` ("c3:g d4:b", capital for a crown)."""
    colour = {"g": "green", "b": "blue"}
    data = RULES.dump(RULES.new_game(NAMES[:2], {}, rng=SeededRng(0)))
    data["pieces"] = {
        sq: {"colour": colour[ch.lower()], "crown": ch.isupper()}
        for sq, ch in (item.split(":") for item in pieces.split())
    }
    data["to_move"] = to_move
    return RULES.load(data)


def _play(state: Any, text: str) -> tuple[Any, Any, Any]:
    seat = RULES.to_act(state)[0]
    action = RULES.parse_action(state, seat, text)
    return RULES.apply(state, seat, action, rng=SeededRng(0)).state, action, state


def _playout(players: int, size: int, seed: int, stop: float) -> tuple[Any, Any, Any]:
    """A game of captures-first random moves, stopped at ``stop`` (0-1) of its length."""
    pick = random.Random(seed)
    state = RULES.new_game(NAMES[:players], {"size": size}, rng=SeededRng(0))
    seen = [(state, None, None)]
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        captures = [a for a in actions if a.is_capture]
        action = pick.choice(captures) if captures and pick.random() < 0.8 else pick.choice(actions)
        previous = state
        state = RULES.apply(state, seat, action, rng=SeededRng(0)).state
        seen.append((state, action, previous))
    return seen[min(len(seen) - 1, int(len(seen) * stop))]


def scenes() -> dict[str, tuple[Any, Any, Any]]:
    """name -> (state, last move, state before it)."""
    # Blue takes f6; Green's Stable a1 is now open to c3 jumping b2, and g3 must take or be
    # huffed
    threat = _play(_position("b2:g e1:g g3:g f6:g c3:b d4:b h4:b b8:b e7:b", "blue"), "e7xg5")
    return {
        "2p-threat": threat,
        "4p-middle": _playout(4, 9, 3, 0.5),
        "2p-stable": _playout(2, 9, 3, 1.0),
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for players, size in SETUPS:
        state = RULES.new_game(NAMES[:players], {"size": size}, rng=SeededRng(0))
        image = Image.open(io.BytesIO(draw("horseplay", state))).convert("RGB")
        image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.LANCZOS)
        image = image.quantize(colors=128, method=Image.Quantize.MEDIANCUT)
        path = OUT / f"horseplay-{players}p-{size}x{size}.png"
        image.save(path, optimize=True)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    for name, (state, last, previous) in scenes().items():
        path = SCENES_OUT / f"horseplay-after-{name}.png"
        path.write_bytes(draw("horseplay", state, seat=0, last=last, previous=previous))
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
