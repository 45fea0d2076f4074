"""Rollouts that stand where one of the same number stood take its result: the figures are
those of playing every rollout, for less CPU, also where rollouts stop at a horizon."""

from __future__ import annotations

from typing import Any

import games
from games import policies
from games.analysis import estimate, from_log
from games.analysis.estimate import Budget, Roller, run
from games.analysis.report import _Work
from games.rng import SeededRng


def easy_match(key: str, seed: int, moves: int) -> list[tuple[int, str]]:
    """The first ``moves`` moves of two easy computer players from ``seed``."""
    rules, easy = games.get(key), policies.get(key, "easy")
    state = rules.new_game(["Ann", "Bob"], {}, rng=SeededRng(seed, 0))
    log: list[tuple[int, str]] = []
    while rules.outcome(state) is None and len(log) < moves:
        ply, seat = len(log) + 1, rules.to_act(state)[0]
        action = rules.forced_action(state, seat) or easy.choose(
            state, seat, rng=SeededRng(f"easy:{seed}", ply)
        )
        log.append((seat, rules.format_action(state, action)))
        state = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
    return log


def estimates(key: str, log: list[tuple[int, str]], *, keep: bool) -> tuple[list, Roller]:
    work = _Work(from_log(key, ["Ann", "Bob"], 5, log), 1)
    if not keep:
        work.roller.results = None
    jobs = work.jobs()
    run(work.roller, jobs, Budget(600), least=4, most=4)
    return [job.estimate.chances() for job in jobs if job.estimate], work.roller


def test_a_stopped_rollout_reuses_results_and_the_estimates_stay_the_same() -> None:
    log = easy_match("highrollin", 5, 12)
    kept, roller = estimates("highrollin", log, keep=True)
    played, again = estimates("highrollin", log, keep=False)
    assert roller.horizon < 3000 and roller.stop(7) == roller.stop(8)  # stops aligned
    assert kept == played
    assert roller.reused > 0 and again.reused == 0
    assert roller.plies < again.plies


def test_a_misjudged_round_stops_where_the_budget_ends(monkeypatch) -> None:
    """Even when a round's cost is badly misjudged (here: planned with no margin at all), the
    analysis stops within a rollout of its CPU budget instead of finishing the round."""
    monkeypatch.setattr(estimate, "ROOM", 0.05)
    log = easy_match("highrollin", 5, 12)
    work = _Work(from_log("highrollin", ["Ann", "Bob"], 5, log), 1)
    # the CPU clock the budget reads, where every rollout costs the same 10 ms: what the test
    # checks does not then depend on how busy the machine is
    now = [0.0]
    monkeypatch.setattr(estimate.time, "thread_time", lambda: now[0])
    played = work.roller.rollout

    def rollout(*args: Any, **kwargs: Any) -> Any:
        now[0] += 0.01
        return played(*args, **kwargs)

    monkeypatch.setattr(work.roller, "rollout", rollout)
    jobs, budget = work.jobs(), Budget(1.0)
    run(work.roller, jobs, budget, least=2, most=400)
    counts = [job.estimate.count for job in jobs if job.estimate]
    assert max(counts) > 2, "rounds after the first were played"
    assert 1.0 <= budget.spent <= 1.0 + 0.01 + 1e-9, "stopped within a rollout of the budget"
