"""Why a High Rollin' move (or a saved game) was refused, in words: one sentence per code.

Each refusal that depends on the moment ends with what to do instead (``wanted``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import GameError
from games.highrollin.model import NOTATION
from games.highrollin.talk.common import (
    N_,
    _,
    die,
    ngettext,
    pile,
    wanted,
)

#: "You have only {n} <colour> in your pile", a whole sentence per colour (Polish puts the
#: colour in the genitive plural)
_ONLY = {
    "red": N_("You have only {n} red in your pile."),
    "blue": N_("You have only {n} blue in your pile."),
    "green": N_("You have only {n} green in your pile."),
    "yellow": N_("You have only {n} yellow in your pile."),
}


def refusal(err: GameError) -> str:
    """``err`` (a ``highrollin.*`` code) in the active locale; an unknown code as it is."""
    what = err.code.split(".", 1)[-1]
    data: dict[str, Any] = err.data
    if "phase" in data:
        return _phased(what, wanted(data["phase"], data.get("towers", ())))
    words = WORDS.get(what)
    return err.code if words is None else words(data)


def _phased(what: str, want: str) -> str:
    """A move that is not for now, and what is."""
    if what == "rolled":
        return _("Your dice are already rolled; {wanted}.").format(wanted=want)
    if what == "first":
        return _("First {wanted}.").format(wanted=want)
    if what == "no_stack":
        return _("No rolled die can be stacked now; {wanted}.").format(wanted=want)
    if what == "not_now":
        return _("Not now: {wanted}.").format(wanted=want)
    if what == "no_penalty":
        return _("There is no penalty to take; {wanted}.").format(wanted=want)
    if what == "not_tallest":
        return _("The penalty comes off a tallest tower: {wanted}.").format(wanted=want)
    return _("Unknown move; {wanted}.").format(wanted=want)


def _roll_size(data: dict[str, Any]) -> str:
    n = data["size"]
    return ngettext(
        "Roll exactly {n} die from your pile ({pile}).",
        "Roll exactly {n} dice from your pile ({pile}).",
        n,
    ).format(n=n, pile=pile(data["pile"]))


def _misfit(data: dict[str, Any]) -> str:
    said = die(data["die"])
    fields = {
        "die": said[:1].upper() + said[1:],
        "top": die(data["top"]),
        "tower": data["tower"] + 1,
    }
    if data["why"] == "own_colour":
        return _(
            "{die} cannot go on tower {tower} (top {top}): a die never goes on its own colour."
        ).format(**fields)
    return _(
        "{die} cannot go on tower {tower} (top {top}): the faces must match, or one of them be a 1."
    ).format(**fields)


def _moves() -> str:
    return "; ".join(NOTATION)


def _bad_value(data: dict[str, Any]) -> str:
    return _("This saved High Rollin' game has a bad value for {what}: {value}.").format(**data)


WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "players": lambda d: _("High Rollin' needs {low}-{high} players.").format(**d),
    "roll_size": _roll_size,
    "too_few": lambda d: _(_ONLY[d["colour"]]).format(n=d["have"]),
    "die_range": lambda d: _("Pick a rolled die from 1 to {dice}.").format(**d),
    "tower_range": lambda d: _("Pick a tower from 1 to {towers}.").format(**d),
    "own_colour": lambda d: _misfit({**d, "why": "own_colour"}),
    "no_match": lambda d: _misfit({**d, "why": "no_match"}),
    "not_playing": lambda d: _("That player is not in the game."),
    "empty": lambda d: _("Type a move: {moves}").format(moves=_moves()),
    "lift_usage": lambda d: _("Name the tower to lift from: `lift 2`."),
    "unknown_text": lambda d: _("I don't know the move `{text}`. Moves: {moves}").format(
        text=d["text"], moves=_moves()
    ),
    "name_dice": lambda d: _("Name the five dice to roll: `roll red red blue green green`."),
    "colour": lambda d: _("Unknown colour `{word}`; colours are red, blue, green, yellow.").format(
        **d
    ),
    "no_die": lambda d: _("You have no rolled {die}.").format(die=die(d["die"])),
    "place_usage": lambda d: _(
        "Say which rolled die goes on which tower: `place 3 on 2` or `place red 5 on 2`."
    ),
    "tower_number": lambda d: _("Towers are numbered 1 to {towers}.").format(**d),
    "bad_value": _bad_value,
    "unreadable": lambda d: _("This saved High Rollin' game cannot be read ({error}).").format(**d),
    "broken": lambda d: _("This saved High Rollin' game breaks its rules: {problems}.").format(
        problems="; ".join(d["problems"])
    ),
}
