"""Rustling: a D8 against a steer in an opponent's field next to your cowboy.

6-8: the steer is yours (a printed steer gets a Stolen Steer token and a spare token goes to
your field). 3-5: it evades you. 1-2: caught, pay the victim one steer, else three fences, else
go to jail and lose a turn. Lucky Lariat: one reroll of a failed roll. Butt Brander (held by the
victim): anything but success counts as caught. Bag o' Bills: discard it to avoid the penalty.
"""

from __future__ import annotations

from games.cowboy.fields import check_win, free_field_squares, owner_map, steer_at
from games.cowboy.state import (
    CowboyAction,
    Give,
    Keep,
    Pay,
    Pending,
    Reroll,
    UseBills,
    Work,
)
from games.rng import Rng

SUCCESS = 6
CAUGHT = 2
FENCE_FINE = 3


def attempt(w: Work, seat: int, square: int, rng: Rng) -> None:
    victim = owner_map(w.fields)[square]
    _roll(w, seat, square, victim, rng, rerolled=False)


def _roll(w: Work, seat: int, square: int, victim: int, rng: Rng, rerolled: bool) -> None:
    roll = rng.roll(8)
    if rerolled:
        w.tell("reroll", seat=seat, roll=roll)
    else:
        w.tell("rustle", seat=seat, victim=victim, square=w.sq(square), roll=roll)
    if roll < SUCCESS and not rerolled and "lariat" in w.hands[seat]:
        w.pending = Pending("reroll", seat, (), square=square, victim=victim, roll=roll)
        w.tell("may_reroll", minor=True, seat=seat)
        return
    _result(w, seat, square, victim, roll)


def _result(w: Work, seat: int, square: int, victim: int, roll: int) -> None:
    if roll >= SUCCESS:
        choices = free_field_squares(w, seat)
        w.tell("rustled", seat=seat)
        if len(choices) == 1:
            take(w, seat, square, choices[0])
        else:
            w.pending = Pending("rustled", seat, tuple(choices), square=square, victim=victim)
        return
    branded = roll > CAUGHT and "brander" in w.hands[victim]
    if roll > CAUGHT and not branded:
        w.tell("evades", seat=seat)
        return
    if branded:
        w.tell("brander", seat=victim)
    w.tell("caught", seat=seat, victim=victim)
    if "bills" in w.hands[seat]:
        w.pending = Pending("bills", seat, (), square=square, victim=victim)
        w.tell("may_pay_off", minor=True, seat=seat, victim=victim)
        return
    _penalty(w, seat, square, victim)


def take(w: Work, seat: int, square: int, dst: int) -> None:
    """The rustled steer goes to ``dst`` in the rustler's field."""
    if square in w.steers:
        w.steers.remove(square)
        w.steers.append(dst)
        w.tell("drive", seat=seat, src=w.sq(square), dst=w.sq(dst))
    else:
        w.stolen.add(square)
        w.supply["stolen"] -= 1
        w.supply["steer"] -= 1
        w.steers.append(dst)
        w.tell("cover", seat=seat, src=w.sq(square), dst=w.sq(dst))
    check_win(w)


def _payable(w: Work, seat: int) -> list[int]:
    """The steers a caught rustler could pay with (printed ones need a spare token)."""
    mine = sorted(s for f in w.fields if f.owner == seat for s in f.squares if steer_at(w, s))
    return [s for s in mine if s in w.steers or w.supply["steer"] > 0]


def _penalty(w: Work, seat: int, square: int, victim: int) -> None:
    steers = _payable(w, seat)
    if steers and free_field_squares(w, victim):
        if len(steers) == 1:
            give(w, seat, steers[0], victim, square)
        else:
            w.pending = Pending("give", seat, tuple(steers), square=square, victim=victim)
            w.tell("choose_give", minor=True, seat=seat, victim=victim)
    elif w.fences_left[seat] > 0:
        paid = min(FENCE_FINE, w.fences_left[seat])
        w.fences_left[seat] -= paid
        w.fences_left[victim] += paid
        why = "no_steer" if not steers else "no_room"
        w.tell("fine", seat=seat, victim=victim, fences=paid, why=why)
    else:
        w.lost[seat] += 1
        w.tell("jail", seat=seat)


def give(w: Work, seat: int, src: int, victim: int, near: int) -> None:
    """Pay ``victim`` the steer on ``src``: it goes to the free square of their fields nearest
    to the steer that was rustled (ties in board order)."""
    board = w.board
    nx, ny = board.xy(near)

    def distance(s: int) -> tuple[int, int]:
        x, y = board.xy(s)
        return (x - nx) ** 2 + (y - ny) ** 2, s

    dst = min(free_field_squares(w, victim), key=distance)
    printed = src not in w.steers
    w.tell("give", seat=seat, victim=victim, src=w.sq(src), dst=w.sq(dst), printed=printed)
    if not printed:
        w.steers.remove(src)
    else:
        w.stolen.add(src)
        w.supply["stolen"] -= 1
        w.supply["steer"] -= 1
    w.steers.append(dst)
    check_win(w)


def choose(w: Work, seat: int, p: Pending, action: CowboyAction, rng: Rng) -> None:
    match action:
        case Reroll():
            _roll(w, seat, p.square, p.victim, rng, rerolled=True)
        case Keep():
            w.tell("keep", seat=seat, roll=p.roll)
            _result(w, seat, p.square, p.victim, p.roll)
        case UseBills():
            w.hands[seat].remove("bills")
            w.discard.append("bills")
            w.tell("pay_off", seat=seat, victim=p.victim)
        case Pay():
            _penalty(w, seat, p.square, p.victim)
        case Give(s):
            give(w, seat, s, p.victim, p.square)
        case _:
            raise TypeError(action)
