"""pytest fixture for tests that run a bot against the emulator.

Use it from a conftest (``from fakediscord.pytest_plugin import fake_discord``) or load it as
a plugin (``pytest -p fakediscord.pytest_plugin``). Options for ``FakeDiscord`` can be given
per test with ``@pytest.mark.fakediscord(first_response_deadline=0.2, ...)``. The fixture
yields a started fake with discord.py pointed at it, and on teardown fails the test if the
bot broke any Discord rule that the test did not take with ``fake.take_violations()``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from .fake import FakeDiscord


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "fakediscord(**options): keyword arguments for the fake_discord fixture"
    )


@pytest_asyncio.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """A started, patched ``FakeDiscord``; asserts no violations on teardown."""
    marker = request.node.get_closest_marker("fakediscord")
    options: dict[str, Any] = dict(marker.kwargs) if marker is not None else {}
    fake = FakeDiscord(**options)
    await fake.start()
    fake.patch_discord()
    try:
        yield fake
    finally:
        await fake.close()
    fake.assert_no_violations()
