"""Super Farmer: a player leaving mid-game (a forfeit at a turn deadline), as players see it:
the herd goes back to the stock, play skips the leaver, and the last player left wins."""

from __future__ import annotations

import json
from typing import Any

import pytest

import games
from games.base import GameOver, IllegalAction
from games.rng import ScriptedRng, SeededRng

NAMES = ["alice", "bob", "carol", "dave"]
FARM = games.get("farm")


def texts(step: Any) -> str:
    names = FARM.players(step.state)
    return " ".join(FARM.narrator.event(e, names) for e in step.events)


def round_trip(state: Any) -> Any:
    again = FARM.load(json.loads(json.dumps(FARM.dump(state))))
    assert again == state and not FARM.invariants(state)
    return again


def farm(players: int, **herds: dict[str, int]) -> Any:
    data = FARM.dump(FARM.new_game(NAMES[:players], rng=SeededRng(1)))
    for seat, name in enumerate(NAMES[:players]):
        for animal, n in herds.get(name, {}).items():
            data["players"][seat]["herd"][animal] = n
            data["stock"][animal] -= n
    return FARM.load(data)


def test_farm_herd_goes_back_to_the_stock_and_the_turn_skips_the_leaver() -> None:
    state = farm(3, bob={"rabbit": 4, "sheep": 1})
    step = FARM.resign(state, 1, rng=ScriptedRng([]))
    assert "bob leaves the game; 1 sheep and 4 rabbits go back to the stock." in texts(step)
    after = round_trip(step.state)
    assert FARM.dump(after)["stock"]["rabbit"] == 60 and FARM.dump(after)["stock"]["sheep"] == 24
    assert FARM.outcome(after) is None and FARM.to_act(after) == (0,)
    # alice rolls; the turn passes over bob to carol
    rolled = FARM.apply(
        after, 0, FARM.parse_action(after, 0, "roll"), rng=ScriptedRng(["fox", "wolf"])
    )
    assert FARM.to_act(rolled.state) == (2,)
    assert FARM.legal_actions(rolled.state, 1) == []


def test_farm_nobody_can_offer_to_a_player_who_left_and_open_offers_are_withdrawn() -> None:
    state = farm(3, alice={"rabbit": 6}, bob={"sheep": 1}, carol={"sheep": 1})
    offer = FARM.parse_action(state, 0, "offer 6 rabbit for 1 sheep to bob")
    offered = FARM.apply(state, 0, offer, rng=ScriptedRng([])).state
    assert FARM.to_act(offered) == (1, 0)
    step = FARM.resign(offered, 1, rng=ScriptedRng([]))
    assert "alice's offer to bob is withdrawn." in texts(step)
    assert FARM.to_act(step.state) == (0,), "alice keeps her turn and may still trade"
    with pytest.raises(IllegalAction, match="bob has left the game"):
        FARM.parse_action(step.state, 0, "offer 6 rabbit for 1 sheep to bob")
    menu = [FARM.format_action(step.state, a) for a in FARM.legal_actions(step.state, 0)]
    assert "offer 6 rabbit for 1 sheep to carol" in menu
    assert not any(m.endswith("to bob") for m in menu)


def test_farm_with_two_players_the_other_wins_at_once() -> None:
    state = farm(2, alice={"rabbit": 3})
    step = FARM.resign(state, 0, rng=ScriptedRng([]))
    outcome = FARM.outcome(step.state)
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "last_left"
    assert FARM.narrator.outcome(outcome, NAMES[:2]) == "the last player left"
    assert "bob is the last player left and wins!" in texts(step)
    assert FARM.to_act(step.state) == ()
    with pytest.raises(GameOver):
        FARM.resign(step.state, 1, rng=ScriptedRng([]))
