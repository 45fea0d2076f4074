"""Which interaction posted a message, while it can still edit it (``bot.posted``)."""

from __future__ import annotations

import datetime
import time
from types import SimpleNamespace
from typing import Any

import discord

from bot.posted import MARGIN, ORIGINAL, PostedThrough


class Webhook:
    """Stands in for an interaction's webhook (``Interaction.followup``): records its edits."""

    def __init__(self) -> None:
        self.edits: list[tuple[object, dict[str, Any]]] = []

    async def edit_message(self, message_id: object, **fields: Any) -> None:
        self.edits.append((message_id, fields))


def interaction(minutes_left: float) -> Any:
    """Stands in for a ``discord.Interaction`` (its webhook and its end are read)."""
    left = datetime.timedelta(minutes=minutes_left)
    return SimpleNamespace(expires_at=discord.utils.utcnow() + left, followup=Webhook())


async def test_a_message_is_edited_through_its_interaction_once() -> None:
    posted = PostedThrough(time.time)
    board, followup = interaction(14), interaction(10)
    posted.remember(1, board, original=True)
    posted.remember(2, followup, original=False)
    held = posted.take(1)
    assert held is not None
    await held.edit(1, view=None)
    assert board.followup.edits == [(ORIGINAL, {"view": None})], "its original response"
    assert posted.take(1) is None, "forgotten once used"
    held = posted.take(2)
    assert held is not None
    await held.edit(2, content="x")
    assert followup.followup.edits == [(2, {"content": "x"})], "a followup, by its id"
    assert posted.take(3) is None, "never posted through an interaction here"


def test_only_what_editing_needs_is_kept_not_the_interaction() -> None:
    posted = PostedThrough(time.time)
    clicked = interaction(14)
    clicked.message = "the whole board message clicked"
    posted.remember(1, clicked, original=True)
    held = posted.take(1)
    assert held is not None and held.webhook is clicked.followup and held.original
    assert not hasattr(held, "message") and not hasattr(held, "__dict__")


def test_an_interaction_at_its_end_is_not_used() -> None:
    posted = PostedThrough(time.time)
    posted.remember(1, interaction(MARGIN / 120), original=True)
    assert posted.take(1) is None
    posted.remember(2, interaction(-1), original=False)
    posted.remember(3, interaction(5), original=False)
    assert len(posted) == 1, "the ended ones are forgotten as new ones come"


def test_at_most_keep_messages_the_oldest_forgotten_first() -> None:
    posted = PostedThrough(time.time, keep=3)
    for message_id in range(1, 6):
        posted.remember(message_id, interaction(10), original=False)
    assert len(posted) == 3
    assert posted.take(1) is None and posted.take(2) is None
    assert posted.take(5) is not None


def test_an_interactions_age_is_read_on_the_bots_clock() -> None:
    now = [time.time()]
    posted = PostedThrough(lambda: now[0])
    posted.remember(1, interaction(10), original=True)
    posted.remember(2, interaction(10), original=True)
    assert posted.take(1) is not None
    now[0] += 11 * 60  # the bot's clock is past the interaction's end
    assert posted.take(2) is None
