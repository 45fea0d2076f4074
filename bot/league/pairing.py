"""Who plays whom: Swiss pairs found by search, byes, the circle method, tables by standings,
and who takes the first seat. Pure functions of their arguments, the same answer every time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil

Pair = tuple[int, int]


SEARCH_BUDGET = 100_000
"""Positions the Swiss search may visit for one round; past it (only when few new meetings
are left among many players) each player from the top takes the nearest one not met yet."""


def swiss_pairs(
    order: Sequence[int], met: Mapping[frozenset[int], int], budget: int = SEARCH_BUDGET
) -> tuple[Pair, ...]:
    """Pair ``order`` (best placed first, an even count) with as few repeat meetings as can be.

    The pairing preferred is the one that pairs each player, from the top, with the nearest
    player below them (1 with 2, 3 with 4: players close in the standings meet). Among
    pairings with the fewest repeats, the first in that preference is returned; the search
    looks past a first choice that would force a repeat later, which a greedy pass does not.
    A search that visits more than ``budget`` positions ends in a greedy pass: each player
    from the top takes the nearest one below not met yet (else the nearest).
    """
    if len(order) % 2:
        raise ValueError("an even number of players")
    players = tuple(order)
    repeats = [[met.get(frozenset((a, b)), 0) > 0 for b in players] for a in players]
    search = _Search(repeats, budget)
    try:
        for allowed in range(len(players) // 2 + 1):
            found = search.run((1 << len(players)) - 1, allowed)
            if found is not None:
                return tuple((players[a], players[b]) for a, b in found)
    except _OutOfBudget:
        pass
    return _greedy(players, repeats)


def _greedy(players: tuple[int, ...], repeats: list[list[bool]]) -> tuple[Pair, ...]:
    left = list(range(len(players)))
    pairs: list[Pair] = []
    while left:
        top = left.pop(0)
        fresh = [i for i in left if not repeats[top][i]]
        other = (fresh or left)[0]
        left.remove(other)
        pairs.append((players[top], players[other]))
    return tuple(pairs)


class _OutOfBudget(Exception):
    pass


class _Search:
    """Depth-first over the players left (a bit mask), the top one paired first, with the
    masks known to fail at a given allowance remembered."""

    def __init__(self, repeats: list[list[bool]], budget: int) -> None:
        self.repeats = repeats
        self.fresh = [
            sum(1 << b for b, seen in enumerate(row) if not seen and b != a)
            for a, row in enumerate(repeats)
        ]
        self.failed: set[tuple[int, int]] = set()
        self.budget = budget

    def run(self, left: int, allowed: int) -> list[tuple[int, int]] | None:
        if not left:
            return []
        if (left, allowed) in self.failed:
            return None
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        if not allowed and self._stranded(left):
            self.failed.add((left, allowed))
            return None
        top = (left & -left).bit_length() - 1
        rest = left & ~(1 << top)
        partner = rest
        while partner:
            low = partner & -partner
            other = low.bit_length() - 1
            partner &= ~low
            cost = 1 if self.repeats[top][other] else 0
            if cost > allowed:
                continue
            tail = self.run(rest & ~low, allowed - cost)
            if tail is not None:
                return [(top, other), *tail]
        self.failed.add((left, allowed))
        return None

    def _stranded(self, left: int) -> bool:
        """Whether some player left has met every other player left (no new opponent)."""
        rest = left
        while rest:
            low = rest & -rest
            rest &= ~low
            if not self.fresh[low.bit_length() - 1] & left:
                return True
        return False


def pick_byes(order: Sequence[int], had: Mapping[int, int], count: int) -> tuple[int, ...]:
    """The ``count`` lowest placed of ``order`` (best first) among those with the fewest byes:
    the lowest placed player without a bye, while there is one."""
    if count <= 0:
        return ()
    bottom_up = list(reversed(order))
    ranked = sorted(range(len(bottom_up)), key=lambda i: (had.get(bottom_up[i], 0), i))
    chosen = {bottom_up[i] for i in ranked[:count]}
    return tuple(p for p in bottom_up if p in chosen)


def table_sizes(players: int, size: int, smallest: int) -> tuple[tuple[int, ...], int]:
    """Tables for ``players``: the fewest tables of at most ``size`` seats, as even as can be
    and none under ``smallest``, the larger ones first; with the fewest players left over for
    byes. Returns the sizes and the number of byes."""
    for byes in range(players + 1):
        seated = players - byes
        count = ceil(seated / size)
        if count and seated // count >= smallest:
            big = seated % count
            even = seated // count
            return (even + 1,) * big + (even,) * (count - big), byes
    return (), players


def by_standings(order: Sequence[int], sizes: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Tables formed down the standings: the first ``sizes[0]`` players, then the next..."""
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(order[start : start + size]))
        start += size
    return tuple(tables)


def circle_round(seeds: Sequence[int], index: int) -> tuple[tuple[Pair, ...], int | None]:
    """Round ``index`` (from 0) of a round-robin by the circle method: the first seed stays,
    the others turn one place a round; with an odd count, whoever meets the empty place has
    the bye. Over ``len(seeds) - 1`` rounds (``len(seeds)`` when odd) everyone meets everyone
    once."""
    ring: list[int | None] = list(seeds)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    if n < 2:
        return (), None
    turn = index % (n - 1)
    others = ring[1:]
    others = others[-turn:] + others[:-turn] if turn else others
    circle = [ring[0], *others]
    pairs: list[Pair] = []
    bye = None
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if a is None or b is None:
            bye = b if a is None else a
            continue
        pairs.append((a, b))
    return tuple(pairs), bye


def seat_order(
    seats: Sequence[int], firsts: Mapping[int, int], rank: Mapping[int, int]
) -> tuple[int, ...]:
    """Play order at a table: who has moved first fewest times first, then by standing."""
    return tuple(sorted(seats, key=lambda p: (firsts.get(p, 0), rank[p])))
