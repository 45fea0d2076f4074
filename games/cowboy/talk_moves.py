"""The moves of the seat to act in words and notation, for the text board: one line per move,
or, when a menu offers many squares for one thing (where to pen a roped steer, where a token
goes), one line naming the typed words and the squares to finish them with."""

from __future__ import annotations

from collections.abc import Sequence

from games.cowboy import notation, talk_choices
from games.cowboy.state import CowboyAction, CowboyState
from words import domain

_, ngettext, N_ = domain("cowboy").functions()

#: a menu of more moves than this that differ only in their last square is told in one line
GROUPED = 3


def move_lines(g: CowboyState, seat: int, actions: Sequence[CowboyAction]) -> list[str]:
    """The ``actions`` of ``seat`` as list items: each with its label and notation (and note),
    a menu of many squares as its typed words and the squares that finish them."""
    menus: dict[str | None, list[tuple[CowboyAction, str]]] = {}
    order: list[tuple[str | None, CowboyAction | None]] = []
    for action in actions:
        choice = talk_choices.describe(g, seat, action)
        if choice.group is None:
            order.append((None, action))
            continue
        if choice.group not in menus:
            menus[choice.group] = []
            order.append((choice.group, None))
        menus[choice.group].append((action, choice.note))
    lines: list[str] = []
    for group, action in order:
        if group is None:
            assert action is not None
            lines.append(_one(g, seat, action))
        else:
            lines += _menu(g, seat, group, menus[group])
    return lines


def _one(g: CowboyState, seat: int, action: CowboyAction) -> str:
    choice = talk_choices.describe(g, seat, action)
    typed = notation.format_action(g, action)
    if choice.note:
        text = _("{label}: `{move}` ({note})").format(
            label=choice.label, move=typed, note=choice.note
        )
    else:
        text = _("{label}: `{move}`").format(label=choice.label, move=typed)
    return f"- {text}"


def _menu(
    g: CowboyState, seat: int, group: str, members: list[tuple[CowboyAction, str]]
) -> list[str]:
    typed = [notation.format_action(g, a) for a, _note in members]
    heads = {t.rsplit(" ", 1)[0] for t in typed}
    lasts = [t.rsplit(" ", 1)[-1] for t in typed]
    notes = {note for _action, note in members}
    squares = all(g.board.parse_square(s) is not None for s in lasts)
    if len(members) <= GROUPED or len(heads) != 1 or not squares or len(notes) != 1:
        return [_one(g, seat, a) for a, _note in members]
    told = {"menu": group, "move": heads.pop(), "squares": ", ".join(lasts)}
    note = notes.pop()
    if note:
        text = _("{menu}: `{move}` and one of {squares} ({note})").format(note=note, **told)
    else:
        text = _("{menu}: `{move}` and one of {squares}").format(**told)
    return [f"- {text}"]
