"""The events phase: every card, random edge tiles, items, lost turns, reshuffle, round limit."""

from __future__ import annotations

import pytest
from test_cowboy_kit import (
    ALICE,
    BOB,
    CAROL,
    NAMES,
    NE,
    RULES,
    SW,
    E,
    N,
    S,
    W,
    legal,
    names_of,
    play,
    position,
    ring,
    said,
    stack,
)

from games.base import GameOver, NotYourTurn, Step
from games.cowboy.fields import herd
from games.cowboy.state import CowboyState, End
from games.rng import SeededRng


def _draw(card: str, *rolls: object, players: int = 2, **kw: object) -> Step[CowboyState]:
    state = position(players, deck=[card, "cavalry"], **kw)  # type: ignore[arg-type]
    return play(state, ALICE, "end", *rolls)


def test_a_roaming_steer_comes_to_a_random_edge_tile_and_the_drawer_picks_the_square() -> None:
    step = _draw("steer", N)
    assert "The compass shows 1 (north): the tile e9-h12." in said(step)
    assert RULES.to_act(step.state) == (ALICE,)
    assert legal(step.state, ALICE) == ["place e12", "place f12", "place g12", "place h12"]
    # four squares: four buttons, one tap each
    choice = RULES.describe_action(
        step.state, ALICE, RULES.parse_action(step.state, ALICE, "place f12")
    )
    assert (choice.label, choice.group) == ("Put it on f12", None)
    step = play(step.state, ALICE, "place f12")
    assert names_of(step.state, step.state.steers) == {"f12"}
    assert step.state.turn == BOB  # the choice ends the events phase


def test_placing_prefers_free_squares_outside_any_field() -> None:
    # f12 has a steer, g12 is fenced in: e12 and h12 are left, outside first
    step = _draw("steer", N, steers=["f12"], fences=ring(["g12"], BOB), fields=[(BOB, ["g12"])])
    assert legal(step.state, ALICE) == ["place e12", "place h12"]
    # when only fenced squares are free, a steer may land in a field (and count there)
    step = _draw(
        "steer", N, steers=["e12", "f12", "h12"], fences=ring(["g12"], BOB),
        fields=[(BOB, ["g12"])],
    )  # fmt: skip
    assert "A roaming steer arrives on g12." in said(step)
    assert herd(step.state, BOB) == 1


def test_a_corner_roll_names_the_corner_tile_and_its_edge_squares() -> None:
    step = _draw("indian", NE)
    # i12 is a homestead; the corner tile's other board-edge squares are offered
    assert legal(step.state, ALICE) == [
        "place l9", "place l10", "place l11", "place j12", "place k12", "place l12",
    ]  # fmt: skip


def test_on_the_big_board_a_side_roll_picks_one_middle_tile_at_random() -> None:
    state = position(3, deck=["twister", "cavalry"])
    step = play(state, ALICE, "end", E, (3, 2))
    assert "the tile m9-p12 (one of the two middle tiles, at random)" in said(step)
    assert legal(step.state, ALICE) == ["place p9", "place p10", "place p11", "place p12"]


def test_a_card_whose_supply_is_empty_does_nothing() -> None:
    step = _draw("twister", twisters=["c3", "d3"])
    assert "No twister tokens are left in the supply; nothing happens." in said(step)
    step = _draw("indian", indians=["c3", "d3", "e3", "f3"])
    assert "No Indian tokens are left" in said(step)
    step = _draw("bandit", bandit="G7")
    assert "The Bandit is already on the range" in said(step)


def test_the_bandit_comes_to_a_side_tile_centre_or_an_outside_corner() -> None:
    step = _draw("bandit", S)
    assert "The Bandit rides in to the SW corner of g3" in said(step)
    step = _draw("bandit", SW)
    assert "The Bandit rides in to the SW corner of a1" in said(step)
    step = _draw("bandit", S, cowboys=["G3", "A13"])
    assert "the Bandit does not show up" in said(step)


def test_pilgrims_arrive_at_a_tile_centre_heading_across() -> None:
    step = _draw("pilgrims", W)
    assert "Pilgrims arrive on the SW corner of c7, heading east." in said(step)
    assert step.state.pilgrims == ((step.state.board.parse_point("C7"), E),)


def test_the_cavalry_removes_an_indian_or_the_bandit() -> None:
    step = _draw("cavalry", indians=["c3"], bandit="G7")
    assert legal(step.state, ALICE) == ["remove c3", "remove bandit"]
    step = play(step.state, ALICE, "remove bandit")
    assert step.state.bandit is None and "drives the Bandit off the SW corner of g7" in said(step)
    step = _draw("cavalry", indians=["c3"])
    assert step.state.indians == () and step.state.turn == BOB


def test_the_man_with_no_name_and_fire_water_cost_an_opponent_a_turn() -> None:
    step = _draw("noname")
    assert "bob loses a turn: the Man With No Name glares at them." in said(step)
    # bob's turn is skipped, so alice plays again
    assert step.state.turn == ALICE and step.state.lost == (0, 0)
    assert "bob loses this turn." in said(step)
    step = _draw("firewater", players=3)
    assert RULES.to_act(step.state) == (ALICE,)
    assert legal(step.state, ALICE) == ["target bob", "target carol"]
    step = play(step.state, ALICE, "target carol")
    assert "carol loses a turn: they drink the Fire Water." in said(step)
    assert step.state.turn == BOB and step.state.lost == (0, 0, 1)
    step = play(step.state, BOB, "end")
    assert "carol loses this turn." in said(step) and step.state.turn == ALICE
    assert "firewater" in step.state.discard


def test_items_are_kept_up_to_two_and_the_drawer_chooses_a_discard() -> None:
    step = _draw("axe")
    assert step.state.hands[ALICE] == ("axe",) and "alice keeps Axe." in said(step)
    step = _draw("axe", hands=[["lariat", "lariat"], []])
    assert "holds three items and must discard one" in said(step)
    assert legal(step.state, ALICE) == ["discard lariat", "discard axe"]
    with pytest.raises(NotYourTurn):
        RULES.parse_action(step.state, BOB, "end")
    step = play(step.state, ALICE, "discard lucky lariat")
    assert step.state.hands[ALICE] == ("lariat", "axe")
    assert step.state.discard[-1] == "lariat" and step.state.turn == BOB


def test_the_deck_is_reshuffled_from_the_discards_when_it_runs_out() -> None:
    everything = stack()
    state = position(deck=[], discard=everything)
    assert state.deck == ()
    order = list(everything)
    order.remove("cavalry")
    order.insert(0, "cavalry")
    step = play(state, ALICE, "end", order)
    assert "the 54 discards are shuffled into a new deck" in said(step)
    assert len(step.state.deck) == 53 and step.state.discard == ("cavalry",)


def test_the_round_limit_ends_the_game_and_the_most_steers_win() -> None:
    pen = ["d5", "d6"]
    state = position(
        options={"max_rounds": 2}, round=2, turn=BOB, steers=["d5"],
        fences=ring(pen, BOB), fields=[(BOB, pen)],
    )  # fmt: skip
    step = play(state, BOB, "end")
    assert "2 rounds are over: bob wins with 1 steer." in said(step)
    outcome = RULES.outcome(step.state)
    assert outcome.winners == (BOB,) and outcome.scores == (0, 1)
    assert RULES.to_act(step.state) == ()
    mine, theirs = ["d5", "d6"], ["h5", "h6"]
    even = position(
        options={"max_rounds": 1}, turn=BOB, steers=["d5", "h5"],
        fences=ring(mine, ALICE) + ring(theirs, BOB), fields=[(ALICE, mine), (BOB, theirs)],
    )  # fmt: skip
    tie = play(even, BOB, "end")
    assert RULES.outcome(tie.state).winners == (ALICE, BOB)
    assert "alice and bob share the win with 1 steer each." in said(tie)


def test_nobody_wins_a_round_limit_reached_without_a_steer() -> None:
    step = play(position(options={"max_rounds": 1}, turn=BOB), BOB, "end")
    outcome = RULES.outcome(step.state)
    assert outcome.winners == () and outcome.reason == "prairie"
    assert RULES.narrator.outcome(outcome, NAMES) == (
        "nobody has a steer after 1 round: the prairie wins"
    )
    assert "The only round is over and nobody has a steer: the prairie wins." in said(step)
    assert RULES.to_act(step.state) == () and RULES.invariants(step.state) == []
    assert RULES.status_line(step.state).startswith("the prairie wins")
    assert RULES.load(RULES.dump(step.state)) == step.state
    with pytest.raises(GameOver):
        RULES.apply(step.state, ALICE, End(), rng=SeededRng(1))


def test_lost_turns_stack_and_are_skipped_in_order() -> None:
    state = position(3, lost=[0, 2, 0])
    step = play(state, ALICE, "end")
    assert step.state.turn == CAROL and step.state.lost == (0, 1, 0)
    step = play(step.state, CAROL, "end")
    assert step.state.turn == ALICE
    step = play(step.state, ALICE, "end")
    assert step.state.turn == CAROL and step.state.lost == (0, 0, 0)


def test_a_rope_that_makes_five_wins_at_once() -> None:
    pen = ["a2", "a3", "a4", "a5", "a6", "b2", "b3", "b4", "b5", "b6"]
    state = position(
        cowboys=["D5", "A13"], steers=["a2", "a3", "a4", "a5", "c4"],
        fences=ring(pen, ALICE), fields=[(ALICE, pen)],
    )  # fmt: skip
    step = play(state, ALICE, "rope c4 to b6")
    assert "alice has five steers and wins!" in said(step)
    assert "Event for" not in said(step)  # no events phase after a win
    outcome = RULES.outcome(step.state)
    assert outcome.reason == "five"
    assert RULES.narrator.outcome(outcome, NAMES) == "five steers in their fields"
    with pytest.raises(Exception, match="over"):
        RULES.parse_action(step.state, BOB, "end")
