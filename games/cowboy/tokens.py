"""Tokens on the move: twisters, Indians, steers, the Bandit and Pilgrims.

Every direction comes from a D8 on the MOOOOOVE compass and is reported. A diagonal step passes
through a corner and is blocked when a wall lies on any of the four edges meeting there (either
of its two half-steps is blocked). No two tokens of one kind share a square: a step or throw
onto one stays where it was. The win is checked after every single movement.
"""

from __future__ import annotations

from typing import TypedDict

from games.cowboy.board import face
from games.cowboy.fields import after_removal, check_win, roaming, steer_at
from games.cowboy.state import Trail, Work
from games.rng import Rng

#: a token thrown back into a twister is thrown again, at most this many times in a row
MAX_THROWS = 10


def roll_dir(rng: Rng) -> int:
    return rng.roll(8)


# Arrivals -----------------------------------------------------------------------------------


def _steer_arrives(w: Work, s: int, rng: Rng, depth: int) -> None:
    if s in w.indians:
        w.retire("steer", s)
        w.tell("eat", square=w.sq(s))
    elif s in w.twisters:
        throw(w, "steer", s, rng, depth + 1)


def _indian_arrives(w: Work, s: int, rng: Rng, depth: int) -> None:
    if s in w.steers:
        w.retire("steer", s)
        w.tell("raid", square=w.sq(s))
    elif s in w.board.printed and s not in w.stolen and w.supply["stolen"] > 0:
        w.stolen.add(s)
        w.supply["stolen"] -= 1
        w.tell("raid_printed", square=w.sq(s))
    if s in w.twisters:
        throw(w, "indian", s, rng, depth + 1)


def throw(w: Work, kind: str, s: int, rng: Rng, depth: int = 0) -> None:
    """The twister on ``s`` throws the ``kind`` token there one square, over any fence."""
    if depth > MAX_THROWS:
        w.tell("storm", minor=True, token=kind, square=w.sq(s))
        return
    roll = roll_dir(rng)
    f = face(roll)
    target = w.board.neighbour(s, f.dx, f.dy)
    told = {"token": kind, "square": w.sq(s), "roll": roll}
    tokens = w.steers if kind == "steer" else w.indians
    if target is None:
        tokens.remove(s)
        w.supply[kind] += 1
        w.tell("throw", minor=True, **told, to=None)
        w.trail.append(Trail(f"thrown {kind}", s, roll, True))
        return
    blocked = (
        target in w.board.homesteads
        or (kind == "steer" and steer_at(w, target))
        or (kind == "indian" and target in w.indians)
    )
    if blocked:
        w.tell("throw", minor=True, **told, to=w.sq(target), blocked=True)
        w.trail.append(Trail(f"thrown {kind}", s, roll, False))
        return
    tokens.remove(s)
    tokens.append(target)
    w.trail.append(Trail(f"thrown {kind}", s, roll, True))
    owner = next((fl.owner for fl in w.fields if target in fl.squares), None)
    pen = owner if kind == "steer" else None
    w.tell("throw", minor=pen is None, **told, to=w.sq(target), owner=pen)
    if kind == "steer":
        _steer_arrives(w, target, rng, depth)
    else:
        _indian_arrives(w, target, rng, depth)
    check_win(w)


# Steps on squares ----------------------------------------------------------------------------


def twister_step(w: Work, s: int, rng: Rng) -> int | None:
    """One twister step: tears down every fence it passes, throws what it lands on."""
    roll = roll_dir(rng)
    f = face(roll)
    board = w.board
    target = board.neighbour(s, f.dx, f.dy)
    told = {"square": w.sq(s), "roll": roll}
    if target is not None and target in w.twisters:
        w.tell("twister", minor=True, **told, to=w.sq(target), blocked=True)
        w.trail.append(Trail("twister", s, roll, False))
        return s
    torn = [e for e in board.crossed(s, f.dx, f.dy) if e in w.fences]
    owners = [w.fences.pop(e) for e in torn]
    w.twisters.remove(s)
    w.trail.append(Trail("twister", s, roll, True))
    tear = [{"seat": o, "edge": w.edge(e)} for e, o in zip(torn, owners, strict=True)]
    if target is None:
        w.supply["twister"] += 1
    else:
        w.twisters.append(target)
    to = None if target is None else w.sq(target)
    w.tell("twister", minor=not torn, **told, to=to, torn=tear)
    if torn:
        after_removal(w)
    if target is not None:
        if target in w.steers:
            throw(w, "steer", target, rng)
        if not w.over and target in w.indians:
            throw(w, "indian", target, rng)
    check_win(w)
    return target


def indian_step(w: Work, s: int, rng: Rng, minor: bool = True) -> int | None:
    """Indians cross fences and water but not homesteads. Their path is detail (``minor``)
    when everything moves at once; a raid where they land never is."""
    roll = roll_dir(rng)
    f = face(roll)
    board = w.board
    target = board.neighbour(s, f.dx, f.dy)
    told = {"square": w.sq(s), "roll": roll}
    if any(e in board.homestead_edges for e in board.crossed(s, f.dx, f.dy)):
        w.tell("indians", minor, **told, wall="homestead")
        w.trail.append(Trail("indian", s, roll, False))
        return s
    if target is None:
        w.retire("indian", s)
        w.tell("indians", minor, **told, to=None)
        w.trail.append(Trail("indian", s, roll, True))
        return None
    if target in w.indians:
        w.tell("indians", minor, **told, to=w.sq(target), blocked=True)
        w.trail.append(Trail("indian", s, roll, False))
        return s
    w.indians.remove(s)
    w.indians.append(target)
    w.trail.append(Trail("indian", s, roll, True))
    w.tell("indians", minor, **told, to=w.sq(target))
    _indian_arrives(w, target, rng, 0)
    check_win(w)
    return target


def steer_step(w: Work, s: int, rng: Rng, stampede: int = 0) -> int | None:
    """A roaming steer's step; stopped by fences, water and homesteads (a stampede ignores
    fences and water)."""
    roll = stampede or roll_dir(rng)
    f = face(roll)
    board = w.board
    target = board.neighbour(s, f.dx, f.dy)
    told = {"square": w.sq(s), "roll": roll, "stampede": bool(stampede)}
    crossed = board.crossed(s, f.dx, f.dy)
    if stampede:
        wall = next((e for e in crossed if e in board.homestead_edges), None)
    else:
        wall = next((e for e in crossed if e in w.fences or e in board.walls), None)
    if wall is not None:
        kind = "fence" if wall in w.fences else "water" if wall in board.streams else "homestead"
        w.tell("steer", minor=True, **told, wall=kind)
        w.trail.append(Trail("steer", s, roll, False))
        return s
    if target is None:
        w.retire("steer", s)
        w.tell("steer", minor=True, **told, to=None)
        w.trail.append(Trail("steer", s, roll, True))
        return None
    if steer_at(w, target):
        w.tell("steer", minor=True, **told, to=w.sq(target), blocked=True)
        w.trail.append(Trail("steer", s, roll, False))
        return s
    w.steers.remove(s)
    w.steers.append(target)
    w.trail.append(Trail("steer", s, roll, True))
    owner = next((fl.owner for fl in w.fields if target in fl.squares), None)
    w.tell("steer", minor=owner is None, **told, to=w.sq(target), owner=owner)
    _steer_arrives(w, target, rng, 0)
    check_win(w)
    return target


# Steps on intersections ----------------------------------------------------------------------


def point_taken(w: Work, p: int) -> bool:
    """A cowboy, the Bandit or a Pilgrim stands on intersection ``p``."""
    return p in w.cowboys or p == w.bandit or any(q == p for q, _ in w.pilgrims)


def _point_blocked(w: Work, p: int, dx: int, dy: int, target: int) -> bool:
    if point_taken(w, target):
        return True
    if dx and dy:  # a diagonal goes along two lines: either half-step may be blocked
        for hx, hy in ((dx, 0), (0, dy)):
            half = w.board.point_step(p, hx, hy)
            if half is not None and point_taken(w, half):
                return True
    return False


def bandit_step(w: Work, rng: Rng) -> None:
    p = w.bandit
    assert p is not None
    roll = roll_dir(rng)
    f = face(roll)
    target = w.board.point_step(p, f.dx, f.dy)
    told = {"point": w.pt(p), "roll": roll}
    if target is None:
        w.bandit = None
        w.supply["bandit"] += 1
        w.tell("bandit_step", minor=True, **told, to=None)
        w.trail.append(Trail("bandit", p, roll, True))
    elif _point_blocked(w, p, f.dx, f.dy, target):
        w.tell("bandit_step", minor=True, **told, to=w.pt(target), blocked=True)
        w.trail.append(Trail("bandit", p, roll, False))
    else:
        w.bandit = target
        w.tell("bandit_step", minor=True, **told, to=w.pt(target))
        w.trail.append(Trail("bandit", p, roll, True))


def pilgrim_step(w: Work, index: int) -> None:
    """Pilgrims walk one step straight on and leave when they reach the far edge."""
    p, heading = w.pilgrims[index]
    f = face(heading)
    target = w.board.point_step(p, f.dx, f.dy)
    told = {"point": w.pt(p), "heading": heading}
    if target is not None and _point_blocked(w, p, f.dx, f.dy, target):
        w.tell("pilgrim_step", minor=True, **told, to=w.pt(target), blocked=True)
        w.trail.append(Trail("pilgrim", p, heading, False))
        return
    w.trail.append(Trail("pilgrim", p, heading, True))
    i, j = w.board.ij(target) if target is not None else (-1, -1)
    size = w.board.size
    far = target is None or (
        (f.dx > 0 and i == size)
        or (f.dx < 0 and i == 0)
        or (f.dy > 0 and j == size)
        or (f.dy < 0 and j == 0)
    )
    if far:
        del w.pilgrims[index]
        w.supply["pilgrim"] += 1
        w.tell("pilgrim_step", minor=True, **told, to=None)
    else:
        assert target is not None
        w.pilgrims[index] = (target, heading)
        w.tell("pilgrim_step", minor=True, **told, to=w.pt(target))


# Whole events ------------------------------------------------------------------------------


def _steer_tally(w: Work, trail: list[Trail]) -> tuple[int, int, int]:
    """Steers that stepped in ``trail``: how many, how many were stopped, how many left."""
    steps = [t for t in trail if t.token == "steer"]
    stopped = sum(1 for t in steps if not t.moved)
    gone = sum(
        1
        for t in steps
        if t.moved and w.board.neighbour(t.src, face(t.dir).dx, face(t.dir).dy) is None
    )
    return len(steps), stopped, gone


class MooveSummary(TypedDict):
    """What a Moove! card moved, counted, as its event's fields."""

    twisters: int
    twister_steps: int
    indians: int
    steers: int
    stopped: int
    gone: int
    bandit: int
    pilgrims: int
    thrown: int
    moved: int
    still: int


def moove_summary(w: Work, trail: list[Trail], twisters: int) -> MooveSummary:
    """Everything that moved, counted (each token's path is told as detail)."""
    n, stopped, gone = _steer_tally(w, trail)
    return {
        "twisters": twisters,
        "twister_steps": sum(1 for t in trail if t.token == "twister"),
        "indians": sum(1 for t in trail if t.token == "indian"),
        "steers": n,
        "stopped": stopped,
        "gone": gone,
        "bandit": sum(1 for t in trail if t.token == "bandit"),
        "pilgrims": sum(1 for t in trail if t.token == "pilgrim"),
        "thrown": sum(1 for t in trail if t.token.startswith("thrown")),
        "moved": sum(1 for t in trail if t.moved),
        "still": sum(1 for t in trail if not t.moved),
    }


def moove(w: Work, rng: Rng, seat: int) -> None:
    """Twisters (two steps each), then Indians, roaming steers, the Bandit, Pilgrims.

    One event tells what moved, counted (``seat`` drew the card); each token's path is detail,
    except what changes the game (a raid, a steer walking into a field, torn fences, a win).
    """
    start, first, twisters = len(w.events), len(w.trail), len(w.twisters)
    _moove(w, rng)
    summary = moove_summary(w, w.trail[first:], twisters)
    w.tell("moove", seat=seat, **summary)
    w.events.insert(start, w.events.pop())


def _moove(w: Work, rng: Rng) -> None:
    if not (w.twisters or w.indians or roaming(w) or w.bandit is not None or w.pilgrims):
        return
    for s in sorted(w.twisters):
        at: int | None = s
        for _ in range(2):
            if w.over or at is None or at not in w.twisters:
                break
            at = twister_step(w, at, rng)
    done: set[int] = set()
    for s in sorted(w.indians):
        if w.over:
            return
        if s in w.indians and s not in done:
            to = indian_step(w, s, rng)
            if to is not None:
                done.add(to)
    done = set()
    for s in roaming(w):
        if w.over:
            return
        if s in w.steers and s not in done:
            to = steer_step(w, s, rng)
            if to is not None:
                done.add(to)
    if w.over:
        return
    if w.bandit is not None:
        bandit_step(w, rng)
    for p, _ in sorted(w.pilgrims):
        index = next(k for k, (q, _) in enumerate(w.pilgrims) if q == p)
        pilgrim_step(w, index)


def stampede(w: Work, rng: Rng, seat: int) -> None:
    """All roaming steers run one step the same way at once, over fences and water; one event
    tells it (``seat`` drew the card), each steer's run is detail."""
    roll = roll_dir(rng)
    f = face(roll)
    herd = roaming(w)
    start, first = len(w.events), len(w.trail)
    board = w.board
    # front-runners first, so a steer may follow into the square the one ahead just left
    order = sorted(herd, key=lambda s: -(board.xy(s)[0] * f.dx + board.xy(s)[1] * f.dy))
    done: set[int] = set()
    for s in order:
        if w.over:
            break
        if s in w.steers and s not in done:
            to = steer_step(w, s, rng, stampede=roll)
            if to is not None:
                done.add(to)
    trail = w.trail[first:]
    n, stopped, gone = _steer_tally(w, trail)
    moved = sum(1 for t in trail if t.moved)
    w.tell("stampede", seat=seat, roll=roll, steers=n, stopped=stopped, gone=gone, moved=moved)
    w.events.insert(start, w.events.pop())
