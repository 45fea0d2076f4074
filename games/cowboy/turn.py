"""A cowboy's turn: one optional step, then one action, then the events phase.

The turn is a chain of small actions so each fits a button: ``move`` (phase ``start``), then an
action or ``again`` (phase ``moved``), then after ``again`` one more ``move`` (phase ``again``);
``end`` stays put and ends the turn. Choices that come up on the way (a reroll, which part of a
split field, where a rustled steer goes) are ``Pending`` and belong to whoever must choose.
"""

from __future__ import annotations

from dataclasses import replace

from games.cowboy import cards, rustle
from games.cowboy.board import STEP_WORDS, STEPS
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
    Rope,
    Rustle,
    Step,
    Target,
    UseBills,
    Work,
)
from games.cowboy.tokens import indian_step
from games.rng import Rng

CUT_FENCES = 3
AXE_FENCES = 4
FIGHT_WIN = 5
SIX_SHOOTER_WIN = 3


def bandit_zone(g: CowboyState | Work) -> set[int]:
    """The Bandit's intersection and the four joined to it by a grid line."""
    if g.bandit is None:
        return set()
    board = g.board
    zone = {g.bandit}
    for dx, dy in STEPS.values():
        p = board.point_step(g.bandit, dx, dy)
        if p is not None:
            zone.add(p)
    return zone


def step_target(g: CowboyState, seat: int, d: str) -> tuple[int | None, str]:
    """Where a step leads, or None and why not."""
    board = g.board
    dx, dy = STEPS[d]
    p = board.point_step(g.cowboys[seat], dx, dy)
    if p is None:
        return None, f"{STEP_WORDS[d].capitalize()} is off the board."
    where = f"to your {STEP_WORDS[d]} ({board.point_name(p)})"
    if p in g.cowboys:
        return None, f"{g.names[g.cowboys.index(p)]}'s cowboy stands {where}."
    if p == g.bandit:
        return None, f"The Bandit stands {where}."
    if any(q == p for q, _ in g.pilgrims):
        return None, f"Pilgrims stand {where}."
    if p in bandit_zone(g):
        return None, f"The corner {where} is next to the Bandit; he'd shoot you."
    return p, ""


def fence_problem(g: CowboyState, seat: int) -> str:
    """Why no fence may be built now ('' when one may)."""
    if g.phase != "moved" or g.moved is None:
        return "A fence goes on the line you just moved along: move first."
    board = g.board
    e = g.moved
    if any(edge == e for edge, _ in g.fences):
        return f"There is a fence {board.edge_label(e)} already."
    if e in board.streams:
        return f"A stream runs {board.edge_label(e)}; it counts as a fence already."
    if e in board.homestead_edges:
        return f"The line {board.edge_label(e)} is a homestead's side; it counts as a fence."
    if g.fences_left[seat] <= 0:
        return "You have no fences left: cut wood next to a tree."
    return ""


def turn_actions(g: CowboyState, seat: int) -> list[CowboyAction]:
    """The acting cowboy's menu: steps, then actions where he stands, then ``end``."""
    out: list[CowboyAction] = []
    steps = [Step(d) for d in STEPS if step_target(g, seat, d)[0] is not None]
    if g.phase in ("start", "again"):
        out += steps
    if g.phase == "again":
        return [*out, End()]
    if g.phase == "moved" and not fence_problem(g, seat):
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
    if g.phase == "moved" and steps:
        out.append(Again())
    out.append(End())
    return out


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
    name = w.name(seat)
    board = w.board
    ends = True
    match action:
        case Step(d):
            dx, dy = STEPS[d]
            here = w.cowboys[seat]
            there = board.point_step(here, dx, dy)
            assert there is not None
            w.cowboys[seat] = there
            w.say(f"{name} rides {STEP_WORDS[d]} to {w.where(there)}.")
            if w.phase == "again":
                w.moved = None
            else:
                w.phase, w.moved = "moved", board.walk_edge(here, dx, dy)
                ends = False
        case Again():
            w.phase, w.moved = "again", None
            w.say(f"{name} rides on.")
            ends = False
        case End() if lone and w.phase == "again":
            w.say(f"{name} can ride no further and ends the turn.")
        case End() if lone:
            w.say(f"{name} is hemmed in with nothing to do and ends the turn.")
        case End():
            w.say(f"{name} ends the turn.")
        case Fence():
            edge = w.moved
            assert edge is not None
            w.fences[edge] = seat
            w.fences_left[seat] -= 1
            left = w.fences_left[seat]
            w.say(f"{name} builds a fence {board.edge_label(edge)} ({left} left).")
            after_build(w, seat, edge)
        case Cut():
            gain = AXE_FENCES if "axe" in w.hands[seat] else CUT_FENCES
            w.fences_left[seat] += gain
            axe = " with the Axe" if gain == AXE_FENCES else ""
            w.say(f"{name} cuts wood{axe}: {gain} fences ({w.fences_left[seat]} in all).")
        case Rope(src, dst):
            w.steers.remove(src)
            w.steers.append(dst)
            w.say(f"{name} ropes the steer on {w.sq(src)} and pens it on {w.sq(dst)}.")
            check_win(w)
        case Rustle(s):
            rustle.attempt(w, seat, s, rng)
        case Fight(s):
            _fight(w, seat, s, rng)
        case _:
            raise TypeError(action)
    if ends and not w.over and w.pending is None:
        cards.end_turn(w, rng)


def _fight(w: Work, seat: int, s: int, rng: Rng) -> None:
    name = w.name(seat)
    need = SIX_SHOOTER_WIN if "sixshooter" in w.hands[seat] else FIGHT_WIN
    roll = rng.roll(8)
    gun = " with the Six Shooter" if need == SIX_SHOOTER_WIN else ""
    fight = f"{name} fights the Indians on {w.sq(s)}{gun}: rolls {roll} (needs {need}+)"
    if roll >= need:
        w.retire("indian", s)
        w.say(f"{fight} and wins: the Indians leave {w.sq(s)}.")
    else:
        w.say(f"{fight}. The Indians escape!")
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
    name = w.name(seat)
    w.out = tuple(sorted({*w.out, seat}))
    fields = sum(1 for f in w.fields if f.owner == seat)
    w.fields = [f for f in w.fields if f.owner != seat]
    w.discard.extend(w.hands[seat])
    items = len(w.hands[seat])
    w.hands[seat] = []
    w.lost[seat] = 0
    parts = []
    if fields:
        parts.append(f"{'their field is' if fields == 1 else 'their fields are'} open range again")
    if items:
        parts.append(f"{'their item goes' if items == 1 else 'their items go'} to the discard pile")
    w.say(f"{name} leaves the game" + (": " + " and ".join(parts) if parts else "") + ".")
    left = w.active()
    if len(left) < 2:
        w.winners, w.finished, w.pending = tuple(left), "left", None
        w.say(f"{w.name(left[0])} is the last player left and wins!")
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
        w.say(f"{name} has left, so the matter with {name} is dropped.")
    else:
        return
    if p.events:
        cards.next_turn(w)
    else:
        cards.end_turn(w, rng)
