"""Old boards lose their buttons, and a board whose stripping was cut short loses them later.

Recording a board marks the boards it replaces as no longer live and due to be stripped
(``Store.board_posted``: ``strip_due``, a lease like the outbox's); the edits follow. The
boards stripped since are told to the store in one write per pass of the background deliverer
(``sweep_strips``), not one per move. A process that dies between recording a board and
stripping the older ones (or whose edit failed) leaves them due: the next pass, in whichever
process runs then, strips them again (an edit that removes buttons twice changes nothing).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.answer import TRANSPORT
from bot.channels import CannotPost, resolve
from bot.posters import Fields
from words import domain

if TYPE_CHECKING:
    from bot.host import Host
    from bot.posted import PostedThrough

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

#: Discord's "Unknown Message": a board that was deleted has no buttons left to take off
UNKNOWN_MESSAGE = 10008


class Stripping:
    """Part of ``Table``."""

    bot: Host
    posted: PostedThrough
    stripped: list[int]

    async def strip_buttons(
        self,
        channel_id: int,
        message_id: int,
        *,
        content: str | None = None,
        casual: bool = False,
    ) -> None:
        """An old board keeps its picture but loses its buttons (and says ``content``):
        through the interaction that posted it while that one lasts (``bot.posted``), else
        with the bot's own token; at a casual table (``bot.venue``) never so: a board whose
        interaction ran out keeps its buttons, which refuse every click as out of date. A
        locked thread is checked first (its messages are frozen to a bot that may not manage
        threads, archived or not)."""
        edits: Fields = {"view": None}
        if content is not None:
            edits.update(content=content, allowed_mentions=discord.AllowedMentions.none())
        held = self.posted.take(message_id)
        if held is not None:
            interaction, original = held
            try:
                if original:
                    await interaction.edit_original_response(**edits)
                else:
                    await interaction.followup.edit_message(message_id, **edits)
                self.stripped.append(message_id)
                return
            except (discord.HTTPException, *TRANSPORT) as err:  # a token Discord ended...
                log.info("message %s: its interaction could not edit it (%r)", message_id, err)
        if casual:
            self.stripped.append(message_id)  # nothing else may edit it
            return
        try:
            thread = await resolve(self.bot, channel_id)
            if isinstance(thread, discord.Thread):
                if thread.locked and not thread.permissions_for(thread.guild.me).manage_threads:
                    raise CannotPost(_("the thread is locked"))
                if thread.archived:
                    await thread.edit(archived=False)
            channel = self.bot.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).edit(**edits)
        except CannotPost as err:
            log.info("could not clear buttons of message %s: %s", message_id, err)
            self.stripped.append(message_id)  # nothing to try again until it is unlocked
        except (discord.NotFound, discord.Forbidden) as err:
            # gone (the message, its channel) or not the bot's to edit any more: trying again
            # soon would change nothing
            if err.code != UNKNOWN_MESSAGE:
                log.info("could not clear buttons of message %s: %r", message_id, err)
            self.stripped.append(message_id)
        except (discord.HTTPException, *TRANSPORT) as err:
            log.info("could not clear buttons of message %s (again later): %r", message_id, err)
        else:
            self.stripped.append(message_id)

    def note_stripped(self, message_id: int) -> None:
        """``message_id`` lost its buttons by other means (an acknowledgement's edit)."""
        self.stripped.append(message_id)

    async def sweep_strips(self, now: float, *, again: bool = True) -> int:
        """Tell the store which boards lost their buttons, and (``again``) strip those still
        due by ``now`` (real time, as the deliverer counts it: a process died or an edit failed
        first); returns how many were stripped again."""
        outbox = self.bot.service.outbox
        done, self.stripped = self.stripped, []
        if done:
            try:
                await outbox.stripped(done)
            except BaseException:
                self.stripped[:0] = done  # told next time
                raise
        if not again:
            return 0
        again_n = 0
        for channel_id, message_id in await outbox.strips_due(now):
            await self.strip_buttons(channel_id, message_id)
            again_n += 1
        if again_n:
            log.info("buttons taken off %d older boards again", again_n)
        return again_n
