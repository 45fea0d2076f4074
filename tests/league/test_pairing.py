"""Swiss pairing: no repeat while one can be avoided, found by search; byes to the lowest
placed without one; the same answer every time."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.league.pairing import pick_byes, swiss_pairs
from tests.league.kit import higher_id_wins, play_round, seats, swiss, won_by


def met(*pairs: tuple[int, int]) -> dict[frozenset[int], int]:
    return {frozenset(p): 1 for p in pairs}


def greedy(order: list[int], seen: dict[frozenset[int], int]) -> list[tuple[int, int]]:
    """Each player from the top takes the nearest one below not met yet, else the nearest."""
    left, pairs = list(order), []
    while left:
        top = left.pop(0)
        fresh = [p for p in left if not seen.get(frozenset((top, p)))]
        other = (fresh or left)[0]
        left.remove(other)
        pairs.append((top, other))
    return pairs


def repeats(pairs, seen) -> int:
    return sum(1 for a, b in pairs if seen.get(frozenset((a, b))))


def test_search_avoids_the_repeat_a_greedy_pass_makes():
    seen = met((1, 2), (2, 4))
    assert greedy([1, 2, 3, 4], seen) == [(1, 3), (2, 4)]  # 2 and 4 meet again
    assert swiss_pairs([1, 2, 3, 4], seen) == ((1, 4), (2, 3))


def test_third_round_of_five_looks_past_the_first_choice():
    # Round 1: 1 beats 2, 3 beats 4, 5 has the bye. Round 2: 1 beats 3, 5 beats 2, 4 bye.
    # Before round 3: 1 and 5 on 2 points, 3 and 4 on 1 (3 rated higher), 2 on 0 (bye).
    # Greedy pairs 1-5, then 3-4 again; the search pairs 1-4 and 5-3.
    league = swiss(5, 3)
    results = {
        frozenset((1, 2)): 1,
        frozenset((3, 4)): 3,
        frozenset((1, 3)): 1,
        frozenset((2, 5)): 5,
        frozenset((1, 4)): 4,
        frozenset((3, 5)): 5,
    }
    for _ in range(2):
        league = play_round(league, won_by(results))
    order = [1, 5, 3, 4]
    assert greedy(order, dict(league.met())) == [(1, 5), (3, 4)]
    league = league.next_round()
    assert league.current.byes == (2,)
    assert {frozenset(s) for s in seats(league, 3)} == {frozenset((1, 4)), frozenset((3, 5))}


def test_unavoidable_repeats_are_as_few_as_can_be():
    everyone_twice_but = met((1, 2), (3, 4), (1, 3), (2, 4), (1, 4))
    assert swiss_pairs([1, 2, 3, 4], everyone_twice_but) == ((1, 4), (2, 3))
    all_met = met(*itertools.combinations(range(1, 5), 2))
    assert swiss_pairs([1, 2, 3, 4], all_met) == ((1, 2), (3, 4))


def perfect_matchings(players):
    if not players:
        yield []
        return
    top, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(top, other), *tail]


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_fewest_repeats_over_random_histories(n):
    rng = random.Random(n)
    everyone = list(range(1, n + 1))
    for _ in range(60):
        pairs = itertools.combinations(everyone, 2)
        seen = {frozenset(p): 1 for p in pairs if rng.random() < 0.5}
        order = rng.sample(everyone, n)
        found = swiss_pairs(order, seen)
        assert sorted(p for pair in found for p in pair) == everyone
        best = min(repeats(m, seen) for m in perfect_matchings(order))
        assert repeats(found, seen) == best


def test_no_repeat_while_one_can_be_avoided_over_whole_tournaments():
    for n in range(4, 13):
        league = swiss(n, n - 1 if n % 2 == 0 else n)
        rng = random.Random(n)
        while not league.finished:
            before = dict(league.met())
            order = [p for p in league.pairing_order() if p not in _next_byes(league)]
            can_avoid = any(repeats(m, before) == 0 for m in perfect_matchings(order))
            league = play_round(league, lambda t, r=rng: tuple(r.sample([1, 2], 2)))
            new = [t.seats for t in league.current.tables]
            if can_avoid:
                assert repeats(new, before) == 0, (n, league.current.number)


def _next_byes(league):
    return league.next_round().current.byes


def test_byes_go_to_the_lowest_placed_without_one():
    assert pick_byes([1, 2, 3, 4, 5], {}, 1) == (5,)
    assert pick_byes([1, 2, 3, 4, 5], {5: 1, 4: 1}, 1) == (3,)
    assert pick_byes([1, 2, 3], {1: 1, 2: 1, 3: 1}, 1) == (3,)
    assert pick_byes([1, 2, 3], {3: 2, 2: 1, 1: 1}, 1) == (2,)
    assert pick_byes([1, 2, 3, 4, 5], {5: 1}, 2) == (4, 3)


def test_five_players_each_round_has_one_bye_never_the_same_player():
    league = swiss(5, 5)
    byes: list[int] = []
    for _ in range(5):
        lowest_without = next(p for p in reversed(league.pairing_order()) if p not in byes)
        league = play_round(league, higher_id_wins)
        assert league.current.byes == (lowest_without,)
        byes.append(lowest_without)
    assert sorted(byes) == [1, 2, 3, 4, 5]
    assert byes[0] == 5  # round 1 is paired by rating: 5 is rated lowest


def test_bye_counts_as_a_win():
    league = play_round(swiss(3, 1), higher_id_wins)
    by_player = {s.player: s for s in league.standings()}
    assert league.current.byes == (3,)
    assert by_player[3].points == 1.0 and by_player[3].byes == 1
    assert by_player[3].played == 0


def test_the_same_tournament_every_time_whatever_the_entry_order():
    from bot.league import Format, Kind, League
    from tests.league.kit import entrants

    base = entrants(*range(1, 10))
    shuffled = tuple(random.Random(3).sample(base, len(base)))
    runs = []
    for entered in (base, base, shuffled):
        league = League.start(Format(Kind.SWISS, 4), entered)
        for _ in range(4):
            league = play_round(league, higher_id_wins)
        runs.append((league.rounds, league.standings()))
    assert runs[0] == runs[1] == runs[2]


def test_a_search_past_its_budget_still_pairs_everyone_preferring_new_opponents():
    seen = met((1, 2), (2, 4))
    assert swiss_pairs([1, 2, 3, 4], seen, budget=1) == ((1, 3), (2, 4))  # the greedy pass
    assert swiss_pairs([1, 2, 3, 4], seen, budget=10) == ((1, 4), (2, 3))
