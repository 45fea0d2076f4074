"""The printed parts as data: every file is checked, and a broken one reports all its problems."""

from __future__ import annotations

import copy
import json

import pytest

from games.cowboy import data
from games.cowboy.board import board_for


def _raw(name: str) -> dict:
    with open(data.DATA_DIR / name, encoding="utf-8") as handle:
        return json.load(handle)


def test_the_shipped_files_are_sound() -> None:
    assert data.validate_tiles(_raw("tiles.json")) == []
    assert data.validate_deck(_raw("deck.json")) == []
    assert data.validate_compass(_raw("compass.json")) == []


def test_the_tiles_follow_the_suggested_mix() -> None:
    assert len(data.TILES) == 18
    assert data.mix(data.TILES) == data.SUGGESTED_MIX
    # every skull can get a steer, even on the largest board
    skulls = sorted((t.squares.count("S") for t in data.TILES.values()), reverse=True)
    assert sum(skulls[:16]) <= 24


def test_the_deck_has_54_cards_with_the_printed_counts() -> None:
    counts = {c.id: c.count for c in data.CARDS.values()}
    assert sum(counts.values()) == 54
    assert counts == {
        "moove": 18, "steer": 9, "twister": 3, "indian": 5, "cavalry": 2, "noname": 1,
        "stampede": 4, "bandit": 1, "pilgrims": 2, "sixshooter": 2, "lariat": 2, "axe": 1,
        "bills": 2, "brander": 1, "firewater": 1,
    }  # fmt: skip


def test_the_compass_is_a_d8_of_the_eight_directions() -> None:
    names = [data.COMPASS[r].name for r in range(1, 9)]
    assert names == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def test_a_broken_tiles_file_reports_every_problem_at_once() -> None:
    raw = _raw("tiles.json")
    bad = copy.deepcopy(raw)
    tiles = bad["tiles"]
    tiles[0]["map"][1] = ".X.."  # unknown feature
    tiles[1]["streams"] = [[[0, 2], [2, 2]]]  # ends inside the tile
    tiles[2]["streams"].append([[0, 1], [1, 1]])  # overlaps the creek already there
    tiles[3]["streams"] = [[[1, 0], [1, 4]]]  # along the homestead on b3
    tiles[4]["streams"] = [[[0, 0], [0, 4]]]  # along the tile border
    tiles[5]["streams"] = [[[0, 0], [4, 4]]]  # not a grid line
    tiles[6]["map"] = ["...."] * 3  # wrong size
    tiles[7]["id"] = tiles[8]["id"]  # duplicate id
    problems = data.validate_tiles(bad)
    text = "\n".join(problems)
    assert "unknown feature 'X'" in text
    assert "ends inside the tile at [2, 2]" in text
    assert "overlaps stream 1" in text
    assert "homestead's edge" in text
    assert "along the tile border" in text
    assert "not a straight grid line" in text
    assert "4 rows of 4 squares" in text
    assert "duplicate id" in text
    assert len(problems) >= 8


def test_broken_deck_and_compass_files_report_every_problem() -> None:
    deck = _raw("deck.json")
    deck["cards"][0]["count"] = 17
    deck["cards"][1]["id"] = "unicorn"
    deck["cards"][2]["kind"] = "weather"
    problems = data.validate_deck(deck)
    text = "\n".join(problems)
    assert "unknown card id 'unicorn'" in text
    assert "kind must be one of" in text
    assert "no cards for steer" in text
    assert "expected 54" in text
    compass = _raw("compass.json")
    compass["faces"][1]["dx"] = 0
    compass["faces"][1]["dy"] = 1
    compass["faces"][2]["roll"] = 1
    problems = data.validate_compass(compass)
    assert any("appears twice" in p for p in problems)
    assert any("distinct number" in p for p in problems)


def test_loading_a_broken_directory_raises_with_the_whole_list(tmp_path) -> None:
    for name in ("tiles.json", "deck.json", "compass.json"):
        raw = _raw(name)
        if name == "tiles.json":
            raw["tiles"][0]["map"][0] = "ZZZZ"
        if name == "deck.json":
            raw["cards"][0]["count"] = 1
        (tmp_path / name).write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(data.DataError) as err:
        data.load(tmp_path)
    message = str(err.value)
    assert "unknown feature 'Z'" in message and "expected 54" in message


def test_rotating_a_tile_turns_its_features_and_streams_clockwise() -> None:
    upright = board_for((("03", 0), *tuple((f"{k:02d}", 0) for k in range(4, 12))))
    turned = board_for((("03", 1), *tuple((f"{k:02d}", 0) for k in range(4, 12))))
    # Cottonwood Creek: a tree on b4 and a skull on c2 when upright
    assert upright.features[upright.parse_square("b4")] == "T"
    assert upright.features[upright.parse_square("c2")] == "S"
    # a quarter turn clockwise takes (x, y) to (y, 3 - x)
    assert turned.features[turned.parse_square("d3")] == "T"
    assert turned.features[turned.parse_square("b2")] == "S"
    assert len(turned.streams) == len(upright.streams)
    # the creek's first run along the line between rows 1 and 2 turns into a run between
    # columns b and c
    assert upright.parse_edge("A2-B2") in upright.streams
    assert turned.parse_edge("B4-B5") in turned.streams
