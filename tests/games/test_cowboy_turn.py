"""A cowboy's turn: moving, every action, rustling with items, lost turns."""

from __future__ import annotations

import pytest
from test_cowboy_kit import (
    ALICE,
    BOB,
    RULES,
    N,
    field_owners,
    legal,
    names_of,
    play,
    position,
    ring,
    said,
    told,
)

from games.base import IllegalAction, InvalidAction, NotYourTurn
from games.cowboy.fields import herd
from games.cowboy.state import CowboyState, End, Fence
from games.cowboy.talk_picture import last_move

# Moving --------------------------------------------------------------------------------------


def test_a_turn_offers_legal_steps_then_actions_then_end() -> None:
    state = position(cowboys=["G3", "G13"])
    # each step with the end of the turn, and with the fence on the segment it rides; the
    # plain step only where there is more to do (wood to cut, north and east of here)
    assert legal(state, ALICE) == [
        "move n end", "move n fence", "move n", "move e end", "move e fence", "move e",
        "move s end", "move s fence", "move w end", "move w fence",
        "move n n", "move n e", "move n w", "move e e",
        "move e s", "move s s", "move s w", "move w w",
        "cut", "end",
    ]  # fmt: skip
    assert legal(state, BOB) == []
    moved = play(state, ALICE, "move n").state
    assert moved.cowboys[ALICE] == moved.board.parse_point("G4")
    # riding on is offered whole before the first step ("move n n"), not after it
    assert legal(moved, ALICE) == ["fence", "cut", "end"]
    assert (
        RULES.describe_action(moved, ALICE, RULES.parse_action(moved, ALICE, "fence")).label
        == "Build a fence between f3 and g3"
    )


def test_cowboys_never_share_an_intersection_or_leave_the_board() -> None:
    state = position(cowboys=["A1", "B1"])
    assert legal(state, ALICE) == ["move n end", "move n fence", "move n n", "move n e", "end"]
    with pytest.raises(
        IllegalAction, match=r"bob's cowboy stands to your east \(the SW corner of b1\)"
    ):
        RULES.parse_action(state, ALICE, "move e")
    with pytest.raises(IllegalAction, match="off the board"):
        RULES.parse_action(state, ALICE, "move w")


def test_nobody_may_stop_next_to_the_bandit() -> None:
    state = position(cowboys=["E5", "A13"], bandit="G5")
    # F5 joins G5 by a grid line; the Bandit's own G5 is out too
    assert "move e" not in legal(state, ALICE)
    with pytest.raises(IllegalAction, match="next to the Bandit"):
        RULES.parse_action(state, ALICE, "move e")
    # a diagonal neighbour of the Bandit is fine
    state = position(cowboys=["F7", "A13"], bandit="G5")
    assert "move s" in legal(state, ALICE)


def test_pilgrims_block_cowboys() -> None:
    state = position(cowboys=["E5", "A13"], pilgrims=[("E6", "S")])
    with pytest.raises(
        IllegalAction, match=r"Pilgrims stand to your north \(the SW corner of e6\)"
    ):
        RULES.parse_action(state, ALICE, "move n")


def test_again_is_one_more_step_and_then_the_turn_ends() -> None:
    state = position(cowboys=["E3", "A13"])
    state = play(state, ALICE, "move n").state
    state = play(state, ALICE, "again").state
    assert legal(state, ALICE) == ["move n", "move e", "move s", "move w", "end"]
    step = play(state, ALICE, "move n")
    assert step.state.cowboys[ALICE] == step.state.board.parse_point("E5")
    assert "alice draws" in said(step)
    assert RULES.to_act(step.state) == (BOB,)
    with pytest.raises(IllegalAction, match="move first"):
        RULES.parse_action(position(), ALICE, "again")


def test_two_steps_are_one_move_that_ends_the_turn() -> None:
    state = position(cowboys=["E3", "A13"])
    step = play(state, ALICE, "move n e")
    assert step.state.cowboys[ALICE] == step.state.board.parse_point("F4")
    assert told(step)[0] == "alice rides north, then east to the SW corner of f4."
    assert "alice draws" in said(step) and RULES.to_act(step.state) == (BOB,)
    header = last_move(step.state, step.events, started=False)
    assert header.startswith("alice rode north, then east; drew ")
    # the same as the three moves it replaces, which still mean what they meant
    longhand = play(play(play(state, ALICE, "move n").state, ALICE, "again").state, ALICE, "move e")
    assert longhand.state.cowboys == step.state.cowboys
    assert longhand.state.deck == step.state.deck


def test_a_step_and_its_fence_or_the_end_of_the_turn_is_one_move() -> None:
    state = position(cowboys=["G3", "G13"])
    for short, longhand in (
        ("move n fence", ["move n", "fence"]),
        ("move w end", ["move w", "end"]),
    ):
        step = play(state, ALICE, short)
        longer = state
        for text in longhand:
            longer = play(longer, ALICE, text).state
        assert step.state == longer  # the same game as the two moves it stands for
        assert RULES.to_act(step.state) == (BOB,) and "alice draws" in said(step)
    fenced = play(state, ALICE, "move n fence")
    # one line tells both
    line = "alice rides north and builds a fence between f3 and g3 (9 left)."
    assert told(fenced, minor=False)[0] == line
    header = last_move(fenced.state, fenced.events, started=False)
    assert header.startswith("alice rode north and built a fence between f3 and g3; drew ")
    # also typed in words, and in Polish
    assert RULES.parse_action(state, ALICE, "ride north then fence") == RULES.parse_action(
        state, ALICE, "move n fence"
    )
    assert RULES.format_action(state, RULES.parse_action(state, ALICE, "jedź zachód koniec")) == (
        "move w end"
    )
    # a plain step is still accepted typed where it is not offered, and means what it meant
    assert "move s" not in legal(state, ALICE)
    moved = play(state, ALICE, "move s").state
    assert legal(moved, ALICE) == ["fence", "end"]


def test_a_step_and_its_fence_that_cannot_be_says_why() -> None:
    state = position(cowboys=["G3", "G13"], fences=[("G3-G4", BOB)])
    assert "move n fence" not in legal(state, ALICE)
    with pytest.raises(IllegalAction, match="a fence between f3 and g3 already"):
        RULES.parse_action(state, ALICE, "move n fence")
    moved = play(state, ALICE, "move e").state
    with pytest.raises(IllegalAction, match="You have moved this turn"):
        RULES.parse_action(moved, ALICE, "move n end")


def test_a_step_and_the_fence_that_closes_a_field_gets_a_button_and_says_so() -> None:
    # alice's field d5 lacks its south side; she stands on its south-west corner
    field = [e for e in ring(["d5"], ALICE) if e[0] != "D5-E5"]
    state = position(cowboys=["D5", "A13"], steers=["d5"], fences=field)
    shown = {
        RULES.format_action(state, a): RULES.describe_action(state, ALICE, a)
        for a in RULES.legal_actions(state, ALICE)
    }
    closing = shown["move e fence"]
    assert (closing.label, closing.group) == ("Ride east and fence", None)
    assert closing.note == "closes a field with 1 steer" and closing.primary
    step = play(state, ALICE, "move e fence")
    assert herd(step.state, ALICE) == 1


def test_a_ride_is_offered_once_per_intersection_and_typed_either_way() -> None:
    state = position(cowboys=["E3", "A13"])
    rides = [t for t in legal(state, ALICE) if t.count(" ") == 2 and len(t.split()[-1]) == 1]
    assert len(rides) == 8  # two steps reach eight intersections, each offered once
    ne = RULES.parse_action(state, ALICE, "move n e")
    assert RULES.parse_action(state, ALICE, "ride e, then n") == ne
    assert RULES.parse_action(state, ALICE, "jedź wschód północ") == ne
    for action in RULES.legal_actions(state, ALICE):
        text = RULES.format_action(state, action)
        assert RULES.parse_action(state, ALICE, text) == action
    choice = RULES.describe_action(state, ALICE, ne)
    assert (choice.label, choice.group) == ("Ride north, then east", "Ride two steps")
    # the steps that end the turn and "End the turn" are buttons; two steps with a fence
    # fill the seven; the rest are in one menu
    actions = RULES.legal_actions(state, ALICE)
    shown = [RULES.describe_action(state, ALICE, a) for a in actions]
    assert [c.label for c in shown if c.group is None] == [
        "Ride north", "Ride north and fence", "Ride east", "Ride east and fence",
        "Ride south", "Ride west", "End the turn",
    ]  # fmt: skip
    groups = {c.group for c in shown}
    assert groups == {None, "Ride two steps", "Ride and build a fence"}
    ww = RULES.describe_action(state, ALICE, RULES.parse_action(state, ALICE, "move w w"))
    assert (ww.label, ww.group) == ("Ride west, then west", "Ride two steps")


def test_a_ride_that_is_not_allowed_says_why() -> None:
    state = position(cowboys=["E5", "A13"], bandit="G5")
    with pytest.raises(IllegalAction, match="next to the Bandit"):
        RULES.parse_action(state, ALICE, "move e n")  # F5 is next to the Bandit
    with pytest.raises(IllegalAction, match="lead back"):
        RULES.parse_action(state, ALICE, "move n s")
    with pytest.raises(IllegalAction, match="off the board"):
        RULES.parse_action(position(cowboys=["A1", "B13"]), ALICE, "move n w")
    moved = play(position(cowboys=["E3", "A13"]), ALICE, "move n").state
    with pytest.raises(IllegalAction, match="moved this turn"):
        RULES.parse_action(moved, ALICE, "move n e")


def test_end_stays_put_and_the_event_is_drawn() -> None:
    step = play(position(), ALICE, "end")
    assert "alice ends the turn" in said(step)
    assert (
        "alice draws United States Cavalry — You choose one band of Indians or the Bandit, "
        "and the Cavalry removes it." in said(step)
    )
    assert "no Indians and no Bandit" in said(step)
    assert step.state.turn == BOB and step.state.last_card == "cavalry"


def test_a_hemmed_in_cowboy_ends_the_turn_without_a_click() -> None:
    state = position(cowboys=["A1", "B1"], pilgrims=[("A2", "N")])
    assert legal(state, ALICE) == ["end"]
    assert RULES.forced_action(state, ALICE) == End()
    assert RULES.forced_action(state, BOB) is None
    assert RULES.forced_action(position(), ALICE) is None  # free to ride: ask the player
    text = said(play(state, ALICE, "end"))
    assert text.startswith("alice is hemmed in with nothing to do and ends the turn.")


def test_a_timed_out_player_ropes_a_steer_at_hand_and_the_board_puts_it_first() -> None:
    state = position(
        cowboys=["G3", "A13"], steers=["f2", "d6"],
        fences=ring(["d5", "d6"], ALICE), fields=[(ALICE, ["d5", "d6"])],
    )  # fmt: skip
    assert RULES.format_action(state, RULES.default_action(state, ALICE)) == "rope f2 to d5"
    choices = [RULES.describe_action(state, ALICE, a) for a in RULES.legal_actions(state, ALICE)]
    top = max(choices, key=lambda c: c.rank)
    assert top.rank > max(c.rank for c in choices if c is not top)
    # a button of its own, ahead of the rides, its label naming the steer
    assert (top.label, top.group) == ("Rope the steer on f2 into d5", None)
    assert RULES.format_action(position(), RULES.default_action(position(), ALICE)) == "end"


def test_a_fence_that_closes_a_field_says_so_and_ranks_high() -> None:
    state = position(cowboys=["G2", "A13"], fences=[("G2-H2", ALICE), ("G3-H3", ALICE),
                                                   ("H2-H3", ALICE)])  # fmt: skip
    moved = play(state, ALICE, "move n").state
    choice = RULES.describe_action(moved, ALICE, Fence())
    assert choice.note == "closes a field" and choice.rank > 50
    assert RULES.default_action(moved, ALICE) == Fence()


def test_wrong_player_and_garbage_are_refused_with_reasons() -> None:
    state = position()
    with pytest.raises(NotYourTurn, match="waiting on alice"):
        RULES.parse_action(state, BOB, "end")
    with pytest.raises(InvalidAction, match="move n"):
        RULES.parse_action(state, ALICE, "move up")
    with pytest.raises(InvalidAction, match="not a square"):
        RULES.parse_action(state, ALICE, "rustle z99")


# Cutting wood, roping ----------------------------------------------------------------------------


def test_cutting_wood_next_to_a_tree_gives_three_fences_or_four_with_the_axe() -> None:
    step = play(position(cowboys=["G3", "A13"]), ALICE, "cut")
    assert step.state.fences_left[ALICE] == 13
    assert "alice cuts wood: 3 fences (13 in all)" in said(step)
    step = play(position(cowboys=["H4", "A13"], hands=[["axe"], []]), ALICE, "cut")
    assert step.state.fences_left[ALICE] == 14
    with pytest.raises(IllegalAction, match="no tree"):
        RULES.parse_action(position(cowboys=["A2", "A13"]), ALICE, "cut")


def test_roping_moves_a_roaming_steer_into_your_field() -> None:
    state = position(
        cowboys=["G3", "A13"],
        steers=["f2", "d6"],
        fences=ring(["d5", "d6"], ALICE),
        fields=[(ALICE, ["d5", "d6"])],
    )
    assert [a for a in legal(state, ALICE) if a.startswith("rope")] == ["rope f2 to d5"]
    step = play(state, ALICE, "rope f2 to d5")
    assert names_of(step.state, step.state.steers) == {"d5", "d6"}
    assert herd(step.state, ALICE) == 2
    assert "alice ropes the steer on f2 and pens it on d5" in said(step)


def test_roping_needs_a_field_and_never_takes_a_penned_steer() -> None:
    state = position(cowboys=["G3", "A13"], steers=["f2"])
    with pytest.raises(IllegalAction, match="own no field"):
        RULES.parse_action(state, ALICE, "rope f2 to d5")
    state = position(
        cowboys=["G3", "A13"],
        steers=["g2"],
        fences=ring(["g2"], BOB) + ring(["d5"], ALICE),
        fields=[(BOB, ["g2"]), (ALICE, ["d5"])],
    )
    with pytest.raises(IllegalAction, match="penned in bob's field"):
        RULES.parse_action(state, ALICE, "rope g2 to d5")


def test_rope_choices_are_grouped_by_steer() -> None:
    squares = ["a2", "a3", "a4", "a5", "a6", "b2", "b3", "b4", "b5", "b6"]
    state = position(
        cowboys=["G3", "A13"], steers=["f2"], fences=ring(squares, ALICE),
        fields=[(ALICE, squares)],
    )  # fmt: skip
    choices = [
        RULES.describe_action(state, ALICE, a)
        for a in RULES.legal_actions(state, ALICE)
        if type(a).__name__ == "Rope"
    ]
    assert len(choices) == 10
    assert {c.group for c in choices} == {"Rope the steer on f2"}
    assert all(len(c.label) <= 80 for c in choices)


def test_free_buttons_go_to_ropes_rustles_and_fights_before_rides() -> None:
    # alice at G3 beside a roaming steer on f2 with two squares free in her field, bob's
    # penned steer on g2 and Indians on g3: four steps, cut and end leave one button
    squares = ["d5", "d6"]
    state = position(
        cowboys=["G3", "A13"], steers=["f2", "g2"], indians=["g3"],
        fences=ring(squares, ALICE) + ring(["g2"], BOB),
        fields=[(ALICE, squares), (BOB, ["g2"])],
    )  # fmt: skip
    shown = {
        RULES.format_action(state, a): RULES.describe_action(state, ALICE, a)
        for a in RULES.legal_actions(state, ALICE)
    }
    buttons = sorted(t for t, c in shown.items() if c.group is None)
    # the rope needs two buttons (two squares), one is left: the rustle gets it
    assert buttons == [
        "cut", "end", "move e end", "move n end", "move s end", "move w end", "rustle g2"
    ]  # fmt: skip
    assert shown["rustle g2"].label == "Rustle bob's steer on g2"
    assert shown["rope f2 to d5"].group == "Rope the steer on f2"
    assert shown["fight g3"].group == "Fight Indians"
    rides = [shown[t] for t in shown if t.count(" ") == 2 and len(t.split()[-1]) == 1]
    assert {c.group for c in rides} == {"Ride two steps"}
    assert shown["move w fence"].group == "Ride and build a fence"
    # a plain step says what it is for: what may be done where it leads
    assert (shown["move n"].label, shown["move n"].group) == (
        "Ride north, then more", "Ride and act there"
    )  # fmt: skip
    assert shown["move n"].note == "then: cut wood, fight Indians"
    # the menu still tells the rides that end next to the roaming steer on f2
    assert shown["move s w"].label == "Ride south, then west to a steer"
    assert shown["move e e"].label == "Ride east, then east"


# Rustling -----------------------------------------------------------------------------------------


def _rustle(
    *, mine: list[str] | None = None, steers: list[str] | None = None, **kw: object
) -> CowboyState:
    """bob's field g2-h2 with a steer on g2 next to alice (G3); alice's field d2-e2."""
    mine = mine or []
    return position(
        cowboys=["G3", "A13"],
        steers=["g2", *mine] if steers is None else steers,
        fences=ring(["g2", "h2"], BOB) + ring(["d2", "e2"], ALICE),
        fields=[(BOB, ["g2", "h2"]), (ALICE, ["d2", "e2"])],
        **kw,  # type: ignore[arg-type]
    )


def test_a_rustle_on_6_to_8_takes_the_steer() -> None:
    step = play(_rustle(), ALICE, "rustle g2", 6)
    assert RULES.to_act(step.state) == (ALICE,)  # two free squares: alice chooses
    assert legal(step.state, ALICE) == ["place d2", "place e2"]
    step = play(step.state, ALICE, "place e2")
    assert herd(step.state, ALICE) == 1 and herd(step.state, BOB) == 0
    assert "alice drives the steer from g2 to e2" in said(step)


def test_a_rustle_says_its_odds_and_its_roll_in_one_line() -> None:
    state = _rustle()
    choice = RULES.describe_action(state, ALICE, RULES.parse_action(state, ALICE, "rustle g2"))
    assert choice.note == "D8: 6-8 takes it, 1-2 you are caught"
    step = play(state, ALICE, "rustle g2", 4)
    assert said(step).startswith("alice tries to rustle bob's steer on g2 and rolls 4.\n")


def test_a_rustle_on_3_to_5_is_evaded() -> None:
    step = play(_rustle(), ALICE, "rustle g2", 5)
    assert "The steer evades alice" in said(step)
    assert herd(step.state, BOB) == 1 and step.state.turn == BOB


def test_caught_rustling_pays_a_steer_then_fences_then_jail() -> None:
    # with a steer: it goes to bob's free square nearest the target
    step = play(_rustle(mine=["d2"]), ALICE, "rustle g2", 2)
    assert "alice is caught rustling bob's steer!" in said(step)
    assert "alice gives bob the steer on d2; it goes to h2" in said(step)
    assert herd(step.state, BOB) == 2 and herd(step.state, ALICE) == 0
    # without steers: three fences
    step = play(_rustle(), ALICE, "rustle g2", 1)
    assert step.state.fences_left == (7, 13)
    assert "has no steer to give and pays bob 3 fences" in said(step)
    # with nothing at all: jail, and the next turn is lost
    step = play(_rustle(fences_left=[0, 10]), ALICE, "rustle g2", 1)
    assert "thrown in jail" in said(step)
    assert step.state.lost == (1, 0)
    step = play(step.state, BOB, "end")
    assert "alice loses this turn." in said(step)
    assert step.state.turn == BOB and step.state.lost == (0, 0)


def test_a_caught_rustler_with_several_steers_chooses_which_to_give() -> None:
    state = position(
        cowboys=["G3", "A13"],
        steers=["g2", "d2", "d3"],
        fences=ring(["g2", "h2"], BOB) + ring(["d2", "d3", "e2"], ALICE),
        fields=[(BOB, ["g2", "h2"]), (ALICE, ["d2", "d3", "e2"])],
    )
    step = play(state, ALICE, "rustle g2", 1)
    assert legal(step.state, ALICE) == ["give d2", "give d3"]
    assert _menu(step.state) == [("Give the steer on d2", None), ("Give the steer on d3", None)]
    step = play(step.state, ALICE, "give d3")
    assert field_owners(step.state)["h2"] == BOB
    assert "h2" in {step.state.board.square_name(s) for s in step.state.steers}


def test_the_lucky_lariat_rerolls_a_failed_rustle_once() -> None:
    state = _rustle(hands=[["lariat"], []])
    step = play(state, ALICE, "rustle g2", 4)
    assert legal(step.state, ALICE) == ["reroll", "keep"]
    assert _menu(step.state) == [
        ("Reroll with the Lucky Lariat", None),
        ("Keep the roll of 4: the steer evades you", None),
    ]
    step = play(step.state, ALICE, "reroll", 7)
    assert "alice rerolls 7" in said(step)
    assert legal(step.state, ALICE) == ["place d2", "place e2"]
    # keeping the roll
    step = play(play(state, ALICE, "rustle g2", 4).state, ALICE, "keep")
    assert "keeps the roll of 4" in said(step) and "evades" in said(step)
    # the second roll stands, whatever it is
    step = play(play(state, ALICE, "rustle g2", 4).state, ALICE, "reroll", 2)
    assert "caught" in said(step)


def test_the_butt_brander_turns_any_failure_into_caught() -> None:
    step = play(_rustle(hands=[[], ["brander"]]), ALICE, "rustle g2", 4)
    assert "bob's Butt Brander" in said(step)
    assert step.state.fences_left == (7, 13)
    # the Lariat's choice says so before the roll is kept
    step = play(_rustle(hands=[["lariat"], ["brander"]]), ALICE, "rustle g2", 4)
    assert _menu(step.state)[1] == ("Keep the roll of 4: caught rustling", None)


def _menu(state: CowboyState) -> list[tuple[str, str | None]]:
    """Labels and menus of alice's choices, as the buttons and select menus show them."""
    return [
        (c.label, c.group)
        for c in (RULES.describe_action(state, ALICE, a) for a in RULES.legal_actions(state, ALICE))
    ]


def test_the_bag_o_bills_is_a_choice_when_caught() -> None:
    state = _rustle(hands=[["bills"], []])
    step = play(state, ALICE, "rustle g2", 1)
    assert legal(step.state, ALICE) == ["bills", "pay"]
    assert _menu(step.state) == [
        ("Pay them off with the Bag o' Bills", None),
        ("Take the penalty: a steer, else 3 fences, else jail", None),
    ]
    paid = play(step.state, ALICE, "bills")
    assert "pays off bob with the Bag o' Bills" in said(paid)
    assert paid.state.fences_left == (10, 10) and paid.state.hands[ALICE] == ()
    assert "bills" in paid.state.discard
    penalty = play(step.state, ALICE, "pay")
    assert penalty.state.fences_left == (7, 13) and penalty.state.hands[ALICE] == ("bills",)


def test_rustling_a_printed_steer_covers_it_and_pens_a_spare_token() -> None:
    state = position(
        cowboys=["J7", "A13"],
        fences=ring(["j7"], BOB) + ring(["e2"], ALICE),
        fields=[(BOB, ["j7"]), (ALICE, ["e2"])],
    )
    assert herd(state, BOB) == 1
    step = play(state, ALICE, "rustle j7", 8)
    assert names_of(step.state, step.state.stolen) == {"j7"}
    assert names_of(step.state, step.state.steers) == {"e2"}
    assert herd(step.state, BOB) == 0 and herd(step.state, ALICE) == 1
    assert "Stolen Steer token" in said(step)


def test_rustling_needs_a_free_square_in_your_own_field() -> None:
    state = position(
        cowboys=["G3", "A13"], steers=["g2"], fences=ring(["g2"], BOB), fields=[(BOB, ["g2"])]
    )
    assert "rustle g2" not in legal(state, ALICE)
    with pytest.raises(IllegalAction, match="free square in a field of yours"):
        RULES.parse_action(state, ALICE, "rustle g2")


# Fighting ---------------------------------------------------------------------------------------


def test_fighting_indians_wins_on_5_or_3_with_the_six_shooter() -> None:
    step = play(position(cowboys=["G3", "A13"], indians=["f2"]), ALICE, "fight f2", 5)
    assert step.state.indians == () and "the Indians leave f2" in said(step)
    state = position(cowboys=["G3", "A13"], indians=["f2"], hands=[["sixshooter"], []])
    step = play(state, ALICE, "fight f2", 3)
    assert step.state.indians == () and "with the Six Shooter" in said(step)


def test_indians_that_escape_move_at_once() -> None:
    state = position(cowboys=["G3", "A13"], indians=["f2"], steers=["f3"], deck=["axe"])
    step = play(state, ALICE, "fight f2", 4, N)
    assert "The Indians escape!" in said(step)
    assert names_of(step.state, step.state.indians) == {"f3"}
    assert step.state.steers == ()  # and they ate the steer there
