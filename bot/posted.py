"""Messages the bot posted through an interaction, with that interaction, while it lasts.

A board or lobby posted as a click's answer (the interaction's original response) or as a
followup can be edited through that interaction's webhook for 15 minutes. Those requests are
outside the bot's global limit of 50 requests a second (every server together), so taking the
buttons off the board a player just clicked costs that limit nothing, however busy the bot.
Once the interaction is too old, after a restart, or in another process, the message is not
known here and the bot edits it with its own token.

Kept in memory only (an interaction's token lets anyone post in its channel), at most ``KEEP``
messages, the oldest forgotten first; a message is forgotten once it has been edited here. An
interaction's age is read on the bot's clock (the one its turn clocks read).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from bot.answer import Click

#: messages remembered at most (a live board each, per match that moved in the last quarter
#: of an hour)
KEEP = 4096
#: seconds: an interaction this close to its end is not used any more (its request could
#: arrive late): none older than 14 minutes
MARGIN = 60.0


class PostedThrough:
    """Message id -> (the interaction that posted it, whether it is that interaction's
    original response rather than a followup)."""

    def __init__(self, clock: Callable[[], float], keep: int = KEEP) -> None:
        self.clock = clock
        self.keep = keep
        self._held: OrderedDict[int, tuple[Click, bool]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._held)

    def remember(self, message_id: int, interaction: Click, *, original: bool) -> None:
        self._held[message_id] = (interaction, original)
        self._held.move_to_end(message_id)
        while self._held:
            oldest = next(iter(self._held.values()))[0]
            if len(self._held) <= self.keep and self._usable(oldest):
                break
            self._held.popitem(last=False)

    def take(self, message_id: int) -> tuple[Click, bool] | None:
        """The interaction that posted ``message_id``, if it may still edit it (forgotten
        here either way)."""
        held = self._held.pop(message_id, None)
        if held is None or not self._usable(held[0]):
            return None
        return held

    def _usable(self, interaction: Click) -> bool:
        return interaction.expires_at.timestamp() - self.clock() > MARGIN
