"""The daily digest: one DM a day listing every match waiting on a player, in every server the
bot shares with them, and the same list for ``/game mine all:True``.

A player turns it on for an hour (UTC); their quiet hours (``/game notify``) move it to the end
of the quiet hours. The turn clock's tick calls ``Digests.send_due``: a player's digest of a
day is claimed (``Store.claim_digest``) before it is sent, so two processes sharing a database
never both send it, and a restart never sends it again. Nothing is sent when nothing waits. If
Discord refuses the DM (closed DMs, 50007), the digest turns itself off and the player is told
privately after their next command (``Digests.owed_notice``).
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING

import discord

import words
from bot.clock import DAY, HOUR, NotifyPrefs, hours_text
from bot.matches import Match
from bot.texts import board_link, escape, game_title, stamp
from words import domain

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

NO_PINGS = discord.AllowedMentions.none()
#: matches listed in one digest (a DM holds 2000 characters)
LISTED = 12
CLOSED_DMS = 50007
REFUSED = "refused"


def due_day(hour: int, since: float, prefs: NotifyPrefs, now: float) -> str | None:
    """The day (``YYYY-MM-DD``, UTC) whose digest is due by ``now``, if any: the latest day
    whose hour came after ``since`` and whose send time (moved past quiet hours) has come."""
    today = int(now // DAY)
    for day in (today, today - 1):
        at = day * DAY + hour * HOUR
        if at >= since and prefs.quiet_until(at) <= now:
            return time.strftime("%Y-%m-%d", time.gmtime(day * DAY))
    return None


class Digests:
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def waiting(self, user_id: int) -> list[tuple[Match, int]]:
        """What waits on the player in every server the bot is still in, oldest wait first."""
        found = await self.bot.service.waiting_everywhere(user_id)
        return [(m, s) for m, s in found if self.bot.get_guild(m.guild_id or 0) is not None]

    async def lines(self, waiting: list[tuple[Match, int]], now: float) -> list[str]:
        """A line per match: its game, server, what waits, its deadline, a link to its board."""
        out = []
        for match, seat in waiting:
            ref = await self.bot.service.latest_board_ref(match.id)
            line = entry(match, seat, self._server(match), now)
            if ref:
                line += " · " + _("[board]({link})").format(link=board_link(match.guild_id, *ref))
            out.append(line)
        return out

    def _server(self, match: Match) -> str:
        guild = self.bot.get_guild(match.guild_id or 0)
        return escape(guild.name) if guild is not None else "?"

    async def send_due(self, now: float) -> int:
        """Send every digest due by ``now`` that no process has claimed; how many were sent."""
        sent = 0
        for row in await self.bot.store.digests.digest_readers():
            user_id = int(row.user_id)
            prefs = NotifyPrefs.from_mapping(json.loads(row.settings or "{}"))
            day = due_day(int(row.digest_hour), float(row.digest_since or 0), prefs, now)
            if day is None or (row.last_day or "") >= day:
                continue
            if await self.bot.store.digests.claim_digest(user_id, day, now):
                outcome = await self._send(user_id, now)
                await self.bot.store.digests.digest_sent(user_id, day, outcome)
                sent += outcome == "sent"
        return sent

    async def _send(self, user_id: int, now: float) -> str:
        waiting = await self.waiting(user_id)
        if not waiting:
            return "empty"
        with words.use(await self.bot.readers.of(user_id)):  # the player's language
            text = digest_text(await self.lines(waiting, now))
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            await channel.send(text, allowed_mentions=NO_PINGS)
        except discord.Forbidden as err:
            if err.code != CLOSED_DMS:
                log.info("digest for user %s refused: %s", user_id, err.code)
                return "failed"
            await self.bot.store.digests.digest_refused(user_id, REFUSED)
            return REFUSED
        except discord.HTTPException as err:
            log.info("digest for user %s not sent: %s", user_id, err.status)
            return "failed"
        return "sent"

    async def owed_notice(self, user_id: int) -> str | None:
        """What the player must be told (once): their digest turned itself off."""
        if await self.bot.store.digests.take_digest_notice(user_id) is None:
            return None
        return _(
            "📭 Your daily digest is off: Discord would not let me send it to you (your direct "
            "messages are closed). Open them and use `/game digest turn:on` to have it again."
        )


def entry(match: Match, seat: int, server: str, now: float) -> str:
    """One match waiting on the player: game, server, what waits, and its deadline."""
    fields = {"game": game_title(match), "server": server}
    if match.status == "lobby":
        return _("• **{game}** on **{server}**: your lobby is ready to start").format(**fields)
    waited = hours_text(now - (match.turn_started_at or now))
    line = _("• **{game}** on **{server}**: your move (waiting {time})").format(
        time=waited, **fields
    )
    if match.paused and match.paused_until is not None:
        return line + " · " + _("⏸️ paused until {time}").format(time=stamp(match.paused_until, "f"))
    if match.deadline_at is not None:
        return line + " · " + _("deadline {time}").format(time=stamp(match.deadline_at, "f"))
    return line + " · " + _("no deadline")


def digest_text(lines: list[str]) -> str:
    """The digest's DM: a heading, a line per match (the first ``LISTED``), and how many more."""
    head = ngettext(
        "📬 Your daily digest: {count} match is waiting on you.",
        "📬 Your daily digest: {count} matches are waiting on you.",
        len(lines),
    ).format(count=len(lines))
    shown = lines[:LISTED]
    more = len(lines) - len(shown)
    tail = [_("…and {count} more: `/game mine all:True`").format(count=more)] if more else []
    return "\n".join([head, *shown, *tail])[:2000]
