"""The daily digest: who wants one and when, what waits on them everywhere, and the claim that
sends each player's digest of a day once (``digest_sends``: whichever process inserts the row
sends it)."""

from __future__ import annotations

from bot.store.queries import Queries
from bot.store.rows import DigestReader, MatchRow, rows_of


class DigestQueries(Queries):
    """``store.digests``: the daily digest's readers, claims and notices."""

    async def set_digest(self, user_id: int, hour: int | None, since: float) -> None:
        """Turn a player's digest on at ``hour`` (UTC) from ``since``, or off (None); a notice
        owed about it is dropped (the player just chose)."""
        await self.backend.execute(
            "INSERT INTO user_settings (user_id, digest_hour, digest_since) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET digest_hour = excluded.digest_hour, "
            "digest_since = excluded.digest_since, digest_notice = NULL",
            (user_id, hour, since),
        )

    async def digest_of(self, user_id: int) -> int | None:
        """The hour (UTC) of a player's digest; None when it is off."""
        row = await self.backend.fetchone(
            "SELECT digest_hour FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return None if row is None or row["digest_hour"] is None else int(row["digest_hour"])

    async def digest_readers(self) -> list[DigestReader]:
        """Every player with the digest on: user_id, digest_hour, digest_since, settings,
        and last_day (the latest day whose digest was claimed)."""
        rows = await self.backend.fetchall(
            "SELECT u.user_id, u.digest_hour, u.digest_since, u.settings, "
            "(SELECT MAX(d.day) FROM digest_sends d WHERE d.user_id = u.user_id) AS last_day "
            "FROM user_settings u WHERE u.digest_hour IS NOT NULL ORDER BY u.user_id"
        )
        return rows_of(DigestReader, rows)

    async def claim_digest(self, user_id: int, day: str, at: float) -> bool:
        """Claim the player's digest of ``day``; True for the one caller that may send it."""
        added = await self.backend.execute(
            "INSERT INTO digest_sends (user_id, day, sent_at) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (user_id, day, at),
        )
        return added == 1

    async def digest_sent(self, user_id: int, day: str, outcome: str) -> None:
        await self.backend.execute(
            "UPDATE digest_sends SET outcome = ? WHERE user_id = ? AND day = ?",
            (outcome, user_id, day),
        )

    async def digest_refused(self, user_id: int, notice: str) -> None:
        """Discord refused the digest: it is turned off and ``notice`` is owed to the player."""
        await self.backend.execute(
            "UPDATE user_settings SET digest_hour = NULL, digest_notice = ? WHERE user_id = ?",
            (notice, user_id),
        )

    async def take_digest_notice(self, user_id: int) -> str | None:
        """The notice owed to a player, taken (once, whichever process asks first): a plain
        read when none is owed (every command asks), the clearing update decides who takes it."""
        row = await self.backend.fetchone(
            "SELECT digest_notice FROM user_settings WHERE user_id = ? "
            "AND digest_notice IS NOT NULL",
            (user_id,),
        )
        if row is None:
            return None
        taken = await self.backend.execute(
            "UPDATE user_settings SET digest_notice = NULL WHERE user_id = ? "
            "AND digest_notice IS NOT NULL",
            (user_id,),
        )
        return str(row["digest_notice"]) if taken == 1 else None

    async def live_matches_everywhere(self, user_id: int) -> list[MatchRow]:
        """Every live match in a server that seats the player (any server)."""
        rows = await self.backend.fetchall(
            "SELECT m.* FROM matches m JOIN seats s ON s.match_id = m.id "
            "WHERE s.user_id = ? AND m.status IN ('lobby', 'active') AND m.guild_id IS NOT NULL",
            (user_id,),
        )
        return rows_of(MatchRow, rows)
