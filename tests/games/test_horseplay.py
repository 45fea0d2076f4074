"""Horseplay Rustling rules, as players see them: set-ups, moves, captures, huffing, Stables,
turns and scores.

Positions are written as ``"c3:g d4:b"``: square, then the colour letter (g green, r red,
b blue, k black); a capital letter is a crown. They are loaded through an edited dump, the same
way a saved game comes back. The game uses no chance, so every ``apply`` gets an empty script.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
import render
from games.base import (
    GameError,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    InvalidState,
    NotYourTurn,
    Step,
)
from games.horseplay import QUIET_ROUNDS, Move
from games.rng import ScriptedRng, SeededRng

RULES = games.get("horseplay")
NAMES = ["alice", "bob", "carol", "dave"]
LETTER = {"g": "green", "r": "red", "b": "blue", "k": "black"}


# Helpers ------------------------------------------------------------------------------------


def new(players: int = 2, **options: Any) -> Any:
    return RULES.new_game(NAMES[:players], options, rng=SeededRng(1))


def position(pieces: str, players: int = 2, to_move: str = "green", **extra: Any) -> Any:
    """A game with exactly ``pieces`` on the board; ``extra`` sets options or dump fields."""
    fields = {
        k: extra.pop(k) for k in list(extra) if k in ("scores", "round", "last_capture_round")
    }
    data = RULES.dump(new(players, **extra))
    data["pieces"] = {
        sq: {"colour": LETTER[ch.lower()], "crown": ch.isupper()}
        for sq, ch in (item.split(":") for item in pieces.split())
    }
    data["to_move"] = to_move
    data.update(fields)
    return RULES.load(data)


def pieces(state: Any) -> str:
    """The board back in the same short form, in reading order from a1."""
    out = []
    for sq, piece in RULES.dump(state)["pieces"].items():
        letter = piece["colour"][0] if piece["colour"] != "black" else "k"
        out.append(f"{sq}:{letter.upper() if piece['crown'] else letter}")
    return " ".join(out)


def move(state: Any, text: str, seat: int | None = None) -> Step[Any]:
    """Type a move for whoever is to act (or ``seat``)."""
    seat = RULES.to_act(state)[0] if seat is None else seat
    return RULES.apply(state, seat, RULES.parse_action(state, seat, text), rng=ScriptedRng([]))


def moves(state: Any, start: str | None = None) -> list[str]:
    seat = RULES.to_act(state)[0]
    out = [RULES.format_action(state, a) for a in RULES.legal_actions(state, seat)]
    return sorted(m for m in out if start is None or m.startswith(start))


def texts(step: Step[Any]) -> list[str]:
    """The move's events in English, as the narrator words them for the players."""
    names = RULES.players(step.state)
    return [RULES.narrator.event(e, names) for e in step.events]


def scores(state: Any) -> dict[str, int]:
    return RULES.dump(state)["scores"]


def perft(state: Any, depth: int) -> int:
    """Leaf positions ``depth`` moves ahead (a finished game is one leaf)."""
    acting = RULES.to_act(state)
    if depth == 0 or not acting:
        return 1
    return sum(
        perft(RULES.apply(state, acting[0], a, rng=ScriptedRng([])).state, depth - 1)
        for a in RULES.legal_actions(state, acting[0])
    )


# Set-ups ------------------------------------------------------------------------------------

SETUPS = {
    (2, 9): {
        "green": "c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3 i3",
        "blue": "a7 c7 e7 g7 i7 b8 d8 f8 h8 c9 e9 g9",
    },
    (4, 9): {
        "green": "c1 e1 g1 d2 f2",
        "red": "a3 b4 a5 b6 a7",
        "blue": "d8 f8 c9 e9 g9",
        "black": "i3 h4 i5 h6 i7",
    },
    (2, 11): {
        "green": "c1 e1 g1 i1 b2 d2 f2 h2 j2 a3 c3 e3 g3 i3 k3",
        "blue": "a9 c9 e9 g9 i9 k9 b10 d10 f10 h10 j10 c11 e11 g11 i11",
    },
    (4, 11): {
        "green": "e1 g1 d2 f2 h2 e3 g3",
        "red": "b4 a5 c5 b6 a7 c7 b8",
        "blue": "e9 g9 d10 f10 h10 e11 g11",
        "black": "j4 i5 k5 j6 i7 k7 j8",
    },
}


@pytest.mark.parametrize(("players", "size"), sorted(SETUPS))
def test_every_set_up_has_its_pieces_on_its_squares(players: int, size: int) -> None:
    data = RULES.dump(new(players, size=size))
    assert data["size"] == size
    placed: dict[str, list[str]] = {}
    for square, piece in data["pieces"].items():
        assert piece["crown"] is False
        placed.setdefault(piece["colour"], []).append(square)
    expected = {c: sorted(s.split()) for c, s in SETUPS[players, size].items()}
    assert {c: sorted(s) for c, s in placed.items()} == expected
    counts = {c: len(s) for c, s in expected.items()}
    if players == 2:
        assert counts == {"green": 12, "blue": 12} if size == 9 else {"green": 15, "blue": 15}
    else:
        assert set(counts.values()) == ({5} if size == 9 else {7})
    corners = {"a1", f"a{size}", f"{'ik'[size == 11]}1", f"{'ik'[size == 11]}{size}"}
    assert not corners & set(data["pieces"]), "Stables start empty"
    assert data["to_move"] == "green"
    assert data["scores"] == dict.fromkeys(expected, 0)


def test_three_players_use_the_four_colour_set_up() -> None:
    three, four = RULES.dump(new(3)), RULES.dump(new(4))
    assert three["pieces"] == four["pieces"]
    assert set(three["scores"]) == {"green", "red", "blue", "black"}


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptions):
        new(2, size=10)
    with pytest.raises(GameError, match="four players"):
        new(2, teams=True)


# Moving -------------------------------------------------------------------------------------

FILLERS = "c1:g a3:r c9:b i3:k"


@pytest.mark.parametrize(
    ("colour", "expected"),
    [
        ("g", ["e5-d6", "e5-f6"]),
        ("r", ["e5-f4", "e5-f6"]),
        ("b", ["e5-d4", "e5-f4"]),
        ("k", ["e5-d4", "e5-d6"]),
    ],
)
def test_men_move_one_square_diagonally_forward_only(colour: str, expected: list[str]) -> None:
    state = position(f"{FILLERS} e5:{colour}", players=4, to_move=LETTER[colour])
    assert moves(state, "e5") == expected


def test_a_man_cannot_move_backwards_and_is_told_what_it_can_do() -> None:
    state = position("e5:g c9:b")
    with pytest.raises(IllegalAction, match="e5 can play: e5-d6, e5-f6"):
        RULES.parse_action(state, 0, "e5-d4")


def test_a_man_reaching_the_far_edge_is_crowned_and_the_move_ends() -> None:
    # After taking d8 the man lands on e9 and is crowned; as a crown it could go on over f8,
    # but crowning ends the move.
    state = position("c7:g d8:b f8:b")
    assert moves(state, "c7x") == ["c7xe9"]
    step = move(state, "c7xe9")
    assert "The Green man on e9 is crowned." in texts(step)
    assert pieces(step.state) == "f8:b e9:G"
    assert RULES.to_act(step.state) == (1,)


def test_crowns_move_one_square_along_any_diagonal() -> None:
    state = position("e5:G c9:b")
    assert moves(state) == ["e5-d4", "e5-d6", "e5-f4", "e5-f6"]


def test_flying_crowns_move_and_capture_at_a_distance() -> None:
    state = position("e5:G c9:b", flying_crowns=True)
    assert len(moves(state)) == 16  # four full diagonals, four squares each
    far = position("a1:G d4:b a3:b", flying_crowns=False)
    assert moves(far) == ["a1-b2"]  # without the option d4 is out of reach
    flying = position("a1:G d4:b a3:b", flying_crowns=True)
    assert moves(flying, "a1x") == ["a1xe5", "a1xf6", "a1xg7", "a1xh8", "a1xi9"]
    step = move(flying, "a1xg7")
    assert pieces(step.state) == "a3:b g7:G"
    assert scores(step.state) == {"green": 10, "blue": 0}


# Captures -----------------------------------------------------------------------------------


def test_a_single_capture_takes_the_piece_and_scores_ten() -> None:
    step = move(position("c3:g d4:b b8:b"), "c3xe5")
    assert pieces(step.state) == "e5:g b8:b"
    assert scores(step.state) == {"green": 10, "blue": 0}
    assert texts(step)[0] == "alice (Green) took a Blue man on d4 with c3xe5 (+10)."


def test_a_chain_must_be_completed() -> None:
    state = position("c3:g d4:b f6:b b8:b")
    assert moves(state, "c3x") == ["c3xe5xg7"]
    with pytest.raises(IllegalAction):
        RULES.parse_action(state, 0, "c3xe5")
    step = move(state, "c3xe5xg7")
    assert pieces(step.state) == "g7:g b8:b"
    assert scores(step.state)["green"] == 20


def test_branching_chains_are_separate_moves_and_a_unique_end_can_be_typed_alone() -> None:
    state = position("c3:g d4:b d6:b f6:b i3:b")
    assert moves(state, "c3x") == ["c3xe5xc7", "c3xe5xg7"]
    assert RULES.format_action(state, RULES.parse_action(state, 0, "c3xg7")) == "c3xe5xg7"
    assert RULES.format_action(state, RULES.parse_action(state, 0, "C3 X E5 X C7")) == "c3xe5xc7"


def test_men_capture_forward_only_but_crowns_capture_backwards() -> None:
    assert moves(position("e5:g d4:b b8:b"), "e5x") == []
    step = move(position("e5:G d4:b b8:b"), "e5xc3")
    assert scores(step.state)["green"] == 10


def test_taking_a_crown_scores_twenty_five() -> None:
    step = move(position("c3:g d4:B b8:b"), "c3xe5")
    assert scores(step.state)["green"] == 25


def test_taking_the_last_piece_wins() -> None:
    step = move(position("c3:g d4:b"), "c3xe5")
    outcome = RULES.outcome(step.state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores == (10, 0)
    assert "bob (Blue) has no pieces left and is out." in texts(step)
    assert RULES.to_act(step.state) == ()
    with pytest.raises(GameOver):
        RULES.parse_action(step.state, 1, "b8-a7")


# Huffing and forced capture -----------------------------------------------------------------


def test_huffing_removes_the_piece_with_the_longest_capture() -> None:
    # a3 could take two (a3xc5xe7), e3 only one (e3xg5); e3 walks away instead.
    state = position("a3:g e3:g b4:b d6:b f4:b h8:b")
    step = move(state, "e3-d4")
    assert "alice (Green) could have taken: the Green man on a3 is huffed (-10)." in texts(step)
    assert pieces(step.state) == "b4:b d4:g f4:b d6:b h8:b"
    assert scores(step.state)["green"] == -10


def test_huffing_prefers_a_crown_and_costs_twenty_five() -> None:
    state = position("c3:g d4:b g5:G h6:b b8:b")
    step = move(state, "c3-b4")
    assert "the Green crown on g5 is huffed (-25)" in texts(step)[1]
    assert scores(step.state)["green"] == -25


def test_huffing_then_goes_by_reading_order_from_a1() -> None:
    state = position("c3:g d4:b g3:g h4:b b8:b")
    step = move(state, "g3-f4")
    assert "the Green man on c3 is huffed" in texts(step)[1]
    assert "f4:g" in pieces(step.state) and "c3:g" not in pieces(step.state)


def test_a_huffed_piece_that_just_moved_goes_from_its_new_square() -> None:
    state = position("c3:g d4:b b8:b")
    choice = RULES.describe_action(state, 0, RULES.parse_action(state, 0, "c3-b4"))
    assert "huffed" in choice.note
    step = move(state, "c3-b4")
    assert "the Green man on b4 is huffed (-10)" in texts(step)[1]
    assert pieces(step.state) == "d4:b b8:b"


def test_a_capture_or_a_move_with_nothing_to_capture_is_never_huffed() -> None:
    step = move(position("c3:g g3:g d4:b b8:b"), "c3xe5")
    assert len(texts(step)) == 1 and scores(step.state)["green"] == 10
    step = move(position("c3:g b8:b"), "c3-d4")
    assert texts(step) == ["alice (Green) moved c3-d4."]


def test_forced_capture_allows_only_captures_and_huffs_nobody() -> None:
    state = position("c3:g g3:g d4:b b8:b", forced_capture=True)
    assert moves(state) == ["c3xe5"]
    with pytest.raises(IllegalAction, match="compulsory"):
        RULES.parse_action(state, 0, "g3-f4")
    step = move(state, "c3xe5")
    assert scores(step.state)["green"] == 10


# Special squares ----------------------------------------------------------------------------


def test_miss_a_turn_skips_the_colour_next_time_round() -> None:
    state = position("c3:g c9:b", size=11)
    step = move(state, "c3-d4")
    assert "alice (Green) ended on the Miss a Turn square d4 and will miss the next turn." in texts(
        step
    )
    assert RULES.to_act(step.state) == (1,)
    step = move(step.state, "c9-b8")
    assert "alice (Green) misses this turn." in texts(step)
    assert RULES.to_act(step.state) == (1,)
    step = move(step.state, "b8-a7")
    assert RULES.to_act(step.state) == (0,) and len(texts(step)) == 1


def test_miss_a_turn_is_only_on_the_big_board_and_can_be_switched_off() -> None:
    for state in (position("c3:g c9:b", size=11, miss_a_turn=False), position("c3:g c9:b")):
        step = move(move(state, "c3-d4").state, "c9-b8")
        assert RULES.to_act(step.state) == (0,)


def test_ending_on_an_enemy_stable_takes_every_piece_of_that_colour() -> None:
    state = position("b8:g a3:r E5:R g9:b i3:k", players=4)
    step = move(state, "b8-a9")
    assert (
        "alice (Green) took Red's Stable on a9: all 2 Red pieces leave the board (+35)."
        in texts(step)
    )
    assert "bob (Red) has no pieces left and is out." in texts(step)
    assert pieces(step.state) == "i3:k a9:G g9:b"
    assert scores(step.state) == {"green": 35, "red": 0, "blue": 0, "black": 0}
    assert RULES.to_act(step.state) == (2,)  # Red is out, so Blue is next


def test_a_stable_only_falls_to_a_move_that_ends_on_it() -> None:
    # Green's own Stable and, in a two-player game, Red's corner are just squares.
    step = move(position("b2:G h8:b"), "b2-a1")
    assert pieces(step.state) == "a1:G h8:b"
    step = move(position("b8:g h8:b"), "b8-a9")
    assert pieces(step.state) == "h8:b a9:G"


def test_centre_win_goes_to_the_first_crown_on_the_centre() -> None:
    step = move(position("d4:G b8:b", centre_win=True), "d4-e5")
    outcome = RULES.outcome(step.state)
    assert outcome is not None and outcome.winners == (0,)
    assert "wins outright" in texts(step)[-1]
    assert RULES.outcome(move(position("d4:g b8:b", centre_win=True), "d4-e5").state) is None
    assert RULES.outcome(move(position("d4:G b8:b"), "d4-e5").state) is None


# Turns ---------------------------------------------------------------------------------------


def test_a_blocked_colour_passes_out_loud() -> None:
    # Blue's only man on b2 has Green men on a1 and c1 ahead and the board edge beyond them;
    # Green cannot take it either, as a3 and c3 are taken.
    state = position("a1:g c1:g a3:g c3:g e3:g b2:b")
    step = move(state, "e3-d4")
    assert "bob (Blue) cannot move and passes." in texts(step)
    assert RULES.to_act(step.state) == (0,)
    assert RULES.legal_actions(step.state, 1) == []
    assert RULES.dump(step.state)["round"] == 2


def test_when_no_colour_can_move_the_game_ends_on_points() -> None:
    # A locked wall: Green on ranks 2-3, Blue on ranks 4-5, every step and jump blocked once
    # Green's last free man steps g1-h2.
    wall = (
        "a3:g c3:g e3:g g3:g i3:g b2:g d2:g f2:g g1:g b4:b d4:b f4:b h4:b a5:b c5:b e5:b g5:b i5:b"
    )
    state = position(wall, scores={"green": 0, "blue": 20})
    assert moves(state) == ["g1-h2"]
    step = move(state, "g1-h2")
    assert texts(step)[1:] == [
        "bob (Blue) cannot move and passes.",
        "alice (Green) cannot move and passes.",
        "No colour can move: the game ends on points.",
        "bob wins on points (20).",
    ]
    outcome = RULES.outcome(step.state)
    assert outcome is not None and outcome.winners == (1,)


def test_team_partners_cannot_capture_each_other_and_win_together() -> None:
    state = position("c3:g d4:b g9:b e7:r h4:k", players=4, teams=True)
    assert moves(state, "c3x") == []
    last = position("c3:g g9:b d4:r", players=4, teams=True)
    step = move(last, "c3xe5")
    outcome = RULES.outcome(step.state)
    assert outcome is not None and outcome.winners == (0, 2)


def test_three_players_one_commands_green_and_blue() -> None:
    state = new(3)
    order = []
    for _ in range(5):
        seat = RULES.to_act(state)[0]
        order.append(seat)
        state = RULES.apply(
            state, seat, RULES.default_action(state, seat), rng=ScriptedRng([])
        ).state
    assert order == [0, 1, 0, 2, 0]
    assert RULES.dump(new(3))["pieces"]["e9"]["colour"] == "blue"
    friends = position("c3:g d4:b a5:r i5:k", players=3)
    assert moves(friends, "c3x") == []
    outcome = RULES.outcome(move(position("c3:g g9:b d4:r", players=3), "c3xe5").state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (10, 0, 0)


def test_fifty_rounds_without_a_capture_end_the_game_on_points() -> None:
    state = position("c3:G g7:B", round=QUIET_ROUNDS, scores={"green": 30, "blue": 10})
    state = move(state, "c3-d4").state
    assert RULES.outcome(state) is None
    step = move(state, "g7-h8")
    assert "50 rounds without a capture: the game ends on points." in texts(step)
    outcome = RULES.outcome(step.state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (30, 10)
    # one round fewer and play goes on
    early = position("c3:G g7:B", round=QUIET_ROUNDS - 1)
    assert RULES.outcome(move(move(early, "c3-d4").state, "g7-h8").state) is None


def test_a_capture_restarts_the_fifty_round_count() -> None:
    state = position("c3:g d4:b b8:b", round=60, last_capture_round=12)
    assert RULES.dump(move(state, "c3xe5").state)["last_capture_round"] == 60


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"size": 11},
        {"flying_crowns": True},
        {"forced_capture": True},
        {"centre_win": True},
        {"teams": True},
    ],
)
def test_random_games_with_every_option_end_cleanly(options: dict[str, Any]) -> None:
    for players in (4,) if options.get("teams") else (2, 3, 4):
        state = new(players, **options)
        pick = random.Random(players)
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            action = pick.choice(RULES.legal_actions(state, seat))
            state = RULES.apply(state, seat, action, rng=ScriptedRng([])).state
            assert RULES.invariants(state) == []
        assert RULES.to_act(state) == ()


# Move counts ----------------------------------------------------------------------------------


def test_perft_two_players_9x9() -> None:
    # Depth 1: only Green's front rank (a3 c3 e3 g3 i3) can move; the edge men a3 and i3 have
    # one square each, the other three two each: 1 + 2 + 2 + 2 + 1 = 8. Blue's front rank is the
    # mirror image: 8 replies to each, and nothing is in reach yet, so depth 2 is 8 * 8 = 64.
    # Depth 3: after any first move Green has 9 (the moved man gains or keeps two squares, the
    # neighbour sharing its target loses one, the men behind the empty square gain one or two):
    # 8 * 8 * 9 = 576.
    state = new(2)
    assert [perft(state, d) for d in (1, 2, 3)] == [8, 64, 576]


def test_perft_two_players_11x11() -> None:
    # Same reasoning on the big board: six front-rank men, two at the edges: 1 + 4 * 2 + 1 = 10;
    # 10 * 10 = 100; then 11 for Green after any first move: 10 * 10 * 11 = 1100.
    state = new(2, size=11)
    assert [perft(state, d) for d in (1, 2, 3)] == [10, 100, 1100]


def test_perft_four_players_9x9() -> None:
    # Green c1 e1 g1 d2 f2: d2 and f2 have two squares each, c1 only b2 and g1 only h2, e1 none:
    # 6. Red's six are the same shape turned: a3-b2, b4-c3/c5, b6-c5/c7, a7-b8. If Green went
    # to b2 or c3 (leaving c1 or d2 empty behind it), Red can jump it instead of the blocked
    # step, still six: depth 2 is 6 * 6 = 36. Blue likewise has six whatever came before
    # (a jump replaces each step that Red blocks): 216.
    state = new(4)
    assert [perft(state, d) for d in (1, 2, 3)] == [6, 36, 216]


# Notation, storage, describing ------------------------------------------------------------------


def test_dump_has_the_agreed_shape() -> None:
    data = RULES.dump(new(2))
    assert data["game"] == "horseplay" and data["format"] == 1
    assert data["pieces"]["c3"] == {"colour": "green", "crown": False}
    assert data["to_move"] == "green"
    assert data["scores"] == {"green": 0, "blue": 0}
    assert RULES.load(data) == new(2)


@pytest.mark.parametrize(
    ("pieces_text", "problem"),
    [
        ("e9:g c7:b", "crowning edge"),
        ("c4:g c7:b", "not a blue square"),
        ("c3:g", "one side"),
        ("c3:r c7:b", "not in play"),
    ],
)
def test_load_refuses_impossible_positions(pieces_text: str, problem: str) -> None:
    with pytest.raises(InvalidState, match=problem):
        position(pieces_text)


def test_typing_errors_say_what_is_right() -> None:
    state = new(2)
    with pytest.raises(InvalidAction, match="c3-d4"):
        RULES.parse_action(state, 0, "move my horse")
    with pytest.raises(IllegalAction, match="not a square"):
        RULES.parse_action(state, 0, "k11-j10")
    with pytest.raises(IllegalAction, match="no Green piece on d4"):
        RULES.parse_action(state, 0, "d4-e5")
    with pytest.raises(IllegalAction, match="cannot move"):
        RULES.parse_action(state, 0, "c1-d2")
    with pytest.raises(NotYourTurn):
        RULES.parse_action(state, 1, "c7-d6")
    assert RULES.parse_action(state, 0, " C3 - D4 ") == Move((20, 30))


def test_moves_are_grouped_by_the_piece_that_moves() -> None:
    state = new(2)
    choices = [RULES.describe_action(state, 0, a) for a in RULES.legal_actions(state, 0)]
    assert [c.group for c in choices][:3] == ["a3", "c3", "c3"]
    assert [c.label for c in choices][:3] == ["a3-b4", "c3-b4", "c3-d4"]
    capture = position("c3:g d4:b f6:b b8:b")
    choice = RULES.describe_action(capture, 0, RULES.parse_action(capture, 0, "c3xe5xg7"))
    assert choice.label == "c3xe5xg7 (takes 2)" and choice.group == "c3"


def test_the_board_draws_with_the_last_move() -> None:
    state = position("c3:g d4:b f6:b b8:b")
    last = RULES.parse_action(state, 0, "c3xe5xg7")
    png = render.draw(
        "horseplay", RULES.apply(state, 0, last, rng=ScriptedRng([])).state, last=last, seat=0
    )
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 200_000
