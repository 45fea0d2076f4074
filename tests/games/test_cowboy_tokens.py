"""MOOOOOVE: every token moves by the compass, in order, with its own blocking rules."""

from __future__ import annotations

from test_cowboy_kit import (
    ALICE,
    BOB,
    NE,
    RULES,
    SW,
    E,
    N,
    S,
    W,
    names_of,
    play,
    position,
    ring,
    said,
    told,
)

from games.base import Step
from games.cowboy.fields import herd
from games.cowboy.state import CowboyState


def _moove(*rolls: int, **kw: object) -> Step[CowboyState]:
    """alice ends her turn and draws MOOOOOVE with the given compass rolls."""
    state = position(deck=["moove", "cavalry"], **kw)  # type: ignore[arg-type]
    return play(state, ALICE, "end", *rolls)


def test_tokens_move_in_order_twisters_indians_steers_bandit_pilgrims() -> None:
    step = _moove(
        E, E, N, S, E,
        twisters=["c3"], indians=["i9"], steers=["e6"], bandit="F10", pilgrims=[("K11", "W")],
    )  # fmt: skip
    text = said(step)
    order = [
        text.index("The twister on c3 rolls 3 (east) to d3"),
        text.index("The twister on d3 rolls 3 (east) to e3"),
        text.index("The Indians on i9 roll 1 (north) to i10"),
        text.index("The steer on e6 rolls 5 (south) to e5"),
        text.index("The Bandit on F10 rolls 3 (east) to G10"),
        text.index("The Pilgrim on K11 walks west to J11"),
    ]
    assert order == sorted(order)
    s = step.state
    assert names_of(s, s.twisters) == {"e3"} and names_of(s, s.indians) == {"i10"}
    assert names_of(s, s.steers) == {"e5"}
    assert s.board.point_name(s.bandit) == "G10"
    assert [t.token for t in s.trail] == ["twister", "twister", "indian", "steer", "bandit",
                                          "pilgrim"]  # fmt: skip


def test_nothing_moves_on_an_empty_range_and_penned_steers_stay() -> None:
    step = _moove(steers=["g2"], fences=ring(["g2"], BOB), fields=[(BOB, ["g2"])])
    assert "alice draws MOOOOOVE! — nothing on the range moves." in said(step)


def test_steers_stop_at_fences_water_and_homesteads() -> None:
    step = _moove(W, N, W, steers=["g5", "k2", "c7"], fences=[("G6-H6", BOB)])
    text = said(step)
    assert "The steer on g5 rolls 1 (north), but a fence stops it." in text
    assert "The steer on k2 rolls 7 (west), but water stops it." in text
    assert "The steer on c7 rolls 7 (west), but a homestead stops it." in text
    assert names_of(step.state, step.state.steers) == {"g5", "k2", "c7"}


def test_a_diagonal_step_is_blocked_by_a_wall_on_either_half_step() -> None:
    # e4 north-east to f5 passes the corner F5; the fence under f5 blocks the way
    step = _moove(NE, steers=["e4"], fences=[("F5-G5", BOB)])
    assert "but a fence stops it" in said(step)
    step = _moove(NE, steers=["e4"], fences=[("G5-H5", BOB)])
    assert names_of(step.state, step.state.steers) == {"f5"}


def test_steers_leave_the_board_and_never_share_a_square() -> None:
    step = _moove(SW, N, S, steers=["a1", "e6", "e7"])
    text = said(step)
    assert "The steer on a1 rolls 6 (south-west) and wanders off the prairie." in text
    assert "a steer stands on e7" in text
    assert step.state.supply[0] == 24 - 2


def test_steers_walking_into_indians_are_eaten_and_into_twisters_thrown() -> None:
    # the Indians move first: a homestead keeps them on c7, then the steer walks in
    step = _moove(W, W, steers=["d7"], indians=["c7"])
    assert "The Indians on c7 eat the steer." in said(step)
    assert step.state.steers == ()
    # the twisters move first, two steps west, to i9; then the steer walks into it
    step = _moove(W, W, E, S, twisters=["k9"], steers=["h9"])
    text = said(step)
    assert "The steer on h9 rolls 3 (east) to i9." in text
    assert "The twister on i9 throws the steer: 5 (south), to i8." in text


def test_indians_cross_fences_and_water_but_not_homesteads() -> None:
    step = _moove(N, W, W, indians=["k2", "c7", "e2"], fences=[("E3-F3", BOB)])
    text = said(step)
    assert "The Indians on k2 roll 7 (west) to j2." in text
    assert "The Indians on c7 roll 7 (west), but a homestead is in the way" in text
    assert "The Indians on e2 roll 1 (north) to e3." in text


def test_indians_raid_steers_and_printed_steers() -> None:
    step = _moove(E, E, indians=["i7", "c5"], steers=["d5"])
    text = said(step)
    assert "The Indians raid j7: the printed steer gets a Stolen Steer token." in text
    assert "The Indians raid d5 and eat the steer there." in text
    assert names_of(step.state, step.state.stolen) == {"j7"}
    assert step.state.steers == ()


def test_indians_never_share_a_square() -> None:
    step = _moove(E, W, indians=["c5", "d5"])
    text = said(step)
    assert "other Indians are on d5" in text


def test_twisters_tear_down_fences_and_break_fields() -> None:
    state_fences = ring(["g2"], BOB)
    step = _moove(
        E, N, S, N, twisters=["f2"], steers=["g2"], fences=state_fences, fields=[(BOB, ["g2"])]
    )
    text = said(step)
    assert (
        "The twister on f2 rolls 3 (east) to g2, tearing down 1 fence "
        "(bob's fence between f2 and g2)." in text
    )
    assert "bob's field at g2 is broken open and lost" in text
    # it landed on the steer and threw it north, then took its second step south
    assert "The twister on g2 throws the steer: 1 (north), to g3." in text
    assert (
        "The twister on g2 rolls 5 (south) to g1, tearing down 1 fence "
        "(bob's fence between g1 and g2)" in text
    )
    assert step.state.fields == () and herd(step.state, BOB) == 0


def test_a_diagonal_twister_step_tears_down_every_fence_at_the_corner() -> None:
    fences = [("F4-F5", ALICE), ("F5-F6", BOB), ("E5-F5", ALICE), ("F5-G5", BOB), ("A1-A2", BOB)]
    step = _moove(NE, N, twisters=["e4"], fences=fences)
    assert "tearing down 4 fences" in said(step)
    assert [step.state.board.edge_name(e) for e, _ in step.state.fences] == ["A1-A2"]


def test_a_twister_throws_a_steer_over_fences_into_a_field() -> None:
    step = _moove(
        E, E, W,
        twisters=["c6"], steers=["d6"], fences=ring(["e6"], ALICE), fields=[(ALICE, ["e6"])],
    )  # fmt: skip
    text = said(step)
    assert "The twister on d6 throws the steer: 3 (east), to e6, into alice's field." in text
    assert herd(step.state, ALICE) == 1


def test_win_checked_mid_event_stops_everything_else() -> None:
    pen = ["a2", "a3", "a4", "a5", "a6", "b2", "b3", "b4", "b5", "b6"]
    # alice has four penned steers; a twister throws a fifth in; the Indian never moves
    step = _moove(
        W, W,
        twisters=["d4"], steers=["a2", "a3", "a4", "a5", "c4"], indians=["k8"],
        fences=ring(pen, ALICE), fields=[(ALICE, pen)],
    )  # fmt: skip
    text = said(step)
    assert "The twister on c4 throws the steer: 7 (west), to b4, into alice's field." in text
    assert "alice has five steers and wins!" in text
    assert RULES.outcome(step.state).winners == (ALICE,)
    assert RULES.to_act(step.state) == ()
    assert "The Indians on k8" not in text


def test_twisters_block_each_other_and_leave_the_board() -> None:
    step = _moove(E, W, W, N, twisters=["c4", "d4"])
    text = said(step)
    assert "another twister is on d4; it stays." in text
    step = _moove(W, twisters=["a4"])
    assert "spins off the board" in said(step)
    assert step.state.twisters == () and step.state.supply[2] == 2


def test_the_bandit_moves_is_blocked_and_rides_off() -> None:
    step = _moove(S, bandit="G5", cowboys=["G4", "A13"])
    assert "someone is in his way; he stays" in said(step)
    step = _moove(W, bandit="A5")
    assert "rides off the board" in said(step)
    assert step.state.bandit is None and step.state.supply[3] == 1


def test_pilgrims_cross_the_board_and_leave_at_the_far_edge() -> None:
    step = _moove(pilgrims=[("B7", "W")])
    assert "leaves the range at the far edge" in said(step)
    assert step.state.pilgrims == () and step.state.supply[4] == 2
    step = _moove(pilgrims=[("E7", "W")], cowboys=["D7", "A13"])
    assert "someone is in the way; they wait" in said(step)
    step = _moove(pilgrims=[("E7", "SW")], cowboys=["D7", "A13"])
    assert "they wait" in said(step)  # a diagonal's half-step D7 is taken


def test_stampede_moves_every_roaming_steer_one_way_over_fences_and_water() -> None:
    state = position(
        deck=["stampede", "cavalry"],
        steers=["g5", "h5", "k2", "c7", "d8", "i2"],
        fences=[("H5-H6", BOB), *ring(["i2"], BOB)],
        fields=[(BOB, ["i2"])],
    )
    step = play(state, ALICE, "end", W)
    text = said(step)
    assert (
        "alice draws Stampede! — the herd stampedes 7 (west): 5 roaming steers run (1 stopped)."
        in text
    )
    assert "The steer on c7 runs west, but a homestead stops it." in text
    s = step.state
    # g5 runs first (front-runner), h5 follows into g5's old square over the fence;
    # k2 jumps the creek, c7 stays outside the homestead, d8 runs to c8; i2 is penned
    assert names_of(s, s.steers) == {"f5", "g5", "j2", "c7", "c8", "i2"}


def test_a_moove_is_one_line_and_each_path_is_detail() -> None:
    step = _moove(
        E, E, N, S, NE, E,
        twisters=["c3"], indians=["i9"], steers=["e6", "l12"], bandit="F10",
        pilgrims=[("K11", "W")],
    )  # fmt: skip
    main = told(step, minor=False)
    assert main == [  # ending the turn is detail: the card says the turn is over
        "alice draws MOOOOOVE! — the twister takes 2 steps, Indians on 1 square ride, "
        "2 roaming steers step (1 off the prairie), the Bandit rides, the Pilgrim walks.",
    ]
    detail = told(step, minor=True)
    assert "The steer on l12 rolls 2 (north-east) and wanders off the prairie." in detail
    assert len(detail) == 8


def test_a_steer_stampeding_into_a_field_is_told_beside_the_summary() -> None:
    state = position(
        deck=["stampede", "cavalry"], steers=["f2", "b9"], fences=ring(["g2"], BOB),
        fields=[(BOB, ["g2"])],
    )  # fmt: skip
    step = play(state, ALICE, "end", E)
    main = told(step, minor=False)
    assert main[-1] == "The steer on f2 runs east to g2, into bob's field."
    assert "The steer on b9 runs east to c9." in said(step)
    assert len(main) == 2  # the card and the stampede, the steer that changed hands


def test_a_steer_stampeding_off_the_board_is_told_in_a_whole_sentence() -> None:
    state = position(deck=["stampede", "cavalry"], steers=["a5"])
    text = said(play(state, ALICE, "end", W))
    assert "The steer on a5 runs west off the prairie." in text
    assert "the herd stampedes 7 (west): 1 roaming steer runs (1 off the prairie)." in text
