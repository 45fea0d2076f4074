"""Draw the Super Cowboy pictures for docs/rules/cowboy.md: every tile, and a game in play.

Run from the checkout: ``python docs/rules/make_cowboy_images.py``. The pictures come from the
game's own renderer, palette-reduced so the page stays light.
"""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from games import get  # noqa: E402
from games.cowboy.state import CowboyState, Fence, Rope, Rustle  # noqa: E402
from games.rng import SeededRng  # noqa: E402
from render import draw  # noqa: E402
from render.cowboy import tile_sheet  # noqa: E402

OUT = ROOT / "docs" / "rules" / "img"


def _save(image: Image.Image, name: str, colours: int = 128) -> None:
    image = image.convert("RGB").quantize(colors=colours, method=Image.Quantize.MEDIANCUT)
    path = OUT / name
    image.save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


def _game_in_play(players: int, seed: int, plies: int) -> CowboyState:
    """A game played by keen fencers and ropers, stopped part-way."""
    rules = get("cowboy")
    names = ["Annie", "Buck", "Calamity", "Doc"][:players]
    state = rules.new_game(names, rng=SeededRng(seed))
    pick = random.Random(seed)
    weights = {Fence: 30, Rope: 40, Rustle: 20}
    for ply in range(1, plies):
        if rules.outcome(state) is not None:
            break
        seat = rules.to_act(state)[0]
        actions = rules.legal_actions(state, seat)
        action = pick.choices(actions, [weights.get(type(a), 2) for a in actions])[0]
        state = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
    return state


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    _save(tile_sheet(), "cowboy-tiles.png")
    for players, seed, plies in ((2, 7, 260), (4, 3, 420)):
        state = _game_in_play(players, seed, plies)
        image = Image.open(io.BytesIO(draw("cowboy", state)))
        _save(image, f"cowboy-{players}p.png", colours=160)


if __name__ == "__main__":
    main()
