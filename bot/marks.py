"""What identifies a board message whatever its words: the match and ply it shows.

A board is recognised by marks no translation or rewording changes: its picture's file name
(``<game>-<match>-<ply>.png``), else the custom ids of its buttons and menus (``rh:a:<match>:
<ply>:...``, read by their own kinds in ``bot.ids``) or, on a final board, its Rematch
button (``rh:p:<match>``). A board posted to a channel also carries a nonce made of the match
and ply (``board_nonce``), which Discord uses (``enforce_nonce``) to return the message it
already created instead of a second one.
"""

from __future__ import annotations

import re
from typing import Any

from bot import ids

#: a board's picture: ``<game>-<match>-<ply>.png``
PICTURE = re.compile(r"[a-z]+-(?P<match>\d+)-(?P<ply>\d+)\.png")
#: the kinds of custom id of a board's move components, which name its match and ply
MOVE_KINDS = (
    ids.ACTION_BUTTON,
    ids.ACTION_SELECT,
    ids.GROUP_SELECT,
    ids.GROUP_BUTTON,
    ids.TYPE_MOVE,
    ids.MOVE_BOX,
)


def picture_name(game: str, match_id: int, ply: int) -> str:
    return f"{game}-{match_id}-{ply}.png"


def board_nonce(match_id: int, ply: int) -> str:
    """The nonce of the board of ``ply`` (at most 25 characters, as Discord allows)."""
    return f"rh{match_id}.{ply}"[:25]


def _custom_ids(components: Any) -> list[str]:
    found: list[str] = []
    stack = list(components or [])
    while stack:
        item = stack.pop()
        custom_id = getattr(item, "custom_id", None)
        if isinstance(custom_id, str):
            found.append(custom_id)
        stack.extend(getattr(item, "children", None) or [])
    return found


def shown_ply(message: Any, match_id: int, final: int | None = None) -> int | None:
    """The ply of match ``match_id`` that ``message`` shows as a board, or None if it is not
    one of its boards. ``final``: the match's last ply, if it is over (a final board without a
    picture is known by its Rematch button)."""
    for attachment in getattr(message, "attachments", None) or []:
        found = PICTURE.fullmatch(getattr(attachment, "filename", "") or "")
        if found and int(found["match"]) == match_id:
            return int(found["ply"])
    for custom_id in _custom_ids(getattr(message, "components", None)):
        for kind in MOVE_KINDS:
            read = kind.parse(custom_id)
            if read and read.number("match_id") == match_id:
                return read.number("ply")
        read = ids.REMATCH.parse(custom_id)
        if read and read.number("match_id") == match_id and final is not None:
            return final
    return None


def has_buttons(message: Any) -> bool:
    """Whether ``message`` still carries components a player could use."""
    return bool(_custom_ids(getattr(message, "components", None)))
