"""Round-robin by the circle method: everyone meets everyone exactly once."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from bot.league import Format, Kind, League, LeagueError
from bot.league.pairing import circle_round
from tests.league.kit import entrants, higher_id_wins, play_round


@pytest.mark.parametrize("n", range(2, 10))
def test_everyone_meets_everyone_exactly_once(n):
    players = list(range(1, n + 1))
    league = League.start(Format(Kind.ROUND_ROBIN, 99), entrants(*players))
    while not league.finished:
        league = play_round(league, higher_id_wins)
        in_round = Counter(league.current.players())
        assert sorted(in_round) == players and set(in_round.values()) == {1}
    assert len(league.rounds) == (n - 1 if n % 2 == 0 else n)
    assert league.met() == Counter(frozenset(p) for p in itertools.combinations(players, 2))
    byes = Counter(p for r in league.rounds for p in r.byes)
    assert byes == (Counter(players) if n % 2 else Counter())
    # everyone's points are the number of players below them (higher id wins), plus a bye
    points = {s.player: s.points for s in league.standings()}
    assert points == {p: p - 1 + (n % 2) for p in players}


def test_circle_by_hand():
    # 1 stays; 2..6 turn one place a round.
    assert circle_round([1, 2, 3, 4, 5, 6], 0) == (((1, 6), (2, 5), (3, 4)), None)
    assert circle_round([1, 2, 3, 4, 5, 6], 1) == (((1, 5), (6, 4), (2, 3)), None)
    assert circle_round([1, 2, 3], 0) == (((2, 3),), 1)


def test_a_shorter_round_robin_when_fewer_rounds_are_asked():
    league = League.start(Format(Kind.ROUND_ROBIN, 2), entrants(1, 2, 3, 4))
    for _ in range(2):
        league = play_round(league, higher_id_wins)
    assert league.finished
    with pytest.raises(LeagueError) as refused:
        league.next_round()
    assert refused.value.code == "finished"


def test_first_seats_are_shared_out():
    league = League.start(Format(Kind.ROUND_ROBIN, 99), entrants(*range(1, 7)))
    while not league.finished:
        league = play_round(league, higher_id_wins)
    firsts = Counter(t.seats[0] for r in league.rounds for t in r.tables)
    assert set(firsts.values()) <= {2, 3}  # 5 rounds each: 2 or 3 times first


def test_round_robin_is_for_two_seats():
    with pytest.raises(LeagueError) as refused:
        Format(Kind.ROUND_ROBIN, 3, table_size=4)
    assert refused.value.code == "round-robin-tables"
