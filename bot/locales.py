"""Who reads which language.

- A private answer (a refusal, a menu, ``/rules``, an error, an autocomplete suggestion) is
  worded in the language of whoever clicked or typed: ``interaction.locale``. It is set as the
  active locale (``words``) at the one place every interaction passes through before it is
  handled, in the task that then handles it: the command tree's ``interaction_check``
  (``Tree``), each component's ``interaction_check`` (``Reading``, a mixin of every
  ``DynamicItem``), and the catch-all listener (``bot.ui.routing``). asyncio tasks copy the
  context when they are created, so concurrent interactions never mix languages.
- A public message (a board, a lobby, a channel notice) and a board's picture are worded in
  the match's language (``Match.language``), chosen when the match is opened: code that
  posts one wraps its wording in ``words.use(match.language)``.
- The turn clock has no interaction: a reminder posted in the channel is public (the match's
  language); a DM goes to one player and is worded in that player's language as last seen
  (``Readers``, stored with the user's settings and updated when they interact).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord
from babel import Locale
from discord import app_commands

import words
from bot.gate import closed
from bot.reach import Click
from bot.slash_checks import options_checked
from bot.store import StorageError
from words import cldr
from words.catalogue import set_locale

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

#: users whose language this process remembers (the store keeps every user's)
REMEMBERED = 10_000


def reader_locale(interaction: Click) -> str:
    """The shipped locale of whoever caused ``interaction`` (English when Discord's locale is
    not shipped)."""
    return words.locale_of(_tag(getattr(interaction, "locale", None)))


def server_locale(interaction: Click) -> str:
    """The shipped locale of the server the interaction comes from (its preferred locale),
    English when there is none or it is not shipped."""
    return words.locale_of(_tag(getattr(interaction, "guild_locale", None)))


def _tag(locale: object) -> str | None:
    """A Discord locale as its tag (``discord.Locale.polish`` -> ``"pl"``)."""
    if locale is None:
        return None
    return str(getattr(locale, "value", locale))


class Readers:
    """Each player's language as last seen, for what the bot sends them without an
    interaction (the turn clock's DMs). Stored only when it changes, in the background, so an
    answer never waits for it."""

    def __init__(self, store: Callable[[], Store | None]) -> None:
        self._store = store
        self._seen: OrderedDict[int, str] = OrderedDict()
        self._writing: set[asyncio.Future[None]] = set()

    def seen(self, interaction: Click) -> str:
        """Make the reader's language the active one for the rest of this task, remember it
        for the user, and return it."""
        locale = reader_locale(interaction)
        set_locale(locale)
        self.remember(interaction.user.id, locale)
        return locale

    def remember(self, user_id: int, locale: str) -> None:
        if self._seen.get(user_id) == locale:
            self._seen.move_to_end(user_id)
            return
        self._seen[user_id] = locale
        while len(self._seen) > REMEMBERED:
            self._seen.popitem(last=False)
        if self._store() is None:
            return
        task = asyncio.ensure_future(self._stored(user_id, locale))
        self._writing.add(task)
        task.add_done_callback(self._writing.discard)

    async def _stored(self, user_id: int, locale: str) -> None:
        store = self._store()
        try:
            if store is not None and await store.settings.user_locale(user_id) != locale:
                await store.settings.set_user_locale(user_id, locale)
        except Exception as err:  # only a later DM's language depends on it: next time
            if isinstance(err, StorageError):
                log.info("could not store the language of user %s: %s", user_id, err.kind)
            else:
                log.warning("could not store the language of user %s: %r", user_id, err)
            if self._seen.get(user_id) == locale:
                del self._seen[user_id]

    async def settled(self) -> None:
        """Wait until the languages seen so far are stored."""
        while self._writing:
            await asyncio.gather(*self._writing, return_exceptions=True)

    async def of(self, user_id: int) -> str:
        """The user's language as last seen (English for one never seen)."""
        known = self._seen.get(user_id)
        if known is not None:
            return known
        store = self._store()
        stored = await store.settings.user_locale(user_id) if store is not None else None
        return words.locale_of(stored)


def readers_of(client: object) -> Readers | None:
    readers: Readers | None = getattr(client, "readers", None)
    return readers


def seen(interaction: Click) -> str:
    """The interaction's reader: their language made the active one (and remembered)."""
    readers = readers_of(interaction.client)
    if readers is None:
        locale = reader_locale(interaction)
        set_locale(locale)
        return locale
    return readers.seen(interaction)


class Tree(app_commands.CommandTree[discord.Client]):
    """The command tree: each command, autocomplete and error answer is worded in the
    language of the player who used it (set here, in the task that handles the command and
    its errors), and every command's options are checked first (``bot.slash_checks``)."""

    async def interaction_check(self, interaction: Click, /) -> bool:
        seen(interaction)
        return await options_checked(interaction)


class Reading:
    """Mixed into every component: its callback (and any refusal) is worded in the
    clicker's language (discord.py runs a component's check and callback in one task);
    while the bot stops it does not run (``bot.gate``)."""

    async def interaction_check(self, interaction: Click, /) -> bool:
        if closed(interaction):
            return False
        seen(interaction)
        return True


@functools.cache
def native_name(locale: str) -> str:
    """A language's name in that language ("English", "Polski")."""
    name = Locale.parse(locale.replace("-", "_")).get_display_name(locale.replace("-", "_"))
    cldr.forget()  # only each language's own name is wanted, and ``native_name`` keeps it
    return (name or locale)[:1].upper() + (name or locale)[1:]
