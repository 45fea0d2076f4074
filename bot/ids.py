"""Custom ids of the bot's components and of the move box, and how their numbers are read.

Each kind of id is one ``IdKind``: its fields, the regex template discord.py matches, and the
code that writes it and reads it back. Every number in an id is canonical ASCII (``0`` or no
leading zero, digits ``0-9`` only: a regex ``\\d`` or ``int()`` would also take other
scripts' digits) and below ``10**15``, safely inside both 2**53 and SQLite's signed 64-bit
integers (a Discord user id, in the abandon and forget questions' buttons, has up to 20 digits
and is checked against 2**64 when read). An id that does not fit
its template exactly is not ours to act on: the catch-all (``bot.ui.routing``) refuses it
before any storage is read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from words import domain

N_ = domain("bot").functions()[2]


#: 0, or 1 to 15 ASCII digits without a leading zero (below 10**15)
NUM = r"(?:0|[1-9][0-9]{0,14})"
LIMIT = 10**15

#: (a marked text: worded where shown)
INVALID = N_("That button is not valid here; use the newest board.")


SNOWFLAKE_LIMIT = 2**64
#: a Discord id: canonical ASCII, up to 20 digits (its bound is checked when it is read)
SNOWFLAKE = r"[1-9][0-9]{0,19}"


@dataclass(frozen=True)
class Field:
    """One part of a custom id: its name and what it may be (a number, or one of some
    words)."""

    name: str
    pattern: str
    number: bool = True

    def regex(self) -> str:
        return rf"(?P<{self.name}>{self.pattern})"


def num(name: str) -> Field:
    """A whole number below ``LIMIT``."""
    return Field(name, NUM)


def user(name: str) -> Field:
    """A Discord user's id."""
    return Field(name, SNOWFLAKE)


def word(name: str, *choices: str) -> Field:
    """One of ``choices``."""
    return Field(name, "(?:" + "|".join(map(re.escape, choices)) + ")", number=False)


@dataclass(frozen=True)
class Read:
    """What a custom id says, by field."""

    values: Mapping[str, int | str]

    def number(self, name: str) -> int:
        value = self.values[name]
        if not isinstance(value, int):
            raise TypeError(f"custom id field {name} is not a number")
        return value

    def word(self, name: str) -> str:
        value = self.values[name]
        if not isinstance(value, str):
            raise TypeError(f"custom id field {name} is not a word")
        return value


class IdKind:
    """One kind of custom id, ``rh:<tag>:<field>:<field>...``: the one definition that writes
    it (``write``) and reads it back (``parse``, or ``read`` of the template's match, which
    discord.py makes from ``template``)."""

    def __init__(self, tag: str, *fields: Field) -> None:
        self.tag = tag
        self.fields = fields
        self.template = ":".join([f"rh:{tag}", *(f.regex() for f in fields)])
        self.pattern = re.compile(self.template)

    def write(self, **values: int | str) -> str:
        """The custom id with these values (every field, each fitting its template)."""
        if set(values) != {f.name for f in self.fields}:
            raise ValueError(f"rh:{self.tag} takes {[f.name for f in self.fields]}")
        parts = [f"rh:{self.tag}"]
        for f in self.fields:
            text = str(values[f.name])
            if isinstance(values[f.name], bool) or not re.fullmatch(f.pattern, text):
                raise ValueError(f"rh:{self.tag}: {f.name}={text!r} does not fit")
            parts.append(text)
        return ":".join(parts)

    def parse(self, custom_id: object) -> Read | None:
        """What ``custom_id`` says, or None when it is not exactly of this kind."""
        if not isinstance(custom_id, str):
            return None
        found = self.pattern.fullmatch(custom_id)
        return self.read(found) if found else None

    def read(self, found: re.Match[str]) -> Read:
        """The values of a match of this kind's template."""
        return Read(
            {f.name: int(found[f.name]) if f.number else found[f.name] for f in self.fields}
        )


ACTION_BUTTON = IdKind("a", num("match_id"), num("ply"), num("seat"), num("index"))
ACTION_SELECT = IdKind("s", num("match_id"), num("ply"), num("seat"), num("k"))
GROUP_SELECT = IdKind("g", num("match_id"), num("ply"), num("k"))
#: a piece's button (``Ruleset.piece_then_target``): the seat, and the group's number among
#: that seat's groups; it opens the group's moves privately, as the "More moves…" menu does
GROUP_BUTTON = IdKind("q", num("match_id"), num("ply"), num("seat"), num("group_index"))
TYPE_MOVE = IdKind("t", num("match_id"), num("ply"))
LOBBY = IdKind("l", num("match_id"), word("op", "join", "leave", "start", "easy", "strong"))
#: the host's "Remove a computer" menu (each option's value: the computer's id, negated)
LOBBY_REMOVE = IdKind("r", num("match_id"))
#: the final board's Rematch button
REMATCH = IdKind("p", num("match_id"))
#: a board's "Text board" button: the match's position as text, privately
TEXT_BOARD = IdKind("v", num("match_id"))
#: a board's standing-order toggle: the seat it waits on and the order's index in its game
STANDING = IdKind("n", num("match_id"), num("seat"), num("k"))
#: the "Type a move" box (a modal)
MOVE_BOX = IdKind("m", num("match_id"), num("ply"))
#: the private "End the match here?" question: the match as it was asked about, and who asked
ABANDON = IdKind(
    "x",
    num("match_id"),
    word("stage", "lobby", "active"),
    num("ply"),
    user("user"),
    word("op", "confirm", "cancel"),
)
#: the match viewer: a board's "Moves" button opens it; its steps carry the position shown and
#: what the button does, its select the position shown (each option's value: a move number)
VIEW_OPEN = IdKind("o", num("match_id"))
VIEW_STEP = IdKind("w", num("match_id"), num("ply"), word("op", "first", "back", "next", "last"))
VIEW_JUMP = IdKind("j", num("match_id"), num("ply"))
#: the final board's "Luck and decisions" button: the match's post-game report
ANALYSIS = IdKind("k", num("match_id"))
#: the private "Forget you?" question of ``/game forget-me``: who asked, and the answer
FORGET = IdKind("f", user("user"), word("op", "confirm", "cancel"))
#: a tournament's sign-up buttons
TOURNAMENT = IdKind("tn", num("tournament"), word("op", "join", "leave", "start"))

#: every component kind the bot answers (the move box is a modal, not a component)
KINDS = (
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
COMPONENTS = tuple(kind.pattern for kind in KINDS)
_BY_PATTERN = {kind.pattern: kind for kind in (*KINDS, MOVE_BOX)}
GROUP_VALUE = re.compile(rf"(?P<seat>{NUM})\.(?P<group>{NUM})")


def read(found: re.Match[str]) -> Read:
    """The values of a match of any kind's template (as discord.py hands it to a component)."""
    return _BY_PATTERN[found.re].read(found)


def number(text: object) -> int | None:
    """A canonical ASCII whole number below ``LIMIT``, else None."""
    if isinstance(text, str) and re.fullmatch(NUM, text):
        return int(text)
    return None
