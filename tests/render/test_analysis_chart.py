"""The post-game report's chart and its alt text, from a report made by hand."""

from __future__ import annotations

import io

from PIL import Image

import words
from games.analysis import Decision, Luck, Report
from games.analysis.report import biggest
from render import analysis
from render.common import PALETTE


def report(players: int = 2) -> Report:
    names = ("Ann", "Bob", "Cy", "Dora", "Ed", "Flo")[:players]
    rest = (1.0 - 0.5) / (players - 1)
    curve = [tuple([0.5] + [rest] * (players - 1))] * 6
    curve += [tuple([0.9] + [0.1 / (players - 1)] * (players - 1))] * 4
    curve.append(tuple([1.0] + [0.0] * (players - 1)))
    decisions = (Decision(3, 1, "roll", curve[2], curve[3], "trade", 0.6),)
    luck = (Luck(6, 0, "roll", curve[5], curve[6]), Luck(10, 0, "roll", curve[9], curve[10]))
    return Report("farm", names, tuple(curve), decisions, luck, biggest(decisions, luck), 99, 1.0)


def test_the_chart_shows_each_players_line_and_a_legend_row_each() -> None:
    two, six = report(2), report(6)
    small = Image.open(io.BytesIO(analysis.chart(two))).convert("RGB")
    big = Image.open(io.BytesIO(analysis.chart(six))).convert("RGB")
    assert small.width == big.width == analysis.WIDTH
    assert big.height - small.height == 4 * analysis.ROW
    # Ann's line ends at 100% (the top grid line), on her marker in her colour
    x, y = analysis._x(len(two.curve) - 1, len(two.curve)), analysis._y(1.0)
    assert small.getpixel((round(x), round(y))) == PALETTE["blue"]


def test_the_alt_text_tells_each_player_and_the_moments_in_the_readers_language() -> None:
    text = analysis.describe(report(2))
    assert text.startswith("Chance of winning across 10 moves.")
    assert "Ann: 50% at the start, 100% at the end; moves +0 points, luck +50 points." in text
    assert "1: move 6, luck, Ann +40 points." in text
    with words.use("pl"):
        polish = analysis.describe(report(2))
    assert polish.startswith("Szansa na wygraną przez 10 ruchów.") and "szczęście" in polish
    assert len(analysis.describe(report(6))) <= 1024
