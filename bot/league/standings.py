"""Points and standings.

One rule scores every table, two seats or more: a player scores one point for each player
at the table they finished ahead of and half a point for each they tied with, so two seats
give the usual 1, ½, 0 and four seats 3, 2, 1, 0 (placement points). A forfeit scores
nothing and counts as finishing behind everyone who did not forfeit. A bye counts as a win:
the points of first place at a full table.

Ties on points are broken by Buchholz (the sum of the points of every opponent met, once per
meeting; a bye meets no one) or, in a round-robin, where every player meets the same field,
by Sonneborn-Berger (each opponent's points weighted by the share of that meeting won). Then
by rating at the start and by player id, so the order is always the same; the place is
shared only when points and tie-break are equal.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from bot.league.records import Entrant, Format, Kind, Result, Round, Standing, Table, Withdrawal


def meeting(result: Result, seat: int, other: int) -> float:
    """What ``seat`` scored against ``other`` at one table: 1 ahead, ½ level, 0 behind."""
    mine, theirs = result_key(result, seat), result_key(result, other)
    if mine == theirs:
        return 0.0 if mine[0] else 0.5
    return 1.0 if mine < theirs else 0.0


def result_key(result: Result, seat: int) -> tuple[bool, int]:
    return (_forfeited(result, seat), result.places[seat])


def _forfeited(result: Result, seat: int) -> bool:
    return seat in result.forfeited


def table_points(result: Result) -> tuple[float, ...]:
    """Each seat's points for one table (see the module's rule)."""
    n = len(result.places)
    return tuple(
        0.0 if _forfeited(result, i) else sum(meeting(result, i, j) for j in range(n) if j != i)
        for i in range(n)
    )


def bye_points(fmt: Format) -> float:
    return float(fmt.table_size - 1)


def points(
    fmt: Format, rounds: Iterable[Round], results: Mapping[tuple[int, int], Result]
) -> dict[int, float]:
    """Every player's points over the rounds played so far (unfinished tables count nothing)."""
    total: dict[int, float] = defaultdict(float)
    for rnd in rounds:
        for player in rnd.byes:
            total[player] += bye_points(fmt)
        for table in rnd.tables:
            result = results.get((table.round, table.number))
            if result is None:
                continue
            for player, got in zip(table.seats, table_points(result), strict=True):
                total[player] += got
    return total


def _tiebreaks(
    fmt: Format,
    rounds: Iterable[Round],
    results: Mapping[tuple[int, int], Result],
    total: Mapping[int, float],
) -> dict[int, float]:
    weighted = fmt.kind is Kind.ROUND_ROBIN
    score: dict[int, float] = defaultdict(float)
    for table, result in _finished(rounds, results):
        for i, player in enumerate(table.seats):
            for j, other in enumerate(table.seats):
                if i == j:
                    continue
                weight = meeting(result, i, j) if weighted else 1.0
                score[player] += weight * total.get(other, 0.0)
    return score


def _finished(
    rounds: Iterable[Round], results: Mapping[tuple[int, int], Result]
) -> Iterable[tuple[Table, Result]]:
    for rnd in rounds:
        for table in rnd.tables:
            result = results.get((table.round, table.number))
            if result is not None:
                yield table, result


def standings(
    fmt: Format,
    entrants: Iterable[Entrant],
    rounds: Iterable[Round],
    results: Mapping[tuple[int, int], Result],
    withdrawals: Iterable[Withdrawal] = (),
) -> tuple[Standing, ...]:
    """The standings, best first (see the module's rule for the order and shared places)."""
    entrants = tuple(entrants)
    rounds = tuple(rounds)
    total = points(fmt, rounds, results)
    tie = _tiebreaks(fmt, rounds, results, total)
    played: dict[int, int] = defaultdict(int)
    byes: dict[int, int] = defaultdict(int)
    for rnd in rounds:
        for player in rnd.byes:
            byes[player] += 1
    for table, _ in _finished(rounds, results):
        for player in table.seats:
            played[player] += 1
    gone = {w.player for w in withdrawals}
    order = sorted(
        entrants,
        key=lambda e: (-total.get(e.player, 0.0), -tie.get(e.player, 0.0), -e.rating, e.player),
    )
    lines: list[Standing] = []
    for index, entrant in enumerate(order):
        p = entrant.player
        line = (total.get(p, 0.0), tie.get(p, 0.0))
        shared = lines and (lines[-1].points, lines[-1].tiebreak) == line
        place = lines[-1].place if shared else index + 1
        lines.append(Standing(place, p, line[0], line[1], played[p], byes[p], p in gone))
    return tuple(lines)
