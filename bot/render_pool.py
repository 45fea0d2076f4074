"""Board pictures drawn on every core: a warmed process pool with a bounded queue.

Drawing a board is pure CPU work in Pillow; in the bot's own process it would hold the event
loop's GIL and make every other match wait. ``Renderer`` sends each picture to a pool of
worker processes (``bot.workers``, one per core by default, driven from the event loop with
no helper threads), each of which builds its caches (fonts, palettes, static layers) when it
starts, before the first move. At most ``queue`` pictures wait at once; a move beyond that
waits its turn (nothing is dropped). A worker that dies fails its job and is replaced.
``workers=0`` draws in a thread of the bot's own process (tests, small installs).

``draw_soon`` hands a picture's job to a worker before it returns when the queue has room, so
a move's picture is being drawn while the move is stored (``draw`` awaits it).

``run(fn, *args, timeout=...)`` sends other pure CPU work to the same workers (the computer
players' decisions), with a time limit: past it the caller gets ``TimeoutError`` at once and
the worker finishes the abandoned job on its own.

``analyse`` works out a post-game report (``bot.analysis_job``) in workers of its own, started
the first time one is asked for (``analysts`` of them: the most that run at once), so a long
report never holds a slot or a worker the boards' pictures need; without workers it runs in a
thread, which stops at its next step when the report is given up.
"""

from __future__ import annotations

import asyncio
import collections
import os
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import render
import words
from bot import analysis_job
from bot.drawing import Drawn, Stored, warm
from bot.drawing import analyse as _analyse
from bot.drawing import draw as _draw
from bot.drawing import position as _position
from bot.drawing import replay as _replay
from bot.drawing import report_picture as _report_picture
from bot.workers import WorkerError, WorkerPool
from games import registry
from games.base import Event
from render import cache

if TYPE_CHECKING:
    from bot.replays import Log

__all__ = ["RenderError", "Renderer", "Slots", "renew_mb", "warm"]

T = TypeVar("T")

#: the module the workers' fork server imports (and so warms) before it forks them
TEMPLATE = "bot.render_template"


def renew_mb() -> float:
    """A drawing worker's own memory past which it is renewed (``WorkerPool(renew_mb=...)``):
    twice what its caches may hold (``RENDER_CACHE_MB``), as pieces made of them (palette
    forms, patches) come on top, and 16 MB for the pictures and the rest of a job."""
    return 2 * cache.BUDGET / (1024 * 1024) + 16


class RenderError(Exception):
    """A picture could not be drawn (the board is posted as text; the error is logged)."""


#: the games whose renderers this process has warmed (drawing without workers)
_warmed_here: set[str] = set()
registry.on_change(_warmed_here.discard)  # a game registered anew is warmed anew


def warm_here() -> None:
    """Warm the renderers of the games this process has not warmed yet: its caches outlive a
    bot that draws without workers (one bot per process, or several in turn), so a later
    start finds them built and does not draw the sample games again."""
    keys = [key for key in registry.game_keys() if key not in _warmed_here]
    if keys:
        render.warm(keys)
        _warmed_here.update(keys)


class Stopped(Exception):
    """A report worked out in a thread was given up."""


class Slots:
    """At most ``size`` holders at once: ``take_now`` takes a free slot without waiting (or
    says there is none), ``take`` waits its turn, first come first served; ``release`` hands
    the slot to the next in line."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.held = 0
        self._line: collections.deque[asyncio.Future[None]] = collections.deque()

    def take_now(self) -> bool:
        if self.held < self.size and not self._line:
            self.held += 1
            return True
        return False

    async def take(self) -> None:
        if self.take_now():
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._line.append(turn)
        try:
            await turn  # handed over by a release: ``held`` counts it already
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()  # handed over just as this caller gave up: pass it on
            else:
                self._line.remove(turn)
            raise

    def release(self) -> None:
        while self._line:
            turn = self._line.popleft()
            if not turn.done():
                turn.set_result(None)
                return
        self.held -= 1


class Renderer:
    def __init__(self, workers: int | None = None, *, queue: int | None = None) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else max(0, workers)
        self.slots = Slots(queue or max(4, 4 * max(1, self.workers)))
        #: pictures asked for and not yet back (for metrics)
        self.waiting = 0
        self._pool: WorkerPool | None = None
        #: milliseconds of the last pictures drawn (for metrics and benchmarks)
        self.timings: list[float] = []
        #: each drawing process's last cache figures (``render.cache.totals``), by process id
        self._caches: dict[int, tuple[int, ...]] = {}
        #: told (game, milliseconds) of each picture drawn: the metrics' render histogram
        self.drawn: Callable[[str, float], None] | None = None
        #: processes working out post-game reports (started when the first is asked for)
        self.analysts = 1
        self._analysis_pool: WorkerPool | None = None
        self._analysis_start = asyncio.Lock()

    @property
    def pids(self) -> list[int]:
        """The worker processes (none without workers)."""
        return self._pool.pids if self._pool is not None else []

    @property
    def renewed(self) -> int:
        """Drawing workers renewed for their size so far (``renew_mb``)."""
        return self._pool.renewed if self._pool is not None else 0

    def cache_figures(self) -> dict[str, int]:
        """The render caches of every process drawing now, summed: budget, bytes, hits,
        misses and evictions (as each worker last reported them with a picture)."""
        live = {*self.pids, os.getpid()}  # (without workers, or none can start: this one)
        for pid in [p for p in self._caches if p not in live]:
            del self._caches[pid]  # a worker that was replaced
        names = ("budget", "bytes", "hits", "misses", "evictions")
        sums = dict.fromkeys(names, 0)
        for figures in self._caches.values():
            for name, value in zip(names, figures, strict=True):
                sums[name] += value
        return sums

    async def start(self) -> None:
        """Start the workers and wait until each has built its caches."""
        if self.workers == 0:
            await asyncio.to_thread(warm_here)
            return
        # forked from one warmed process: warm-up's pages shared by all the workers
        self._pool = WorkerPool(
            self.workers, initializer=warm, template=TEMPLATE, renew_mb=renew_mb()
        )
        await self._pool.start()

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()
        analysts, self._analysis_pool = self._analysis_pool, None
        if analysts is not None:  # a report under way is given up (its holder lets it go)
            await analysts.close(grace=0.0)

    async def draw(
        self,
        key: str,
        state: object,
        *,
        previous: object = None,
        last: object = None,
        home: int | None = None,
        events: Sequence[Event] = (),
        locale: str = words.ENGLISH,
    ) -> bytes:
        """The board picture, its texts in ``locale``; ``events``: what the last move did (as
        data). ``home`` (the match's id) sends a match's pictures to the same worker when it
        is free, whose caches hold what its last picture drew."""
        return await self.draw_soon(
            key, state, previous=previous, last=last, home=home, events=events, locale=locale
        )

    def draw_soon(
        self,
        key: str,
        state: object,
        *,
        previous: object = None,
        last: object = None,
        home: int | None = None,
        events: Sequence[Event] = (),
        locale: str = words.ENGLISH,
    ) -> asyncio.Future[bytes]:
        """``draw`` as a future, whose job is already with a worker when the queue has room
        (a waiting job goes out in its turn). Cancelling it drops the job."""
        self.waiting += 1
        # events travel to the worker as their stored form (plain data)
        args = (key, state, previous, last, tuple(e.to_dict() for e in events), locale)
        job = self._send(_draw, *args, home=home) if self.slots.take_now() else None
        picture = asyncio.ensure_future(self._picture(key, job, args, home))
        picture.add_done_callback(self._finished)
        if job is not None:  # (cancelled before it ever ran: the job goes too)
            picture.add_done_callback(lambda p: job.cancel() if p.cancelled() else None)
        return picture

    def _finished(self, _: asyncio.Future[bytes]) -> None:
        self.waiting -= 1

    async def _picture(
        self,
        key: str,
        job: asyncio.Future[Drawn] | None,
        args: tuple[object, ...],
        home: int | None,
    ) -> bytes:
        try:
            if job is None:
                await self.slots.take()
                job = self._send(_draw, *args, home=home)
            try:
                png, ms, pid, figures = await job
            except asyncio.CancelledError:
                job.cancel()  # a waiting job is dropped; a running one's answer ignored
                raise
        except Exception as err:
            raise RenderError(f"drawing a {key} board failed: {err!r}") from err
        self.timings.append(ms)
        del self.timings[:-1000]
        self._caches[pid] = figures
        if self.drawn is not None:
            self.drawn(key, ms)
        return png

    def _send(self, fn: Callable[..., T], *args: object, home: int | None) -> asyncio.Future[T]:
        """``fn(*args)`` sent out now, holding a slot until it ends."""
        future = self._job(fn, *args, home=home)
        future.add_done_callback(lambda _: self.slots.release())
        return future

    def _job(
        self, fn: Callable[..., T], *args: object, home: int | None = None
    ) -> asyncio.Future[T]:
        if self._pool is None or self._pool.broken:
            # no workers, or none can start: this process does the work in a thread
            return asyncio.ensure_future(asyncio.to_thread(fn, *args))
        try:
            return self._pool.submit(fn, *args, home=home)
        except Exception as err:  # closed meanwhile, or arguments that cannot be sent
            failed: asyncio.Future[T] = asyncio.get_running_loop().create_future()
            failed.set_exception(err)
            return failed

    async def run(self, fn: Callable[..., T], *args: object, timeout: float | None = None) -> T:
        """``fn(*args)`` in a worker (a module-level function and picklable arguments), or in
        a thread without workers; ``TimeoutError`` after ``timeout`` seconds (the worker
        finishes the abandoned job on its own)."""
        # on a timeout the job is cancelled: dropped if it waits, its answer ignored if not
        return await asyncio.wait_for(self._job(fn, *args), timeout)

    async def _in_turn(
        self, what: str, fn: Callable[..., T], *args: object, home: int | None = None
    ) -> T:
        """``fn(*args)`` in a worker, taking its turn among the pictures (a slot held until
        it ends); a worker's failure is a ``RenderError`` saying ``what`` failed."""
        await self.slots.take()
        job = self._send(fn, *args, home=home)
        try:
            return await job
        except WorkerError as err:
            raise RenderError(f"{what} failed: {err}") from err
        except asyncio.CancelledError:
            job.cancel()  # a waiting job is dropped; a running one's answer ignored
            raise

    async def replay(self, data: Log, *, locale: str = words.ENGLISH) -> tuple[bytes, int, int]:
        """A match's animation (``bot.replays.animation`` of its export, its texts in
        ``locale``), built in a worker so other matches' pictures do not wait for it: (GIF,
        frames, moves)."""
        return await self._in_turn("building the replay", _replay, data, locale)

    async def position(
        self,
        data: Log,
        ply: int,
        events: Sequence[dict[str, object]] | None,
        *,
        locale: str = words.ENGLISH,
        home: int | None = None,
    ) -> tuple[bytes, dict[str, Any]]:
        """A position of a match for the viewer (``bot.positions.draw``: replayed from its
        log and drawn as its board was), taking its turn among the pictures: (PNG, state
        dumped)."""
        return await self._in_turn(
            f"drawing move {ply}", _position, data, ply, events, locale, home=home
        )

    async def analyse(
        self,
        data: analysis_job.AnalysisJob,
        language: str,
        cpu_seconds: float,
        rollouts: int,
        told: Callable[[float], None],
    ) -> tuple[dict[str, Any], bytes, str]:
        """A post-game report (``bot.analysis_job.compute``): (report, chart PNG, alt text);
        ``told`` hears the share of the budget spent as it goes."""
        if self.workers == 0:
            return await self._analyse_in_thread(data, language, cpu_seconds, rollouts, told)
        pool = await self._analysts()
        job = pool.submit(_analyse, data, language, cpu_seconds, rollouts, told=told)
        try:
            return await job
        except WorkerError as err:
            raise RenderError(f"working out the report failed: {err}") from err
        except asyncio.CancelledError:
            job.cancel()
            raise

    async def _analysts(self) -> WorkerPool:
        async with self._analysis_start:
            if self._analysis_pool is None or self._analysis_pool.broken:
                pool = WorkerPool(max(1, self.analysts), template=TEMPLATE)
                await pool.start()
                self._analysis_pool = pool
            return self._analysis_pool

    async def _analyse_in_thread(
        self,
        data: analysis_job.AnalysisJob,
        language: str,
        cpu_seconds: float,
        rollouts: int,
        told: Callable[[float], None],
    ) -> tuple[dict[str, Any], bytes, str]:
        loop = asyncio.get_running_loop()
        stop = threading.Event()

        def hear(share: float) -> None:
            if stop.is_set():
                raise Stopped
            loop.call_soon_threadsafe(told, share)

        try:
            return await asyncio.to_thread(
                analysis_job.compute, data, language, cpu_seconds, rollouts, hear
            )
        except asyncio.CancelledError:
            stop.set()
            raise

    async def report_picture(self, report: Stored, language: str) -> tuple[bytes, str]:
        """A stored report's chart and alt text, drawn again, taking its turn among the
        pictures."""
        return await self._in_turn("drawing the report's chart", _report_picture, report, language)
