"""Horseplay Rustling, one move ahead: the warnings on moves, their order, the deadline's move,
a lone move played for you, and the threats the picture marks.

Positions use the short form of ``test_horseplay``: ``"c3:g d4:b"``, a capital for a crown.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.horseplay.state import settle
from games.horseplay.talk import NOTE_LIMIT
from games.horseplay.threats import _pieces, _reach, threats
from games.rng import ScriptedRng, SeededRng
from tests.games.test_horseplay import RULES, move, new, position, texts


def choices(state: Any) -> dict[str, Any]:
    seat = RULES.to_act(state)[0]
    return {
        RULES.format_action(state, a): RULES.describe_action(state, seat, a)
        for a in RULES.legal_actions(state, seat)
    }


def sq(name: str) -> int:
    return (int(name[1:]) - 1) * 9 + "abcdefghi".index(name[0])


def by_rank(state: Any) -> list[str]:
    """Move notation, most useful first (ties keep the menu order)."""
    shown = list(choices(state).items())
    return [name for name, _ in sorted(shown, key=lambda kv: -kv[1].rank)]


def test_a_jump_chain_into_your_empty_stable_is_marked_and_warned() -> None:
    # Blue's c3 can jump Green's b2 and land on a1, Green's empty Stable
    state = position("b2:g e1:g c3:b d4:b h8:b")
    assert threats(state).stables == {sq("a1")}
    assert sq("b2") in threats(state).taken
    shown = choices(state)
    assert shown["b2-a3"].note == "shuts your Stable a1"
    assert "leaves your Stable a1 open" in shown["e1-f2"].note
    assert by_rank(state)[0] == "b2-a3"
    assert RULES.format_action(state, RULES.default_action(state, 0)) == "b2-a3"
    # left open, Blue takes the Stable and every Green piece with it
    step = move(move(state, "e1-f2").state, "c3xa1")
    assert any("took Green's Stable on a1" in t for t in texts(step))


def test_a_team_partner_is_no_threat_but_the_same_pieces_of_an_enemy_are() -> None:
    # Blue's c3 could jump Green's b2 onto a1, Green's empty Stable: in a free-for-all that is
    # marked and warned; when Blue is Green's partner nothing is
    pieces = "b2:g e1:g c3:b d4:b h8:b e5:r i5:k"
    alone = position(pieces, players=4)
    assert threats(alone).stables == {sq("a1")} and threats(alone).taken == {sq("b2")}
    assert choices(alone)["b2-a3"].note == "shuts your Stable a1"
    partners = position(pieces, players=4, teams=True)
    assert threats(partners).stables == set() and threats(partners).taken == set()
    assert all(choice.note == "" for choice in choices(partners).values())


def test_a_capture_ranks_above_a_plain_move_that_gets_a_piece_huffed() -> None:
    state = position("c3:g g3:g h4:b b8:b")
    seat = RULES.to_act(state)[0]
    assert RULES.format_action(state, RULES.legal_actions(state, seat)[0]) == "c3-b4"
    assert threats(state).huff == sq("g3")
    shown = choices(state)
    assert shown["c3-b4"].note.startswith("you could take: your piece on g3 will be huffed")
    assert shown["g3-f4"].note.startswith("this piece could take: it will be huffed")
    assert shown["g3xi5"].rank > max(c.rank for name, c in shown.items() if name != "g3xi5")
    # the deadline plays the capture, not the first move in the menu
    assert RULES.format_action(state, RULES.default_action(state, seat)) == "g3xi5"


def test_without_a_capture_the_deadline_plays_a_move_that_cannot_be_taken() -> None:
    state = position("c3:g a5:b h8:b")
    shown = choices(state)
    assert shown["c3-b4"].note == "can be taken on b4"
    assert shown["c3-d4"].note == ""
    assert RULES.format_action(state, RULES.default_action(state, 0)) == "c3-d4"
    step = move(state, "c3-b4")
    assert sq("b4") in threats(step.state).taken


def test_taking_a_stable_ranks_first_and_says_so() -> None:
    state = position("h8:g c3:g d4:b f6:b", to_move="green")
    shown = choices(state)
    assert "takes Blue's Stable" in shown["h8-i9"].note
    assert by_rank(state)[0] == "h8-i9"


def test_a_lone_legal_move_is_played_without_asking_and_says_so() -> None:
    state = position("a7:g e9:b")
    only = RULES.forced_action(state, 0)
    assert only is not None and RULES.format_action(state, only) == "a7-b8"
    assert RULES.forced_action(state, 1) is None, "not the seat to move"
    step = RULES.apply(state, 0, only, rng=ScriptedRng([]))
    assert texts(step)[0] == "alice (Green) moved a7-b8 (its only move)."
    assert RULES.forced_action(new(2), 0) is None, "a choice is left to the player"


def _playouts(players: int, options: dict[str, Any], seeds: range, plies: int = 200) -> Any:
    for seed in seeds:
        pick = random.Random(seed)
        state = RULES.new_game(["a", "b", "c", "d"][:players], options, rng=SeededRng(seed))
        for _ in range(plies):
            if RULES.outcome(state) is not None:
                break
            yield state
            seat = RULES.to_act(state)[0]
            actions = RULES.legal_actions(state, seat)
            captures = [a for a in actions if a.is_capture]
            action = pick.choice(captures or actions)
            state = RULES.apply(state, seat, action, rng=SeededRng(0)).state


@pytest.mark.parametrize("options", [{}, {"flying_crowns": True}, {"forced_capture": True}])
def test_the_open_stable_warning_is_exact_with_two_players(options: dict[str, Any]) -> None:
    """With two players a move warns "leaves your Stable ... open" exactly when the opponent
    can then end a move on that Stable and capture it (``settle`` is what ``apply`` does to
    the board): on the move itself, or once on the board when every move does."""
    warned = said_once = 0
    for state in _playouts(2, options, range(8), plies=80):
        seat = RULES.to_act(state)[0]
        mover = state.to_move
        advice = RULES.advice(state, seat)
        said_once += bool(advice)
        for action in RULES.legal_actions(state, seat):
            after = RULES.apply(state, seat, action, rng=SeededRng(0)).state
            if RULES.outcome(after) is not None or after.to_move == mover:
                continue
            note = f"{RULES.describe_action(state, seat, action).note} {advice}".lower()
            them = RULES.to_act(after)[0]
            falls = any(
                settle(after, reply).stable is not None
                for reply in RULES.legal_actions(after, them)
            )
            assert ("leaves your stable" in note) == falls, (RULES.dump(state), action, note)
            warned += falls
    assert warned, "the playouts reach open Stables"
    assert said_once, "and positions where every move leaves the Stable open"


def test_notes_stay_short_and_the_deadline_move_is_legal_and_best() -> None:
    for state in _playouts(4, {}, range(6)):
        seat = RULES.to_act(state)[0]
        shown = choices(state)
        assert all(len(c.note) <= NOTE_LIMIT for c in shown.values())
        best = RULES.default_action(state, seat)
        assert best in RULES.legal_actions(state, seat)
        assert shown[RULES.format_action(state, best)].rank == max(c.rank for c in shown.values())


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (4, {}),
        (4, {"teams": True}),
        (2, {"flying_crowns": True}),
        (4, {"forced_capture": True, "flying_crowns": True}),
        (4, {"size": 11, "miss_a_turn": True}),
    ],
)
def test_the_warnings_see_after_each_move_what_a_full_look_at_that_board_sees(
    players: int, options: dict[str, Any]
) -> None:
    """The notes work out only the moves of the pieces a move disturbs and keep the others';
    every warning they give (Stables open, pieces that can be taken) is what looking at every
    piece on the board after the move gives."""
    looked = 0
    for state in _playouts(players, options, range(4), plies=60):
        pieces = _pieces(state)
        for action in state.legal(state.to_move):
            after = settle(state, action).board
            changed = frozenset(i for i, c in enumerate(state.board) if after[i] != c)
            assert _reach(state, after, pieces, changed) == _reach(state, after), (
                RULES.dump(state),
                action,
            )
            looked += 1
    assert looked > 100
