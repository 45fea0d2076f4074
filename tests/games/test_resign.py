"""A player leaving mid-game (a forfeit at a turn deadline), game by game, as players see it:
their pieces leave as the rules suggest, play skips them, and the last player left wins."""

from __future__ import annotations

import json
from typing import Any

from test_cowboy_kit import ALICE, BOB, CAROL, ring
from test_cowboy_kit import position as cowboy_position

import games
from games.highrollin import flow
from games.rng import ScriptedRng, SeededRng

NAMES = ["alice", "bob", "carol", "dave"]


def texts(step: Any) -> str:
    """The step's events in words, by the narrator of the game its state belongs to."""
    rules = games.get(type(step.state).__module__.split(".")[1])
    return " ".join(rules.narrator.event(e, rules.players(step.state)) for e in step.events)


def round_trip(key: str, state: Any) -> Any:
    rules = games.get(key)
    again = rules.load(json.loads(json.dumps(rules.dump(state))))
    assert again == state and not rules.invariants(state)
    return again


# Cattle Baron -----------------------------------------------------------------------------------

CATTLE = games.get("cattle")


def cattle_told(step: Any, names: list[str]) -> str:
    return " ".join(CATTLE.narrator.event(e, names) for e in step.events)


def test_cattle_dice_go_back_to_the_herd_and_the_leaver_is_out_of_the_order() -> None:
    state = CATTLE.new_game(NAMES[:3], rng=SeededRng(4))
    herd = len(state.herd)
    leaver = state.order[1]
    step = CATTLE.resign(state, leaver, rng=SeededRng(4, 1))
    after = round_trip("cattle", step.state)
    assert len(after.herd) == herd + 1, "the stud is back in the herd"
    assert after.studs[leaver] is None and leaver not in after.order
    told = cattle_told(step, NAMES[:3])
    assert f"{NAMES[leaver]} leaves the game; 1 die goes back to the herd." in told
    # the leaver can no longer be rustled
    assert all(
        getattr(a, "target", None) != leaver
        for s in after.order
        for a in games.get("cattle").legal_actions(after, s)
    )


def test_cattle_the_acting_player_leaving_hands_on_and_two_players_end_the_game() -> None:
    state = CATTLE.new_game(NAMES[:2], rng=SeededRng(9))
    first, second = state.order
    step = CATTLE.resign(state, first, rng=SeededRng(9, 1))
    outcome = CATTLE.outcome(step.state)
    assert outcome is not None and outcome.winners == (second,)
    assert outcome.reason == "last_player" and CATTLE.to_act(step.state) == ()
    assert CATTLE.narrator.outcome(outcome, NAMES[:2]) == "the last player left"
    three = CATTLE.new_game(NAMES[:3], rng=SeededRng(9))
    acting, nxt = three.order[0], three.order[1]
    step = CATTLE.resign(three, acting, rng=SeededRng(9, 1))
    assert CATTLE.to_act(step.state) == (nxt,)


# Horseplay Rustling -----------------------------------------------------------------------------

HORSEPLAY = games.get("horseplay")


def test_horseplay_the_colours_leave_the_board_and_play_goes_on_with_three() -> None:
    state = HORSEPLAY.new_game(NAMES[:4], rng=SeededRng(1))
    step = HORSEPLAY.resign(state, 0, rng=ScriptedRng([]))
    told = [HORSEPLAY.narrator.event(e, NAMES) for e in step.events]
    assert "alice leaves the game: every Green piece leaves the board." in told
    after = round_trip("horseplay", step.state)
    colours = {p["colour"] for p in HORSEPLAY.dump(after)["pieces"].values()}
    assert colours == {"red", "blue", "black"}
    assert HORSEPLAY.to_act(after) == (1,), "Green was to move: Red moves next"
    assert HORSEPLAY.outcome(after) is None


def test_horseplay_a_player_who_left_never_shares_a_team_win() -> None:
    state = HORSEPLAY.new_game(NAMES[:4], {"teams": True}, rng=SeededRng(1))
    state = HORSEPLAY.resign(state, 0, rng=ScriptedRng([])).state  # Green; partner Blue plays on
    assert HORSEPLAY.outcome(state) is None
    state = HORSEPLAY.resign(state, 1, rng=ScriptedRng([])).state  # Red
    step = HORSEPLAY.resign(state, 3, rng=ScriptedRng([]))  # Black: only Blue's side is left
    outcome = HORSEPLAY.outcome(step.state)
    assert outcome is not None and outcome.winners == (2,)


def test_horseplay_default_is_the_first_legal_move() -> None:
    state = HORSEPLAY.new_game(NAMES[:2], rng=SeededRng(1))
    assert HORSEPLAY.default_action(state, 0) == HORSEPLAY.legal_actions(state, 0)[0]


# High Rollin' -----------------------------------------------------------------------------------

HIGHROLLIN = games.get("highrollin")


def test_highrollin_the_pile_leaves_the_round_and_new_rounds_deal_around_the_leaver() -> None:
    state = HIGHROLLIN.new_game(NAMES[:3], rng=SeededRng(2))
    on_turn = state.turn
    leaver = (on_turn + 1) % 3
    step = HIGHROLLIN.resign(state, leaver, rng=SeededRng(2, 1))
    told = [HIGHROLLIN.narrator.event(e, state.names) for e in step.events]
    assert f"{NAMES[leaver]} leaves the game; 12 dice leave the round." in told
    after = round_trip("highrollin", step.state)
    assert sum(after.piles[leaver]) == 0 and HIGHROLLIN.to_act(after) == (on_turn,)
    # the leaver on turn: the next player still in plays, and a new round deals them nothing
    step = HIGHROLLIN.resign(after, on_turn, rng=SeededRng(2, 2))
    assert HIGHROLLIN.outcome(step.state) is not None, "one player left"
    four = HIGHROLLIN.new_game(NAMES[:4], rng=SeededRng(3))
    gone = four.turn
    left = HIGHROLLIN.resign(four, gone, rng=SeededRng(3, 1)).state
    assert HIGHROLLIN.to_act(left) != (gone,)
    dealt = flow.new_round(left, SeededRng(3, 2), [])
    assert sum(dealt.piles[gone]) == 0 and dealt.turn != gone
    assert not HIGHROLLIN.invariants(dealt)


# Super Cowboy -----------------------------------------------------------------------------------

COWBOY = games.get("cowboy")


def test_cowboy_fields_become_open_range_items_are_discarded_and_the_turn_passes() -> None:
    state = cowboy_position(
        3,
        steers=["c2"],
        fences=ring(["c2"], BOB, players=3),
        fields=[(BOB, ["c2"])],
        hands=[[], ["axe"], []],
        turn=BOB,
    )
    step = COWBOY.resign(state, BOB, rng=ScriptedRng([]))
    said = texts(step)
    assert "bob leaves the game: their field is open range again" in said
    assert "their item goes to the discard pile" in said
    after = round_trip("cowboy", step.state)
    assert after.fields == () and after.hands[BOB] == () and "axe" in after.discard
    assert COWBOY.to_act(after) == (CAROL,)
    assert COWBOY.outcome(after) is None
    end = COWBOY.resign(after, ALICE, rng=ScriptedRng([]))
    outcome = COWBOY.outcome(end.state)
    assert outcome is not None and outcome.winners == (CAROL,)
    assert outcome.reason == "left"
    assert COWBOY.narrator.outcome(outcome, NAMES[:3]) == "the last player left"


def test_cowboy_a_choice_owed_by_the_leaver_is_made_for_them() -> None:
    state = cowboy_position(
        3,
        hands=[["lariat", "axe", "bills"], [], []],
        pending={
            "kind": "discard",
            "seat": ALICE,
            "events": True,
            "choices": ["lariat", "axe", "bills"],
        },
    )
    step = COWBOY.resign(state, ALICE, rng=ScriptedRng([]))
    assert not COWBOY.invariants(step.state)
    assert step.state.pending is None and COWBOY.to_act(step.state) == (BOB,)
    assert len(step.state.discard) == 3
