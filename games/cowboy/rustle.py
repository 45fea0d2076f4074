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
    name = w.name(seat)
    if rerolled:
        w.say(f"{name} rerolls {roll}.")
    else:
        steer = f"{w.name(victim)}'s steer on {w.sq(square)}"
        w.say(f"{name} tries to rustle {steer} and rolls {roll}.")
    if roll < SUCCESS and not rerolled and "lariat" in w.hands[seat]:
        w.pending = Pending("reroll", seat, (), square=square, victim=victim, roll=roll)
        w.say(f"{w.name(seat)} may reroll with the Lucky Lariat.")
        return
    _result(w, seat, square, victim, roll)


def _result(w: Work, seat: int, square: int, victim: int, roll: int) -> None:
    name = w.name(seat)
    if roll >= SUCCESS:
        choices = free_field_squares(w, seat)
        w.say(f"Success: {name} rustles the steer.")
        if len(choices) == 1:
            take(w, seat, square, choices[0])
        else:
            w.pending = Pending("rustled", seat, tuple(choices), square=square, victim=victim)
        return
    branded = roll > CAUGHT and "brander" in w.hands[victim]
    if roll > CAUGHT and not branded:
        w.say(f"The steer evades {name}.")
        return
    if branded:
        w.say(f"{w.name(victim)}'s Butt Brander: anything but success counts as caught!")
    w.say(f"{name} is caught rustling {w.name(victim)}'s steer!")
    if "bills" in w.hands[seat]:
        w.pending = Pending("bills", seat, (), square=square, victim=victim)
        w.say(f"{name} may pay off {w.name(victim)} with the Bag o' Bills.")
        return
    _penalty(w, seat, square, victim)


def take(w: Work, seat: int, square: int, dst: int) -> None:
    """The rustled steer goes to ``dst`` in the rustler's field."""
    name = w.name(seat)
    if square in w.steers:
        w.steers.remove(square)
        w.steers.append(dst)
        w.say(f"{name} drives the steer from {w.sq(square)} to {w.sq(dst)}.")
    else:
        w.stolen.add(square)
        w.supply["stolen"] -= 1
        w.supply["steer"] -= 1
        w.steers.append(dst)
        w.say(
            f"The printed steer on {w.sq(square)} is covered with a Stolen Steer token; "
            f"{name} pens a steer on {w.sq(dst)}."
        )
    check_win(w)


def _payable(w: Work, seat: int) -> list[int]:
    """The steers a caught rustler could pay with (printed ones need a spare token)."""
    mine = sorted(s for f in w.fields if f.owner == seat for s in f.squares if steer_at(w, s))
    return [s for s in mine if s in w.steers or w.supply["steer"] > 0]


def _penalty(w: Work, seat: int, square: int, victim: int) -> None:
    name, other = w.name(seat), w.name(victim)
    steers = _payable(w, seat)
    if steers and free_field_squares(w, victim):
        if len(steers) == 1:
            give(w, seat, steers[0], victim, square)
        else:
            w.pending = Pending("give", seat, tuple(steers), square=square, victim=victim)
            w.say(f"{name} chooses which steer to give {other}.")
    elif w.fences_left[seat] > 0:
        paid = min(FENCE_FINE, w.fences_left[seat])
        w.fences_left[seat] -= paid
        w.fences_left[victim] += paid
        why = "has no steer to give" if not steers else f"{other} has no room for a steer"
        w.say(f"{name} {why} and pays {other} {paid} fence{'s' if paid > 1 else ''}.")
    else:
        w.lost[seat] += 1
        w.say(f"{name} has nothing to pay and is thrown in jail: {name} loses a turn.")


def give(w: Work, seat: int, src: int, victim: int, near: int) -> None:
    """Pay ``victim`` the steer on ``src``: it goes to the free square of their fields nearest
    to the steer that was rustled (ties in board order)."""
    board = w.board
    nx, ny = board.xy(near)

    def distance(s: int) -> tuple[int, int]:
        x, y = board.xy(s)
        return (x - nx) ** 2 + (y - ny) ** 2, s

    dst = min(free_field_squares(w, victim), key=distance)
    name, other = w.name(seat), w.name(victim)
    if src in w.steers:
        w.steers.remove(src)
        w.say(f"{name} gives {other} the steer on {w.sq(src)}; it goes to {w.sq(dst)}.")
    else:
        w.stolen.add(src)
        w.supply["stolen"] -= 1
        w.supply["steer"] -= 1
        w.say(
            f"{name} gives {other} the printed steer on {w.sq(src)} (now covered by a Stolen "
            f"Steer token); a steer goes to {w.sq(dst)}."
        )
    w.steers.append(dst)
    check_win(w)


def choose(w: Work, seat: int, p: Pending, action: CowboyAction, rng: Rng) -> None:
    match action:
        case Reroll():
            _roll(w, seat, p.square, p.victim, rng, rerolled=True)
        case Keep():
            w.say(f"{w.name(seat)} keeps the roll of {p.roll}.")
            _result(w, seat, p.square, p.victim, p.roll)
        case UseBills():
            w.hands[seat].remove("bills")
            w.discard.append("bills")
            w.say(f"{w.name(seat)} pays off {w.name(p.victim)} with the Bag o' Bills.")
        case Pay():
            _penalty(w, seat, p.square, p.victim)
        case Give(s):
            give(w, seat, s, p.victim, p.square)
        case _:
            raise TypeError(action)
