"""Fields: closing fences claim, streams and homestead sides count, the board edge does not."""

from __future__ import annotations

import random

import pytest
from test_cowboy_kit import (
    ALICE,
    BOB,
    RULES,
    field_owners,
    legal,
    play,
    position,
    ring,
    said,
)

from games.base import IllegalAction
from games.cowboy.fields import closed_regions, herd, newly_closed
from games.cowboy.state import CowboyState
from games.rng import SeededRng


def _without(fences: list[tuple[str, int]], edge: str) -> list[tuple[str, int]]:
    assert any(e == edge for e, _ in fences), edge
    return [(e, o) for e, o in fences if e != edge]


def test_the_closing_fence_claims_a_simple_box() -> None:
    state = position(
        cowboys=["G2", "A13"], fences=[("G2-H2", ALICE), ("G3-H3", BOB), ("H2-H3", ALICE)]
    )
    state = play(state, ALICE, "move n").state
    assert "fence" in legal(state, ALICE)
    step = play(state, ALICE, "fence")
    assert field_owners(step.state) == {"g2": ALICE}
    assert "alice builds a fence between f2 and g2 (9 left)" in said(step)
    assert "alice closes a field of 1 square (g2)" in said(step)
    # whoever builds the last fence owns the field, whoever built the others
    assert step.state.fences_left[ALICE] == 9


def test_steers_inside_a_newly_closed_field_are_penned_at_once() -> None:
    state = position(
        cowboys=["G2", "A13"],
        steers=["g2"],
        fences=[("G2-H2", ALICE), ("G3-H3", ALICE), ("H2-H3", ALICE)],
    )
    state = play(state, ALICE, "move n").state
    step = play(state, ALICE, "fence")
    assert "with 1 steer inside" in said(step)
    assert herd(step.state, ALICE) == 1


def test_the_board_edge_is_not_a_fence_but_a_fence_may_go_on_it() -> None:
    state = position(cowboys=["H2", "A13"], fences=[("H2-I2", ALICE), ("I1-I2", ALICE)])
    state = play(state, ALICE, "move s").state
    step = play(state, ALICE, "fence")
    assert step.state.fields == ()  # h1 still opens onto the board edge
    # next turn: a fence along the board edge closes it
    state = step.state
    state = play(state, BOB, "end").state
    state = play(state, ALICE, "move e").state
    step = play(state, ALICE, "fence")
    assert "on the south side of h1" in said(step)
    assert field_owners(step.state) == {"h1": ALICE}


def test_streams_count_as_fences() -> None:
    # a creek runs west of k2-k3 and north of k3-l3; the rest needs fences
    state = position(
        cowboys=["M4", "A13"], fences=[("K2-L2", ALICE), ("L2-M2", ALICE), ("M2-M3", ALICE)]
    )
    state = play(state, ALICE, "move s").state
    step = play(state, ALICE, "fence")
    assert field_owners(step.state) == {"k2": 0, "k3": 0, "l2": 0, "l3": 0}


def test_homestead_sides_count_as_fences_and_homesteads_are_never_in_a_field() -> None:
    state = position(cowboys=["A8", "G13"], fences=[("A8-B8", ALICE), ("A7-B7", ALICE)])
    state = play(state, ALICE, "move s").state
    step = play(state, ALICE, "fence")
    assert field_owners(step.state) == {"a7": ALICE}
    # riding along the homestead's east side leaves nothing to fence
    state = position(cowboys=["C7", "G13"])
    state = play(state, ALICE, "move n").state
    assert "fence" not in legal(state, ALICE)
    with pytest.raises(IllegalAction, match="homestead's side"):
        RULES.parse_action(state, ALICE, "fence")


def test_a_fence_never_goes_on_a_stream_or_another_fence() -> None:
    state = position(cowboys=["K2", "A13"])
    moved = play(state, ALICE, "move n").state  # along K2-K3, the creek
    with pytest.raises(IllegalAction, match="stream runs between j2 and k2"):
        RULES.parse_action(moved, ALICE, "fence")
    state = position(cowboys=["E3", "A13"], fences=[("E3-E4", BOB)])
    moved = play(state, ALICE, "move n").state
    with pytest.raises(IllegalAction, match="fence between d3 and e3 already"):
        RULES.parse_action(moved, ALICE, "fence")
    state = position(cowboys=["E3", "A13"], fences_left=[0, 10])
    moved = play(state, ALICE, "move n").state
    with pytest.raises(IllegalAction, match="no fences left"):
        RULES.parse_action(moved, ALICE, "fence")
    # and no fence without moving first
    with pytest.raises(IllegalAction, match="move first"):
        RULES.parse_action(state, ALICE, "fence")


def test_a_field_may_hold_another_players_field() -> None:
    inner = ring(["e2"], BOB)
    outer = ring(["d1", "d2", "d3", "e1", "e2", "e3", "f1", "f2", "f3"], ALICE)
    state = position(
        cowboys=["D2", "A13"],
        fences=inner + _without(outer, "D2-D3"),
        fields=[(BOB, ["e2"])],
        steers=["e2", "d1"],
    )
    state = play(state, ALICE, "move n").state
    step = play(state, ALICE, "fence")
    owners = field_owners(step.state)
    assert owners.pop("e2") == BOB
    assert set(owners) == {"d1", "d2", "d3", "e1", "e3", "f1", "f2", "f3"}
    assert set(owners.values()) == {ALICE}
    assert "closes a field of 8 squares" in said(step)
    assert herd(step.state, ALICE) == 1 and herd(step.state, BOB) == 1


def _bobs_pair(steers: list[str]) -> CowboyState:
    return position(
        cowboys=["H2", "A13"],
        fences=ring(["g2", "h2"], BOB),
        fields=[(BOB, ["g2", "h2"])],
        steers=steers,
    )


def test_splitting_another_field_claims_the_part_without_their_steers() -> None:
    state = play(_bobs_pair(["g2"]), ALICE, "move n").state
    step = play(state, ALICE, "fence")
    assert field_owners(step.state) == {"g2": BOB, "h2": ALICE}
    assert "alice splits bob's field and claims 1 square (h2)" in said(step)


def test_splitting_an_empty_field_lets_the_builder_choose() -> None:
    state = play(_bobs_pair([]), ALICE, "move n").state
    step = play(state, ALICE, "fence")
    assert RULES.to_act(step.state) == (ALICE,)
    assert legal(step.state, ALICE) == ["claim g2", "claim h2"]
    # the quiet event card is drawn once the claim is made
    step = play(step.state, ALICE, "claim g2")
    assert field_owners(step.state) == {"g2": ALICE, "h2": BOB}
    assert "alice draws United States Cavalry" in said(step)
    assert RULES.to_act(step.state) == (BOB,)


def test_splitting_a_field_with_steers_in_every_part_claims_nothing() -> None:
    state = play(_bobs_pair(["g2", "h2"]), ALICE, "move n").state
    step = play(state, ALICE, "fence")
    assert field_owners(step.state) == {"g2": BOB, "h2": BOB}
    assert len(step.state.fields) == 2
    assert "every part holds bob's steers" in said(step)


def test_dividing_your_own_field_keeps_both_parts() -> None:
    state = position(
        cowboys=["H2", "A13"], fences=ring(["g2", "h2"], ALICE), fields=[(ALICE, ["g2", "h2"])]
    )
    state = play(state, ALICE, "move n").state
    step = play(state, ALICE, "fence")
    assert field_owners(step.state) == {"g2": ALICE, "h2": ALICE}
    assert len(step.state.fields) == 2


def test_a_position_with_an_open_field_does_not_load() -> None:
    with pytest.raises(Exception, match="not a closed area"):
        position(fences=ring(["g2"], ALICE)[:3], fields=[(ALICE, ["g2"])])


def test_what_a_fence_would_close_is_what_the_whole_board_says() -> None:
    # every edge of seeded games' positions: the regions walked from beside the edge are the
    # closed regions of the whole board with the fence, less those without it
    checked = closing = 0
    for seed in range(4):
        state = RULES.new_game(["a", "b", "c", "d"][: 2 + seed % 3], {}, rng=SeededRng(seed))
        pick = random.Random(seed)
        for ply in range(1, 400):
            if RULES.outcome(state) is not None:
                break
            seat = RULES.to_act(state)[0]
            action = pick.choice(RULES.legal_actions(state, seat))
            state = RULES.apply(state, seat, action, rng=SeededRng(seed, ply)).state
            if ply % 25:
                continue
            board = state.board
            fences = frozenset(e for e, _ in state.fences)
            before = closed_regions(board, fences)
            for edge in range(board.edge_count):
                whole = closed_regions(board, fences | {edge}) - before
                assert set(newly_closed(board, fences, edge)) == whole
                checked += 1
                closing += bool(whole)
    assert checked > 1000 and closing > 10, (checked, closing)
