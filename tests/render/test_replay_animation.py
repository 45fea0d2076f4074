"""Replays of every game: a GIF whose last frame is the final board, small enough to post."""

from __future__ import annotations

import io
import itertools
import random
from typing import Any

import pytest
from PIL import Image, ImageChops

import games
import render
from bot import replays
from games.rng import SeededRng
from render import animate

KEYS = sorted(games.RULESETS)
#: Discord's attachment limit
DISCORD_LIMIT = 10 * 1024 * 1024


def long_match(key: str) -> dict[str, Any]:
    """The export of the longest of a few random playouts at the largest table (each one a
    whole game to its end)."""
    rules = games.get(key)
    best: dict[str, Any] = {}
    for seed in range(1, 6):
        names = [f"p{i}" for i in range(rules.max_players)]
        extras = rules.seat_extras(list(range(1, len(names) + 1)))
        state = rules.new_game(names, {}, rng=SeededRng(seed, 0), **extras)
        pick = random.Random(seed)
        log = []
        while rules.outcome(state) is None:
            ply = len(log) + 1
            seat = pick.choice(rules.to_act(state))
            action = pick.choice(rules.legal_actions(state, seat))
            log.append((ply, seat, rules.format_action(state, action)))
            state = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
        if len(log) > len(best.get("actions", ())):
            best = replays.export(
                match_id=seed,
                game=key,
                options={},
                seed=seed,
                seats=[(n, None) for n in names],
                extras=extras,
                actions=log,
                final=state,
            )
        if len(log) >= 300:
            break
    return best


@pytest.mark.parametrize("key", KEYS)
def test_replay_ends_on_the_final_board_and_fits(key: str) -> None:
    data = long_match(key)
    done = list(replays.plays(data))
    final = done[-1]
    assert games.get(key).outcome(final.after) is not None
    gif, frames, moves = replays.animation(data)
    assert moves == len(data["actions"]) and 2 < frames <= replays.MAX_FRAMES
    assert len(gif) <= replays.ANIMATION_LIMIT < DISCORD_LIMIT
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.n_frames == frames
    image.seek(frames - 1)
    board = render.draw(
        key, final.after, previous=final.before, last=final.action, events=final.events
    )
    expected = Image.open(io.BytesIO(board)).convert("RGB")
    shown = image.convert("RGB")
    assert shown.size == expected.size
    assert ImageChops.difference(shown, expected).getbbox() is None, "the final board, exactly"
    # the first frame is the opening position
    image.seek(0)
    assert image.size == expected.size


def test_a_long_match_keeps_the_first_and_last_frames_within_a_tight_limit() -> None:
    data = long_match("farm")
    assert len(data["actions"]) >= 300
    gif, frames, _ = replays.animation(data, limit=600_000)
    assert len(gif) <= 600_000 and frames >= 2
    image = Image.open(io.BytesIO(gif))
    image.seek(image.n_frames - 1)
    final = list(replays.plays(data))[-1]
    board = render.draw(
        "farm", final.after, previous=final.before, last=final.action, events=final.events
    )
    expected = Image.open(io.BytesIO(board)).convert("RGB")
    assert ImageChops.difference(image.convert("RGB"), expected).getbbox() is None


def test_pick_spreads_frames_and_keeps_both_ends() -> None:
    assert animate.pick(5, 10) == [0, 1, 2, 3, 4]
    chosen = animate.pick(301, 60)
    assert chosen[0] == 0 and chosen[-1] == 300 and len(chosen) == 60
    gaps = {b - a for a, b in itertools.pairwise(chosen)}
    assert gaps <= {5, 6}, "evenly spread"
