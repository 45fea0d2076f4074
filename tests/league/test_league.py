"""A tournament's steps: withdrawals, refused steps that change nothing, table sizes."""

from __future__ import annotations

import pytest

from bot.league import Entrant, Format, Kind, League, LeagueError, Result
from bot.league.pairing import table_sizes
from tests.league.kit import entrants, higher_id_wins, play_round, seats, swiss


@pytest.mark.parametrize(
    ("players", "size", "smallest", "expected"),
    [
        (8, 4, 2, ((4, 4), 0)),
        (9, 4, 3, ((3, 3, 3), 0)),
        (10, 4, 3, ((4, 3, 3), 0)),
        (7, 4, 2, ((4, 3), 0)),
        (5, 4, 3, ((4,), 1)),
        (5, 2, 2, ((2, 2), 1)),
        (2, 2, 2, ((2,), 0)),
        (2, 4, 3, ((), 2)),
    ],
)
def test_table_sizes(players, size, smallest, expected):
    assert table_sizes(players, size, smallest) == expected


def test_withdrawal_mid_round_forfeits_the_match_and_leaves_the_pairings():
    league = swiss(4, 3).next_round()
    assert seats(league, 1) == [(1, 2), (3, 4)]
    league = league.withdraw(2)
    # 1 wins by forfeit at once; 3-4 still plays.
    assert [t.number for t in league.unfinished()] == [2]
    league = league.record(Result(1, 2, (2, 1)))
    lines = {s.player: s for s in league.standings()}
    assert lines[1].points == 1.0 and lines[2].points == 0.0 and lines[2].withdrawn
    league = league.next_round()
    assert 2 not in league.current.players()
    assert len(league.current.byes) == 1  # three players left: one bye


def test_withdrawal_at_a_table_of_four_counts_as_a_forfeit_in_its_result():
    league = League.start(Format(Kind.SWISS, 2, table_size=4), entrants(*range(1, 9))).next_round()
    league = league.withdraw(1)
    assert len(league.unfinished()) == 2  # the others play on
    league = league.record(Result(1, 1, (2, 1, 3, 4)))  # 1 placed second, then left
    points = {s.player: s.points for s in league.standings()}
    assert points[1] == 0.0 and points[2] == 3.0 and points[3] == 2.0 and points[4] == 1.0


def test_withdrawal_in_a_round_robin_forfeits_every_match_left():
    league = League.start(Format(Kind.ROUND_ROBIN, 99), entrants(1, 2, 3, 4))
    league = play_round(league, higher_id_wins).withdraw(1).withdraw(2)
    while not league.finished:
        league = league.next_round()
        for table in league.unfinished():
            league = league.record(Result(table.round, table.number, (1, 2)))
    points = {s.player: s.points for s in league.standings()}
    # Round 1 played (1-4, 2-3: the higher id won); then 3 and 4 win by forfeit against
    # 1 and 2, 1-2 scores nothing, and 3-4 is played (the first seat won).
    assert points[1] == 0.0 and points[2] == 0.0
    assert points[3] + points[4] == 2 + 2 + 1
    forfeited = [r for r in league.results if r.forfeited]
    assert len(forfeited) == 3  # 1-3, 2-4 and 1-2 (both gone) were never played


def test_a_tournament_ends_when_too_few_players_are_left():
    league = swiss(3, 5).next_round().withdraw(1).withdraw(2)
    assert league.finished
    with pytest.raises(LeagueError):
        league.next_round()


@pytest.mark.parametrize(
    ("step", "code"),
    [
        (lambda lg: lg.next_round(), "round-unfinished"),
        (lambda lg: lg.record(Result(1, 1, (1, 2))).record(Result(1, 1, (1, 2))), "result-twice"),
        (lambda lg: lg.record(Result(1, 9, (1, 2))), "no-such-table"),
        (lambda lg: lg.record(Result(2, 1, (1, 2))), "no-such-table"),
        (lambda lg: lg.record(Result(1, 1, (1, 2, 3))), "result-places"),
        (lambda lg: lg.withdraw(99), "not-entered"),
        (lambda lg: lg.withdraw(1).withdraw(1), "withdrawn-already"),
    ],
)
def test_refused_steps_change_nothing(step, code):
    league = swiss(4, 3).next_round()
    before = league
    with pytest.raises(LeagueError) as refused:
        step(league)
    assert refused.value.code == code
    assert league == before


def test_refused_starts():
    with pytest.raises(LeagueError) as refused:
        League.start(Format(Kind.SWISS, 3), (Entrant(1), Entrant(1)))
    assert refused.value.code == "entered-twice"
    with pytest.raises(LeagueError) as refused:
        League.start(Format(Kind.SWISS, 3, table_size=4, min_table=3), entrants(1, 2))
    assert refused.value.code == "too-few"
    with pytest.raises(LeagueError) as refused:
        Format(Kind.SWISS, 0)
    assert refused.value.code == "rounds"


def test_a_refusal_carries_what_its_words_need():
    league = swiss(4, 3).next_round()
    with pytest.raises(LeagueError) as refused:
        league.record(Result(1, 9, (1, 2)))
    assert refused.value.facts == {"round": 1, "table": 9}
    with pytest.raises(LeagueError) as refused:
        league.withdraw(99)
    assert refused.value.facts == {"player": 99}
