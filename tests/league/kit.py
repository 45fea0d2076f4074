"""Building tournaments for the tests: results by who won, played round after round."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.league import Entrant, Format, Kind, League, Result, Table

Decide = Callable[[Table], tuple[int, ...]]


def entrants(*players: int) -> tuple[Entrant, ...]:
    """Players rated in the order given: the first is rated highest."""
    return tuple(Entrant(p, float(100 - i)) for i, p in enumerate(players))


def swiss(players: int, rounds: int) -> League:
    return League.start(Format(Kind.SWISS, rounds), entrants(*range(1, players + 1)))


def won_by(winners: Mapping[frozenset[int], int | None]) -> Decide:
    """Places for a two-seat table from ``{pair: winner}`` (``None``: a draw)."""

    def decide(table: Table) -> tuple[int, ...]:
        winner = winners[frozenset(table.seats)]
        if winner is None:
            return (1, 1)
        return tuple(1 if p == winner else 2 for p in table.seats)

    return decide


def higher_id_wins(table: Table) -> tuple[int, ...]:
    best = max(table.seats)
    return tuple(1 if p == best else 2 for p in table.seats)


def play_round(league: League, decide: Decide) -> League:
    """Pair the next round and record every table it opened."""
    league = league.next_round()
    for table in league.unfinished():
        league = league.record(Result(table.round, table.number, decide(table)))
    return league


def seats(league: League, number: int) -> list[tuple[int, ...]]:
    return [t.seats for t in league.rounds[number - 1].tables]
