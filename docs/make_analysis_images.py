"""Draw the post-game report's chart for ``docs/boards.md``: a 2-player and a 4-player Super
Farmer match (the longest of a few between easy computer players), in English and in
Polish, each also scaled down to 300 px wide as a phone shows it.
Run: ``python docs/make_analysis_images.py``."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

import words  # noqa: E402
from bench.analysis import long_match  # noqa: E402
from games.analysis import analyse  # noqa: E402
from render import analysis  # noqa: E402

OUT = ROOT / "docs" / "img" / "analysis"


def main() -> None:
    argparse.ArgumentParser(description=(__doc__ or "").split(".")[0]).parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for players in (2, 4):
        report = analyse(long_match("farm", players), rollout_seed=1, cpu_seconds=30)
        for locale in ("en", "pl"):
            with words.use(locale):
                png = analysis.chart(report)
                print(f"{players}p {locale}: {analysis.describe(report)}")
            (OUT / f"farm-{players}p-{locale}.png").write_bytes(png)
            image = Image.open(io.BytesIO(png))
            small = image.resize((300, round(image.height * 300 / image.width)), Image.LANCZOS)
            small.save(OUT / f"farm-{players}p-{locale}-300px.png")


if __name__ == "__main__":
    main()
