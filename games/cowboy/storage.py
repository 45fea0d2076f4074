"""Saving and loading a game as plain JSON, and the invariants every position keeps.

Squares, intersections and edges are stored by name (``c4``, ``G1``, ``G1-G2``) so a saved
game can be read and edited by hand; ``load`` accepts any edit that leaves a sound position
(tokens conserved against the supply, every field a closed area, the deck's 54 cards all
accounted for) and refuses anything else with the first reasons found.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.base import InvalidState
from games.cowboy.board import board_for, face, tiles_per_side
from games.cowboy.data import CARDS, COMPASS, TILES
from games.cowboy.fields import closed_regions, herds, steer_at
from games.cowboy.state import (
    BANDIT,
    HAND_LIMIT,
    SUPPLY_KINDS,
    TOTALS,
    CowboyOptions,
    CowboyState,
    Field,
    Pending,
    Trail,
)

FORMAT = 1
PHASES = ("start", "moved", "again")
PENDING_KINDS = (
    "reroll",
    "bills",
    "give",
    "rustled",
    "claim",
    "place",
    "discard",
    "target",
    "remove",
)
FULL_DECK = Counter({c.id: c.count for c in CARDS.values()})
_ROLL_BY_NAME = {f.name: r for r, f in COMPASS.items()}


def dump(g: CowboyState) -> dict[str, Any]:
    board = g.board
    sq, pt = board.square_name, board.point_name
    counts = herds(g)

    def choice(kind: str, c: Any) -> Any:
        if kind in ("discard", "target"):
            return c
        if kind == "remove" and c == BANDIT:
            return "bandit"
        return sq(c)

    p = g.pending
    return {
        "format": FORMAT,
        "game": "cowboy",
        "options": g.options.to_dict(),
        "board": {
            "size": board.size,
            "tiles": [
                {
                    "tile": tid,
                    "name": TILES[tid].name,
                    "rotation": turns * 90,
                    "squares": board.tile_span(k % board.n, k // board.n),
                }
                for k, (tid, turns) in enumerate(g.tiles)
            ],
        },
        "players": [
            {
                "name": g.names[s],
                "cowboy": pt(g.cowboys[s]),
                "fences": g.fences_left[s],
                "hand": list(g.hands[s]),
                "lost_turns": g.lost[s],
                "steers": counts[s],
            }
            for s in range(len(g.names))
        ],
        "fences": [{"edge": board.edge_name(e), "owner": o} for e, o in g.fences],
        "fields": [{"owner": f.owner, "squares": [sq(s) for s in f.squares]} for f in g.fields],
        "steers": [sq(s) for s in g.steers],
        "stolen": [sq(s) for s in g.stolen],
        "indians": [sq(s) for s in g.indians],
        "twisters": [sq(s) for s in g.twisters],
        "bandit": None if g.bandit is None else pt(g.bandit),
        "pilgrims": [{"at": pt(q), "heading": face(h).name} for q, h in g.pilgrims],
        "supply": dict(zip(SUPPLY_KINDS, g.supply, strict=True)),
        "deck_size": len(g.deck),
        "deck": list(g.deck),
        "discard": list(g.discard),
        "turn": g.turn,
        "first": g.first,
        "round": g.round,
        "phase": g.phase,
        "moved": None if g.moved is None else board.edge_name(g.moved),
        "pending": None
        if p is None
        else {
            "kind": p.kind,
            "seat": p.seat,
            "events": p.events,
            "choices": [choice(p.kind, c) for c in p.choices],
            "square": None if p.square < 0 else sq(p.square),
            "victim": None if p.victim < 0 else p.victim,
            "roll": p.roll,
            "token": p.token,
            "parts": [[sq(s) for s in part] for part in p.parts],
        },
        "last_card": g.last_card,
        "last_drawer": g.last_drawer,
        "trail": [
            {
                "token": t.token,
                "from": sq(t.src) if _on_squares(t.token) else pt(t.src),
                "dir": face(t.dir).name,
                "moved": t.moved,
            }
            for t in g.trail
        ],
        "winners": list(g.winners),
        "finished": g.finished,
        "out": list(g.out),
    }


def _on_squares(token: str) -> bool:
    return token not in ("bandit", "pilgrim")


def load(data: Mapping[str, Any]) -> CowboyState:
    if data.get("game", "cowboy") != "cowboy":
        raise InvalidState("cowboy.not_cowboy")
    try:
        state = _load(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        raise InvalidState("cowboy.cannot_load", error=repr(err)) from err
    problems = check(state)
    if problems:
        raise InvalidState("cowboy.broken", problems=problems[:5])
    return state


def _int(value: Any, what: str, lo: int = 0, hi: int = 10**6) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"bad {what}: {value!r}")
    return value


def _load(data: Mapping[str, Any]) -> CowboyState:
    players = data["players"]
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise InvalidState("cowboy.player_count")
    n = len(players)
    raw_tiles = data["board"]["tiles"]
    tiles = []
    for t in raw_tiles:
        if t["tile"] not in TILES or t["rotation"] not in (0, 90, 180, 270):
            raise ValueError(f"bad tile {t!r}")
        tiles.append((str(t["tile"]), t["rotation"] // 90))
    if len(tiles) != tiles_per_side(n) ** 2:
        raise InvalidState("cowboy.tile_count", players=n, tiles=tiles_per_side(n) ** 2)
    if len({t for t, _ in tiles}) != len(tiles):
        raise InvalidState("cowboy.tile_twice")
    board = board_for(tuple(tiles))

    def square(text: Any) -> int:
        s = board.parse_square(str(text))
        if s is None:
            raise ValueError(f"bad square {text!r}")
        return s

    def point(text: Any) -> int:
        p = board.parse_point(str(text))
        if p is None:
            raise ValueError(f"bad intersection {text!r}")
        return p

    def edge(text: Any) -> int:
        e = board.parse_edge(str(text))
        if e is None:
            raise ValueError(f"bad edge {text!r}")
        return e

    def seat(value: Any, what: str) -> int:
        return _int(value, what, 0, n - 1)

    def direction(name: Any) -> int:
        return _ROLL_BY_NAME[str(name)]

    fences: dict[int, int] = {}
    for f in data.get("fences", []):
        e = edge(f["edge"])
        if e in fences:
            raise InvalidState("cowboy.two_fences", edge=str(f["edge"]))
        fences[e] = seat(f["owner"], "fence owner")
    fields = tuple(
        Field(seat(f["owner"], "field owner"), tuple(sorted(square(s) for s in f["squares"])))
        for f in data.get("fields", [])
    )
    steers = tuple(sorted(square(s) for s in data.get("steers", [])))
    stolen = tuple(sorted(square(s) for s in data.get("stolen", [])))
    indians = tuple(sorted(square(s) for s in data.get("indians", [])))
    twisters = tuple(sorted(square(s) for s in data.get("twisters", [])))
    bandit = None if data.get("bandit") is None else point(data["bandit"])
    pilgrims = tuple(
        sorted((point(q["at"]), direction(q["heading"])) for q in data.get("pilgrims", []))
    )
    on_board = {
        "steer": len(steers),
        "indian": len(indians),
        "twister": len(twisters),
        "bandit": int(bandit is not None),
        "pilgrim": len(pilgrims),
        "stolen": len(stolen),
    }
    raw_supply = data.get("supply")
    if raw_supply is None:  # a hand-edited position may leave the supply to be worked out
        supply = tuple(TOTALS[k] - on_board[k] for k in SUPPLY_KINDS)
    else:
        supply = tuple(_int(raw_supply[k], f"supply of {k}") for k in SUPPLY_KINDS)
    raw_pending = data.get("pending")
    pending = None
    if raw_pending is not None:
        kind = raw_pending["kind"]
        if kind not in PENDING_KINDS:
            raise ValueError(f"bad pending kind {kind!r}")

        def choice(c: Any) -> Any:
            if kind == "discard":
                if c not in CARDS:
                    raise ValueError(f"bad card {c!r}")
                return c
            if kind == "target":
                return seat(c, "target")
            if kind == "remove" and c == "bandit":
                return BANDIT
            return square(c)

        pending = Pending(
            kind=kind,
            seat=seat(raw_pending["seat"], "pending seat"),
            choices=tuple(choice(c) for c in raw_pending.get("choices", [])),
            events=bool(raw_pending.get("events", False)),
            square=-1 if raw_pending.get("square") is None else square(raw_pending["square"]),
            victim=-1
            if raw_pending.get("victim") is None
            else seat(raw_pending["victim"], "victim"),
            roll=_int(raw_pending.get("roll", 0), "roll", 0, 8),
            token=str(raw_pending.get("token", "")),
            parts=tuple(
                tuple(sorted(square(s) for s in part)) for part in raw_pending.get("parts", [])
            ),
        )
    trail = tuple(
        Trail(
            str(t["token"]),
            square(t["from"]) if _on_squares(str(t["token"])) else point(t["from"]),
            direction(t["dir"]),
            bool(t["moved"]),
        )
        for t in data.get("trail", [])
    )
    last_card = data.get("last_card")
    if last_card is not None and last_card not in CARDS:
        raise ValueError(f"bad card {last_card!r}")
    last_drawer = data.get("last_drawer")
    phase = data.get("phase", "start")
    if phase not in PHASES:
        raise ValueError(f"bad phase {phase!r}")
    finished = data.get("finished", "")
    if finished not in ("", "five", "rounds", "left"):
        raise ValueError(f"bad finish {finished!r}")
    return CowboyState(
        names=tuple(str(p["name"]) for p in players),
        options=CowboyOptions.parse(data.get("options")),
        tiles=tuple(tiles),
        cowboys=tuple(point(p["cowboy"]) for p in players),
        fences_left=tuple(_int(p.get("fences", 0), "fences") for p in players),
        hands=tuple(tuple(str(c) for c in p.get("hand", [])) for p in players),
        lost=tuple(_int(p.get("lost_turns", 0), "lost turns") for p in players),
        fences=tuple(sorted(fences.items())),
        fields=tuple(sorted(fields, key=lambda f: f.squares)),
        steers=steers,
        stolen=stolen,
        indians=indians,
        twisters=twisters,
        bandit=bandit,
        pilgrims=pilgrims,
        supply=supply,
        deck=tuple(str(c) for c in data["deck"]),
        discard=tuple(str(c) for c in data.get("discard", [])),
        turn=seat(data.get("turn", 0), "turn"),
        first=seat(data.get("first", 0), "first"),
        round=_int(data.get("round", 1), "round", 1),
        phase=phase,
        moved=None if data.get("moved") is None else edge(data["moved"]),
        pending=pending,
        last_card=last_card,
        last_drawer=None if last_drawer is None else seat(last_drawer, "last drawer"),
        trail=trail,
        winners=tuple(seat(s, "winner") for s in data.get("winners", [])),
        finished=finished,
        out=tuple(sorted({seat(s, "out") for s in data.get("out", [])})),
    )


def check(g: CowboyState) -> list[str]:
    """Every broken invariant of a position (empty when it is sound)."""
    problems: list[str] = []
    board = g.board
    n = len(g.names)
    on_board = {
        "steer": len(g.steers),
        "indian": len(g.indians),
        "twister": len(g.twisters),
        "bandit": int(g.bandit is not None),
        "pilgrim": len(g.pilgrims),
        "stolen": len(g.stolen),
    }
    for k, have in zip(SUPPLY_KINDS, g.supply, strict=True):
        if have < 0 or have + on_board[k] != TOTALS[k]:
            problems.append(
                f"{k} tokens not conserved: {on_board[k]} on the board + {have} in the supply "
                f"!= {TOTALS[k]}"
            )
    for kind, squares in (("steer", g.steers), ("Indian", g.indians), ("twister", g.twisters)):
        if len(set(squares)) != len(squares):
            problems.append(f"two {kind} tokens share a square")
        if kind != "twister" and any(s in board.homesteads for s in squares):
            problems.append(f"a {kind} token stands on a homestead")
    if any(s in board.printed and s not in g.stolen for s in g.steers):
        problems.append("a steer token stands on an uncovered printed steer")
    if any(s not in board.printed for s in g.stolen):
        problems.append("a Stolen Steer token lies where no steer is printed")
    points = list(g.cowboys) + [q for q, _ in g.pilgrims]
    if g.bandit is not None:
        points.append(g.bandit)
    if len(set(points)) != len(points):
        problems.append("two cowboys, Pilgrims or the Bandit share an intersection")
    if len(g.fences_left) != n or len(g.hands) != n or len(g.lost) != n:
        problems.append("per-player lists do not match the players")
    if any(f < 0 for f in g.fences_left) or any(x < 0 for x in g.lost):
        problems.append("negative fences or lost turns")
    discarding = g.pending is not None and g.pending.kind == "discard"
    for seat, hand in enumerate(g.hands):
        limit = HAND_LIMIT + (discarding and g.pending is not None and g.pending.seat == seat)
        if len(hand) > limit:
            problems.append(f"{g.names[seat]} holds {len(hand)} items (at most {HAND_LIMIT})")
        if any(c not in CARDS or CARDS[c].kind != "item" or c == "firewater" for c in hand):
            problems.append(f"{g.names[seat]} holds a card that is not a kept item")
    cards = Counter(g.deck) + Counter(g.discard)
    for hand in g.hands:
        cards += Counter(hand)
    if cards != FULL_DECK:
        problems.append("the event cards in deck, discards and hands are not the 54-card deck")
    for e, owner in g.fences:
        if e in board.streams or e in board.homestead_edges:
            problems.append(f"a fence lies on a stream or homestead side at {board.edge_name(e)}")
        if not 0 <= owner < n:
            problems.append("a fence has no owner")
    closed = closed_regions(board, (e for e, _ in g.fences))
    seen: set[int] = set()
    for f in g.fields:
        if frozenset(f.squares) not in closed:
            problems.append(f"the field at {board.square_name(f.squares[0])} is not a closed area")
        if seen & set(f.squares):
            problems.append("two fields overlap")
        seen |= set(f.squares)
    if g.phase == "moved" and g.moved is None:
        problems.append("the cowboy has moved but the segment is unknown")
    if g.winners and not g.finished:
        problems.append("winners need a finished game")
    if g.finished and not g.winners and (g.finished != "rounds" or any(herds(g))):
        problems.append("only a round limit reached with no steer anywhere ends without winners")
    if set(g.out) & set(g.winners):
        problems.append("a player who left cannot win")
    if any(f.owner in g.out for f in g.fields) or any(g.hands[s] for s in g.out if s < n):
        problems.append("a player who left still owns fields or items")
    if not g.finished and (g.turn in g.out or (g.pending is not None and g.pending.seat in g.out)):
        problems.append("a player who left must act")
    if g.finished == "five" and not all(
        sum(1 for f in g.fields if f.owner == w for s in f.squares if steer_at(g, s)) >= 5
        for w in g.winners
    ):
        problems.append("a winner does not hold five steers")
    if g.pending is not None and (
        g.finished or (not g.pending.choices and g.pending.kind not in ("reroll", "bills"))
    ):
        problems.append("a choice is pending with nothing to choose")
    return problems
