"""Points and tie-breaks against tables worked out by hand."""

from __future__ import annotations

import pytest

from bot.league import Format, Kind, League, Result
from bot.league.standings import table_points
from tests.league.kit import entrants, higher_id_wins, play_round, seats, swiss, won_by


@pytest.mark.parametrize(
    ("places", "forfeited", "expected"),
    [
        ((1, 2), (), (1, 0)),
        ((2, 1), (), (0, 1)),
        ((1, 1), (), (0.5, 0.5)),
        ((2, 1, 4, 3), (), (2, 3, 0, 1)),
        ((1, 1, 3, 4), (), (2.5, 2.5, 1, 0)),
        ((1, 2, 2), (), (2, 0.5, 0.5)),
        ((1, 2), (0,), (0, 1)),  # a forfeit scores nothing, whatever its place
        ((2, 2), (0, 1), (0, 0)),  # both forfeited: nobody scores
        ((1, 2, 3, 4), (1,), (3, 0, 2, 1)),
    ],
)
def test_placement_points(places, forfeited, expected):
    assert table_points(Result(1, 1, places, forfeited)) == expected


def swiss_five() -> League:
    """Round 1: 1 beats 2, 3 beats 4, 5 bye. Round 2: 1 beats 3, 5 beats 2, 4 bye.
    Round 3: 4 beats 1, 5 beats 3, 2 bye."""
    results = {
        frozenset((1, 2)): 1,
        frozenset((3, 4)): 3,
        frozenset((1, 3)): 1,
        frozenset((2, 5)): 5,
        frozenset((1, 4)): 4,
        frozenset((3, 5)): 5,
    }
    league = swiss(5, 3)
    for _ in range(3):
        league = play_round(league, won_by(results))
    return league


def test_swiss_points_then_buchholz_by_hand():
    # points: 5: bye+2+3 = 3; 1: 2+3 = 2; 4: bye+1 = 2; 3: 4 = 1; 2: bye = 1
    # Buchholz (opponents' points): 5: 2,3 -> 1+1 = 2; 1: 2,3,4 -> 1+1+2 = 4;
    # 4: 3,1 -> 1+2 = 3; 3: 4,1,5 -> 2+2+3 = 7; 2: 1,5 -> 2+3 = 5
    league = swiss_five()
    assert league.finished
    table = [
        (s.place, s.player, s.points, s.tiebreak, s.played, s.byes) for s in league.standings()
    ]
    assert table == [
        (1, 5, 3.0, 2.0, 2, 1),
        (2, 1, 2.0, 4.0, 3, 0),
        (3, 4, 2.0, 3.0, 2, 1),
        (4, 3, 1.0, 7.0, 3, 0),
        (5, 2, 1.0, 5.0, 2, 1),
    ]
    assert league.winners() == (5,)


def test_equal_points_and_buchholz_share_the_place():
    league = play_round(swiss(2, 1), lambda table: (1, 1))
    lines = league.standings()
    assert [(s.place, s.player, s.points, s.tiebreak) for s in lines] == [
        (1, 1, 0.5, 0.5),
        (1, 2, 0.5, 0.5),
    ]
    assert league.winners() == (1, 2)


def test_round_robin_breaks_ties_by_sonneborn_berger():
    # 1 beats 2 and 3, loses to 4 -> 2; 2 beats 3 and 4 -> 2; 3 beats 4 -> 1; 4 beats 1 -> 1.
    # Sonneborn-Berger (points of those beaten): 1: 2+1 = 3; 2: 1+1 = 2; 4: 2; 3: 1.
    # 4 and 2 are level on it but not on points; 4 is ahead of 3 on it.
    results = {
        frozenset((1, 2)): 1,
        frozenset((1, 3)): 1,
        frozenset((1, 4)): 4,
        frozenset((2, 3)): 2,
        frozenset((2, 4)): 2,
        frozenset((3, 4)): 3,
    }
    league = League.start(Format(Kind.ROUND_ROBIN, 10), entrants(1, 2, 3, 4))
    while not league.finished:
        league = play_round(league, won_by(results))
    assert len(league.rounds) == 3
    table = [(s.place, s.player, s.points, s.tiebreak) for s in league.standings()]
    assert table == [(1, 1, 2.0, 3.0), (2, 2, 2.0, 2.0), (3, 4, 1.0, 2.0), (4, 3, 1.0, 1.0)]


def test_tables_of_four_placement_points_and_the_next_tables_by_standings():
    league = League.start(Format(Kind.SWISS, 2, table_size=4), entrants(*range(1, 9)))
    # Round 1 by rating: 1-4 and 5-8. At the first, 4 wins and 1 is last; at the second,
    # the seats finish in order.
    first = {1: 4, 2: 3, 3: 2, 4: 1, 5: 1, 6: 2, 7: 3, 8: 4}
    league = play_round(league, lambda t: tuple(first[p] for p in t.seats))
    assert seats(league, 1) == [(1, 2, 3, 4), (5, 6, 7, 8)]
    points = {s.player: s.points for s in league.standings()}
    assert points == {4: 3, 5: 3, 3: 2, 6: 2, 2: 1, 7: 1, 1: 0, 8: 0}
    # Round 2 down the standings (points, then rating): 4 5 3 6 | 2 7 1 8; 1 and 5 have
    # moved first, so they move last now.
    league = league.next_round()
    assert seats(league, 2) == [(4, 3, 6, 5), (2, 7, 8, 1)]
    assert league.current.byes == ()


def test_tables_of_four_with_players_left_over():
    # 9 players, tables of 4, a game for 3 or 4: three tables of 3.
    league = League.start(
        Format(Kind.SWISS, 1, table_size=4, min_table=3), entrants(*range(1, 10))
    ).next_round()
    assert [len(t.seats) for t in league.current.tables] == [3, 3, 3]
    # 5 players, tables of 4, a game for 3 or 4: one table of 4 and a bye for the lowest.
    league = League.start(
        Format(Kind.SWISS, 1, table_size=4, min_table=3), entrants(*range(1, 6))
    ).next_round()
    assert seats(league, 1) == [(1, 2, 3, 4)]
    assert league.current.byes == (5,)
    league = league.record(Result(1, 1, (1, 2, 3, 4)))
    by_player = {s.player: s.points for s in league.standings()}
    assert by_player[5] == 3.0  # a bye counts as a win at a full table


def test_five_player_swiss_with_a_player_who_never_moves():
    # 2 never moves: each of their matches ends in a forfeit on the clock; otherwise the
    # higher id wins.
    # R1 by rating: 1-2 (2 forfeits), 3-4 (4 wins), bye 5.
    # R2: 1, 4, 5 on 1 point (by rating), then 2, 3 on 0: bye 3; 4-1 (4 has not moved first
    #     yet, so 4 moves first; 4 wins), 5-2 (2 forfeits).
    # R3: 4, 5 on 2, 1 on 1 (rated above 3), 3 on 1, 2 on 0: bye 2 (the lowest without one);
    #     4-5 (5 wins), 1-3 (3 wins).
    # Points: 5: 1+1+1, 4: 1+1+0, 3: 0+1+1, 1: 1+0+0, 2: 0+0+1.
    # Buchholz: 5: 2(1)+4(2) = 3; 4: 3(2)+1(1)+5(3) = 6; 3: 4(2)+1(1) = 3;
    # 1: 2(1)+4(2)+3(2) = 5; 2: 1(1)+5(3) = 4.
    league = swiss(5, 3)
    for _ in range(3):
        league = league.next_round()
        for table in league.unfinished():
            idle = tuple(i for i, p in enumerate(table.seats) if p == 2)
            places = (
                tuple(2 if p == 2 else 1 for p in table.seats) if idle else higher_id_wins(table)
            )
            league = league.record(Result(table.round, table.number, places, idle))
    assert [seats(league, n) for n in (1, 2, 3)] == [
        [(1, 2), (3, 4)],
        [(4, 1), (5, 2)],
        [(4, 5), (1, 3)],
    ]
    assert [r.byes for r in league.rounds] == [(5,), (3,), (2,)]
    table = [(s.place, s.player, s.points, s.tiebreak) for s in league.standings()]
    assert table == [
        (1, 5, 3.0, 3.0),
        (2, 4, 2.0, 6.0),
        (3, 3, 2.0, 3.0),
        (4, 1, 1.0, 5.0),
        (5, 2, 1.0, 4.0),
    ]
    assert league.finished and league.winners() == (5,)
