"""Super Cowboy's events in words: a function per event kind, in the active locale.

Each takes the event's data and the players' names (seat order) and returns one sentence.
Tokens' moves are told as a lead (``The steer on c4 rolls 3 (east)``) and an ending, so each
ending is one whole sentence in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.cowboy.talk_names import (
    area,
    edge,
    everyone,
    point,
    step_word,
    who,
)
from words import domain

_, ngettext, N_ = domain("cowboy").functions()

Data = Mapping[str, Any]
Names = Sequence[str]
Teller = Callable[[Data, Names], str]
TELL: dict[str, Teller] = {}


def kind(name: str) -> Callable[[Teller], Teller]:
    def register(fn: Teller) -> Teller:
        TELL[name] = fn
        return fn

    return register


def _name(d: Data, names: Names, key: str = "seat") -> str:
    return who(names, d.get(key))


# The cowboy's turn ----------------------------------------------------------------------------


@kind("ride")
def _ride(d: Data, names: Names) -> str:
    told = {"name": _name(d, names), "direction": step_word(d["dir"]), "point": point(d["to"])}
    if "then" in d:
        return _("{name} rides {direction}, then {then} to {point}.").format(
            then=step_word(d["then"]), **told
        )
    return _("{name} rides {direction} to {point}.").format(**told)


@kind("ride_on")
def _ride_on(d: Data, names: Names) -> str:
    return _("{name} rides on.").format(name=_name(d, names))


@kind("end")
def _end(d: Data, names: Names) -> str:
    forced = d.get("forced")
    if forced == "no_further":
        return _("{name} can ride no further and ends the turn.").format(name=_name(d, names))
    if forced == "hemmed_in":
        return _("{name} is hemmed in with nothing to do and ends the turn.").format(
            name=_name(d, names)
        )
    return _("{name} ends the turn.").format(name=_name(d, names))


@kind("fence")
def _fence(d: Data, names: Names) -> str:
    left = int(d["left"])
    told = {"name": _name(d, names), "edge": edge(d["edge"]), "left": left}
    if "rode" in d:
        return ngettext(
            "{name} rides {direction} and builds a fence {edge} ({left} left).",
            "{name} rides {direction} and builds a fence {edge} ({left} left).",
            left,
        ).format(direction=step_word(d["rode"]), **told)
    return ngettext(
        "{name} builds a fence {edge} ({left} left).",
        "{name} builds a fence {edge} ({left} left).",
        left,
    ).format(**told)


@kind("cut")
def _cut(d: Data, names: Names) -> str:
    gain = int(d["gain"])
    if d.get("axe"):
        text = ngettext(
            "{name} cuts wood with the Axe: {gain} fence ({total} in all).",
            "{name} cuts wood with the Axe: {gain} fences ({total} in all).",
            gain,
        )
    else:
        text = ngettext(
            "{name} cuts wood: {gain} fence ({total} in all).",
            "{name} cuts wood: {gain} fences ({total} in all).",
            gain,
        )
    return text.format(name=_name(d, names), gain=gain, total=d["total"])


@kind("rope")
def _rope(d: Data, names: Names) -> str:
    return _("{name} ropes the steer on {src} and pens it on {dst}.").format(
        name=_name(d, names), src=d["src"], dst=d["dst"]
    )


@kind("fight")
def _fight(d: Data, names: Names) -> str:
    gun, won = bool(d.get("gun")), bool(d.get("won"))
    if gun and won:
        text = _(
            "{name} fights the Indians on {square} with the Six Shooter: rolls {roll} (needs "
            "{need}+) and wins: the Indians leave {square}."
        )
    elif won:
        text = _(
            "{name} fights the Indians on {square}: rolls {roll} (needs {need}+) and wins: the "
            "Indians leave {square}."
        )
    elif gun:
        text = _(
            "{name} fights the Indians on {square} with the Six Shooter: rolls {roll} (needs "
            "{need}+). The Indians escape!"
        )
    else:
        text = _(
            "{name} fights the Indians on {square}: rolls {roll} (needs {need}+). The Indians "
            "escape!"
        )
    return text.format(name=_name(d, names), square=d["square"], roll=d["roll"], need=d["need"])


@kind("leave")
def _leave(d: Data, names: Names) -> str:
    fields, items = int(d.get("fields", 0)), int(d.get("items", 0))
    clauses = []
    if fields:
        clauses.append(
            ngettext("their field is open range again", "their fields are open range again", fields)
        )
    if items:
        clauses.append(
            ngettext(
                "their item goes to the discard pile",
                "their items go to the discard pile",
                items,
            )
        )
    name = _name(d, names)
    if len(clauses) == 2:
        return _("{name} leaves the game: {what} and {more}.").format(
            name=name, what=clauses[0], more=clauses[1]
        )
    if clauses:
        return _("{name} leaves the game: {what}.").format(name=name, what=clauses[0])
    return _("{name} leaves the game.").format(name=name)


@kind("last_left")
def _last_left(d: Data, names: Names) -> str:
    return _("{name} is the last player left and wins!").format(name=_name(d, names))


@kind("dropped")
def _dropped(d: Data, names: Names) -> str:
    return _("{name} has left, so the matter with {name} is dropped.").format(name=_name(d, names))


# Rustling -----------------------------------------------------------------------------------


@kind("rustle")
def _rustle(d: Data, names: Names) -> str:
    return _("{name} tries to rustle {victim}'s steer on {square} and rolls {roll}.").format(
        name=_name(d, names), victim=_name(d, names, "victim"), square=d["square"], roll=d["roll"]
    )


@kind("reroll")
def _reroll(d: Data, names: Names) -> str:
    return _("{name} rerolls {roll}.").format(name=_name(d, names), roll=d["roll"])


@kind("may_reroll")
def _may_reroll(d: Data, names: Names) -> str:
    return _("{name} may reroll with the Lucky Lariat.").format(name=_name(d, names))


@kind("rustled")
def _rustled(d: Data, names: Names) -> str:
    return _("Success: {name} rustles the steer.").format(name=_name(d, names))


@kind("evades")
def _evades(d: Data, names: Names) -> str:
    return _("The steer evades {name}.").format(name=_name(d, names))


@kind("brander")
def _brander(d: Data, names: Names) -> str:
    return _("{name}'s Butt Brander: anything but success counts as caught!").format(
        name=_name(d, names)
    )


@kind("caught")
def _caught(d: Data, names: Names) -> str:
    return _("{name} is caught rustling {victim}'s steer!").format(
        name=_name(d, names), victim=_name(d, names, "victim")
    )


@kind("may_pay_off")
def _may_pay_off(d: Data, names: Names) -> str:
    return _("{name} may pay off {victim} with the Bag o' Bills.").format(
        name=_name(d, names), victim=_name(d, names, "victim")
    )


@kind("pay_off")
def _pay_off(d: Data, names: Names) -> str:
    return _("{name} pays off {victim} with the Bag o' Bills.").format(
        name=_name(d, names), victim=_name(d, names, "victim")
    )


@kind("keep")
def _keep(d: Data, names: Names) -> str:
    return _("{name} keeps the roll of {roll}.").format(name=_name(d, names), roll=d["roll"])


@kind("drive")
def _drive(d: Data, names: Names) -> str:
    return _("{name} drives the steer from {src} to {dst}.").format(
        name=_name(d, names), src=d["src"], dst=d["dst"]
    )


@kind("cover")
def _cover(d: Data, names: Names) -> str:
    return _(
        "The printed steer on {src} is covered with a Stolen Steer token; {name} pens a steer "
        "on {dst}."
    ).format(name=_name(d, names), src=d["src"], dst=d["dst"])


@kind("choose_give")
def _choose_give(d: Data, names: Names) -> str:
    return _("{name} chooses which steer to give {victim}.").format(
        name=_name(d, names), victim=_name(d, names, "victim")
    )


@kind("fine")
def _fine(d: Data, names: Names) -> str:
    n = int(d["fences"])
    if d.get("why") == "no_room":
        text = ngettext(
            "{victim} has no room for a steer, so {name} pays {victim} {n} fence.",
            "{victim} has no room for a steer, so {name} pays {victim} {n} fences.",
            n,
        )
    else:
        text = ngettext(
            "{name} has no steer to give and pays {victim} {n} fence.",
            "{name} has no steer to give and pays {victim} {n} fences.",
            n,
        )
    return text.format(name=_name(d, names), victim=_name(d, names, "victim"), n=n)


@kind("jail")
def _jail(d: Data, names: Names) -> str:
    return _("{name} has nothing to pay and is thrown in jail: {name} loses a turn.").format(
        name=_name(d, names)
    )


@kind("give")
def _give(d: Data, names: Names) -> str:
    if d.get("printed"):
        text = _(
            "{name} gives {victim} the printed steer on {src} (now covered by a Stolen Steer "
            "token); a steer goes to {dst}."
        )
    else:
        text = _("{name} gives {victim} the steer on {src}; it goes to {dst}.")
    return text.format(
        name=_name(d, names), victim=_name(d, names, "victim"), src=d["src"], dst=d["dst"]
    )


# Fields ---------------------------------------------------------------------------------------


@kind("win")
def _win(d: Data, names: Names) -> str:
    seats = list(d.get("seats", ()))
    return ngettext(
        "{names} has five steers and wins!",
        "{names} have five steers each and share the win!",
        len(seats),
    ).format(names=everyone(names, seats))


@kind("divide")
def _divide(d: Data, names: Names) -> str:
    n = int(d["parts"])
    return ngettext(
        "{name} divides their own field into {n} field.",
        "{name} divides their own field into {n} fields.",
        n,
    ).format(name=_name(d, names), n=n)


@kind("split_kept")
def _split_kept(d: Data, names: Names) -> str:
    return _(
        "{name} splits {owner}'s field, but every part holds {owner}'s steers; both parts "
        "stay {owner}'s."
    ).format(name=_name(d, names), owner=_name(d, names, "owner"))


@kind("split_claim")
def _split_claim(d: Data, names: Names) -> str:
    return _("{name} splits {owner}'s field and claims {area}.").format(
        name=_name(d, names), owner=_name(d, names, "owner"), area=area(d["area"])
    )


@kind("split_choose")
def _split_choose(d: Data, names: Names) -> str:
    return _("{name} splits {owner}'s field; {name} chooses which empty part to claim.").format(
        name=_name(d, names), owner=_name(d, names, "owner")
    )


@kind("close")
def _close(d: Data, names: Names) -> str:
    n = int(d.get("steers", 0))
    told = {"name": _name(d, names), "area": area(d["area"]), "n": n}
    if not n:
        return _("{name} closes a field of {area}.").format(**told)
    return ngettext(
        "{name} closes a field of {area} with {n} steer inside.",
        "{name} closes a field of {area} with {n} steers inside.",
        n,
    ).format(**told)


@kind("claim")
def _claim(d: Data, names: Names) -> str:
    return _("{name} claims {area} of {owner}'s field.").format(
        name=_name(d, names), owner=_name(d, names, "owner"), area=area(d["area"])
    )


@kind("join")
def _join(d: Data, names: Names) -> str:
    n = int(d["size"])
    return ngettext(
        "{name}'s fields join into one field of {n} square.",
        "{name}'s fields join into one field of {n} squares.",
        n,
    ).format(name=_name(d, names), n=n)


@kind("broken")
def _broken(d: Data, names: Names) -> str:
    n = int(d.get("steers", 0))
    told = {"name": _name(d, names), "square": d["square"], "n": n}
    if not n:
        return _("{name}'s field at {square} is broken open and lost.").format(**told)
    return ngettext(
        "{name}'s field at {square} is broken open and lost; its steer no longer counts.",
        "{name}'s field at {square} is broken open and lost; its {n} steers no longer count.",
        n,
    ).format(**told)
