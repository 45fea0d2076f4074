"""Cattle Baron in words: the narrator of its events (a move, the round's announcements, the
end), its outcome and its refusals, in the active locale.

A move reaches the channel in a line, a new round in one more (every roll in the order of
play); the order and each tie (who is younger) in detail are minor events that ``/game
history`` keeps. The choices' labels are worded in
``games.cattle.talk_choices``, the picture's texts in ``games.cattle.talk_picture``, the
position told without the picture (its alt text, the text board) in ``games.cattle.talk_board``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.base import Event, GameError, Narrator, Outcome, word_errors
from games.cattle.talk_board import describe, text_board
from games.cattle.talk_dice import DICE_MISSING, DIE_TAKEN, colour_words, dice_words, die_words
from games.cattle.talk_errors import error_words
from words import domain, join_and

_, ngettext, N_ = domain("cattle").functions()

Data = Mapping[str, Any]
Names = Sequence[str]


def _who(names: Names, seats: Sequence[int]) -> str:
    return join_and([names[s] for s in seats])


# The round's announcements -------------------------------------------------------------------


def _round(d: Data, names: Names) -> str:
    """'Round 3, in order: bob 2 (no blue left: passes), alice 3 THREE!, carol 5.' (a round
    stored before the rolls came in the order of play lists them in seat order, the order
    following in its own event)."""
    if not d.get("in_order"):
        rolled = ", ".join(
            _("{name} rolled {roll}").format(name=names[s], roll=roll) for s, roll in d["rolls"]
        )
        return _("Round {round}: {rolls}.").format(round=d["round"], rolls=rolled)
    threes = set(d.get("threes", ()))
    passes = {s: (why, brand) for s, why, brand in d.get("passes", ())}
    rolls = []
    for s, roll in d["rolls"]:
        if s in passes:
            text = _("{name} {roll} ({why}: passes)").format(
                name=names[s], roll=roll, why=_why(*passes[s])
            )
        elif s in threes:
            text = _("{name} 3 THREE!").format(name=names[s])
        else:
            text = _("{name} {roll}").format(name=names[s], roll=roll)
        rolls.append(text)
    if d.get("tie_rule") == "younger":
        text = _("Round {round}, in order: {rolls}. Equal rolls: the newer Discord account first.")
    elif d.get("tie_rule") == "seat":
        text = _("Round {round}, in order: {rolls}. Equal rolls: the earlier seat first.")
    else:
        text = _("Round {round}, in order: {rolls}.")
    return text.format(round=d["round"], rolls=", ".join(rolls))


def _why(why: str, brand: str | None) -> str:
    """Why a roll allows nothing, short: 'no blue left'."""
    if why == "no_brand":
        return _("no {brand} left").format(brand=colour_words(brand or "", DICE_MISSING))
    if why == "no_three":
        return _("nobody to rustle, no stock")
    if why == "no_switch":
        return _("nothing to switch")
    return _("the herd is empty")


def _order(d: Data, names: Names) -> str:
    order = ", ".join(names[s] for s in d["order"])
    if d.get("tie_rule") == "younger":
        return _(
            "Order this round: {order}. Equal rolls: the younger (the newer Discord account) first."
        ).format(order=order)
    if d.get("tie_rule") == "seat":
        return _("Order this round: {order}. Equal rolls: the earlier seat first.").format(
            order=order
        )
    return _("Order this round: {order}.").format(order=order)


def _three(d: Data, names: Names) -> str:
    seats = d["seats"]
    return ngettext(
        "{names} shouts THREE! (a 3 may rustle a whole stock or swiss a colour).",
        "{names} shout THREE! (a 3 may rustle a whole stock or swiss a colour).",
        len(seats),
    ).format(names=_who(names, seats))


def _tie(d: Data, names: Names) -> str:
    who, face, order = _who(names, d["seats"]), d["face"], d["order"]
    by_seat = d.get("by") == "seat"
    if len(order) == 2:
        first = names[order[0]]
        if by_seat:
            text = _("{who} both rolled {face}; {first} sits earlier and goes first.")
        else:
            text = _("{who} both rolled {face}; {first} is younger and goes first.")
        return text.format(who=who, face=face, first=first)
    listed = ", ".join(names[s] for s in order)
    if by_seat:
        text = _("{who} all rolled {face}; in seat order: {order}.")
    else:
        text = _("{who} all rolled {face}; youngest first: {order}.")
    return text.format(who=who, face=face, order=listed)


# A move ----------------------------------------------------------------------------------------


def _grab(d: Data, names: Names) -> str:
    return _("{name} took {dice} from the herd.").format(
        name=names[d["seat"]], dice=dice_words(d["dice"], DIE_TAKEN)
    )


def _rustle(d: Data, names: Names) -> str:
    return _(
        "{name} rustled {other}: {name}'s stock is now worth {mine}, {other}'s {theirs}."
    ).format(name=names[d["seat"]], other=names[d["target"]], mine=d["mine"], theirs=d["theirs"])


def _swiss(d: Data, names: Names) -> str:
    return ngettext(
        "{name} swissed {count} die ({dice}): {safe} safe for ever.",
        "{name} swissed {count} dice ({dice}): {safe} safe for ever.",
        len(d["dice"]),
    ).format(
        name=names[d["seat"]], count=len(d["dice"]), dice=dice_words(d["dice"]), safe=d["safe"]
    )


def _switch(d: Data, names: Names) -> str:
    fields = {
        "name": names[d["seat"]],
        "stud": die_words(d["stud"]),
        "die": die_words(d["die"], DIE_TAKEN),
        "new": die_words(d["die"]),
        "gain": f"{d['gain']:+d}",
    }
    if d["source"] == "stock":
        text = _(
            "{name} switched stud {stud} with {die} from stock ({gain} to stock); {new} is the "
            "new stud."
        )
    else:
        text = _("{name} switched stud {stud} with {die} from the herd; {new} is the new stud.")
    return text.format(**fields)


def _raid(d: Data, names: Names) -> str:
    return _("{name} raided {die} from the herd.").format(
        name=names[d["seat"]], die=die_words(d["die"], DIE_TAKEN)
    )


def _pasture(d: Data, names: Names) -> str:
    return _("{name} pastured stud {stud} into stock for {die}, the new stud.").format(
        name=names[d["seat"]], stud=die_words(d["stud"]), die=die_words(d["die"], DIE_TAKEN)
    )


def _pass(d: Data, names: Names) -> str:
    return _("{name} passed.").format(name=names[d["seat"]])


def _forced_pass(d: Data, names: Names) -> str:
    """'Buck rolled 2: no green left in the herd, passes.'"""
    why = d.get("why")
    if why == "no_brand":
        text = _("{name} rolled {roll}: no {brand} left in the herd, passes.")
    elif why == "no_three":
        text = _("{name} rolled {roll}: nobody to rustle and no stock to swiss, passes.")
    elif why == "no_switch":
        text = _("{name} rolled {roll}: nothing to switch the stud with, passes.")
    else:
        text = _("{name} rolled {roll}: the herd is empty, passes.")
    brand = colour_words(d["brand"], DICE_MISSING) if d.get("brand") else ""
    return text.format(name=names[d["seat"]], roll=d["roll"], brand=brand)


def _then(move: str, then: Sequence[Sequence[Any]], names: Names) -> str:
    """A move and the passes that follow it at once: '... Then bob (no blue left) passes.'"""
    players = join_and(
        [_("{name} ({why})").format(name=names[s], why=_why(why, brand)) for s, why, brand in then]
    )
    return ngettext(
        "{move} Then {players} passes.", "{move} Then {players} pass.", len(then)
    ).format(move=move, players=players)


# The end and leaving ---------------------------------------------------------------------------


def _herd_empty(d: Data, names: Names) -> str:
    return _("The last cow has left the herd: the game is over.")


def _last_stud(d: Data, names: Names) -> str:
    if d.get("kept"):
        text = _("{name} rolled a 6 this round: stud {die} goes into stock.")
    else:
        text = _("{name} rolls the stud one last time: {die}, into stock.")
    return text.format(name=names[d["seat"]], die=die_words(d["die"]))


def _result(d: Data, names: Names) -> str:
    hauls = ", ".join(
        _("{name} {haul}").format(name=names[s], haul=score) for s, score in d["hauls"]
    )
    winners = d["winners"]
    if len(winners) == 1:
        text = _("{names} wins with {best}! Final hauls: {hauls}.")
    else:
        text = _("{names} share the win with {best}! Final hauls: {hauls}.")
    return text.format(names=_who(names, winners), best=d["best"], hauls=hauls)


def _leave(d: Data, names: Names) -> str:
    return ngettext(
        "{name} leaves the game; {count} die goes back to the herd.",
        "{name} leaves the game; {count} dice go back to the herd.",
        d["returned"],
    ).format(name=names[d["seat"]], count=d["returned"])


def _last_player(d: Data, names: Names) -> str:
    return _("{name} is the last player left and wins!").format(name=names[d["seat"]])


#: every event kind of the game and how it is told
TELL: dict[str, Callable[[Data, Names], str]] = {
    "round": _round,
    "order": _order,
    "three": _three,
    "tie": _tie,
    "grab": _grab,
    "rustle": _rustle,
    "swiss": _swiss,
    "switch": _switch,
    "raid": _raid,
    "pasture": _pasture,
    "pass": _pass,
    "forced_pass": _forced_pass,
    "herd_empty": _herd_empty,
    "last_stud": _last_stud,
    "result": _result,
    "leave": _leave,
    "last_player": _last_player,
}


class CattleNarrator(Narrator):
    domain = "cattle"

    def tell(self, event: Event, names: Sequence[str]) -> str:
        told = TELL.get(event.kind)
        if told is None:
            return super().tell(event, names)
        then = event.data.get("then")
        return _then(told(event.data, names), then, names) if then else told(event.data, names)

    def outcome(self, outcome: Outcome, names: Sequence[str]) -> str:
        if outcome.reason == "last_player":
            return _("the last player left")
        if outcome.reason == "haul":
            return _("the biggest haul ({best})").format(best=outcome.data.get("best", ""))
        return outcome.reason

    def describe(self, state: Any, names: Sequence[str]) -> str:
        """Whose turn and what their roll allows, the herd, every stud and stock (at the end,
        who won and every haul): the picture's alt text."""
        return describe(state, names)

    def text_board(self, state: Any, names: Sequence[str], viewer: int | None) -> str:
        """The whole table as Markdown, with the moves of the seat to act in the notation."""
        return text_board(state, names, viewer)


NARRATOR = CattleNarrator()


def _refusal(err: GameError) -> str:
    return error_words(err)


word_errors("cattle", _refusal)
