"""Shared fixtures: the Discord emulator, a small server with players, the running bot."""

from __future__ import annotations

import compileall
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fakediscord import FakeDiscord
from tests.pg_fixtures import pg_server, pg_url, store_url  # noqa: F401 (fixtures)

TESTS = Path(__file__).resolve().parent
#: the fixtures that start a headless browser (tests/sandbox)
BROWSER_FIXTURES = {"driver"}


#: the project's packages, compiled once before the parallel workers start
PACKAGES = ("bot", "cogs", "games", "render", "words", "fakediscord", "ranchtest", "tests")


def pytest_configure(config: pytest.Config) -> None:
    """Compile the project once, in parallel, before the workers start (``compileall`` skips
    what is up to date): on a fresh checkout every worker would otherwise compile the same
    modules at once."""
    if hasattr(config, "workerinput") or getattr(config.option, "numprocesses", None) in (None, 0):
        return
    for package in PACKAGES:
        compileall.compile_dir(TESTS.parent / package, quiet=1, workers=0)


@pytest.hookimpl(tryfirst=True)  # before xdist names each test by its group
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Markers by where a test lives and what it uses, so a run can pick (``-m "not e2e"``):
    ``e2e`` the real bot on the emulator (tests/e2e), ``browser`` headless Chromium,
    ``postgres`` a PostgreSQL server.

    For parallel runs (``--dist loadgroup``): the tests of a module that share a module-wide
    fixture (an installed wheel, a sandbox process, a browser) stay on one worker, so it is
    set up once; and they run first, so that no long group is the last thing left."""
    for item in items:
        path = Path(str(item.path)).resolve()
        names = set(getattr(item, "fixturenames", ()))
        if TESTS / "e2e" in path.parents:
            item.add_marker(pytest.mark.e2e)
        if names & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        callspec = getattr(item, "callspec", None)
        backend = callspec.params.get("store_url") if callspec is not None else None
        if {"pg_server", "pg_url"} & names or backend == "postgresql":
            item.add_marker(pytest.mark.postgres)
        if shares_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(str(path.relative_to(TESTS))))
    items.sort(key=lambda item: item.get_closest_marker("xdist_group") is None)


def shares_module_fixture(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        defs and defs[-1].scope in ("module", "package", "class")
        for defs in info.name2fixturedefs.values()
    )


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
