"""Board pictures for docs/boards.md: every game at 2 and 4 players (or the nearest table sizes)
at the start, the middle and the end of a seeded random game, plus each middle scaled to 400 px
wide (a phone).

    PYTHONPATH=. python docs/make_board_images.py docs/img/boards after

Run it from a checkout of an older commit, with that tag (``before``), to draw the same games
with that commit's renderers."""

import inspect
import io
import random
import sys
from pathlib import Path

from PIL import Image

import games
import render
from games.rng import SeededRng

out = Path(sys.argv[1])
tag = sys.argv[2]
out.mkdir(parents=True, exist_ok=True)
for key in sorted(games.RULESETS):
    rules = games.get(key)
    for players in (2, 4):
        players = max(rules.min_players, min(players, rules.max_players))
        pick = random.Random(7 * players)
        state = rules.new_game(["Ada", "Buck", "Clem", "Dusty"][:players], rng=SeededRng(7, 0))
        history = [(state, None, None)]
        for ply in range(1, 3000):
            if rules.outcome(state) is not None:
                break
            seat = pick.choice(rules.to_act(state))
            action = pick.choice(rules.legal_actions(state, seat))
            prev = state
            state = rules.apply(state, seat, action, rng=SeededRng(7, ply)).state
            history.append((state, action, prev))
        for name, (st, last, prev) in (
            ("start", history[0]),
            ("middle", history[len(history) // 2]),
            ("end", history[-1]),
        ):
            kwargs = {"last": last}
            if "previous" in inspect.signature(render.draw).parameters:
                kwargs["previous"] = prev
            png = render.draw(key, st, **kwargs)
            path = out / f"{key}-{tag}-{players}p-{name}.png"
            path.write_bytes(png)
            if name == "middle":
                img = Image.open(io.BytesIO(png)).convert("RGB")
                small = img.resize((400, round(img.height * 400 / img.width)), Image.LANCZOS)
                small.save(out / f"{key}-{tag}-{players}p-middle-400px.png", optimize=True)
print("ok")
