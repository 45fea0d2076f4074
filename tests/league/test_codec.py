"""A tournament stored as JSON data comes back the same; anything else is refused."""

from __future__ import annotations

import json

import pytest

from bot.league import Format, Kind, League, LeagueError, Result
from bot.league.codec import dump, load
from tests.league.kit import entrants, higher_id_wins, play_round, swiss


def mid_tournament() -> League:
    league = play_round(swiss(7, 4), higher_id_wins)
    league = league.next_round().withdraw(3)
    table = league.unfinished()[0]
    return league.record(Result(table.round, table.number, (1, 2)))


def test_a_stored_tournament_comes_back_the_same_and_goes_on_the_same():
    league = mid_tournament()
    back = load(json.loads(json.dumps(dump(league))))
    assert back == league
    assert back.standings() == league.standings()
    assert play_round(league_done(league), higher_id_wins) == play_round(
        league_done(back), higher_id_wins
    )


def league_done(league: League) -> League:
    for table in league.unfinished():
        league = league.record(Result(table.round, table.number, (2, 1)))
    return league


def test_tables_and_round_robins_round_trip():
    tables = League.start(Format(Kind.SWISS, 2, 4, 3), entrants(*range(1, 10)))
    tables = play_round(tables, lambda t: tuple(range(1, len(t.seats) + 1)))
    robin = play_round(League.start(Format(Kind.ROUND_ROBIN, 9), entrants(1, 2, 3)), higher_id_wins)
    for league in (tables, robin):
        assert load(json.loads(json.dumps(dump(league)))) == league


def broken(change) -> dict:
    data = json.loads(json.dumps(dump(mid_tournament())))
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(v=2),
        lambda d: d.update(format=["knockout", 3, 2, 2]),
        lambda d: d.update(format=["swiss", 0, 2, 2]),
        lambda d: d["entrants"].append(d["entrants"][0]),
        lambda d: d["entrants"][0].__setitem__(1, "high"),
        lambda d: d["rounds"][0]["tables"][0].__setitem__(1, 999),
        lambda d: d["rounds"][0]["byes"].append(d["rounds"][0]["tables"][0][0]),
        lambda d: d["rounds"].extend([d["rounds"][0]] * 4),
        lambda d: d["results"].append(d["results"][0]),
        lambda d: d["results"][0].__setitem__(1, 9),
        lambda d: d["results"][0].__setitem__(2, [1, 2, 3]),
        lambda d: d["results"][0].__setitem__(2, [1, True]),
        lambda d: d["withdrawals"].append([999, 1]),
        lambda d: d["withdrawals"].append(d["withdrawals"][0]),
        lambda d: d["withdrawals"][0].__setitem__(1, 7),
        lambda d: d.pop("results"),
        lambda d: d["rounds"].__setitem__(0, "round"),
    ],
)
def test_anything_else_is_refused(change):
    with pytest.raises(LeagueError) as refused:
        load(broken(change))
    assert refused.value.code == "stored"


def test_not_a_tournament_at_all():
    for data in (None, [], "league", {"v": 1}):
        with pytest.raises(LeagueError):
            load(data)
