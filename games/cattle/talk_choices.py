"""Cattle Baron's choices in words: each legal move's label, note and select group, and the
status line, in the active locale."""

from __future__ import annotations

from games.base import Choice, Outcome
from games.cattle.menu import Group, groups, rank
from games.cattle.model import (
    CattleAction,
    CattleState,
    Grab,
    Pass,
    Pasture,
    Raid,
    Rustle,
    Swiss,
    Switch,
    total,
)
from games.cattle.talk_dice import DICE_TAKEN, DIE_TAKEN, colour_words, die_words
from words import domain, join_and

_, ngettext, N_ = domain("cattle").functions()

EMOJI = {
    "red": "🟥", "blue": "🟦", "green": "🟩", "yellow": "🟨", "orange": "🟧",
    "purple": "🟪", "white": "⬜", "black": "⬛", "tan": "🟫",
}  # fmt: skip
#: a player's name in a label is cut to this many characters (labels stay within Discord's)
NAME_IN_LABEL = 32


def group_words(group: Group, brand: str | None) -> str:
    """A select menu's name: its kind, and the part of a big kind it holds ("Raid the herd
    (6s–5s)")."""
    kind, first, last = group
    colour = colour_words(brand or "", DICE_TAKEN)
    name = {
        "grab1": _("Take one {brand}").format(brand=colour_words(brand or "", DIE_TAKEN)),
        "grab2": _("Take two {brand}").format(brand=colour),
        "rustle": _("Rustle a stock"),
        "swiss": _("Swiss a colour"),
        "switch_stock": _("Switch stud with your stock"),
        "switch_herd": _("Switch stud with the herd"),
        "raid": _("Raid the herd"),
    }.get(kind) or _("Pasture for a die of the herd")
    if not first:
        return name
    if kind == "raid":
        if first == last:
            return _("{group} ({face}s)").format(group=name, face=first)
        return _("{group} ({first}s–{last}s)").format(group=name, first=first, last=last)
    if first == last:
        return _("{group} ({colour})").format(group=name, colour=colour_words(first))
    return _("{group} ({first}–{last})").format(
        group=name, first=colour_words(first), last=colour_words(last)
    )


def _brand_note(left: int) -> str:
    """A new stud's note: a warning when no cow of its colour is left in the herd (the same
    words for every such choice, so the board says it once)."""
    return "" if left else _("no cow of its colour left in the herd for your 1s and 2s")


def describe(state: CattleState, seat: int, action: CattleAction) -> Choice:
    """How the action UI shows one choice: a short label, its select group, a colour emoji,
    and a note only where it warns or explains what the label does not."""
    found = groups(state, seat).get(action)
    group = None if found is None else group_words(found, state.brand(seat))
    score = rank(state, seat, action)
    herd = state.herd_colours
    match action:
        case Pass():
            return Choice(_("Pass"), emoji="✋")
        case Grab(dice):
            if len(dice) == 1:
                label = _("Take {die}").format(die=die_words(dice[0], DIE_TAKEN))
            else:
                label = _("Take {first} + {second}").format(
                    first=die_words(dice[0], DIE_TAKEN), second=die_words(dice[1], DIE_TAKEN)
                )
            return Choice(label, group, emoji=EMOJI.get(dice[0].colour), rank=score)
        case Rustle(target):
            theirs, mine = total(state.stocks[target]), total(state.stocks[seat])
            label = _("Rustle {name} (their {theirs} for your {mine})").format(
                name=state.names[target][:NAME_IN_LABEL], theirs=theirs, mine=mine
            )
            return Choice(label, group, emoji="🤠", rank=score)
        case Swiss(colour):
            dice = tuple(d for d in state.stocks[seat] if d.colour == colour)
            count = ngettext("{count} die", "{count} dice", len(dice)).format(count=len(dice))
            points = ngettext("{points} pt", "{points} pts", total(dice)).format(points=total(dice))
            label = _("Swiss all {colour} ({dice}, {points})").format(
                colour=colour_words(colour, DICE_TAKEN), dice=count, points=points
            )
            return Choice(label, group, emoji=EMOJI.get(colour), rank=score)
        case Switch(source, die):
            note = _brand_note(herd[die.colour] - (source == "herd"))
            taken = die_words(die, DIE_TAKEN)
            if source == "stock":
                gain = f"{state.rolls[seat] - die.face:+d}"
                label = _("Switch stud with stock {die} ({gain} to stock)").format(
                    die=taken, gain=gain
                )
            else:
                label = _("Switch stud with herd {die}").format(die=taken)
            return Choice(label, group, note, emoji=EMOJI.get(die.colour), rank=score)
        case Raid(die):
            label = _("Raid {die}").format(die=die_words(die, DIE_TAKEN))
            return Choice(label, group, emoji=EMOJI.get(die.colour), rank=score)
        case Pasture(die):
            note = _brand_note(herd[die.colour] - 1)
            label = _("Pasture for {die}").format(die=die_words(die, DIE_TAKEN))
            return Choice(label, group, note, emoji=EMOJI.get(die.colour), rank=score)
    raise TypeError(action)


def status_words(state: CattleState, outcome: Outcome | None) -> str:
    """One plain line for status listings: whose turn and the herd, or who won."""
    if outcome is not None:
        best = max(outcome.scores or (0,))
        return _("won by {names} ({best})").format(
            names=join_and([state.names[s] for s in outcome.winners]), best=best
        )
    seat = state.order[state.pos]
    return ngettext(
        "round {round}: {name} to act (rolled {roll}); {count} die in the herd",
        "round {round}: {name} to act (rolled {roll}); {count} dice in the herd",
        len(state.herd),
    ).format(
        round=state.round, name=state.names[seat], roll=state.rolls[seat], count=len(state.herd)
    )
