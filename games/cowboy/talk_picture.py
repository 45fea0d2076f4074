"""The words on a Super Cowboy picture: whose turn or who won, what the last move did (told from
its events), the players' cards and the legend, in the active locale."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event
from games.cowboy.fields import herds
from games.cowboy.state import CowboyState
from games.cowboy.talk_events import TELL
from games.cowboy.talk_names import card_short, edge, everyone, items, step_word, who
from words import domain

_, ngettext, N_ = domain("cowboy").functions()

#: the legend's labels by icon, row by row
LEGEND = (
    ("steer", N_("steer")),
    ("printed", N_("printed")),
    ("skull", N_("skull")),
    ("stolen", N_("stolen")),
    ("tree", N_("tree")),
    ("house", N_("homestead")),
    ("stream", N_("stream")),
    ("indian", N_("Indians")),
    ("twister", N_("twister")),
    ("bandit", N_("Bandit")),
    ("zone", N_("no stop")),
    ("pilgrim", N_("Pilgrim")),
    ("moved", N_("changed")),
    ("ghost", N_("was here")),
)


#: the tiles' names (data/cowboy/tiles.json, kept equal by a test)
TILE_NAMES = {
    "01": N_("Skull Flats"),
    "02": N_("Lone Pine"),
    "03": N_("Cottonwood Creek"),
    "04": N_("Old Homestead"),
    "05": N_("Pine Ridge"),
    "06": N_("Painted Steer Rock"),
    "07": N_("Bend in the River"),
    "08": N_("Shady Grove"),
    "09": N_("Creekside Homestead"),
    "10": N_("Dusty Trail"),
    "11": N_("Fork Creek"),
    "12": N_("Twin Oaks"),
    "13": N_("Ranch House"),
    "14": N_("Timber Hollow"),
    "15": N_("Branded Longhorn"),
    "16": N_("Millpond Homestead"),
    "17": N_("Open Range"),
    "18": N_("Stolen Stream"),
}


def tile_title(tile: str) -> str:
    """A tile's number and name, for the tile sheet."""
    name = _(TILE_NAMES[tile]) if tile in TILE_NAMES else ""
    return _("{number} {name}").format(number=tile, name=name)


def legend() -> tuple[tuple[str, str], ...]:
    return tuple((icon, _(label)) for icon, label in LEGEND)


def status(g: CowboyState) -> str:
    """Who won, who must choose what, or whose turn it is."""
    if g.finished:
        return _finished(g)
    p = g.pending
    if p is None:
        limit = g.options.max_rounds
        if limit:
            text = _("Round {round} of {limit} · {name} to play")
        else:
            text = _("Round {round} · {name} to play")
        return text.format(round=g.round, limit=limit, name=g.names[g.turn])
    told = {
        "name": g.names[p.seat],
        "victim": who(g.names, p.victim),
        "roll": p.roll,
    }
    return _choosing(p.kind, p.token).format(**told)


def _finished(g: CowboyState) -> str:
    if not g.winners:
        return _("The prairie wins: nobody has a steer")
    names = everyone(g.names, g.winners)
    several = len(g.winners)
    if g.finished == "five":
        return ngettext(
            "{names} wins with five steers!", "{names} win with five steers!", several
        ).format(names=names)
    if g.finished == "left":
        return _("{names} wins: the last player left").format(names=names)
    best = herds(g)[g.winners[0]]
    if several > 1:
        text = ngettext(
            "{names} share the win: {n} steer each", "{names} share the win: {n} steers each", best
        )
    else:
        text = ngettext("{names} wins with {n} steer", "{names} wins with {n} steers", best)
    return text.format(names=names, n=best)


def _choosing(kind: str, token: str) -> str:
    if kind == "reroll":
        return _("{name} rolled {roll}: reroll or keep?")
    if kind == "bills":
        return _("{name} is caught: pay with the Bills?")
    if kind == "give":
        return _("{name} gives {victim} a steer (marked)")
    if kind == "rustled":
        return _("{name} places the rustled steer (marked)")
    if kind == "claim":
        return _("{name} claims part of {victim}'s field (marked)")
    if kind == "place" and token == "indian":
        return _("{name} places Indians (marked)")
    if kind == "place" and token == "twister":
        return _("{name} places a twister (marked)")
    if kind == "place":
        return _("{name} places a roaming steer (marked)")
    if kind == "discard":
        return _("{name} discards an item")
    if kind == "target":
        return _("{name} picks who loses a turn")
    return _("{name} picks what the Cavalry removes")


# The last move ------------------------------------------------------------------------------


def last_move(g: CowboyState, events: Sequence[Event], started: bool) -> str:
    """One sentence on the move that led here, told from its ``events`` (``started``: the
    picture of a new game, which says who rides first)."""
    names = g.names
    if started:
        return _("New game: {name} rides first.").format(name=names[g.turn])
    told = [e for e in events if e.kind in TELL]
    if not told:
        return ""
    deed = _deed(told[0], names)
    draw = next((e for e in told if e.kind in ("draw", "moove", "stampede")), None)
    if draw is None or draw is told[0]:
        return _("{deed}.").format(deed=deed)
    card = card_short(draw.data.get("card", draw.kind))
    effect = _effect(draw.data) if draw.kind != "draw" else ""
    drawer = draw.data.get("seat")
    own = drawer == told[0].data.get("seat")
    if effect and own:
        text = _("{deed}; drew {card}: {effect}.")
    elif effect:
        text = _("{deed}; {name} drew {card}: {effect}.")
    elif own:
        text = _("{deed}; drew {card}.")
    else:
        text = _("{deed}; {name} drew {card}.")
    return text.format(deed=deed, card=card, effect=effect, name=who(names, drawer))


def _effect(d: Mapping[str, Any]) -> str:
    moved, still = int(d.get("moved", 0)), int(d.get("still", d.get("stopped", 0)))
    if not moved and not still:
        return ""
    text = ngettext("{n} moved", "{n} moved", moved).format(n=moved)
    if still:
        stopped = ngettext("{n} stopped", "{n} stopped", still).format(n=still)
        text = _("{moved}, {stopped}").format(moved=text, stopped=stopped)
    return text


def _deed(e: Event, names: Sequence[str]) -> str:
    """What the move's first event says, short (a whole sentence, without its stop, for the
    rest)."""
    d = e.data
    name = who(names, d.get("seat"))
    match e.kind:
        case "ride" if "then" in d:
            return _("{name} rode {direction}, then {then}").format(
                name=name, direction=step_word(d["dir"]), then=step_word(d["then"])
            )
        case "ride":
            return _("{name} rode {direction}").format(name=name, direction=step_word(d["dir"]))
        case "ride_on":
            return _("{name} rode on").format(name=name)
        case "end":
            return _("{name} ended the turn").format(name=name)
        case "fence" if "rode" in d:
            return _("{name} rode {direction} and built a fence {edge}").format(
                name=name, direction=step_word(d["rode"]), edge=edge(d["edge"])
            )
        case "fence":
            return _("{name} built a fence {edge}").format(name=name, edge=edge(d["edge"]))
        case "cut":
            return _("{name} cut wood").format(name=name)
        case "rope":
            return _("{name} roped the steer on {src} into {dst}").format(name=name, **d)
        case "rustle":
            return _("{name} tried to rustle the steer on {square}").format(name=name, **d)
        case "fight" if d.get("won"):
            return _("{name} fought the Indians on {square}").format(name=name, **d)
        case "fight":
            return _("{name} fought the Indians on {square}; they got away").format(name=name, **d)
        case "reroll":
            return _("{name} rerolled with the Lucky Lariat").format(name=name)
        case "keep":
            return _("{name} kept the roll").format(name=name)
        case "pay_off":
            return _("{name} paid with the Bag o' Bills").format(name=name)
    return TELL[e.kind](d, names).rstrip(".!")


# The players' cards -------------------------------------------------------------------------


def card_title(name: str, mine: bool) -> str:
    return _("{name} (you)").format(name=name) if mine else name


def card_counts(steers: int, win: int, fences: int) -> str:
    return ngettext(
        "{steers}/{win} steers · {n} fence", "{steers}/{win} steers · {n} fences", fences
    ).format(steers=steers, win=win, n=fences)


def card_items(hand: Sequence[str], lost: int, out: bool) -> str:
    if out:
        return _("left the game")
    held = items(hand)
    if not lost:
        return held
    return ngettext("loses {n} turn · {items}", "loses {n} turns · {items}", lost).format(
        n=lost, items=held
    )
