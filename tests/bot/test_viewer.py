"""The match viewer's pure parts: which moves its jump menu offers, and how one move of a
commit is told."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from bot import positions
from bot.store.rows import LoggedAction
from bot.ui.viewer import view_of, window
from bot.viewer import Shown


@pytest.mark.parametrize("last", [0, 1, 24, 25, 26, 80, 301])
def test_the_jump_menu_fits_discord_and_reaches_everywhere(last: int) -> None:
    for ply in {max(0, min(p, last)) for p in (0, 1, last // 2, last - 1, last)}:
        offered = window(ply, last)
        assert len(offered) <= 25 and offered == sorted(set(offered))
        assert {0, last, ply} <= set(offered), "the first, the last and the one shown"
        assert all(0 <= p <= last for p in offered)
        near = {p for p in range(ply - 3, ply + 4) if 0 <= p <= last}
        assert near <= set(offered), "the moves either side of the one shown"
    if last < 25:
        assert window(0, last) == list(range(last + 1)), "a short match: every move"


def test_a_forced_move_is_told_as_part_of_its_commit() -> None:
    story = positions.Story(
        7, {"kind": "deadline", "plays": [[0, "roll"], [0, "pass"]], "events": []}
    )
    row = LoggedAction(6, 0, None, "roll", json.dumps([{"kind": "x"}]))
    told = positions.narrated(story, 6, row)
    assert told == {"kind": "deadline", "plays": [[0, "roll"]], "events": [{"kind": "x"}]}
    # a move outside the story's commit is a plain move
    assert positions.narrated(story, 5, replace(row, ply=5))["kind"] == "move"
    # the opening: the start's own story
    start = positions.Story(0, {"kind": "start", "events": []})
    assert positions.narrated(start, 0, None) == {"kind": "start", "events": []}


def test_the_buttons_stop_where_the_match_does() -> None:
    class M:
        id, ply, status, game = 4, 30, "finished", "farm"

    def off(ply: int, status: str) -> set[str]:
        match = M()
        match.status = status
        view = view_of(Shown(match, ply, [], None))  # type: ignore[arg-type]
        items = [c.item for c in view.children]  # type: ignore[attr-defined]
        return {i.custom_id.rsplit(":", 1)[1] for i in items if i.disabled}

    assert off(0, "finished") == {"first", "back"}
    assert off(30, "finished") == {"next", "last"}
    assert off(30, "active") == {"next"}, "a live match's last is now: always offered"
    assert off(12, "finished") == set()
