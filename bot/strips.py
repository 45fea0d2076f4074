"""Old boards lose their buttons, and a board whose stripping was cut short loses them later.

Recording a board marks the boards it replaces as no longer live and due to be stripped
(``Store.board_posted``: ``strip_due``, a lease like the outbox's); the edits follow. The
boards stripped since are told to the store in one write per pass of the background deliverer
(``sweep``), not one per move. A process that dies between recording a board and stripping the
older ones (or whose edit failed) leaves them due: the next pass, in whichever process runs
then, strips them again (an edit that removes buttons twice changes nothing).

``Strips`` is built once and held by the table and the delivery (the delivery strips the
boards a new one replaced, and retires a match that ended); it reaches Discord through the
client, the interactions that posted a message through ``PostedThrough`` and the store
through the match service, and nothing else of the bot.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

import words
from bot.answer import TRANSPORT
from bot.channels import CannotPost, resolve
from bot.posters import Fields
from bot.service_ref import UsesService
from bot.texts import lobby_text
from words import domain

if TYPE_CHECKING:
    from bot.matches import Match, MatchService
    from bot.posted import PostedThrough

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

#: Discord's "Unknown Message": a board that was deleted has no buttons left to take off
UNKNOWN_MESSAGE = 10008


class Strips(UsesService):
    """Takes the buttons off a match's older boards and lobby messages, and remembers which
    came off until the store is told."""

    def __init__(
        self,
        client: discord.Client,
        posted: PostedThrough,
        service: Callable[[], MatchService],
    ) -> None:
        """``client``: the bot's own token (channels, archived threads); ``posted``: which
        interaction posted a message (its buttons come off through it while it lasts);
        ``service``: the match service (built once the store is open)."""
        self.client = client
        self.posted = posted
        super().__init__(service)
        #: boards whose buttons came off since the store was last told
        self.stripped: list[int] = []

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
            try:
                await held.edit(message_id, **edits)
                self.stripped.append(message_id)
                return
            except (discord.HTTPException, *TRANSPORT) as err:  # a token Discord ended...
                log.info("message %s: its interaction could not edit it (%r)", message_id, err)
        if casual:
            self.stripped.append(message_id)  # nothing else may edit it
            return
        try:
            thread = await resolve(self.client, channel_id)
            if isinstance(thread, discord.Thread):
                if thread.locked and not thread.permissions_for(thread.guild.me).manage_threads:
                    raise CannotPost(_("the thread is locked"))
                if thread.archived:
                    await thread.edit(archived=False)
            channel = self.client.get_partial_messageable(channel_id)
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

    async def sweep(self, now: float, *, again: bool = True) -> int:
        """Tell the store which boards lost their buttons, and (``again``) strip those still
        due by ``now`` (real time, as the deliverer counts it: a process died or an edit failed
        first); returns how many were stripped again."""
        outbox = self.service.outbox
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

    # A match that ended ----------------------------------------------------------------------

    async def retire(
        self, match: Match, *, keep: int | None = None, end: str | None = None
    ) -> None:
        """The match is over or closed: no message of it keeps buttons (``keep`` has none
        already, or keeps its own, e.g. a final board's Rematch), and its lobby messages say
        how it ended (``end``: who ended it, see ``lobby_text``)."""
        lobbies = await self.service.lobby_messages(match.id)
        for channel_id, message_id in await self.service.retire_boards(match.id):
            if message_id != keep and (channel_id, message_id) not in lobbies:
                await self.strip_buttons(channel_id, message_id, casual=match.casual)
            elif message_id == keep:
                self.stripped.append(keep)  # it has what it should
        await self.show_lobby_status(match, lobbies, end=end)

    async def show_lobby_status(
        self, match: Match, lobbies: list[tuple[int, int]], *, end: str | None = None
    ) -> None:
        """The lobby messages, edited to say how the lobby ended ("started", "finished: bob
        won", "ended by alice"...), without buttons. Public: in the match's language."""
        with words.use(match.language):
            text = lobby_text(match, end=end)
        edits: Fields = {
            "content": text,
            "view": None,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        for channel_id, message_id in lobbies:
            try:
                if match.casual:
                    # only the interaction that posted it, while it lasts, may edit it
                    await self.strip_buttons(channel_id, message_id, content=text, casual=True)
                    continue
                channel = self.client.get_partial_messageable(channel_id)
                await channel.get_partial_message(message_id).edit(**edits)
                self.stripped.append(message_id)  # its buttons are off too
            except discord.HTTPException as err:
                log.info("could not update lobby message %s: %s", message_id, err.status)
