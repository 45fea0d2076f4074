"""A tournament as plain JSON data and back, for storage: ``dump`` and ``load``.

``load`` takes only what ``dump`` could have written: every part is checked (known format,
entrants once each, rounds and tables numbered in order, seats and byes of entrants and
nobody twice in a round, results for tables that exist, once each, withdrawals of entrants,
once each), and anything else is refused with ``LeagueError("stored", part=...)``. The rounds are
read as they were paired, never paired again, so a stored tournament keeps its rounds
whatever later versions of the pairing would choose.
"""

from __future__ import annotations

from bot.jsondata import JSONObject
from bot.league.league import League
from bot.league.records import (
    Entrant,
    Format,
    Kind,
    LeagueError,
    Result,
    Round,
    Table,
    Withdrawal,
)

VERSION = 1


def dump(league: League) -> JSONObject:
    fmt = league.format
    return {
        "v": VERSION,
        "format": [fmt.kind.value, fmt.rounds, fmt.table_size, fmt.min_table],
        "entrants": [[e.player, e.rating] for e in league.entrants],
        "rounds": [
            {"tables": [list(t.seats) for t in r.tables], "byes": list(r.byes)}
            for r in league.rounds
        ],
        "results": [[r.round, r.table, list(r.places), list(r.forfeited)] for r in league.results],
        "withdrawals": [[w.player, w.round] for w in league.withdrawals],
    }


def load(data: object) -> League:
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise LeagueError("stored", part="version")
    try:
        kind, rounds, size, smallest = _list(data["format"], 4)
        fmt = Format(Kind(kind), _int(rounds), _int(size), _int(smallest))
        entrants = tuple(_entrant(e) for e in _list(data["entrants"]))
        league = League.start(fmt, entrants)
        league = League(
            fmt,
            entrants,
            tuple(_round(i + 1, r) for i, r in enumerate(_list(data["rounds"]))),
            tuple(_result(r) for r in _list(data["results"])),
            tuple(_withdrawal(w) for w in _list(data["withdrawals"])),
        )
    except LeagueError as error:
        raise LeagueError("stored", part=error.code, **error.facts) from None
    except (KeyError, TypeError, ValueError) as error:
        raise LeagueError("stored", part="shape", error=repr(error)) from None
    _check(league)
    return league


def _list(value: object, length: int | None = None) -> list[object]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"expected a list, got {value!r}")
    return value


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _ints(value: object) -> tuple[int, ...]:
    return tuple(_int(v) for v in _list(value))


def _entrant(value: object) -> Entrant:
    player, rating = _list(value, 2)
    if isinstance(rating, bool) or not isinstance(rating, int | float):
        raise ValueError(f"expected a rating, got {rating!r}")
    return Entrant(_int(player), float(rating))


def _round(number: int, value: object) -> Round:
    if not isinstance(value, dict):
        raise ValueError(f"expected a round, got {value!r}")
    tables = tuple(
        Table(number, i + 1, _ints(seats)) for i, seats in enumerate(_list(value["tables"]))
    )
    return Round(number, tables, _ints(value["byes"]))


def _result(value: object) -> Result:
    number, table, places, forfeited = _list(value, 4)
    return Result(_int(number), _int(table), _ints(places), _ints(forfeited))


def _withdrawal(value: object) -> Withdrawal:
    player, number = _list(value, 2)
    return Withdrawal(_int(player), _int(number))


def _check(league: League) -> None:
    entered = {e.player for e in league.entrants}
    _require(len(league.rounds) <= league.total_rounds, "rounds", rounds=len(league.rounds))
    for rnd in league.rounds:
        players = rnd.players()
        _require(len(set(players)) == len(players), "round-players", round=rnd.number)
        _require(set(players) <= entered, "round-players", round=rnd.number)
    seen: set[tuple[int, int]] = set()
    for result in league.results:
        key = (result.round, result.table)
        _require(key not in seen, "result-twice", round=key[0], table=key[1])
        seen.add(key)
        try:
            table = league.table(*key)
        except LeagueError as error:
            raise LeagueError("stored", part=error.code, **error.facts) from None
        _require(
            len(result.places) == len(table.seats), "result-places", round=key[0], table=key[1]
        )
    gone = [w.player for w in league.withdrawals]
    _require(len(set(gone)) == len(gone) and set(gone) <= entered, "withdrawals")
    _require(all(0 <= w.round <= len(league.rounds) for w in league.withdrawals), "withdrawals")


def _require(condition: bool, part: str, **facts: object) -> None:
    if not condition:
        raise LeagueError("stored", part=part, **facts)
