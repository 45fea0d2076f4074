"""A fast model of Cattle Baron for the strong player's look-ahead.

The rules (``games.cattle``) keep sorted piles of named dice and tell every move in words; a
playout needs none of that. ``Table`` holds the same game as counts: per colour, how many dice
of each face are in the herd and in each stock, with each stock's total, each Swiss stock's
total and each seat's brand. ``playout`` plays it from the start of a round to the end of the
game the way the easy player does (grab the best of the brand, rustle a richer stock or swiss
the best colour, switch the stud for a low cow of the stock, raid the best cow, put a 6 out
to pasture for a stud of the richest colour) and returns the final hauls. Every roll comes
from a ``Dice`` sequence, so playout ``i`` of every candidate move sees the same dice.
"""

from __future__ import annotations

import random
from typing import Any

from games.cattle.model import COLOURS, CattleState

INDEX = {c: i for i, c in enumerate(COLOURS)}
FACES = (1, 2, 3, 4, 5, 6)
#: the acting order's key: the roll times this, plus the seat's rank on equal rolls
RANK = 16


class Dice:
    """A sequence of d6 rolls from one seeded generator, drawn as far as a playout needs;
    every candidate move reads the same sequence (common random numbers)."""

    __slots__ = ("_random", "faces")

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self.faces: list[int] = []

    def more(self, needed: int) -> list[int]:
        while len(self.faces) < needed:
            self.faces.extend(self._random.choices(FACES, k=64))
        return self.faces


class Table:
    """One position as counts, mutated by a playout (``copy`` first)."""

    __slots__ = ("brands", "herd", "left", "ranks", "seats", "stocks", "swiss", "totals", "worth")

    herd: list[list[int]]  # [colour][face] -> dice in the herd
    left: int  # dice in the herd
    worth: list[int]  # per colour, the sum of its faces in the herd
    stocks: list[list[list[int]]]  # [seat][colour][face] -> dice in the regular stock
    totals: list[int]  # per seat, the regular stock's total
    swiss: list[int]  # per seat, the Swiss stock's total
    brands: list[int]  # per seat, the stud's colour (an index into COLOURS)
    seats: tuple[int, ...]  # the seats still playing
    ranks: list[int]  # per seat: its place among equal rolls (0 acts first)

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.herd = [row[:] for row in self.herd]
        t.left = self.left
        t.worth = self.worth[:]
        t.stocks = [[row[:] for row in stock] for stock in self.stocks]
        t.totals = self.totals[:]
        t.swiss = self.swiss[:]
        t.brands = self.brands[:]
        t.seats = self.seats
        t.ranks = self.ranks
        return t


def table(state: CattleState) -> Table:
    """The model of ``state`` (its rolls and acting order are not kept: playouts roll anew)."""
    colours = state.options.colours
    n = len(state.names)

    def counts(dice: Any) -> list[list[int]]:
        rows = [[0] * 7 for _ in range(colours)]
        for d in dice:
            rows[INDEX[d.colour]][d.face] += 1
        return rows

    t = Table.__new__(Table)
    t.herd = counts(state.herd)
    t.left = len(state.herd)
    t.worth = [sum(f * row[f] for f in FACES) for row in t.herd]
    t.stocks = [counts(p) for p in state.stocks]
    t.totals = [sum(d.face for d in p) for p in state.stocks]
    t.swiss = [sum(d.face for d in p) for p in state.swiss]
    t.brands = [-1 if d is None else INDEX[d.colour] for d in state.studs]
    t.seats = state.active()
    # equal rolls: the younger (larger seniority) first, then the later seat (as roll_order)
    ties = sorted(range(n), key=lambda s: (-state.seniority[s], -s))
    t.ranks = [0] * n
    for place, seat in enumerate(ties):
        t.ranks[seat] = place
    return t


def act(t: Table, seat: int, roll: int, kept: list[bool]) -> bool:
    """The easy player's move for ``roll``; False once the herd is empty."""
    herd = t.herd
    if roll <= 2:  # grab the best one or two of the brand
        c = t.brands[seat]
        row, mine = herd[c], t.stocks[seat][c]
        for _ in range(roll):
            for f in (6, 5, 4, 3, 2, 1):
                if row[f]:
                    row[f] -= 1
                    mine[f] += 1
                    t.totals[seat] += f
                    t.worth[c] -= f
                    t.left -= 1
                    break
            else:
                break
    elif roll == 3:  # rustle the richest stock if it is richer, else swiss the best colour
        totals = t.totals
        target, most = -1, totals[seat]
        for other in t.seats:
            if totals[other] > most:
                target, most = other, totals[other]
        if target >= 0:
            t.stocks[seat], t.stocks[target] = t.stocks[target], t.stocks[seat]
            totals[seat], totals[target] = most, totals[seat]
        elif totals[seat]:
            stock = t.stocks[seat]
            best, points = -1, 0
            for c, row in enumerate(stock):
                v = row[1] + 2 * row[2] + 3 * row[3] + 4 * row[4] + 5 * row[5] + 6 * row[6]
                if v > points:
                    best, points = c, v
            stock[best] = [0] * 7
            totals[seat] -= points
            t.swiss[seat] += points
    elif roll == 4:  # switch the stud (a 4) for the lowest cow of the stock below 4
        stock = t.stocks[seat]
        for f in (1, 2, 3):
            for c, row in enumerate(stock):
                if row[f]:
                    row[f] -= 1
                    stock[t.brands[seat]][4] += 1
                    t.totals[seat] += 4 - f
                    t.brands[seat] = c
                    kept[seat] = False
                    return True
    elif roll == 5:  # raid the best cow
        for f in (6, 5, 4, 3, 2, 1):
            for c, row in enumerate(herd):
                if row[f]:
                    row[f] -= 1
                    t.stocks[seat][c][f] += 1
                    t.totals[seat] += f
                    t.worth[c] -= f
                    t.left -= 1
                    return t.left > 0
    else:  # the stud, a 6, into stock; the new stud: the lowest cow of the richest colour
        t.stocks[seat][t.brands[seat]][6] += 1
        t.totals[seat] += 6
        worth = t.worth
        best = max(range(len(worth)), key=worth.__getitem__)
        row = herd[best]
        for f in FACES:
            if row[f]:
                row[f] -= 1
                worth[best] -= f
                t.left -= 1
                break
        t.brands[seat] = best
        kept[seat] = False
    return t.left > 0


def hauls(t: Table, rolls: list[int], kept: list[bool], faces: list[int], i: int) -> list[int]:
    """The final hauls once the herd is empty: a kept 6 goes to stock, every other stud is
    rolled (``faces[i:]``) in seat order. Seats no longer playing get -1."""
    out = [-1] * len(t.totals)
    for seat in t.seats:
        if rolls[seat] == 6 and kept[seat]:
            face = 6
        else:
            face = faces[i]
            i += 1
        out[seat] = t.totals[seat] + t.swiss[seat] + face
    return out


def playout(t: Table, dice: Dice, max_rounds: int = 500) -> list[int]:
    """Play ``t`` (changing it) from the start of a round to the end: the final hauls."""
    seats, ranks = t.seats, t.ranks
    n = len(t.totals)
    by_rank = [0] * n
    for seat in seats:
        by_rank[ranks[seat]] = seat
    faces = dice.faces
    i = 0
    rolls = [0] * n
    kept = [True] * n
    for _ in range(max_rounds):
        if i + 2 * n > len(faces):
            faces = dice.more(i + 2 * n)
        keys = []
        for seat in seats:
            rolls[seat] = faces[i]
            i += 1
            keys.append(rolls[seat] * RANK + ranks[seat])
        keys.sort()
        kept = [True] * n
        for key in keys:
            seat = by_rank[key % RANK]
            if not act(t, seat, rolls[seat], kept):
                return hauls(t, rolls, kept, faces, i)
    return hauls(t, rolls, kept, dice.more(i + n), i)


def share(hauls: list[int], seat: int) -> float:
    """The seat's share of the win: 1, a fraction of a shared win, or 0."""
    best = max(hauls)
    return 0.0 if hauls[seat] != best else 1.0 / hauls.count(best)
