"""The tournaments' queries: a tournament's row (settings, sign-up message, its pairing
records as JSON under a revision number), its sign-ups, and two kinds of claim.

Every change of the pairing records is a compare-and-set on ``rev``, so of
two processes pairing the same round only one stores it. Each table's match is opened by the
process that claims the table's row first (a claim left without a match for ``stale`` seconds,
a process that died while opening it, may be taken again); each round's standings are posted by
the process that claims the post.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.store.backend import Tx
from bot.store.queries import Queries
from bot.store.rows import Entrant, TournamentRow, row_of, rows_of

LIVE_TOURNAMENT = ("signup", "running")


class TournamentQueries(Queries):
    """``store.tournaments``: tournaments, sign-ups, tables and round posts."""

    async def create_tournament(self, values: Mapping[str, object]) -> int:
        columns = ", ".join(values)
        marks = ", ".join("?" for _ in values)

        async def body(tx: Tx) -> int:
            row = await tx.fetchone(
                f"INSERT INTO tournaments ({columns}) VALUES ({marks}) RETURNING id",
                tuple(values.values()),
            )
            assert row is not None
            return int(row["id"])

        return int(await self.write(body))

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        row = await self.backend.fetchone(
            "SELECT * FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return None if row is None else row_of(TournamentRow, row)

    async def tournaments_in(self, channel_id: int) -> list[TournamentRow]:
        """This channel's tournaments, newest first."""
        rows = await self.backend.fetchall(
            "SELECT * FROM tournaments WHERE channel_id = ? ORDER BY id DESC LIMIT 25",
            (channel_id,),
        )
        return rows_of(TournamentRow, rows)

    async def live_tournaments(self) -> list[TournamentRow]:
        rows = await self.backend.fetchall(
            "SELECT * FROM tournaments WHERE status IN (?, ?) ORDER BY id", LIVE_TOURNAMENT
        )
        return rows_of(TournamentRow, rows)

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        await self.backend.execute(
            "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
        )

    async def sign_up(
        self, tournament_id: int, user_id: int, name: str, at: float, limit: int
    ) -> str:
        """ "joined", or why not: "closed" (no longer signing up), "already", "full"."""

        async def body(tx: Tx) -> str:
            row = await tx.fetchone("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
            if row is None or row["status"] != "signup":
                return "closed"
            count = await tx.fetchone(
                "SELECT COUNT(*) AS n FROM tournament_players WHERE tournament_id = ?",
                (tournament_id,),
            )
            if count is not None and int(count["n"]) >= limit:
                return "full"
            added = await tx.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, name, joined_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (tournament_id, user_id, name, at),
            )
            return "joined" if added == 1 else "already"

        return str(await self.write(body))

    async def sign_off(self, tournament_id: int, user_id: int) -> str:
        """ "left", or why not: "closed", "absent"."""

        async def body(tx: Tx) -> str:
            row = await tx.fetchone("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
            if row is None or row["status"] != "signup":
                return "closed"
            gone = await tx.execute(
                "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            return "left" if gone == 1 else "absent"

        return str(await self.write(body))

    async def signed_up(self, tournament_id: int) -> list[Entrant]:
        rows = await self.backend.fetchall(
            "SELECT user_id, name FROM tournament_players WHERE tournament_id = ? "
            "ORDER BY joined_at, user_id",
            (tournament_id,),
        )
        return rows_of(Entrant, rows)

    async def save_league(
        self,
        tournament_id: int,
        league: str,
        *,
        rev: int,
        at: float,
        status: str,
        was: tuple[str, ...] = ("running",),
    ) -> bool:
        """Store new pairing records if they are still at ``rev`` (and the tournament in one
        of ``was``): True for the one process whose change it is."""
        marks = ", ".join("?" for _ in was)
        changed = await self.backend.execute(
            "UPDATE tournaments SET league = ?, rev = rev + 1, status = ?, updated_at = ? "
            f"WHERE id = ? AND rev = ? AND status IN ({marks})",
            (league, status, at, tournament_id, rev, *was),
        )
        return changed == 1

    async def claim_table(
        self, tournament_id: int, round_number: int, table: int, at: float, stale: float
    ) -> bool:
        """Claim the opening of a table's match: True for the one process that may open it."""

        async def body(tx: Tx) -> bool:
            added = await tx.execute(
                "INSERT INTO tournament_tables (tournament_id, round, number, claimed_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (tournament_id, round_number, table, at),
            )
            if added == 1:
                return True
            taken = await tx.execute(
                "UPDATE tournament_tables SET claimed_at = ? WHERE tournament_id = ? "
                "AND round = ? AND number = ? AND match_id IS NULL AND claimed_at < ?",
                (at, tournament_id, round_number, table, at - stale),
            )
            return taken == 1

        return bool(await self.write(body))

    async def set_table_match(
        self, tournament_id: int, round_number: int, table: int, match_id: int
    ) -> None:
        await self.backend.execute(
            "UPDATE tournament_tables SET match_id = ? WHERE tournament_id = ? AND round = ? "
            "AND number = ?",
            (match_id, tournament_id, round_number, table),
        )

    async def table_matches(self, tournament_id: int) -> dict[tuple[int, int], int]:
        """Each opened table's match: (round, table) -> match id."""
        rows = await self.backend.fetchall(
            "SELECT round, number, match_id FROM tournament_tables WHERE tournament_id = ? "
            "AND match_id IS NOT NULL",
            (tournament_id,),
        )
        return {(int(r["round"]), int(r["number"])): int(r["match_id"]) for r in rows}

    async def claim_post(self, tournament_id: int, round_number: int, kind: str, at: float) -> bool:
        """Claim a tournament's post (a round's standings): True for the one process to post."""
        added = await self.backend.execute(
            "INSERT INTO tournament_posts (tournament_id, round, kind, posted_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (tournament_id, round_number, kind, at),
        )
        return added == 1

    async def forget_post(self, tournament_id: int, round_number: int, kind: str) -> None:
        """A post that could not be made is claimed again at the next tick."""
        await self.backend.execute(
            "DELETE FROM tournament_posts WHERE tournament_id = ? AND round = ? AND kind = ?",
            (tournament_id, round_number, kind),
        )
