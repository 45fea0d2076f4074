"""Interaction tokens look like Discord's: a client sends them in URLs as they are."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from .conftest import build_town
from .testbot import running_bot


async def test_an_interaction_token_is_url_safe_base64_of_its_id(
    make_fake: Callable[..., Any],
) -> None:
    fake = await make_fake()
    town = build_town(fake)
    async with running_bot(fake):
        first = await fake.slash(town.alice, town.channel, "farm new")
        second = await fake.slash(town.bob, town.channel, "render")
    for record in (first, second):
        token = record.token
        assert quote(token, safe="") == token  # nothing to escape in a URL
        decoded = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
        kind, iid, secret = decoded.split(":")
        assert (kind, int(iid)) == ("interaction", record.id)
        assert len(secret) >= 32
    assert first.token != second.token
