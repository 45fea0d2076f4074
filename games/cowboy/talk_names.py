"""The nouns of Super Cowboy's words: directions, cards, tokens, places on the range.

Event and error data name squares and intersections by their notation (``c4``, ``G4``) and
edges, corners and areas as small records (``Board.edge_place``, ``Board.point_place``,
``fields.area``); these functions word them in the active locale for the sentences of
``talk_events``, ``talk_choices`` and ``talk_errors``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from words import domain, join_and

D = domain("cowboy")
_, ngettext, N_ = D.functions()

#: a cowboy's steps (``move n``), as said after "rides" and "to your"
STEP_WORDS = {
    "n": N_("north"),
    "e": N_("east"),
    "s": N_("south"),
    "w": N_("west"),
}
#: the MOOOOOVE compass by roll (data/cowboy/compass.json, kept equal by a test)
COMPASS_WORDS = {
    1: N_("north"),
    2: N_("north-east"),
    3: N_("east"),
    4: N_("south-east"),
    5: N_("south"),
    6: N_("south-west"),
    7: N_("west"),
    8: N_("north-west"),
}
#: the event deck's cards: full name, short name, what it does (data/cowboy/deck.json, kept
#: equal by a test)
CARD_NAMES = {
    "moove": N_("MOOOOOVE!"),
    "steer": N_("Roamin' Steer Roams On By"),
    "twister": N_("Twister!"),
    "indian": N_("Indian Raid!"),
    "cavalry": N_("United States Cavalry"),
    "noname": N_("The Man With No Name"),
    "stampede": N_("Stampede!"),
    "bandit": N_("Bandit!"),
    "pilgrims": N_("Pilgrims"),
    "sixshooter": N_("Six Shooter"),
    "lariat": N_("Lucky Low's Legendary Lucky Lariat"),
    "axe": N_("Angry Abe's Amazingly Awesome Axe"),
    "bills": N_("Big Ol' Bag o' Bills"),
    "brander": N_("Big Bob's Butt Brander"),
    "firewater": N_("Fire Water"),
}
CARD_SHORT = {
    "moove": N_("MOOOOOVE"),
    "steer": N_("Roamin' Steer"),
    "twister": N_("Twister"),
    "indian": N_("Indian Raid"),
    "cavalry": N_("Cavalry"),
    "noname": N_("Man With No Name"),
    "stampede": N_("Stampede"),
    "bandit": N_("Bandit"),
    "pilgrims": N_("Pilgrims"),
    "sixshooter": N_("Six Shooter"),
    "lariat": N_("Lucky Lariat"),
    "axe": N_("Axe"),
    "bills": N_("Bag o' Bills"),
    "brander": N_("Butt Brander"),
    "firewater": N_("Fire Water"),
}
CARD_TEXTS = {
    "moove": N_(
        "Every twister moves two steps, then every Indian, every roaming steer, the Bandit and "
        "every Pilgrim one step."
    ),
    "steer": N_("A roaming steer comes to a random edge tile; you choose the square."),
    "twister": N_("A twister comes to a random edge tile; you choose the square."),
    "indian": N_("Indians come to a random edge tile; you choose the square."),
    "cavalry": N_("You choose one band of Indians or the Bandit, and the Cavalry removes it."),
    "noname": N_(
        "You choose an opponent at once: he glares so hard they get nervous and lose a turn."
    ),
    "stampede": N_(
        "Every roaming steer moves one step the same way at once, ignoring fences and water."
    ),
    "bandit": N_(
        "Place the Bandit on a random edge tile: the centre of a side tile, the outside corner "
        "of a corner tile."
    ),
    "pilgrims": N_(
        "Place a Pilgrim on the centre of a random edge tile; Pilgrims walk straight across the "
        "board."
    ),
    "sixshooter": N_("When fighting Indians, you win on a 3 or more."),
    "lariat": N_("You may reroll a failed rustling roll."),
    "axe": N_("When you cut wood, you get four fences, not three."),
    "bills": N_("When you are caught rustling, you may discard this card to avoid the penalty."),
    "brander": N_(
        "When an opponent tries to rustle your steers, any result but success counts as caught."
    ),
    "firewater": N_("You choose an opponent at once: they get drunk and lose a turn."),
}


#: what a cowboy can do, by the kind of action, as said after "to play:"
CAN = {
    "Step": N_("ride"),
    "Fence": N_("build a fence"),
    "Cut": N_("cut wood"),
    "Rope": N_("rope a steer"),
    "Rustle": N_("rustle a steer"),
    "Fight": N_("fight Indians"),
    "Again": N_("ride on"),
    "Ride": N_("ride"),
    "End": N_("end the turn"),
}


def who(names: Sequence[str], seat: Any) -> str:
    """A seat's name (``?`` for a seat the names do not reach)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def everyone(names: Sequence[str], seats: Sequence[int]) -> str:
    """Several seats' names: ``alice and bob``."""
    return join_and(who(names, s) for s in seats)


def step_word(d: str) -> str:
    return _(STEP_WORDS[d]) if d in STEP_WORDS else d


def compass_word(roll: int) -> str:
    return _(COMPASS_WORDS[roll]) if roll in COMPASS_WORDS else str(roll)


def compass(roll: int) -> str:
    """A compass roll and the way it points: ``3 (east)``."""
    return _("{roll} ({direction})").format(roll=roll, direction=compass_word(roll))


def card_name(card: str) -> str:
    return _(CARD_NAMES[card]) if card in CARD_NAMES else card


def card_short(card: str) -> str:
    return _(CARD_SHORT[card]) if card in CARD_SHORT else card


def card_text(card: str) -> str:
    return _(CARD_TEXTS[card]) if card in CARD_TEXTS else ""


def items(cards: Sequence[str]) -> str:
    """Items in hand by their short names, or that there are none."""
    return ", ".join(card_short(c) for c in cards) if cards else _("no items")


def point(place: Mapping[str, str]) -> str:
    """An intersection as a player finds it on the picture, by the squares it labels (the
    one coordinate style of every text): ``the SW corner of g4``."""
    corner = place.get("corner")
    if corner == "sw":
        return _("the SW corner of {square}").format(**place)
    if corner == "se":
        return _("the SE corner of {square}").format(**place)
    if corner == "nw":
        return _("the NW corner of {square}").format(**place)
    if corner == "ne":
        return _("the NE corner of {square}").format(**place)
    return str(place.get("point", "?"))


def grid_point(place: Mapping[str, str]) -> str:
    """An intersection by the text board's own grid of points (which it explains), with the
    square it is a corner of: ``G4 (SW corner of g4)``."""
    corner = place.get("corner")
    if corner == "sw":
        return _("{point} (SW corner of {square})").format(**place)
    if corner == "se":
        return _("{point} (SE corner of {square})").format(**place)
    if corner == "nw":
        return _("{point} (NW corner of {square})").format(**place)
    if corner == "ne":
        return _("{point} (NE corner of {square})").format(**place)
    return str(place.get("point", "?"))


def edge(place: Mapping[str, str]) -> str:
    """An edge a player finds on the picture: ``between f1 and g1``, ``on the west side of
    a1``."""
    side = place.get("side")
    if side is None:
        return _("between {a} and {b}").format(a=place.get("a", "?"), b=place.get("b", "?"))
    square = place.get("square", "?")
    if side == "n":
        return _("on the north side of {square}").format(square=square)
    if side == "e":
        return _("on the east side of {square}").format(square=square)
    if side == "s":
        return _("on the south side of {square}").format(square=square)
    return _("on the west side of {square}").format(square=square)


def area(place: Mapping[str, Any]) -> str:
    """A field or part of one, as the object of a sentence: ``1 square (g2)``, ``3 squares
    (e2, f2, g2)``, ``8 squares (e2 to h3)``."""
    size = int(place.get("size", 0))
    squares = [str(s) for s in place.get("squares", ())]
    if size > len(squares) and len(squares) == 2:
        return ngettext(
            "{n} square ({first} to {last})", "{n} squares ({first} to {last})", size
        ).format(n=size, first=squares[0], last=squares[-1])
    return ngettext("{n} square ({squares})", "{n} squares ({squares})", size).format(
        n=size, squares=", ".join(squares)
    )
