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


@lru_cache(maxsize=512)
def _regions(
    tiles: tuple[tuple[str, int], ...], fences: frozenset[int]
) -> tuple[tuple[Region, bool], ...]:
    board = board_for(tiles)
    size = board.size
    blocked = board.walls | fences
    seen: set[int] = set(board.homesteads)
    out = []
    vbase = size * (size + 1)
    for start in board.squares:
        if start in seen:
            continue
        seen.add(start)
        stack, comp, closed = [start], [], True
        while stack:
            s = stack.pop()
            comp.append(s)
            y, x = divmod(s, size)
            for nx, ny, e in (
                (x, y - 1, y * size + x),
                (x, y + 1, (y + 1) * size + x),
                (x - 1, y, vbase + y * (size + 1) + x),
                (x + 1, y, vbase + y * (size + 1) + x + 1),
            ):
                if e in blocked:
                    continue
                if not (0 <= nx < size and 0 <= ny < size):
                    closed = False
                    continue
                t = ny * size + nx
                if t not in seen:
                    seen.add(t)
                    stack.append(t)
        out.append((frozenset(comp), closed))
    return tuple(out)


def regions(board: Board, fences: Iterable[int]) -> tuple[tuple[Region, bool], ...]:
    """Every region of non-homestead squares, with whether it is closed."""
    return _regions(board.tiles, frozenset(fences))


def closed_regions(board: Board, fences: Iterable[int]) -> set[Region]:
    return {r for r, closed in regions(board, fences) if closed}


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


def describe(board: Board, squares: Iterable[int]) -> str:
    names = [board.square_name(s) for s in sorted(squares)]
    if len(names) == 1:
        return f"1 square ({names[0]})"
    if len(names) <= 6:
        return f"{len(names)} squares ({', '.join(names)})"
    return f"{len(names)} squares ({names[0]} to {names[-1]})"


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
    who = " and ".join(w.name(s) for s in winners)
    w.say(f"{who} has five steers and wins!")


def after_build(w: Work, seat: int, edge: int) -> None:
    """Claim what ``seat``'s new fence closed; may leave a ``claim`` choice pending."""
    board = w.board
    before = closed_regions(board, set(w.fences) - {edge})
    after = closed_regions(board, w.fences)
    name = w.name(seat)
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
            w.say(f"{name} divides their own field into {len(parts)} fields.")
            continue
        owner = w.name(f.owner)
        eligible = [p for p in parts if not any(steer_at(w, s) for s in p)]
        if not eligible:
            fields.extend(Field(f.owner, tuple(sorted(p))) for p in parts)
            w.say(
                f"{name} splits {owner}'s field, but every part holds {owner}'s steers; "
                f"both parts stay {owner}'s."
            )
        elif len(eligible) == 1:
            for p in parts:
                fields.append(Field(seat if p == eligible[0] else f.owner, tuple(sorted(p))))
            w.say(f"{name} splits {owner}'s field and claims {describe(board, eligible[0])}.")
        else:
            fields.extend(Field(f.owner, tuple(sorted(p))) for p in parts)
            w.pending = Pending(
                kind="claim",
                seat=seat,
                choices=tuple(min(p) for p in eligible),
                victim=f.owner,
                parts=tuple(tuple(sorted(p)) for p in eligible),
            )
            w.say(f"{name} splits {owner}'s field; {name} chooses which empty part to claim.")
    for r in sorted(after, key=min):
        if r <= held or r in before:
            continue
        fields.append(Field(seat, tuple(sorted(r))))
        penned = sum(1 for s in r if steer_at(w, s))
        text = f"{name} closes a field of {describe(board, r)}"
        if penned:
            text += f" with {penned} steer{'s' if penned > 1 else ''} inside"
        w.say(text + ".")
    w.fields = fields
    check_win(w)


def claim(w: Work, seat: int, square: int) -> None:
    """Resolve a ``claim`` choice: the part holding ``square`` becomes ``seat``'s."""
    pending = w.pending
    assert pending is not None and pending.kind == "claim"
    part = next(p for p in pending.parts if square in p)
    w.fields = [Field(seat, f.squares) if f.squares == part else f for f in w.fields]
    w.pending = None
    w.say(f"{w.name(seat)} claims {describe(w.board, part)} of {w.name(pending.victim)}'s field.")
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
            w.say(f"{w.name(inside[0].owner)}'s fields join into one field of {len(r)} squares.")
    for f in broken:
        steers = sum(1 for s in f.squares if steer_at(w, s))
        text = f"{w.name(f.owner)}'s field at {w.sq(f.squares[0])} is broken open and lost"
        if steers:
            text += (
                "; its steer no longer counts"
                if steers == 1
                else (f"; its {steers} steers no longer count")
            )
        w.say(text + ".")
    w.fields = keep
