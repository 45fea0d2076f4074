"""Cattle Baron's notation, menus, stored state and picture."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import games
from games.base import IllegalAction, InvalidAction, InvalidState
from games.cattle import (
    RULES,
    Die,
    Grab,
    Pasture,
    Raid,
    Rustle,
    pile,
)
from games.cattle.model import roll_order
from games.rng import SeededRng
from tests.games.cattle_kit import (
    HERD2,
    SMALL,
    act,
    arrange,
    d,
    dice,
    start,
    two,
)

# Notation, menus and storage ------------------------------------------------------------------


def test_notation_round_trips_and_errors_say_what_is_right() -> None:
    state = two(5, 2)
    grab = RULES.parse_action(state, 1, "grab blue 5, blue 6")
    assert grab == Grab((d("blue 6"), d("blue 5")))
    assert RULES.format_action(state, grab) == "grab blue 6 blue 5"
    with pytest.raises(InvalidAction, match="colours: red, blue"):
        RULES.parse_action(state, 1, "grab green 5")
    with pytest.raises(InvalidAction, match="1 to 6"):
        RULES.parse_action(state, 1, "grab blue 7")
    with pytest.raises(IllegalAction, match="You rolled 2"):
        RULES.parse_action(state, 1, "raid red 4")
    with pytest.raises(InvalidAction, match="players: alice, bob"):
        RULES.parse_action(state, 1, "rustle zed")
    for text in ("", "moo", "grab", "switch barn red 1", "raid red"):
        with pytest.raises(games.GameError):
            RULES.parse_action(state, 1, text)


def test_rustle_names_with_spaces_round_trip() -> None:
    state = start(("Big Al", "bob"), HERD2, [5, 3], SMALL)
    action = RULES.parse_action(state, 1, "rustle big al")
    assert action == Rustle(0) and RULES.format_action(state, action) == "rustle Big Al"


def test_long_menus_are_grouped_by_kind_and_face_within_25() -> None:
    rng = SeededRng(4)
    state = RULES.new_game(["alice", "bob"], {"colours": 8}, rng=rng)
    state = replace(state, rolls=(5, 5), studs=(Die("red", 5), Die("blue", 5)))
    seat = RULES.to_act(state)[0]
    actions = RULES.legal_actions(state, seat)
    assert len(actions) == len(set(state.herd)) + 1  # identical dice are one choice
    groups: dict[str | None, list[Die]] = {}
    for action in actions:
        choice = RULES.describe_action(state, seat, action)
        assert len(choice.label) <= 80
        groups.setdefault(choice.group, []).append(getattr(action, "die", None))
    assert groups.pop(None) == [None]  # Pass alone is a button
    assert len(groups) >= 2 and all(len(v) <= 25 for v in groups.values())
    # a raid is about points: the sixes come first and a face is never split between menus
    for face in {die.face for die in state.herd}:
        assert sum(any(x.face == face for x in v) for v in groups.values()) == 1
    assert all(name.startswith("Raid the herd (") for name in groups)
    assert "Raid the herd (6s" in next(iter(groups))


def test_short_menus_are_buttons() -> None:
    state = two(5, 1)
    assert {RULES.describe_action(state, 1, a).group for a in RULES.legal_actions(state, 1)} == {
        None
    }


def test_a_short_three_is_buttons_and_a_long_one_menus_by_kind() -> None:
    state = two(5, 3)
    herd = dice("red 3, red 2, blue 6, blue 6")
    state = arrange(state, herd=herd, stocks=((), dice("red 4, blue 5")))
    shown = {
        RULES.format_action(state, a): RULES.describe_action(state, 1, a)
        for a in RULES.legal_actions(state, 1)
    }
    assert {n: c.group for n, c in shown.items()} == dict.fromkeys(
        ("rustle alice", "swiss red", "swiss blue", "pass")
    )  # one tap each
    assert shown["swiss red"].label == "Swiss all red (1 die, 4 pts)"
    # eight players: seven stocks to rustle and a colour to swiss are more than the buttons hold
    state = RULES.new_game([f"p{i}" for i in range(8)], rng=SeededRng(3))
    seat = state.order[state.pos]
    stud = state.studs[seat]
    assert stud is not None
    state = replace(
        state,
        rolls=tuple(3 if s == seat else r for s, r in enumerate(state.rolls)),
        studs=tuple(Die(stud.colour, 3) if s == seat else d for s, d in enumerate(state.studs)),
    )
    order = roll_order(state.rolls, state.seniority)
    state = replace(state, order=order, pos=order.index(seat))
    state = arrange(
        state,
        herd=state.herd[1:],
        stocks=tuple(state.herd[:1] if s == seat else () for s in range(8)),
    )
    groups = {RULES.describe_action(state, seat, a).group for a in RULES.legal_actions(state, seat)}
    assert groups == {"Rustle a stock", "Swiss a colour", None}


def test_dump_shape_and_round_trip() -> None:
    state = start(("alice", "bob"), HERD2, [5, 2], SMALL, seniority=[2, 1])
    data = RULES.dump(state)
    assert data["game"] == "cattle" and data["format"] == 1
    assert data["herd"][0] == {"colour": "red", "face": 4}
    assert data["players"][0] == {
        "name": "alice",
        "stud": {"colour": "red", "face": 5},
        "stock": [],
        "swiss": [],
    }
    assert data["rolls"] == [5, 2] and data["order"] == [1, 0] and data["seniority"] == [2, 1]
    assert RULES.load(json.loads(json.dumps(data))) == state
    data["herd"] = data["herd"][1:]  # a die went missing
    with pytest.raises(InvalidState, match="red dice"):
        RULES.load(data)


def test_apply_leaves_its_input_alone() -> None:
    state = two(5, 2)
    before = RULES.dump(state)
    act(state, 1, "grab blue 6 blue 6")
    assert RULES.dump(state) == before


def test_the_invariants_catch_a_lost_die() -> None:
    state = two(5, 2)
    broken = replace(state, herd=state.herd[1:])
    assert any("red dice" in p for p in RULES.invariants(broken))


def test_seniority_is_checked() -> None:
    with pytest.raises(games.GameError):
        RULES.new_game(["a", "b"], rng=SeededRng(1), seniority=[1])


def test_raid_and_pasture_menus_match_the_herd() -> None:
    state = two(6, 5)
    state, _ = act(state, 1, "raid red 2")
    assert RULES.legal_actions(state, 0)[:-1] == [
        Pasture(x) for x in dice("red 4, red 3, blue 6, blue 5")
    ]
    assert Raid(d("red 4")) not in RULES.legal_actions(state, 0)


@pytest.mark.parametrize("players", [2, 8])
def test_board_picture_of_a_full_8_by_8_herd_is_small(players: int) -> None:
    from render.cattle import draw

    state = RULES.new_game(
        [f"rancher{i}" for i in range(players)], {"colours": 8}, rng=SeededRng(9)
    )
    assert len(state.herd) == 64 - players  # every die but the studs
    png = draw(state, seat=0)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 200_000
    everything = replace(state, herd=pile([*state.herd, *(s for s in state.studs if s)]))
    assert len(draw(everything)) < 200_000  # all 64 in the herd at once


def test_move_messages_stay_short() -> None:
    """A move, and at a round's start its rolls, order and any THREE!: four lines at most."""
    import random

    for players in (2, 5, 8):
        state = RULES.new_game([f"p{i}" for i in range(players)], rng=SeededRng(players))
        pick = random.Random(players)
        ply = 0
        while RULES.outcome(state) is None:
            ply += 1
            seat = RULES.to_act(state)[0]
            action = pick.choice(RULES.legal_actions(state, seat))
            step = RULES.apply(state, seat, action, rng=SeededRng(players, ply))
            assert sum(not e.minor for e in step.events) <= 4, step.events
            state = step.state
