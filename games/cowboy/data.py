"""The game's printed parts as data: tiles, the event deck and the MOOOOOVE compass.

The original tiles are lost, so ours live in ``games/cowboy/data/*.json`` where real ones could
replace them. Every file is checked on loading; a check reports all problems at once, so a
broken edit is fixed in one go.
"""

from __future__ import annotations

import importlib.resources
import json
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, TypeGuard

#: the JSON files, shipped inside the package (``games/cowboy/data``), so any install has them
DATA_DIR = Path(str(importlib.resources.files("games.cowboy") / "data"))

TILE_SIDE = 4
FEATURES = {".": "grass", "T": "tree", "H": "homestead", "S": "skull", "P": "printed steer"}
#: the effects the engine knows, by card id
CARD_IDS = (
    "moove",
    "steer",
    "twister",
    "indian",
    "cavalry",
    "noname",
    "stampede",
    "bandit",
    "pilgrims",
    "sixshooter",
    "lariat",
    "axe",
    "bills",
    "brander",
    "firewater",
)
CARD_KINDS = ("moove", "happening", "item")
DECK_SIZE = 54
#: how many tiles carry each feature in the suggested mix (a stream counts as "~")
SUGGESTED_MIX = {"S": 14, "T": 10, "~": 6, "H": 4, "P": 3}

#: an edge inside a tile: ("h", i, j) runs from grid point (i, j) east; ("v", i, j) north
TileEdge = tuple[str, int, int]


class DataError(ValueError):
    """A data file is broken; the message lists every problem found."""


@dataclass(frozen=True)
class TileDef:
    id: str
    name: str
    #: feature letter of square (x, y) at index y * 4 + x (y = 0 is the south row)
    squares: str
    streams: frozenset[TileEdge]
    #: the stream runs as given (lists of grid points), for drawing smooth lines
    runs: tuple[tuple[tuple[int, int], ...], ...]

    def feature(self, x: int, y: int) -> str:
        return self.squares[y * TILE_SIDE + x]


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    short: str
    kind: str
    count: int
    text: str


@dataclass(frozen=True)
class Face:
    roll: int
    name: str
    word: str
    dx: int
    dy: int


def _int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _square_edges(x: int, y: int) -> list[TileEdge]:
    return [("h", x, y), ("h", x, y + 1), ("v", x, y), ("v", x + 1, y)]


def validate_tiles(raw: Any) -> list[str]:
    """Every problem with a tiles file (an empty list when it is sound)."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("tiles"), list):
        return ["tiles: expected an object with a list 'tiles'"]
    problems: list[str] = []
    seen: set[str] = set()
    tiles = raw["tiles"]
    if len(tiles) != 18:
        problems.append(f"tiles: expected 18 tiles, found {len(tiles)}")
    for n, tile in enumerate(tiles):
        where = f"tile #{n + 1}"
        if not isinstance(tile, Mapping):
            problems.append(f"{where}: expected an object")
            continue
        tid = tile.get("id")
        if not isinstance(tid, str) or not tid:
            problems.append(f"{where}: missing id")
        else:
            where = f"tile {tid}"
            if tid in seen:
                problems.append(f"{where}: duplicate id")
            seen.add(tid)
        if not isinstance(tile.get("name"), str) or not tile.get("name"):
            problems.append(f"{where}: missing name")
        rows = tile.get("map")
        homesteads: set[tuple[int, int]] = set()
        if (
            not isinstance(rows, list)
            or len(rows) != TILE_SIDE
            or not all(isinstance(r, str) and len(r) == TILE_SIDE for r in rows)
        ):
            problems.append(f"{where}: map must be 4 rows of 4 squares")
        else:
            for r, row in enumerate(rows):
                for x, ch in enumerate(row):
                    y = TILE_SIDE - 1 - r
                    if ch not in FEATURES:
                        problems.append(
                            f"{where}: unknown feature {ch!r} at square ({x}, {y}); "
                            f"known: {' '.join(FEATURES)}"
                        )
                    if ch == "H":
                        homesteads.add((x, y))
        problems.extend(_validate_streams(where, tile.get("streams", []), homesteads))
    return problems


def _validate_streams(where: str, streams: Any, homesteads: set[tuple[int, int]]) -> list[str]:
    problems: list[str] = []
    if not isinstance(streams, list):
        return [f"{where}: streams must be a list of runs"]
    used: dict[TileEdge, int] = {}
    homestead_edges = {e for x, y in homesteads for e in _square_edges(x, y)}
    last = TILE_SIDE

    def on_border(p: tuple[int, int]) -> bool:
        return p[0] in (0, last) or p[1] in (0, last)

    for k, run in enumerate(streams, start=1):
        label = f"{where}: stream {k}"
        if (
            not isinstance(run, list)
            or len(run) < 2
            or not all(isinstance(p, list) and len(p) == 2 and all(_int(c) for c in p) for p in run)
        ):
            problems.append(f"{label}: expected a list of at least two [i, j] points")
            continue
        points = [(p[0], p[1]) for p in run]
        off = [p for p in points if not (0 <= p[0] <= last and 0 <= p[1] <= last)]
        if off:
            problems.append(f"{label}: points {off} lie outside the tile (0..4)")
            continue
        for end in (points[0], points[-1]):
            if not on_border(end):
                problems.append(f"{label}: ends inside the tile at {list(end)}")
        for a, b in pairwise(points):
            if a == b or (a[0] != b[0] and a[1] != b[1]):
                problems.append(f"{label}: {list(a)} to {list(b)} is not a straight grid line")
                continue
            for edge in _edges_between(a, b):
                kind, i, j = edge
                if (kind == "h" and j in (0, last)) or (kind == "v" and i in (0, last)):
                    problems.append(f"{label}: runs along the tile border at {list(a)}-{list(b)}")
                    break
                if edge in used:
                    other = used[edge]
                    who = "itself" if other == k else f"stream {other}"
                    problems.append(f"{label}: overlaps {who} at {_edge_text(edge)}")
                used[edge] = k
                if edge in homestead_edges:
                    problems.append(
                        f"{label}: runs along a homestead's edge at {_edge_text(edge)} "
                        "(homestead edges are fences already)"
                    )
    return problems


def _edges_between(a: tuple[int, int], b: tuple[int, int]) -> list[TileEdge]:
    if a[1] == b[1]:
        lo, hi = sorted((a[0], b[0]))
        return [("h", i, a[1]) for i in range(lo, hi)]
    lo, hi = sorted((a[1], b[1]))
    return [("v", a[0], j) for j in range(lo, hi)]


def _edge_text(edge: TileEdge) -> str:
    kind, i, j = edge
    end = (i + 1, j) if kind == "h" else (i, j + 1)
    return f"[{i}, {j}]-[{end[0]}, {end[1]}]"


def validate_deck(raw: Any) -> list[str]:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("cards"), list):
        return ["deck: expected an object with a list 'cards'"]
    problems: list[str] = []
    total = 0
    seen: set[str] = set()
    for n, card in enumerate(raw["cards"]):
        where = f"card #{n + 1}"
        if not isinstance(card, Mapping):
            problems.append(f"{where}: expected an object")
            continue
        cid = card.get("id")
        if cid not in CARD_IDS:
            problems.append(f"{where}: unknown card id {cid!r}; known: {', '.join(CARD_IDS)}")
        else:
            where = f"card {cid}"
            if cid in seen:
                problems.append(f"{where}: listed twice")
            seen.add(cid)
        for key in ("name", "short", "text"):
            if not isinstance(card.get(key), str) or not card.get(key):
                problems.append(f"{where}: missing {key}")
        if card.get("kind") not in CARD_KINDS:
            problems.append(f"{where}: kind must be one of {', '.join(CARD_KINDS)}")
        count = card.get("count")
        if not _int(count) or count < 1:
            problems.append(f"{where}: count must be a positive whole number")
        else:
            total += count
    missing = [c for c in CARD_IDS if c not in seen]
    if missing:
        problems.append(f"deck: no cards for {', '.join(missing)}")
    if total != DECK_SIZE:
        problems.append(f"deck: {total} cards in all, expected {DECK_SIZE}")
    return problems


def validate_compass(raw: Any) -> list[str]:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("faces"), list):
        return ["compass: expected an object with a list 'faces'"]
    problems: list[str] = []
    faces = raw["faces"]
    if raw.get("die") != 8 or len(faces) != 8:
        problems.append("compass: expected a D8 with 8 faces")
    rolls, steps = set(), set()
    for n, face in enumerate(faces):
        where = f"compass face #{n + 1}"
        if not isinstance(face, Mapping):
            problems.append(f"{where}: expected an object")
            continue
        roll, dx, dy = face.get("roll"), face.get("dx"), face.get("dy")
        if not _int(roll) or not 1 <= roll <= 8 or roll in rolls:
            problems.append(f"{where}: roll must be a distinct number 1..8")
        rolls.add(roll)
        if not (_int(dx) and _int(dy) and dx in (-1, 0, 1) and dy in (-1, 0, 1)) or dx == dy == 0:
            problems.append(f"{where}: dx and dy must be -1, 0 or 1 and not both 0")
        elif (dx, dy) in steps:
            problems.append(f"{where}: direction ({dx}, {dy}) appears twice")
        steps.add((dx, dy))
        for key in ("name", "word"):
            if not isinstance(face.get(key), str) or not face.get(key):
                problems.append(f"{where}: missing {key}")
    return problems


def _read(name: str, directory: Path) -> Any:
    with open(directory / name, encoding="utf-8") as handle:
        return json.load(handle)


def _tile(raw: Mapping[str, Any]) -> TileDef:
    rows = raw["map"]
    squares = "".join(
        rows[TILE_SIDE - 1 - y][x] for y in range(TILE_SIDE) for x in range(TILE_SIDE)
    )
    runs = tuple(tuple((p[0], p[1]) for p in run) for run in raw.get("streams", []))
    edges = frozenset(e for run in runs for a, b in pairwise(run) for e in _edges_between(a, b))
    return TileDef(raw["id"], raw["name"], squares, edges, runs)


def load(
    directory: Path = DATA_DIR,
) -> tuple[dict[str, TileDef], dict[str, CardDef], dict[int, Face]]:
    """Read and check all three files; raise ``DataError`` listing every problem."""
    raw_tiles, raw_deck, raw_compass = (
        _read(n, directory) for n in ("tiles.json", "deck.json", "compass.json")
    )
    problems = validate_tiles(raw_tiles) + validate_deck(raw_deck) + validate_compass(raw_compass)
    if problems:
        raise DataError("Broken Super Cowboy data:\n- " + "\n- ".join(problems))
    tiles = {t["id"]: _tile(t) for t in raw_tiles["tiles"]}
    cards = {
        c["id"]: CardDef(c["id"], c["name"], c["short"], c["kind"], c["count"], c["text"])
        for c in raw_deck["cards"]
    }
    faces = {
        f["roll"]: Face(f["roll"], f["name"], f["word"], f["dx"], f["dy"])
        for f in raw_compass["faces"]
    }
    return tiles, cards, faces


def mix(tiles: Mapping[str, TileDef]) -> dict[str, int]:
    """How many tiles carry each feature (streams as "~"), to compare with the suggested mix."""
    out = dict.fromkeys(SUGGESTED_MIX, 0)
    for tile in tiles.values():
        for letter in ("S", "T", "H", "P"):
            out[letter] += letter in tile.squares
        out["~"] += bool(tile.streams)
    return out


TILES, CARDS, COMPASS = load()
