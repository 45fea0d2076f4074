"""A steer-hungry Super Cowboy player, used to drive whole games through Discord: fence the
cheapest field in reach, then rope every steer near it."""

from __future__ import annotations

from typing import Any

import games
from games.cowboy.board import STEPS
from games.cowboy.fields import free_field_squares, herd, owner_map, roaming
from games.cowboy.state import WIN, Claim, CowboyState, Discard, Place, Step, StepThen
from games.cowboy.turn import bandit_zone, step_target
from games.policies.cowboy import distances_to

RULES = games.get("cowboy")


def _blocked(g: CowboyState, seat: int) -> set[int]:
    others = {p for s, p in enumerate(g.cowboys) if s != seat}
    return others | {q for q, _ in g.pilgrims} | bandit_zone(g)


def _distances(g: CowboyState, seat: int, targets: set[int]) -> dict[int, int]:
    """Steps from every intersection to the nearest target, around whatever blocks the way."""
    return distances_to(g.board, targets, _blocked(g, seat))


def _field_plans(g: CowboyState, seat: int) -> list[tuple[float, frozenset[int]]]:
    """Rectangles clear of other fields that would hold five steers, with the fences they
    still need (streams and homestead sides help; steers inside are penned at once)."""
    board = g.board
    fenced = {e for e, _ in g.fences}
    taken = set(owner_map(g.fields))
    have = herd(g, seat) + len(free_field_squares(g, seat))
    steers = set(g.steers) | {s for s in board.printed if s not in g.stolen}
    out = []
    for w in range(1, 4):
        for h in range(1, 4):
            for x0 in range(board.size - w + 1):
                for y0 in range(board.size - h + 1):
                    xs, ys = range(x0, x0 + w), range(y0, y0 + h)
                    squares = {board.sq(x, y) for x in xs for y in ys}
                    if squares & taken or len(squares - board.homesteads) + have < WIN:
                        continue
                    edges = [board.hedge(x, y) for x in xs for y in (y0, y0 + h)]
                    edges += [board.vedge(x, y) for x in (x0, x0 + w) for y in ys]
                    need = frozenset(e for e in edges if e not in board.walls | fenced)
                    if need and len(need) <= g.fences_left[seat]:
                        out.append((len(need) - 1.5 * len(squares & steers), need))
    return out


def _plan(g: CowboyState, seat: int) -> frozenset[int] | None:
    """The edges still to fence for the best field, counting the ride to it."""
    here = g.cowboys[seat]
    best: tuple[float, frozenset[int]] | None = None
    for score, need in _field_plans(g, seat):
        ride = _distances(g, seat, {p for e in need for p in g.board.edge_points(e)}).get(here)
        if ride is not None and (best is None or score + ride / 2 < best[0]):
            best = (score + ride / 2, need)
    return best[1] if best else None


def _closer(g: CowboyState, seat: int, targets: set[int]) -> str | None:
    """A direction whose step brings the cowboy closer to a target."""
    dist = _distances(g, seat, targets)
    here = dist.get(g.cowboys[seat])
    options = []
    for k, d in enumerate(STEPS):
        to = dist.get(step_target(g, seat, d)[0])
        if to is not None and (here is None or to < here):
            options.append((to, k, d))
    return min(options)[2] if options else None


def _corners(g: CowboyState, s: int) -> set[int]:
    x, y = g.board.xy(s)
    return {g.board.pt(x + i, y + j) for i in (0, 1) for j in (0, 1)}


def _distance(g: CowboyState, seat: int, s: int) -> float:
    i, j = g.board.ij(g.cowboys[seat])
    x, y = g.board.xy(s)
    return abs(x + 0.5 - i) + abs(y + 0.5 - j)


def choose(g: CowboyState, seat: int) -> int:
    """Index into ``legal_actions``: rope what is in reach, else fence a field, else ride
    towards the nearest roaming steer."""
    actions = RULES.legal_actions(g, seat)
    first = {type(a).__name__: n for n, a in reversed(list(enumerate(actions)))}
    if g.pending is not None:
        return _choice(g, seat, actions, first)
    board = g.board
    for kind in ("Rope", "Rustle"):
        if kind in first:
            return first[kind]
    ready = herd(g, seat) + len(free_field_squares(g, seat)) >= WIN
    plan = None if ready else _plan(g, seat)
    if plan is not None:
        if g.phase == "moved" and g.moved in plan and "Fence" in first:
            return first["Fence"]
        here = g.cowboys[seat]
        for a in actions:
            along = isinstance(a, StepThen) and board.walk_edge(here, *STEPS[a.dir]) in plan
            if along and g.phase == "start":
                return _step(actions, a.dir, "fence")  # ride along a line of the field, fence it
        targets = {p for e in plan for p in board.edge_points(e)}
        if here in targets and g.phase != "start":
            return first["End"]  # next turn rides along the line and fences it
    elif not ready:
        if "Cut" in first and g.phase != "again":
            return first["Cut"]
        targets = {p for s in board.trees for p in _corners(g, s)}
    else:
        theirs = [s for s, o in owner_map(g.fields).items() if o != seat and s in g.steers]
        targets = {p for s in roaming(g) or theirs for p in _corners(g, s)}
    way = _closer(g, seat, targets)
    if g.phase == "moved":
        return first["Again"] if "Again" in first and way else first["End"]
    return _step(actions, way, "end") if way and StepThen(way, "end") in actions else first["End"]


def _step(actions: list[Any], d: str, then: str) -> int:
    """A step from the start of the turn: the plain one when more may be done where it leads
    (a rope or a rustle comes first there), else with ``then`` (or the end of the turn)."""
    for a in (Step(d), StepThen(d, then), StepThen(d, "end")):
        if a in actions:
            return actions.index(a)
    raise ValueError(d)


def _choice(g: CowboyState, seat: int, actions: list[Any], first: dict[str, int]) -> int:
    p = g.pending
    assert p is not None
    if p.kind == "reroll":
        return first["Reroll"]
    if p.kind == "bills":
        return first["UseBills"]
    if p.kind == "discard":
        keep = ("lariat", "bills", "brander", "axe", "sixshooter")
        return actions.index(Discard(max(p.choices, key=keep.index)))
    if p.kind == "claim":
        sizes = dict(zip(p.choices, map(len, p.parts), strict=True))
        return actions.index(Claim(max(p.choices, key=sizes.__getitem__)))
    if p.kind == "place":
        # a steer as close to the chooser as it can go, trouble as far away as it can
        sign = 1 if p.token == "steer" else -1
        square = min(p.choices, key=lambda s: (sign * _distance(g, seat, s), s))
        return actions.index(Place(square))
    return 0
