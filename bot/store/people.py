"""What is stored about a person or a server, and forgetting it.

``forget_user`` removes a person's settings (standing orders too) and
ratings and, in every match that has ended, puts a stand-in for their name and id (the seat, its
moves, the state's player names and the result), so finished boards can still be drawn and
read; matches still being played keep them until they end. ``forget_guild`` removes everything
of a server.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from bot.store.backend import Row, Tx
from bot.store.queries import Queries

#: ``(game, stored state, seat, name) -> stored state`` with that seat's name replaced
Renamer = Callable[[str, str, int, str], str]


def stand_in_id(seat: int) -> int:
    """The stand-in id of a forgotten seat: negative, so it is never a Discord id, and
    distinct per seat, so two forgotten players of one match stay two seats."""
    return -(seat + 1)


@dataclass(frozen=True)
class Held:
    """What the store holds about one person (counts, for ``/game privacy``)."""

    matches: int
    live: int
    ratings: int
    has_settings: bool


@dataclass(frozen=True)
class Forgotten:
    """What ``forget_user`` changed: ended matches renamed, ratings removed, and the live
    matches left as they are until they end."""

    matches: int
    ratings: int
    live: int


class PeopleQueries(Queries):
    """``store.people``: what is held about a person, and forgetting a person or a server."""

    async def held_about(self, user_id: int) -> Held:
        seats = await self.backend.fetchall(
            "SELECT m.status AS status, COUNT(*) AS n FROM seats s "
            "JOIN matches m ON m.id = s.match_id WHERE s.user_id = ? GROUP BY m.status",
            (user_id,),
        )
        by_status = {r["status"]: int(r["n"]) for r in seats}
        ratings = await self.backend.fetchone(
            "SELECT COUNT(*) AS n FROM ratings WHERE user_id = ?", (user_id,)
        )
        settings = await self.backend.fetchone(
            "SELECT 1 AS one FROM user_settings WHERE user_id = ? UNION ALL "
            "SELECT 1 AS one FROM standing_orders WHERE user_id = ?",
            (user_id, user_id),
        )
        return Held(
            matches=sum(by_status.values()),
            live=by_status.get("lobby", 0) + by_status.get("active", 0),
            ratings=int(ratings["n"]) if ratings else 0,
            has_settings=settings is not None,
        )

    async def forget_user(
        self, user_id: int, stand_in: Callable[[int], str], rename: Renamer
    ) -> Forgotten:
        """Forget ``user_id`` in one transaction; ``stand_in(seat)`` names a forgotten seat,
        ``rename(game, state, seat, name)`` gives a stored state with that seat renamed."""

        async def body(tx: Tx) -> Forgotten:
            ended = await tx.fetchall(
                "SELECT m.id AS match_id, m.game AS game, m.state AS state, m.host_id AS host_id, "
                "s.seat AS seat FROM seats s JOIN matches m ON m.id = s.match_id "
                "WHERE s.user_id = ? AND m.status IN ('finished', 'abandoned')",
                (user_id,),
            )
            for row in ended:
                await _rename_seat(tx, row, user_id, stand_in(int(row["seat"])), rename)
            live = await tx.fetchone(
                "SELECT COUNT(*) AS n FROM seats s JOIN matches m ON m.id = s.match_id "
                "WHERE s.user_id = ? AND m.status IN ('lobby', 'active')",
                (user_id,),
            )
            ratings = await tx.execute("DELETE FROM ratings WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM season_ratings WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM digest_sends WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM standing_orders WHERE user_id = ?", (user_id,))
            return Forgotten(len(ended), ratings, int(live["n"]) if live else 0)

        return await self.write(body)

    async def forget_guild(self, guild_id: int) -> int:
        """Remove a server's matches (with their seats, moves and boards), results, ratings
        and settings; the number of matches removed."""

        async def body(tx: Tx) -> int:
            ids = [
                int(r["id"])
                for r in await tx.fetchall("SELECT id FROM matches WHERE guild_id = ?", (guild_id,))
            ]
            for table in (
                "seats",
                "actions",
                "board_messages",
                "outbox",
                "clock_events",
                "analyses",
            ):
                await tx.execute(
                    f"DELETE FROM {table} WHERE match_id IN "
                    "(SELECT id FROM matches WHERE guild_id = ?)",
                    (guild_id,),
                )
            await tx.execute("DELETE FROM results WHERE guild_id = ?", (guild_id,))
            await tx.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            await tx.execute(
                "DELETE FROM season_ratings WHERE season_id IN "
                "(SELECT id FROM seasons WHERE guild_id = ?)",
                (guild_id,),
            )
            await tx.execute("DELETE FROM seasons WHERE guild_id = ?", (guild_id,))
            await tx.execute("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
            await tx.execute("DELETE FROM matches WHERE guild_id = ?", (guild_id,))
            return len(ids)

        return await self.write(body)


async def _rename_seat(tx: Tx, row: Row, user_id: int, name: str, rename: Renamer) -> None:
    """One ended match's seat: its name and id replaced wherever the match keeps them."""
    match_id, seat = int(row["match_id"]), int(row["seat"])
    stand = stand_in_id(seat)
    await tx.execute(
        "UPDATE seats SET name = ?, user_id = ? WHERE match_id = ? AND seat = ?",
        (name, stand, match_id, seat),
    )
    await tx.execute(
        "UPDATE actions SET user_id = ? WHERE match_id = ? AND user_id = ?",
        (stand, match_id, user_id),
    )
    if int(row["host_id"]) == user_id:
        await tx.execute("UPDATE matches SET host_id = ? WHERE id = ?", (stand, match_id))
    await tx.execute(
        "UPDATE matches SET paused_by = NULL WHERE id = ? AND paused_by = ?", (match_id, user_id)
    )
    if row["state"]:
        state = rename(str(row["game"]), str(row["state"]), seat, name)
        await tx.execute("UPDATE matches SET state = ? WHERE id = ?", (state, match_id))
    result = await tx.fetchone("SELECT summary FROM results WHERE match_id = ?", (match_id,))
    if result is not None:
        summary = json.loads(result["summary"] or "{}")
        for entry in summary.get("seats", []):
            if entry.get("seat") == seat:
                entry.update(user_id=stand, name=name)
        await tx.execute(
            "UPDATE results SET summary = ? WHERE match_id = ?",
            (json.dumps(summary, sort_keys=True), match_id),
        )
    await _rename_in_report(tx, match_id, seat, name)


async def _rename_in_report(tx: Tx, match_id: int, seat: int, name: str) -> None:
    """The seat's name in the match's stored post-game report, if it has one."""
    row = await tx.fetchone("SELECT report FROM analyses WHERE match_id = ?", (match_id,))
    if row is None or not row["report"]:
        return
    report = json.loads(row["report"])
    names = report.get("names", [])
    if 0 <= seat < len(names):
        names[seat] = name
        await tx.execute(
            "UPDATE analyses SET report = ? WHERE match_id = ?",
            (json.dumps(report, sort_keys=True), match_id),
        )
