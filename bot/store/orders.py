"""The standing orders each player gave, per game (``bot.standing`` says what they are).

A row is an order that is on; turning it off removes the row, and
``forget_user`` removes them all.
"""

from __future__ import annotations

from bot.store.queries import Queries


class OrderQueries(Queries):
    """``store.orders``: each player's standing orders, per game."""

    async def standing_orders(self, user_id: int, game: str) -> frozenset[str]:
        """The keys of the orders ``user_id`` gave in ``game``."""
        rows = await self.backend.fetchall(
            "SELECT name FROM standing_orders WHERE user_id = ? AND game = ?", (user_id, game)
        )
        return frozenset(str(r["name"]) for r in rows)

    async def all_standing_orders(self, user_id: int) -> list[tuple[str, str]]:
        """(game, key) of every order ``user_id`` gave, by game and key."""
        rows = await self.backend.fetchall(
            "SELECT game, name FROM standing_orders WHERE user_id = ? ORDER BY game, name",
            (user_id,),
        )
        return [(str(r["game"]), str(r["name"])) for r in rows]

    async def set_standing_order(
        self, user_id: int, game: str, key: str, on: bool, *, at: float
    ) -> None:
        """Turn ``user_id``'s order ``key`` in ``game`` on or off (either twice is harmless)."""
        if on:
            await self.backend.execute(
                "INSERT INTO standing_orders (user_id, game, name, set_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id, game, name) DO UPDATE SET set_at = excluded.set_at",
                (user_id, game, key, at),
            )
        else:
            await self.backend.execute(
                "DELETE FROM standing_orders WHERE user_id = ? AND game = ? AND name = ?",
                (user_id, game, key),
            )
