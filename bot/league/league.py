"""A tournament as one immutable value: its format, entrants, rounds, results and
withdrawals. Every step (the next round, a table's result, a withdrawal) returns a new value
or raises ``LeagueError`` and changes nothing; the same steps always give the same
tournament, so a stored tournament is its records and nothing else.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property

from bot.league import pairing
from bot.league.records import (
    Entrant,
    Format,
    Kind,
    LeagueError,
    Result,
    Round,
    Standing,
    Table,
    Withdrawal,
)
from bot.league.standings import points, standings


@dataclass(frozen=True)
class League:
    format: Format
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...] = ()
    results: tuple[Result, ...] = ()
    withdrawals: tuple[Withdrawal, ...] = ()

    @classmethod
    def start(cls, fmt: Format, entrants: tuple[Entrant, ...]) -> League:
        ids = [e.player for e in entrants]
        if len(set(ids)) != len(ids):
            raise LeagueError("entered-twice")
        if len(ids) < max(2, fmt.min_table):
            raise LeagueError("too-few", players=len(ids))
        return cls(fmt, tuple(entrants))

    # what it is now ---------------------------------------------------------------------

    @cached_property
    def _results(self) -> dict[tuple[int, int], Result]:
        return {(r.round, r.table): r for r in self.results}

    @property
    def withdrawn(self) -> frozenset[int]:
        return frozenset(w.player for w in self.withdrawals)

    @property
    def active(self) -> tuple[int, ...]:
        gone = self.withdrawn
        return tuple(e.player for e in self.entrants if e.player not in gone)

    @property
    def total_rounds(self) -> int:
        if self.format.kind is Kind.SWISS:
            return self.format.rounds
        n = len(self.entrants)
        return min(self.format.rounds, n - 1 if n % 2 == 0 else n)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def result(self, table: Table) -> Result | None:
        return self._results.get((table.round, table.number))

    def table(self, round_number: int, number: int) -> Table:
        """Table ``number`` of round ``round_number`` (``no-such-table`` if there is none)."""
        if not 1 <= round_number <= len(self.rounds):
            raise LeagueError("no-such-table", round=round_number, table=number)
        for table in self.rounds[round_number - 1].tables:
            if table.number == number:
                return table
        raise LeagueError("no-such-table", round=round_number, table=number)

    def unfinished(self) -> tuple[Table, ...]:
        """The tables of the current round still waiting for a result."""
        rnd = self.current
        return () if rnd is None else tuple(t for t in rnd.tables if self.result(t) is None)

    @property
    def round_over(self) -> bool:
        return not self.unfinished()

    @property
    def finished(self) -> bool:
        """Every round played, or too few players left to seat a table."""
        if not self.round_over:
            return False
        return len(self.rounds) >= self.total_rounds or len(self.active) < max(
            2, self.format.min_table
        )

    def standings(self) -> tuple[Standing, ...]:
        return standings(self.format, self.entrants, self.rounds, self._results, self.withdrawals)

    def winners(self) -> tuple[int, ...]:
        """Who holds first place (more than one only on equal points and tie-break)."""
        return tuple(s.player for s in self.standings() if s.place == 1)

    def met(self) -> Counter[frozenset[int]]:
        """How many times each two players have sat at a table together."""
        seen: Counter[frozenset[int]] = Counter()
        for rnd in self.rounds:
            for table in rnd.tables:
                for i, a in enumerate(table.seats):
                    for b in table.seats[i + 1 :]:
                        seen[frozenset((a, b))] += 1
        return seen

    # steps --------------------------------------------------------------------------------

    def next_round(self) -> League:
        """Pair the next round; tables a withdrawn player cannot play are forfeited at once."""
        if not self.round_over:
            raise LeagueError("round-unfinished")
        if self.finished:
            raise LeagueError("finished")
        number = len(self.rounds) + 1
        if self.format.kind is Kind.ROUND_ROBIN:
            groups, byes = self._circle(number)
        else:
            groups, byes = self._by_points()
        order = self.pairing_order() + tuple(sorted(self.withdrawn))
        rank = {p: i for i, p in enumerate(order)}
        firsts = Counter(t.seats[0] for r in self.rounds for t in r.tables)
        tables = tuple(
            Table(number, i + 1, pairing.seat_order(seats, firsts, rank))
            for i, seats in enumerate(groups)
        )
        league = replace(self, rounds=(*self.rounds, Round(number, tables, byes)))
        return league._forfeit_unplayable(number)

    def record(self, result: Result) -> League:
        """The result of a table of the current round or an earlier one; a seat whose player
        has withdrawn by then is counted as forfeited."""
        table = self.table(result.round, result.table)
        if self.result(table) is not None:
            raise LeagueError("result-twice", round=result.round, table=result.table)
        if len(result.places) != len(table.seats):
            raise LeagueError("result-places", places=result.places)
        gone = {w.player for w in self.withdrawals if w.round <= result.round}
        forfeited = sorted(
            set(result.forfeited) | {i for i, p in enumerate(table.seats) if p in gone}
        )
        result = replace(result, forfeited=tuple(forfeited))
        return replace(self, results=(*self.results, result))

    def withdraw(self, player: int) -> League:
        """``player`` leaves: not paired again; a table of theirs still unfinished where
        fewer than two others play on is forfeited now (elsewhere the match goes on without
        them and its result counts them as forfeited)."""
        if player not in {e.player for e in self.entrants}:
            raise LeagueError("not-entered", player=player)
        if player in self.withdrawn:
            raise LeagueError("withdrawn-already", player=player)
        league = replace(
            self, withdrawals=(*self.withdrawals, Withdrawal(player, len(self.rounds)))
        )
        return league._forfeit_unplayable(len(self.rounds))

    # inside -------------------------------------------------------------------------------

    def pairing_order(self) -> tuple[int, ...]:
        """Active players by points, then rating at the start, then id (pairing order)."""
        total = points(self.format, self.rounds, self._results)
        rating = {e.player: e.rating for e in self.entrants}
        return tuple(sorted(self.active, key=lambda p: (-total.get(p, 0.0), -rating[p], p)))

    def _by_points(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        order = self.pairing_order()
        sizes, bye_count = pairing.table_sizes(
            len(order), self.format.table_size, self.format.min_table
        )
        had = Counter(p for r in self.rounds for p in r.byes)
        byes = pairing.pick_byes(order, had, bye_count)
        seated = [p for p in order if p not in byes]
        if self.format.table_size == 2:
            return pairing.swiss_pairs(seated, self.met()), byes
        return pairing.by_standings(seated, sizes), byes

    def _circle(self, number: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        seeds = [e.player for e in sorted(self.entrants, key=lambda e: (-e.rating, e.player))]
        pairs, bye = pairing.circle_round(seeds, number - 1)
        gone = self.withdrawn
        byes = () if bye is None or bye in gone else (bye,)
        return pairs, byes

    def _forfeit_unplayable(self, round_number: int) -> League:
        """Record a forfeit for each unfinished table of that round where fewer than two
        players are still in: those in are placed first, the withdrawn score nothing."""
        if round_number < 1:
            return self
        league, gone = self, self.withdrawn
        for table in self.rounds[round_number - 1].tables:
            out = [i for i, p in enumerate(table.seats) if p in gone]
            if not out or len(table.seats) - len(out) >= 2 or league.result(table) is not None:
                continue
            places = tuple(2 if i in out else 1 for i in range(len(table.seats)))
            league = league.record(Result(table.round, table.number, places, tuple(out)))
        return league
