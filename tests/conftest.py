"""Shared fixtures: the Discord emulator, a small server with players, the running bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fakediscord import FakeDiscord
from tests.pg_fixtures import pg_server, pg_url, store_url  # noqa: F401 (fixtures)

#: generous buckets keep whole games fast; the bucket mechanics are tested in tests/fakediscord
FAST_RATE_LIMITS = {"default": (1000, 1.0)}


@dataclass
class World:
    guild: Any
    channel: Any
    other_channel: Any
    alice: Any
    bob: Any
    carol: Any
    mod: Any


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    emulator = FakeDiscord(rate_limits=FAST_RATE_LIMITS)
    await emulator.start()
    undo = emulator.patch_discord()
    try:
        yield emulator
    finally:
        undo()
        await emulator.close()
    emulator.assert_no_violations()


@pytest.fixture
def world(fake: FakeDiscord) -> World:
    guild = fake.create_guild("Ranch")
    channel = fake.create_text_channel(guild, "farmyard")
    other = fake.create_text_channel(guild, "back-forty")
    users = {}
    for name in ("alice", "bob", "carol"):
        users[name] = fake.create_user(name)
        fake.add_member(guild, users[name])
    mod = fake.create_user("marshal")
    fake.add_member(guild, mod, manage_channels=True)
    return World(guild, channel, other, users["alice"], users["bob"], users["carol"], mod)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "ranchhand.sqlite3"
