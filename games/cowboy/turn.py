"""A cowboy's turn: one optional step, then one action, then the events phase.

The turn is a chain of small actions so each fits a button: ``move`` (phase ``start``), then an
action or ``again`` (phase ``moved``), then after ``again`` one more ``move`` (phase ``again``);
``end`` stays put and ends the turn. Where nothing needs deciding on the way, a move from the
start of the turn is offered whole, and ends the turn: two steps, ``move n e`` (one per
intersection it can reach); a step and the end of the turn, ``move n end``; a step and the
fence on the segment ridden, ``move n fence``. The plain step ``move n`` is offered only where
there is more to do where it leads (cut wood, rope, rustle, fight), and stays accepted typed.
``again`` stays accepted (typed, and in older logs) but is no longer offered: each ride it
allows is offered whole before the first step. Choices that come up on the way
(a reroll, which part of a split field, where a rustled steer goes) are ``Pending`` and belong
to whoever must choose.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.base import IllegalAction
from games.cowboy import cards, rustle
from games.cowboy.board import STEP_INDEX, STEPS
from games.cowboy.fields import after_build, check_win, free_field_squares, owner_map, steer_at
from games.cowboy.fields import claim as claim_part
from games.cowboy.state import (
    SUPPLY_KINDS,
    Again,
    Claim,
    CowboyAction,
    CowboyState,
    Cut,
    Discard,
    End,
    Fence,
    Fight,
    Give,
    Keep,
    Pay,
    Place,
    Remove,
    Reroll,
    Ride,
    Rope,
    Rustle,
    Step,
    StepThen,
    Target,
    UseBills,
    Work,
)
from games.cowboy.tokens import indian_step
from games.memo import last_answer
from games.rng import Rng

CUT_FENCES = 3
AXE_FENCES = 4
FIGHT_WIN = 5
SIX_SHOOTER_WIN = 3


def bandit_zone(g: CowboyState | Work) -> set[int]:
    """The Bandit's intersection and the four joined to it by a grid line."""
    if g.bandit is None:
        return set()
    zone = {p for p in g.board.steps_from(g.bandit) if p is not None}
    zone.add(g.bandit)
    return zone


def step_target(
    g: CowboyState, seat: int, d: str, start: int | None = None
) -> tuple[int | None, IllegalAction | None]:
    """Where a step leads (from the cowboy, or from ``start``), or None and why not."""
    board = g.board
    p = board.steps_from(g.cowboys[seat] if start is None else start)[STEP_INDEX[d]]
    if p is None:
        return None, IllegalAction("cowboy.off_board", dir=d)
    if p in g.cowboys and p != g.cowboys[seat]:
        why = "cowboy.cowboy_there"
    elif p == g.bandit:
        why = "cowboy.bandit_there"
    elif any(q == p for q, _ in g.pilgrims):
        why = "cowboy.pilgrims_there"
    elif p in bandit_zone(g):
        why = "cowboy.bandit_zone"
    else:
        return p, None
    where = {"dir": d, "point": board.point_place(p)}
    if why == "cowboy.cowboy_there":
        return None, IllegalAction(why, player=g.names[g.cowboys.index(p)], **where)
    return None, IllegalAction(why, **where)


def fence_problem(g: CowboyState, seat: int) -> IllegalAction | None:
    """Why no fence may be built now (None when one may)."""
    if g.phase != "moved" or g.moved is None:
        return IllegalAction("cowboy.fence_move_first")
    board = g.board
    e = g.moved
    if any(edge == e for edge, _ in g.fences):
        return IllegalAction("cowboy.fence_there", edge=board.edge_place(e))
    if e in board.streams:
        return IllegalAction("cowboy.stream_there", edge=board.edge_place(e))
    if e in board.homestead_edges:
        return IllegalAction("cowboy.homestead_side", edge=board.edge_place(e))
    if g.fences_left[seat] <= 0:
        return IllegalAction("cowboy.no_fences")
    return None


def rides(g: CowboyState, seat: int) -> list[Ride]:
    """The two-step rides from the start of a turn: one per intersection two steps away (the
    first way there in compass order), never back to where the cowboy stands."""
    here = g.cowboys[seat]
    out: dict[int, Ride] = {}
    for first in STEPS:
        mid = step_target(g, seat, first)[0]
        if mid is None:
            continue
        for then in STEPS:
            end = step_target(g, seat, then, mid)[0]
            if end is not None and end != here and end not in out:
                out[end] = Ride(first, then)
    return list(out.values())


def stepped(g: CowboyState, seat: int, d: str) -> CowboyState | None:
    """Where a plain step ``d`` from the start of the turn leaves the game, before the action
    there (None when the step is not allowed)."""
    there = step_target(g, seat, d)[0]
    if g.phase != "start" or there is None:
        return None
    cowboys = list(g.cowboys)
    cowboys[seat] = there
    edge = g.board.walk_edge(g.cowboys[seat], *STEPS[d])
    return replace(g, cowboys=type(g.cowboys)(cowboys), phase="moved", moved=edge)


def ride_path(g: CowboyState, seat: int, ride: Ride) -> tuple[int, int] | None:
    """The intersections a two-step ride stops at (None if either step is not allowed)."""
    mid = step_target(g, seat, ride.first)[0]
    end = None if mid is None else step_target(g, seat, ride.then, mid)[0]
    return None if mid is None or end is None else (mid, end)


@last_answer(CowboyState)
def turn_actions(g: CowboyState, seat: int) -> list[CowboyAction]:
    """The acting cowboy's menu: steps and two-step rides, then actions where he stands, then
    ``end``."""
    return _menu(g, seat)


def _menu(g: CowboyState, seat: int) -> list[CowboyAction]:
    out: list[CowboyAction] = []
    if g.phase == "again":
        steps = [Step(d) for d in STEPS if step_target(g, seat, d)[0] is not None]
        return [*steps, End()]
    if g.phase == "start":
        out += _first_steps(g, seat)
        out += rides(g, seat)
    if g.phase == "moved" and fence_problem(g, seat) is None:
        out.append(Fence())
    board = g.board
    around = board.around(g.cowboys[seat])
    if any(s in board.trees for s in around):
        out.append(Cut())
    owned = owner_map(g.fields)
    mine_free = free_field_squares(g, seat)
    for s in around:
        owner = owned.get(s)
        if owner is None or owner == seat or not steer_at(g, s) or not mine_free:
            continue
        if s not in g.steers and g.supply[SUPPLY_KINDS.index("steer")] == 0:
            continue  # a printed steer needs a spare token, and none is left
        out.append(Rustle(s))
    out += [Fight(s) for s in around if s in g.indians]
    for s in around:
        if s in g.steers and s not in owned:
            out += [Rope(s, d) for d in mine_free]
    out.append(End())
    return out


def looked_ahead(
    g: CowboyState, seat: int, d: str
) -> tuple[CowboyState, list[CowboyAction]] | None:
    """A plain step ``d`` from the start of the turn, looked at and not played: where it
    leaves the game and the menu there (None when the step is not allowed). That menu is not
    kept by ``turn_actions``, which keeps the menu of the position on the board."""
    after = stepped(g, seat, d)
    return None if after is None else (after, _menu(after, seat))


def _first_steps(g: CowboyState, seat: int) -> list[CowboyAction]:
    """Per direction: the step that ends the turn, the step and its fence (when one may go on
    the segment ridden), and the plain step when more may be done where it leads."""
    out: list[CowboyAction] = []
    for d in STEPS:
        ahead = looked_ahead(g, seat, d)
        if ahead is None:
            continue
        there = ahead[1]
        out.append(StepThen(d, "end"))
        if Fence() in there:
            out.append(StepThen(d, "fence"))
        if any(not isinstance(a, Fence | End) for a in there):
            out.append(Step(d))
    return out


def accepted(g: CowboyState, seat: int, action: CowboyAction) -> bool:
    """Whether ``action`` may be played now: a legal one, a plain step from the start of the
    turn, or ``again`` after a step with somewhere to ride on to (not always on the menu, but
    their notation keeps its meaning)."""
    if g.pending is not None:
        return action in pending_actions(g)
    if action in turn_actions(g, seat):
        return True
    if isinstance(action, Step) and g.phase == "start":  # typed, where nothing more is offered
        return stepped(g, seat, action.dir) is not None
    return (
        isinstance(action, Again)
        and g.phase == "moved"
        and any(step_target(g, seat, d)[0] is not None for d in STEPS)
    )


def pending_actions(g: CowboyState) -> list[CowboyAction]:
    p = g.pending
    assert p is not None
    match p.kind:
        case "reroll":
            return [Reroll(), Keep()]
        case "bills":
            return [UseBills(), Pay()]
        case "give":
            return [Give(s) for s in p.choices]
        case "rustled" | "place":
            return [Place(s) for s in p.choices]
        case "claim":
            return [Claim(s) for s in p.choices]
        case "discard":
            return [Discard(c) for c in p.choices]
        case "target":
            return [Target(s) for s in p.choices]
        case "remove":
            return [Remove(s) for s in p.choices]
    raise ValueError(p.kind)


# Doing it ------------------------------------------------------------------------------------


def act(w: Work, seat: int, action: CowboyAction, rng: Rng, lone: bool = False) -> None:
    """Carry out a legal turn action; the turn ends unless a choice is pending. ``lone``: it
    was the only legal action (a forced ``end`` says why)."""
    ends = True
    match action:
        case Step(d) if w.phase == "again":
            # a step that ends the turn is told by the picture and the turn's other lines
            _walk(w, seat, d, minor=True)
            w.moved = None
        case Step(d):
            w.phase, w.moved = "moved", _walk(w, seat, d, minor=False)
            ends = False
        case StepThen(d, "fence"):
            # one line tells both: the fence's says the step
            w.phase, w.moved = "moved", _walk(w, seat, d, told=False)
            _build(w, seat, rode=d)
        case StepThen(d):
            _walk(w, seat, d, minor=False)
            w.tell("end", minor=True, seat=seat)
        case Again():
            w.phase, w.moved = "again", None
            w.tell("ride_on", seat=seat)
            ends = False
        case Ride(first, then):
            _walk(w, seat, first, told=False)
            _walk(w, seat, then, told=False)
            w.phase, w.moved = "again", None
            to = w.where(w.cowboys[seat])
            w.tell("ride", minor=True, seat=seat, dir=first, then=then, to=to)
        case End() if lone and w.phase == "again":
            w.tell("end", minor=True, seat=seat, forced="no_further")
        case End() if lone:
            w.tell("end", minor=True, seat=seat, forced="hemmed_in")
        case End():
            w.tell("end", minor=True, seat=seat)
        case Fence():
            _build(w, seat)
        case Cut():
            gain = AXE_FENCES if "axe" in w.hands[seat] else CUT_FENCES
            w.fences_left[seat] += gain
            total = w.fences_left[seat]
            w.tell("cut", seat=seat, gain=gain, total=total, axe=gain == AXE_FENCES)
        case Rope(src, dst):
            w.steers.remove(src)
            w.steers.append(dst)
            w.tell("rope", seat=seat, src=w.sq(src), dst=w.sq(dst))
            check_win(w)
        case Rustle(s):
            rustle.attempt(w, seat, s, rng)
        case Fight(s):
            _fight(w, seat, s, rng)
        case _:
            raise TypeError(action)
    if ends and not w.over and w.pending is None:
        cards.end_turn(w, rng)


def _walk(w: Work, seat: int, d: str, *, minor: bool = False, told: bool = True) -> int:
    """One step of the cowboy (``told`` as a ride of its own); the edge it rode along."""
    dx, dy = STEPS[d]
    here = w.cowboys[seat]
    there = w.board.point_step(here, dx, dy)
    assert there is not None
    w.cowboys[seat] = there
    if told:
        w.tell("ride", minor=minor, seat=seat, dir=d, to=w.where(there))
    return w.board.walk_edge(here, dx, dy)


def _build(w: Work, seat: int, rode: str | None = None) -> None:
    """A fence on the edge just ridden along (``rode``: the step that led there, told with
    it)."""
    edge = w.moved
    assert edge is not None
    w.fences[edge] = seat
    w.fences_left[seat] -= 1
    told: dict[str, Any] = {"seat": seat, "edge": w.edge(edge), "left": w.fences_left[seat]}
    if rode is not None:
        told["rode"] = rode
    w.tell("fence", **told)
    after_build(w, seat, edge)


def _fight(w: Work, seat: int, s: int, rng: Rng) -> None:
    need = SIX_SHOOTER_WIN if "sixshooter" in w.hands[seat] else FIGHT_WIN
    roll = rng.roll(8)
    gun = need == SIX_SHOOTER_WIN
    won = roll >= need
    w.tell("fight", seat=seat, square=w.sq(s), roll=roll, need=need, gun=gun, won=won)
    if won:
        w.retire("indian", s)
    else:
        indian_step(w, s, rng, minor=False)
        check_win(w)


def choose(w: Work, seat: int, action: CowboyAction, rng: Rng) -> None:
    """Resolve the pending choice; then play goes on where it stopped."""
    p = w.pending
    assert p is not None
    w.pending = None
    match action:
        case Reroll() | Keep() | UseBills() | Pay() | Give():
            rustle.choose(w, seat, p, action, rng)
        case Place(s) if p.kind == "rustled":
            rustle.take(w, seat, p.square, s)
        case Place(s):
            cards.put_token(w, p.token, s)
        case Claim(s):
            w.pending = p
            claim_part(w, seat, s)
        case Discard(card):
            cards.discard_item(w, seat, card)
        case Target(target):
            cards.lose_turn(w, target, p.token)
        case Remove(what):
            cards.remove(w, what)
        case _:
            raise TypeError(action)
    if w.over or w.pending is not None:
        return
    if p.events:
        cards.next_turn(w)
    else:
        cards.end_turn(w, rng)


def leave(w: Work, seat: int, rng: Rng) -> None:
    """``seat`` leaves the game: its fields become open range (their steers may be roped), its
    items go to the discard pile and its turns are skipped; a choice that was about it lapses.
    With one player left, that player wins."""
    w.out = tuple(sorted({*w.out, seat}))
    fields = sum(1 for f in w.fields if f.owner == seat)
    w.fields = [f for f in w.fields if f.owner != seat]
    w.discard.extend(w.hands[seat])
    items = len(w.hands[seat])
    w.hands[seat] = []
    w.lost[seat] = 0
    w.tell("leave", seat=seat, fields=fields, items=items)
    left = w.active()
    if len(left) < 2:
        w.winners, w.finished, w.pending = tuple(left), "left", None
        w.tell("last_left", seat=left[0])
        return
    p = w.pending
    if p is None:
        if w.turn == seat:
            cards.next_turn(w)
        return
    if p.kind == "target" and seat in p.choices:
        choices = tuple(c for c in p.choices if c != seat)
        if len(choices) > 1:
            w.pending = replace(p, choices=choices)
            return
        w.pending = None
        cards.lose_turn(w, choices[0], p.token)
    elif p.victim == seat and p.kind != "rustled":
        w.pending = None
        w.tell("dropped", seat=seat)
    else:
        return
    if p.events:
        cards.next_turn(w)
    else:
        cards.end_turn(w, rng)
