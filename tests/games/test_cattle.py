"""Cattle Baron rules: setup, rolling order, turns and the end, with every die decided by
ScriptedRng."""

from __future__ import annotations

import json

import pytest

import games
from games.base import InvalidOptions, NotYourTurn
from games.cattle import (
    RULES,
    Grab,
    Pass,
    Raid,
    Swiss,
)
from games.rng import ScriptedRng, SeededRng
from tests.games.cattle_kit import (
    SMALL,
    THREE_COLOURS,
    act,
    arrange,
    d,
    dice,
    start,
    told,
    two,
)

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
