"""The answer to a click on a board, held back so that the new board itself can be it.

Discord wants every interaction answered within three seconds. A click on a public board is
answered by the move's new board, within a few milliseconds: one request instead of an
acknowledgement followed by the board (on Discord, a round trip sooner). When the turn goes on
(a further action by the same player) the clicked board is updated in place with the new
picture and story; when it passes, the answer is a new message, which notifies the next player,
and the clicked board loses its buttons afterwards (``Strips.strip_buttons``). If the board is
not ready in time (a slow database, computers thinking, a busy machine), the click is
acknowledged plainly (its message loses its buttons) when ``ANSWER_WITHIN`` runs out, and the
board follows.
"""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord

log = logging.getLogger(__name__)

#: an interaction with the bot (any client: the bot's own type is the cogs' business)
Click = discord.Interaction[discord.Client]

#: a plain acknowledgement on its way
Ack = asyncio.Future[discord.InteractionCallbackResponse[discord.Client] | None]

#: Discord's "Interaction has already been acknowledged"
ALREADY_ANSWERED = 40060
#: what a request whose answer was lost raises
TRANSPORT = (aiohttp.ClientError, OSError, asyncio.TimeoutError)

#: seconds after which a click waiting for its board is acknowledged plainly: Discord's limit
#: is three seconds from the click, which must leave room for the request itself
ANSWER_WITHIN = 1.2


class Answer:
    """Who answers a click: the board (``take``), or a plain acknowledgement (``acknowledge``),
    whichever comes first; exactly one of them."""

    def __init__(self, interaction: Click, within: float = ANSWER_WITHIN):
        self.interaction = interaction
        #: the plain acknowledgement, once sent
        self.ack: Ack | None = None
        #: True once the response belongs to the board
        self.taken = False
        #: True once Discord took the board as the answer though its reply was lost
        self.answered = False
        loop = asyncio.get_running_loop()
        self._timer: asyncio.TimerHandle | None = loop.call_later(within, self.acknowledge)

    @property
    def open(self) -> bool:
        """Nobody has answered yet."""
        return not self.taken and self.ack is None

    @property
    def cleared(self) -> bool:
        """The plain acknowledgement went through: the clicked board has no buttons left."""
        ack = self.ack
        return (
            not self.taken
            and ack is not None
            and ack.done()
            and not ack.cancelled()
            and ack.exception() is None
        )

    def take(self) -> bool:
        """The response, for the board (or a refusal); False if the plain acknowledgement
        went first."""
        if not self.open:
            return False
        self._cancel_timer()
        self.taken = True
        return True

    def acknowledge(self) -> Ack | None:
        """Acknowledge the click by taking the buttons off its message (once; None if the
        board answered it)."""
        if self.taken:
            return None
        if self.ack is None:
            self._cancel_timer()
            response = self.interaction.response.edit_message(view=None)
            ack = self.ack = asyncio.ensure_future(response)
            ack.add_done_callback(_retrieved)
        return self.ack

    async def acknowledged(self) -> bool:
        """Whether the interaction is answered and usable for followups (the plain
        acknowledgement sent now if nobody answered yet)."""
        if self.taken:
            return self.interaction.response.is_done() or self.answered
        ack = self.acknowledge()
        try:
            if ack is not None:
                await ack
        except discord.HTTPException as err:
            if err.code == ALREADY_ANSWERED:
                return True  # a retry of an acknowledgement Discord took
            log.info("could not acknowledge interaction %s: %s", self.interaction.id, err.status)
            return False
        except TRANSPORT as err:
            log.info("acknowledging interaction %s was cut off: %r", self.interaction.id, err)
            return False
        return True

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def _retrieved(ack: Ack) -> None:
    """A failed acknowledgement nobody waits for (the timer sent it) is logged, not lost."""
    if not ack.cancelled() and ack.exception() is not None:
        log.info("a plain acknowledgement failed: %r", ack.exception())
