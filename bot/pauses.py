"""Pauses of a match's turn clock: a player's ``/game pause`` and ``/game resume``, a pause
ending by itself, and the bot's own pause of a match whose channel it cannot post in
(``block``), lifted once it can again. Held by ``bot.turns.TurnClock``, with the texts
everyone is told.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

import discord

from bot.clock import HOUR, PAUSE_ALLOWANCE, hours_text, resumed_turn_start
from bot.matches import Match, Refusal
from bot.table import (
    BLOCKED,
    BLOCKED_RETRY,
    PING_USERS,
    CannotPost,
    escape,
    everyone,
    mention,
    stamp,
)
from words import domain
from words.catalogue import set_locale

if TYPE_CHECKING:
    from bot.host import Host
    from bot.matches import MatchService
    from bot.turn_records import TurnRecords

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()


class ClockSide(Protocol):
    """What pausing uses of the turn clock (``bot.turns.TurnClock``): the services, the time,
    and recording, rescheduling and posting for a match."""

    bot: Host

    @property
    def service(self) -> MatchService: ...

    @property
    def records(self) -> TurnRecords: ...

    def now(self) -> float: ...

    async def reschedule(self, match_id: int) -> None: ...

    async def record(
        self,
        match: Match,
        ply: int,
        kind: str,
        n: int,
        seat: int | None,
        due: float,
        outcome: str,
    ) -> bool: ...

    async def send(self, match: Match, content: str, mentions: discord.AllowedMentions) -> bool: ...


class Pauses:
    """Pausing and resuming a match's clock; held by the turn clock."""

    def __init__(self, clock: ClockSide) -> None:
        self.clock = clock
        self.bot = clock.bot

    @property
    def service(self) -> MatchService:
        return self.clock.service

    @property
    def records(self) -> TurnRecords:
        return self.clock.records

    def now(self) -> float:
        return self.clock.now()

    async def pause(self, match_id: int, user_id: int, hours: int | None) -> Match:
        """Stop a match's clock: a seated player, within 7 days in total per player."""
        async with self.service.lock(match_id):
            match = await self.service.get(match_id)
            if match.status != "active":
                raise Refusal(_("Only a match in play can be paused."))
            seat = match.seat_of(user_id)
            if seat is None or match.seats[seat].left_at is not None:
                raise Refusal(_("Only the players of this match can pause it."))
            if match.paused and match.paused_by == BLOCKED:
                raise Refusal(
                    _(
                        "The clock is paused already: I cannot post in this channel by myself "
                        "(`/game status` says why)."
                    )
                )
            if match.paused:
                assert match.paused_until is not None
                raise Refusal(
                    _(
                        "The clock is already paused until {time}; `/game resume` starts it again."
                    ).format(time=stamp(match.paused_until, "f"))
                )
            left = PAUSE_ALLOWANCE - match.seats[seat].pause_used
            if left < 60:
                raise Refusal(_("You have used all 7 days of pause in this match."))
            length = left if hours is None else min(left, hours * HOUR)
            now = self.now()
            if not await self.records.pause(match_id, now, now + length, user_id):
                raise Refusal(_("The clock is already paused, or the match has ended."))
            return await self.service.get(match_id)

    async def resume(self, match_id: int, *, at: float | None = None) -> tuple[Match, float]:
        """Start a paused clock again; returns the match and the seconds it was paused.

        The time is charged to the player who paused; the turn's start moves on by the time
        the clock stood still."""
        async with self.service.lock(match_id):
            match = await self.service.get(match_id)
            if match.paused_at is None:
                raise Refusal(_("The clock of this match is not paused."))
            end = self.now() if at is None else at
            end = min(max(end, match.paused_at), match.paused_until or end)
            paused = end - match.paused_at
            start = match.turn_started_at
            if start is not None:
                start = resumed_turn_start(start, match.paused_at, end)
            if not await self.records.resume(
                match_id,
                turn_started_at=start,
                paused=paused,
                by=match.paused_by,
                allowance=PAUSE_ALLOWANCE,
            ):
                raise Refusal(_("The clock of this match is not paused."))
            await self.clock.reschedule(match_id)
            return await self.service.get(match_id), paused

    async def auto_resume(self, match_id: int, now: float) -> bool:
        """A pause that ran out ends (the clock's tick); whether it did."""
        match = await self.service.get(match_id)
        set_locale(match.language)  # (the clock's own task) the channel is told
        until = match.paused_until
        if until is None or until > now:
            return False
        blocked = match.paused_by == BLOCKED
        if blocked:
            try:
                await self.bot.table.postable(match.channel_id)
            except (CannotPost, discord.HTTPException) as err:
                # still no way to post there: stay stopped, look again in a few hours
                match, __ = await self.resume(match_id, at=now)
                await self.block(match, str(err), announce=False)
                return False
        try:
            match, paused = await self.resume(match_id, at=until)
        except Refusal:
            return False  # resumed by hand meanwhile
        await self.clock.record(match, match.ply, "resume", int(until), None, until, "auto")
        text = resume_text(match, paused, by=None, blocked=blocked)
        await self.clock.send(match, text, PING_USERS)
        return True

    async def block(self, match: Match, reason: str, *, announce: bool = True) -> bool:
        """Stop the clock of a match whose channel the bot cannot post in (a pause by the
        bot, stored, so the clock neither fires a deadline on a player it could not remind
        nor tries the channel every minute); it looks again every few hours, and a player's
        action there resumes it once the bot can post. False if it was stopped already."""
        if match.status != "active" or match.paused:
            return False
        now = self.now()
        if not await self.records.pause(match.id, now, now + BLOCKED_RETRY, BLOCKED):
            return False
        log.warning(
            "match %s: cannot post in channel %s (%s); clock paused",
            match.id,
            match.channel_id,
            reason,
        )
        if announce and match.parent_id is not None:
            await self._tell_parent(match, reason)
        return True

    async def unblock(self, match: Match) -> bool:
        """Start again a clock the bot stopped itself; False if it was not stopped so (as the
        match stood when it was loaded for the action that asks)."""
        if match.paused_by != BLOCKED or match.paused_at is None:
            return False
        try:
            await self.resume(match.id)
        except Refusal:
            return False
        return True

    async def _tell_parent(self, match: Match, reason: str) -> None:
        """A match thread the bot cannot post in (locked, say): tell its players in the
        channel the thread belongs to, if the bot may post there."""
        assert match.parent_id is not None
        text = _(
            "⚠️ {players}: I cannot post in the {game} thread <#{thread}> ({reason}), so its "
            "turn clock is paused: no reminders, no deadlines. A moderator can fix that (or end "
            "the match with `/{key} abandon` in the thread)."
        ).format(
            players=everyone(match),
            game=match.rules.narrator.text(match.rules.title),
            thread=match.channel_id,
            reason=reason,
            key=match.game,
        )
        try:
            channel = await self.bot.table.postable(match.parent_id)
            await channel.send(text, allowed_mentions=PING_USERS)
        except (CannotPost, discord.HTTPException) as err:
            log.info("match %s: could not tell the parent channel either: %s", match.id, err)


def resume_text(match: Match, paused: float, *, by: str | None, blocked: bool = False) -> str:
    """What everyone is told when the clock runs again: started by ``by`` (a name), by the
    bot once it can post again (``blocked``), or at the pause's end."""
    fields = {"name": by, "time": hours_text(paused), "players": everyone(match)}
    if by:
        text = _("▶️ {name} started the clock again after {time}. {players}").format(**fields)
    elif blocked:
        text = _(
            "▶️ I can post here again, so I started the clock again after {time}. {players}"
        ).format(**fields)
    else:
        text = _("▶️ The pause is over: the clock runs again after {time}. {players}").format(
            **fields
        )
    acting = match.to_act()
    if acting:
        waiting = {"player": mention(match, acting[0])}
        if match.deadline_at is not None:
            line = _("Waiting on {player}; deadline {time}.").format(
                time=stamp(match.deadline_at), **waiting
            )
        else:
            line = _("Waiting on {player}.").format(**waiting)
        text += f"\n{line}"
    return text


def pause_text(match: Match, name: str) -> str:
    """What everyone is told when a player pauses the clock."""
    assert match.paused_until is not None and match.paused_at is not None
    who = everyone(match)
    seat = next(s for s in match.seats if s.user_id == match.paused_by)
    left = PAUSE_ALLOWANCE - seat.pause_used - (match.paused_until - match.paused_at)
    return _(
        "⏸️ {name} paused the clock of this {game} match until {until} ({relative}). {players}\n"
        "No reminders or deadlines until then; moves are still welcome. It resumes by itself, "
        "or with `/game resume`. ({player} has {left} of pause left in this match.)"
    ).format(
        name=name,
        game=match.rules.narrator.text(match.rules.title),
        until=stamp(match.paused_until, "f"),
        relative=stamp(match.paused_until),
        players=who,
        player=escape(seat.name),
        left=hours_text(max(0.0, left)),
    )
