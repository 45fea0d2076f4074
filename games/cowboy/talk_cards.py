"""Super Cowboy's events phase in words: the cards, and every token they move or place.

The functions register in ``talk_events.TELL`` beside the turn's own events.
"""

from __future__ import annotations

from games.cowboy.talk_events import Data, Names, _name, kind
from games.cowboy.talk_names import (
    card_name,
    card_short,
    card_text,
    compass,
    compass_word,
    edge,
    everyone,
    point,
    who,
)
from words import domain

_, ngettext, N_ = domain("cowboy").functions()


@kind("deck_empty")
def _deck_empty(d: Data, names: Names) -> str:
    return _("The event deck is empty and nothing is discarded; no event.")


@kind("reshuffle")
def _reshuffle(d: Data, names: Names) -> str:
    n = int(d["cards"])
    return ngettext(
        "The event deck ran out: the {n} discard is shuffled into a new deck.",
        "The event deck ran out: the {n} discards are shuffled into a new deck.",
        n,
    ).format(n=n)


@kind("draw")
def _draw(d: Data, names: Names) -> str:
    return _("{name} draws {card} — {text}").format(
        name=_name(d, names), card=card_name(d["card"]), text=card_text(d["card"])
    )


@kind("must_discard")
def _must_discard(d: Data, names: Names) -> str:
    return _("{name} holds three items and must discard one.").format(name=_name(d, names))


@kind("keep_item")
def _keep_item(d: Data, names: Names) -> str:
    return _("{name} keeps {item}.").format(name=_name(d, names), item=card_short(d["card"]))


@kind("discard")
def _discard(d: Data, names: Names) -> str:
    return _("{name} discards {item}.").format(name=_name(d, names), item=card_short(d["card"]))


@kind("compass")
def _compass(d: Data, names: Names) -> str:
    if d.get("random"):
        text = _(
            "The compass shows {compass}: the tile {tile} (one of the two middle tiles, at random)."
        )
    else:
        text = _("The compass shows {compass}: the tile {tile}.")
    return text.format(compass=compass(int(d["roll"])), tile=d["tile"])


@kind("no_tokens")
def _no_tokens(d: Data, names: Names) -> str:
    token = d.get("token")
    if token == "steer":
        return _("No steer tokens are left in the supply; nothing happens.")
    if token == "indian":
        return _("No Indian tokens are left in the supply; nothing happens.")
    if token == "twister":
        return _("No twister tokens are left in the supply; nothing happens.")
    return _("No Pilgrim tokens are left; nothing happens.")


@kind("edge_full")
def _edge_full(d: Data, names: Names) -> str:
    return _("Every edge square of that tile is taken; nothing is placed.")


@kind("choose_square")
def _choose_square(d: Data, names: Names) -> str:
    token = d.get("token")
    if token == "indian":
        text = _("{name} chooses the square for Indians.")
    elif token == "twister":
        text = _("{name} chooses the square for a twister.")
    else:
        text = _("{name} chooses the square for a roaming steer.")
    return text.format(name=_name(d, names))


@kind("arrives")
def _arrives(d: Data, names: Names) -> str:
    token = d.get("token")
    if token == "indian":
        text = _("Indians arrive on {square}.")
    elif token == "twister":
        text = _("A twister arrives on {square}.")
    else:
        text = _("A roaming steer arrives on {square}.")
    return text.format(square=d["square"])


@kind("bandit_busy")
def _bandit_busy(d: Data, names: Names) -> str:
    return _("The Bandit is already on the range; nothing happens.")


@kind("bandit_blocked")
def _bandit_blocked(d: Data, names: Names) -> str:
    return _("Someone stands on {point}; the Bandit does not show up.").format(
        point=point(d["point"])
    )


@kind("bandit")
def _bandit(d: Data, names: Names) -> str:
    return _("The Bandit rides in to {point}: nobody may stop next to him.").format(
        point=point(d["point"])
    )


@kind("pilgrims_blocked")
def _pilgrims_blocked(d: Data, names: Names) -> str:
    return _("Someone stands on {point}; the Pilgrims pass by.").format(point=point(d["point"]))


@kind("pilgrims")
def _pilgrims(d: Data, names: Names) -> str:
    return _("Pilgrims arrive on {point}, heading {direction}.").format(
        point=point(d["point"]), direction=compass_word(int(d["heading"]))
    )


@kind("cavalry_idle")
def _cavalry_idle(d: Data, names: Names) -> str:
    return _("There are no Indians and no Bandit; the Cavalry rides by.")


@kind("choose_remove")
def _choose_remove(d: Data, names: Names) -> str:
    return _("{name} chooses what the Cavalry removes.").format(name=_name(d, names))


@kind("cavalry")
def _cavalry(d: Data, names: Names) -> str:
    if "point" in d:
        return _("The Cavalry drives the Bandit off {point}.").format(point=point(d["point"]))
    return _("The Cavalry drives the Indians off {square}.").format(square=d["square"])


@kind("choose_target")
def _choose_target(d: Data, names: Names) -> str:
    return _("{name} chooses the opponent who loses a turn.").format(name=_name(d, names))


@kind("lose_turn")
def _lose_turn(d: Data, names: Names) -> str:
    card = d.get("card")
    if card == "noname":
        text = _("{name} loses a turn: the Man With No Name glares at them.")
    elif card == "firewater":
        text = _("{name} loses a turn: they drink the Fire Water.")
    else:
        text = _("{name} loses a turn: bad luck.")
    return text.format(name=_name(d, names))


@kind("skip")
def _skip(d: Data, names: Names) -> str:
    return _("{name} loses this turn.").format(name=_name(d, names))


@kind("rounds_over")
def _rounds_over(d: Data, names: Names) -> str:
    rounds, steers = int(d["rounds"]), int(d.get("steers", 0))
    seats = list(d.get("seats", ()))
    if not seats:
        return ngettext(
            "The only round is over and nobody has a steer: the prairie wins.",
            "{n} rounds are over and nobody has a steer: the prairie wins.",
            rounds,
        ).format(n=rounds)
    over = ngettext("The only round is over", "{n} rounds are over", rounds).format(n=rounds)
    if len(seats) == 1:
        text = ngettext(
            "{over}: {names} wins with {n} steer.", "{over}: {names} wins with {n} steers.", steers
        )
    else:
        text = ngettext(
            "{over}: {names} share the win with {n} steer each.",
            "{over}: {names} share the win with {n} steers each.",
            steers,
        )
    return text.format(over=over, names=everyone(names, seats), n=steers)


# Tokens on the move ---------------------------------------------------------------------------


@kind("eat")
def _eat(d: Data, names: Names) -> str:
    return _("The Indians on {square} eat the steer.").format(square=d["square"])


@kind("raid")
def _raid(d: Data, names: Names) -> str:
    return _("The Indians raid {square} and eat the steer there.").format(square=d["square"])


@kind("raid_printed")
def _raid_printed(d: Data, names: Names) -> str:
    return _("The Indians raid {square}: the printed steer gets a Stolen Steer token.").format(
        square=d["square"]
    )


@kind("storm")
def _storm(d: Data, names: Names) -> str:
    if d.get("token") == "indian":
        return _("The Indians on {square} ride out the storm.").format(square=d["square"])
    return _("The steer on {square} rides out the storm.").format(square=d["square"])


@kind("throw")
def _throw(d: Data, names: Names) -> str:
    told = {"square": d["square"], "compass": compass(int(d["roll"]))}
    if d.get("token") == "indian":
        what = _("The twister on {square} throws the Indians: {compass}").format(**told)
    else:
        what = _("The twister on {square} throws the steer: {compass}").format(**told)
    if d.get("to") is None:
        return _("{what}, off the board.").format(what=what)
    if d.get("blocked"):
        return _("{what}, but {to} is taken; it drops back.").format(what=what, to=d["to"])
    if d.get("owner") is not None:
        return _("{what}, to {to}, into {owner}'s field.").format(
            what=what, to=d["to"], owner=_name(d, names, "owner")
        )
    return _("{what}, to {to}.").format(what=what, to=d["to"])


@kind("twister")
def _twister(d: Data, names: Names) -> str:
    what = _("The twister on {square} rolls {compass}").format(
        square=d["square"], compass=compass(int(d["roll"]))
    )
    if d.get("blocked"):
        return _("{what}, but another twister is on {to}; it stays.").format(what=what, to=d["to"])
    torn = list(d.get("torn", ()))
    if torn:
        fences = ", ".join(
            _("{owner}'s fence {edge}").format(owner=who(names, t["seat"]), edge=edge(t["edge"]))
            for t in torn
        )
        if d.get("to") is None:
            text = ngettext(
                "{what}, tearing down {n} fence ({fences}) and spins off the board.",
                "{what}, tearing down {n} fences ({fences}) and spins off the board.",
                len(torn),
            )
        else:
            text = ngettext(
                "{what} to {to}, tearing down {n} fence ({fences}).",
                "{what} to {to}, tearing down {n} fences ({fences}).",
                len(torn),
            )
        return text.format(what=what, to=d.get("to"), n=len(torn), fences=fences)
    if d.get("to") is None:
        return _("{what} and spins off the board.").format(what=what)
    return _("{what} to {to}.").format(what=what, to=d["to"])


@kind("indians")
def _indians(d: Data, names: Names) -> str:
    what = _("The Indians on {square} roll {compass}").format(
        square=d["square"], compass=compass(int(d["roll"]))
    )
    if d.get("wall"):
        return _("{what}, but a homestead is in the way; they stay.").format(what=what)
    if d.get("to") is None:
        return _("{what} and ride off the board.").format(what=what)
    if d.get("blocked"):
        return _("{what}, but other Indians are on {to}; they stay.").format(what=what, to=d["to"])
    return _("{what} to {to}.").format(what=what, to=d["to"])


@kind("steer")
def _steer(d: Data, names: Names) -> str:
    roll = int(d["roll"])
    if d.get("stampede"):
        what = _("The steer on {square} runs {direction}").format(
            square=d["square"], direction=compass_word(roll)
        )
    else:
        what = _("The steer on {square} rolls {compass}").format(
            square=d["square"], compass=compass(roll)
        )
    wall = d.get("wall")
    if wall == "fence":
        return _("{what}, but a fence stops it.").format(what=what)
    if wall == "water":
        return _("{what}, but water stops it.").format(what=what)
    if wall:
        return _("{what}, but a homestead stops it.").format(what=what)
    if d.get("to") is None and d.get("stampede"):
        return _("{what} off the prairie.").format(what=what)
    if d.get("to") is None:
        return _("{what} and wanders off the prairie.").format(what=what)
    if d.get("blocked"):
        return _("{what}, but a steer stands on {to}; it stays.").format(what=what, to=d["to"])
    if d.get("owner") is not None:
        return _("{what} to {to}, into {owner}'s field.").format(
            what=what, to=d["to"], owner=_name(d, names, "owner")
        )
    return _("{what} to {to}.").format(what=what, to=d["to"])


@kind("bandit_step")
def _bandit_step(d: Data, names: Names) -> str:
    what = _("The Bandit on {point} rolls {compass}").format(
        point=d["point"], compass=compass(int(d["roll"]))
    )
    if d.get("to") is None:
        return _("{what} and rides off the board.").format(what=what)
    if d.get("blocked"):
        return _("{what}, but someone is in his way; he stays.").format(what=what)
    return _("{what} to {to}.").format(what=what, to=d["to"])


@kind("pilgrim_step")
def _pilgrim_step(d: Data, names: Names) -> str:
    what = _("The Pilgrim on {point} walks {direction}").format(
        point=d["point"], direction=compass_word(int(d["heading"]))
    )
    if d.get("to") is None:
        return _("{what} and leaves the range at the far edge.").format(what=what)
    if d.get("blocked"):
        return _("{what}, but someone is in the way; they wait.").format(what=what)
    return _("{what} to {to}.").format(what=what, to=d["to"])


# Whole events ------------------------------------------------------------------------------


def _steers_moving(d: Data, running: bool) -> str:
    n, stopped, gone = int(d["steers"]), int(d.get("stopped", 0)), int(d.get("gone", 0))
    if running:
        text = ngettext("{n} roaming steer runs", "{n} roaming steers run", n).format(n=n)
    else:
        text = ngettext("{n} roaming steer steps", "{n} roaming steers step", n).format(n=n)
    more = []
    if stopped:
        more.append(ngettext("{n} stopped", "{n} stopped", stopped).format(n=stopped))
    if gone:
        more.append(ngettext("{n} off the prairie", "{n} off the prairie", gone).format(n=gone))
    if not more:
        return text
    return _("{what} ({more})").format(what=text, more=", ".join(more))


def moove_summary(d: Data) -> str:
    """Everything a MOOOOOVE moved, in one phrase."""
    told = []
    steps = int(d.get("twister_steps", 0))
    if steps and int(d.get("twisters", 0)) == 1:
        told.append(
            ngettext("the twister takes {n} step", "the twister takes {n} steps", steps).format(
                n=steps
            )
        )
    elif steps:
        told.append(
            ngettext("{k} twisters take {n} step", "{k} twisters take {n} steps", steps).format(
                k=d["twisters"], n=steps
            )
        )
    indians = int(d.get("indians", 0))
    if indians:
        told.append(
            ngettext("Indians on {n} square ride", "Indians on {n} squares ride", indians).format(
                n=indians
            )
        )
    if int(d.get("steers", 0)):
        told.append(_steers_moving(d, running=False))
    if d.get("bandit"):
        told.append(_("the Bandit rides"))
    pilgrims = int(d.get("pilgrims", 0))
    if pilgrims:
        told.append(ngettext("the Pilgrim walks", "the Pilgrims walk", pilgrims))
    thrown = int(d.get("thrown", 0))
    if thrown:
        told.append(
            ngettext("twisters throw {n} token", "twisters throw {n} tokens", thrown).format(
                n=thrown
            )
        )
    return ", ".join(told) if told else _("nothing on the range moves")


@kind("moove")
def _moove(d: Data, names: Names) -> str:
    return _("{name} draws {card} — {summary}.").format(
        name=_name(d, names), card=card_name("moove"), summary=moove_summary(d)
    )


@kind("stampede")
def _stampede(d: Data, names: Names) -> str:
    if int(d.get("steers", 0)):
        told = _steers_moving(d, running=True)
    else:
        told = _("no roaming steer runs")
    return _("{name} draws {card} — the herd stampedes {compass}: {told}.").format(
        name=_name(d, names),
        card=card_name("stampede"),
        compass=compass(int(d["roll"])),
        told=told,
    )
