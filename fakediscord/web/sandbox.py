"""A ready world for local play: the emulator, one server with a channel and players, the page.

A program (``python -m bot --sandbox``) starts its real bot against ``sandbox.fake`` the way
it would log in to Discord (``fake.patch_discord()`` is already applied, the token is
``fake.bot_token``) and points a browser at ``sandbox.url``.

With ``world=path`` the world is kept in that file: a later sandbox on the same file starts
with the same server, channels, players and messages under the same ids, so a bot that keeps
its own records (matches by channel, boards by message) carries on where it stopped.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..fake import FakeDiscord
from ..models import FakeDiscordError, Violation
from ..persist import WorldFile, WorldFileError
from ..state import Guild
from .page import ChannelPage

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765


class Sandbox:
    """Owns a started, patched ``FakeDiscord`` and the page that shows its server."""

    def __init__(
        self,
        port: int = DEFAULT_PORT,
        *,
        server: str = "Ranch",
        channel: str = "general",
        players: Sequence[str] = ("alice", "bob"),
        world: WorldFile | Path | None = None,
        fresh: bool = False,
        **fake_options: Any,
    ) -> None:
        """``world``: where the world is kept (a path or a ``WorldFile``); ``fresh`` starts a
        new world there even if one is saved."""
        if not players:
            raise ValueError("a sandbox needs at least one player (the server's owner)")
        self.port = port
        self.server_name = server
        self.channel_name = channel
        self.player_names = tuple(players)
        self.world = WorldFile(world) if isinstance(world, str | Path) else world
        self.fresh = fresh
        self.restored = False
        self.fake = FakeDiscord(**fake_options)
        self.page: ChannelPage | None = None
        self.guild: Guild | None = None
        self._unobserve: Any = None

    async def start(self) -> None:
        fake = self.fake
        await fake.start()
        fake.patch_discord()
        guild = self._restore()
        if guild is None:
            owner, *others = (fake.create_user(n) for n in self.player_names)
            guild = fake.create_guild(self.server_name, owner=owner)
            fake.create_text_channel(guild, self.channel_name)
            for user in others:
                fake.add_member(guild, user)
        self.guild = guild
        if self.world is not None:
            self.world.watch(fake)
            if not self.restored:
                await asyncio.to_thread(self.world.save, fake)
        self._unobserve = fake.observe(self._log_violation)
        self.page = ChannelPage(fake, guild)
        try:
            await self.page.start(self.port)
        except OSError:
            await self.close()
            raise

    def _restore(self) -> Guild | None:
        """The saved world's server, or None for a new world."""
        world = self.world
        if world is None or self.fresh or not world.exists():
            return None
        try:
            guilds = world.restore(self.fake)
        except WorldFileError as err:
            aside = world.path.with_name(world.path.name + ".unreadable")
            world.path.replace(aside)
            log.warning("starting a new world: %s (kept as %s)", err, aside)
            return None
        if not guilds:
            return None
        self.restored = True
        guild = guilds[0]
        log.info(
            "kept world: %s with %d channels, %d people and %d messages (%s)",
            guild.name,
            len(guild.channel_ids),
            len(guild.members) - 1,
            len(self.fake.world.messages),
            world.path,
        )
        return guild

    async def close(self) -> None:
        if self.world is not None:
            await self.world.close()
        if self._unobserve is not None:
            self._unobserve()
            self._unobserve = None
        if self.page is not None:
            await self.page.close()
            self.page = None
        await self.fake.close()

    async def __aenter__(self) -> Sandbox:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def url(self) -> str:
        if self.page is None:
            raise FakeDiscordError("the sandbox is not started")
        return self.page.url

    @staticmethod
    def _log_violation(kind: str, subject: Any) -> None:
        if kind == "violation" and isinstance(subject, Violation):
            log.warning("Discord would refuse this: %s", subject)
