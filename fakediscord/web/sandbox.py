"""A ready world for local play: the emulator, one server with a channel and players, the page.

A program (``python -m bot --sandbox``) starts its real bot against ``sandbox.fake`` the way
it would log in to Discord (``fake.patch_discord()`` is already applied, the token is
``fake.bot_token``) and points a browser at ``sandbox.url``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from ..fake import FakeDiscord
from ..models import FakeDiscordError, Violation
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
        **fake_options: Any,
    ) -> None:
        if not players:
            raise ValueError("a sandbox needs at least one player (the server's owner)")
        self.port = port
        self.server_name = server
        self.channel_name = channel
        self.player_names = tuple(players)
        self.fake = FakeDiscord(**fake_options)
        self.page: ChannelPage | None = None
        self.guild: Guild | None = None
        self._unobserve: Any = None

    async def start(self) -> None:
        fake = self.fake
        await fake.start()
        fake.patch_discord()
        owner, *others = (fake.create_user(n) for n in self.player_names)
        guild = fake.create_guild(self.server_name, owner=owner)
        fake.create_text_channel(guild, self.channel_name)
        for user in others:
            fake.add_member(guild, user)
        self.guild = guild
        self._unobserve = fake.observe(self._log_violation)
        self.page = ChannelPage(fake, guild)
        try:
            await self.page.start(self.port)
        except OSError:
            await self.close()
            raise

    async def close(self) -> None:
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
