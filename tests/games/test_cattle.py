"""Cattle Baron rules, with every die decided by ScriptedRng."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import games
from games.base import IllegalAction, InvalidAction, InvalidOptions, InvalidState, NotYourTurn
from games.cattle import (
    RULES,
    CattleState,
    Die,
    Grab,
    Pass,
    Pasture,
    Raid,
    Rustle,
    Swiss,
    pile,
    total,
)
from games.cattle.model import roll_order
from games.rng import ScriptedRng, SeededRng

SMALL = {"colours": 2, "dice_per_colour": 4}
THREE_COLOURS = {"colours": 3, "dice_per_colour": 4}


def d(text: str) -> Die:
    colour, face = text.split()
    return Die(colour, int(face))


def dice(text: str) -> tuple[Die, ...]:
    return pile(d(t) for t in text.split(",") if t.strip())


def start(
    players: tuple[str, ...],
    herd_rolls: list[int],
    stud_rolls: list[int],
    options: dict[str, int],
    seniority: list[int] | None = None,
) -> CattleState:
    """A new game whose herd and first-round rolls are scripted (colour by colour)."""
    rng = ScriptedRng([*herd_rolls, *stud_rolls])
    state = RULES.new_game(players, options, rng=rng, seniority=seniority)
    assert rng.remaining == 0
    return state


def arrange(state: CattleState, **piles: object) -> CattleState:
    """Move dice between herd and stocks by hand; dice must stay conserved."""
    state = replace(state, **piles)  # type: ignore[arg-type]
    assert RULES.invariants(state) == []
    return state


def act(state: CattleState, seat: int, text: str, rolls: list[int] | None = None):
    rng = ScriptedRng(rolls or [])
    step = RULES.apply(state, seat, RULES.parse_action(state, seat, text), rng=rng)
    assert rng.remaining == 0
    assert RULES.invariants(step.state) == []
    return step.state, told(state, step.events)


def told(state: CattleState, events) -> list[str]:
    """Events as the channel reads them, in English."""
    return [RULES.narrator.event(e, state.names) for e in events]


def menu(state: CattleState, seat: int) -> list[str]:
    return [RULES.format_action(state, a) for a in RULES.legal_actions(state, seat)]


# Two players, two colours of four: red 1 2 3 4 and blue 1 5 6 6; studs red 1 and blue 1.
HERD2 = [1, 2, 3, 4, 1, 5, 6, 6]


def two(alice: int, bob: int) -> CattleState:
    return start(("alice", "bob"), HERD2, [alice, bob], SMALL)


# Setup and order ------------------------------------------------------------------------------


def test_setup_rolls_the_herd_and_gives_each_player_their_lowest_die_as_stud() -> None:
    state = two(5, 2)
    assert state.herd == dice("red 4, red 3, red 2, blue 6, blue 6, blue 5")
    assert state.studs == (d("red 5"), d("blue 2"))  # red 1 and blue 1, rolled for round 1
    assert state.rolls == (5, 2)
    assert RULES.to_act(state) == (1,)  # lowest roll first
    events = told(state, RULES.opening_events(state))
    assert events == ["Round 1, in order: bob 2, alice 5.", "Order this round: bob, alice."]
    # the rolls in the order of play are one line; the order on its own is for /game history
    assert [e.minor for e in RULES.opening_events(state)] == [False, True]


def test_colours_must_cover_the_players() -> None:
    with pytest.raises(InvalidOptions, match="at least the number of players"):
        RULES.new_game(["a", "b", "c"], SMALL, rng=SeededRng(1))


def test_equal_rolls_go_youngest_first_and_the_tie_break_is_shown() -> None:
    players = ("alice", "bob", "carol", "dave")
    herd = [1] * 16
    older_to_younger = [300, 100, 200, 400]  # dave is youngest, then alice, carol, bob
    state = start(
        players, herd, [2, 2, 5, 2], {"colours": 4, "dice_per_colour": 4}, older_to_younger
    )
    assert state.order == (3, 0, 1, 2)
    events = told(state, RULES.opening_events(state))
    assert "alice, bob and dave all rolled 2; youngest first: dave, alice, bob." in events
    assert events[0] == (
        "Round 1, in order: dave 2, alice 2, bob 2, carol 5. Equal rolls: the newer Discord "
        "account first."
    )
    # the channel sees the order and why in one line; the detail is for /game history
    assert [e.minor for e in RULES.opening_events(state)] == [False, True, True]
    assert RULES.dump(state)["seniority"] == older_to_younger

    pair = start(
        players, herd, [4, 2, 2, 6], {"colours": 4, "dice_per_colour": 4}, older_to_younger
    )
    assert pair.order == (2, 1, 0, 3)
    assert "bob and carol both rolled 2; carol is younger and goes first." in told(
        pair, RULES.opening_events(pair)
    )


def test_without_ages_a_later_seat_counts_as_younger() -> None:
    state = two(3, 3)
    assert state.order == (1, 0)
    texts = told(state, RULES.opening_events(state))
    assert "bob and alice shout THREE! (a 3 may rustle a whole stock or swiss a colour)." in texts
    assert "alice and bob both rolled 3; bob is younger and goes first." in texts


def test_after_everyone_acts_a_new_round_is_rolled_and_announced() -> None:
    state = two(5, 2)
    state, _ = act(state, 1, "pass")
    state, events = act(state, 0, "pass", rolls=[3, 1])
    assert state.round == 2 and state.rolls == (3, 1) and state.order == (1, 0)
    assert events[1:] == [
        "Round 2, in order: bob 1, alice 3 THREE!.",
        "Order this round: bob, alice.",
        "alice shouts THREE! (a 3 may rustle a whole stock or swiss a colour).",
    ]
    assert [e.minor for e in RULES.opening_events(state)] == [False, True, True]


def test_only_the_acting_player_may_move_and_pass_is_always_there() -> None:
    state = two(5, 2)
    assert RULES.legal_actions(state, 0) == []
    with pytest.raises(NotYourTurn):
        RULES.apply(state, 0, Pass(), rng=ScriptedRng([]))
    assert RULES.legal_actions(state, 1)[-1] == Pass()
    assert RULES.describe_action(state, 1, Pass()).group is None


def test_the_clock_takes_the_most_useful_move_and_passes_when_nothing_gains() -> None:
    state = two(5, 2)  # bob rolled 2: blue 6 + blue 6 is the best grab
    assert RULES.default_action(state, 1) == Grab(dice("blue 6, blue 6"))
    state = arrange(
        two(5, 3), herd=dice("blue 6, blue 6, blue 5"), stocks=(dice("red 2"), dice("red 4, red 3"))
    )
    # bob's THREE!: rustling alice would lose 5, so swiss red (7 kept safe) is the best move
    assert RULES.default_action(state, 1) == Swiss("red")
    assert RULES.default_action(two(5, 3), 1) == Pass()  # rustling an empty stock gains nothing


def test_choices_are_ranked_by_what_they_add() -> None:
    state = two(6, 5)
    raids = {
        a.die: RULES.describe_action(state, 1, a)
        for a in RULES.legal_actions(state, 1)
        if isinstance(a, Raid)
    }
    assert raids[d("blue 6")].rank > raids[d("blue 5")].rank > raids[d("red 4")].rank
    # the label says what a raid adds: no note repeats it
    assert raids[d("blue 6")].label == "Raid blue 6" and raids[d("blue 6")].note == ""
    best = max(RULES.legal_actions(state, 1), key=lambda a: RULES.describe_action(state, 1, a).rank)
    assert best == Raid(d("blue 6"))


def test_a_note_only_warns_what_the_label_does_not_say() -> None:
    state = arrange(
        two(5, 4), herd=dice("red 4, blue 5, blue 6, blue 6"), stocks=(dice("red 3, red 2"), ())
    )
    notes = {
        RULES.format_action(state, a): RULES.describe_action(state, 1, a)
        for a in RULES.legal_actions(state, 1)
    }
    # the last red in the herd as a stud: no red left for bob's 1s and 2s
    assert notes["switch herd red 4"].note == (
        "no cow of its colour left in the herd for your 1s and 2s"
    )
    assert notes["switch herd blue 5"].note == ""  # two blue left: nothing to warn of
    assert notes["switch herd blue 5"].label == "Switch stud with herd blue 5"
    grabs = [RULES.describe_action(two(5, 2), 1, a) for a in RULES.legal_actions(two(5, 2), 1)]
    assert [c.note for c in grabs] == [""] * len(grabs)  # "Take blue 6" says it all


def test_a_roll_that_allows_nothing_passes_by_itself_and_says_why() -> None:
    state = two(5, 2)
    state = arrange(
        state, herd=dice("red 4, red 3, red 2"), stocks=((), dice("blue 6, blue 6, blue 5"))
    )
    assert RULES.legal_actions(state, 1) == [Pass()]
    assert RULES.forced_action(state, 1) == Pass()
    assert RULES.forced_action(state, 0) is None  # not alice's turn
    step = RULES.apply(state, 1, Pass(), rng=ScriptedRng([]))
    assert told(state, step.events)[0] == "bob rolled 2: no blue left in the herd, passes."
    # alice rolled 5: she has a real choice, so she is asked
    assert RULES.forced_action(step.state, 0) is None
    # a pass chosen over other moves reads as a choice
    _, events = act(two(5, 2), 1, "pass")
    assert events == ["bob passed."]


def test_passes_that_follow_at_once_are_told_with_the_move_or_the_round_in_one_line() -> None:
    players = ("alice", "bob", "carol")
    state = start(players, [1, 2, 3, 4, 1, 5, 6, 6, 1, 2, 2, 2], [5, 1, 2], THREE_COLOURS)
    assert state.order == (1, 2, 0)
    state = arrange(
        state,
        herd=dice("red 2, red 3, red 4"),
        stocks=(dice("blue 6, blue 6, blue 5, green 2, green 2, green 2"), (), ()),
    )
    # bob and carol have no cow of their brand left: bob's pass tells carol's too
    step = RULES.apply(state, 1, Pass(), rng=ScriptedRng([]))
    assert told(state, step.events) == [
        "bob rolled 1: no blue left in the herd, passes. Then carol (no green left) passes."
    ]
    carol = RULES.apply(step.state, 2, Pass(), rng=ScriptedRng([]))
    assert [e.minor for e in carol.events] == [True]  # told already: /game history keeps it
    # a round that opens with seats that can only pass says so in its one line
    state, events = act(carol.state, 0, "raid red 4", rolls=[6, 1, 2])
    assert events[1] == (
        "Round 2, in order: bob 1 (no blue left: passes), carol 2 (no green left: passes), alice 6."
    )
    for seat in (1, 2):
        assert RULES.forced_action(state, seat) == Pass()
        step = RULES.apply(state, seat, Pass(), rng=ScriptedRng([]))
        assert [e.minor for e in step.events] == [True]
        state = step.state
    assert RULES.to_act(state) == (0,)
    again = RULES.load(json.loads(json.dumps(RULES.dump(state))))
    assert again == state
    old = {k: v for k, v in RULES.dump(state).items() if k != "passes"}
    assert RULES.load(old).passes == 0  # saved before: every pass is told on its own


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


# The end --------------------------------------------------------------------------------------


def test_herd_emptied_mid_round_ends_the_game_with_final_rolls() -> None:
    players = ("alice", "bob", "carol")
    herd = [1, 3, 3, 3, 1, 2, 2, 2, 1, 2, 5, 5]
    state = start(players, herd, [6, 5, 1], THREE_COLOURS)
    state = arrange(
        state,
        herd=dice("red 3, green 2"),
        stocks=(dice("red 3, red 3"), dice("blue 2, blue 2, blue 2, green 5"), dice("green 5")),
    )
    state, _ = act(state, 2, "grab green 2")
    state, events = act(state, 1, "raid red 3", rolls=[4, 6])
    assert RULES.to_act(state) == ()  # alice never gets to act
    assert state.final_rolls == (None, 4, 6)
    assert events[1:] == [
        "The last cow has left the herd: the game is over.",
        "alice rolled a 6 this round: stud red 6 goes into stock.",
        "bob rolls the stud one last time: blue 4, into stock.",
        "carol rolls the stud one last time: green 6, into stock.",
        "bob wins with 18! Final hauls: alice 12, bob 18, carol 13.",
    ]
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (12, 18, 13)
    with pytest.raises(games.GameOver):
        RULES.parse_action(state, 0, "pass")


def test_a_6_that_takes_the_last_herd_die_ends_the_game_and_the_new_stud_is_rolled() -> None:
    state = two(6, 2)
    state = arrange(
        state, herd=dice("blue 6"), stocks=(dice("red 4, red 3, red 2"), dice("blue 6, blue 5"))
    )
    state, _ = act(state, 1, "pass")
    state, events = act(state, 0, "pasture blue 6", rolls=[3, 5])
    assert RULES.outcome(state) is not None
    assert state.stocks[0] == dice("red 6, red 4, red 3, red 2, blue 3")
    assert state.stocks[1] == dice("blue 6, blue 5, blue 5")
    assert "alice rolls the stud one last time: blue 3, into stock." in events
    assert "bob rolls the stud one last time: blue 5, into stock." in events


def test_swiss_stock_counts_and_equal_hauls_share_the_win() -> None:
    state = two(5, 1)
    state = arrange(
        state,
        herd=dice("red 2"),
        stocks=(dice("red 4, blue 6"), dice("blue 6")),
        swiss=(dice("red 3"), dice("blue 5")),
    )
    state, _ = act(state, 1, "pass")
    state, events = act(state, 0, "raid red 2", rolls=[1, 5])
    # alice: stock 4 + 6 + 2, Swiss 3, stud 1 = 16; bob: stock 6, Swiss 5, stud 5 = 16
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.scores == (16, 16) and outcome.winners == (0, 1)
    assert events[-1] == "alice and bob share the win with 16! Final hauls: alice 16, bob 16."
    assert RULES.status_line(state) == "won by alice and bob (16)"


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


def test_ties_option_seat_breaks_equal_rolls_by_seat_order() -> None:
    rules = games.get("cattle")
    # bob's account is the newest, but with ties=seat alice (seat 0) goes first on equal rolls
    script = ScriptedRng([1] * 8 + [2, 2])
    state = rules.new_game(
        ["alice", "bob"],
        {"colours": 2, "dice_per_colour": 4, "ties": "seat"},
        rng=script,
        seniority=[10, 20],
    )
    assert state.order == (0, 1)
    assert any(
        "alice sits earlier and goes first" in e for e in told(state, rules.opening_events(state))
    )
    younger = rules.new_game(
        ["alice", "bob"],
        {"colours": 2, "dice_per_colour": 4},
        rng=ScriptedRng([1] * 8 + [2, 2]),
        seniority=[10, 20],
    )
    assert younger.order == (1, 0)
    assert any(
        "bob is younger and goes first" in e for e in told(younger, rules.opening_events(younger))
    )


@pytest.mark.parametrize(("players", "colours"), [(2, 4), (3, 6), (4, 8), (8, 8)])
def test_colours_default_to_twice_the_players_from_4_to_8(players: int, colours: int) -> None:
    state = RULES.new_game([f"p{i}" for i in range(players)], rng=SeededRng(1))
    assert state.options.colours == colours
    assert len(state.herd) == colours * 8 - players
    assert RULES.load(json.loads(json.dumps(RULES.dump(state)))) == state


def test_an_explicit_colours_option_overrides_and_old_games_keep_theirs() -> None:
    state = RULES.new_game(["a", "b"], {"colours": 8}, rng=SeededRng(1))
    assert state.options.colours == 8
    spec = next(s for s in RULES.options_type.specs() if s.name == "colours")
    assert (spec.default, spec.max, spec.design) == (0, 8, True)  # /cattle new offers up to 8
    with pytest.raises(InvalidOptions, match="at most 8"):
        RULES.new_game(["a", "b"], {"colours": 13}, rng=SeededRng(1))
    # a game saved when up to 12 colours were allowed still loads and replays
    old = RULES.options_type.parse({"colours": 10, "dice_per_colour": 4})
    assert old.colours == 10
    assert RULES.new_game(["a", "b"], old.to_dict(), rng=SeededRng(1)).options.colours == 10
    assert "twice the players" in " ".join(s.help for s in RULES.options_type.specs())


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
