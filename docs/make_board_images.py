"""Board pictures for docs/boards.md: every game at 2 players and at its largest table, in the
middle and at the end of a seeded random game, each drawn with the events its last move
produced (the header tells that move), plus each middle scaled to 400 px wide (a phone).

    PYTHONPATH=. python docs/make_board_images.py docs/img/boards en en
    PYTHONPATH=. python docs/make_board_images.py docs/img/boards pl pl

The arguments: the folder, the tag in the file names, and the language the pictures are worded
in (English when left out). The same seeds play the same games in every language."""

import argparse
import io
import random
from pathlib import Path

from PIL import Image

import games
import render
from games.rng import SeededRng

NAMES = ["Ada", "Buck", "Clem", "Dusty", "Eli", "Flo", "Gus", "Hank"]


def playout(rules, players: int) -> list[tuple]:
    """(state, last action, previous state, events of the last action) after every move."""
    pick = random.Random(7 * players)
    state = rules.new_game(NAMES[:players], rng=SeededRng(7, 0))
    history = [(state, None, None, ())]
    for ply in range(1, 3000):
        if rules.outcome(state) is not None:
            break
        seat = pick.choice(rules.to_act(state))
        action = pick.choice(rules.legal_actions(state, seat))
        step = rules.apply(state, seat, action, rng=SeededRng(7, ply))
        history.append((step.state, action, state, tuple(step.events)))
        state = step.state
    return history


def main(out: Path, tag: str, locale: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for key in sorted(games.RULESETS):
        rules = games.get(key)
        for players in sorted({max(2, rules.min_players), rules.max_players}):
            history = playout(rules, players)
            for name, (state, last, previous, events) in (
                ("middle", history[len(history) // 2]),
                ("end", history[-1]),
            ):
                png = render.draw(
                    key, state, last=last, previous=previous, events=events, locale=locale
                )
                (out / f"{key}-{tag}-{players}p-{name}.png").write_bytes(png)
                if name == "middle":
                    img = Image.open(io.BytesIO(png)).convert("RGB")
                    small = img.resize((400, round(img.height * 400 / img.width)), Image.LANCZOS)
                    small.save(out / f"{key}-{tag}-{players}p-middle-400px.png", optimize=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder the pictures go in")
    parser.add_argument("tag", help="the tag in the file names (en, pl)")
    parser.add_argument("locale", nargs="?", default="en", help="their language (default en)")
    args = parser.parse_args()
    main(args.out, args.tag, args.locale)
    print("ok")
