"""Super Farmer's refusals in words: every ``farm.*`` error code, in the active locale.

Fields: animals as ``{"rabbit": 6}``, a single ``animal`` by its key with counts, player names
as they were when the error was raised (a refusal is worded for the player who made it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import words
from games.base import GameError, refusal_words
from games.farm import talk_animals as animals
from games.farm.talk_rules import TITLE
from words import domain

_D = domain("farm")
_, ngettext, N_ = _D.functions()

Wording = Callable[[Mapping[str, Any]], str]


def _lacking(d: Mapping[str, Any]) -> str:
    return _("You have only {animals}, not {need}.").format(
        animals=animals.counted(animals.index(d["animal"]), d["have"]), need=d["need"]
    )


def _partner_lacks(d: Mapping[str, Any]) -> str:
    return _("{name} has only {animals}.").format(
        name=d["name"], animals=animals.counted(animals.index(d["animal"]), d["have"])
    )


def _unequal(d: Mapping[str, Any]) -> str:
    give, get = animals.subject(d["give"]), animals.subject(d["get"])
    worth = ngettext(
        "{give} is worth {worth} rabbit but {get} is worth {other}; a trade must be of equal "
        "worth.",
        "{give} is worth {worth} rabbits but {get} is worth {other}; a trade must be of equal "
        "worth.",
        d["give_worth"],
    )
    return worth.format(give=give, get=get, worth=d["give_worth"], other=d["get_worth"])


def _unknown_animal(d: Mapping[str, Any]) -> str:
    got = d.get("got")
    listed = words.join_and(animals.name(a) for a in animals.ANIMALS)
    if got is None:
        return _("An animal is missing after the number; animals are {animals}.").format(
            animals=listed
        )
    return _("Unknown animal `{got}`; animals are {animals}.").format(got=got, animals=listed)


def _cannot_load(d: Mapping[str, Any]) -> str:
    cause = d.get("cause")
    detail = (
        refusal_words(GameError(cause, **d.get("cause_data", {})))
        if cause
        else str(d.get("detail", ""))
    )
    return _("Cannot load {game} game: {detail}").format(game=_(TITLE), detail=detail)


WORDS: dict[str, Wording] = {
    "farm.players": lambda d: _("{game} needs {min}-{max} players.").format(game=_(TITLE), **d),
    "farm.answer_offer": lambda d: _(
        "{name} is waiting for you to accept or decline their offer."
    ).format(**d),
    "farm.no_offer": lambda d: _("There is no offer to you to answer."),
    "farm.nothing_to_withdraw": lambda d: _("You have no open offer to withdraw."),
    "farm.offer_open": lambda d: _(
        "Your offer to {name} is still open: wait for an answer, or `withdraw` it first."
    ).format(**d),
    "farm.traded": lambda d: _("You have already traded this turn; now roll."),
    "farm.empty_side": lambda d: _("A trade needs animals on both sides."),
    "farm.both_sides": lambda d: _("The same animal cannot be on both sides of a trade."),
    "farm.lacking": _lacking,
    "farm.unequal": _unequal,
    "farm.strict": lambda d: _("With strict trades, one side must be a single animal."),
    "farm.stock_out": lambda d: _("The stock has none of {animals} left.").format(
        animals=animals.subject(d["get"])
    ),
    "farm.stock_short": lambda d: _(
        "The stock can only deliver {delivered} of {get}. To trade anyway, add `anyway`: "
        "`{confirm}`."
    ).format(
        delivered=animals.objects(d["delivered"]),
        get=animals.objects(d["get"]),
        confirm=d["confirm"],
    ),
    "farm.stock_enough": lambda d: _("The stock has enough; leave out `anyway`."),
    "farm.offer_self": lambda d: _("Offer a trade to another player."),
    "farm.partner_left": lambda d: _("{name} has left the game.").format(**d),
    "farm.partner_lacks": _partner_lacks,
    "farm.not_playing": lambda d: _("That player is not in the game."),
    "farm.type_a_move": lambda d: _("Type a move, e.g. `roll` or `trade 6 rabbit for 1 sheep`."),
    "farm.offer_to": lambda d: _("Name who the offer is to: `offer 6 rabbit for 1 sheep to bob`."),
    "farm.unknown_move": lambda d: _("I don't know the move `{text}`. Moves: {moves}").format(
        text=d["text"], moves="; ".join(d["moves"])
    ),
    "farm.give_and_get": lambda d: _(
        "Say what you give and get: `{verb} 6 rabbit for 1 sheep`."
    ).format(**d),
    "farm.name_animals": lambda d: _("Name the animals, e.g. `6 rabbit`."),
    "farm.number_first": lambda d: _("Expected a number before an animal, got `{got}`.").format(
        **d
    ),
    "farm.unknown_animal": _unknown_animal,
    "farm.zero": lambda d: _("Trade at least one of each animal you name."),
    "farm.no_player": lambda d: _("No player called `{text}`; players: {players}.").format(
        text=d["text"], players=", ".join(d["players"])
    ),
    "farm.cannot_load": _cannot_load,
    "farm.left_keeps_nothing": lambda d: _("A player who left keeps no animals and has no turn."),
    "farm.offer_not_on_turn": lambda d: _("An offer must be from the player on turn to another."),
    "farm.offer_to_left": lambda d: _("An offer cannot go to a player who left."),
    "farm.offer_lacks": lambda d: _("An offer names animals its players do not have."),
    "farm.bad_roll": lambda d: _("Bad last roll {roll}.").format(**d),
    "farm.unknown_animals": lambda d: _("Unknown animals {names}.").format(
        names=", ".join(d["names"])
    ),
    "farm.bad_count": lambda d: _("Bad count for {animal}: {value}.").format(**d),
    "farm.bad_seat": lambda d: _("Bad seat for {what}: {value}.").format(**d),
}


def farm_words(err: GameError) -> str:
    """A ``farm.*`` error in the active locale (its code when no words are known)."""
    wording = WORDS.get(err.code)
    return err.code if wording is None else wording(err.data)
