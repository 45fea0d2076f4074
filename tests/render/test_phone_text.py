"""Every board picture is readable on a phone: no text under 11 px when it is shown 300 px wide.

Each game is drawn in a fresh interpreter (so cached layers are drawn, and measured, too) over
the start, the middle and the end of random playouts at two players and at its largest table;
every text Pillow draws is recorded with the font size used. A text of ``size`` px in a picture
``width`` px wide shows at ``size * 300 / width`` px on a phone.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parents[2]
PHONE_WIDTH = 300
MIN_PHONE_PX = 11

SCRIPT = r"""
import json, random, sys
from PIL import ImageDraw, Image
import io
sizes = []
_text = ImageDraw.ImageDraw.text
def text(self, xy, text, fill=None, font=None, *a, **k):
    if font is not None and str(text).strip():
        sizes.append((float(getattr(font, "size", 0)), str(text)[:30]))
    return _text(self, xy, text, fill, font, *a, **k)
ImageDraw.ImageDraw.text = text
import games, render
from games.rng import SeededRng
key = sys.argv[1]
rules = games.get(key)
out = []
for players in sorted({rules.min_players, 4 if rules.max_players >= 4 else 2,
                       rules.max_players}):
    pick = random.Random(players)
    state = rules.new_game([f"Player {i}" for i in range(players)], rng=SeededRng(players, 0))
    states = [(state, None, None)]
    for ply in range(1, 5000):
        if rules.outcome(state) is not None:
            break
        seat = pick.choice(rules.to_act(state))
        action = pick.choice(rules.legal_actions(state, seat))
        prev = state
        state = rules.apply(state, seat, action, rng=SeededRng(players, ply)).state
        states.append((state, action, prev))
    chosen = [states[0], states[1], states[len(states) // 2], states[-1]]
    for state, last, prev in chosen:
        sizes.clear()
        png = render.draw(key, state, last=last, previous=prev)
        width = Image.open(io.BytesIO(png)).size[0]
        out.append({"players": players, "width": width, "texts": list(sizes)})
print(json.dumps(out))
"""


def _measure(key: str) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, key],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize("key", sorted(games.RULESETS))
def test_no_text_under_11px_on_a_phone(key: str) -> None:
    small = []
    for picture in _measure(key):
        scale = PHONE_WIDTH / picture["width"]
        for size, text in picture["texts"]:
            if size * scale < MIN_PHONE_PX - 0.01:
                small.append(
                    f"{picture['players']}p, {picture['width']} px wide: {text!r} at "
                    f"{size * scale:.1f} px"
                )
    assert not small, "text too small on a phone:\n" + "\n".join(sorted(set(small))[:20])
