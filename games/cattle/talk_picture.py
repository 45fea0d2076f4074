"""The texts of Cattle Baron's picture, in the active locale: the header, the last-move strip
(told from the move's events), the herd's and the players' labels."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event
from games.cattle.talk_dice import DICE_MISSING, DIE_TAKEN, colour_words, die_words
from words import domain

_, ngettext, N_ = domain("cattle").functions()

Data = Mapping[str, Any]

#: the event kinds of a move (the strip tells the first of them)
MOVES = (
    "grab",
    "rustle",
    "swiss",
    "switch",
    "raid",
    "pasture",
    "pass",
    "forced_pass",
    "leave",
)


def strip_words(events: Sequence[Event], names: Sequence[str]) -> str:
    """The last move, short, for the strip under the header ("ann rolled 5: raided blue 6");
    empty when the events hold no move."""
    for event in events:
        if event.kind in MOVES:
            return _move(event.kind, event.data, names)
    return ""


def _move(kind: str, d: Data, names: Sequence[str]) -> str:
    name = names[d["seat"]]
    if kind == "leave":
        return _("{name} left the game").format(name=name)
    fields: dict[str, Any] = {"name": name, "roll": d.get("roll", "")}
    if kind == "grab":
        dice = [die_words(x, DIE_TAKEN) for x in d["dice"]]
        if len(dice) == 1:
            return _("{name} rolled {roll}: took {die}").format(die=dice[0], **fields)
        return _("{name} rolled {roll}: took {first} + {second}").format(
            first=dice[0], second=dice[1], **fields
        )
    if kind == "rustle":  # (the totals before the swap: what each had)
        return _("{name} rolled {roll}: rustled {other} ({mine} for {theirs})").format(
            other=names[d["target"]], mine=d["theirs"], theirs=d["mine"], **fields
        )
    if kind == "swiss":
        count = len(d["dice"])
        return ngettext(
            "{name} rolled {roll}: swissed {count} die {colour} ({safe} safe)",
            "{name} rolled {roll}: swissed {count} dice {colour} ({safe} safe)",
            count,
        ).format(count=count, colour=colour_words(d["colour"]), safe=d["safe"], **fields)
    if kind == "switch" and d["source"] == "stock":
        return _("{name} rolled {roll}: switched stud with stock {die} ({gain})").format(
            die=die_words(d["die"], DIE_TAKEN), gain=f"{d['gain']:+d}", **fields
        )
    if kind == "switch":
        return _("{name} rolled {roll}: switched stud with herd {die}").format(
            die=die_words(d["die"], DIE_TAKEN), **fields
        )
    if kind == "raid":
        return _("{name} rolled {roll}: raided {die}").format(
            die=die_words(d["die"], DIE_TAKEN), **fields
        )
    if kind == "pasture":
        return _("{name} rolled {roll}: pastured 6 for {die}").format(
            die=die_words(d["die"], DIE_TAKEN), **fields
        )
    if kind == "forced_pass":
        return _forced(d, fields)
    return _("{name} rolled {roll}: passed").format(**fields)


def _forced(d: Data, fields: dict[str, Any]) -> str:
    why = d.get("why")
    if why == "no_brand":
        text = _("{name} rolled {roll}: no {brand} left in the herd, passed")
    elif why == "no_three":
        text = _("{name} rolled {roll}: nobody to rustle and no stock to swiss, passed")
    elif why == "no_switch":
        text = _("{name} rolled {roll}: nothing to switch the stud with, passed")
    else:
        text = _("{name} rolled {roll}: the herd is empty, passed")
    brand = colour_words(d["brand"], DICE_MISSING) if d.get("brand") else ""
    return text.format(brand=brand, **fields)


def title() -> str:
    return _("CATTLE BARON")


def last_label() -> str:
    return _("Last:")


def order_rule(ties: str) -> str:
    """What the order means, shown at a game's start instead of a last move."""
    if ties == "seat":
        return _("Lowest roll acts first; equal rolls: the earlier seat")
    return _("Lowest roll acts first; equal rolls: the newer Discord account")


def still_to_act() -> str:
    """Names the players who act after the one on turn, in this round's order."""
    return _("Still to act this round")


def acted() -> str:
    """Names the players who have acted this round."""
    return _("Acted this round")


def to_act(round_: int, name: str) -> str:
    return _("Round {round} · {name} to act").format(round=round_, name=name)


def winner(name: str, best: int) -> str:
    return _("Game over · {name} wins {best}").format(name=name, best=best)


def shared_win(count: int, best: int) -> str:
    return ngettext(
        "Game over · {count} share the win, {best}",
        "Game over · {count} share the win, {best}",
        count,
    ).format(count=count, best=best)


def herd_title(count: int) -> str:
    return ngettext("THE HERD · {count} die", "THE HERD · {count} dice", count).format(count=count)


def none_left(colours: Sequence[str]) -> str:
    """The herd's colours that have no cow left: 'None left: red, blue.'"""
    return _("None left: {colours}").format(colours=", ".join(colour_words(c) for c in colours))


def final_title() -> str:
    return _("FINAL HAULS")


def haul_parts(stock: int, swiss: int) -> str:
    return _("{stock} + Swiss {swiss}").format(stock=stock, swiss=swiss)


def you(name: str) -> str:
    return _("{name} (you)").format(name=name)


def left_game() -> str:
    return _("left the game")


def three() -> str:
    return _("THREE!")


def rolled(roll: int) -> str:
    return _("rolled {roll}").format(roll=roll)


def stock_label(points: int) -> str:
    return _("Stock {points}").format(points=points)


def swiss_label(points: int) -> str:
    return _("Swiss {points}").format(points=points)


def empty() -> str:
    return _("empty")
