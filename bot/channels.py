"""Where the bot may post: the permissions a whole match needs, checked up front and said out
loud; archived threads reopened; a channel the bot cannot post in reported to its players.

``Channels`` is built once: the table holds it (and answers for it to the cogs and the clock),
the delivery's posters reach channels through it. It needs the client (the bot's own token)
and the turn clock's pauses (a player's action in a channel the bot cannot post in stops the
match's clock, and one where it can again starts it).
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

from bot.answer import Click
from bot.matches import Match, Refusal
from bot.texts import escape
from words import domain

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

#: how often a blocked clock tries its channel again by itself (a player's action there also
#: checks at once)
BLOCKED_RETRY = 6 * 3600.0
THREAD_TYPES = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)


class CannotPost(Exception):
    """The bot may not post in a match's channel; ``str(err)`` says why, for players."""


def missing_permissions(
    perms: discord.Permissions, *, in_thread: bool, new_thread: bool = False
) -> list[str]:
    """What the bot lacks (Discord's names) to play a whole match in a channel (or, with
    ``in_thread``, a thread; with ``new_thread``, a new public thread off this channel):
    post boards with their picture and embed, and fetch its own messages."""
    wanted = [("view_channel", N_("View Channel"))]
    if new_thread:
        wanted.append(("create_public_threads", N_("Create Public Threads")))
    if in_thread or new_thread:
        wanted.append(("send_messages_in_threads", N_("Send Messages in Threads")))
    else:
        wanted.append(("send_messages", N_("Send Messages")))
    wanted += [
        ("attach_files", N_("Attach Files")),
        ("embed_links", N_("Embed Links")),
        ("read_message_history", N_("Read Message History")),
    ]
    return [_(label) for attr, label in wanted if not getattr(perms, attr)]


def how_to_grant(bot_name: str) -> str:
    return _(
        "A moderator can allow them for **{bot}** in this channel's settings "
        "(Edit Channel → Permissions → add the bot or its role), or for the bot's role in "
        "Server Settings → Roles."
    ).format(bot=escape(bot_name))


def is_thread(channel: Any) -> bool:
    return getattr(channel, "type", None) in THREAD_TYPES


class Pausing(Protocol):
    """What a channel the bot cannot post in does to a match's clock (``bot.pauses.Pauses``)."""

    async def block(self, match: Match, reason: str, *, announce: bool = True) -> bool: ...

    async def unblock(self, match: Match) -> bool: ...


class Channels:
    """Checks and reaches the channels matches live in."""

    def __init__(self, client: discord.Client, pauses: Pausing) -> None:
        """``client``: the bot's own token; ``pauses``: the turn clock's pauses."""
        self.client = client
        self.pauses = pauses

    # Where the bot may post ----------------------------------------------------------------

    def check_permissions(self, interaction: Click, *, new_thread: bool = False) -> None:
        """Refuse (privately, before anything is created) when the bot lacks what a whole
        match needs here, naming each missing permission and how to grant it."""
        missing = missing_permissions(
            interaction.app_permissions,
            in_thread=is_thread(interaction.channel),
            new_thread=new_thread,
        )
        if missing:
            text = (
                _(
                    "I can't open a match thread here: I'm missing **{permissions}** in this "
                    "channel."
                )
                if new_thread
                else _("I can't run a match here: I'm missing **{permissions}** in this channel.")
            )
            raise Refusal(
                " ".join(
                    [
                        text.format(permissions=", ".join(missing)),
                        how_to_grant(self._name()),
                        _("Then try again."),
                    ]
                )
            )

    def problem_here(self, interaction: Click) -> str | None:
        """Why the bot could not post in the interaction's channel by itself, or None."""
        perms = interaction.app_permissions
        missing = missing_permissions(perms, in_thread=is_thread(interaction.channel))
        if missing:
            missing_here = _("I'm missing **{permissions}** here.").format(
                permissions=", ".join(missing)
            )
            return f"{missing_here} {how_to_grant(self._name())}"
        if getattr(interaction.channel, "locked", False) and not perms.manage_threads:
            return _(
                "this thread was locked by a moderator. A moderator can unlock it, or end the "
                "match with its `abandon` command."
            )
        return None

    def _name(self) -> str:
        return self.client.user.name if self.client.user else "Ranch Hand"

    async def channel_notice(self, interaction: Click, match: Match) -> None:
        """After a player's action in a match's channel: if the bot cannot post there by
        itself, stop the match's clock (no reminder could reach anyone) and say why and how
        to fix it, privately; if it can again, start a clock it had stopped."""
        if match.casual or match.status != "active" or interaction.channel_id != match.channel_id:
            return
        problem = self.problem_here(interaction)
        try:
            if problem is not None:
                await self.pauses.block(match, problem, announce=False)
                await interaction.followup.send(
                    _(
                        "⚠️ I cannot post in this channel by myself, so this match's turn clock "
                        "is paused (no reminders, no deadlines): {problem}"
                    ).format(problem=problem),
                    ephemeral=True,
                )
            elif await self.pauses.unblock(match):
                await interaction.followup.send(
                    _("▶️ I can post here again, so this match's turn clock runs again."),
                    ephemeral=True,
                )
        except discord.HTTPException as err:
            log.info("could not tell the player about the channel: %s", err.status)

    async def postable(self, channel_id: int, *, edit: bool = False) -> discord.PartialMessageable:
        """The channel to post in by the bot's own means (not through an interaction): an
        archived thread is unarchived first; raises ``CannotPost`` saying why when the bot may
        not post there (missing permissions, a locked thread). ``edit``: only to edit the
        bot's own message, which needs no right to post."""
        channel = await resolve(self.client, channel_id)
        guild = getattr(channel, "guild", None)
        me = getattr(guild, "me", None)
        if channel is not None and me is not None:
            perms = channel.permissions_for(me)
            missing = missing_permissions(perms, in_thread=is_thread(channel))
            if missing and not edit:
                raise CannotPost(
                    _("I'm missing **{permissions}** there").format(permissions=", ".join(missing))
                )
            if isinstance(channel, discord.Thread):
                if channel.locked and not perms.manage_threads:
                    raise CannotPost(_("the thread was locked by a moderator"))
                if channel.archived:
                    await channel.edit(archived=False)
        return self.client.get_partial_messageable(channel_id)


async def resolve(bot: discord.Client, channel_id: int) -> Any:
    """The channel or thread; archived threads leave discord.py's cache, so a channel
    not in it is fetched (None if it cannot be)."""
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.Forbidden as err:
            raise CannotPost(
                _("I'm missing **{permissions}** there").format(permissions=_("View Channel"))
            ) from err

    return channel
