"""Old boards lose their buttons (``bot.strips.Strips``): through the interaction that posted
one while it lasts, else with the bot's own token, never so at a casual table; the boards
stripped are told to the store once per pass, and those still due are stripped again."""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from bot.posted import ORIGINAL, PostedThrough
from bot.strips import Strips

CHANNEL = 500


@dataclass
class Client:
    """The bot's own token: every edit it makes, (channel, message, fields)."""

    edits: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)

    def get_channel(self, channel_id: int) -> Any:
        return SimpleNamespace(id=channel_id)  # a text channel, not a thread

    def get_partial_messageable(self, channel_id: int) -> Any:
        client = self

        class Message:
            def __init__(self, message_id: int) -> None:
                self.id = message_id

            async def edit(self, **fields: Any) -> None:
                client.edits.append((channel_id, self.id, fields))

        return SimpleNamespace(get_partial_message=Message)


@dataclass
class Outbox:
    """The store's records of boards still due to lose their buttons."""

    due: list[tuple[int, int]] = field(default_factory=list)
    told: list[list[int]] = field(default_factory=list)
    fail: bool = False

    async def stripped(self, message_ids: list[int]) -> None:
        if self.fail:
            raise OSError("the database is busy")
        self.told.append(list(message_ids))
        self.due = [d for d in self.due if d[1] not in message_ids]

    async def strips_due(self, now: float) -> list[tuple[int, int]]:
        return list(self.due)


class Interaction:
    """An interaction that posted a message, still usable for 10 minutes; its webhook
    (``followup``) is itself here, recording what it edits."""

    def __init__(self) -> None:
        self.edits: list[dict[str, Any]] = []
        self.expires_at = datetime.datetime.fromtimestamp(time.time() + 600, datetime.UTC)
        self.followup = self

    async def edit_message(self, message_id: object, **fields: Any) -> None:
        assert message_id == ORIGINAL, "its original response"
        self.edits.append(fields)


def strips(client: Client, outbox: Outbox) -> Strips:
    service = SimpleNamespace(outbox=outbox)
    return Strips(client, PostedThrough(time.time), lambda: service)  # type: ignore[arg-type]


async def test_a_board_posted_through_an_interaction_loses_its_buttons_through_it() -> None:
    client, outbox = Client(), Outbox()
    stripping = strips(client, outbox)
    clicked = Interaction()
    stripping.posted.remember(7, clicked, original=True)  # type: ignore[arg-type]
    await stripping.strip_buttons(CHANNEL, 7)
    assert clicked.edits == [{"view": None}], "the buttons came off through the interaction"
    assert client.edits == [], "nothing with the bot's own token"
    await stripping.strip_buttons(CHANNEL, 7)  # (the interaction is used once)
    assert client.edits == [(CHANNEL, 7, {"view": None})]


async def test_a_casual_tables_board_is_never_edited_with_the_bots_token() -> None:
    client, outbox = Client(), Outbox()
    stripping = strips(client, outbox)
    await stripping.strip_buttons(CHANNEL, 8, casual=True)
    assert client.edits == []
    assert await stripping.sweep(time.time()) == 0
    assert outbox.told == [[8]], "known as done: nothing else may edit it"


async def test_each_pass_tells_the_store_once_and_strips_what_is_still_due() -> None:
    client, outbox = Client(), Outbox(due=[(CHANNEL, 3)])
    stripping = strips(client, outbox)
    await stripping.strip_buttons(CHANNEL, 1)
    stripping.note_stripped(2)  # (an acknowledgement took its buttons off)
    assert await stripping.sweep(time.time(), again=False) == 0
    assert outbox.told == [[1, 2]]
    assert await stripping.sweep(time.time()) == 1, "the board a dead process left"
    assert (CHANNEL, 3, {"view": None}) in client.edits
    assert await stripping.sweep(time.time()) == 0, "done, and known to be done"
    assert outbox.told == [[1, 2], [3]]


async def test_boards_the_store_could_not_be_told_of_are_told_next_time() -> None:
    client, outbox = Client(), Outbox(fail=True)
    stripping = strips(client, outbox)
    await stripping.strip_buttons(CHANNEL, 1)
    with pytest.raises(OSError):  # the store's fault reaches the pass
        await stripping.sweep(time.time())
    outbox.fail = False
    await stripping.strip_buttons(CHANNEL, 2)
    await stripping.sweep(time.time(), again=False)
    assert outbox.told == [[1, 2]]
