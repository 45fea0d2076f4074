"""Replays of every game: a GIF whose last frame is the final board, small enough to post."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image, ImageChops

import games
import render
from bot import replays
from ranchtest.playouts import long_match
from render import animate

KEYS = sorted(games.RULESETS)
#: Discord's attachment limit
DISCORD_LIMIT = 10 * 1024 * 1024


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
