"""The range: tiles laid in a grid, squares, the grid lines between them, and their names.

Tokens (steers, Indians, twisters) sit on squares, numbered ``y * size + x`` from the south-west;
cowboys, the Bandit and Pilgrims sit on intersections (points), numbered ``j * (size + 1) + i``.
Edges are the unit segments of the grid lines: a fence, a stream or a homestead's side lies on
one. Squares are named like chess squares (``a1`` is the south-west square); an intersection
takes the upper-case name of the square to its north-east, so ``C4`` is the south-west corner
of square ``c4`` and the board's corners are ``A1`` and (12x12) ``M13``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from games.cowboy.data import COMPASS, TILE_SIDE, TILES, Face

LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: cowboy steps along grid lines
STEPS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
#: the directions as typed in full (``move north``): aliases of the notation
STEP_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}
#: compass roll of each (dx, dy)
ROLL_OF = {(f.dx, f.dy): f.roll for f in COMPASS.values()}


def face(roll: int) -> Face:
    return COMPASS[roll]


def opposite(roll: int) -> int:
    f = COMPASS[roll]
    return ROLL_OF[(-f.dx, -f.dy)]


@dataclass(frozen=True)
class Board:
    """The static range for one deal of tiles; built once per deal and cached."""

    n: int
    size: int
    tiles: tuple[tuple[str, int], ...]
    features: str
    streams: frozenset[int]
    homesteads: frozenset[int]
    homestead_edges: frozenset[int]
    trees: frozenset[int]
    skulls: tuple[int, ...]
    printed: tuple[int, ...]
    #: edges that always stop a steer: streams and homestead sides
    walls: frozenset[int]
    #: streams as polylines of points, for drawing
    runs: tuple[tuple[tuple[int, int], ...], ...]

    # Squares ---------------------------------------------------------------------------------

    def sq(self, x: int, y: int) -> int:
        return y * self.size + x

    def xy(self, s: int) -> tuple[int, int]:
        return s % self.size, s // self.size

    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.size and 0 <= y < self.size

    @property
    def squares(self) -> range:
        return range(self.size * self.size)

    def square_name(self, s: int) -> str:
        x, y = self.xy(s)
        return f"{LETTERS[x]}{y + 1}"

    def parse_square(self, text: str) -> int | None:
        text = text.strip().lower()
        if len(text) < 2 or text[0] not in LETTERS or not text[1:].isdigit():
            return None
        x, y = LETTERS.index(text[0]), int(text[1:]) - 1
        return self.sq(x, y) if self.on_board(x, y) else None

    def square_edges(self, s: int) -> tuple[int, int, int, int]:
        """South, north, west and east edges of a square."""
        x, y = self.xy(s)
        return self.hedge(x, y), self.hedge(x, y + 1), self.vedge(x, y), self.vedge(x + 1, y)

    def neighbour(self, s: int, dx: int, dy: int) -> int | None:
        x, y = self.xy(s)
        return self.sq(x + dx, y + dy) if self.on_board(x + dx, y + dy) else None

    def crossed(self, s: int, dx: int, dy: int) -> list[int]:
        """Edges a one-square step passes: the edge crossed, or for a diagonal step the four
        edges meeting at the corner it passes through (either half-step may be blocked)."""
        x, y = self.xy(s)
        if dx == 0:
            return [self.hedge(x, y + (dy > 0))]
        if dy == 0:
            return [self.vedge(x + (dx > 0), y)]
        ci, cj = x + (dx > 0), y + (dy > 0)
        out = []
        if 0 <= cj <= self.size:
            out += [self.hedge(i, cj) for i in (ci - 1, ci) if 0 <= i < self.size]
        if 0 <= ci <= self.size:
            out += [self.vedge(ci, j) for j in (cj - 1, cj) if 0 <= j < self.size]
        return out

    # Intersections -----------------------------------------------------------------------

    def pt(self, i: int, j: int) -> int:
        return j * (self.size + 1) + i

    def ij(self, p: int) -> tuple[int, int]:
        return p % (self.size + 1), p // (self.size + 1)

    def point_on_board(self, i: int, j: int) -> bool:
        return 0 <= i <= self.size and 0 <= j <= self.size

    def point_name(self, p: int) -> str:
        i, j = self.ij(p)
        return f"{LETTERS[i].upper()}{j + 1}"

    def point_place(self, p: int) -> dict[str, str]:
        """An intersection as data a player finds on the picture: its name and a square the
        picture labels with the corner it is of (``{"point": "G4", "corner": "sw", "square":
        "g4"}``), another corner for the board's north and east edges."""
        i, j = self.ij(p)
        for dx, dy, corner in ((0, 0, "sw"), (-1, 0, "se"), (0, -1, "nw"), (-1, -1, "ne")):
            if self.on_board(i + dx, j + dy):
                square = self.square_name(self.sq(i + dx, j + dy))
                return {"point": self.point_name(p), "corner": corner, "square": square}
        return {"point": self.point_name(p)}

    def parse_point(self, text: str) -> int | None:
        text = text.strip().lower()
        if len(text) < 2 or text[0] not in LETTERS or not text[1:].isdigit():
            return None
        i, j = LETTERS.index(text[0]), int(text[1:]) - 1
        return self.pt(i, j) if self.point_on_board(i, j) else None

    def around(self, p: int) -> list[int]:
        """The (up to) four squares a cowboy on ``p`` is next to."""
        i, j = self.ij(p)
        return [self.sq(x, y) for y in (j - 1, j) for x in (i - 1, i) if self.on_board(x, y)]

    def point_step(self, p: int, dx: int, dy: int) -> int | None:
        i, j = self.ij(p)
        return self.pt(i + dx, j + dy) if self.point_on_board(i + dx, j + dy) else None

    def steps_from(self, p: int) -> tuple[int | None, ...]:
        """The intersections one step from ``p`` in each of ``STEPS``' directions, in order
        (None off the board): ``point_step`` for every direction, looked up."""
        return step_table(self.size)[p]

    def walk_edge(self, p: int, dx: int, dy: int) -> int:
        """The edge a cowboy walks along stepping one unit from ``p``."""
        i, j = self.ij(p)
        if dy == 0:
            return self.hedge(min(i, i + dx), j)
        return self.vedge(i, min(j, j + dy))

    def on_edge(self, p: int) -> bool:
        i, j = self.ij(p)
        return i in (0, self.size) or j in (0, self.size)

    # Edges -------------------------------------------------------------------------------

    @property
    def _vbase(self) -> int:
        return self.size * (self.size + 1)

    def hedge(self, i: int, j: int) -> int:
        """The edge from point (i, j) east to (i + 1, j)."""
        return j * self.size + i

    def vedge(self, i: int, j: int) -> int:
        """The edge from point (i, j) north to (i, j + 1)."""
        return self._vbase + j * (self.size + 1) + i

    @property
    def edge_count(self) -> int:
        return 2 * self._vbase

    def edge_points(self, e: int) -> tuple[int, int]:
        if e < self._vbase:
            j, i = divmod(e, self.size)
            return self.pt(i, j), self.pt(i + 1, j)
        j, i = divmod(e - self._vbase, self.size + 1)
        return self.pt(i, j), self.pt(i, j + 1)

    def edge_name(self, e: int) -> str:
        a, b = self.edge_points(e)
        return f"{self.point_name(a)}-{self.point_name(b)}"

    def edge_place(self, e: int) -> dict[str, str]:
        """An edge as data a player finds on the picture, whose squares are labelled: the two
        squares it lies between (``{"a": "f1", "b": "g1"}``), or along the board's edge the
        side of the one square it borders (``{"side": "w", "square": "a1"}``)."""
        a, b = self.edge_squares(e)
        if a is not None and b is not None:
            return {"a": self.square_name(a), "b": self.square_name(b)}
        horizontal = e < self._vbase
        if a is None:
            assert b is not None
            return {"side": "s" if horizontal else "w", "square": self.square_name(b)}
        return {"side": "n" if horizontal else "e", "square": self.square_name(a)}

    def parse_edge(self, text: str) -> int | None:
        parts = text.strip().split("-")
        if len(parts) != 2:
            return None
        a, b = (self.parse_point(t) for t in parts)
        if a is None or b is None:
            return None
        (ai, aj), (bi, bj) = self.ij(min(a, b)), self.ij(max(a, b))
        if aj == bj and bi == ai + 1:
            return self.hedge(ai, aj)
        if ai == bi and bj == aj + 1:
            return self.vedge(ai, aj)
        return None

    def is_border(self, e: int) -> bool:
        if e < self._vbase:
            return e // self.size in (0, self.size)
        return (e - self._vbase) % (self.size + 1) in (0, self.size)

    def edge_squares(self, e: int) -> tuple[int | None, int | None]:
        """The squares on either side of an edge (None off the board)."""
        if e < self._vbase:
            j, i = divmod(e, self.size)
            below = self.sq(i, j - 1) if j > 0 else None
            above = self.sq(i, j) if j < self.size else None
            return below, above
        j, i = divmod(e - self._vbase, self.size + 1)
        left = self.sq(i - 1, j) if i > 0 else None
        right = self.sq(i, j) if i < self.size else None
        return left, right

    # Tiles -------------------------------------------------------------------------------

    def tile_at(self, tx: int, ty: int) -> tuple[str, int]:
        return self.tiles[ty * self.n + tx]

    def tile_span(self, tx: int, ty: int) -> str:
        a = self.sq(tx * TILE_SIDE, ty * TILE_SIDE)
        b = self.sq(tx * TILE_SIDE + TILE_SIDE - 1, ty * TILE_SIDE + TILE_SIDE - 1)
        return f"{self.square_name(a)}-{self.square_name(b)}"

    def edge_tiles(self, roll: int) -> list[tuple[int, int]]:
        """The edge tiles a compass roll names: a corner tile, or the middle tiles of a side."""
        f = COMPASS[roll]
        last = self.n - 1

        def span(d: int) -> list[int]:
            return [0] if d < 0 else [last] if d > 0 else list(range(1, last))

        return [(tx, ty) for ty in span(f.dy) for tx in span(f.dx)]

    def tile_edge_squares(self, tx: int, ty: int) -> list[int]:
        """The tile's squares on the board's edge, in board order."""
        out = []
        for y in range(ty * TILE_SIDE, ty * TILE_SIDE + TILE_SIDE):
            for x in range(tx * TILE_SIDE, tx * TILE_SIDE + TILE_SIDE):
                if x in (0, self.size - 1) or y in (0, self.size - 1):
                    out.append(self.sq(x, y))
        return out

    def tile_centre(self, tx: int, ty: int) -> int:
        return self.pt(tx * TILE_SIDE + TILE_SIDE // 2, ty * TILE_SIDE + TILE_SIDE // 2)

    def outside_corner(self, roll: int) -> int:
        f = COMPASS[roll]
        return self.pt(self.size if f.dx > 0 else 0, self.size if f.dy > 0 else 0)

    def start_points(self, players: int) -> list[int]:
        """Cowboys start mid-side on the board edge, seats clockwise from the south."""
        mid = self.size // 2
        sides = [self.pt(mid, 0), self.pt(0, mid), self.pt(mid, self.size), self.pt(self.size, mid)]
        return [sides[0], sides[2]] if players == 2 else sides[:players]


@lru_cache(maxsize=4)
def step_table(size: int) -> tuple[tuple[int | None, ...], ...]:
    """For every intersection of a ``size`` board, its neighbours in ``STEPS``' directions
    (None off the board); the grid alone decides them, so one table serves every deal."""
    out = []
    for p in range((size + 1) ** 2):
        i, j = p % (size + 1), p // (size + 1)
        out.append(
            tuple(
                (j + dy) * (size + 1) + i + dx
                if 0 <= i + dx <= size and 0 <= j + dy <= size
                else None
                for dx, dy in STEPS.values()
            )
        )
    return tuple(out)


#: the index of each of ``STEPS``' directions in ``step_table``'s rows
STEP_INDEX = {d: k for k, d in enumerate(STEPS)}


def tiles_per_side(players: int) -> int:
    return 3 if players == 2 else 4


def _rotate_square(x: int, y: int, turns: int) -> tuple[int, int]:
    for _ in range(turns):
        x, y = y, TILE_SIDE - 1 - x
    return x, y


def _rotate_point(i: int, j: int, turns: int) -> tuple[int, int]:
    for _ in range(turns):
        i, j = j, TILE_SIDE - i
    return i, j


#: deals whose board is kept (about 9 KB each; laying one out takes 1-2 ms): every live match's,
#: on a busy bot, where a process moves and draws for hundreds of matches in turn
BOARDS = 1024


@lru_cache(maxsize=BOARDS)
def board_for(tiles: tuple[tuple[str, int], ...]) -> Board:
    """Lay out ``tiles`` (tile id, quarter turns clockwise), row by row from the south-west."""
    n = {9: 3, 16: 4}.get(len(tiles))
    if n is None:
        raise ValueError(f"a board has 9 or 16 tiles, not {len(tiles)}")
    size = n * TILE_SIDE
    features = ["."] * (size * size)
    stream_points: list[tuple[tuple[int, int], ...]] = []
    stream_edges: set[int] = set()
    proto = Board(
        n,
        size,
        tiles,
        "",
        frozenset(),
        frozenset(),
        frozenset(),
        frozenset(),
        (),
        (),
        frozenset(),
        (),
    )
    for index, (tile_id, turns) in enumerate(tiles):
        tile = TILES[tile_id]
        ty, tx = divmod(index, n)
        ox, oy = tx * TILE_SIDE, ty * TILE_SIDE
        for y in range(TILE_SIDE):
            for x in range(TILE_SIDE):
                rx, ry = _rotate_square(x, y, turns)
                features[proto.sq(ox + rx, oy + ry)] = tile.feature(x, y)
        for run in tile.runs:
            pts = tuple((ox + i, oy + j) for i, j in (_rotate_point(a, b, turns) for a, b in run))
            stream_points.append(pts)
            for (ai, aj), (bi, bj) in pairwise(pts):
                if aj == bj:
                    stream_edges.update(proto.hedge(i, aj) for i in range(min(ai, bi), max(ai, bi)))
                else:
                    stream_edges.update(proto.vedge(ai, j) for j in range(min(aj, bj), max(aj, bj)))
    text = "".join(features)
    homesteads = frozenset(s for s, f in enumerate(text) if f == "H")
    h_edges = frozenset(e for s in homesteads for e in proto.square_edges(s))
    return Board(
        n=n,
        size=size,
        tiles=tiles,
        features=text,
        streams=frozenset(stream_edges),
        homesteads=homesteads,
        homestead_edges=h_edges,
        trees=frozenset(s for s, f in enumerate(text) if f == "T"),
        skulls=tuple(s for s, f in enumerate(text) if f == "S"),
        printed=tuple(s for s, f in enumerate(text) if f == "P"),
        walls=frozenset(stream_edges) | h_edges,
        runs=tuple(stream_points),
    )
