"""Custom ids of the bot's components and of the move box, and how their numbers are read.

Every number in an id is canonical ASCII (``0`` or no leading zero, digits ``0-9`` only: a regex
``\\d`` or ``int()`` would also take other scripts' digits) and below ``10**15``, safely inside
both 2**53 and SQLite's signed 64-bit integers (a Discord user id, in the abandon question's
buttons, has up to 20 digits and is checked against 2**64 when read). An id that does not fit
its template exactly is not ours to act on: the catch-all (``bot.ui.routing``) refuses it
before any storage is read.
"""

from __future__ import annotations

import re

from words import domain

N_ = domain("bot").functions()[2]


#: 0, or 1 to 15 ASCII digits without a leading zero (below 10**15)
NUM = r"(?:0|[1-9][0-9]{0,14})"
LIMIT = 10**15

#: (a marked text: worded where shown)
INVALID = N_("That button is not valid here; use the newest board.")


def _n(name: str) -> str:
    return rf"(?P<{name}>{NUM})"


ACTION_BUTTON = rf"rh:a:{_n('match_id')}:{_n('ply')}:{_n('seat')}:{_n('index')}"
ACTION_SELECT = rf"rh:s:{_n('match_id')}:{_n('ply')}:{_n('seat')}:{_n('k')}"
GROUP_SELECT = rf"rh:g:{_n('match_id')}:{_n('ply')}:{_n('k')}"
#: a piece's button (``Ruleset.piece_then_target``): the seat, and the group's number among
#: that seat's groups; it opens the group's moves privately, as the "More moves…" menu does
GROUP_BUTTON = rf"rh:q:{_n('match_id')}:{_n('ply')}:{_n('seat')}:{_n('group_index')}"
TYPE_MOVE = rf"rh:t:{_n('match_id')}:{_n('ply')}"
LOBBY = rf"rh:l:{_n('match_id')}:(?P<op>join|leave|start|easy|strong)"
#: the host's "Remove a computer" menu (each option's value: the computer's id, negated)
LOBBY_REMOVE = rf"rh:r:{_n('match_id')}"
#: the final board's Rematch button
REMATCH = rf"rh:p:{_n('match_id')}"
#: a board's "Text board" button: the match's position as text, privately
TEXT_BOARD = rf"rh:v:{_n('match_id')}"
#: a board's standing-order toggle: the seat it waits on and the order's index in its game
STANDING = rf"rh:n:{_n('match_id')}:{_n('seat')}:{_n('k')}"
MOVE_BOX = rf"rh:m:{_n('match_id')}:{_n('ply')}"
#: the private "End the match here?" question: the match as it was asked about, and who asked
#: (a Discord id: canonical ASCII, up to 20 digits; its bound is checked when it is read)
ABANDON = (
    rf"rh:x:{_n('match_id')}:(?P<stage>lobby|active):{_n('ply')}"
    rf":(?P<user>[1-9][0-9]{{0,19}}):(?P<op>confirm|cancel)"
)
SNOWFLAKE_LIMIT = 2**64
#: the match viewer: a board's "Moves" button opens it; its steps carry the position shown and
#: what the button does, its select the position shown (each option's value: a move number)
VIEW_OPEN = rf"rh:o:{_n('match_id')}"
VIEW_STEP = rf"rh:w:{_n('match_id')}:{_n('ply')}:(?P<op>first|back|next|last)"
VIEW_JUMP = rf"rh:j:{_n('match_id')}:{_n('ply')}"
#: the final board's "Luck and decisions" button: the match's post-game report
ANALYSIS = rf"rh:k:{_n('match_id')}"
#: the private "Forget you?" question of ``/game forget-me``: who asked, and the answer
FORGET = r"rh:f:(?P<user>[1-9][0-9]{0,19}):(?P<op>confirm|cancel)"

#: a tournament's sign-up buttons
TOURNAMENT = rf"rh:tn:{_n('tournament')}:(?P<op>join|leave|start)"

#: every component template the bot answers (the move box is a modal, not a component)
COMPONENTS = tuple(
    re.compile(t)
    for t in (
        ACTION_BUTTON,
        ACTION_SELECT,
        GROUP_SELECT,
        GROUP_BUTTON,
        TYPE_MOVE,
        TEXT_BOARD,
        STANDING,
        LOBBY,
        LOBBY_REMOVE,
        ABANDON,
        REMATCH,
        FORGET,
        VIEW_OPEN,
        VIEW_STEP,
        VIEW_JUMP,
        ANALYSIS,
        TOURNAMENT,
    )
)
MOVE_BOX_ID = re.compile(MOVE_BOX)
GROUP_VALUE = re.compile(rf"(?P<seat>{NUM})\.(?P<group>{NUM})")


def number(text: object) -> int | None:
    """A canonical ASCII whole number below ``LIMIT``, else None."""
    if isinstance(text, str) and re.fullmatch(NUM, text):
        return int(text)
    return None


def move_box_id(match_id: int, ply: int) -> str:
    return f"rh:m:{match_id}:{ply}"
