"""Every kind of custom id is written and read by the same definition (``bot.ids.IdKind``):
each one's text is the one buttons already posted in Discord carry, it reads back to what was
written, and an id that does not fit its kind exactly is refused."""

from __future__ import annotations

import pytest

from bot import ids

#: each kind, the values it is written with, and the text: the format of ids already posted
WRITTEN = [
    (ids.ACTION_BUTTON, {"match_id": 12, "ply": 3, "seat": 1, "index": 4}, "rh:a:12:3:1:4"),
    (ids.ACTION_SELECT, {"match_id": 12, "ply": 3, "seat": 0, "k": 2}, "rh:s:12:3:0:2"),
    (ids.GROUP_SELECT, {"match_id": 12, "ply": 3, "k": 0}, "rh:g:12:3:0"),
    (ids.GROUP_BUTTON, {"match_id": 9, "ply": 0, "seat": 2, "group_index": 5}, "rh:q:9:0:2:5"),
    (ids.TYPE_MOVE, {"match_id": 12, "ply": 30}, "rh:t:12:30"),
    (ids.TEXT_BOARD, {"match_id": 12}, "rh:v:12"),
    (ids.STANDING, {"match_id": 12, "seat": 1, "k": 0}, "rh:n:12:1:0"),
    (ids.LOBBY, {"match_id": 5, "op": "strong"}, "rh:l:5:strong"),
    (ids.LOBBY_REMOVE, {"match_id": 5}, "rh:r:5"),
    (
        ids.ABANDON,
        {"match_id": 5, "stage": "active", "ply": 7, "user": 2**64 - 1, "op": "cancel"},
        f"rh:x:5:active:7:{2**64 - 1}:cancel",
    ),
    (ids.REMATCH, {"match_id": 10**15 - 1}, f"rh:p:{10**15 - 1}"),
    (ids.FORGET, {"user": 80351110224678912, "op": "confirm"}, "rh:f:80351110224678912:confirm"),
    (ids.VIEW_OPEN, {"match_id": 0}, "rh:o:0"),
    (ids.VIEW_STEP, {"match_id": 3, "ply": 2, "op": "back"}, "rh:w:3:2:back"),
    (ids.VIEW_JUMP, {"match_id": 3, "ply": 2}, "rh:j:3:2"),
    (ids.ANALYSIS, {"match_id": 3}, "rh:k:3"),
    (ids.TOURNAMENT, {"tournament": 4, "op": "join"}, "rh:tn:4:join"),
    (ids.MOVE_BOX, {"match_id": 12, "ply": 3}, "rh:m:12:3"),
]


def test_every_kind_is_covered() -> None:
    assert {kind.tag for kind, _, _ in WRITTEN} == {k.tag for k in (*ids.KINDS, ids.MOVE_BOX)}


@pytest.mark.parametrize(("kind", "values", "text"), WRITTEN, ids=lambda x: getattr(x, "tag", ""))
def test_an_id_is_written_as_posted_and_read_back(
    kind: ids.IdKind, values: dict[str, int | str], text: str
) -> None:
    assert kind.write(**values) == text
    found = kind.parse(text)
    assert found is not None and dict(found.values) == values
    # discord.py matches the template; the component reads the match through the same kind
    match = kind.pattern.fullmatch(text)
    assert match is not None and ids.read(match) == found
    # no other kind takes it
    others = [k for k in (*ids.KINDS, ids.MOVE_BOX) if k is not kind]
    assert not any(k.parse(text) for k in others)


@pytest.mark.parametrize(
    "custom_id",
    [
        "rh:a:12:3:1",  # a field short
        "rh:a:12:3:1:4:5",  # a field too many
        "rh:a:012:3:1:4",  # a leading zero
        "rh:a:١٢:3:1:4",  # another script's digits
        f"rh:a:{10**15}:3:1:4",  # past the bound
        "rh:a:-1:3:1:4",
        "rh:l:5:resign",  # a word the kind does not have
        "rh:x:5:paused:7:1:confirm",
        "rh:x:5:active:7:0:confirm",  # no Discord id is 0
        f"rh:f:{'9' * 21}:confirm",  # longer than any Discord id
        "rh:v:12 ",
        "RH:v:12",
        "rh:zz:12",
        "",
    ],
)
def test_a_forged_or_malformed_id_is_refused(custom_id: str) -> None:
    assert not any(k.parse(custom_id) for k in (*ids.KINDS, ids.MOVE_BOX))
    assert not any(p.fullmatch(custom_id) for p in ids.COMPONENTS)


@pytest.mark.parametrize(
    ("kind", "values"),
    [
        (ids.ACTION_BUTTON, {"match_id": 1, "ply": 2, "seat": 0}),  # a field missing
        (ids.TEXT_BOARD, {"match_id": 1, "ply": 2}),  # a field it has not
        (ids.TEXT_BOARD, {"match_id": -1}),
        (ids.TEXT_BOARD, {"match_id": 10**15}),
        (ids.TEXT_BOARD, {"match_id": True}),
        (ids.LOBBY, {"match_id": 1, "op": "resign"}),
        (ids.FORGET, {"user": 0, "op": "confirm"}),
    ],
)
def test_an_id_that_would_not_read_back_is_never_written(
    kind: ids.IdKind, values: dict[str, int | str]
) -> None:
    with pytest.raises(ValueError):
        kind.write(**values)


def test_a_non_text_id_is_refused() -> None:
    assert ids.TEXT_BOARD.parse(None) is None and ids.TEXT_BOARD.parse(12) is None
