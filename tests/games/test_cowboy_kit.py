"""Shared set-up for the Super Cowboy tests: hand-built positions on a known board.

The test board lays tiles 01-09 unrotated (2 players, 12x12), or 01-16 (3-4 players, 16x16).
On the 12x12 board: trees on g3, j4, f5, e8, l8, e11 and g12; homesteads b7 and i12; a printed
steer on j7; streams around k2-l3 (west and north), i2-j2 (south), j3-j2 (east), a9-a10 (east),
b10-c10 (north), c11-c12 (east), j9-j10 (east) and k10-l10 (north). Positions are loaded from
a dump, so every position a test builds is checked like any saved game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import games
from games.base import Step
from games.cowboy.board import Board, board_for
from games.cowboy.data import CARDS
from games.cowboy.state import CowboyState
from games.rng import ScriptedRng

RULES = games.get("cowboy")
NAMES = ("alice", "bob", "carol", "dave")
ALICE, BOB, CAROL, DAVE = range(4)
TILES9 = tuple((f"{k:02d}", 0) for k in range(1, 10))
TILES16 = tuple((f"{k:02d}", 0) for k in range(1, 17))
#: compass rolls by name
N, NE, E, SE, S, SW, W, NW = range(1, 9)
#: a card that does nothing when there are no Indians and no Bandit, and draws no chance
QUIET = "cavalry"


def board(players: int = 2) -> Board:
    return board_for(TILES9 if players == 2 else TILES16)


def stack(top: Sequence[str] = (), held: Iterable[str] = ()) -> list[str]:
    """A whole deck starting with ``top``, leaving out the cards in ``held``."""
    rest = Counter({c.id: c.count for c in CARDS.values()}) - Counter(top) - Counter(held)
    return [*top, *(cid for cid in CARDS for _ in range(rest[cid]))]


def ring(squares: Iterable[str], owner: int, players: int = 2) -> list[tuple[str, int]]:
    """Fences all round ``squares`` (leaving out streams and homestead sides)."""
    b = board(players)
    inside = {b.parse_square(s) for s in squares}
    out = []
    for s in inside:
        assert s is not None
        for e in b.square_edges(s):
            if e in b.walls:
                continue
            sides = b.edge_squares(e)
            if all(t in inside for t in sides):
                continue
            out.append((b.edge_name(e), owner))
    return sorted(set(out))


def position(
    players: int = 2,
    *,
    cowboys: Sequence[str] | None = None,
    steers: Iterable[str] = (),
    indians: Iterable[str] = (),
    twisters: Iterable[str] = (),
    stolen: Iterable[str] = (),
    bandit: str | None = None,
    pilgrims: Iterable[tuple[str, str]] = (),
    fences: Iterable[tuple[str, int]] = (),
    fields: Iterable[tuple[int, Iterable[str]]] = (),
    hands: Sequence[Sequence[str]] | None = None,
    fences_left: Sequence[int] | None = None,
    lost: Sequence[int] | None = None,
    deck: Sequence[str] = (QUIET, QUIET),
    discard: Sequence[str] = (),
    turn: int = 0,
    phase: str = "start",
    moved: str | None = None,
    round: int = 1,
    options: dict[str, Any] | None = None,
    pending: dict[str, Any] | None = None,
) -> CowboyState:
    tiles = TILES9 if players == 2 else TILES16
    default_cowboys = {2: ["G1", "G13"], 3: ["I1", "A9", "I17"], 4: ["I1", "A9", "I17", "Q9"]}
    hands = hands or [[] for _ in range(players)]
    held = [c for h in hands for c in h] + list(discard)
    fence_list = list(fences)
    data = {
        "format": 1,
        "game": "cowboy",
        "options": options or {},
        "board": {"tiles": [{"tile": t, "rotation": r * 90} for t, r in tiles]},
        "players": [
            {
                "name": NAMES[s],
                "cowboy": (cowboys or default_cowboys[players])[s],
                "fences": 10 if fences_left is None else fences_left[s],
                "hand": list(hands[s]),
                "lost_turns": 0 if lost is None else lost[s],
            }
            for s in range(players)
        ],
        "fences": [{"edge": e, "owner": o} for e, o in fence_list],
        "fields": [{"owner": o, "squares": list(sq)} for o, sq in fields],
        "steers": list(steers),
        "stolen": list(stolen),
        "indians": list(indians),
        "twisters": list(twisters),
        "bandit": bandit,
        "pilgrims": [{"at": at, "heading": h} for at, h in pilgrims],
        "deck": stack(deck, held),
        "discard": list(discard),
        "turn": turn,
        "first": 0,
        "round": round,
        "phase": phase,
        "moved": moved,
        "pending": pending,
    }
    return RULES.load(data)


def play(state: CowboyState, seat: int, text: str, *rolls: Any) -> Step[CowboyState]:
    """Parse and apply ``text``; ``rolls`` must be exactly the chance the move uses."""
    rng = ScriptedRng(rolls)
    step = RULES.apply(state, seat, RULES.parse_action(state, seat, text), rng=rng)
    assert rng.remaining == 0, f"unused scripted values: {rolls[len(rng.drawn) :]}"
    assert not RULES.invariants(step.state), RULES.invariants(step.state)
    return step


def told(step: Step[CowboyState], *, minor: bool | None = None) -> list[str]:
    """The step's events in words (only the minor ones, or only the others, when asked)."""
    names = step.state.names
    return [
        RULES.narrator.event(e, names) for e in step.events if minor is None or e.minor == minor
    ]


def said(step: Step[CowboyState]) -> str:
    return "\n".join(told(step))


def sq(state: CowboyState, names: Iterable[int]) -> list[str]:
    return [state.board.square_name(s) for s in names]


def names_of(state: CowboyState, squares: Iterable[int]) -> set[str]:
    return {state.board.square_name(s) for s in squares}


def legal(state: CowboyState, seat: int) -> list[str]:
    return [RULES.format_action(state, a) for a in RULES.legal_actions(state, seat)]


def field_owners(state: CowboyState) -> dict[str, int]:
    return {state.board.square_name(s): f.owner for f in state.fields for s in f.squares}


# The kit's own checks --------------------------------------------------------------------------


def test_positions_load_and_keep_every_card() -> None:
    state = position(hands=[["axe"], []], discard=["moove"])
    assert len(state.deck) + len(state.discard) + 1 == 54
    assert state.deck[:2] == (QUIET, QUIET)
    assert not RULES.invariants(state)


def test_ring_closes_a_field() -> None:
    state = position(fences=ring(["e2", "f2"], ALICE), fields=[(ALICE, ["e2", "f2"])])
    assert field_owners(state) == {"e2": ALICE, "f2": ALICE}
