"""Draw the four Horseplay Rustling set-ups for docs/rules/horseplay.md.

Run from the checkout: ``python docs/rules/make_horseplay_images.py``. The pictures come from
the game's own renderer, shrunk and palette-reduced so the page stays light.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from games import get  # noqa: E402
from games.rng import SeededRng  # noqa: E402
from render import draw  # noqa: E402

OUT = ROOT / "docs" / "rules" / "img"
WIDTH = 480
SETUPS = ((2, 9), (4, 9), (2, 11), (4, 11))


def main() -> None:
    rules = get("horseplay")
    OUT.mkdir(parents=True, exist_ok=True)
    for players, size in SETUPS:
        names = [f"Player {i + 1}" for i in range(players)]
        state = rules.new_game(names, {"size": size}, rng=SeededRng(0))
        image = Image.open(io.BytesIO(draw("horseplay", state))).convert("RGB")
        image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.LANCZOS)
        image = image.quantize(colors=128, method=Image.Quantize.MEDIANCUT)
        path = OUT / f"horseplay-{players}p-{size}x{size}.png"
        image.save(path, optimize=True)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
