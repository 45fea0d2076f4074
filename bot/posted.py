"""Messages the bot posted through an interaction, with that interaction, while it lasts.

A board or lobby posted as a click's answer (the interaction's original response) or as a
followup can be edited through that interaction's webhook for 15 minutes. Those requests are
outside the bot's global limit of 50 requests a second (every server together), so taking the
buttons off the board a player just clicked costs that limit nothing, however busy the bot.
Once the interaction is too old, after a restart, or in another process, the message is not
known here and the bot edits it with its own token.

Kept in memory only (an interaction's token lets anyone post in its channel), at most ``KEEP``
messages, the oldest forgotten first; a message is forgotten once it has been edited here. An
interaction's age is read on the bot's clock (the one its turn clocks read). What is kept of
an interaction is only what editing needs (``Posting``: its webhook, its end), not the
interaction itself, which holds the whole message clicked and the clicker: on a busy bot,
thousands of them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.answer import Click

#: messages remembered at most (a live board each, per match that moved in the last quarter
#: of an hour)
KEEP = 4096
#: seconds: an interaction this close to its end is not used any more (its request could
#: arrive late): none older than 14 minutes
MARGIN = 60.0


#: Discord's name, in an interaction webhook's message paths, for the interaction's original
#: response (discord.py's ``Webhook.edit_message`` types a message id as a number)
ORIGINAL = cast(int, "@original")


@dataclass(frozen=True, slots=True)
class Posting:
    """What editing a message through the interaction that posted it needs: the interaction's
    webhook (``Interaction.followup``: its application and token), when the interaction ends
    (POSIX seconds), and whether the message is its original response rather than a
    followup."""

    webhook: discord.Webhook
    expires_at: float
    original: bool

    @classmethod
    def of(cls, interaction: Click, *, original: bool) -> Posting:
        return cls(interaction.followup, interaction.expires_at.timestamp(), original)

    async def edit(self, message_id: int, **edits: Any) -> None:
        """The same request as ``edit_original_response`` (the original response) or
        ``followup.edit_message`` (a followup)."""
        await self.webhook.edit_message(ORIGINAL if self.original else message_id, **edits)


class PostedThrough:
    """Message id -> what the interaction that posted it needs to edit it (``Posting``)."""

    def __init__(self, clock: Callable[[], float], keep: int = KEEP) -> None:
        self.clock = clock
        self.keep = keep
        self._held: OrderedDict[int, Posting] = OrderedDict()

    def __len__(self) -> int:
        return len(self._held)

    def remember(self, message_id: int, interaction: Click, *, original: bool) -> None:
        self._held[message_id] = Posting.of(interaction, original=original)
        self._held.move_to_end(message_id)
        while self._held:
            oldest = next(iter(self._held.values()))
            if len(self._held) <= self.keep and self._usable(oldest):
                break
            self._held.popitem(last=False)

    def take(self, message_id: int) -> Posting | None:
        """How the interaction that posted ``message_id`` edits it, if it still may
        (forgotten here either way)."""
        held = self._held.pop(message_id, None)
        if held is None or not self._usable(held):
            return None
        return held

    def _usable(self, posting: Posting) -> bool:
        return posting.expires_at - self.clock() > MARGIN
