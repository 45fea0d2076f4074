"""The pytest fixture other test suites import."""

from __future__ import annotations

import discord
import pytest

from fakediscord import FakeDiscord

from .conftest import build_town
from .testbot import running_bot


@pytest.mark.fakediscord(first_response_deadline=0.5, rate_limits={"default": (100, 1.0)})
async def test_fixture_is_started_patched_and_configured(fake_discord: FakeDiscord) -> None:
    assert fake_discord.api_base == discord.http.Route.BASE
    assert fake_discord.first_response_deadline == 0.5
    town = build_town(fake_discord)
    async with running_bot(fake_discord):
        rec = await fake_discord.slash(town.alice, town.channel, "farm new")
        assert rec.response is not None
