"""Horseplay Rustling's options and game state, and the checks that keep a state consistent.

The state keeps the board, the colour to move, scores per colour and the 50-round guard, so a
dump holds everything needed to go on. ``problems`` is shared by ``load`` (refusing an edited
dump that makes no sense) and the conformance invariants.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.base import InvalidState, Options, option
from games.horseplay import talk_texts as texts
from games.horseplay.board import (
    BLUE,
    COLOURS,
    GREEN,
    SIZES,
    Board,
    Move,
    colour_of,
    colours_in_play,
    crown,
    generate,
    geometry,
    huff_target,
    is_crown,
    man,
    parse_square,
    seat_of,
    square_name,
    start_squares,
)

QUIET_ROUNDS = 50
NOBODY = -1

#: why a game ended (``HorseplayState.reason``, ``Outcome.reason``)
CENTRE, LAST, QUIET, BLOCKED = "centre", "last", "quiet", "blocked"
#: the reasons of games saved when they were stored as words
LEGACY_REASONS = {
    "a crown reached the centre Stable": CENTRE,
    "last on the board": LAST,
    f"{QUIET_ROUNDS} rounds without a capture": QUIET,
    "no colour could move": BLOCKED,
}


@dataclass(frozen=True)
class HorseplayOptions(Options):
    size: int = option(9, texts.SIZE_HELP, choices=SIZES)
    teams: bool = option(False, texts.TEAMS_HELP)
    forced_capture: bool = option(False, texts.FORCED_CAPTURE_HELP, design=True)
    flying_crowns: bool = option(False, texts.FLYING_CROWNS_HELP, design=True)
    centre_win: bool = option(False, texts.CENTRE_WIN_HELP)
    miss_a_turn: bool = option(True, texts.MISS_A_TURN_HELP, design=True)


#: points per colour (Green, Red, Blue, Black)
Scores = tuple[int, int, int, int]


def as_scores(values: Iterable[int]) -> Scores:
    """Four numbers, one per colour, as ``Scores``."""
    green, red, blue, black = values
    return (green, red, blue, black)


@dataclass(frozen=True)
class HorseplayState:
    names: tuple[str, ...]
    options: HorseplayOptions
    board: Board
    #: the colour to move; NOBODY once the game is over
    to_move: int
    #: points per colour (Green, Red, Blue, Black); colours not in play stay 0
    scores: Scores = (0, 0, 0, 0)
    round: int = 1
    #: the round of the latest capture (0: none yet), for the 50-round guard
    last_capture_round: int = 0
    #: colours that will miss their next turn
    missing: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    #: why the game ended (``CENTRE``, ``LAST``, ``QUIET``, ``BLOCKED``; "" while it goes on)
    reason: str = ""
    #: seats that left the game (a forfeit): their colours left the board
    out: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return self.options.size

    @property
    def colours(self) -> tuple[int, ...]:
        return colours_in_play(len(self.names))

    @property
    def finished(self) -> bool:
        return bool(self.reason)

    def seat(self, colour: int) -> int:
        return seat_of(colour, len(self.names))

    def side(self, colour: int) -> int:
        """Colours on one side never capture each other: a team, or one player's colours."""
        return side_of(colour, len(self.names), self.options.teams)

    def enemies(self, colour: int) -> int:
        return enemy_mask(colour, len(self.names), self.options.teams)

    def live(self) -> tuple[int, ...]:
        present = {colour_of(cell) for cell in self.board if cell}
        return tuple(c for c in self.colours if c in present)

    def moves(self, colour: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
        return generate(
            self.board, self.size, colour, self.enemies(colour), self.options.flying_crowns
        )

    def legal(self, colour: int) -> list[Move]:
        captures, plains = self.moves(colour)
        if captures and self.options.forced_capture:
            return list(captures)
        return sorted(captures + plains, key=lambda m: m.start)

    def actor(self, colour: int) -> dict[str, Any]:
        """An event's fields for who acts: the seat and the colour it moves."""
        return {"seat": self.seat(colour), "colour": COLOURS[colour]}


def side_of(colour: int, players: int, teams: bool) -> int:
    """The side of ``colour``: its team, or the seat that commands it."""
    if teams:
        return 0 if colour in (GREEN, BLUE) else 1
    return seat_of(colour, players)


@cache
def enemy_mask(colour: int, players: int, teams: bool) -> int:
    """A bit mask of the colours in play on another side than ``colour``'s."""
    mine = side_of(colour, players, teams)
    return sum(1 << c for c in colours_in_play(players) if side_of(c, players, teams) != mine)


def stable_owner(state: HorseplayState, square: int) -> int | None:
    """The colour in play whose corner Stable ``square`` is, if any."""
    return stable_owners(state.size, len(state.names)).get(square)


@cache
def stable_owners(size: int, players: int) -> dict[int, int]:
    """Each Stable square of the colours in play, and whose it is (read it, never change it)."""
    stables = geometry(size).stables
    return {stables[c]: c for c in reversed(colours_in_play(players))}


def _int(value: Any, what: str, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise InvalidState("horseplay.bad_field", field=what, value=repr(value))
    return value


def _colour(value: Any, allowed: tuple[int, ...]) -> int:
    if value not in COLOURS or COLOURS.index(value) not in allowed:
        raise InvalidState("horseplay.colour_not_in_play", colour=repr(value))
    return COLOURS.index(value)


def load_state(data: Mapping[str, Any]) -> HorseplayState:
    names = tuple(str(p) for p in data["players"])
    if not 2 <= len(names) <= 4:
        raise InvalidState("horseplay.players", min=2, max=4)
    opts = HorseplayOptions.parse(data.get("options"))
    assert isinstance(opts, HorseplayOptions)
    size = data.get("size", opts.size)
    if size != opts.size:
        raise InvalidState("horseplay.size_mismatch", size=repr(size), option=opts.size)
    if opts.teams and len(names) != 4:
        raise InvalidState("horseplay.teams_need_four")
    colours = colours_in_play(len(names))
    cells = [0] * (size * size)
    for name, piece in data["pieces"].items():
        sq = parse_square(name, size)
        if sq is None:
            raise InvalidState("horseplay.bad_square", square=repr(name))
        colour = _colour(piece["colour"], colours)
        if not isinstance(piece.get("crown", False), bool):
            raise InvalidState("horseplay.bad_field", field="crown", value=repr(name))
        cells[sq] = crown(colour) if piece.get("crown", False) else man(colour)
    scores = [0, 0, 0, 0]
    for key, points in data.get("scores", {}).items():
        if isinstance(points, bool) or not isinstance(points, int):
            raise InvalidState("horseplay.bad_field", field="scores", value=repr(points))
        scores[_colour(key, colours)] = points
    to_move = data.get("to_move")
    reason = data.get("result", "")
    if not isinstance(reason, str):
        raise InvalidState("horseplay.bad_field", field="result", value=repr(reason))
    return HorseplayState(
        names=names,
        options=opts,
        board=tuple(cells),
        to_move=NOBODY if to_move is None else _colour(to_move, colours),
        scores=as_scores(scores),
        round=_int(data.get("round", 1), "round", 1),
        last_capture_round=_int(data.get("last_capture_round", 0), "last_capture_round"),
        missing=tuple(sorted({_colour(c, colours) for c in data.get("miss_turn", ())})),
        winners=tuple(_int(s, "winners") for s in data.get("winners", ())),
        reason=LEGACY_REASONS.get(reason, reason),
        out=tuple(sorted({_int(s, "out") for s in data.get("out", ())})),
    )


#: what is wrong with a state: a code (``horseplay.<what>``) and its fields
Problem = tuple[str, dict[str, Any]]


def state_problems(state: HorseplayState) -> list[Problem]:
    """What is wrong with a state (empty when it is consistent)."""
    size = state.size
    geo = geometry(size)
    problems: list[Problem] = []
    if len(state.board) != size * size:
        return [("horseplay.board_squares", {"count": len(state.board), "wanted": size * size})]
    counts = dict.fromkeys(state.colours, 0)
    for sq, cell in enumerate(state.board):
        if not cell:
            continue
        colour = colour_of(cell)
        where = {"square": square_name(sq, size)}
        if not geo.playable[sq]:
            problems.append(("horseplay.off_blue", where))
        if colour not in counts:
            problems.append(("horseplay.piece_not_in_play", {"colour": COLOURS[colour], **where}))
            continue
        counts[colour] += 1
        if not is_crown(cell) and sq in geo.crown_rows[colour]:
            problems.append(("horseplay.uncrowned", {"colour": COLOURS[colour], **where}))
    starts = start_squares(size, len(state.names))
    for colour, n in counts.items():
        if n > len(starts[colour]):
            most = len(starts[colour])
            problems.append(
                ("horseplay.too_many", {"colour": COLOURS[colour], "n": n, "most": most})
            )
    if state.last_capture_round > state.round:
        problems.append(("horseplay.capture_later", {}))
    problems.extend(_seat_problems(state, counts))
    if state.finished:
        if state.to_move != NOBODY or not state.winners:
            problems.append(("horseplay.finished_without_winners", {}))
        return problems
    if state.winners or state.to_move == NOBODY:
        problems.append(("horseplay.in_progress_with_winners", {}))
        return problems
    live = state.live()
    mover = {"colour": COLOURS[state.to_move]}
    if len({state.side(c) for c in live}) < 2:
        problems.append(("horseplay.one_side", {}))
    if state.to_move not in live:
        problems.append(("horseplay.mover_without_pieces", mover))
    elif state.to_move in state.missing:
        problems.append(("horseplay.mover_misses", mover))
    elif not state.legal(state.to_move):
        problems.append(("horseplay.mover_blocked", mover))
    return problems


def _seat_problems(state: HorseplayState, counts: dict[int, int]) -> list[Problem]:
    """Winners and players who left that do not fit the game."""
    problems: list[Problem] = []
    if any(not 0 <= s < len(state.names) for s in state.winners):
        problems.append(("horseplay.winner_not_player", {}))
    if any(not 0 <= s < len(state.names) for s in state.out):
        problems.append(("horseplay.left_not_player", {}))
    elif any(s in state.out for s in state.winners):
        problems.append(("horseplay.left_wins", {}))
    elif any(state.seat(colour) in state.out for colour in counts if counts[colour]):
        problems.append(("horseplay.left_has_pieces", {}))
    return problems


@dataclass(frozen=True)
class Settled:
    """What a move does to the board: the board after it, and which pieces it removes.

    ``apply`` tells the story from this; the move notes and threat marks look one move ahead
    with it, so both agree on every huff and Stable capture.
    """

    board: Board
    #: where the huffed piece was removed (the moved piece's new square if it was the one)
    huffed: int | None = None
    #: the enemy colour whose Stable the move captured
    stable: int | None = None
    #: the squares its pieces were removed from
    stable_squares: tuple[int, ...] = ()


def settle(state: HorseplayState, move: Move) -> Settled:
    """The board after the colour to move plays ``move`` (a legal move): jumps, crowning, the
    huff and a Stable capture (which needs the piece still standing after the huff)."""
    colour = state.to_move
    geo = geometry(state.size)
    huffed = None
    if not move.is_capture and not state.options.forced_capture:
        huffed = huff_target(state.board, state.moves(colour)[0])
    cells = list(state.board)
    piece = cells[move.start]
    cells[move.start] = 0
    for sq in move.taken:
        cells[sq] = 0
    if not is_crown(piece) and move.end in geo.crown_rows[colour]:
        piece = crown(colour)
    cells[move.end] = piece
    at = None
    if huffed is not None:
        at = move.end if huffed == move.start else huffed
        cells[at] = 0
    owner = stable_owner(state, move.end) if cells[move.end] else None
    if owner is None or state.side(owner) == state.side(colour):
        return Settled(tuple(cells), at)
    gone = tuple(i for i, c in enumerate(cells) if c and colour_of(c) == owner)
    for i in gone:
        cells[i] = 0
    return Settled(tuple(cells), at, owner if gone else None, gone)
