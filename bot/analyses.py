"""Post-game reports ("Luck and decisions"): asked for once per finished match, worked out
in turn, stored, and posted in the match's channel.

- The first to ask stores the request (``Store.ask_analysis``: the row is the claim) and the
  bot posts a public message in the match's channel saying the report waits its turn; later
  askers are told where it stands, or given the stored report.
- Reports are worked out one after another (``Settings.analysis_concurrency`` at once, each
  in a worker process of its own: ``Renderer.analyse``), within ``analysis_cpu_seconds`` of
  CPU; the boards' pictures never wait for them.
- Whoever works on a report holds it (``claim_analysis``) and renews the hold every ``tick``
  seconds, editing the public message with how far it is; the report is stored once by its
  holder, then the public message becomes the report. A bot that stops lets go of the report
  under way (the next start begins it again); one that dies leaves it to whoever claims it
  once its hold has run out (``lease``). So each report is worked out and posted once, also
  by several processes sharing a database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

import discord

import words
from bot import analysis_job, report_message
from bot.answer import TRANSPORT
from bot.jsondata import JSON, JSONObject
from bot.matches import Match
from bot.render_pool import Slots
from bot.store.rows import AnalysisRow

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.matches import MatchService
    from bot.render_pool import Renderer
    from bot.store import Store

log = logging.getLogger(__name__)

#: seconds a holder keeps a report without renewing its hold
LEASE = 30.0
#: seconds between two renewals (and progress edits) of a report under way
TICK = 2.0
#: how much further a report must be before its message is edited again
SHOW_EVERY = 0.05


class LostHold(Exception):
    """Another process took the report over (this one's hold had run out)."""


#: the report's message as posted or edited
Posted = report_message.ReportMessage | report_message.FailedMessage


class Reporting(Protocol):
    """What the reports use of the running bot (``bot.host.Host``)."""

    settings: Settings
    service: MatchService
    renderer: Renderer

    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...


class Analyses:
    def __init__(self, host: Reporting, *, lease: float = LEASE, tick: float = TICK) -> None:
        settings = host.settings
        self.host = host
        self.lease, self.tick = lease, tick
        self.cpu_seconds = float(settings.analysis_cpu_seconds)
        self.rollouts = int(settings.analysis_rollouts)
        self.slots = Slots(int(settings.analysis_concurrency))
        self.tasks: dict[int, asyncio.Task[None]] = {}
        #: how far each report under way here is (share of its budget)
        self.shares: dict[int, float] = {}
        #: reports this process worked out (for tests and the log)
        self.computed = 0
        self.stopping = False

    @property
    def store(self) -> Store:
        return self.host.service.store

    def now(self) -> float:
        return time.time()

    # Asking ---------------------------------------------------------------------------------

    async def ask(self, match: Match) -> tuple[AnalysisRow, bool]:
        """The match's report row, and whether this ask started it (its public message is
        posted and its work queued)."""
        row, first = await self.store.analyses.ask_analysis(match.id, match.channel_id, self.now())
        if first:
            with words.use(match.language):
                text = report_message.waiting_text(match)
            message_id = await self._send(match.channel_id, {"content": text})
            if message_id is not None:
                await self.store.analyses.set_analysis_message(match.id, message_id)
            row = await self.store.analyses.analysis(match.id) or row
            self.start(match.id)
        return row, first

    def start(self, match_id: int) -> None:
        """Work the report out (or post it) unless this process is at it already."""
        if self.stopping or match_id in self.tasks:
            return
        task = asyncio.ensure_future(self._follow(match_id))
        self.tasks[match_id] = task
        task.add_done_callback(lambda _: self.tasks.pop(match_id, None))

    async def resume(self) -> None:
        """At start: every report asked for and not yet posted is taken up again."""
        for row in await self.store.analyses.unfinished_analyses():
            self.start(int(row.match_id))

    async def stop(self) -> None:
        """Give up the reports under way (each lets go of its hold for the next start)."""
        self.stopping = True
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task

    # Working --------------------------------------------------------------------------------

    async def _follow(self, match_id: int) -> None:
        """Claim the report when nobody holds it (waiting out another's hold), then see it
        through."""
        try:
            while True:
                row = await self.store.analyses.analysis(match_id)
                if row is None or row.posted_at is not None or row.status == "failed":
                    return
                if await self._take(match_id, row):
                    return
                held = row.held_until
                wait = float(held) - self.now() if held is not None else self.tick
                await asyncio.sleep(min(max(wait, 0.05), self.lease))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("match %s: the post-game report failed", match_id)

    async def _take(self, match_id: int, row: AnalysisRow) -> bool:
        """Claim and see through (True), or find it held by another (False)."""
        holder = uuid.uuid4().hex
        work = row.status in ("queued", "running")
        if work:
            await self.slots.take()  # the queue: one report at a time by default
        try:
            if not await self.store.analyses.claim_analysis(
                match_id, holder, self.now(), self.now() + self.lease
            ):
                return False
            try:
                await self._through(match_id, holder)
            except BaseException:
                with contextlib.suppress(Exception):
                    await asyncio.shield(self.store.analyses.release_analysis(match_id, holder))
                raise
            return True
        finally:
            if work:
                self.slots.release()

    async def _through(self, match_id: int, holder: str) -> None:
        match: Match = await self.host.service.get(match_id)
        row = await self.store.analyses.analysis(match_id)
        assert row is not None
        report: Mapping[str, JSON] | None
        picture: tuple[bytes, str] | None = None
        if row.status == "running":
            report, picture = await self._work_out(match, row, holder)
            stored = None if report is None else json.dumps(report, sort_keys=True)
            if not await self.store.analyses.store_analysis(match_id, holder, stored, self.now()):
                raise LostHold(match_id)
            self.computed += 1
        else:
            report = json.loads(row.report) if row.report else None
        await self._post(match, holder, report, picture)

    async def _work_out(
        self, match: Match, row: AnalysisRow, holder: str
    ) -> tuple[JSONObject | None, tuple[bytes, str] | None]:
        rows = await self.store.matches.actions(match.id)
        data = analysis_job.job_data(
            match.id,
            match.game,
            [s.name for s in match.seats],
            match.seed,
            match.options,
            match.rules.seat_extras([s.user_id for s in match.seats]),
            [s.seat for s in match.seats if s.computer is None],
            rows,
        )
        self.shares[match.id] = 0.0
        job = asyncio.ensure_future(
            self.host.renderer.analyse(
                data,
                match.language,
                self.cpu_seconds,
                self.rollouts,
                lambda share: self.shares.__setitem__(match.id, share),
            )
        )
        try:
            await self._watch(match, row, holder, job)
            report, png, alt = job.result()
            return report, (png, alt)
        except (LostHold, asyncio.CancelledError):
            raise
        except Exception:
            log.exception("match %s: working out the post-game report failed", match.id)
            return None, None
        finally:
            job.cancel()
            self.shares.pop(match.id, None)

    async def _watch(
        self,
        match: Match,
        row: AnalysisRow,
        holder: str,
        job: asyncio.Future[tuple[JSONObject, bytes, str]],
    ) -> None:
        """Until ``job`` ends: renew the hold and show how far it is."""
        shown = -1.0
        while True:
            done, _ = await asyncio.wait({job}, timeout=self.tick)
            if done:
                return
            share = self.shares.get(match.id, 0.0)
            until = self.now() + self.lease
            if not await self.store.analyses.hold_analysis(match.id, holder, until, share):
                raise LostHold(match.id)
            if share - shown >= SHOW_EVERY:
                shown = share
                with words.use(match.language):
                    text = report_message.progress_text(match, share)
                await self._edit(row, {"content": text})

    async def _post(
        self,
        match: Match,
        holder: str,
        report: Mapping[str, JSON] | None,
        picture: tuple[bytes, str] | None,
    ) -> None:
        """The public message becomes the report (or says it failed); marked posted."""
        row = await self.store.analyses.analysis(match.id)
        assert row is not None
        if report is not None and picture is None:
            picture = await self.host.renderer.report_picture(dict(report), match.language)
        with words.use(match.language):
            if report is None:
                kwargs: Posted = {"content": report_message.failed_text(match)}
            else:
                rows = await self.store.matches.actions(match.id)
                kwargs = report_message.report_message(match, report, rows, picture)
        if row.message_id is None or not await self._edit(row, kwargs):
            message_id = await self._send(int(row.channel_id), kwargs)
            if message_id is not None:
                await self.store.analyses.set_analysis_message(match.id, message_id)
        await self.store.analyses.analysis_posted(match.id, holder, self.now())

    # Messages -------------------------------------------------------------------------------

    async def _send(self, channel_id: int, kwargs: Posted) -> int | None:
        channel = self.host.get_partial_messageable(channel_id)
        mentions = discord.AllowedMentions.none()
        try:
            if "embed" not in kwargs:
                message = await channel.send(content=kwargs["content"], allowed_mentions=mentions)
            elif kwargs["attachments"]:
                message = await channel.send(
                    content=kwargs["content"],
                    embed=kwargs["embed"],
                    files=kwargs["attachments"],
                    allowed_mentions=kwargs["allowed_mentions"],
                )
            else:
                message = await channel.send(
                    content=kwargs["content"],
                    embed=kwargs["embed"],
                    allowed_mentions=kwargs["allowed_mentions"],
                )
        except (discord.HTTPException, *TRANSPORT) as err:
            log.warning("channel %s: the post-game report could not be posted: %r", channel_id, err)
            return None
        return int(message.id)

    async def _edit(self, row: AnalysisRow, kwargs: Posted) -> bool:
        if row.message_id is None:
            return False
        channel = self.host.get_partial_messageable(int(row.channel_id))
        try:
            await channel.get_partial_message(int(row.message_id)).edit(**kwargs)
        except (discord.HTTPException, *TRANSPORT) as err:
            log.info("match %s: the report's message could not be edited: %r", row.match_id, err)
            return False
        return True
