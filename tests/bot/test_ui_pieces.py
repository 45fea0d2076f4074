"""Choose a piece, then its target (``Ruleset.piece_then_target``): the board offers the pieces
(those that can capture first), as buttons while ten buttons in all are enough, else in one
menu; a piece's moves open privately; every move stays reachable and no list is longer than
the pieces that can move."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from bot import ids, ui
from games.base import Choice
from games.rng import SeededRng
from tests.bot.test_ui import Many, ManyState, check_limits, make_match
from tests.bot.test_ui_notes import positions


class Pieces(Many):
    """``Many`` whose groups are pieces; a piece's last move is a capture (primary) when its
    group number is a multiple of ``captures``."""

    piece_then_target = True
    captures = 3

    def describe_action(self, state: ManyState, seat: int, action: int) -> Choice:
        choice = super().describe_action(state, seat, action)
        if action < state.loose:
            return choice
        group = (action - state.loose) // state.per_group
        last = (action - state.loose) % state.per_group == state.per_group - 1
        primary = last and group % self.captures == 0
        return Choice(f"m{action}", group=f"p{group}", note=choice.note[:20], primary=primary)


@pytest.fixture
def pieces(monkeypatch: pytest.MonkeyPatch) -> Pieces:
    rules = Pieces()
    monkeypatch.setitem(games.RULESETS, "many", rules)
    return rules


def buttons(view: Any) -> list[dict[str, Any]]:
    return [c for row in view.to_components() for c in row["components"] if c["type"] == 2]


def selects(view: Any) -> list[dict[str, Any]]:
    return [c for row in view.to_components() for c in row["components"] if c["type"] == 3]


def reached(match: Any, view: Any) -> set[tuple[int, int]]:
    """Every (seat, action index) reachable: a move's button, a select's option, or the
    private menu a piece's button or the pieces' menu opens."""
    found: set[tuple[int, int]] = set()
    for c in [*buttons(view), *selects(view)]:
        kind, *rest = c["custom_id"].split(":")[1:]
        opened: list[tuple[int, int]] = []
        if kind == "a":
            found.add((int(rest[2]), int(rest[3])))
        elif kind == "s":
            found |= {(int(rest[2]), int(o["value"])) for o in c["options"]}
        elif kind == "q":
            opened.append((int(rest[2]), int(rest[3])))
        elif kind == "g":
            opened += [tuple(map(int, o["value"].split("."))) for o in c["options"]]
        for seat, gi in opened:
            private = ui.group_view(match, seat, ui.groups_of(match, seat)[gi])
            check_limits(private)
            found |= reached(match, private)
    return found


@pytest.mark.parametrize(
    ("groups", "per_group", "loose", "acting"),
    [(2, 3, 0, (0,)), (8, 2, 0, (0,)), (9, 2, 0, (0,)), (12, 4, 0, (0,)), (5, 1, 2, (0,))],
)
def test_pieces_are_buttons_up_to_ten_then_one_menu(
    pieces: Pieces, groups: int, per_group: int, loose: int, acting: tuple[int, ...]
) -> None:
    match = make_match(ManyState(groups, per_group, loose, acting=acting))
    view = ui.build_view(match)
    check_limits(view)
    shown = buttons(view)
    assert len(shown) <= 10
    every = {(s, i) for s in acting for i in range(len(match.legal_actions(s)))}
    assert reached(match, view) == every
    assert all(len(s["options"]) <= groups for s in selects(view)), "a list of pieces at most"
    first = [c for c in shown if c["custom_id"].startswith("rh:q:")]
    menu = [s for s in selects(view) if s["custom_id"].startswith("rh:g:")]
    if groups + loose <= 7:
        assert len(first) == groups and not menu
        assert first[0]["label"] == f"p0 · {per_group} move" + ("s" if per_group > 1 else "")
    else:
        assert not first and len(menu) == 1 and menu[0]["placeholder"] == "Choose a piece…"
    order = [c["label"].split(" ·")[0] for c in first] or [o["label"] for o in menu[0]["options"]]
    capturing = [f"p{g}" for g in range(groups) if g % pieces.captures == 0]
    assert order[: len(capturing)] == capturing, "pieces that can capture first"
    for c in first:
        assert c["style"] == (1 if c["label"].split(" ·")[0] in capturing else 2)
        assert ids.COMPONENTS[3].fullmatch(c["custom_id"]), "a piece's id fits its template"


def test_a_single_piece_shows_its_moves_at_once(pieces: Pieces) -> None:
    match = make_match(ManyState(1, 4, 0))
    labels = [c["label"] for c in buttons(ui.build_view(match))]
    assert labels == ["m0", "m1", "m2", "m3", "Type a move", "Text board", "Moves"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_horseplay_lists_are_never_longer_than_its_movable_pieces(players: int) -> None:
    rules = games.get("horseplay")
    for match in positions("horseplay", players, 1):
        seat = match.to_act()[0]
        movable = {m.start for m in rules.legal_actions(match.state, seat)}
        view = ui.build_view(match)
        assert len(buttons(view)) <= 10
        for s in selects(view):
            assert len(s["options"]) <= len(movable)
        if len(movable) > 1:
            assert all(len(b["label"]) <= 14 for b in buttons(view)[:-3]), "square · moves"


def test_every_move_losing_the_stable_is_said_once_on_the_board() -> None:
    rules = games.get("horseplay")
    said = 0
    for seed in range(6):
        pick = random.Random(seed)
        state = rules.new_game(["a", "b"], rng=SeededRng(seed, 0))
        for ply in range(120):
            if rules.outcome(state) is not None:
                break
            seat = rules.to_act(state)[0]
            legal = rules.legal_actions(state, seat)
            advice = rules.advice(state, seat)
            notes = [rules.describe_action(state, seat, a).note for a in legal]
            if advice:
                said += 1
                square = advice.split("Stable ")[1].split(" ")[0]
                assert not any(f"your Stable {square} open" in n for n in notes)
            state = rules.apply(state, seat, pick.choice(legal), rng=SeededRng(seed, ply)).state
    assert said, "the playouts reach a Stable every move leaves open"
