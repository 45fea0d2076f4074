"""What the last move did, for the picture's last-move strip and its marks on the board.

Worked out from ``last`` and ``previous`` with the game's own ``settle``, so the strip and the
ghosts agree with the move's message: the pieces jumped, a whole colour taken with its Stable,
the piece huffed (possibly the one that just moved).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.horseplay import COLOURS, HorseplayState, Move
from games.horseplay.board import colour_of, crown, geometry, is_crown, square_name, value
from games.horseplay.state import settle


@dataclass(frozen=True)
class Gone:
    """A piece that left the board in the last move, and why: "taken" or "huffed"."""

    square: int
    cell: int
    why: str


@dataclass(frozen=True)
class Story:
    #: the colour that moved (None when unknown)
    mover: int | None
    #: one line for the strip
    text: str
    gone: tuple[Gone, ...] = ()


def _signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"−{-points}"


def story(state: HorseplayState, last: Move | None, previous: HorseplayState | None) -> Story:
    if last is None:
        if previous is not None:
            gone = tuple(
                Gone(sq, cell, "taken")
                for sq, cell in enumerate(previous.board)
                if cell and not state.board[sq]
            )
            if gone:
                return Story(None, "A player left: their pieces left the board", gone)
        if state.finished:
            return Story(None, "Game over")
        return Story(state.to_move, f"{COLOURS[state.to_move].title()} moves first")
    size = state.size
    sep = "x" if last.is_capture else "-"
    notation = sep.join(square_name(sq, size) for sq in last.path)
    legal = (
        previous is not None and not previous.finished and last in previous.legal(previous.to_move)
    )
    if previous is None or not legal:
        piece = state.board[last.end]
        mover = colour_of(piece) if piece else None
        hue = f"{COLOURS[mover].title()} " if mover is not None else ""
        return Story(mover, f"Last: {hue}{notation}")
    mover = previous.to_move
    done = settle(previous, last)
    before = previous.board
    moved = before[last.start]
    if not is_crown(moved) and last.end in geometry(size).crown_rows[mover]:
        moved = crown(mover)
    parts = [f"{COLOURS[mover].title()} {notation}"]
    gone = [Gone(sq, before[sq], "taken") for sq in last.taken]
    if last.taken:
        parts.append(f"took {len(last.taken)} ({_signed(sum(value(g.cell) for g in gone))})")
    if moved != before[last.start] and done.huffed != last.end:
        parts.append("crowned")
    if done.huffed is not None:
        cell = moved if done.huffed == last.end else before[done.huffed]
        gone.append(Gone(done.huffed, cell, "huffed"))
        parts.append(f"{square_name(done.huffed, size)} huffed ({_signed(-value(cell))})")
    if done.stable is not None:
        stable = [Gone(sq, before[sq], "taken") for sq in done.stable_squares]
        gone.extend(stable)
        points = sum(value(g.cell) for g in stable)
        parts.append(f"took {COLOURS[done.stable].title()}'s Stable ({_signed(points)})")
    if done.board[last.end] and previous.options.miss_a_turn and last.end in geometry(size).miss:
        parts.append("misses a turn")
    return Story(mover, " · ".join(parts), tuple(gone))
