"""Cattle Baron's six faces and what each takes, with every die decided by ScriptedRng."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.base import IllegalAction
from games.cattle import (
    RULES,
    Grab,
    total,
)
from tests.games.cattle_kit import (
    THREE_COLOURS,
    act,
    arrange,
    d,
    dice,
    menu,
    start,
    told,
    two,
)

# Faces 1-6 -----------------------------------------------------------------------------------


def test_face_1_grabs_one_die_of_your_brand() -> None:
    state = two(5, 1)  # bob, brand blue, acts first
    assert menu(state, 1) == ["grab blue 6", "grab blue 5", "pass"]  # two blue 6s: one choice
    with pytest.raises(IllegalAction, match="brand is blue"):
        RULES.parse_action(state, 1, "grab red 4")
    with pytest.raises(IllegalAction, match="You rolled 1"):
        RULES.parse_action(state, 1, "grab blue 6 blue 5")
    state, events = act(state, 1, "grab b6")
    assert state.stocks[1] == dice("blue 6")
    assert state.herd.count(d("blue 6")) == 1
    assert events == ["bob took blue 6 from the herd."]
    # the button's word is typed too: "take" is the notation's "grab"
    assert RULES.parse_action(two(5, 1), 1, "take b6") == Grab(dice("blue 6"))
    assert RULES.describe_action(two(5, 1), 1, Grab(dice("blue 6"))).label == "Take blue 6"
    assert RULES.to_act(state) == (0,)


def test_face_2_grabs_one_or_two_dice_of_your_brand() -> None:
    state = two(5, 2)
    assert menu(state, 1) == [
        "grab blue 6",
        "grab blue 5",
        "grab blue 6 blue 6",
        "grab blue 6 blue 5",
        "pass",
    ]
    state, events = act(state, 1, "grab blue 5 + blue 6")
    assert state.stocks[1] == dice("blue 6, blue 5")
    assert events == ["bob took blue 6 and blue 5 from the herd."]


def test_face_3_rustle_swaps_whole_regular_stocks_only() -> None:
    state = two(5, 3)
    state = arrange(
        state,
        herd=dice("red 2, blue 6, blue 6"),
        stocks=(dice("red 4, red 3"), dice("blue 5")),
        swiss=((), ()),
    )
    assert menu(state, 1) == ["rustle alice", "swiss blue", "pass"]
    state, events = act(state, 1, "rustle ALICE")
    assert state.stocks == (dice("blue 5"), dice("red 4, red 3"))
    assert state.studs == (d("red 5"), d("blue 3"))  # studs never move
    assert events == ["bob rustled alice: bob's stock is now worth 7, alice's 5."]


def test_face_3_swiss_of_a_colour_that_is_not_your_brand() -> None:
    state = two(5, 3)
    state = arrange(
        state, herd=dice("red 2, blue 6"), stocks=((), dice("red 4, red 3, blue 6, blue 5"))
    )
    state, events = act(state, 1, "swiss red")
    assert state.stocks[1] == dice("blue 6, blue 5")
    assert state.swiss[1] == dice("red 4, red 3")
    assert events == ["bob swissed 2 dice (red 4 and red 3): 7 safe for ever."]
    with pytest.raises(IllegalAction, match="no red dice"):
        RULES.parse_action(replace(state, pos=0, order=(1, 0)), 1, "swiss red")


def test_face_4_switch_with_a_1_in_stock_gains_3() -> None:
    state = two(4, 6)  # alice acts first with 4
    state = arrange(
        state, herd=dice("red 4, red 3, red 2, blue 6, blue 6"), stocks=(dice("blue 1"), ())
    )
    assert "switch stock blue 1" in menu(state, 0)
    assert RULES.describe_action(
        state, 0, RULES.parse_action(state, 0, "switch stock blue 1")
    ).label == ("Switch stud with stock blue 1 (+3 to stock)")
    state, events = act(state, 0, "switch stock blue 1")
    assert state.studs[0] == d("blue 1") and state.brand(0) == "blue"
    assert state.stocks[0] == dice("red 4")  # the old stud lands showing 4
    assert total(state.stocks[0]) == 4  # was 1: +3
    assert events == [
        "alice switched stud red 4 with blue 1 from stock (+3 to stock); blue 1 is the new stud."
    ]


def test_face_4_switch_with_the_herd_changes_brand_and_leaves_a_4() -> None:
    state = two(4, 6)
    assert "switch herd red 4" not in menu(state, 0)  # identical to the stud: nothing to switch
    state, _ = act(state, 0, "switch herd blue 5")
    assert state.studs[0] == d("blue 5")
    assert d("red 4") in state.herd and d("blue 5") not in state.herd
    assert state.brand(0) == "blue"


def test_face_5_raids_any_die_from_the_herd() -> None:
    state = two(5, 6)
    assert menu(state, 0)[:-1] == [
        f"raid {x}" for x in ("red 4", "red 3", "red 2", "blue 6", "blue 5")
    ]
    state, events = act(state, 0, "raid blue 6")
    assert state.stocks[0] == dice("blue 6")
    assert events == ["alice raided blue 6 from the herd."]
    with pytest.raises(IllegalAction, match="no blue 1"):
        RULES.parse_action(replace(state, order=(0, 1), pos=0), 0, "raid blue 1")


def test_face_6_puts_the_stud_out_to_pasture_and_takes_a_new_one() -> None:
    state = two(6, 2)
    state, _ = act(state, 1, "pass")
    state, events = act(state, 0, "pasture blue 5", rolls=[1, 1])
    assert events[0] == "alice pastured stud red 6 into stock for blue 5, the new stud."
    assert state.stocks[0] == dice("red 6")
    assert state.brand(0) == "blue"
    assert state.studs[0] == d("blue 1")  # rolled 1 for round 2


# Several THREEs -------------------------------------------------------------------------------


def test_two_threes_rustle_in_turn_and_stock_changes_hands_twice() -> None:
    players = ("alice", "bob", "carol")
    herd = [1, 3, 3, 3, 1, 2, 2, 2, 1, 5, 5, 5]
    state = start(players, herd, [5, 3, 3], THREE_COLOURS)
    state = arrange(
        state,
        herd=dice("red 3, blue 2, green 5"),
        stocks=(dice("red 3, red 3"), dice("blue 2, blue 2"), dice("green 5, green 5")),
    )
    assert state.order == (2, 1, 0)  # carol is younger than bob
    assert "carol and bob shout THREE! (a 3 may rustle a whole stock or swiss a colour)." in told(
        state, RULES.opening_events(state)
    )
    alices = dice("red 3, red 3")
    state, _ = act(state, 2, "rustle alice")
    assert state.stocks[2] == alices and state.stocks[0] == dice("green 5, green 5")
    state, _ = act(state, 1, "rustle carol")
    assert state.stocks[1] == alices  # alice's cattle changed hands twice
    assert state.stocks[2] == dice("blue 2, blue 2")
    assert RULES.to_act(state) == (0,)
