"""The words every game shares: the rules contract's own errors (``rules.*`` codes).

A game's narrator (``games/<game>/talk.py``) is, beside the bot's own texts, the only code
that turns the game's data into words: its events, refusals, choices' labels and notes, its
outcome, the texts of its picture, its title, summary and options, all in the active locale
(``words.use``). It words each thing when asked, so one event reads in English on the public
board and in Polish in a player's private history.
"""

from __future__ import annotations

from typing import Any

from games.base import GameError, word_errors
from words import domain, join_and

_, ngettext, N_ = domain("bot").functions()


def _rules_words(err: GameError) -> str:
    data: dict[str, Any] = err.data
    code = err.code
    if code == "rules.not_your_turn":
        return _("It is not your turn; waiting on {players}.").format(
            players=join_and(data.get("waiting", ()))
        )
    if code == "rules.game_over":
        return _("The game is over.")
    if code == "rules.nothing_to_do":
        return _("This seat has nothing to do now.")
    if code == "rules.no_leaving":
        return _("This game does not let a player leave during a game.")
    if code == "rules.unknown_format":
        return _("This saved game has an unknown format ({version}).").format(**data)
    if code == "rules.unknown_option":
        return _("Unknown option {names} (options: {known}).").format(
            names=", ".join(data["names"]), known=", ".join(data["known"]) or "-"
        )
    return _option_words(code, data)


def _option_words(code: str, data: dict[str, Any]) -> str:
    if code == "rules.option_on_off":
        return _("Option {name} must be on or off.").format(**data)
    if code == "rules.option_number":
        return _("Option {name} must be a whole number.").format(**data)
    if code == "rules.option_text":
        return _("Option {name} must be text.").format(**data)
    if code == "rules.option_choice":
        return _("Option {name} must be one of: {choices}.").format(
            name=data["name"], choices=", ".join(data["choices"])
        )
    if code == "rules.option_min":
        return _("Option {name} must be at least {min}.").format(**data)
    if code == "rules.option_max":
        return _("Option {name} must be at most {max}.").format(**data)
    return code


word_errors("rules", _rules_words)
