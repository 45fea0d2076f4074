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

from games.base import Choice, InvalidAction
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
    plural,
    total,
)

EMOJI = {
    "red": "🟥", "blue": "🟦", "green": "🟩", "yellow": "🟨", "orange": "🟧",
    "purple": "🟪", "white": "⬜", "black": "⬛", "tan": "🟫",
}  # fmt: skip
#: a menu with more choices than this (besides Pass) is grouped into select menus
BUTTONS_UP_TO = 8
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


@lru_cache(maxsize=16)
def groups(state: CattleState, seat: int) -> dict[CattleAction, str | None]:
    """Select-menu groups: none for a short menu, else by kind, big kinds split by colour.

    A THREE! is always grouped: whose stock to rustle and which colour to swiss are two
    different decisions, so each gets its own named menu even when it is short.
    """
    choices = [a for a in menu(state, seat) if not isinstance(a, Pass)]
    if len(choices) <= BUTTONS_UP_TO and state.rolls[seat] != 3:
        return {}
    brand = state.brand(seat)
    kinds: dict[str, list[CattleAction]] = {}
    for a in choices:
        match a:
            case Grab(dice):
                name = f"Take one {brand}" if len(dice) == 1 else f"Take two {brand}"
            case Rustle():
                name = "Rustle a stock"
            case Swiss():
                name = "Swiss a colour"
            case Switch(source):
                name = (
                    "Switch stud with your stock"
                    if source == "stock"
                    else "Switch stud with the herd"
                )
            case Raid():
                name = "Raid the herd"
            case _:
                name = "New stud from the herd"
        kinds.setdefault(name, []).append(a)
    out: dict[CattleAction, str | None] = {}
    for name, actions in kinds.items():
        chunks = _chunks(actions)
        for chunk in chunks:
            label = name
            if len(chunks) > 1:
                part = _face_of if isinstance(chunk[0], Raid) else _colour_of
                first, last = part(chunk[0]), part(chunk[-1])
                label += f" ({first})" if first == last else f" ({first}–{last})"
            out.update((a, label) for a in chunk)
    return out


def _colour_of(action: CattleAction) -> str:
    die = getattr(action, "die", None)
    return die.colour if die else ""


def _face_of(action: CattleAction) -> str:
    die = getattr(action, "die", None)
    return f"{die.face}s" if die else ""


def _chunks(actions: list[CattleAction]) -> list[list[CattleAction]]:
    """Split into groups of at most 25: a raid's dice by face (the sixes first, the most
    useful), any other kind by colour; a face or colour is never split."""
    if len(actions) <= GROUP_LIMIT:
        return [actions]
    key = _colour_of
    if isinstance(actions[0], Raid):
        key = _face_of
        actions = sorted(actions, key=lambda a: -a.die.face)  # type: ignore[union-attr]
    same_key: dict[str, list[CattleAction]] = {}
    for a in actions:
        same_key.setdefault(key(a), []).append(a)
    chunks: list[list[CattleAction]] = [[]]
    for same in same_key.values():
        if len(chunks[-1]) + len(same) > GROUP_LIMIT:
            chunks.append([])
        chunks[-1].extend(same)
    return chunks


# Parsing and storage helpers ----------------------------------------------------------------


def parse_colour(word: str, colours: Sequence[str]) -> str:
    colour = BY_LETTER.get(word, word)
    if colour not in colours:
        raise InvalidAction(f"No colour `{word}` in this game; colours: {', '.join(colours)}.")
    return colour


def parse_dice(words: list[str], colours: Sequence[str]) -> list[Die]:
    """Dice as `red 5`, `red5` or `r5`, one after another."""
    text = " ".join(words)
    if not re.fullmatch(r"(\s*[a-z]+\s*\d+)+\s*", text):
        raise InvalidAction("Name dice by colour and face, e.g. `red 5` or `r5`.")
    dice = []
    for word, face in re.findall(r"([a-z]+)\s*(\d+)", text):
        if not 1 <= int(face) <= 6:
            raise InvalidAction(f"A die shows 1 to 6, not {face}.")
        dice.append(Die(parse_colour(word, colours), int(face)))
    return dice


def parse_die(words: list[str], colours: Sequence[str], example: str) -> Die:
    dice = parse_dice(words, colours) if words else []
    if len(dice) != 1:
        raise InvalidAction(f"Name one die by colour and face, e.g. `{example}`.")
    return dice[0]


def parse_player(state: CattleState, text: str) -> int:
    wanted = text.strip().lstrip("@").lower()
    if not wanted:
        raise InvalidAction("Name who to rustle, e.g. `rustle bob`.")
    for seat, name in enumerate(state.names):
        if name.lower() == wanted:
            return seat
    raise InvalidAction(
        f"No player called `{text.strip()[:40]}`; players: {', '.join(state.names)}."
    )


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
            return herd[die.colour] - 1 - herd[state.brand(seat)]
        case Pasture(die):
            return 12 + herd[die.colour] - 1
    return 0


def best_action(state: CattleState, seat: int) -> CattleAction:
    """The most useful move when it gains something, else Pass (first of equals wins)."""
    choices = menu(state, seat)
    best = max(choices, key=lambda a: rank(state, seat, a))
    return best if rank(state, seat, best) > 0 else Pass()


def describe(state: CattleState, seat: int, action: CattleAction) -> Choice:
    """How the action UI shows one choice: a short label, its select group, a colour emoji."""
    group = groups(state, seat).get(action)
    score = rank(state, seat, action)
    herd = state.herd_colours
    match action:
        case Pass():
            return Choice("Pass", emoji="✋")
        case Grab(dice):
            label = "Take " + " + ".join(str(d) for d in dice)
            note = f"+{total(dice)} to your stock"
            return Choice(label, group, note, emoji=EMOJI.get(dice[0].colour), rank=score)
        case Rustle(target):
            theirs, mine = total(state.stocks[target]), total(state.stocks[seat])
            label = f"Rustle {state.names[target][:32]} (their {theirs} for your {mine})"
            note = f"your stock changes by {theirs - mine:+d}"
            return Choice(label, group, note, emoji="🤠", rank=score)
        case Swiss(colour):
            dice = [d for d in state.stocks[seat] if d.colour == colour]
            label = f"Swiss all {colour} ({plural(len(dice), 'die')}, {total(dice)} pts)"
            note = "safe from rustlers for ever"
            return Choice(label, group, note, emoji=EMOJI.get(colour), rank=score)
        case Switch(source, die):
            label = f"Switch stud with {source} {die}"
            left = herd[die.colour] - (source == "herd")
            note = f"new brand {die.colour}: {left} in the herd"
            if source == "stock":
                gain = state.rolls[seat] - die.face
                label += f" ({gain:+d} to stock)"
                note = f"your stock changes by {gain:+d}; " + note
            return Choice(label, group, note, emoji=EMOJI.get(die.colour), rank=score)
        case Raid(die):
            note = f"+{die.face} to your stock"
            return Choice(f"Raid {die}", group, note, emoji=EMOJI.get(die.colour), rank=score)
        case Pasture(die):
            note = f"+6 to your stock; new brand {die.colour}: {herd[die.colour] - 1} in the herd"
            label = f"New stud {die} (your 6 goes to stock)"
            return Choice(label, group, note, emoji=EMOJI.get(die.colour), rank=score)
    raise TypeError(action)
