"""The generic action UI always fits Discord's component limits, however many moves there are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

import games
from bot import ids, ui
from bot.matches import Match, Seat
from bot.ui import routing
from games.base import Choice, Outcome, Ruleset, Step


@dataclass(frozen=True)
class ManyState:
    groups: int
    per_group: int
    loose: int
    acting: tuple[int, ...] = (0,)
    #: ranks by action: action % ranked (0: every rank 0)
    ranked: int = 0
    #: loose buttons get notes this long
    button_notes: int = 0


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
        rank = action % state.ranked if state.ranked else 0
        if action < state.loose:
            note = f"{action}" + "b" * state.button_notes if state.button_notes else ""
            return Choice(f"Button {action} " + "x" * 90, note=note, rank=rank)
        group = (action - state.loose) // state.per_group
        return Choice(
            f"Move {action} " + "y" * 120, group=f"Group {group}", note="n" * 150, rank=rank
        )

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


def reachable(match: Match, view: Any) -> set[tuple[int, int]]:
    """Every (seat, action index) a player can reach from the board, directly or via the
    "More moves…" menu's private follow-ups."""
    found = set()
    for row in view.to_components():
        for c in row["components"]:
            kind, *rest = c["custom_id"].split(":")[1:]
            if kind == "a":
                found.add((int(rest[2]), int(rest[3])))
            elif kind == "s":
                found |= {(int(rest[2]), int(o["value"])) for o in c["options"]}
            elif kind == "g":
                for o in c["options"]:
                    seat, gi = map(int, o["value"].split("."))
                    private = ui.group_view(match, seat, ui.groups_of(match, seat)[gi])
                    check_limits(private)
                    found |= reachable(match, private)
    return found


@pytest.mark.parametrize(
    ("groups", "per_group", "loose", "acting"),
    [
        (0, 1, 1, (0,)),
        (0, 1, 19, (0,)),
        (0, 1, 40, (0,)),
        (2, 20, 3, (0,)),
        (1, 60, 2, (0,)),
        (4, 25, 0, (0,)),
        (30, 7, 2, (0,)),
        (30, 7, 40, (0,)),
        (3, 130, 1, (0,)),
        (0, 1, 14, (0, 1)),
        (3, 5, 4, (0, 1, 2)),
        (30, 7, 2, (1, 3)),
        (2, 20, 30, (0, 1)),
    ],
)
def test_every_move_is_reachable_within_limits(
    many: Many, groups: int, per_group: int, loose: int, acting: tuple[int, ...]
) -> None:
    state = ManyState(groups, per_group, loose, acting=acting)
    match = make_match(state)
    view = ui.build_view(match)
    assert view is not None
    check_limits(view)
    total = loose + groups * per_group
    assert reachable(match, view) == {(seat, i) for seat in acting for i in range(total)}


def test_typing_a_move_is_always_offered(many: Many) -> None:
    match = make_match(ManyState(0, 1, 2))
    labels = [
        c.get("label") for row in ui.build_view(match).to_components() for c in row["components"]
    ]
    assert "Type a move" in labels


@pytest.mark.parametrize("state", [ManyState(0, 1, 23), ManyState(0, 1, 24), ManyState(30, 7, 40)])
def test_every_board_offers_its_text_board_and_viewer(many: Many, state: ManyState) -> None:
    """Beside every set of moves, and on the final board beside Rematch."""
    match = make_match(state)
    view = ui.build_view(match)
    assert view is not None
    rows = check_limits(view)
    boards = [c for row in rows for c in row["components"] if c.get("label") == "Text board"]
    assert [c["custom_id"] for c in boards] == [f"rh:v:{match.id}"]
    viewers = [c for row in rows for c in row["components"] if c.get("label") == "Moves"]
    assert [c["custom_id"] for c in viewers] == [f"rh:o:{match.id}"], "and its viewer"
    assert reachable(match, view) == {(0, i) for i in range(state.loose + 210 * (state.groups > 0))}
    match.status = "finished"
    final = ui.rematch_view(match)
    assert final is not None
    labels = [c.get("label") for row in final.to_components() for c in row["components"]]
    assert labels == ["Rematch", "Text board", "Moves", "Luck and decisions"]
    report = [c for row in final.to_components() for c in row["components"]][-1]
    assert report["custom_id"] == f"rh:k:{match.id}", "and its report"


def test_several_acting_seats_get_named_buttons(many: Many) -> None:
    match = make_match(ManyState(0, 1, 2, acting=(0, 1)))
    labels = [
        c.get("label", "")
        for row in ui.build_view(match).to_components()
        for c in row["components"]
    ]
    assert any(label.startswith("a: ") for label in labels)
    assert any(label.startswith("b: ") for label in labels)


def test_a_board_lays_out_its_own_seats_and_position_never_an_earlier_boards(
    many: Many,
) -> None:
    def labels(match: Match) -> list[str]:
        view = ui.build_view(match)
        assert view is not None
        return [c.get("label", "") for row in view.to_components() for c in row["components"]]

    match = make_match(ManyState(0, 1, 2, acting=(0, 1)))
    assert any(label.startswith("b: ") for label in labels(match))
    # the same position, but b's seat handed to a computer: its moves leave the board
    match.seats[1] = replace(match.seats[1], computer="easy")
    assert not any(label.startswith("b: ") for label in labels(match))
    assert any(label.startswith("Button 0") for label in labels(match))  # no "a: " now
    # a new position equal in kind: its own moves, and its notes with them
    match.state = ManyState(0, 1, 3, acting=(0,), button_notes=1)
    assert sum(label.startswith("Button") for label in labels(match)) == 3
    assert "2b" in ui.notes_text(match)


def test_no_buttons_when_the_match_is_over(many: Many) -> None:
    match = make_match(ManyState(0, 1, 2))
    match.status = "finished"
    assert ui.build_view(match) is None


def selects(view: Any) -> list[dict[str, Any]]:
    return [c for row in view.to_components() for c in row["components"] if c["type"] == 3]


def test_a_handful_of_grouped_moves_is_one_menu_not_a_menu_of_menus(many: Many) -> None:
    # eight moves in five groups: one select of all eight, no "More moves…"
    match = make_match(ManyState(groups=5, per_group=2, loose=0))
    view = ui.build_view(match)
    (only,) = selects(view)
    assert only["custom_id"].startswith("rh:s:")
    assert [int(o["value"]) for o in only["options"]] == list(range(10))
    assert only["placeholder"] == "Choose a move…"
    # each option says its group, since "Move 3 …" does not name "Group 1"
    assert only["options"][3]["label"].startswith("Group 1: Move 3")


def test_buttons_stay_and_the_rest_shares_one_menu(many: Many) -> None:
    match = make_match(ManyState(groups=4, per_group=5, loose=2))
    view = ui.build_view(match)
    check_limits(view)
    (only,) = selects(view)
    assert len(only["options"]) == 20
    labels = [c.get("label") for row in view.to_components() for c in row["components"]]
    assert labels[:2] == [f"Button 0 {'x' * 70}…", f"Button 1 {'x' * 70}…"]


def test_one_group_keeps_its_name_as_the_menu_title(many: Many) -> None:
    match = make_match(ManyState(groups=1, per_group=7, loose=1))
    (only,) = selects(ui.build_view(match))
    assert only["placeholder"] == "Group 0"
    assert all(o["label"].startswith("Move ") for o in only["options"])


def test_more_than_a_menu_holds_falls_back_to_a_menu_per_group(many: Many) -> None:
    match = make_match(ManyState(groups=2, per_group=20, loose=0))
    found = selects(ui.build_view(match))
    assert [s["placeholder"] for s in found] == ["Group 0", "Group 1"]


def test_several_acting_seats_get_a_menu_each(many: Many) -> None:
    match = make_match(ManyState(groups=2, per_group=3, loose=1, acting=(0, 2)))
    found = selects(ui.build_view(match))
    assert [s["custom_id"].split(":")[4] for s in found] == ["0", "2"]
    assert [s["placeholder"] for s in found] == ["a: choose a move…", "c: choose a move…"]


@pytest.mark.parametrize(
    ("groups", "per_group", "loose"), [(0, 1, 22), (3, 5, 4), (2, 30, 3), (30, 7, 2)]
)
def test_moves_are_ordered_by_rank_everywhere(
    many: Many, groups: int, per_group: int, loose: int
) -> None:
    match = make_match(ManyState(groups, per_group, loose, ranked=3))
    rules = match.rules

    def check(indexes: list[int]) -> None:
        ranks = [rules.describe_action(match.state, 0, i).rank for i in indexes]
        assert ranks == sorted(ranks, reverse=True), "higher rank first"
        for i in range(len(indexes) - 1):
            if ranks[i] == ranks[i + 1]:
                assert indexes[i] < indexes[i + 1], "ties keep the rules' order"

    def walk(view: Any) -> None:
        components = [c for row in view.to_components() for c in row["components"]]
        check(
            [int(c["custom_id"].rsplit(":", 1)[1]) for c in components if ":a:" in c["custom_id"]]
        )
        for c in components:
            if c["custom_id"].startswith("rh:s:"):
                check([int(o["value"]) for o in c["options"]])
            elif c["custom_id"].startswith("rh:g:"):
                for o in c["options"]:
                    seat, gi = map(int, o["value"].split("."))
                    walk(ui.group_view(match, seat, ui.groups_of(match, seat)[gi]))

    walk(ui.build_view(match))


def test_button_notes_are_text_beside_them(many: Many) -> None:
    match = make_match(ManyState(0, 1, 3, button_notes=10))
    view = ui.build_view(match)
    assert not selects(view), "short notes leave the buttons as they are"
    text = ui.notes_text(match)
    assert text.splitlines() == [f"▸ **Button {i} {'x' * 90}**: {i}{'b' * 10}" for i in range(3)]


def test_long_button_notes_move_into_the_menu(many: Many) -> None:
    match = make_match(ManyState(0, 1, 12, button_notes=90))
    view = ui.build_view(match)
    (only,) = selects(view)
    assert [o["description"] for o in only["options"]] == [
        f"{i}{'b' * 90}"[:99] + "…" if len(f"{i}{'b' * 90}") > 100 else f"{i}{'b' * 90}"
        for i in range(12)
    ]
    assert ui.notes_text(match) == ""


def test_a_note_shared_by_several_buttons_is_said_once(monkeypatch: pytest.MonkeyPatch) -> None:
    class Shared(Many):
        def describe_action(self, state: ManyState, seat: int, action: int) -> Choice:
            return Choice(f"b{action}", note="careful: you will be huffed")

    monkeypatch.setitem(games.RULESETS, "many", Shared())
    match = make_match(ManyState(0, 1, 3))
    assert ui.notes_text(match) == "▸ **b0**, **b1**, **b2**: careful: you will be huffed"


def test_notes_cannot_ping_or_format(monkeypatch: pytest.MonkeyPatch) -> None:
    class Loud(Many):
        def describe_action(self, state: ManyState, seat: int, action: int) -> Choice:
            return Choice("@everyone *go*", note="<@&123456789012345678> @here")

    monkeypatch.setitem(games.RULESETS, "many", Loud())
    match = make_match(ManyState(0, 1, 1))
    text = ui.notes_text(match)
    assert "@everyone" not in text and "@here" not in text and "<@&123456789012345678>" not in text
    assert r"\*go\*" in text


def test_a_private_menu_shows_its_buttons_notes(monkeypatch: pytest.MonkeyPatch) -> None:
    class Pairs(Many):
        def describe_action(self, state: ManyState, seat: int, action: int) -> Choice:
            return Choice(f"m{action}", group=f"Pair {action // 2}", note=f"about m{action}")

    monkeypatch.setitem(games.RULESETS, "many", Pairs())
    match = make_match(ManyState(groups=30, per_group=2, loose=0))
    view = ui.build_view(match)
    assert [s["custom_id"].split(":")[1] for s in selects(view)] == ["g", "g"]
    group = ui.groups_of(match, 0)[3]
    private = ui.group_view(match, 0, group)
    parts = [c for row in private.to_components() for c in row["components"]]
    assert [(c["type"], c["label"]) for c in parts] == [(2, "m6"), (2, "m7")]
    text = ui.group_text(match, 0, group)
    assert text.splitlines() == [
        "**Pair 3**: pick one.",
        "▸ **m6**: about m6",
        "▸ **m7**: about m7",
    ]


def test_a_private_menu_of_long_labels_is_a_select_with_notes(many: Many) -> None:
    match = make_match(ManyState(groups=30, per_group=2, loose=0))
    group = ui.groups_of(match, 0)[0]
    (only,) = selects(ui.group_view(match, 0, group))
    assert [o["description"] for o in only["options"]] == ["n" * 99 + "…"] * 2
    assert ui.group_text(match, 0, group) == f"**{group}**: pick one."


def test_the_move_box_is_never_kept_in_memory(many: Many) -> None:
    match = make_match(ManyState(0, 1, 1))
    modal = ui.MoveModal(None, match, "1 · 2")
    assert modal.custom_id == f"rh:m:{match.id}:{match.ply}"
    assert modal.is_finished(), "discord.py sends it without storing it to wait for answers"
    assert modal.timeout is None


@pytest.mark.parametrize(
    "text",
    ["١", "٠", "０", "1" * 16, "01", "-1", "+1", " 1", "1 ", "1\n", "", "1.0", "²", str(2**63)],
)
def test_numbers_in_ids_are_plain_ascii_within_bounds(text: str) -> None:
    assert ids.number(text) is None
    custom_id = f"rh:a:{text}:0:0:0"
    assert not any(p.fullmatch(custom_id) for p in ids.COMPONENTS)


@pytest.mark.parametrize("value", [0, 7, 123456, 10**15 - 1])
def test_the_bots_own_numbers_are_read_back(value: int) -> None:
    assert ids.number(str(value)) == value
    assert any(p.fullmatch(f"rh:a:{value}:{value}:0:{value}") for p in ids.COMPONENTS)
    assert ids.LIMIT <= 2**53 and ids.LIMIT < 2**63


def test_every_component_id_the_ui_builds_fits_a_template(many: Many) -> None:
    for state in (ManyState(0, 1, 3), ManyState(5, 2, 1), ManyState(30, 7, 2)):
        match = make_match(state)
        for row in ui.build_view(match).to_components():
            for c in row["components"]:
                assert any(p.fullmatch(c["custom_id"]) for p in ids.COMPONENTS), c
    lobby = ui.lobby_view(make_match(ManyState(0, 1, 1)))
    for row in lobby.to_components():
        for c in row["components"]:
            assert any(p.fullmatch(c["custom_id"]) for p in ids.COMPONENTS), c


def test_the_typed_move_is_found_wherever_the_box_nests_it() -> None:
    old = [{"type": 1, "components": [{"type": 4, "custom_id": "move", "value": "c3-d4"}]}]
    new = [{"type": 18, "component": {"type": 4, "custom_id": "move", "value": "roll"}}]
    assert routing.typed(old) == "c3-d4"
    assert routing.typed(new) == "roll"
    assert routing.typed([{"type": 4, "custom_id": "other", "value": "x"}]) is None
    assert routing.typed("junk") is None
