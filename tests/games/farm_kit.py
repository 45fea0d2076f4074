"""Shared set-up for the Super Farmer rules tests: positions from edited dumps, scripted dice."""

from __future__ import annotations

from typing import Any

import games
from games.base import (
    Step,
)
from games.farm import ANIMALS, STOCK
from games.rng import ScriptedRng, SeededRng

RULES = games.get("farm")
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
ALICE, BOB, CAROL = 0, 1, 2
TOTAL = dict(zip(ANIMALS, STOCK, strict=True))


def new(players: int = 2, options: dict[str, Any] | None = None) -> Any:
    return RULES.new_game(NAMES[:players], options, rng=SeededRng(1))


def setup(players: int = 2, options: dict[str, Any] | None = None, **herds: dict[str, int]) -> Any:
    """A fresh game where each named player's herd is as given, taken from the stock."""
    data = RULES.dump(new(players, options))
    for player in data["players"]:
        for animal, count in herds.get(player["name"], {}).items():
            data["stock"][animal] -= count - player["herd"][animal]
            player["herd"][animal] = count
    return RULES.load(data)


def herd(state: Any, seat: int) -> dict[str, int]:
    """The animals a player owns (zero counts left out)."""
    return {a: n for a, n in RULES.dump(state)["players"][seat]["herd"].items() if n}


def stock(state: Any) -> dict[str, int]:
    return RULES.dump(state)["stock"]


def move(state: Any, seat: int, text: str) -> Step[Any]:
    """Type a move that needs no dice (a roll needs ``roll``)."""
    action = RULES.parse_action(state, seat, text)
    return RULES.apply(state, seat, action, rng=ScriptedRng([]))


def roll(state: Any, seat: int, fox: str, wolf: str) -> Step[Any]:
    rng = ScriptedRng([fox, wolf])
    step = RULES.apply(state, seat, RULES.parse_action(state, seat, "roll"), rng=rng)
    assert rng.remaining == 0
    return step


def texts(step: Step[Any]) -> list[str]:
    """The step's events as the narrator words them in English."""
    names = RULES.players(step.state)
    return [RULES.narrator.event(e, names) for e in step.events]


def assert_conserved(state: Any) -> None:
    data = RULES.dump(state)
    totals = dict(data["stock"])
    for player in data["players"]:
        for animal, count in player["herd"].items():
            assert count >= 0
            totals[animal] += count
    assert totals == TOTAL
    assert RULES.invariants(state) == []


def offered(players: int = 2, **herds: dict[str, int]) -> Any:
    """alice has offered bob 6 rabbits for 1 sheep."""
    state = setup(
        players,
        alice={"rabbit": 6, **herds.get("alice", {})},
        bob={"sheep": 1, **herds.get("bob", {})},
    )
    step = move(state, ALICE, "offer 6 rabbit for 1 sheep to bob")
    assert texts(step) == ["alice offers bob 6 rabbits for 1 sheep."]
    return step.state
