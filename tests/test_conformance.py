"""One suite over every registered game: the rules contract holds for each of them."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import FrozenInstanceError
from typing import Any

import pytest

import games
import render
from games.rng import SeededRng

KEYS = sorted(games.RULESETS)
#: random playouts per game and player count; each is a whole game to the end
PLAYOUTS = 3
MAX_PLIES = 5000


def _playout(key: str, players: int, seed: int, *, draw_every: int = 0) -> dict[str, Any]:
    rules = games.get(key)
    names = [f"p{i}" for i in range(players)]
    state = rules.new_game(names, rng=SeededRng(seed, 0))
    pick = random.Random(seed)
    log: list[tuple[int, str]] = []
    states = [state]
    for ply in range(1, MAX_PLIES + 1):
        if rules.outcome(state) is not None:
            break
        acting = rules.to_act(state)
        assert acting, "a game without an outcome must have someone to act"
        seat = pick.choice(acting)
        actions = rules.legal_actions(state, seat)
        assert actions, f"seat {seat} may act but has no legal action"
        action = pick.choice(actions)
        text = rules.format_action(state, action)
        assert rules.parse_action(state, seat, text) == action, text
        before = rules.dump(state)
        step = rules.apply(state, seat, action, rng=SeededRng(seed, ply))
        assert rules.dump(state) == before, "apply must not change its input"
        state = step.state
        log.append((seat, text))
        problems = rules.invariants(state)
        assert not problems, problems
        states.append(state)
    else:
        pytest.fail(f"{key}: no outcome after {MAX_PLIES} plies")
    return {"state": state, "log": log, "states": states, "names": names}


@pytest.mark.parametrize("key", KEYS)
def test_registry_and_contract(key: str) -> None:
    rules = games.get(key)
    assert rules.key == key
    assert 1 <= rules.min_players <= rules.max_players
    assert rules.summary and rules.notation
    for spec in rules.options_type.specs():
        assert spec.help, f"option {spec.name} needs help text"


@pytest.mark.parametrize("key", KEYS)
def test_random_playouts_reach_an_outcome_and_replay(key: str) -> None:
    rules = games.get(key)
    for players in range(rules.min_players, rules.max_players + 1):
        for n in range(PLAYOUTS):
            seed = 1000 * players + n
            result = _playout(key, players, seed)
            final = result["state"]
            outcome = rules.outcome(final)
            assert outcome is not None and rules.to_act(final) == ()
            assert all(0 <= w < players for w in outcome.winners)
            # dump/load round trip through JSON
            data = json.loads(json.dumps(rules.dump(final)))
            assert rules.load(data) == final
            # replay from seed and log gives the same state
            state = rules.new_game(result["names"], rng=SeededRng(seed, 0))
            for ply, (seat, text) in enumerate(result["log"], start=1):
                state = rules.apply(
                    state, seat, rules.parse_action(state, seat, text), rng=SeededRng(seed, ply)
                ).state
            assert state == final


@pytest.mark.parametrize("key", KEYS)
def test_every_visited_state_round_trips_and_draws(key: str) -> None:
    rules = games.get(key)
    result = _playout(key, rules.min_players, 7)
    for i, state in enumerate(result["states"]):
        assert rules.load(json.loads(json.dumps(rules.dump(state)))) == state
        if i % 5 == 0 or i == len(result["states"]) - 1:
            png = render.draw(key, state)
            assert png[:8] == b"\x89PNG\r\n\x1a\n"
            assert len(png) < 200_000


@pytest.mark.parametrize("key", KEYS)
def test_states_are_immutable(key: str) -> None:
    rules = games.get(key)
    state = rules.new_game(["a", "b"][: max(2, rules.min_players)] or ["a"], rng=SeededRng(1))
    field = next(iter(vars(state))) if hasattr(state, "__dict__") else None
    if field is not None:
        with pytest.raises((FrozenInstanceError, AttributeError)):
            setattr(state, field, None)


@pytest.mark.parametrize("key", KEYS)
def test_wrong_seat_and_garbage_raise(key: str) -> None:
    rules = games.get(key)
    names = [f"p{i}" for i in range(rules.min_players)]
    state = rules.new_game(names, rng=SeededRng(3))
    acting = rules.to_act(state)
    idle = [s for s in range(len(names)) if s not in acting]
    action = rules.legal_actions(state, acting[0])[0]
    if idle:
        with pytest.raises(games.NotYourTurn):
            rules.apply(state, idle[0], action, rng=SeededRng(3, 1))
        assert rules.legal_actions(state, idle[0]) == []
    for garbage in ("", "xyzzy", "!!!", "🐄", "a" * 500):
        with pytest.raises(games.GameError):
            rules.parse_action(state, acting[0], garbage)


@pytest.mark.parametrize("key", KEYS)
def test_options_refuse_unknown_and_out_of_range(key: str) -> None:
    rules = games.get(key)
    names = [f"p{i}" for i in range(rules.min_players)]
    with pytest.raises(games.InvalidOptions):
        rules.new_game(names, {"no_such_option": True}, rng=SeededRng(1))
    for spec in rules.options_type.specs():
        bad: Any = "not-a-choice" if spec.kind is str else 10**6 if spec.kind is int else "maybe"
        with pytest.raises(games.InvalidOptions):
            rules.new_game(names, {spec.name: bad}, rng=SeededRng(1))


@pytest.mark.parametrize("key", KEYS)
def test_too_few_or_too_many_players(key: str) -> None:
    rules = games.get(key)
    with pytest.raises(games.GameError):
        rules.new_game([f"p{i}" for i in range(rules.min_players - 1)], rng=SeededRng(1))
    with pytest.raises(games.GameError):
        rules.new_game([f"p{i}" for i in range(rules.max_players + 1)], rng=SeededRng(1))


@pytest.mark.parametrize("key", KEYS)
def test_default_action_is_legal(key: str) -> None:
    rules = games.get(key)
    result = _playout(key, rules.min_players, 11)
    for state in result["states"][:-1][::7]:
        for seat in rules.to_act(state):
            action = rules.default_action(state, seat)
            text = rules.format_action(state, action)
            assert rules.parse_action(state, seat, text) == action


def _resign_playout(key: str, players: int, seed: int) -> None:
    """A random playout where players leave at random points: the game stays valid, never
    offers a move to a seat that left, and ends with winners among those still in."""
    rules = games.get(key)
    names = [f"p{i}" for i in range(players)]
    state = rules.new_game(names, rng=SeededRng(seed, 0))
    pick = random.Random(seed)
    leaving = pick.randint(1, players - 1)
    plies = sorted(pick.sample(range(0, 60), leaving))
    left: set[int] = set()
    log: list[tuple[int, str | None]] = []
    for ply in range(1, MAX_PLIES + 1):
        if rules.outcome(state) is not None:
            break
        if plies and plies[0] <= ply:
            plies.pop(0)
            seat = pick.choice([s for s in range(players) if s not in left])
            before = rules.dump(state)
            step = rules.resign(state, seat, rng=SeededRng(seed, ply))
            assert rules.dump(state) == before, "resign must not change its input"
            assert step.events, "players are told who left"
            left.add(seat)
            log.append((seat, None))
            with pytest.raises(games.GameError):
                rules.resign(step.state, seat, rng=SeededRng(seed, ply))
        else:
            acting = rules.to_act(state)
            assert acting and not set(acting) & left, (acting, left)
            seat = pick.choice(acting)
            action = pick.choice(rules.legal_actions(state, seat))
            text = rules.format_action(state, action)
            assert rules.parse_action(state, seat, text) == action, text
            step = rules.apply(state, seat, action, rng=SeededRng(seed, ply))
            log.append((seat, text))
        state = step.state
        problems = rules.invariants(state)
        assert not problems, problems
        for gone in left:
            assert rules.legal_actions(state, gone) == []
        assert rules.load(json.loads(json.dumps(rules.dump(state)))) == state
    else:
        pytest.fail(f"{key}: no outcome after {MAX_PLIES} plies")
    outcome = rules.outcome(state)
    assert outcome is not None and rules.to_act(state) == ()
    staying = [s for s in range(players) if s not in left]
    # winners are among those still in; a game may end with none (a 0-0 at a round limit)
    assert set(outcome.winners) <= set(staying) and outcome.reason
    if len(staying) == 1:
        assert outcome.winners == tuple(staying)
    with pytest.raises(games.GameError):
        rules.resign(state, staying[0], rng=SeededRng(seed, 0))
    # the game replays from its seed and a log that records who left when
    replayed = rules.new_game(names, rng=SeededRng(seed, 0))
    for ply, (seat, text) in enumerate(log, start=1):
        rng = SeededRng(seed, ply)
        if text is None:
            replayed = rules.resign(replayed, seat, rng=rng).state
        else:
            replayed = rules.apply(
                replayed, seat, rules.parse_action(replayed, seat, text), rng=rng
            ).state
    assert replayed == state


@pytest.mark.parametrize("key", KEYS)
def test_players_leaving_at_random_points_keep_the_game_valid(key: str) -> None:
    rules = games.get(key)
    assert type(rules).resign is not games.Ruleset.resign, "every game lets a player leave"
    for players in range(rules.min_players, rules.max_players + 1):
        for n in range(2):
            _resign_playout(key, players, 5000 + 100 * players + n)


@pytest.mark.parametrize("key", KEYS)
def test_turn_key_changes_whenever_someone_else_must_act(key: str) -> None:
    """The turn clock restarts on a new ``turn_key``; a new seat to act is always a new turn."""
    rules = games.get(key)
    states = _playout(key, rules.min_players, 13)["states"]
    for before, after in itertools.pairwise(states):
        if rules.to_act(before) != rules.to_act(after):
            assert rules.turn_key(before) != rules.turn_key(after)
