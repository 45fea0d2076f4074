"""The moves of the seat to act in words and notation, for the text board: one line per move,
or, when a menu offers many squares for one thing (where to pen a roped steer, where a token
goes), one line naming the typed words and the squares to finish them with."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Choice
from games.cowboy import notation, talk_choices
from games.cowboy.state import CowboyAction, CowboyState, Give, Place, Rope
from words import domain

_, ngettext, N_ = domain("cowboy").functions()

#: a menu of more moves than this that differ only in their last square is told in one line
GROUPED = 3
#: menus whose moves differ only in a square: told in one line however short
SQUARE_MENUS = (Rope, Place, Give)


def move_lines(g: CowboyState, seat: int, actions: Sequence[CowboyAction]) -> list[str]:
    """The ``actions`` of ``seat`` as list items: each with its label and notation (and note),
    a menu of squares as its typed words and the squares that finish them."""
    menus: dict[str | None, list[tuple[CowboyAction, Choice]]] = {}
    order: list[tuple[str | None, CowboyAction, Choice]] = []
    for action in actions:
        choice = talk_choices.describe(g, seat, action)
        if choice.group is None:
            order.append((None, action, choice))
            continue
        if choice.group not in menus:
            menus[choice.group] = []
            order.append((choice.group, action, choice))
        menus[choice.group].append((action, choice))
    lines: list[str] = []
    for group, action, choice in order:
        if group is None:
            lines.append(_line(choice.label, notation.format_action(g, action), choice.note))
        else:
            lines += _menu(g, group, menus[group])
    return lines


def _line(label: str, typed: str, note: str) -> str:
    if note:
        return "- " + _("{label}: `{move}` ({note})").format(label=label, move=typed, note=note)
    return "- " + _("{label}: `{move}`").format(label=label, move=typed)


def _menu(g: CowboyState, group: str, members: list[tuple[CowboyAction, Choice]]) -> list[str]:
    """A menu's moves: one line for a menu of squares (where to pen a steer, to put a token,
    which steer to give), or of many moves that differ in their last square; else a line
    each."""
    typed = [notation.format_action(g, a) for a, _choice in members]
    heads = {t.rsplit(" ", 1)[0] for t in typed}
    lasts = [t.rsplit(" ", 1)[-1] for t in typed]
    notes = {choice.note for _action, choice in members}
    squares = all(g.board.parse_square(s) is not None for s in lasts)
    where = isinstance(members[0][0], SQUARE_MENUS) or len(members) > GROUPED
    if not (where and squares and len(heads) == 1 and len(notes) == 1):
        pairs = zip(members, typed, strict=True)
        return [_line(choice.label, t, choice.note) for (_a, choice), t in pairs]
    note = notes.pop()
    if len(members) == 1:
        return [_line(group, typed[0], note)]
    told = {"menu": group, "move": heads.pop(), "squares": ", ".join(lasts)}
    if note:
        text = _("{menu}: `{move}` and one of {squares} ({note})").format(note=note, **told)
    else:
        text = _("{menu}: `{move}` and one of {squares}").format(**told)
    return [f"- {text}"]
