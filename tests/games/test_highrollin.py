"""High Rollin' rules, with every die and every wobble scripted."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import render
from games.base import GameOver, IllegalAction, InvalidAction, InvalidState, NotYourTurn
from games.highrollin import RULES, Again, Die, Lift, Place, Roll, Stop
from games.highrollin.model import (
    COLOURS,
    placements,
    roll_choices,
)
from games.rng import ScriptedRng, ScriptExhausted
from tests.games.highrollin_kit import FULL, REST, B, G, R, Y, dice, make, play, text, told

# Setup --------------------------------------------------------------------------------------


def test_piles_for_two_three_and_four_players() -> None:
    two = RULES.new_game(["a", "b"], rng=ScriptedRng([1, 2, 3, 4, 5, 2]))
    assert two.piles == ((4, 4, 4, 4),) * 2
    three = RULES.new_game(["a", "b", "c"], rng=ScriptedRng([1, 2, 3, 4, 5, 2, 6]))
    assert three.piles == ((3, 3, 3, 3),) * 3
    four = RULES.new_game(["a", "b", "c", "d"], rng=ScriptedRng([1, 2, 3, 4, 5, 2, 6, 4]))
    # two of each colour plus a ninth die, each player a different colour
    assert four.piles == ((3, 2, 2, 2), (2, 3, 2, 2), (2, 2, 3, 2), (2, 2, 2, 3))
    for state in (two, three, four):
        assert RULES.invariants(state) == []


def test_tower_bases_one_of_each_colour_rolled() -> None:
    state = RULES.new_game(["a", "b"], rng=ScriptedRng([6, 1, 3, 2, 5, 4]))
    assert state.towers == ((Die(R, 6),), (Die(B, 1),), (Die(G, 3),), (Die(Y, 2),))
    assert state.turn == 1  # b rolled 4, lower than a's 5


def test_first_player_roll_off_rerolls_ties_for_lowest() -> None:
    # a 2, b 2, c 5: a and b roll again, 6 and 3: b starts
    state = RULES.new_game(["a", "b", "c"], rng=ScriptedRng([1, 1, 1, 1, 2, 2, 5, 6, 3]))
    assert state.turn == 1
    assert state.rolloff == ((2, 2, 5), (6, 3, None))
    dumped = RULES.dump(state)
    assert dumped["rolloff"] == [[2, 2, 5], [6, 3, None]]


def test_opening_events_announce_the_bases_every_throw_and_who_starts() -> None:
    # bases red 6, blue 1, green 3, yellow 2; roll-off ann 5, bob 4: bob starts
    state = RULES.new_game(["ann", "bob"], rng=ScriptedRng([6, 1, 3, 2, 5, 4]))
    assert told(RULES.opening_events(state), state.names) == [
        "Round 1: the towers start on red 6, blue 1, green 3, yellow 2. Roll for first player: "
        "ann 5, bob 4; bob rolled lowest and starts."
    ]
    # a tie for lowest is rolled again by those tied, and every throw is told
    state = RULES.new_game(["a", "b", "c"], rng=ScriptedRng([1, 1, 1, 1, 2, 2, 5, 6, 3]))
    [text] = told(RULES.opening_events(state), state.names)
    assert text.endswith(
        "Roll for first player: a 2, b 2, c 5; tied for lowest, they roll again: a 6, b 3; "
        "b rolled lowest and starts."
    )
    # the same words as a later round's deal, and they survive a dump and load
    assert RULES.opening_events(RULES.load(RULES.dump(state))) == RULES.opening_events(state)


# Placement ----------------------------------------------------------------------------------


def test_legal_placement_face_match_ones_wild_never_own_colour() -> None:
    state = make(("r5", "b1", "g5", "y3"), [(3, 4, 4, 3), REST], hand="r5 b3 y1 g1 r2", began=5)
    legal = set(placements(state))
    hand = state.hand  # sorted: r2 r5 b3 g1 y1
    assert [str(d) for d in hand] == ["red 2", "red 5", "blue 3", "green 1", "yellow 1"]
    # red 5: on green 5 (match) and on blue 1 (wild), never on red 5 (own colour)
    assert Place(1, 2) in legal and Place(1, 1) in legal and Place(1, 0) not in legal
    # red 2: only on the wild blue 1
    assert {a for a in legal if a.die == 0} == {Place(0, 1)}
    # blue 3: on yellow 3, not on blue 1 (own colour, even though 1 is wild)
    assert {a for a in legal if a.die == 2} == {Place(2, 3)}
    # green 1 is wild: anything but green
    assert {a for a in legal if a.die == 3} == {Place(3, 0), Place(3, 1), Place(3, 3)}
    with pytest.raises(IllegalAction, match="own colour"):
        RULES.parse_action(state, 0, "place 3 on 2")
    with pytest.raises(IllegalAction, match="faces must match"):
        RULES.parse_action(state, 0, "place 1 on 3")


def test_placing_is_compulsory_while_any_die_fits() -> None:
    state = make(("r5", "b2", "g6", "y6"), [(3, 4, 4, 4), REST], hand="r2 r3", began=5)
    # red 2 fits on blue 2; red 3 fits nowhere
    assert RULES.legal_actions(state, 0) == [Place(0, 1)]
    for move in ("stop", "again"):
        with pytest.raises(IllegalAction, match="stack a die"):
            RULES.parse_action(state, 0, move)
    state, events = play(state, Place(0, 1), [])
    assert "can stack no more" in text(events)
    assert RULES.legal_actions(state, 0) == [Again(), Stop()]


def test_player_picks_order_and_a_new_top_can_make_another_die_fit() -> None:
    state = make(("r5", "b6", "g6", "y6"), [(4, 4, 2, 4), REST], hand="g5 g1 b3", began=5)
    assert [str(d) for d in state.hand] == ["blue 3", "green 1", "green 5"]
    assert Place(0, 0) not in RULES.legal_actions(state, 0)  # blue 3 fits nowhere yet
    state, _ = play(state, Place(1, 0), [])  # the wild green 1 onto red 5
    assert state.towers[0] == dice("r5 g1")
    assert Place(0, 0) in RULES.legal_actions(state, 0)  # now blue 3 fits on green 1


def test_identical_dice_make_one_move_and_parse_by_colour_and_face() -> None:
    state = make(("r5", "b5", "g6", "y6"), [(4, 4, 2, 4), REST], hand="g5 g5", began=5)
    assert placements(state) == [Place(0, 0), Place(0, 1)]
    assert RULES.parse_action(state, 0, "place 2 on 1") == Place(0, 0)
    assert RULES.parse_action(state, 0, "place green 5 on tower 2") == Place(0, 1)
    with pytest.raises(IllegalAction, match="no rolled red 5"):
        RULES.parse_action(state, 0, "place red 5 on 2")


# A turn -------------------------------------------------------------------------------------


def test_roll_takes_five_chosen_dice_from_the_pile() -> None:
    state = make(("r6", "b6", "g6", "y6"), [FULL, REST])
    action = RULES.parse_action(state, 0, "roll red red blue green green")
    assert action == Roll((2, 1, 2, 0))
    assert RULES.parse_action(state, 0, "roll 2 red 1 blue 2 green") == action
    assert RULES.parse_action(state, 0, "roll r r b g g") == action
    state, events = play(state, action, [6, 3, 4, 5, 2])
    assert state.piles[0] == (2, 3, 2, 4)
    assert state.began == 5
    assert state.hand == dice("r3 r6 b4 g2 g5")
    assert events == ["ann rolled red 3, red 6, blue 4, green 2, green 5."]
    assert state.phase == "place"
    fresh = make(("r6", "b6", "g6", "y6"), [FULL, REST])
    with pytest.raises(IllegalAction, match="exactly 5 dice"):
        RULES.parse_action(fresh, 0, "roll red red")
    with pytest.raises(IllegalAction, match="only 0 yellow"):
        RULES.parse_action(make(("r6", "b6", "g6", "y6"), [(4, 4, 4, 0), REST]), 0, "roll 5 yellow")


def test_roll_all_when_fewer_than_five_are_left() -> None:
    state = make(("r6", "b6", "g6", "y6"), [(1, 0, 2, 0), REST])
    assert RULES.legal_actions(state, 0) == [Roll((1, 0, 2, 0))]
    assert RULES.parse_action(state, 0, "roll") == Roll((1, 0, 2, 0))
    choice = RULES.describe_action(state, 0, Roll((1, 0, 2, 0)))
    assert choice.group is None and "3 dice" in choice.label


def test_five_dice_scores_the_four_tower_tops_and_ends_the_turn() -> None:
    state = make(("r5", "b6", "g2", "y4"), [(3, 4, 4, 3), REST], hand="y5", began=5, scores=[10, 0])
    state, events = play(state, Place(0, 0), [])
    assert state.scores == (10 + 5 + 6 + 2 + 4, 0)
    assert "scores the top faces of towers 1-4: 5 + 6 + 2 + 4 = 17 (now 27)" in text(events)
    assert state.turn == 1 and state.hand == () and state.phase == "roll"


def test_stacking_all_dice_of_a_short_turn_scores_no_tower_points() -> None:
    # began with 2 (all that was left): stacking both goes out but earns no tower score
    state = make(("r5", "b6", "g2", "y4"), [(0, 0, 0, 0), (1, 2, 0, 3)], hand="y5", began=2)
    script = [1, 2, 3, 4, 1, 2]  # next round: bases, then the roll-off (ann 1, bob 2)
    state, events = play(state, Place(0, 0), script)
    assert "fewer than five" in text(events)
    assert state.scores == (6, 0)  # only going-out points: bob held 6 dice
    assert "scores the tower tops" not in text(events)


def test_stop_scores_nothing_and_returns_the_dice() -> None:
    state = make(("r5", "b6", "g2", "y4"), [(3, 4, 4, 2), REST], hand="r3 y3", began=5)
    assert state.phase == "decide"
    state, events = play(state, Stop(), [])
    assert state.scores == (0, 0)
    assert state.piles[0] == (4, 4, 4, 3)
    assert state.turn == 1
    assert events == ["ann stops: 2 dice go back to the pile, no score."]


def test_roll_again_rolls_only_the_dice_left() -> None:
    state = make(("r5", "b6", "g2", "y4"), [(3, 4, 4, 2), REST], hand="r3 y3", began=5)
    state, events = play(state, Again(), [5, 6])
    assert state.hand == dice("r5 y6")
    assert state.began == 5 and state.piles[0] == (3, 4, 4, 2)
    assert events == ["ann rolled red 5, yellow 6."]
    assert RULES.legal_actions(state, 0) == [Place(1, 1)]  # yellow 6 on blue 6
    state, events = play(state, Place(1, 1), [])
    assert state.phase == "decide" and state.hand == dice("r5")


# Penalty ------------------------------------------------------------------------------------


def test_penalty_lifts_highest_face_off_the_tallest_tower_never_the_base() -> None:
    # towers 4, 2, 1, 1 high; the roll shows 3 as highest and nothing fits
    state = make(("r2 b2 g2 y2", "b6 r6", "g4", "y4"), [(1, 3, 3, 3), REST])
    # knock chance at height 4 is 1%: drew 0.5; lift of 3 dice: drop chance 9%, drew 0.5
    state, events = play(state, Roll((1, 3, 1, 0)), [3, 3, 3, 3, 3, 0.5, 0.5])
    assert state.towers[0] == dice("r2")
    # the three lifted (blue, green, yellow 2) and the five rolled dice are back in the pile
    assert state.piles[0] == (1, 4, 4, 4)
    assert "a penalty of 3 from tower 1" in text(events)
    assert "lifted 3 dice off tower 1" in text(events)
    assert state.turn == 1


def test_penalty_larger_than_the_tower_takes_all_but_the_base() -> None:
    state = make(("r2 b2", "b6", "g4", "y4"), [(0, 4, 4, 4), REST], wobble="steady")
    state, events = play(state, Roll((0, 1, 0, 4)), [5, 3, 3, 3, 3])
    assert state.towers[0] == dice("r2")
    assert "lifted 1 die off tower 1" in text(events)
    assert state.piles[0] == (0, 5, 4, 4)


def test_penalty_with_only_bases_lifts_nothing() -> None:
    state = make(("r2", "b6", "g4", "y4"), [(0, 4, 4, 4), REST])
    state, events = play(state, Roll((0, 1, 0, 4)), [3, 3, 3, 3, 3])
    assert "nothing to lift" in text(events)
    assert state.turn == 1 and state.piles[0] == (0, 4, 4, 4)


def test_penalty_ties_between_tallest_towers_are_the_players_choice() -> None:
    state = make(("r2 b2 g2", "b6 r6 y6", "g4", "y4"), [(0, 4, 4, 4), REST], wobble="steady")
    state, events = play(state, Roll((0, 1, 0, 4)), [5, 3, 3, 3, 3])
    assert state.phase == "lift" and state.penalty == 5
    assert "picks which of the tallest towers" in text(events)
    assert RULES.legal_actions(state, 0) == [Lift(0), Lift(1)]
    assert RULES.describe_action(state, 0, Lift(1)).label == "Lift 2 dice off tower 2"
    with pytest.raises(IllegalAction, match="tallest"):
        RULES.parse_action(state, 0, "lift 3")
    assert RULES.parse_action(state, 0, "lift from 2") == Lift(1)
    state, events = play(state, Lift(1), [])
    assert state.towers[1] == dice("b6") and state.towers[0] == dice("r2 b2 g2")
    assert state.piles[0] == (1, 4, 4, 5)  # the lifted red and yellow, and the rolled dice back
    assert state.turn == 1


# Going out and the end ----------------------------------------------------------------------


def test_going_out_scores_the_dice_left_in_the_other_piles_and_deals_a_new_round() -> None:
    piles = [(0, 0, 0, 0), (2, 3, 1, 0), (1, 1, 1, 1)]
    state = make(("r5", "b6", "g2", "y4"), piles, hand="y5", began=5, scores=[50, 0, 0])
    # new round: bases red 1, blue 2, green 3, yellow 4; roll-off 6, 5, 4: cy starts
    state, events = play(state, Place(0, 0), [1, 2, 3, 4, 6, 5, 4])
    tower_score = 5 + 6 + 2 + 4
    assert state.scores == (50 + tower_score + 10, 0, 0)
    assert "went out: 10 dice left in the other piles give 10" in text(events)
    assert state.round == 2
    assert state.piles == ((3, 3, 3, 3),) * 3
    assert state.towers == (dice("r1"), dice("b2"), dice("g3"), dice("y4"))
    assert state.removed == (0, 0, 0, 0)
    assert state.turn == 2
    dealt = "Round 2: the towers start on red 1, blue 2, green 3, yellow 4."
    assert any(e.startswith(dealt) for e in events)


def test_game_ends_only_strictly_past_one_hundred() -> None:
    state = make(("r5", "b1", "g1", "y1"), [(3, 4, 4, 3), REST], hand="y5", began=5, scores=[92, 0])
    state, _ = play(state, Place(0, 0), [])
    assert state.scores[0] == 100 and RULES.outcome(state) is None
    state = make(("r5", "b1", "g1", "y2"), [(3, 4, 4, 3), REST], hand="y5", began=5, scores=[92, 0])
    state, events = play(state, Place(0, 0), [])
    assert state.scores[0] == 101
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (101, 0)
    assert RULES.to_act(state) == () and "ann wins" in events[-1]
    with pytest.raises(GameOver):
        RULES.apply(state, 1, Roll(FULL), rng=ScriptedRng([]))


def test_fall_points_end_the_game_on_another_players_turn() -> None:
    # ann topples tower 1; bob and cy, on 99, both pass 100 at once and share the win
    piles = [(3, 4, 4, 4), (1, 1, 1, 1), (1, 1, 1, 1)]
    state = make(
        ("r2 b2 g2 y2 r2", "b6", "g4", "y4"), piles, hand="b2", began=5, scores=[40, 99, 99]
    )
    # height 6: topple chance 24%, drew 0.1; 2 dice fall and land 1, 1
    state, events = play(state, Place(0, 0), [0.1, 2, 1, 1])
    assert state.scores == (40, 101, 101)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (1, 2)
    assert "bob and cy win" in events[-1]


def test_fall_points_that_end_the_game_come_before_going_out() -> None:
    # ann's last die topples the tower and lands 5: bob passes 100 and ann never goes out
    start = make(
        ("r2 b2 g2 y2 r2", "b6", "g4", "y4"),
        [(0, 0, 0, 0), FULL],
        hand="b2",
        began=5,
        scores=[95, 99],
    )
    state, events = play(start, Place(0, 0), [0.1, 1, 5])
    assert state.scores == (95, 101)
    assert RULES.outcome(state).winners == (1,)
    assert not any("went out" in e for e in events)
    # landing 2 gives bob only 1 (100, not past it): ann's pile is empty, so she goes out
    state, events = play(start, Place(0, 0), [0.1, 1, 2])
    assert state.scores == (95 + 16, 100)
    assert RULES.outcome(state).winners == (0,)


# Match --------------------------------------------------------------------------------------


def test_match_plays_best_of_three() -> None:
    state = make(
        ("r5", "b1", "g1", "y2"),
        [(3, 4, 4, 3), FULL],
        hand="y5",
        began=5,
        scores=[92, 30],
        match=True,
    )
    # ann wins game 1; game 2 is dealt: bases, roll-off (bob 1 starts)
    state, events = play(state, Place(0, 0), [1, 2, 3, 4, 5, 1])
    assert RULES.outcome(state) is None
    assert state.wins == (1, 0) and state.best == (101, 0)
    assert state.game == 2 and state.scores == (0, 0) and state.round == 1
    assert state.turn == 1
    assert "Game 1 is over: ann wins it (ann 101, bob 30)." in events
    # ann wins game 2 as well: the match is hers
    state = make(
        ("r5", "b1", "g1", "y2"),
        [(3, 4, 4, 3), FULL],
        hand="y5",
        began=5,
        scores=[92, 30],
        match=True,
    )
    state = replace(state, game=2, wins=(1, 0), best=(101, 0))
    state, events = play(state, Place(0, 0), [])
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (2, 0)
    assert "ann wins the match (2 game wins)." in events


def test_match_of_three_without_a_double_winner_goes_to_the_best_winning_score() -> None:
    piles = [(3, 3, 3, 2), (3, 3, 3, 3), REST]
    state = make(("r5", "b1", "g1", "y2"), piles, hand="y5", began=5, scores=[92, 0, 0], match=True)
    state = replace(state, game=3, wins=(0, 1, 1), best=(0, 120, 104))
    state, events = play(state, Place(0, 0), [])
    assert RULES.outcome(state).winners == (1,)
    assert "highest winning game score" in events[-1]


# Contract details ---------------------------------------------------------------------------


def test_dump_shape_and_load_round_trip() -> None:
    state = make(("r5 b5", "b1", "g1", "y2"), [(3, 3, 4, 3), REST], hand="y5 g2", began=5)
    data = RULES.dump(state)
    assert data["game"] == "highrollin" and data["format"] == 1
    assert data["towers"][0] == [{"colour": "red", "face": 5}, {"colour": "blue", "face": 5}]
    assert len(data["towers"]) == 4
    assert data["piles"][0] == {"red": 3, "blue": 3, "green": 4, "yellow": 3}
    assert data["scores"] == [0, 0]
    assert data["turn"]["dice"] == [{"colour": "green", "face": 2}, {"colour": "yellow", "face": 5}]
    assert RULES.load(json.loads(json.dumps(data))) == state
    data["piles"][0]["red"] = 4
    with pytest.raises(InvalidState, match="not conserved"):
        RULES.load(data)
    data["piles"][0]["red"] = 3
    data["towers"][1][0]["colour"] = "purple"
    with pytest.raises(InvalidState):
        RULES.load(data)


def test_notation_round_trips_and_errors_help() -> None:
    state = make(("r6", "b6", "g6", "y6"), [FULL, REST])
    for action in RULES.legal_actions(state, 0):
        assert RULES.parse_action(state, 0, RULES.format_action(state, action)) == action
    assert RULES.format_action(state, Roll((2, 1, 2, 0))) == "roll red red blue green green"
    assert RULES.format_action(state, Place(2, 1)) == "place 3 on 2"
    with pytest.raises(InvalidAction, match="colours are red"):
        RULES.parse_action(state, 0, "roll purple")
    with pytest.raises(InvalidAction, match="Name the five dice"):
        RULES.parse_action(state, 0, "roll")
    with pytest.raises(IllegalAction, match="First choose the dice"):
        RULES.parse_action(state, 0, "stop")
    with pytest.raises(IllegalAction, match="First choose the dice"):
        RULES.parse_action(state, 0, "place 1 on 2")
    with pytest.raises(NotYourTurn):
        RULES.parse_action(state, 1, "roll 5 red")


def test_roll_menus_are_a_few_buttons() -> None:
    state = make(("r6", "b6", "g6", "y6"), [FULL, REST])
    actions = RULES.legal_actions(state, 0)
    assert len(actions) <= 6 < len(roll_choices(FULL))  # 52 mixes, a few offered
    assert len(set(actions)) == len(actions)
    for a in actions:
        choice = RULES.describe_action(state, 0, a)
        assert choice.group is None and len(choice.label) <= 80 and len(choice.note) <= 100
    # placements are buttons
    placing = make(("r5", "b5", "g5", "y5"), [(2, 4, 4, 4), REST], hand="r1 r5", began=5)
    for a in RULES.legal_actions(placing, 0):
        assert RULES.describe_action(placing, 0, a).group is None


def test_default_action_stops_when_it_may() -> None:
    state = make(("r5", "b6", "g2", "y4"), [(3, 4, 4, 2), REST], hand="r3 y3", began=5)
    assert RULES.default_action(state, 0) == Stop()


def test_colours_and_render_smoke() -> None:
    assert COLOURS == ("red", "blue", "green", "yellow")
    state = make(("r3 b3 g3", "b6", "g4", "y4"), [(3, 3, 3, 4), REST], hand="r6", began=5)
    png = render.draw("highrollin", state)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 200_000


def test_script_must_cover_every_draw() -> None:
    state = make(("r3 g3", "b6", "g4", "y4"), [(4, 3, 3, 4), REST], hand="b3 y5", began=5)
    with pytest.raises(ScriptExhausted):
        RULES.apply(state, 0, Place(0, 0), rng=ScriptedRng([]))


def test_only_the_player_to_act_may_move() -> None:
    state = make(("r5", "b6", "g2", "y4"), [(3, 4, 4, 3), REST], hand="y5", began=5)
    with pytest.raises(NotYourTurn):
        RULES.parse_action(state, 1, "place 1 on 1")
    with pytest.raises(NotYourTurn):
        RULES.apply(state, 1, Place(0, 0), rng=ScriptedRng([]))
    assert RULES.legal_actions(state, 1) == []


def test_load_refuses_a_bad_fall_record() -> None:
    state = make(("r5", "b6", "g2", "y4"), [(3, 4, 4, 3), REST], hand="y5", began=5)
    data = RULES.dump(state)
    data["fall"] = {"kind": "explode", "tower": 0, "height": 5, "chance": 0.1, "dice": []}
    with pytest.raises(InvalidState):
        RULES.load(data)


def test_move_messages_stay_short() -> None:
    """The channel gets a few lines a move; wobbles that changed nothing are minor."""
    import random

    from games.rng import SeededRng

    lines = []
    for players in (2, 4):
        for seed in range(4):
            state = RULES.new_game([f"p{i}" for i in range(players)], rng=SeededRng(seed))
            pick = random.Random(seed)
            ply = 0
            while RULES.outcome(state) is None:
                ply += 1
                action = pick.choice(RULES.legal_actions(state, state.turn))
                step = RULES.apply(state, state.turn, action, rng=SeededRng(seed, ply))
                lines.append(sum(not e.minor for e in step.events))
                state = step.state
    assert max(lines) <= 5
    assert sum(n <= 3 for n in lines) >= 0.97 * len(lines)
