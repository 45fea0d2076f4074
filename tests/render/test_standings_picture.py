"""The standings picture: every row drawn, the leaders' rows marked, long names kept inside."""

from __future__ import annotations

import io

from PIL import Image

from render.common import HIGHLIGHT
from render.standings import ROW, WIDTH, standings_png


def test_rows_grow_the_picture_and_the_leader_is_marked() -> None:
    header = ["#", "Player", "Points", "Buchholz", "Played"]
    rows = [[str(i + 1), "x" * 80, "1", "2", "3"] for i in range(6)]
    one = Image.open(io.BytesIO(standings_png("Final", header, rows[:1])))
    six = Image.open(io.BytesIO(standings_png("Final", header, rows)))
    assert one.width == six.width == WIDTH
    assert six.height - one.height == 5 * ROW
    pixels = six.convert("RGB")
    marked = [y for y in range(six.height) if pixels.getpixel((WIDTH - 15, y)) == HIGHLIGHT]
    assert marked and max(marked) - min(marked) < ROW, "only the first row is marked"
    plain = Image.open(io.BytesIO(standings_png("After round 1", header, rows, marked=0)))
    colours = {plain.convert("RGB").getpixel((WIDTH - 15, y)) for y in range(plain.height)}
    assert HIGHLIGHT not in colours
