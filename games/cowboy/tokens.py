"""Tokens on the move: twisters, Indians, steers, the Bandit and Pilgrims.

Every direction comes from a D8 on the MOOOOOVE compass and is reported. A diagonal step passes
through a corner and is blocked when a wall lies on any of the four edges meeting there (either
of its two half-steps is blocked). No two tokens of one kind share a square: a step or throw
onto one stays where it was. The win is checked after every single movement.
"""

from __future__ import annotations

from games.base import Event
from games.cowboy.board import face
from games.cowboy.fields import after_removal, check_win, roaming, steer_at
from games.cowboy.state import Trail, Work
from games.rng import Rng

#: a token thrown back into a twister is thrown again, at most this many times in a row
MAX_THROWS = 10


def roll_dir(rng: Rng) -> int:
    return rng.roll(8)


def compass_text(roll: int) -> str:
    return f"{roll} ({face(roll).word})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# Arrivals -----------------------------------------------------------------------------------


def _steer_arrives(w: Work, s: int, rng: Rng, depth: int) -> None:
    if s in w.indians:
        w.retire("steer", s)
        w.say(f"The Indians on {w.sq(s)} eat the steer.")
    elif s in w.twisters:
        throw(w, "steer", s, rng, depth + 1)


def _indian_arrives(w: Work, s: int, rng: Rng, depth: int) -> None:
    if s in w.steers:
        w.retire("steer", s)
        w.say(f"The Indians raid {w.sq(s)} and eat the steer there.")
    elif s in w.board.printed and s not in w.stolen and w.supply["stolen"] > 0:
        w.stolen.add(s)
        w.supply["stolen"] -= 1
        w.say(f"The Indians raid {w.sq(s)}: the printed steer gets a Stolen Steer token.")
    if s in w.twisters:
        throw(w, "indian", s, rng, depth + 1)


def throw(w: Work, kind: str, s: int, rng: Rng, depth: int = 0) -> None:
    """The twister on ``s`` throws the ``kind`` token there one square, over any fence."""
    if depth > MAX_THROWS:
        w.say(f"The {_noun(kind)} on {w.sq(s)} rides out the storm.", minor=True)
        return
    roll = roll_dir(rng)
    f = face(roll)
    target = w.board.neighbour(s, f.dx, f.dy)
    what = f"The twister on {w.sq(s)} throws the {_noun(kind)}: {compass_text(roll)}"
    tokens = w.steers if kind == "steer" else w.indians
    if target is None:
        tokens.remove(s)
        w.supply[kind] += 1
        w.say(f"{what}, off the board.", minor=True)
        w.trail.append(Trail(f"thrown {kind}", s, roll, True))
        return
    blocked = (
        target in w.board.homesteads
        or (kind == "steer" and steer_at(w, target))
        or (kind == "indian" and target in w.indians)
    )
    if blocked:
        w.say(f"{what}, but {w.sq(target)} is taken; it drops back.", minor=True)
        w.trail.append(Trail(f"thrown {kind}", s, roll, False))
        return
    tokens.remove(s)
    tokens.append(target)
    w.trail.append(Trail(f"thrown {kind}", s, roll, True))
    owner = next((fl.owner for fl in w.fields if target in fl.squares), None)
    pen = f", into {w.name(owner)}'s field" if owner is not None and kind == "steer" else ""
    w.say(f"{what}, to {w.sq(target)}{pen}.", minor=not pen)
    if kind == "steer":
        _steer_arrives(w, target, rng, depth)
    else:
        _indian_arrives(w, target, rng, depth)
    check_win(w)


def _noun(kind: str) -> str:
    return {"steer": "steer", "indian": "Indians", "twister": "twister"}[kind]


# Steps on squares ----------------------------------------------------------------------------


def twister_step(w: Work, s: int, rng: Rng) -> int | None:
    """One twister step: tears down every fence it passes, throws what it lands on."""
    roll = roll_dir(rng)
    f = face(roll)
    board = w.board
    target = board.neighbour(s, f.dx, f.dy)
    what = f"The twister on {w.sq(s)} rolls {compass_text(roll)}"
    if target is not None and target in w.twisters:
        w.say(f"{what}, but another twister is on {w.sq(target)}; it stays.", minor=True)
        w.trail.append(Trail("twister", s, roll, False))
        return s
    torn = [e for e in board.crossed(s, f.dx, f.dy) if e in w.fences]
    owners = [w.fences.pop(e) for e in torn]
    w.twisters.remove(s)
    w.trail.append(Trail("twister", s, roll, True))
    tear = ""
    if torn:
        lost = ", ".join(
            f"{w.name(o)}'s fence {board.edge_label(e)}" for e, o in zip(torn, owners, strict=True)
        )
        tear = f", tearing down {_plural(len(torn), 'fence')} ({lost})"
    if target is None:
        w.supply["twister"] += 1
        w.say(f"{what}{tear} and spins off the board.", minor=not torn)
    else:
        w.twisters.append(target)
        w.say(f"{what} to {w.sq(target)}{tear}.", minor=not torn)
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
    what = f"The Indians on {w.sq(s)} roll {compass_text(roll)}"
    if any(e in board.homestead_edges for e in board.crossed(s, f.dx, f.dy)):
        w.say(f"{what}, but a homestead is in the way; they stay.", minor)
        w.trail.append(Trail("indian", s, roll, False))
        return s
    if target is None:
        w.retire("indian", s)
        w.say(f"{what} and ride off the board.", minor)
        w.trail.append(Trail("indian", s, roll, True))
        return None
    if target in w.indians:
        w.say(f"{what}, but other Indians are on {w.sq(target)}; they stay.", minor)
        w.trail.append(Trail("indian", s, roll, False))
        return s
    w.indians.remove(s)
    w.indians.append(target)
    w.trail.append(Trail("indian", s, roll, True))
    w.say(f"{what} to {w.sq(target)}.", minor)
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
    if stampede:
        what = f"The steer on {w.sq(s)} runs {f.word}"
    else:
        what = f"The steer on {w.sq(s)} rolls {compass_text(roll)}"
    crossed = board.crossed(s, f.dx, f.dy)
    if stampede:
        wall = next((e for e in crossed if e in board.homestead_edges), None)
    else:
        wall = next((e for e in crossed if e in w.fences or e in board.walls), None)
    if wall is not None:
        kind = (
            "a fence" if wall in w.fences else "water" if wall in board.streams else "a homestead"
        )
        w.say(f"{what}, but {kind} stops it.", minor=True)
        w.trail.append(Trail("steer", s, roll, False))
        return s
    if target is None:
        w.retire("steer", s)
        w.say(f"{what} {'off' if stampede else 'and wanders off'} the prairie.", minor=True)
        w.trail.append(Trail("steer", s, roll, True))
        return None
    if steer_at(w, target):
        w.say(f"{what}, but a steer stands on {w.sq(target)}; it stays.", minor=True)
        w.trail.append(Trail("steer", s, roll, False))
        return s
    w.steers.remove(s)
    w.steers.append(target)
    w.trail.append(Trail("steer", s, roll, True))
    owner = next((fl.owner for fl in w.fields if target in fl.squares), None)
    pen = f", into {w.name(owner)}'s field" if owner is not None else ""
    w.say(f"{what} to {w.sq(target)}{pen}.", minor=not pen)
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
    what = f"The Bandit on {w.pt(p)} rolls {compass_text(roll)}"
    if target is None:
        w.bandit = None
        w.supply["bandit"] += 1
        w.say(f"{what} and rides off the board.", minor=True)
        w.trail.append(Trail("bandit", p, roll, True))
    elif _point_blocked(w, p, f.dx, f.dy, target):
        w.say(f"{what}, but someone is in his way; he stays.", minor=True)
        w.trail.append(Trail("bandit", p, roll, False))
    else:
        w.bandit = target
        w.say(f"{what} to {w.pt(target)}.", minor=True)
        w.trail.append(Trail("bandit", p, roll, True))


def pilgrim_step(w: Work, index: int) -> None:
    """Pilgrims walk one step straight on and leave when they reach the far edge."""
    p, heading = w.pilgrims[index]
    f = face(heading)
    target = w.board.point_step(p, f.dx, f.dy)
    what = f"The Pilgrim on {w.pt(p)} walks {f.word}"
    if target is not None and _point_blocked(w, p, f.dx, f.dy, target):
        w.say(f"{what}, but someone is in the way; they wait.", minor=True)
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
        w.say(f"{what} and leaves the range at the far edge.", minor=True)
    else:
        assert target is not None
        w.pilgrims[index] = (target, heading)
        w.say(f"{what} to {w.pt(target)}.", minor=True)


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


def _steer_phrase(n: int, stopped: int, gone: int, verb: str) -> str:
    text = f"{_plural(n, 'roaming steer')} {verb}{'s' if n == 1 else ''}"
    more = [f"{stopped} stopped"] if stopped else []
    more += [f"{gone} off the prairie"] if gone else []
    return text + (f" ({', '.join(more)})" if more else "")


def moove_summary(w: Work, trail: list[Trail], twisters: int) -> str:
    """Everything that moved, in one phrase (each token's path is told as detail)."""
    parts = []
    steps = sum(1 for t in trail if t.token == "twister")
    if steps:
        who = "the twister takes" if twisters == 1 else f"{twisters} twisters take"
        parts.append(f"{who} {_plural(steps, 'step')}")
    indians = sum(1 for t in trail if t.token == "indian")
    if indians:
        parts.append(f"Indians on {_plural(indians, 'square')} ride")
    n, stopped, gone = _steer_tally(w, trail)
    if n:
        parts.append(_steer_phrase(n, stopped, gone, "step"))
    if any(t.token == "bandit" for t in trail):
        parts.append("the Bandit rides")
    pilgrims = sum(1 for t in trail if t.token == "pilgrim")
    if pilgrims:
        parts.append("the Pilgrims walk" if pilgrims > 1 else "the Pilgrim walks")
    thrown = sum(1 for t in trail if t.token.startswith("thrown"))
    if thrown:
        parts.append(f"twisters throw {_plural(thrown, 'token')}")
    return ", ".join(parts) if parts else "nothing on the range moves"


def moove(w: Work, rng: Rng, lead: str = "Everything moves") -> None:
    """Twisters (two steps each), then Indians, roaming steers, the Bandit, Pilgrims.

    One line says what moved (after ``lead``); each token's path is detail, except what
    changes the game (a raid, a steer walking into a field, torn fences, a win).
    """
    start, first, twisters = len(w.events), len(w.trail), len(w.twisters)
    _moove(w, rng)
    summary = moove_summary(w, w.trail[first:], twisters)
    w.events.insert(start, Event.said(f"{lead} — {summary}."))


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


def stampede(w: Work, rng: Rng, lead: str = "") -> None:
    """All roaming steers run one step the same way at once, over fences and water; one line
    tells it (after ``lead``), each steer's run is detail."""
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
    n, stopped, gone = _steer_tally(w, w.trail[first:])
    told = _steer_phrase(n, stopped, gone, "run") if n else "no roaming steer runs"
    herd_runs = f"he herd stampedes {compass_text(roll)}: {told}."
    w.events.insert(start, Event.said(f"{lead} — t{herd_runs}" if lead else f"T{herd_runs}"))
