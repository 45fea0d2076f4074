"""Exports replayed offline: honest ones match, edited ones are refused with the move at fault."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import games
from bot import replays
from games.rng import SeededRng
from tests.e2e.farm_policy import choose

ROOT = Path(__file__).resolve().parents[2]
RULES = games.get("farm")


@pytest.fixture(scope="module")
def honest() -> dict[str, Any]:
    """A whole two-player Super Farmer match, greedy players, exported."""
    names = ["Ada", "Bea"]
    state = RULES.new_game(names, {}, rng=SeededRng(85, 0))
    log = []
    while RULES.outcome(state) is None:
        ply = len(log) + 1
        seat = RULES.to_act(state)[0]
        action = RULES.legal_actions(state, seat)[choose(RULES, state, seat)]
        log.append((ply, seat, RULES.format_action(state, action)))
        state = RULES.apply(state, seat, action, rng=SeededRng(85, ply)).state
    return replays.export(
        match_id=7,
        game="farm",
        options={},
        seed=85,
        seats=[(n, None) for n in names],
        extras={},
        actions=log,
        final=state,
    )


def test_an_honest_export_replays_to_its_recorded_outcome(honest: dict[str, Any]) -> None:
    data = replays.load_export(json.loads(json.dumps(honest)))
    verdict = replays.verify(data)
    assert verdict.matches and verdict.moves == len(honest["actions"])
    lines = "\n".join(verdict.lines(data))
    assert f"Winner: {honest['outcome']['winner_names'][0]}" in lines


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        ("swap_seat", "not Bea's turn"),
        ("trade", "does not apply"),
        ("extra", "already over"),
        ("gap", "expected move"),
    ],
)
def test_an_edited_export_names_the_move_that_does_not_apply(
    honest: dict[str, Any], edit: str, words: str
) -> None:
    data = copy.deepcopy(honest)
    actions = data["actions"]
    if edit == "swap_seat":
        first = next(a for a in actions if a["seat"] == 0)
        first["seat"] = 1  # Bea plays one of Ada's moves
    elif edit == "trade":
        actions[0]["notation"] = "trade 6 rabbit for 1 sheep"
    elif edit == "extra":
        actions.append({"ply": len(actions) + 1, "seat": 0, "notation": "roll"})
    else:
        del actions[3]
    with pytest.raises(replays.BadMove, match=words) as caught:
        replays.verify(replays.load_export(data))
    assert caught.value.ply in {a["ply"] for a in actions}


def test_a_changed_seed_or_outcome_does_not_match(honest: dict[str, Any]) -> None:
    data = copy.deepcopy(honest)
    data["outcome"]["winners"] = [1 - data["outcome"]["winners"][0]]
    assert not replays.verify(data).matches


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "not a Ranch Hand match export"),
        ({"format": "ranchhand-match", "version": 99}, "version 99"),
        ({"format": "ranchhand-match", "version": 1, "game": "chess"}, "unknown game"),
    ],
)
def test_not_an_export_is_refused(data: Any, words: str) -> None:
    with pytest.raises(replays.BadExport, match=words):
        replays.load_export(data)


def test_the_command_line_checks_an_export(honest: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps(honest))
    run = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0 and "matches the recorded outcome" in run.stdout
    path.write_text("{not json")
    run = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2 and "is not JSON" in run.stderr
