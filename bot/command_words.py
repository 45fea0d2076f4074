"""Slash commands in each player's language: descriptions and choice names from the catalogue.

Discord shows a command's description, its options' descriptions and its choices' names in
the reader's language when the command was synced with translations for it; command and
option names stay English (the same everywhere, as the rules pages and the notation write
them). A text the catalogue words is written ``described(N_("..."), **fields)``: the English
text (what Discord shows to everyone else) carrying its catalogue id and fields.
``Translations`` (set on the command tree with ``set_translator``) words it for every shipped
locale Discord has (``pl``); a text without a catalogue id (a language's own name) is left as
it is.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import games
import words
from words import domain

_, ngettext, N_ = domain("bot").functions()

#: where a text is worded: descriptions and choices (names stay English)
WORDED = {
    Where.command_description,
    Where.group_description,
    Where.parameter_description,
    Where.choice_name,
}
#: Discord's limit on a description and on a choice's name
TEXT_LIMIT = 100


def described(msgid: str, **fields: object) -> app_commands.locale_str:
    """A command text from the catalogue: English for Discord's default, with what the
    translator needs to word it in another language (``game``: a game whose title and texts
    fill ``{title}``/``{help}`` in that language)."""
    return app_commands.locale_str(_fit(_fill(msgid, fields)), msgid=msgid, **fields)


def titled(game: str) -> app_commands.locale_str:
    """A game's title (a choice's name), in each language as its narrator words it."""
    return app_commands.locale_str(games.get(game).title, msgid="{title}", game=game)


def _fill(text: str, fields: dict[str, object]) -> str:
    values = dict(fields)
    if isinstance(fields.get("default"), bool):  # a switch's default: on or off, worded
        values["default"] = _("on") if fields["default"] else _("off")
    key = fields.get("game")
    if key is None:
        return text.format(**values)
    rules = games.get(str(key))
    narrator = rules.narrator
    values["title"] = narrator.text(rules.title)
    if "help" in fields:
        values["help"] = narrator.text(str(fields["help"]))
    return text.format(**values)


def _fit(text: str) -> str:
    """Within Discord's 100 characters, cut at a word (with an ellipsis) if it must be."""
    if len(text) <= TEXT_LIMIT:
        return text
    cut = text[: TEXT_LIMIT - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def worded(string: app_commands.locale_str, locale: str) -> str | None:
    """``string`` in ``locale`` (a shipped locale), or None when it is not from the catalogue
    or has no translation there (Discord then shows the English)."""
    msgid = string.extras.get("msgid")
    if not isinstance(msgid, str) or locale == words.ENGLISH:
        return None
    fields = {k: v for k, v in string.extras.items() if k != "msgid"}
    with words.use(locale):
        text = _fit(_fill(_(msgid), fields))
    return None if text == string.message else text


class Translations(app_commands.Translator):
    """The command tree's translator: the catalogue's words for every shipped language that
    Discord has."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location not in WORDED:
            return None
        shipped = words.locale_of(locale.value)
        return None if shipped == words.ENGLISH else worded(string, shipped)
