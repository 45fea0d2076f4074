"""Fixtures for the emulator's own tests: a started, patched fake and a small world."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest

from fakediscord import Channel, FakeDiscord, Guild, User
from fakediscord.pytest_plugin import fake_discord, pytest_configure  # noqa: F401

GENEROUS = {"default": (1000, 1.0), "global": (1000, 1.0)}


@dataclass
class Town:
    guild: Guild
    channel: Channel
    thread: Channel
    alice: User
    bob: User
    mod: User


def build_town(fake: FakeDiscord) -> Town:
    guild = fake.create_guild("Ranch")
    channel = fake.create_text_channel(guild, "general")
    thread = fake.create_thread(channel, "farm-match")
    alice, bob, mod = (fake.create_user(n) for n in ("alice", "bob", "marshal"))
    fake.add_member(guild, alice)
    fake.add_member(guild, bob)
    fake.add_member(guild, mod, manage_channels=True)
    return Town(guild, channel, thread, alice, bob, mod)


@pytest.fixture
async def make_fake() -> AsyncIterator[Callable[..., Any]]:
    """Factory for started fakes; each must end with no violations the test did not take."""
    fakes: list[FakeDiscord] = []

    async def make(**options: Any) -> FakeDiscord:
        options.setdefault("rate_limits", GENEROUS)
        fake = FakeDiscord(**options)
        await fake.start()
        fake.patch_discord()
        fakes.append(fake)
        return fake

    yield make
    for fake in reversed(fakes):
        await fake.close()
    for fake in fakes:
        fake.assert_no_violations()


@pytest.fixture
async def fake(make_fake: Callable[..., Any]) -> FakeDiscord:
    return await make_fake(first_response_deadline=1.0)


@pytest.fixture
def town(fake: FakeDiscord) -> Town:
    return build_town(fake)
