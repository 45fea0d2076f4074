"""The turn clock: reminders, deadlines, pauses and lobby expiry, from stored timestamps.

Nothing here sleeps until something is due. ``TurnClock.tick`` reads what has fallen due from
the database (a turn's start, the match's clock settings, pauses, lobbies) and acts on it: a
reminder mentioning the player (and a DM for those who asked), the deadline's consequence
through the match service, the end of a pause, the close of a lobby nobody started. A
``discord.ext.tasks`` loop ticks once at start (catching up on whatever fell due while the bot
was down, in the order it fell due) and then every minute. Every reminder and deadline is
recorded in ``clock_events`` under (match, ply, kind, n) before it is acted on, so nothing
ever fires twice, even across restarts. Pausing and resuming a match's clock is
``bot.pauses.Pauses``, an object ``TurnClock`` holds.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord.ext import tasks

import words
from bot import standing
from bot.casual import DM_REFUSED
from bot.clock import (
    HOUR,
    REMINDERS,
    ClockSettings,
    NotifyPrefs,
    hours_text,
    reminder_due,
    reminders_due,
)
from bot.computers import easy_action
from bot.digest import Digests
from bot.matches import Match, MoveResult, Refusal
from bot.pauses import Pauses
from bot.pipeline import if_moved, unless_casual
from bot.request import MoveRequest
from bot.store import StorageError
from bot.table import (
    PING_USERS,
    CannotPost,
    escape,
    mention,
    stamp,
)
from bot.texts import board_link
from games.base import GameError
from words import domain
from words.catalogue import set_locale

if TYPE_CHECKING:
    from bot.host import Host
    from bot.matches import MatchService
    from bot.turn_records import TurnRecords

log = logging.getLogger(__name__)

#: Discord's "Cannot send messages to this user"
DM_CLOSED = 50007
_, ngettext, N_ = domain("bot").functions()

#: a skipped turn that is a chain of moves (roll, then stack...) is played to its end
MAX_DEFAULT_MOVES = 60
#: catch-up passes per tick (a resumed pause can make a deadline due at once)
PASSES = 4
NO_PINGS = discord.AllowedMentions.none()
#: records of boards without buttons are forgotten after this long (seconds), once an hour
BOARD_MEMORY = 7 * 24 * 3600.0


@dataclass(frozen=True, order=True)
class Due:
    """One piece of due work: sorted by when it fell due, then by match."""

    at: float
    match_id: int
    kind: str  # "turn", "resume" or "lobby"


class TurnClock:
    def __init__(self, bot: Host, *, interval: float = 60.0) -> None:
        self.bot = bot
        self._lock = asyncio.Lock()
        self._forgot_at: float | None = None
        self.digests = Digests(bot)
        #: pausing and resuming a match's clock (``bot.pauses``)
        self.pauses = Pauses(self)
        self.loop = tasks.loop(seconds=interval)(self._run)
        self.loop.before_loop(self.bot.wait_until_ready)

    @property
    def service(self) -> MatchService:
        return self.bot.service

    @property
    def records(self) -> TurnRecords:
        """What the clock keeps of each match (``bot.turn_records``)."""
        return self.service.turns

    def now(self) -> float:
        return self.bot.clock()

    # Pauses (``bot.pauses``), as the rest of the bot asks for them ----------------------------

    async def pause(self, match_id: int, user_id: int, hours: int | None) -> Match:
        return await self.pauses.pause(match_id, user_id, hours)

    async def resume(self, match_id: int, *, at: float | None = None) -> tuple[Match, float]:
        return await self.pauses.resume(match_id, at=at)

    async def block(self, match: Match, reason: str, *, announce: bool = True) -> bool:
        return await self.pauses.block(match, reason, announce=announce)

    async def unblock(self, match: Match) -> bool:
        return await self.pauses.unblock(match)

    def start(self) -> None:
        self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()

    async def finish(self, deadline: float) -> None:
        """Start no new tick; let a tick under way finish (it stops between matches once the
        bot is stopping) until ``deadline`` (``time.monotonic()``), else cancel it."""
        self.loop.stop()
        wait = max(0.0, deadline - time.monotonic())
        try:
            await asyncio.wait_for(self._lock.acquire(), wait)
        except TimeoutError:
            self.loop.cancel()
            return
        self._lock.release()
        self.loop.cancel()

    async def _run(self) -> None:
        try:
            await self.tick()
        except StorageError as err:  # a fault of the database, not a bug: the next tick tries
            log.warning("turn clock tick skipped: %s", err)
        except Exception:
            log.exception("turn clock tick failed")

    # The tick ------------------------------------------------------------------------------

    async def tick(self) -> int:
        """Act on everything due by now, oldest first; returns how many things were done."""
        handlers: dict[str, Callable[[int, float], Awaitable[bool]]] = {
            "turn": self._turn,
            "resume": self.pauses.auto_resume,
            "lobby": self._expire_lobby,
        }
        async with self._lock:
            await self._forget_old_boards()
            await self._send_digests()
            done = 0
            for __ in range(PASSES):
                now = self.now()
                acted = 0
                for item in sorted(await self._due(now)):
                    if getattr(self.bot, "stopping", False):
                        return done + acted
                    handler = handlers[item.kind]
                    try:
                        # in a task of its own: the language a handler sets (the match's)
                        # stays with that match
                        acted += await asyncio.ensure_future(handler(item.match_id, now))
                        await self.reschedule(item.match_id)
                    except StorageError as err:  # still due: the next tick tries again
                        log.warning(
                            "turn clock: %s for match %s put off: %s", item.kind, item.match_id, err
                        )
                    except Exception:
                        log.exception(
                            "turn clock: %s for match %s failed", item.kind, item.match_id
                        )
                done += acted
                if not acted:
                    break
            return done + await self._tournaments()

    async def _tournaments(self) -> int:
        """Tournaments move on after the matches: a round whose last match just ended is
        taken up in the same tick."""
        tournaments = getattr(self.bot, "tournaments", None)
        if tournaments is None or getattr(self.bot, "stopping", False):
            return 0
        return int(await tournaments.tick())

    async def _forget_old_boards(self) -> None:
        now = self.now()
        if self._forgot_at is not None and now - self._forgot_at < HOUR:
            return
        try:
            await self.records.forget_old_boards(now - BOARD_MEMORY)
        except StorageError as err:  # tried again at the next tick
            log.warning("turn clock: old board records not forgotten yet: %s", err)
            return
        except Exception:
            log.exception("turn clock: forgetting old board records failed")
        self._forgot_at = now

    async def _send_digests(self) -> None:
        try:
            await self.digests.send_due(self.now())
        except StorageError as err:  # tried again at the next tick
            log.warning("turn clock: digests put off: %s", err)
        except Exception:
            log.exception("turn clock: sending digests failed")

    async def _due(self, now: float) -> list[Due]:
        """What has fallen due, from the matches' indexed next-check times."""
        work = []
        for row in await self.records.due(now):
            if row.status == "lobby":
                kind = "lobby"
            elif row.paused_at is not None:
                kind = "resume"
            else:
                kind = "turn"
            work.append(Due(float(row.next_due_at), int(row.id), kind))
        return work

    async def reschedule(self, match_id: int) -> None:
        """Store when the clock must next look at the match, as it stands now."""
        match = await self.service.get(match_id)
        sent = await self.records.count(match.id, match.turn_ply, "reminder")
        done = await self.records.count(match.id, match.ply, "deadline") > 0
        at = match.next_check(reminders_sent=sent, deadline_done=done)
        if at is not None and match.status == "active" and not match.paused and match.to_act():
            prefs = await self.prefs(match.user_of(match.to_act()[0]))
            if prefs.is_quiet(at):
                at = prefs.quiet_until(at)  # the reminder waits for the quiet hours' end
        await self.records.set_next_due(match.id, at)

    async def record(
        self, match: Match, ply: int, kind: str, n: int, seat: int | None, due: float, outcome: str
    ) -> bool:
        """Write down that this happened; False if it already had (then do nothing). The
        record is the claim: however many bot processes run, one of them acts."""
        return await self.records.record(match.id, ply, kind, n, seat, due, self.now(), outcome)

    async def _unrecord(self, match: Match, ply: int, kind: str) -> None:
        """Forget an event that could not be carried out (the match changed under it)."""
        await self.records.forget(match.id, ply, kind)

    # A turn: reminders, then the deadline --------------------------------------------------

    async def _turn(self, match_id: int, now: float) -> bool:
        match = await self.service.get(match_id)
        set_locale(match.language)  # what the channel is told (a DM: its reader's language)
        if match.status != "active" or match.paused or match.turn_started_at is None:
            return False
        acting = match.to_act()
        if not acting:
            return False
        if match.computer_to_act() is not None:
            # a computer's turn plays itself (here: one left over by a restart); no clock
            return await self._computers(match.id)
        if standing.candidate(match) is not None and await self._computers(match.id):
            # a standing order left waiting (a restart between a move and it): played, not
            # reminded
            return True
        seat = acting[0]
        deadline = match.deadline_at
        # (a casual table's deadline waits for the next interaction with it: deadline_now)
        if deadline is not None and deadline <= now and not match.casual:
            if await self._deadline(match, seat, deadline):
                return True
            if match.clock.on_deadline != "none":
                return False  # already applied; the match has not moved on
        due = reminders_due(match.turn_started_at, match.clock, now)
        sent = await self._reminders_sent(match)
        if due <= sent:
            return False
        prefs = await self.prefs(match.user_of(seat))
        if prefs.is_quiet(now):
            return False  # waits for the end of the player's quiet hours
        for n in range(sent + 1, due):  # fell due while the bot was down: only the latest goes
            at = reminder_due(match.turn_started_at, match.clock, n) or now
            await self.record(match, match.turn_ply, "reminder", n, seat, at, "skipped")
        at = reminder_due(match.turn_started_at, match.clock, due) or now
        if not await self.record(match, match.turn_ply, "reminder", due, seat, at, "sent"):
            return False
        await self._remind(match, seat, due, prefs, now)
        return True

    async def _reminders_sent(self, match: Match) -> int:
        return await self.records.count(match.id, match.turn_ply, "reminder")

    async def _remind(
        self, match: Match, seat: int, n: int, prefs: NotifyPrefs, now: float
    ) -> None:
        rules = match.rules
        assert match.turn_started_at is not None
        waited = hours_text(now - match.turn_started_at)
        who = mention(match, seat)
        title = rules.narrator.text(rules.title)
        deadline = match.deadline_at
        if deadline is not None and deadline <= now:
            deadline = None  # passed already (a match whose deadline does nothing)
        level = min(n, REMINDERS)
        following = reminder_due(match.turn_started_at, match.clock, n + 1)
        if deadline is not None and (following is None or following >= deadline):
            level = REMINDERS  # the deadline comes before another reminder would
        opening = {
            1: _("⏰ {player}, it's your move in **{game}** (waiting {time})."),
            2: _("⏰ {player}, a nudge: **{game}** is still waiting on your move ({time} so far)."),
            3: _("⏰ {player}, last reminder: **{game}** has waited {time} for your move."),
        }[level].format(player=who, game=title, time=waited)
        lines = [opening]
        if deadline is not None:
            lines.append(self._deadline_line(match, seat, deadline))
        ref = await self.service.latest_board_ref(match.id)
        link = board_link(match.guild_id, *ref) if ref else None
        if link:
            lines.append(_("[Jump to the board]({link})").format(link=link))
        if level == REMINDERS:
            lines.append(_("Away for a while? `/game pause` stops the clock (up to 7 days)."))
        if match.casual:
            # no channel to remind in: a DM to a player who asked for them, and no other
            await self._remind_casual(match, seat, now, deadline, prefs)
            return
        if not await self.send(match, "\n".join(lines), PING_USERS):
            # nobody was reminded: the clock stopped (or it will try again); so will this
            await self._unrecord(match, match.turn_ply, "reminder")
            return
        if prefs.dm:
            user_id = match.user_of(seat)
            with words.use(await self.bot.readers.of(user_id)):  # the player's language
                text = self._reminder_dm(match, seat, now, deadline, link)
            await self._dm(user_id, text)

    async def _remind_casual(
        self, match: Match, seat: int, now: float, deadline: float | None, prefs: NotifyPrefs
    ) -> None:
        """A casual table's reminder: a DM to a player who opted in (``/game notify
        dm:True``); one Discord refuses turns their DMs off, which they hear at their next
        action at the table (``CasualTable.tell_dm_refused``)."""
        if not prefs.dm:
            return
        user_id = match.user_of(seat)
        with words.use(await self.bot.readers.of(user_id)):  # the player's language
            text = self._reminder_dm(match, seat, now, deadline, None)
        if await self._dm(user_id, text) is False:
            settings = await self.records.user_settings(user_id)
            off = {**settings, **NotifyPrefs(dm=False, quiet=prefs.quiet).to_mapping()}
            await self.records.set_user_settings(user_id, {**off, DM_REFUSED: True})

    async def deadline_now(self, match: Match) -> bool:
        """A casual table's deadline that passed, applied as someone interacts with the match
        (its board then goes out as that interaction's answer, saying so); whether it was."""
        deadline, acting = match.deadline_at, match.to_act()
        if deadline is None or deadline > self.now() or not acting:
            return False
        if match.clock.on_deadline == "none" or match.computer_to_act() is not None:
            return False
        return await self._deadline(match, acting[0], deadline)

    def _reminder_dm(
        self, match: Match, seat: int, now: float, deadline: float | None, link: str | None
    ) -> str:
        """The reminder's DM, for one player (worded in their language)."""
        assert match.turn_started_at is not None
        title = match.rules.narrator.text(match.rules.title)
        dm = [self._dm_opening(match, title, hours_text(now - match.turn_started_at))]
        if deadline is not None:
            dm.append(self._deadline_line(match, seat, deadline))
        if link:
            dm.append(link)
        return "\n".join(dm)

    def _deadline_line(self, match: Match, seat: int, deadline: float) -> str:
        """What the deadline will do to the reminded player."""
        fields = {"time": stamp(deadline)}
        kind = match.clock.on_deadline
        if kind == "skip":
            try:
                action = easy_action(match, seat)
                move = match.rules.format_action(match.state, action)
            except GameError:
                return _("Deadline {time}: your turn is played for you.").format(**fields)
            return _("Deadline {time}: `{move}` is played for you.").format(move=move, **fields)
        if kind == "forfeit":
            return _("Deadline {time}: you forfeit and leave the game.").format(**fields)
        return _("Deadline {time}: nothing happens automatically, but everyone will know.").format(
            **fields
        )

    def _dm_opening(self, match: Match, title: str, waited: str) -> str:
        """A reminder's first line in a DM: where the match is played."""
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        fields = {"game": title, "channel": f"<#{match.channel_id}>", "time": waited}
        if guild is None:
            return _("⏰ Your move in **{game}** {channel} (waiting {time}).").format(**fields)
        return _(
            "⏰ Your move in **{game}** in {channel} on **{server}** (waiting {time})."
        ).format(server=discord.utils.escape_markdown(guild.name), **fields)

    async def _deadline(self, match: Match, seat: int, deadline: float) -> bool:
        kind = match.clock.on_deadline
        try:
            if not match.casual:
                await self.bot.table.postable(match.channel_id)
        except CannotPost as err:
            # its board could not be posted: nobody would learn of it; the clock stops
            await self.block(match, str(err))
            return True
        except discord.HTTPException as err:
            log.info("match %s: channel not reachable (%s); deadline later", match.id, err)
            return False
        if not await self.record(match, match.ply, "deadline", 0, seat, deadline, kind):
            return False
        name = escape(match.name_of(seat))
        hours = match.clock.deadline_hours
        if kind == "skip":
            await self._skip(match, seat, deadline, name, hours)
        elif kind == "forfeit":
            try:
                result = await self.service.forfeit(match.id, seat, expected_ply=match.ply)
            except (Refusal, GameError) as err:
                log.info("forfeit in match %s not applied: %s", match.id, err)
                await self._unrecord(match, match.ply, "deadline")
                return False
            await self._deliver(result.match.id, result)
        else:
            await self.send(
                match,
                _(
                    "⌛ {player}, the deadline for your move ({hours} h) has passed. Nothing "
                    "happens automatically in this match; the host can end it with "
                    "`/{key} abandon`."
                ).format(player=mention(match, seat), hours=hours, key=match.game),
                PING_USERS,
            )
        return True

    async def _skip(
        self, match: Match, seat: int, deadline: float, name: str, hours: int | None
    ) -> None:
        """Play the easy computer player's move for the late seat, and keep playing while the
        same turn goes on (a turn can be several moves: roll, then stack...); then any
        computers whose turn follows; one board shows it all."""
        last: MoveResult | None = None
        current = match
        ply = match.ply
        for __ in range(MAX_DEFAULT_MOVES):
            try:
                action = await self.bot.table.computers.decide(current, seat, "easy")
                last = await self.service.act_default(
                    match.id, seat, expected_ply=ply, action=action
                )
            except (Refusal, GameError) as err:
                log.info("default move in match %s not applied: %s", match.id, err)
                break
            moved = current = last.match
            if last.turn_passed or moved.status != "active" or moved.to_act()[:1] != (seat,):
                break
            ply = moved.ply
            if not await self.record(moved, ply, "deadline", 0, seat, deadline, "skip"):
                break
        if last is None:  # moved or paused meanwhile: the deadline may come again later
            await self._unrecord(match, match.ply, "deadline")
            return
        await self._deliver(match.id, last)

    async def _computers(self, match_id: int) -> bool:
        """Play the computers' turns the match waits on, and deliver their board."""
        pipeline = self.bot.table.pipeline
        return await pipeline.run(MoveRequest(match_id), ready=if_moved) is not None

    async def _deliver(self, match_id: int, result: MoveResult) -> None:
        """The board of a move the clock made, after the computers whose turn follows (a
        casual table's goes out with the interaction that applied it)."""
        await self.bot.table.pipeline.run(MoveRequest(match_id), result, ready=unless_casual)

    # Lobbies -------------------------------------------------------------------------------

    async def _expire_lobby(self, match_id: int, now: float) -> bool:
        match = await self.service.get(match_id)
        set_locale(match.language)  # (this match's own task) the channel is told
        due = match.created_at + match.clock.lobby_hours * HOUR
        if match.status != "lobby" or due > now:
            return False
        if not await self.service.expire_lobby(match_id):
            return False
        await self.record(match, 0, "lobby", 0, None, due, "expired")
        closed = _(
            "⌛ The {game} lobby here closed: nobody started it within {hours} h. Open a new "
            "one with `/{key} new`."
        ).format(
            game=match.rules.narrator.text(match.rules.title),
            hours=match.clock.lobby_hours,
            key=match.game,
        )
        # the notice first (posting reopens an archived thread), then the lobby message loses
        # its buttons and says it closed (an edit needs no right to post, so that is seen
        # even where the notice cannot be posted)
        await self.send(match, closed, NO_PINGS)
        await self.bot.table.retire(await self.service.get(match_id))
        return True

    # Preferences and delivery --------------------------------------------------------------

    async def prefs(self, user_id: int) -> NotifyPrefs:
        return NotifyPrefs.from_mapping(await self.records.user_settings(user_id))

    async def guild_defaults(self, guild_id: int | None) -> ClockSettings:
        if guild_id is None:
            return ClockSettings()
        return ClockSettings.from_mapping(await self.records.guild_settings(guild_id))

    async def send(self, match: Match, content: str, mentions: discord.AllowedMentions) -> bool:
        """Post in the match's channel (an archived thread is reopened first). When the bot
        may not post there, the match's clock stops (``block``) rather than run on while
        nobody hears of it; a channel that is gone ends the match. False if not posted (a
        casual table has no channel the bot may post in: never)."""
        if match.casual:
            return False
        try:
            channel = await self.bot.table.postable(match.channel_id)
            await channel.send(content, allowed_mentions=mentions)
            return True
        except CannotPost as err:
            await self.block(match, str(err))
        except discord.Forbidden as err:
            await self.block(match, _("Discord refused my message ({code})").format(code=err.code))

        except discord.NotFound as err:
            if err.code == 10003:
                log.info("match %s: its channel is gone; closing it", match.id)
                await self.bot.close_matches([match])
        except discord.HTTPException as err:
            log.warning("could not post in channel %s: %s", match.channel_id, err)
        return False

    async def _dm(self, user_id: int, content: str) -> bool | None:
        """A DM; a user who closed their DMs is skipped (the channel mention still went out).
        True if sent, False if Discord refused it for good (50007), None if it failed."""
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            await channel.send(content, allowed_mentions=NO_PINGS)
        except discord.HTTPException as err:
            log.info("could not DM user %s: %s", user_id, err)
            return False if err.code == DM_CLOSED else None
        return True
