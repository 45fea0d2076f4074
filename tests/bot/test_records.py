"""The order a finished match gives its players (what the ratings are computed from)."""

from __future__ import annotations

from dataclasses import dataclass

from bot import records
from bot.matches import Match, Seat
from games.base import Outcome


@dataclass
class Ended(Match):
    ending: Outcome | None = None

    def outcome(self) -> Outcome | None:
        return self.ending


def ended(outcome: Outcome, *, left: tuple[int, ...] = (), computers: tuple[int, ...] = ()):
    seats = [
        Seat(
            i,
            100 + i,
            f"p{i}",
            left_at=1.0 if i in left else None,
            computer="easy" if i in computers else None,
        )
        for i in range(4)
    ]
    return Ended(1, "farm", 9, 5, None, "finished", 100, 1, 10, {}, seats, 0.0, 0.0, ending=outcome)


def test_winners_first_then_by_score_forfeits_last() -> None:
    match = ended(Outcome((2,), "done", scores=(4, 7, 9, 7)), left=(0,))
    assert records.places(match) == [3, 2, 1, 2], "places are dense"


def test_without_scores_the_others_share_second_and_nobody_winning_is_a_tie() -> None:
    assert records.places(ended(Outcome((1, 3), "tie"))) == [2, 1, 2, 1]
    assert records.places(ended(Outcome((), "draw"))) == [1, 1, 1, 1]


def test_computers_are_placed_but_not_rated_and_one_person_is_not_rated() -> None:
    table = records.standings(ended(Outcome((0,), "won"), computers=(1, 2)))
    assert [s.rated for s in table] == [True, False, False, True]
    table = records.standings(ended(Outcome((0,), "won"), computers=(1, 2, 3)))
    assert not any(s.rated for s in table)
    assert [s.won for s in table] == [True, False, False, False]
