"""The generic action UI always fits Discord's component limits, however many moves there are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

import games
from bot import ui
from bot.matches import Match, Seat
from games.base import Choice, Outcome, Ruleset, Step


@dataclass(frozen=True)
class ManyState:
    groups: int
    per_group: int
    loose: int
    acting: tuple[int, ...] = (0,)


class Many(Ruleset[ManyState, int]):
    """A test game with as many moves as a test wants: ``loose`` buttons plus grouped ones."""

    key = "many"
    title = "Many Moves"
    min_players = 1
    max_players = 4

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, *, rng: Any
    ) -> ManyState:
        return ManyState(1, 1, 1)

    def to_act(self, state: ManyState) -> tuple[int, ...]:
        return state.acting

    def legal_actions(self, state: ManyState, seat: int) -> list[int]:
        return list(range(state.loose + state.groups * state.per_group))

    def describe_action(self, state: ManyState, seat: int, action: int) -> Choice:
        if action < state.loose:
            return Choice(f"Button {action} " + "x" * 90)
        group = (action - state.loose) // state.per_group
        return Choice(f"Move {action} " + "y" * 120, group=f"Group {group}", note="n" * 150)

    def apply(self, state: ManyState, seat: int, action: int, *, rng: Any) -> Step[ManyState]:
        return Step(state)

    def parse_action(self, state: ManyState, seat: int, text: str) -> int:
        return int(text)

    def format_action(self, state: ManyState, action: int) -> str:
        return str(action)

    def outcome(self, state: ManyState) -> Outcome | None:
        return None

    def dump(self, state: ManyState) -> dict[str, Any]:
        return {}

    def load(self, data: Mapping[str, Any]) -> ManyState:
        return ManyState(1, 1, 1)

    def players(self, state: ManyState) -> tuple[str, ...]:
        return ("a", "b", "c", "d")

    def options(self, state: ManyState) -> Any:
        return None


@pytest.fixture
def many(monkeypatch: pytest.MonkeyPatch) -> Many:
    rules = Many()
    monkeypatch.setitem(games.RULESETS, "many", rules)
    return rules


def make_match(state: ManyState) -> Match:
    seats = [Seat(i, 100 + i, n) for i, n in enumerate("abcd")]
    return Match(
        id=987654321,
        game="many",
        guild_id=1,
        channel_id=2,
        parent_id=None,
        status="active",
        host_id=100,
        seed=1,
        ply=123456,
        options={},
        seats=seats,
        created_at=0,
        updated_at=0,
        state=state,
    )


def check_limits(view: Any) -> list[dict[str, Any]]:
    rows = view.to_components()
    assert 1 <= len(rows) <= 5
    ids = []
    for row in rows:
        parts = row["components"]
        selects = [c for c in parts if c["type"] == 3]
        assert len(parts) <= 5 and (not selects or len(parts) == 1)
        for c in parts:
            ids.append(c["custom_id"])
            assert 1 <= len(c["custom_id"]) <= 100
            if c["type"] == 2:
                assert len(c["label"]) <= 80
            else:
                assert 1 <= len(c["options"]) <= 25 and len(c.get("placeholder", "")) <= 150
                for o in c["options"]:
                    assert len(o["label"]) <= 100 and len(o["value"]) <= 100
                    assert len(o.get("description") or "") <= 100
    assert len(ids) == len(set(ids)), "custom ids are unique on a message"
    return rows


def reachable(match: Match, view: Any) -> set[int]:
    """Every action index a player can reach from the board, directly or via 'More moves'."""
    found = set()
    for row in view.to_components():
        for c in row["components"]:
            kind = c["custom_id"].split(":")[1]
            if kind == "a":
                found.add(int(c["custom_id"].rsplit(":", 1)[1]))
            elif kind == "s":
                found |= {int(o["value"]) for o in c["options"]}
            elif kind == "g":
                for o in c["options"]:
                    seat, gi = map(int, o["value"].split("."))
                    groups = [g for (s, g) in ui._grouped(ui.menu(match)) if s == seat]
                    private = ui.group_view(match, seat, groups[gi])
                    check_limits(private)
                    found |= reachable(match, private)
    return found


@pytest.mark.parametrize(
    ("groups", "per_group", "loose"),
    [
        (0, 1, 1),
        (0, 1, 19),
        (0, 1, 40),
        (2, 20, 3),
        (1, 60, 2),
        (4, 25, 0),
        (30, 7, 2),
        (3, 130, 1),
    ],
)
def test_every_move_is_reachable_within_limits(
    many: Many, groups: int, per_group: int, loose: int
) -> None:
    state = ManyState(groups, per_group, loose)
    match = make_match(state)
    view = ui.build_view(match)
    assert view is not None
    check_limits(view)
    total = loose + groups * per_group
    assert reachable(match, view) == set(range(total))


def test_typing_a_move_is_always_offered(many: Many) -> None:
    match = make_match(ManyState(0, 1, 2))
    labels = [
        c.get("label") for row in ui.build_view(match).to_components() for c in row["components"]
    ]
    assert "Type a move" in labels


def test_several_acting_seats_get_named_buttons(many: Many) -> None:
    match = make_match(ManyState(0, 1, 2, acting=(0, 1)))
    labels = [
        c.get("label", "")
        for row in ui.build_view(match).to_components()
        for c in row["components"]
    ]
    assert any(label.startswith("a: ") for label in labels)
    assert any(label.startswith("b: ") for label in labels)


def test_no_buttons_when_the_match_is_over(many: Many) -> None:
    match = make_match(ManyState(0, 1, 2))
    match.status = "finished"
    assert ui.build_view(match) is None
