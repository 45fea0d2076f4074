"""Looking one move ahead: which Stables an enemy can reach, which pieces can be taken or huffed,
and what each legal move risks. Pure queries over a state; nothing here changes a game.

"Next turn" means: each enemy colour as if it moved now on the board in question (colours
that must miss their next turn do not count). With two players that is exactly the coming
move; with more it is each enemy's best chance before anyone else moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from games.horseplay.board import (
    COLOURS,
    Board,
    Move,
    colour_of,
    generate,
    geometry,
    huff_target,
    is_crown,
    piece_moves,
    square_name,
    value,
)
from games.horseplay.state import HorseplayState, Settled, settle, stable_owners

# Ranks: a decisive move first, then every move that keeps your Stables shut, then by kind.
DECISIVE = 2000
SHUT = 1000
CAPTURE = 500
PLAIN = 300
HUFFED = 100
EXPOSED = 50
CROWNING = 20


@dataclass(frozen=True)
class Threats:
    """What enemies can do next turn on one board."""

    #: Stable squares of colours on the board that an enemy can end a move on
    stables: frozenset[int]
    #: squares of pieces an enemy can take
    taken: frozenset[int]
    #: the piece the colour to move loses if it makes a plain move now (None: no huff)
    huff: int | None
    #: squares of the enemy pieces that can end a move on one of ``stables``
    raiders: frozenset[int] = frozenset()


class Note(NamedTuple):
    """One thing a move risks or does, as data (``kind`` and fields as pairs); the narrator
    words it (``games.horseplay.talk.note``)."""

    kind: str
    fields: tuple[tuple[str, Any], ...] = ()

    @property
    def data(self) -> dict[str, Any]:
        return dict(self.fields)


@dataclass(frozen=True)
class Assessment:
    """One legal move seen by the player about to make it: its rank and its notes, most
    important first."""

    rank: int
    notes: tuple[Note, ...]


class _Piece(NamedTuple):
    """One piece's moves, summed up for the look-ahead."""

    square: int
    #: the squares whose contents decided its moves (the same there: the same moves)
    reads: frozenset[int]
    #: its captures, and every square they can take
    captures: tuple[Move, ...]
    takes: frozenset[int]
    #: its moves that end on a corner Stable
    to_stables: tuple[Move, ...]


#: each colour's pieces on the state's board, in reading order
Pieces = dict[int, list[_Piece]]


def _piece(state: HorseplayState, board: Board, sq: int, colour: int, reads: bool) -> _Piece:
    seen: set[int] | None = set() if reads else None
    caps, plains = piece_moves(
        board, state.size, sq, state.enemies(colour), state.options.flying_crowns, seen
    )
    owners = stable_owners(state.size, len(state.names))
    return _Piece(
        sq,
        frozenset(seen or ()),
        caps,
        frozenset(t for m in caps for t in m.taken),
        tuple(m for m in (*caps, *plains) if m.end in owners),
    )


def _pieces(state: HorseplayState, colours: tuple[int, ...] | None = None) -> Pieces:
    """The pieces of ``colours`` (every colour by default) on the state's board."""
    out: Pieces = {c: [] for c in (state.colours if colours is None else colours)}
    for sq, cell in enumerate(state.board):
        if cell and colour_of(cell) in out:
            out[colour_of(cell)].append(_piece(state, state.board, sq, colour_of(cell), True))
    return out


def _pieces_after(
    state: HorseplayState, pieces: Pieces, board: Board, changed: frozenset[int], colour: int
) -> list[_Piece]:
    """``colour``'s pieces on ``board``, which differs from the state's board on the
    ``changed`` squares only: a piece whose moves were decided by squares that did not change
    keeps them; the others are worked out again."""
    found = []
    for piece in pieces[colour]:
        if piece.square in changed:
            continue
        if piece.reads.isdisjoint(changed):
            found.append(piece)
        else:
            found.append(_piece(state, board, piece.square, colour, False))
    for sq in changed:
        cell = board[sq]
        if cell and colour_of(cell) == colour:
            found.append(_piece(state, board, sq, colour, False))
    return found


def _reach(
    state: HorseplayState,
    board: Board,
    pieces: Pieces | None = None,
    changed: frozenset[int] = frozenset(),
) -> tuple[frozenset[int], frozenset[int], tuple[int, ...], frozenset[int]]:
    """(Stables an enemy can end a move on, pieces an enemy can take, the colours still on
    the board, the pieces that can reach those Stables) on ``board``. ``pieces``: the
    state's own (``_pieces``), when ``board`` is the state's board after a move that changed
    the ``changed`` squares: only the pieces whose moves the change touches are worked out
    again (the same answer, for a fraction of the work), and only the colours it holds are
    looked at."""
    present = {colour_of(cell) for cell in board if cell}
    live = tuple(c for c in state.colours if c in present)
    stables: set[int] = set()
    taken: set[int] = set()
    raiders: set[int] = set()
    owners = stable_owners(state.size, len(state.names))
    sides = {c: state.side(c) for c in state.colours}
    forced_capture, flying = state.options.forced_capture, state.options.flying_crowns
    for enemy in live:
        if enemy in state.missing or (pieces is not None and enemy not in pieces):
            continue
        if pieces is None:
            captures, plains = generate(board, state.size, enemy, state.enemies(enemy), flying)
            for m in captures:
                taken.update(m.taken)
            huff = None if forced_capture else huff_target(board, captures)
            legal = captures if forced_capture and captures else (*captures, *plains)
            ends = [m for m in legal if m.end in owners]
        else:
            mine = _pieces_after(state, pieces, board, changed, enemy)
            for p in mine:
                taken.update(p.takes)
            captures = tuple(m for p in mine for m in p.captures)
            huff = None if forced_capture else huff_target(board, captures)
            forced = forced_capture and bool(captures)
            ends = [m for p in mine for m in p.to_stables if m.is_capture or not forced]
        for move in ends:
            if not move.is_capture and huff == move.start:
                continue  # the raider itself would be huffed off the square
            owner = owners[move.end]
            if owner in live and sides[owner] != sides[enemy]:
                left = (sq for sq, c in enumerate(board) if c and colour_of(c) == owner)
                if any(sq not in move.taken for sq in left):  # else the jumps took them all
                    stables.add(move.end)
                    raiders.add(move.start)
    return frozenset(stables), frozenset(taken), live, frozenset(raiders)


def threats(state: HorseplayState) -> Threats:
    """The marks on the picture: threatened Stables, pieces at risk, the mover's huff."""
    return _threats(state)


@lru_cache(maxsize=64)
def _threats(state: HorseplayState) -> Threats:
    stables, taken, _, raiders = _reach(state, state.board)
    huff = None
    if not state.finished and not state.options.forced_capture:
        huff = huff_target(state.board, state.moves(state.to_move)[0])
    return Threats(stables, taken, huff, raiders)


def assess(state: HorseplayState, move: Move) -> Assessment:
    """Rank and notes of a legal move of the colour to move."""
    return _assess_all(state)[move]


def best_move(state: HorseplayState) -> Move:
    """The highest-ranked legal move; ties go to the first in menu order."""
    legal = state.legal(state.to_move)
    table = _assess_all(state)
    return max(legal, key=lambda m: (table[m].rank, -legal.index(m)))


@lru_cache(maxsize=32)
def _assess_all(state: HorseplayState) -> dict[Move, Assessment]:
    colour = state.to_move
    mine = state.side(colour)
    live = state.live()
    # what the mover's side risks comes from the other sides' moves alone
    pieces = _pieces(state, tuple(c for c in state.colours if state.side(c) != mine))
    # the Stables open now (``threats(state).stables``, of the other sides' making)
    before = _reach(state, state.board, pieces)[0]
    return {m: _assess(state, m, colour, mine, before, live, pieces) for m in state.legal(colour)}


def common_notes(state: HorseplayState) -> tuple[Note, ...]:
    """The Stables of the mover's own that every legal move leaves open (as their
    "leaves_open" notes): a warning said once rather than on each move."""
    table = _assess_all(state)
    if len(table) < 2:
        return ()
    notes = [
        {n for n in a.notes if n.kind == "leaves_open" and n.data["own"]} for a in table.values()
    ]
    shared = set.intersection(*notes)
    return tuple(n for n in next(iter(table.values())).notes if n in shared)


def _assess(
    state: HorseplayState,
    move: Move,
    colour: int,
    mine: int,
    before: frozenset[int],
    live: tuple[int, ...],
    pieces: Pieces,
) -> Assessment:
    size = state.size
    geo = geometry(size)
    done = settle(state, move)
    touched = (*move.path, *move.taken, *done.stable_squares)
    if done.huffed is not None:
        touched += (done.huffed,)
    changed = frozenset(sq for sq in touched if state.board[sq] != done.board[sq])
    stables_after, taken_after, live_after, _ = _reach(state, done.board, pieces, changed)
    ours = [c for c in live_after if state.side(c) == mine and geo.stables[c] in stables_after]
    guarded = [
        c for c in live if state.side(c) == mine and geo.stables[c] in before and c not in ours
    ]
    piece = done.board[move.end]
    exposed = bool(piece) and move.end in taken_after
    notes: list[Note] = []
    if done.huffed is not None:
        if done.huffed == move.end:
            notes.append(Note("huffed_self"))
        else:
            notes.append(Note("huffed_other", (("square", square_name(done.huffed, size)),)))
    centre_win = (
        state.options.centre_win and move.end == geo.centre and bool(piece) and is_crown(piece)
    )
    if centre_win:
        notes.append(Note("wins"))
    if done.stable is not None:
        notes.append(Note("takes_stable", (("colour", COLOURS[done.stable]),)))
    for c in ours:
        notes.append(Note("leaves_open", _stable_fields(c, colour, size)))
    for c in guarded:
        notes.append(Note("shuts", _stable_fields(c, colour, size)))
    crowns = bool(piece) and not is_crown(state.board[move.start]) and is_crown(piece)
    if crowns:
        notes.append(Note("crowns"))
    if exposed:
        notes.append(Note("exposed", (("square", square_name(move.end, size)),)))
    if piece and state.options.miss_a_turn and move.end in geo.miss:
        notes.append(Note("miss_square"))

    if centre_win or done.stable is not None:
        gained = sum(value(state.board[sq]) for sq in (*move.taken, *done.stable_squares))
        return Assessment(DECISIVE + gained, tuple(notes))
    rank = 0 if ours else SHUT
    if move.is_capture:
        rank += CAPTURE + sum(value(state.board[sq]) for sq in move.taken)
    else:
        rank += HUFFED if done.huffed is not None else PLAIN
    if exposed:
        rank -= EXPOSED
    if crowns:
        rank += CROWNING
    return Assessment(rank, tuple(notes))


def _stable_fields(stable_colour: int, colour: int, size: int) -> tuple[tuple[str, Any], ...]:
    """A Stable's note fields: whose (``own``: the mover's) and where."""
    square = square_name(geometry(size).stables[stable_colour], size)
    own = stable_colour == colour
    return (("colour", COLOURS[stable_colour]), ("own", own), ("square", square))


def first_best(state: HorseplayState, moves: list[Move]) -> int:
    """The index of the first of ``moves`` (every legal move of the colour to move, in any
    order) whose rank (``assess``) is the highest, looking one move ahead as seldom as may be.

    What a move does by itself (a decisive move, a capture and what it takes, a huff,
    crowning) is read off the board after it; only whether it leaves a Stable of the mover's
    side open or the moved piece to be taken needs the enemies' replies. The best a move can
    rank is what it does plus ``SHUT``, so the moves that do the most are looked at in the
    given order and the first that keeps every Stable shut and its piece safe is the answer;
    when none does, every move is ranked as ``assess`` ranks it. With ``moves`` in a random
    order, this is a move drawn evenly among the highest ranked, as ranking every move and
    drawing among the best would draw it.
    """
    colour = state.to_move
    geo = geometry(state.size)
    own: list[tuple[int, bool, Settled]] = []
    for move in moves:
        done = settle(state, move)
        piece = done.board[move.end]
        centre_win = (
            state.options.centre_win and move.end == geo.centre and bool(piece) and is_crown(piece)
        )
        if centre_win or done.stable is not None:
            gained = sum(value(state.board[sq]) for sq in (*move.taken, *done.stable_squares))
            own.append((DECISIVE + gained, True, done))
            continue
        if move.is_capture:
            rank = CAPTURE + sum(value(state.board[sq]) for sq in move.taken)
        else:
            rank = HUFFED if done.huffed is not None else PLAIN
        if bool(piece) and not is_crown(state.board[move.start]) and is_crown(piece):
            rank += CROWNING
        own.append((rank, False, done))
    top = max(rank for rank, _, _ in own)
    if any(decisive for _, decisive, _ in own):
        return next(i for i, (rank, _, _) in enumerate(own) if rank == top)
    mine = state.side(colour)
    pieces = _pieces(state, tuple(c for c in state.colours if state.side(c) != mine))
    for i, (rank, _, done) in enumerate(own):
        if rank == top and _safe(state, moves[i], done, mine, pieces):
            return i
    table = _assess_all(state)
    ranks = [table[m].rank for m in moves]
    return ranks.index(max(ranks))


def _safe(state: HorseplayState, move: Move, done: Settled, mine: int, pieces: Pieces) -> bool:
    """Whether ``move`` leaves every Stable of the mover's side shut and its piece where no
    enemy can take it next turn (as ``_assess`` finds it)."""
    geo = geometry(state.size)
    touched = (*move.path, *move.taken, *done.stable_squares)
    if done.huffed is not None:
        touched += (done.huffed,)
    changed = frozenset(sq for sq in touched if state.board[sq] != done.board[sq])
    stables, taken, live, _ = _reach(state, done.board, pieces, changed)
    if any(state.side(c) == mine and geo.stables[c] in stables for c in live):
        return False
    return not (done.board[move.end] and move.end in taken)
