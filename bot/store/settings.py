"""Settings: the store's own notes (``meta``), each server's and each player's settings (JSON
objects), and the language each player's Discord was last seen in."""

from __future__ import annotations

import json
from collections.abc import Mapping

from bot.store.queries import Queries
from bot.store.rows import JSON


class SettingsQueries(Queries):
    """``store.settings``: notes, server and player settings, players' languages."""

    async def get_meta(self, key: str) -> str | None:
        row = await self.backend.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row["value"])

    async def set_meta(self, key: str, value: str) -> None:
        await self.backend.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    async def _settings(self, table: str, column: str, key: int) -> dict[str, JSON]:
        row = await self.backend.fetchone(
            f"SELECT settings FROM {table} WHERE {column} = ?", (key,)
        )
        if row is None:
            return {}
        value: dict[str, JSON] = json.loads(row["settings"])
        return value

    async def _set_settings(
        self, table: str, column: str, key: int, value: Mapping[str, JSON]
    ) -> None:
        await self.backend.execute(
            f"INSERT INTO {table} ({column}, settings) VALUES (?, ?) "
            f"ON CONFLICT ({column}) DO UPDATE SET settings = excluded.settings",
            (key, json.dumps(value, sort_keys=True)),
        )

    async def guild_settings(self, guild_id: int) -> dict[str, JSON]:
        return await self._settings("guild_settings", "guild_id", guild_id)

    async def set_guild_settings(self, guild_id: int, settings: Mapping[str, JSON]) -> None:
        await self._set_settings("guild_settings", "guild_id", guild_id, settings)

    async def user_settings(self, user_id: int) -> dict[str, JSON]:
        return await self._settings("user_settings", "user_id", user_id)

    async def set_user_settings(self, user_id: int, settings: Mapping[str, JSON]) -> None:
        await self._set_settings("user_settings", "user_id", user_id, settings)

    async def user_locale(self, user_id: int) -> str | None:
        """The language the player's Discord was set to when last seen (None: never seen)."""
        row = await self.backend.fetchone(
            "SELECT locale FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return None if row is None or row["locale"] is None else str(row["locale"])

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        await self.backend.execute(
            "INSERT INTO user_settings (user_id, locale) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
            (user_id, locale),
        )
