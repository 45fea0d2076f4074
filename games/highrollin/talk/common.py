"""Words High Rollin' shares between its events, refusals, choices and picture: dice, colours,
counts of dice by colour, chances and what to do next.

Dice in event data are ``[colour, face]`` pairs (``["red", 6]``). Polish needs the colour in
more than one case, so a die is worded as a subject (``die``) or as an object (``die_object``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.highrollin.model import COLOURS
from words import domain, join_and
from words.numbers import decimal

D = domain("highrollin")
_, ngettext, N_ = D.functions()
pgettext = D.pgettext


def colour_word(colour: str) -> str:
    """A die's colour as the subject of a sentence ("red")."""
    words = {
        "red": pgettext("die colour", "red"),
        "blue": pgettext("die colour", "blue"),
        "green": pgettext("die colour", "green"),
        "yellow": pgettext("die colour", "yellow"),
    }
    return words[colour]


def colour_object(colour: str) -> str:
    """A die's colour as the object of a sentence ("stacked *red* 6")."""
    words = {
        "red": pgettext("die colour, object", "red"),
        "blue": pgettext("die colour, object", "blue"),
        "green": pgettext("die colour, object", "green"),
        "yellow": pgettext("die colour, object", "yellow"),
    }
    return words[colour]


def letter(colour: int) -> str:
    """The colour's letter printed on a die in the picture ("R" of "R6")."""
    letters = (
        pgettext("die letter", "R"),
        pgettext("die letter", "B"),
        pgettext("die letter", "G"),
        pgettext("die letter", "Y"),
    )
    return letters[colour]


def colour_key(die: Sequence[Any]) -> str:
    colour = die[0]
    return COLOURS[colour] if isinstance(colour, int) else str(colour)


def die(d: Sequence[Any]) -> str:
    """A die as a subject: "red 6"."""
    return _("{colour} {face}").format(colour=colour_word(colour_key(d)), face=d[1])


def die_object(d: Sequence[Any]) -> str:
    """A die as an object: "red 6" (Polish: "czerwoną 6")."""
    return _("{colour} {face}").format(colour=colour_object(colour_key(d)), face=d[1])


def dice(ds: Iterable[Sequence[Any]]) -> str:
    """Dice as a list: "red 3, red 6, blue 4"."""
    return pgettext("list separator", ", ").join(die(d) for d in ds)


def short_dice(ds: Iterable[Sequence[Any]]) -> str:
    """Dice as the picture prints them: "R3 R6 B4"."""
    return " ".join(f"{letter(COLOURS.index(colour_key(d)))}{d[1]}" for d in ds)


def colour_count(colour: int, n: int) -> str:
    """``n`` dice of one colour: "2 red"."""
    if colour == 0:
        return ngettext("{n} red", "{n} red", n).format(n=n)
    if colour == 1:
        return ngettext("{n} blue", "{n} blue", n).format(n=n)
    if colour == 2:
        return ngettext("{n} green", "{n} green", n).format(n=n)
    return ngettext("{n} yellow", "{n} yellow", n).format(n=n)


def mix(counts: Sequence[int]) -> str:
    """A roll's colours: "2 red + 3 blue"."""
    return " + ".join(colour_count(c, n) for c, n in enumerate(counts) if n)


def pile(counts: Sequence[int]) -> str:
    """A pile's dice: "2 red, 1 blue, 2 green" ("no dice" when empty)."""
    parts = [colour_count(c, n) for c, n in enumerate(counts) if n]
    return pgettext("list separator", ", ").join(parts) if parts else _("no dice")


def percent(p: float) -> str:
    """0.24 -> '24%', 0.015 -> '1.5%' (the locale's decimal mark)."""
    return _("{number}%").format(number=decimal(p * 100, trim=True))


def risk(data: Any) -> str:
    """The risk a check ran, for the history: "a 24% risk"."""
    return _("a {chance} risk").format(chance=percent(data["chance"]))


def join_or(items: Iterable[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    words = list(items)
    if len(words) < 2:
        return "".join(words)
    head = pgettext("list separator", ", ").join(words[:-1])
    return _("{first} or {last}").format(first=head, last=words[-1])


def names_of(seats: Iterable[int], names: Sequence[str]) -> str:
    return join_and(names[s] for s in seats)


def table(pairs: Iterable[Sequence[int]], names: Sequence[str]) -> str:
    """Scores as "ann 101, bob 30"."""
    return pgettext("list separator", ", ").join(
        _("{name} {score}").format(name=names[s], score=score) for s, score in pairs
    )


def wanted(phase: str, towers: Sequence[int]) -> str:
    """What the player should do in ``phase``, as the end of a refusal."""
    if phase == "roll":
        return _("choose the dice to roll, e.g. `roll red red blue green green`")
    if phase == "place":
        return _("stack a die: `place <die> on <tower>`")
    if phase == "decide":
        return _("roll the rest `again` or `stop`")
    moves = join_or(f"`lift {t + 1}`" for t in towers)
    return _("pick the tower for the penalty: {moves}").format(moves=moves)
