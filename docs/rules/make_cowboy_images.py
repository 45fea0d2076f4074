"""Draw the Super Cowboy pictures for docs/rules/cowboy.md: every tile, games in play, and the
"after" half of the before/after pairs in docs/img.

Run from the checkout: ``python docs/rules/make_cowboy_images.py``. The pictures come from the
game's own renderer, so they are already reduced to its fixed palette. (The "before" pictures
in docs/img were drawn once by the renderer these pictures replaced.)
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
from games.base import Event  # noqa: E402
from games.cowboy.state import CowboyAction, CowboyState, Fence, Rope, Rustle  # noqa: E402
from games.rng import SeededRng  # noqa: E402
from render import draw  # noqa: E402
from render.cowboy import tile_sheet  # noqa: E402

OUT = ROOT / "docs" / "rules" / "img"
PAIRS = ROOT / "docs" / "img"

Moment = tuple[CowboyState, CowboyAction | None, CowboyState | None, tuple[Event, ...]]


def _save(image: Image.Image, path: Path, colours: int = 128) -> None:
    image = image.convert("RGB").quantize(colors=colours, method=Image.Quantize.FASTOCTREE)
    image.save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


def _write(png: bytes, path: Path) -> None:
    path.write_bytes(png)
    print(f"{path.relative_to(ROOT)}: {len(png) // 1024} KB")


def _game_in_play(players: int, seed: int, plies: int) -> list[Moment]:
    """A game played by keen fencers and ropers, stopped part-way: every position with the
    move that led to it, the position before and the move's events."""
    rules = get("cowboy")
    names = ["Annie", "Buck", "Calamity", "Doc"][:players]
    state = rules.new_game(names, rng=SeededRng(seed))
    history: list[Moment] = [(state, None, None, ())]
    pick = random.Random(seed)
    weights = {Fence: 30, Rope: 40, Rustle: 20}
    for ply in range(1, plies):
        if rules.outcome(state) is not None:
            break
        seat = rules.to_act(state)[0]
        actions = rules.legal_actions(state, seat)
        action = pick.choices(actions, [weights.get(type(a), 2) for a in actions])[0]
        before = state
        step = rules.apply(state, seat, action, rng=SeededRng(seed, ply))
        state = step.state
        history.append((state, action, before, step.events))
    return history


def _picture(moment: Moment) -> bytes:
    state, last, previous, events = moment
    return draw("cowboy", state, last=last, previous=previous, events=events)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    _save(tile_sheet(), OUT / "cowboy-tiles.png")
    games = {players: _game_in_play(players, seed, plies) for players, seed, plies in
             ((2, 7, 260), (4, 3, 420))}  # fmt: skip
    for players, history in games.items():
        _write(_picture(history[-1]), OUT / f"cowboy-{players}p.png")
        _write(_picture(history[len(history) // 2]), PAIRS / f"cowboy-after-{players}p.png")
    moove = next(
        (s, last, before, events)
        for s, last, before, events in games[4][150:]
        if before is not None and s.last_card == "moove" and s.deck != before.deck
        and len(s.trail) > 8
    )  # fmt: skip
    _write(_picture(moove), PAIRS / "cowboy-after-moove.png")
    shown = Image.open(io.BytesIO(_picture(games[4][len(games[4]) // 2])))
    phone = shown.convert("RGB").resize((400, round(shown.height * 400 / shown.width)))
    _save(phone, PAIRS / "cowboy-after-4p-phone.png", colours=256)


if __name__ == "__main__":
    main()
