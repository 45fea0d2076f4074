"""Why a Super Cowboy move was refused, in words: every ``cowboy.*`` error code."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.base import GameError, word_errors
from games.cowboy.talk_choices import prompt
from games.cowboy.talk_names import edge, point, step_word
from words import domain

_, ngettext, N_ = domain("cowboy").functions()

Data = Mapping[str, Any]

#: codes whose words need no fields
PLAIN = {
    "fence_move_first": N_("A fence goes on the line you just moved along: move first."),
    "no_fences": N_("You have no fences left: cut wood next to a tree."),
    "moved_already": N_("You have moved this turn; pick an action or `end`."),
    "cannot_move": N_("You cannot move there."),
    "again_first": N_("`again` is one more step after your first one: move first."),
    "nowhere_on": N_("There is nowhere to ride on to."),
    "ride_back": N_("Those two steps lead back to where you stand: `end` stays put."),
    "no_field": N_("You own no field yet: close one with fences first."),
    "no_room": N_("You need a free square in a field of yours to put a rustled steer."),
    "no_spare_token": N_("No spare steer token is left to replace a printed steer."),
    "no_choice": N_("There is no choice to make now."),
    "not_allowed": N_("That is not allowed now."),
    "not_in_game": N_("That player is not in the game."),
    "empty_move": N_("Type a move, e.g. `move n`, `fence`, `rope c4 to e6` or `end`."),
    "which_way": N_(
        "Say which way: `move n`, `move e`, `move s` or `move w`; two steps: `move n e`."
    ),
    "rope_how": N_("Say which steer and where it goes: `rope c4 to e6`."),
    "remove_what": N_("Say what the Cavalry removes: `remove f2` or `remove bandit`."),
    "which_item": N_("Name the item: `discard sixshooter`, `lariat`, `axe`, `bills` or `brander`."),
    "not_cowboy": N_("This is not a Super Cowboy game."),
    "player_count": N_("Super Cowboy needs 2-4 players."),
    "tile_twice": N_("A tile is laid twice."),
}


def _near(d: Data) -> str:
    return _("one of the four squares around your cowboy on {point}").format(point=_point(d))


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _step(d: Data) -> dict[str, str]:
    return {"direction": step_word(d["dir"]), "point": _point(d)}


def _point(d: Data) -> str:
    """An intersection as the picture labels it (older errors named it as text)."""
    place = d.get("point", "?")
    return point(place) if isinstance(place, Mapping) else str(place)


WORDS: dict[str, Callable[[Data], str]] = {
    "off_board": lambda d: _upper(_("{direction} is off the board.").format(**_step(d))),
    "cowboy_there": lambda d: _("{player}'s cowboy stands to your {direction} ({point}).").format(
        player=d["player"], **_step(d)
    ),
    "bandit_there": lambda d: _("The Bandit stands to your {direction} ({point}).").format(
        **_step(d)
    ),
    "pilgrims_there": lambda d: _("Pilgrims stand to your {direction} ({point}).").format(
        **_step(d)
    ),
    "bandit_zone": lambda d: _(
        "The corner to your {direction} ({point}) is next to the Bandit; he'd shoot you."
    ).format(**_step(d)),
    "fence_there": lambda d: _("There is a fence {edge} already.").format(edge=edge(d["edge"])),
    "stream_there": lambda d: _("A stream runs {edge}; it counts as a fence already.").format(
        edge=edge(d["edge"])
    ),
    "homestead_side": lambda d: _(
        "The line {edge} is a homestead's side; it counts as a fence."
    ).format(edge=edge(d["edge"])),
    "choice_first": lambda d: _("First a choice: {prompt}.").format(
        prompt=prompt(d, d.get("names", ()))
    ),
    "no_tree": lambda d: _("There is no tree in {near}.").format(near=_near(d)),
    "steer_not_near": lambda d: _("The steer must stand in {near}.").format(near=_near(d)),
    "no_roaming_steer": lambda d: _("There is no roaming steer on {square}.").format(**d),
    "steer_penned": lambda d: _("The steer on {square} is penned in {owner}'s field.").format(**d),
    "not_free_square": lambda d: _("{square} is not a free square in one of your fields.").format(
        **d
    ),
    "no_rival_steer": lambda d: _("There is no steer in an opponent's field on {square}.").format(
        **d
    ),
    "no_indians": lambda d: _("There are no Indians on {square} in {near}.").format(
        square=d["square"], near=_near(d)
    ),
    "one_square": lambda d: _("Name one square: `{verb} d5`.").format(**d),
    "no_player": lambda d: _("No player called `{who}`; players: {players}.").format(
        who=d["who"], players=", ".join(d["players"])
    ),
    "unknown_move": lambda d: _(
        "I don't know the move `{text}`. Moves: move n, fence, cut, rope c4 to e6, rustle d5, "
        "fight f2, again, end."
    ).format(**d),
    "not_square": lambda d: _("`{text}` is not a square; squares run from a1 to {last}.").format(
        **d
    ),
    "players": lambda d: _("Super Cowboy needs {min}-{max} players.").format(**d),
    "cannot_load": lambda d: _("Cannot load Super Cowboy game: {error}").format(**d),
    "broken": lambda d: _("Broken Super Cowboy game: {problems}").format(
        problems="; ".join(d["problems"])
    ),
    "tile_count": lambda d: _("{players} players play on {tiles} tiles.").format(**d),
    "two_fences": lambda d: _("Two fences on {edge}.").format(**d),
}


def refusal(err: GameError) -> str:
    """A ``cowboy.*`` error in the active locale (its code when it is not one of ours)."""
    what = err.code.split(".", 1)[-1]
    if what in PLAIN:
        return _(PLAIN[what])
    words_of = WORDS.get(what)
    return err.code if words_of is None else words_of(err.data)


word_errors("cowboy", refusal)
