"""What the last move did, for the picture's last-move strip and its marks on the board.

Told from the move's events (``draw``'s ``events``) through the game's narrator, so the strip,
the ghosts and the move's message say the same: the pieces jumped, a whole colour taken with
its Stable, the piece huffed (possibly the one that just moved). A picture asked for without
its events (an older caller) gets them by playing ``last`` on ``previous`` again: the game has
no chance, so that is the very move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.base import Event
from games.horseplay import COLOURS, RULES, HorseplayState, Move
from games.horseplay import talk_picture as words
from games.horseplay.board import colour_of, crown, man, parse_square
from games.rng import SeededRng


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


def story(
    state: HorseplayState,
    last: Move | None,
    previous: HorseplayState | None,
    events: Sequence[Event] = (),
) -> Story:
    if not events and last is not None and _replayable(previous, last):
        assert previous is not None
        seat = previous.seat(previous.to_move)
        events = RULES.apply(previous, seat, last, rng=SeededRng(0)).events
    starts = [i for i, e in enumerate(events) if e.kind in ("move", "jump")]
    if starts:
        # the latest move and what it did: the one drawn as ``last`` (moves played at once
        # before it, when a play holds several, are told in the message)
        told = tuple(events[starts[-1] :])
        mover = COLOURS.index(told[0].data["colour"])
        return Story(mover, words.strip(told), _gone(state.size, told))
    if last is not None:
        piece = state.board[last.end]
        colour = COLOURS[colour_of(piece)] if piece else None
        text = words.last_move(colour, RULES.format_action(state, last))
        return Story(None if colour is None else COLOURS.index(colour), text)
    if previous is not None or any(e.kind == "leaves" for e in events):
        gone = tuple(
            Gone(sq, cell, "taken")
            for sq, cell in enumerate(previous.board if previous is not None else ())
            if cell and not state.board[sq]
        )
        if gone or events:
            return Story(None, words.player_left(), gone)
    if state.finished:
        return Story(None, words.game_over())
    return Story(state.to_move, words.moves_first(COLOURS[state.to_move]))


def _replayable(previous: HorseplayState | None, last: Move) -> bool:
    return (
        previous is not None and not previous.finished and last in previous.legal(previous.to_move)
    )


def _gone(size: int, events: Sequence[Event]) -> tuple[Gone, ...]:
    """The pieces the move's events took off the board, in the order they went."""
    out: list[Gone] = []

    def add(square: str, colour: str, crowned: bool, why: str) -> None:
        sq = parse_square(square, size)
        if sq is not None:
            c = COLOURS.index(colour)
            out.append(Gone(sq, crown(c) if crowned else man(c), why))

    for ev in events:
        d = ev.data
        if ev.kind == "jump":
            for p in d["taken"]:
                add(p["square"], p["colour"], p["crown"], "taken")
        elif ev.kind == "huffed":
            add(d["square"], d["colour"], d["crown"], "huffed")
        elif ev.kind == "stable":
            for p in d["pieces"]:
                add(p["square"], d["owner"], p["crown"], "taken")
    return tuple(out)
