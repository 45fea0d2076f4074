"""High Rollin's falls: toppling, knocks, drops and wobbles, every die scripted."""

from __future__ import annotations

import pytest

from games.highrollin import RULES, Place, Roll
from games.highrollin.model import (
    DROP_CAP,
    KNOCK_RATE,
    TOPPLE_CAP,
    add,
    drop_chance,
    knock_chance,
    topple_chance,
)
from games.rng import ScriptedRng
from tests.games.highrollin_kit import REST, dice, make, play, text, told

# Falls --------------------------------------------------------------------------------------


def test_topple_on_stacking_consequences() -> None:
    piles = [(3, 3, 4, 4), (2, 2, 2, 2), (1, 1, 1, 1)]
    state = make(("r3 b3 g3 y3 r3", "b6", "g4", "y4"), piles, hand="b3 r6", began=5)
    # height 6: chance 24%; drew 0.2: falls; 3 dice fall (of 5 possible), landing 5, 2, 6
    before = state
    assert [str(d) for d in state.hand] == ["red 6", "blue 3"]
    state, events = play(state, Place(1, 0), [0.2, 3, 5, 2, 6])
    assert state.towers[0] == dice("r3 b3 g3")
    fall = state.fall
    assert fall is not None and fall.kind == "topple" and fall.height == 6
    assert fall.dice == dice("y5 r2 b6")
    assert (
        "ann stacked blue 3 on tower 1, and it toppled (6 high): 3 dice fell and landed "
        "yellow 5, red 2, blue 6; 2 dice showing 4-6 go to ann's pile; 1 die showing 1-3 "
        "leaves the round. bob and cy score 5 each for the fallen dice: bob 5, cy 5. ann's "
        "turn ends."
    ) in events
    assert len(events) == 3  # the placement, the fall, the others' points (in the history)
    step = RULES.apply(before, 0, Place(1, 0), rng=ScriptedRng([0.2, 3, 5, 2, 6]))
    assert [e.kind for e in step.events if not e.minor] == ["fall"]  # one line on the board
    # 5 and 6 go to ann's pile, the 2 leaves the round; the unstacked red 6 goes back
    assert state.piles[0] == (3 + 1, 3 + 1, 4, 4 + 1)
    assert state.removed == add(before.removed, (1, 0, 0, 0))
    # the others score 2 + 1 + 2 = 5 each; the turn ends at once
    assert state.scores == (0, 5, 5)
    assert state.turn == 1 and state.hand == ()


def test_topple_chance_is_drawn_only_from_height_three() -> None:
    state = make(("r3", "b6", "g4", "y4"), [(4, 3, 4, 4), REST], hand="b3 y5", began=5)
    state, events = play(state, Place(0, 0), [])  # 2 high: no draw at all
    assert not any("wobbled" in e for e in events)
    state = make(("r3 g3", "b6", "g4", "y4"), [(4, 3, 3, 4), REST], hand="b3 y5", began=5)
    state, events = play(state, Place(0, 0), [0.015])  # 1.5%: a draw of exactly 0.015 stands
    assert any("Tower 1 wobbled but stood (a 1.5% risk)." in e for e in events)
    assert state.towers[0] == dice("r3 g3 b3") and state.fall is None


def test_a_wobble_that_changes_nothing_is_history_only() -> None:
    state = make(("r3 g3", "b6", "g4", "y4"), [(4, 3, 3, 4), REST], hand="b3 y5", began=5)
    step = RULES.apply(state, 0, Place(0, 0), rng=ScriptedRng([0.5]))  # 1.5%: stood
    stood = [e for e in step.events if e.kind == "wobble"]
    assert len(stood) == 1 and stood[0].minor
    assert not step.events[0].minor  # the placement itself is told
    tall = "r3 g3 r3 g3 r3 g3"  # the blue 3 makes it 7 high: 37.5%
    state = make((tall, "b6", "g4", "y4"), [(1, 3, 3, 4), REST], hand="b3 y5", began=5)
    step = RULES.apply(state, 0, Place(0, 0), rng=ScriptedRng([0.9]))
    stood = [e for e in step.events if e.kind == "wobble"]
    assert len(stood) == 1 and stood[0].minor  # a close call too: the board tells no chances


def test_a_lone_placement_is_played_at_once_and_says_why() -> None:
    state = make(("r3", "b6", "g4", "y4"), [(4, 3, 4, 4), REST], hand="b3 b5", began=5)
    assert RULES.legal_actions(state, 0) == [Place(0, 0)]
    assert RULES.forced_action(state, 0) == Place(0, 0)
    assert RULES.forced_action(state, 1) is None  # not bob's turn
    step = RULES.apply(state, 0, Place(0, 0), rng=ScriptedRng([]))
    assert told(step.events, state.names)[0] == (
        "ann stacked blue 3 on tower 1 (2 high): the only die that fits, and only there. "
        "1 die left fits nowhere: roll it again or stop."
    )
    assert [e.kind for e in step.events if not e.minor] == ["stack"]  # one line
    # with a choice, the player is asked
    choice = make(("r3", "b6", "g3", "y4"), [(4, 3, 3, 4), REST], hand="b3 b5", began=5)
    assert RULES.forced_action(choice, 0) is None


def test_the_roll_menu_is_a_suggestion_and_a_few_mixes() -> None:
    # towers topped red 6, blue 6, green 6, yellow 1: every colour but yellow fits any face
    # (on the yellow 1), a yellow die fits only a 6 or a 1 elsewhere
    state = make(("r6", "b6", "g6", "y1"), [(4, 1, 4, 4), REST])
    actions = RULES.legal_actions(state, 0)
    assert 2 <= len(actions) <= 6
    choices = [RULES.describe_action(state, 0, a) for a in actions]
    assert all(c.group is None for c in choices)  # buttons, no 54-option menus
    first = choices[0]
    assert first.label.endswith("fit)") and "suggested" in first.label and first.primary
    assert all(not c.note for c in choices)  # the odds are in the labels: no line of notes
    assert first.rank == max(c.rank for c in choices)
    assert "yellow" not in first.label  # the colour least likely to fit waits
    assert RULES.default_action(state, 0) == actions[0]
    # every mix is still typed the old way, and the menu's own wording too
    assert RULES.parse_action(state, 0, "roll red red blue green yellow") == Roll((2, 1, 1, 1))
    assert RULES.parse_action(state, 0, "roll 2 red + 3 green") == Roll((2, 0, 3, 0))
    for action, choice in zip(actions, choices, strict=True):
        mix = choice.label.partition(" (")[0]
        assert RULES.parse_action(state, 0, mix) == action
    # a pile with one way to roll rolls by itself
    last = make(("r6", "b6", "g6", "y1"), [(0, 0, 3, 0), REST])
    assert RULES.forced_action(last, 0) == Roll((0, 0, 3, 0))


def test_knock_on_roll_hits_the_tallest_tower_and_ends_the_turn() -> None:
    state = make(("r3 b3 g3 y3 r3 b3", "b6", "g4", "y4"), [(3, 2, 3, 3), REST])
    # six high: knock chance 3%; drew 0.01: knocked; 4 dice fall landing 4, 1, 6, 3
    state, events = play(state, Roll((3, 2, 0, 0)), [4, 4, 4, 6, 6, 0.01, 4, 4, 1, 6, 3])
    assert state.towers[0] == dice("r3 b3")
    assert state.fall is not None and state.fall.kind == "knock"
    assert any(
        e.startswith("ann's roll knocked over tower 1 (6 high): 4 dice fell") for e in events
    )
    assert not any("%" in e for e in events if "knocked" in e)  # no chance internals
    # the rolled dice go back; fallen g4 and r6 join ann's pile; b1 and y3 leave the round
    assert state.piles[0] == (3 + 1, 2, 3 + 1, 3)
    assert state.scores == (0, 2 + 1 + 2 + 1)
    assert state.turn == 1 and state.hand == ()


def test_knock_between_equally_tall_towers_is_a_uniform_pick() -> None:
    state = make(("r3 b3 g3 y3", "b6 r6 g6 y6", "g4", "y4"), [(3, 2, 2, 2), REST])
    script = [4, 4, 4, 6, 6, 0.001, 1, 1, 2]  # knocked (1%); choice: tower 2; 1 die lands 2
    state, events = play(state, Roll((3, 2, 0, 0)), script)
    assert state.towers[1] == dice("b6 r6 g6")
    assert state.towers[0] == dice("r3 b3 g3 y3")
    assert any("roll knocked over tower 2 (4 high)" in e for e in events)
    assert state.scores == (0, 1)
    assert state.removed == (0, 0, 0, 1)


def test_no_knock_draw_below_four_high() -> None:
    state = make(("r3 b3 g3", "b6", "g4", "y4"), [(3, 3, 3, 4), REST])
    assert knock_chance(3) == 0
    state, events = play(state, Roll((2, 0, 0, 3)), [4, 4, 4, 4, 4])  # no draw scripted
    assert events == ["ann rolled red 4, red 4, yellow 4, yellow 4, yellow 4."]


def test_dropped_penalty_stack_goes_whole_to_the_pile_and_scores_for_the_others() -> None:
    state = make(("r2 b2 g2 y2", "b6 r6", "g4", "y4"), [(1, 3, 3, 3), REST])
    # penalty of 3 off tower 1: drop chance 9%, drew 0.05: slips; lands 1, 5, 6
    script = [3, 3, 3, 3, 3, 0.5, 0.05, 1, 5, 6]
    state, events = play(state, Roll((1, 3, 1, 0)), script)
    assert state.fall is not None and state.fall.kind == "drop"
    assert "but the stack slipped and landed 1, 5, 6" in text(events)
    assert state.piles[0] == (1, 4, 4, 4)  # all three lifted dice, whatever they show
    assert state.removed == (0, 0, 0, 0)
    assert state.scores == (0, 1 + 2 + 2)
    assert state.turn == 1


def test_steady_towers_never_fall() -> None:
    tall = "r1 b1 r1 b1 r1 b1 r1 b1 r1 b1 r1"
    state = make(
        (tall, "b6", "g4", "y4"), [(0, 0, 3, 4), REST], hand="g1", began=5, wobble="steady"
    )
    # no random() draws are scripted: a draw would exhaust the script
    state, events = play(state, Place(0, 0), [])
    assert len(state.towers[0]) == 12 and state.fall is None
    assert state.turn == 1 and state.piles[1] == (3, 3, 4, 4)
    state, events = play(state, Roll((0, 0, 1, 4)), [6, 6, 6, 6, 6])  # bob rolls: no knock
    assert events == ["bob rolled green 6, yellow 6, yellow 6, yellow 6, yellow 6."]


def test_wobble_probabilities() -> None:
    assert topple_chance(2) == 0
    assert topple_chance(3) == pytest.approx(0.015)
    assert topple_chance(6) == pytest.approx(0.24)
    assert topple_chance(8) == pytest.approx(0.54)
    assert topple_chance(9) == topple_chance(20) == TOPPLE_CAP == 0.6
    assert knock_chance(3) == 0 and knock_chance(10) == pytest.approx(7 * KNOCK_RATE)
    assert drop_chance(0) == 0 and drop_chance(3) == pytest.approx(0.09)
    assert drop_chance(20) == DROP_CAP == 0.5
