"""The post-game analysis on constructed matches: a blunder is the report's biggest decision
loss, and the player whose dice ran far above expectation has the highest luck figure."""

from __future__ import annotations

import pytest

from games.analysis import BadMatch, Report, analyse, from_log, replay

#: easy play from seed 10, except Ann's 7th move c3-b4, which leaves her Stable a1 open:
#: Bob's man jumps into it and takes every piece of her colour
HORSEPLAY = [
    (0, "i3-h4"),
    (1, "g7-h6"),
    (0, "e3-d4"),
    (1, "c7-b6"),
    (0, "d4-e5"),
    (1, "b6-a5"),
    (0, "c3-b4"),
    (1, "a5xc3xa1"),
]

#: easy play from seed 6973; on move 59 Ann trades her only big dog away (for the small
#: dogs left in stock), and her next roll shows the wolf
FARM = [
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "trade 6 rabbit for 1 sheep"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "trade 6 rabbit for 1 sheep"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "trade 6 rabbit for 1 sheep"),
    (0, "roll"),
    (1, "trade 1 sheep 6 rabbit for 1 pig"),
    (1, "roll"),
    (0, "roll"),
    (1, "trade 1 sheep for 1 small_dog"),
    (1, "roll"),
    (0, "trade 1 pig for 12 rabbit"),
    (0, "roll"),
    (1, "trade 1 small_dog for 1 sheep"),
    (1, "roll"),
    (0, "trade 1 sheep for 1 small_dog"),
    (0, "roll"),
    (1, "roll"),
    (0, "trade 2 pig 12 rabbit for 1 cow"),
    (0, "roll"),
    (1, "trade 1 sheep for 6 rabbit"),
    (1, "roll"),
    (0, "roll"),
    (1, "roll"),
    (0, "trade 1 cow for 1 big_dog"),
    (0, "roll"),
    (1, "trade 1 sheep for 1 small_dog"),
    (1, "roll"),
    (0, "trade 1 big_dog for 6 small_dog anyway"),
    (0, "roll"),
    (1, "roll"),
]


def worst(report: Report) -> tuple[int, str]:
    decision = min(report.decisions, key=lambda d: d.gain)
    return decision.ply, decision.notation


# Each report below is one round of rollouts (``most`` = ``least``): the same rollouts however
# fast the machine, and the least CPU that still tells the blunder or the luck apart.


def test_leaving_the_stable_open_is_the_biggest_decision_loss() -> None:
    match = from_log("horseplay", ["Ann", "Bob"], 10, HORSEPLAY)
    report = analyse(match, rollout_seed=1, cpu_seconds=2, least=16, most=16)
    assert worst(report) == (7, "c3-b4")
    blunder = next(d for d in report.decisions if d.ply == 7)
    assert blunder.after[0] == 0.0  # Bob takes the Stable whatever the rollout
    assert blunder.best != "c3-b4" and blunder.best_chance > 0.2
    assert report.curve[-1] == (0.0, 1.0)
    assert any(m.ply == 7 and m.kind == "decision" for m in report.moments)


def test_giving_away_the_only_dog_before_a_wolf_is_the_biggest_decision_loss() -> None:
    match = from_log("farm", ["Ann", "Bob"], 6973, FARM, people=frozenset({0}))
    report = analyse(match, rollout_seed=1, cpu_seconds=4, least=16, most=16)
    assert worst(report) == (59, "trade 1 big_dog for 6 small_dog anyway")
    wolf = next(c for c in report.chances if c.ply == 60)
    assert wolf.moved(0) < -10  # the wolf took Ann's herd: luck, not her decision
    assert all(d.seat == 0 for d in report.decisions)  # Bob was a computer player


def lucky_farm() -> list[tuple[int, str]]:
    """Three computer players from seed 167: Ann's dice breed her herd in 40 moves."""
    import games
    from games import policies
    from games.rng import SeededRng

    rules, easy = games.get("farm"), policies.get("farm", "easy")
    state = rules.new_game(["Ann", "Bob", "Cy"], {}, rng=SeededRng(167, 0))
    log: list[tuple[int, str]] = []
    while rules.outcome(state) is None:
        ply, seat = len(log) + 1, rules.to_act(state)[0]
        action = easy.choose(state, seat, rng=SeededRng("gen167", ply))
        log.append((seat, rules.format_action(state, action)))
        state = rules.apply(state, seat, action, rng=SeededRng(167, ply)).state
    return log


def test_the_player_with_dice_far_above_expectation_has_the_highest_luck() -> None:
    log = lucky_farm()
    match = from_log("farm", ["Ann", "Bob", "Cy"], 167, log)
    report = analyse(match, cpu_seconds=8, least=8, most=8)
    luck = [report.luck_total(seat) for seat in range(3)]
    assert max(range(3), key=luck.__getitem__) == 0 and luck[0] > 25
    assert report.curve[-1] == (1.0, 0.0, 0.0)
    assert len(report.moments) == 3


def test_a_report_is_the_same_for_the_same_rollout_seed_and_survives_storage() -> None:
    match = from_log("horseplay", ["Ann", "Bob"], 10, HORSEPLAY[:4])
    one = analyse(match, rollout_seed=3, cpu_seconds=0.5, least=4, most=4)
    again = analyse(match, rollout_seed=3, cpu_seconds=0.5, least=4, most=4)
    assert one.curve == again.curve and one.decisions == again.decisions
    stored = Report.from_dict(one.to_dict())
    assert stored.curve == one.curve and stored.decisions == one.decisions
    assert len(one.curve) == 5  # a match still going: four moves, the last position estimated


def test_a_log_that_does_not_replay_is_refused_with_its_move() -> None:
    with pytest.raises(BadMatch) as err:
        replay(from_log("horseplay", ["Ann", "Bob"], 10, [(0, "i3-h4"), (1, "i3-h4")]))
    assert err.value.data["ply"] == 2
