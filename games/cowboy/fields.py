"""Fields: regions closed by fences, streams and homestead sides, and who owns them.

A region is a set of squares joined across edges that are not walls; it is closed when no
unfenced board-edge segment lets it out (the board edge is not a fence). A field is an owned
closed region; every field is exactly one region. Steers count for whoever's field holds them,
so penned or roaming is never stored: it follows from where a steer stands.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from games.cowboy.board import Board, board_for
from games.cowboy.state import WIN, Field, Pending, Work

Region = frozenset[int]


@lru_cache(maxsize=8)
def _links(size: int) -> tuple[tuple[tuple[int | None, int], ...], ...]:
    """For each square of a board ``size`` squares wide, its four sides: (the square beyond,
    None off the board; the edge between)."""
    vbase = size * (size + 1)
    out = []
    for s in range(size * size):
        y, x = divmod(s, size)
        sides = (
            (x, y - 1, y * size + x),
            (x, y + 1, (y + 1) * size + x),
            (x - 1, y, vbase + y * (size + 1) + x),
            (x + 1, y, vbase + y * (size + 1) + x + 1),
        )
        out.append(
            tuple(
                (ny * size + nx if 0 <= nx < size and 0 <= ny < size else None, e)
                for nx, ny, e in sides
            )
        )
    return tuple(out)


@lru_cache(maxsize=512)
def _regions(
    tiles: tuple[tuple[str, int], ...], fences: frozenset[int]
) -> tuple[tuple[Region, bool], ...]:
    board = board_for(tiles)
    links = _links(board.size)
    blocked = board.walls | fences
    seen: set[int] = set(board.homesteads)
    out = []
    for start in board.squares:
        if start in seen:
            continue
        seen.add(start)
        stack, comp, closed = [start], [], True
        while stack:
            s = stack.pop()
            comp.append(s)
            for t, e in links[s]:
                if e in blocked:
                    continue
                if t is None:
                    closed = False
                elif t not in seen:
                    seen.add(t)
                    stack.append(t)
        out.append((frozenset(comp), closed))
    return tuple(out)


def regions(board: Board, fences: Iterable[int]) -> tuple[tuple[Region, bool], ...]:
    """Every region of non-homestead squares, with whether it is closed."""
    return _regions(board.tiles, frozenset(fences))


def closed_regions(board: Board, fences: Iterable[int]) -> set[Region]:
    return {r for r, closed in regions(board, fences) if closed}


def newly_closed(board: Board, fences: frozenset[int], edge: int) -> list[Region]:
    """The regions a fence on ``edge`` would close (``closed_regions`` with it, less those
    without it): only a region beside the edge can change, so only those are walked, each
    until it reaches the board's edge."""
    before: set[Region] | None = None
    out: list[Region] = []
    for start in board.edge_squares(edge):
        if start is None or start in board.homesteads:
            continue
        region = _enclosed(board, fences | {edge}, start)
        if region is None or region in out:
            continue
        if before is None:
            before = closed_regions(board, fences)
        if region not in before:
            out.append(region)
    return out


def _enclosed(board: Board, fences: frozenset[int], start: int) -> Region | None:
    """The region of ``start`` with these fences, or None when it reaches the board's edge
    (the walk of ``_regions`` from one square)."""
    links = _links(board.size)
    blocked = board.walls | fences
    seen = {start}
    stack = [start]
    while stack:
        for t, e in links[stack.pop()]:
            if e in blocked:
                continue
            if t is None:
                return None
            if t not in seen and t not in board.homesteads:
                seen.add(t)
                stack.append(t)
    return frozenset(seen)


def owner_map(fields: Iterable[Field]) -> dict[int, int]:
    return {s: f.owner for f in fields for s in f.squares}


def steer_at(g: Any, s: int) -> bool:
    """A steer stands on ``s``: a token, or a printed steer not covered by a Stolen token."""
    return s in g.steers or (s in g.board.printed and s not in g.stolen)


def steer_squares(g: Any) -> set[int]:
    return set(g.steers) | {s for s in g.board.printed if s not in g.stolen}


def herd(g: Any, seat: int) -> int:
    """Steers (tokens and uncovered printed steers) in ``seat``'s fields."""
    mine = {s for f in g.fields if f.owner == seat for s in f.squares}
    return len(mine & steer_squares(g))


def herds(g: Any) -> tuple[int, ...]:
    return tuple(herd(g, seat) for seat in range(len(g.names)))


def free(g: Any, s: int) -> bool:
    """No steer, Indian or twister on ``s`` and not a homestead: a token may be put here."""
    return (
        not steer_at(g, s)
        and s not in g.indians
        and s not in g.twisters
        and s not in g.board.homesteads
    )


def free_field_squares(g: Any, seat: int) -> list[int]:
    return sorted(s for f in g.fields if f.owner == seat for s in f.squares if free(g, s))


def roaming(g: Any) -> list[int]:
    """Steer tokens not in anyone's field, in board order."""
    owned = owner_map(g.fields)
    return sorted(s for s in g.steers if s not in owned)


#: an area of more squares than this is told by its first and last square
LISTED = 6


def area(board: Board, squares: Iterable[int]) -> dict[str, Any]:
    """An area as data: how many squares, and their names (the first and last of a big one)."""
    names = [board.square_name(s) for s in sorted(squares)]
    shown = names if len(names) <= LISTED else [names[0], names[-1]]
    return {"size": len(names), "squares": shown}


def check_win(w: Work) -> None:
    """The first to hold five steers wins at once, whatever is still resolving."""
    if w.over:
        return
    counts = herds(w)
    winners = tuple(s for s, n in enumerate(counts) if n >= WIN)
    if not winners:
        return
    w.winners = winners
    w.finished = "five"
    w.pending = None
    w.tell("win", seats=list(winners))


def after_build(w: Work, seat: int, edge: int) -> None:
    """Claim what ``seat``'s new fence closed; may leave a ``claim`` choice pending."""
    board = w.board
    before = closed_regions(board, set(w.fences) - {edge})
    after = closed_regions(board, w.fences)
    fields: list[Field] = []
    held: set[int] = set()
    for f in w.fields:
        squares = frozenset(f.squares)
        held |= squares
        if squares in after:
            fields.append(f)
            continue
        parts = sorted((r for r in after if r <= squares), key=min)
        if f.owner == seat:
            fields.extend(Field(seat, tuple(sorted(p))) for p in parts)
            w.tell("divide", seat=seat, parts=len(parts))
            continue
        eligible = [p for p in parts if not any(steer_at(w, s) for s in p)]
        if not eligible:
            fields.extend(Field(f.owner, tuple(sorted(p))) for p in parts)
            w.tell("split_kept", seat=seat, owner=f.owner)
        elif len(eligible) == 1:
            for p in parts:
                fields.append(Field(seat if p == eligible[0] else f.owner, tuple(sorted(p))))
            w.tell("split_claim", seat=seat, owner=f.owner, area=area(board, eligible[0]))
        else:
            fields.extend(Field(f.owner, tuple(sorted(p))) for p in parts)
            w.pending = Pending(
                kind="claim",
                seat=seat,
                choices=tuple(min(p) for p in eligible),
                victim=f.owner,
                parts=tuple(tuple(sorted(p)) for p in eligible),
            )
            w.tell("split_choose", seat=seat, owner=f.owner)
    for r in sorted(after, key=min):
        if r <= held or r in before:
            continue
        fields.append(Field(seat, tuple(sorted(r))))
        penned = sum(1 for s in r if steer_at(w, s))
        w.tell("close", seat=seat, area=area(board, r), steers=penned)
    w.fields = fields
    check_win(w)


def claim(w: Work, seat: int, square: int) -> None:
    """Resolve a ``claim`` choice: the part holding ``square`` becomes ``seat``'s."""
    pending = w.pending
    assert pending is not None and pending.kind == "claim"
    part = next(p for p in pending.parts if square in p)
    w.fields = [Field(seat, f.squares) if f.squares == part else f for f in w.fields]
    w.pending = None
    w.tell("claim", seat=seat, owner=pending.victim, area=area(w.board, part))
    check_win(w)


def after_removal(w: Work) -> None:
    """Fences are gone: fields no longer closed lose their owner (their steers roam)."""
    after = closed_regions(w.board, w.fences)
    keep: list[Field] = []
    broken: list[Field] = []
    for f in w.fields:
        (keep if frozenset(f.squares) in after else broken).append(f)
    if not broken:
        return
    # Two fields of one owner that merge into one closed region stay that owner's.
    for r in sorted(after, key=min):
        inside = [f for f in broken if set(f.squares) <= r]
        if (
            inside
            and len({f.owner for f in inside}) == 1
            and sum(len(f.squares) for f in inside) == len(r)
        ):
            keep.append(Field(inside[0].owner, tuple(sorted(r))))
            broken = [f for f in broken if f not in inside]
            w.tell("join", seat=inside[0].owner, size=len(r))
    for f in broken:
        steers = sum(1 for s in f.squares if steer_at(w, s))
        w.tell("broken", seat=f.owner, square=w.sq(f.squares[0]), steers=steers)
    w.fields = keep
