"""Cattle Baron's action menu and notation parsing, shaped for the generic action UI.

The UI shows ungrouped choices as buttons and each group as one select menu (at most 25
options), so a short menu stays buttons and a long one is grouped by kind, big kinds split by
colour. Identical dice (same colour and face in the same place) are one choice.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from games.base import MOVE_BUTTONS, InvalidAction
from games.cattle.model import (
    BY_LETTER,
    CattleAction,
    CattleState,
    Die,
    Grab,
    Pass,
    Pasture,
    Raid,
    Rustle,
    Swiss,
    Switch,
    distinct,
    total,
)

#: a menu with more choices than this (besides Pass, a button too) is grouped into select menus
BUTTONS_UP_TO = MOVE_BUTTONS - 1
GROUP_LIMIT = 25


@lru_cache(maxsize=16)
def menu(state: CattleState, seat: int) -> tuple[CattleAction, ...]:
    """Every choice the seat's roll allows (identical dice are one choice), then Pass."""
    roll, stud, herd = state.rolls[seat], state.studs[seat], state.herd
    actions: list[CattleAction] = []
    if roll in (1, 2):
        mine = [d for d in herd if d.colour == state.brand(seat)]
        faces = distinct(mine)
        actions += [Grab((d,)) for d in faces]
        if roll == 2:
            count = Counter(mine)
            for i, a in enumerate(faces):
                actions += [Grab((a, b)) for b in faces[i:] if a != b or count[a] >= 2]
    elif roll == 3:
        actions += [Rustle(t) for t in state.active() if t != seat]
        actions += [Swiss(c) for c in dict.fromkeys(d.colour for d in state.stocks[seat])]
    elif roll == 4:
        actions += [Switch("stock", d) for d in distinct(state.stocks[seat]) if d != stud]
        actions += [Switch("herd", d) for d in distinct(herd) if d != stud]
    elif roll == 5:
        actions += [Raid(d) for d in distinct(herd)]
    elif roll == 6:
        actions += [Pasture(d) for d in distinct(herd)]
    actions.append(Pass())
    return tuple(actions)


#: a select group as data: its kind, and where a big kind is split, the first and last colour
#: (or face, for a raid) of this part ("" when the kind is not split); worded by the narrator
Group = tuple[str, str, str]


@lru_cache(maxsize=16)
def groups(state: CattleState, seat: int) -> dict[CattleAction, Group]:
    """Select-menu groups: none for a short menu (buttons, a THREE!'s rustles and swisses
    too), else by kind, big kinds split by colour. Kinds:
    ``grab1``, ``grab2``, ``rustle``, ``swiss``, ``switch_stock``, ``switch_herd``, ``raid``,
    ``pasture``.
    """
    choices = [a for a in menu(state, seat) if not isinstance(a, Pass)]
    if len(choices) <= BUTTONS_UP_TO:
        return {}
    kinds: dict[str, list[CattleAction]] = {}
    for a in choices:
        kinds.setdefault(group_kind(a), []).append(a)
    out: dict[CattleAction, Group] = {}
    for kind, actions in kinds.items():
        chunks = _chunks(actions)
        for chunk in chunks:
            first = last = ""
            if len(chunks) > 1:
                part = _face_of if isinstance(chunk[0], Raid) else _colour_of
                first, last = part(chunk[0]), part(chunk[-1])
            out.update((a, (kind, first, last)) for a in chunk)
    return out


def group_kind(action: CattleAction) -> str:
    match action:
        case Grab(dice):
            return "grab1" if len(dice) == 1 else "grab2"
        case Rustle():
            return "rustle"
        case Swiss():
            return "swiss"
        case Switch(source):
            return "switch_stock" if source == "stock" else "switch_herd"
        case Raid():
            return "raid"
    return "pasture"


def _colour_of(action: CattleAction) -> str:
    die = getattr(action, "die", None)
    return die.colour if die else ""


def _face_of(action: CattleAction) -> str:
    die = getattr(action, "die", None)
    return str(die.face) if die else ""


def _chunks(actions: list[CattleAction]) -> list[list[CattleAction]]:
    """Split into groups of at most 25: a raid's dice by face (the sixes first, the most
    useful), any other kind by colour; a face or colour is never split."""
    if len(actions) <= GROUP_LIMIT:
        return [actions]
    key = _colour_of
    if isinstance(actions[0], Raid):
        key = _face_of
        actions = sorted(actions, key=lambda a: -a.die.face if isinstance(a, Raid) else 0)
    same_key: dict[str, list[CattleAction]] = {}
    for a in actions:
        same_key.setdefault(key(a), []).append(a)
    chunks: list[list[CattleAction]] = [[]]
    for same in same_key.values():
        if len(chunks[-1]) + len(same) > GROUP_LIMIT:
            chunks.append([])
        chunks[-1].extend(same)
    return chunks


# Notation, parsing and storage helpers -------------------------------------------------------


def notation(state: CattleState, action: CattleAction) -> str:
    """A move as typed and logged: ``grab red 5 red 3``, ``rustle bob``, ``pass``."""
    match action:
        case Grab(dice):
            return "grab " + " ".join(str(d) for d in dice)
        case Rustle(target):
            return f"rustle {state.names[target]}"
        case Swiss(colour):
            return f"swiss {colour}"
        case Switch(source, die):
            return f"switch {source} {die}"
        case Raid(die):
            return f"raid {die}"
        case Pasture(die):
            return f"pasture {die}"
        case Pass():
            return "pass"
    raise TypeError(action)


def parse_colour(word: str, colours: Sequence[str]) -> str:
    colour = BY_LETTER.get(word, word)
    if colour not in colours:
        raise InvalidAction("cattle.no_such_colour", word=word[:20], colours=list(colours))
    return colour


def parse_dice(words: list[str], colours: Sequence[str]) -> list[Die]:
    """Dice as `red 5`, `red5` or `r5`, one after another."""
    text = " ".join(words)
    if not re.fullmatch(r"(\s*[a-z]+\s*\d+)+\s*", text):
        raise InvalidAction("cattle.dice_how")
    dice = []
    for word, face in re.findall(r"([a-z]+)\s*(\d+)", text):
        if not 1 <= int(face) <= 6:
            raise InvalidAction("cattle.face_range", face=face[:6])
        dice.append(Die(parse_colour(word, colours), int(face)))
    return dice


def parse_die(words: list[str], colours: Sequence[str], example: str) -> Die:
    dice = parse_dice(words, colours) if words else []
    if len(dice) != 1:
        raise InvalidAction("cattle.one_die", example=example)
    return dice[0]


def parse_player(state: CattleState, text: str) -> int:
    wanted = text.strip().lstrip("@").lower()
    if not wanted:
        raise InvalidAction("cattle.rustle_whom")
    for seat, name in enumerate(state.names):
        if name.lower() == wanted:
            return seat
    raise InvalidAction("cattle.no_such_player", text=text.strip()[:40], players=list(state.names))


def rank(state: CattleState, seat: int, action: CattleAction) -> int:
    """Usefulness, higher first: the points a move adds to your stock (or keeps safe), and for a
    new stud how many cows of its colour the herd still holds (your brand for 1s and 2s)."""
    herd = state.herd_colours
    match action:
        case Grab(dice):
            return 2 * total(dice)
        case Raid(die):
            return 2 * die.face
        case Rustle(target):
            return 2 * (total(state.stocks[target]) - total(state.stocks[seat]))
        case Swiss(colour):
            return total(d for d in state.stocks[seat] if d.colour == colour)
        case Switch("stock", die):
            return 2 * (state.rolls[seat] - die.face)
        case Switch(_, die):
            brand = state.brand(seat)
            return herd[die.colour] - 1 - (herd[brand] if brand else 0)
        case Pasture(die):
            return 12 + herd[die.colour] - 1
    return 0


def pass_reason(state: CattleState, seat: int) -> str:
    """Why the seat's roll leaves it nothing but a pass (its menu holds only Pass): a code the
    narrator words."""
    roll = state.rolls[seat]
    if roll in (1, 2):
        return "no_brand"  # no die of the seat's brand left in the herd
    if roll == 3:
        return "no_three"  # nobody to rustle and no stock to swiss
    if roll == 4:
        return "no_switch"  # nothing to switch the stud with
    return "herd_empty"


def passing(state: CattleState, start: int) -> int:
    """The position in this round's order up to which the seats from ``start`` on have nothing
    to do but pass (they pass one after the other, the table unchanged)."""
    end = start
    while end < len(state.order) and menu(state, state.order[end]) == (Pass(),):
        end += 1
    return end


def best_action(state: CattleState, seat: int) -> CattleAction:
    """The most useful move when it gains something, else Pass (first of equals wins)."""
    choices = menu(state, seat)
    best = max(choices, key=lambda a: rank(state, seat, a))
    return best if rank(state, seat, best) > 0 else Pass()
