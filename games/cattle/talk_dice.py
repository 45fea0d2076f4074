"""Cattle Baron's dice in words: a colour or a die ("red 5") in the grammatical form a
sentence needs, in the active locale.

English says "red" everywhere; Polish declines it (``czerwony`` colour, ``czerwona 5`` a die,
``czerwoną 5`` taken, ``czerwonej 5`` missing, ``czerwonych`` dice missing), so each form is
its own context in the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.cattle.model import Die
from words import domain, join_and

_d = domain("cattle")
_, ngettext, N_ = _d.functions()
pgettext = _d.pgettext

#: the grammatical forms a colour is worded in
COLOUR = "colour"  # the colour itself: "Your brand is red", a row of the herd
DIE = "die"  # a die as the subject: "red 5 is the new stud"
DIE_TAKEN = "die taken"  # a die as the object: "raided red 5"
DIE_MISSING = "die missing"  # a die that is not there: "The herd has no red 5"
DICE_MISSING = "dice missing"  # dice of a colour that are not there: "no red dice"
DICE_TAKEN = "dice taken"  # dice of a colour taken or moved: "Take two red", "Swiss all red"


def _colour(colour: str) -> str:
    return {
        "red": pgettext("colour", "red"),
        "blue": pgettext("colour", "blue"),
        "green": pgettext("colour", "green"),
        "yellow": pgettext("colour", "yellow"),
        "orange": pgettext("colour", "orange"),
        "purple": pgettext("colour", "purple"),
        "white": pgettext("colour", "white"),
        "black": pgettext("colour", "black"),
        "cyan": pgettext("colour", "cyan"),
        "tan": pgettext("colour", "tan"),
        "lime": pgettext("colour", "lime"),
        "maroon": pgettext("colour", "maroon"),
    }.get(colour, colour)


def _die(colour: str) -> str:
    return {
        "red": pgettext("die", "red"),
        "blue": pgettext("die", "blue"),
        "green": pgettext("die", "green"),
        "yellow": pgettext("die", "yellow"),
        "orange": pgettext("die", "orange"),
        "purple": pgettext("die", "purple"),
        "white": pgettext("die", "white"),
        "black": pgettext("die", "black"),
        "cyan": pgettext("die", "cyan"),
        "tan": pgettext("die", "tan"),
        "lime": pgettext("die", "lime"),
        "maroon": pgettext("die", "maroon"),
    }.get(colour, colour)


def _die_taken(colour: str) -> str:
    return {
        "red": pgettext("die taken", "red"),
        "blue": pgettext("die taken", "blue"),
        "green": pgettext("die taken", "green"),
        "yellow": pgettext("die taken", "yellow"),
        "orange": pgettext("die taken", "orange"),
        "purple": pgettext("die taken", "purple"),
        "white": pgettext("die taken", "white"),
        "black": pgettext("die taken", "black"),
        "cyan": pgettext("die taken", "cyan"),
        "tan": pgettext("die taken", "tan"),
        "lime": pgettext("die taken", "lime"),
        "maroon": pgettext("die taken", "maroon"),
    }.get(colour, colour)


def _die_missing(colour: str) -> str:
    return {
        "red": pgettext("die missing", "red"),
        "blue": pgettext("die missing", "blue"),
        "green": pgettext("die missing", "green"),
        "yellow": pgettext("die missing", "yellow"),
        "orange": pgettext("die missing", "orange"),
        "purple": pgettext("die missing", "purple"),
        "white": pgettext("die missing", "white"),
        "black": pgettext("die missing", "black"),
        "cyan": pgettext("die missing", "cyan"),
        "tan": pgettext("die missing", "tan"),
        "lime": pgettext("die missing", "lime"),
        "maroon": pgettext("die missing", "maroon"),
    }.get(colour, colour)


def _dice_missing(colour: str) -> str:
    return {
        "red": pgettext("dice missing", "red"),
        "blue": pgettext("dice missing", "blue"),
        "green": pgettext("dice missing", "green"),
        "yellow": pgettext("dice missing", "yellow"),
        "orange": pgettext("dice missing", "orange"),
        "purple": pgettext("dice missing", "purple"),
        "white": pgettext("dice missing", "white"),
        "black": pgettext("dice missing", "black"),
        "cyan": pgettext("dice missing", "cyan"),
        "tan": pgettext("dice missing", "tan"),
        "lime": pgettext("dice missing", "lime"),
        "maroon": pgettext("dice missing", "maroon"),
    }.get(colour, colour)


def _dice_taken(colour: str) -> str:
    return {
        "red": pgettext("dice taken", "red"),
        "blue": pgettext("dice taken", "blue"),
        "green": pgettext("dice taken", "green"),
        "yellow": pgettext("dice taken", "yellow"),
        "orange": pgettext("dice taken", "orange"),
        "purple": pgettext("dice taken", "purple"),
        "white": pgettext("dice taken", "white"),
        "black": pgettext("dice taken", "black"),
        "cyan": pgettext("dice taken", "cyan"),
        "tan": pgettext("dice taken", "tan"),
        "lime": pgettext("dice taken", "lime"),
        "maroon": pgettext("dice taken", "maroon"),
    }.get(colour, colour)


_FORMS = {
    COLOUR: _colour,
    DIE: _die,
    DIE_TAKEN: _die_taken,
    DIE_MISSING: _die_missing,
    DICE_MISSING: _dice_missing,
    DICE_TAKEN: _dice_taken,
}


def colour_words(colour: str, form: str = COLOUR) -> str:
    """A colour (a notation word: ``"red"``) in the given form, in the active locale."""
    return _FORMS[form](colour)


def as_die(value: Die | Mapping[str, Any]) -> Die:
    """A die, from itself or from its data in an event (``{"colour": "red", "face": 5}``)."""
    if isinstance(value, Die):
        return value
    return Die(str(value["colour"]), int(value["face"]))


def die_words(value: Die | Mapping[str, Any], form: str = DIE) -> str:
    """A die in words: "red 5" (Polish: "czerwona 5", "czerwoną 5", "czerwonej 5")."""
    die = as_die(value)
    return _("{colour} {face}").format(colour=colour_words(die.colour, form), face=die.face)


def dice_words(values: Iterable[Die | Mapping[str, Any]], form: str = DIE) -> str:
    """Dice in words, "red 5 and red 3"; "nothing" for none."""
    named = [die_words(v, form) for v in values]
    return join_and(named) if named else _("nothing")
