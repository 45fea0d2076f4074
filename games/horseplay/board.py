"""Horseplay Rustling geometry and move generation.

The board is a flat tuple of ints, one per square, indexed ``rank * size + file`` from Green's
side (``a1`` is 0), so reading order from a1 is plain index order. A cell holds 0 (empty), a man
``colour + 1`` (1-4) or a crown ``colour + 5`` (5-8). Move generation is cached per position
because the move menu, autocomplete, ``parse_action`` and ``apply`` all ask for the same list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

GREEN, RED, BLUE, BLACK = range(4)
COLOURS = ("green", "red", "blue", "black")
LETTERS = ("G", "R", "B", "K")
FILES = "abcdefghijk"
SIZES = (9, 11)

#: diagonal directions as (file step, rank step): NE, NW, SE, SW
DIRS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
#: the two diagonals each colour's men move along: Green north, Red east, Blue south, Black west
FORWARD = ((0, 1), (0, 2), (2, 3), (1, 3))
ALL_DIRS = (0, 1, 2, 3)

MAN_VALUE = 10
CROWN_VALUE = 25

Board = tuple[int, ...]


def colour_of(cell: int) -> int:
    return (cell - 1) & 3


def is_crown(cell: int) -> bool:
    return cell > 4


def man(colour: int) -> int:
    return colour + 1


def crown(colour: int) -> int:
    return colour + 5


def value(cell: int) -> int:
    return CROWN_VALUE if is_crown(cell) else MAN_VALUE


@dataclass(frozen=True, slots=True)
class Move:
    """One whole move: the squares visited (start first) and the squares of pieces taken.

    ``taken`` follows from ``path`` and the position, but carrying it lets pictures and events
    show captures even with flying crowns, where the taken piece is not midway.
    """

    path: tuple[int, ...]
    taken: tuple[int, ...] = ()

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.taken)


# Geometry -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    size: int
    #: rays[square][direction]: the squares from ``square`` outwards, nearest first
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    playable: tuple[bool, ...]
    #: each colour's own corner Stable, in colour order
    stables: tuple[int, int, int, int]
    centre: int
    #: the Miss a Turn squares (11x11 only)
    miss: frozenset[int]
    #: the far edge where each colour's men are crowned
    crown_rows: tuple[frozenset[int], ...]


@lru_cache(maxsize=4)
def geometry(size: int) -> Geometry:
    n = size
    rays = []
    for sq in range(n * n):
        f, r = sq % n, sq // n
        per_dir = []
        for df, dr in DIRS:
            ray = []
            x, y = f + df, r + dr
            while 0 <= x < n and 0 <= y < n:
                ray.append(y * n + x)
                x, y = x + df, y + dr
            per_dir.append(tuple(ray))
        rays.append(tuple(per_dir))
    last = n - 1
    miss: frozenset[int] = frozenset()
    if n == 11:
        miss = frozenset(r * n + f for f, r in ((3, 3), (3, 7), (7, 3), (7, 7)))
    return Geometry(
        size=n,
        rays=tuple(rays),
        playable=tuple((sq % n + sq // n) % 2 == 0 for sq in range(n * n)),
        stables=(0, last * n, last * n + last, last),
        centre=(last // 2) * n + last // 2,
        miss=miss,
        crown_rows=(
            frozenset(last * n + f for f in range(n)),  # Green: the north edge
            frozenset(r * n + last for r in range(n)),  # Red: the east edge
            frozenset(range(n)),  # Blue: the south edge
            frozenset(r * n for r in range(n)),  # Black: the west edge
        ),
    )


def square_name(sq: int, size: int) -> str:
    return f"{FILES[sq % size]}{sq // size + 1}"


def notation_of(move: Move, size: int) -> str:
    """A move in the notation (the action log's format): its squares joined by "x" for a
    capture, by "-" otherwise."""
    sep = "x" if move.is_capture else "-"
    return sep.join(square_name(sq, size) for sq in move.path)


_SQUARE = re.compile(r"([a-k])(1[01]|[1-9])")


def parse_square(text: str, size: int) -> int | None:
    """``c3`` -> its index, or None when it is not a square of this board."""
    m = _SQUARE.fullmatch(text.strip().lower())
    if not m:
        return None
    f, r = FILES.index(m.group(1)), int(m.group(2)) - 1
    if f >= size or r >= size:
        return None
    return r * size + f


# Set-ups ------------------------------------------------------------------------------------


def colours_in_play(players: int) -> tuple[int, ...]:
    """Two players play Green v Blue; three and four use all four colours."""
    return (GREEN, BLUE) if players == 2 else (GREEN, RED, BLUE, BLACK)


def seat_of(colour: int, players: int) -> int:
    """Who commands a colour: with three players seat 0 commands Green and Blue."""
    if players == 2:
        return 0 if colour == GREEN else 1
    if players == 3:
        return (0, 1, 0, 2)[colour]
    return colour


def _along(colour: int, size: int, depth: int, across: range) -> list[int]:
    """Squares within ``depth`` rows of a colour's home edge whose position along it is in
    ``across`` (counted from the left as that colour sees it; the sets are symmetric)."""
    last = size - 1
    out = []
    for row in range(depth):
        for k in across:
            f, r = {
                GREEN: (k, row),
                RED: (row, k),
                BLUE: (k, last - row),
                BLACK: (last - row, k),
            }[colour]
            if (f + r) % 2 == 0:
                out.append(r * size + f)
    return sorted(out)


def start_squares(size: int, players: int) -> dict[int, tuple[int, ...]]:
    """Where each colour's men start (see docs/rules/horseplay.md, Set-up)."""
    corners = set(geometry(size).stables)
    if players == 2:
        return {
            c: tuple(sq for sq in _along(c, size, 3, range(size)) if sq not in corners)
            for c in (GREEN, BLUE)
        }
    depth, across = (2, range(2, 7)) if size == 9 else (3, range(3, 8))
    return {c: tuple(_along(c, size, depth, across)) for c in (GREEN, RED, BLUE, BLACK)}


def start_board(size: int, players: int) -> Board:
    cells = [0] * (size * size)
    for colour, squares in start_squares(size, players).items():
        for sq in squares:
            cells[sq] = man(colour)
    return tuple(cells)


# Move generation ----------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def generate(
    board: Board, size: int, colour: int, enemies: int, flying: bool
) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """(captures, plain moves) for ``colour``; ``enemies`` is a bit mask of enemy colours.

    Each capture is a whole chain that cannot be extended; both lists are in reading order of
    the starting square, then of the path.
    """
    geo = geometry(size)
    cells = list(board)
    captures: list[Move] = []
    plains: list[Move] = []
    for sq, cell in enumerate(board):
        if cell and colour_of(cell) == colour:
            found, targets = _piece(cells, geo, sq, enemies, flying, None)
            captures.extend(found)
            plains.extend(targets)
    return tuple(captures), tuple(plains)


def piece_moves(
    board: Board, size: int, sq: int, enemies: int, flying: bool, reads: set[int] | None = None
) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """``generate``'s (captures, plain moves) of the one piece on ``sq``; ``reads`` collects
    the squares whose contents decided them (the same board there: the same moves)."""
    found, targets = _piece(list(board), geometry(size), sq, enemies, flying, reads)
    return tuple(found), tuple(targets)


def _piece(
    cells: list[int],
    geo: Geometry,
    sq: int,
    enemies: int,
    flying: bool,
    reads: set[int] | None,
) -> tuple[list[Move], list[Move]]:
    cell = cells[sq]
    crowned = is_crown(cell)
    dirs = ALL_DIRS if crowned else FORWARD[colour_of(cell)]
    fly = flying and crowned
    cells[sq] = 0
    found: list[Move] = []
    _chains(cells, geo, sq, cell, dirs, fly, enemies, (sq,), (), found, reads)
    cells[sq] = cell
    found.sort(key=lambda m: m.path)
    rays = geo.rays[sq]
    targets = []
    for d in dirs:
        for to in rays[d]:
            if reads is not None:
                reads.add(to)
            if cells[to]:
                break
            targets.append(to)
            if not fly:
                break
    return found, [Move((sq, to)) for to in sorted(targets)]


def _chains(
    cells: list[int],
    geo: Geometry,
    at: int,
    cell: int,
    dirs: tuple[int, ...],
    fly: bool,
    enemies: int,
    path: tuple[int, ...],
    taken: tuple[int, ...],
    out: list[Move],
    reads: set[int] | None,
) -> bool:
    """Extend a capture chain from ``at``; append every finished chain; True if any jump."""
    crown_row = None if is_crown(cell) else geo.crown_rows[colour_of(cell)]
    jumped = False
    for d in dirs:
        ray = geo.rays[at][d]
        i = 0
        if fly:
            while i < len(ray) and not cells[ray[i]]:
                i += 1
        if reads is not None:
            reads.update(ray[: i + 2])  # the empty squares passed, the victim, the landing
        if i + 1 >= len(ray):
            continue
        victim = ray[i]
        v = cells[victim]
        if not v or not (enemies >> colour_of(v)) & 1:
            continue
        j = i + 1
        while j < len(ray) and not cells[ray[j]]:
            land = ray[j]
            jumped = True
            cells[victim] = 0
            step_path, step_taken = (*path, land), (*taken, victim)
            if crown_row is not None and land in crown_row:
                out.append(Move(step_path, step_taken))  # crowned: the move ends here
            elif not _chains(
                cells, geo, land, cell, dirs, fly, enemies, step_path, step_taken, out, reads
            ):
                out.append(Move(step_path, step_taken))
            cells[victim] = v
            if not fly:
                break
            j += 1
            if reads is not None and j < len(ray):
                reads.add(ray[j])
    return jumped


def huff_target(board: Board, captures: tuple[Move, ...]) -> int | None:
    """The piece huffed for a plain move: longest capture, then crown before man, then reading
    order from a1. None when nothing could capture."""
    best: tuple[int, bool, int] | None = None
    for m in captures:
        key = (len(m.taken), is_crown(board[m.start]), -m.start)
        if best is None or key > best:
            best = key
    return None if best is None else -best[2]
