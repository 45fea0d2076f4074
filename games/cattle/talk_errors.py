"""Cattle Baron's refusals in words: every ``cattle.*`` error code, in the active locale."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.base import GameError
from games.cattle.talk_dice import (
    COLOUR,
    DICE_MISSING,
    DIE_MISSING,
    colour_words,
    die_words,
)
from words import domain

_, ngettext, N_ = domain("cattle").functions()

Data = Mapping[str, Any]


def _roll_allows(d: Data) -> str:
    """What the roll allows, or pass: the hint every refused move ends with."""
    roll = d["roll"]
    brand = colour_words(d["brand"], DICE_MISSING) if d.get("brand") else ""
    if roll == 1:
        text = _("You rolled 1: you may take one {brand} die from the herd, or pass.")
    elif roll == 2:
        text = _("You rolled 2: you may take one or two {brand} dice from the herd, or pass.")
    elif roll == 3:
        text = _(
            "You rolled 3: you may rustle another player or swiss a colour from your stock, "
            "or pass."
        )
    elif roll == 4:
        text = _(
            "You rolled 4: you may switch your stud with a die in your stock or the herd, or pass."
        )
    elif roll == 5:
        text = _("You rolled 5: you may raid any die from the herd, or pass.")
    else:
        text = _(
            "You rolled 6: you may pasture your stud into stock for a new stud from the herd, "
            "or pass."
        )
    return text.format(brand=brand)


def _not_your_brand(d: Data) -> str:
    return _("Your brand is {brand}. {hint}").format(
        brand=colour_words(d["brand"], COLOUR), hint=_roll_allows(d)
    )


def _no_colour_to_swiss(d: Data) -> str:
    return _("You have no {colour} dice in your stock to swiss.").format(
        colour=colour_words(d["colour"], DICE_MISSING)
    )


def _too_few_in_herd(d: Data) -> str:
    return ngettext(
        "The herd has only {count} {die}.", "The herd has only {count} {die}.", d["count"]
    ).format(count=d["count"], die=die_words(d["die"]))


def _no_such_colour(d: Data) -> str:
    return _("No colour `{word}` in this game; colours: {colours}.").format(
        word=d["word"], colours=", ".join(d["colours"])
    )


def _no_such_player(d: Data) -> str:
    return _("No player called `{text}`; players: {players}.").format(
        text=d["text"], players=", ".join(d["players"])
    )


def _unknown_move(d: Data) -> str:
    return _("I don't know the move `{text}`. Moves: {moves}").format(
        text=d["text"], moves="; ".join(d["moves"])
    )


def _plain(message: str, **forms: tuple[str, str]) -> Callable[[Data], str]:
    """A refusal worded by one sentence; ``forms``: a die or colour field and its form."""

    def words_of(d: Data) -> str:
        fields = dict(d)
        for field, (kind, form) in forms.items():
            value = d[field]
            fields[field] = die_words(value, form) if kind == "die" else colour_words(value, form)
        return _(message).format(**fields)

    return words_of


WORDS: dict[str, Callable[[Data], str]] = {
    "cattle.roll_allows": _roll_allows,
    "cattle.not_your_brand": _not_your_brand,
    "cattle.no_colour_to_swiss": _no_colour_to_swiss,
    "cattle.too_few_in_herd": _too_few_in_herd,
    "cattle.no_such_colour": _no_such_colour,
    "cattle.no_such_player": _no_such_player,
    "cattle.unknown_move": _unknown_move,
    "cattle.same_stud": _plain(
        N_("Your stud is already {die}; that would change nothing."), die=("die", "die")
    ),
    "cattle.not_in_stock": _plain(N_("You have no {die} in your stock."), die=("die", DIE_MISSING)),
    "cattle.not_in_herd": _plain(N_("The herd has no {die} to take."), die=("die", DIE_MISSING)),
    "cattle.rustle_yourself": _plain(N_("Rustle another player's stock, not your own.")),
    "cattle.player_left": _plain(N_("{player} has left the game.")),
    "cattle.not_playing": _plain(N_("That player is not in the game.")),
    "cattle.players": _plain(N_("Cattle Baron needs {low}-{high} players.")),
    "cattle.same_names": _plain(N_("Every player needs a different name.")),
    "cattle.few_colours": _plain(
        N_("Option colours must be at least the number of players ({players}).")
    ),
    "cattle.bad_seniority": _plain(N_("Seniority needs one whole number per player ({players}).")),
    "cattle.bad_die": _plain(N_("Bad die {die}.")),
    "cattle.not_whole": _plain(N_("Expected a whole number, got {value}.")),
    "cattle.saved_players": _plain(N_("Cattle Baron needs {low}-{high} players, one colour each.")),
    "cattle.saved_leaver": _plain(N_("A player who left is not a player of this game.")),
    "cattle.cannot_load": _plain(N_("Cannot load Cattle Baron game: {detail}.")),
    "cattle.empty_move": _plain(N_("Type a move, e.g. `raid green 6` or `pass`.")),
    "cattle.grab_how_many": _plain(N_("Take one or two dice: `take red 5` or `take red 5 red 3`.")),
    "cattle.dice_how": _plain(N_("Name dice by colour and face, e.g. `red 5` or `r5`.")),
    "cattle.face_range": _plain(N_("A die shows 1 to 6, not {face}.")),
    "cattle.one_die": _plain(N_("Name one die by colour and face, e.g. `{example}`.")),
    "cattle.rustle_whom": _plain(N_("Name who to rustle, e.g. `rustle bob`.")),
}


def error_words(err: GameError) -> str:
    """``err`` in words (its code as it is when the code is unknown)."""
    words_of = WORDS.get(err.code)
    return err.code if words_of is None else words_of(err.data)
