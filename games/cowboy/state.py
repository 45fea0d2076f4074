"""Values of the game: options, actions, the frozen state, and the working copy one move edits.

A move is resolved on a ``Work`` (plain lists and dicts, so the long chains of an events phase
read simply) and frozen back into a ``CowboyState`` with every collection sorted, so equal
positions are equal values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.base import Event, Options, option
from games.cowboy.board import Board, board_for
from words import domain

_, ngettext, N_ = domain("cowboy").functions()

WIN = 5
START_FENCES = 10
HAND_LIMIT = 2
#: every token there is; the supply holds whatever is not on the board
TOTALS = {"steer": 24, "indian": 4, "twister": 2, "bandit": 1, "pilgrim": 2, "stolen": 18}
SUPPLY_KINDS = tuple(TOTALS)
#: items that stay in hand (Fire Water is played at once)
KEPT_ITEMS = ("sixshooter", "lariat", "axe", "bills", "brander")
BANDIT = -1  # the Remove choice that names the Bandit


@dataclass(frozen=True)
class CowboyOptions(Options):
    max_rounds: int = option(
        60,
        N_("rounds before the most steers wins (ties share, nobody at 0-0); 0: no limit"),
        design=True,
        min=0,
        max=500,
    )


# Actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One step of the cowboy along a grid line (n, e, s or w)."""

    dir: str


@dataclass(frozen=True)
class Fence:
    pass


@dataclass(frozen=True)
class Cut:
    pass


@dataclass(frozen=True)
class Rope:
    src: int
    dst: int


@dataclass(frozen=True)
class Rustle:
    square: int


@dataclass(frozen=True)
class Fight:
    square: int


@dataclass(frozen=True)
class Again:
    pass


@dataclass(frozen=True)
class End:
    pass


@dataclass(frozen=True)
class Ride:
    """Two steps as one move at the start of a turn: ``first``, ride on, ``then``; the turn
    ends where they lead (the same as ``move first``, ``again``, ``move then``)."""

    first: str
    then: str


#: what ``StepThen`` does where its step leads
STEP_THEN = ("end", "fence")


@dataclass(frozen=True)
class StepThen:
    """One step at the start of a turn and the action that ends the turn there, as one move:
    ``then`` is ``end`` (the same as ``move dir``, ``end``) or ``fence`` (``move dir``,
    ``fence``: the fence on the segment just ridden)."""

    dir: str
    then: str


@dataclass(frozen=True)
class Reroll:
    pass


@dataclass(frozen=True)
class Keep:
    pass


@dataclass(frozen=True)
class UseBills:
    pass


@dataclass(frozen=True)
class Pay:
    pass


@dataclass(frozen=True)
class Give:
    square: int


@dataclass(frozen=True)
class Place:
    square: int


@dataclass(frozen=True)
class Claim:
    square: int


@dataclass(frozen=True)
class Discard:
    card: str


@dataclass(frozen=True)
class Target:
    seat: int


@dataclass(frozen=True)
class Remove:
    """Cavalry removes the Indian on ``square``, or the Bandit when it is ``BANDIT``."""

    square: int


CowboyAction = (
    Step
    | Fence
    | Cut
    | Rope
    | Rustle
    | Fight
    | Again
    | End
    | Ride
    | StepThen
    | Reroll
    | Keep
    | UseBills
    | Pay
    | Give
    | Place
    | Claim
    | Discard
    | Target
    | Remove
)


# State --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    owner: int
    squares: tuple[int, ...]


@dataclass(frozen=True)
class Pending:
    """A choice someone must make before play goes on.

    kind: ``reroll`` (Lucky Lariat), ``bills`` (Bag o' Bills), ``give`` (which steer a caught
    rustler pays), ``rustled`` (where a rustled steer goes), ``claim`` (which part of a split
    field), ``place`` (where an event's token goes), ``discard`` (a third item), ``target``
    (who loses a turn), ``remove`` (what the Cavalry removes). ``events`` says whether the
    choice belongs to the events phase (afterwards the next turn begins) or to the turn
    (afterwards the events phase begins).
    """

    kind: str
    seat: int
    choices: tuple[Any, ...]
    events: bool = False
    square: int = -1
    victim: int = -1
    roll: int = 0
    token: str = ""
    parts: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Trail:
    """One movement of the last event, for arrows: ``dir`` is a compass roll."""

    token: str
    src: int
    dir: int
    moved: bool


@dataclass(frozen=True)
class CowboyState:
    names: tuple[str, ...]
    options: CowboyOptions
    tiles: tuple[tuple[str, int], ...]
    cowboys: tuple[int, ...]
    fences_left: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    lost: tuple[int, ...]
    fences: tuple[tuple[int, int], ...]
    fields: tuple[Field, ...]
    steers: tuple[int, ...]
    stolen: tuple[int, ...]
    indians: tuple[int, ...]
    twisters: tuple[int, ...]
    bandit: int | None
    pilgrims: tuple[tuple[int, int], ...]
    supply: tuple[int, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    turn: int
    first: int
    round: int = 1
    phase: str = "start"
    moved: int | None = None
    pending: Pending | None = None
    last_card: str | None = None
    last_drawer: int | None = None
    trail: tuple[Trail, ...] = ()
    winners: tuple[int, ...] = ()
    finished: str = ""
    #: seats that left the game (a forfeit): skipped in turn order, never chosen as targets
    out: tuple[int, ...] = ()

    @property
    def board(self) -> Board:
        return board_for(self.tiles)


@dataclass
class Work:
    """A mutable copy of a state while one action resolves, with the events it produced."""

    names: tuple[str, ...]
    options: CowboyOptions
    tiles: tuple[tuple[str, int], ...]
    board: Board
    cowboys: list[int]
    fences_left: list[int]
    hands: list[list[str]]
    lost: list[int]
    fences: dict[int, int]
    fields: list[Field]
    steers: list[int]
    stolen: set[int]
    indians: list[int]
    twisters: list[int]
    bandit: int | None
    pilgrims: list[tuple[int, int]]
    supply: dict[str, int]
    deck: list[str]
    discard: list[str]
    turn: int
    first: int
    round: int
    phase: str
    moved: int | None
    pending: Pending | None
    last_card: str | None
    last_drawer: int | None
    trail: list[Trail]
    winners: tuple[int, ...]
    finished: str
    out: tuple[int, ...] = ()
    events: list[Event] = field(default_factory=list)

    @classmethod
    def of(cls, s: CowboyState) -> Work:
        return cls(
            names=s.names,
            options=s.options,
            tiles=s.tiles,
            board=s.board,
            cowboys=list(s.cowboys),
            fences_left=list(s.fences_left),
            hands=[list(h) for h in s.hands],
            lost=list(s.lost),
            fences=dict(s.fences),
            fields=list(s.fields),
            steers=list(s.steers),
            stolen=set(s.stolen),
            indians=list(s.indians),
            twisters=list(s.twisters),
            bandit=s.bandit,
            pilgrims=list(s.pilgrims),
            supply=dict(zip(SUPPLY_KINDS, s.supply, strict=True)),
            deck=list(s.deck),
            discard=list(s.discard),
            turn=s.turn,
            first=s.first,
            round=s.round,
            phase=s.phase,
            moved=s.moved,
            pending=s.pending,
            last_card=s.last_card,
            last_drawer=s.last_drawer,
            trail=list(s.trail),
            winners=s.winners,
            finished=s.finished,
            out=s.out,
        )

    def retire(self, kind: str, square: int) -> None:
        """A steer or Indians leave the board and go back to the supply (tokens are conserved)."""
        {"steer": self.steers, "indian": self.indians}[kind].remove(square)
        self.supply[kind] += 1

    def freeze(self) -> CowboyState:
        return CowboyState(
            names=self.names,
            options=self.options,
            tiles=self.tiles,
            cowboys=tuple(self.cowboys),
            fences_left=tuple(self.fences_left),
            hands=tuple(tuple(h) for h in self.hands),
            lost=tuple(self.lost),
            fences=tuple(sorted(self.fences.items())),
            fields=tuple(sorted(self.fields, key=lambda f: f.squares)),
            steers=tuple(sorted(self.steers)),
            stolen=tuple(sorted(self.stolen)),
            indians=tuple(sorted(self.indians)),
            twisters=tuple(sorted(self.twisters)),
            bandit=self.bandit,
            pilgrims=tuple(sorted(self.pilgrims)),
            supply=tuple(self.supply[k] for k in SUPPLY_KINDS),
            deck=tuple(self.deck),
            discard=tuple(self.discard),
            turn=self.turn,
            first=self.first,
            round=self.round,
            phase=self.phase,
            moved=self.moved,
            pending=self.pending,
            last_card=self.last_card,
            last_drawer=self.last_drawer,
            trail=tuple(self.trail),
            winners=self.winners,
            finished=self.finished,
            out=self.out,
        )

    # Small shared helpers -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return bool(self.finished)

    def tell(self, kind: str, minor: bool = False, **data: Any) -> None:
        """Record what happened as data: seats as ints, squares and intersections by name."""
        self.events.append(Event(kind, data, minor))

    def name(self, seat: int) -> str:
        return self.names[seat]

    def active(self) -> list[int]:
        """Seats still in the game."""
        return [s for s in range(len(self.names)) if s not in self.out]

    def sq(self, s: int) -> str:
        return self.board.square_name(s)

    def pt(self, p: int) -> str:
        return self.board.point_name(p)

    def where(self, p: int) -> dict[str, str]:
        """An intersection as data a player finds on the picture (``Board.point_place``)."""
        return self.board.point_place(p)

    def edge(self, e: int) -> dict[str, str]:
        """An edge as data a player finds on the picture (``Board.edge_place``)."""
        return self.board.edge_place(e)
