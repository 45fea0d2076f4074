"""A board's ground kept deflated gives back exactly the pixels it was made of."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from render import cache
from render.ground import TILE_H, TILE_W, Ground


def _speckled(width: int, height: int, seed: int) -> Image.Image:
    pick = random.Random(seed)
    image = Image.new("RGB", (width, height), (240, 230, 210))
    for _ in range(200):
        x, y = pick.randrange(width), pick.randrange(height)
        colour = (pick.randrange(256), pick.randrange(256), pick.randrange(256))
        image.paste(colour, (x, y, x + pick.randrange(1, 30), y + pick.randrange(1, 20)))
    return image


@pytest.mark.parametrize("budget_mb", [0.0, 16.0])
def test_a_crop_of_the_ground_is_the_crop_of_the_picture(budget_mb: float) -> None:
    """Any box, inside, across tiles, over the edges or wholly outside, gives the very pixels
    ``Image.crop`` gives (black outside), with no room for inflated tiles and with plenty."""
    before = cache.BUDGET / (1024 * 1024)
    cache.set_budget(budget_mb)
    try:
        image = _speckled(3 * TILE_W + 17, 4 * TILE_H + 5, seed=3)
        ground = Ground(image)
        pick = random.Random(4)
        boxes = [(0, 0, *image.size), (-5, -7, 20, 9), (image.width - 3, 10, image.width + 9, 50)]
        boxes += [
            (image.width + 1, 0, image.width + 5, 4),
            (TILE_W - 1, TILE_H - 1, TILE_W + 1, TILE_H + 1),
        ]
        for _ in range(60):
            left, top = pick.randrange(-20, image.width), pick.randrange(-20, image.height)
            boxes.append((left, top, left + pick.randrange(1, 120), top + pick.randrange(1, 90)))
        for _ in range(2):  # a second time from the tiles kept, where the budget keeps them
            for box in boxes:
                assert ground.crop(box).tobytes() == image.crop(box).tobytes(), box
        assert ground.image().tobytes() == image.tobytes()
        assert ground.size == image.size
    finally:
        cache.set_budget(before)


def test_a_ground_holds_a_small_part_of_its_pixels() -> None:
    """A ground of flat paper and a few shapes is kept in a few percent of its pixels' bytes;
    grounds are full-colour pictures only."""
    image = _speckled(720, 900, seed=5)
    ground = Ground(image)
    assert ground.packed_bytes < 720 * 900 * 3 * 0.15
    with pytest.raises(ValueError, match="RGB"):
        Ground(image.convert("RGBA"))


def test_two_grounds_never_share_tiles() -> None:
    """A ground let go and a new one made in its place (the same address, maybe) each give
    their own pixels."""
    first = Ground(Image.new("RGB", (TILE_W, TILE_H), (200, 0, 0)))
    assert first.crop((0, 0, 4, 4)).getpixel((1, 1)) == (200, 0, 0)
    del first
    second = Ground(Image.new("RGB", (TILE_W, TILE_H), (0, 0, 200)))
    assert second.crop((0, 0, 4, 4)).getpixel((1, 1)) == (0, 0, 200)
