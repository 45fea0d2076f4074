"""Board pictures drawn on every core: a warmed process pool with a bounded queue.

Drawing a board is pure CPU work in Pillow; in the bot's own process it would hold the event
loop's GIL and make every other match wait. ``Renderer`` sends each picture to a pool of
worker processes (``bot.workers``, one per core by default, driven from the event loop with
no helper threads), each of which builds its caches (fonts, palettes, static layers) when it
starts, before the first move. At most ``queue`` pictures wait at once; a move beyond that
waits its turn (nothing is dropped). A worker that dies fails its job and is replaced.
``workers=0`` draws in a thread of the bot's own process (tests, small installs).

``run(fn, *args, timeout=...)`` sends other pure CPU work to the same workers (the computer
players' decisions), with a time limit: past it the caller gets ``TimeoutError`` at once and
the worker finishes the abandoned job on its own.
"""

from __future__ import annotations

import asyncio
import gc
import os
import time
from collections.abc import Callable
from typing import Any, TypeVar

import render
from bot.workers import WorkerError, WorkerPool
from games import policies

T = TypeVar("T")


class RenderError(Exception):
    """A picture could not be drawn (the board is posted as text; the error is logged)."""


def _warm() -> None:
    render.warm()
    for key in policies.MODULES:  # the computer players decide in these workers too
        for level in policies.LEVELS:
            policies.get(key, level)
    # the caches just built live as long as the worker: out of the garbage collector's way
    gc.collect()
    gc.freeze()


def _draw(key: str, state: Any, previous: Any, last: Any) -> tuple[bytes, float]:
    start = time.perf_counter()
    png = render.draw(key, state, previous=previous, last=last)
    return png, (time.perf_counter() - start) * 1000


def _replay(data: dict[str, Any]) -> tuple[bytes, int, int]:
    from bot import replays

    return replays.animation(data)


class Renderer:
    def __init__(self, workers: int | None = None, *, queue: int | None = None) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else max(0, workers)
        self.limit = asyncio.Semaphore(queue or max(4, 4 * max(1, self.workers)))
        self.waiting = 0
        self._pool: WorkerPool | None = None
        #: milliseconds of the last pictures drawn (for metrics and benchmarks)
        self.timings: list[float] = []

    @property
    def pids(self) -> list[int]:
        """The worker processes (none without workers)."""
        return self._pool.pids if self._pool is not None else []

    async def start(self) -> None:
        """Start the workers and wait until each has built its caches."""
        if self.workers == 0:
            await asyncio.to_thread(render.warm)
            return
        self._pool = WorkerPool(self.workers, initializer=_warm)
        await self._pool.start()

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    async def draw(
        self,
        key: str,
        state: Any,
        *,
        previous: Any = None,
        last: Any = None,
        home: int | None = None,
    ) -> bytes:
        """The board picture; ``home`` (the match's id) sends a match's pictures to the same
        worker when it is free, whose caches hold what its last picture drew."""
        self.waiting += 1
        try:
            async with self.limit:
                png, ms = await self._job(_draw, key, state, previous, last, home=home)
        except Exception as err:
            raise RenderError(f"drawing a {key} board failed: {err!r}") from err
        finally:
            self.waiting -= 1
        self.timings.append(ms)
        del self.timings[:-1000]
        return png

    async def _job(self, fn: Callable[..., T], *args: Any, home: int | None = None) -> T:
        if self._pool is None or self._pool.broken:
            # no workers, or none can start: this process does the work in a thread
            return await asyncio.to_thread(fn, *args)
        future = self._pool.submit(fn, *args, home=home)
        try:
            return await future
        except asyncio.CancelledError:
            future.cancel()  # a waiting job is dropped; a running one's answer ignored
            raise

    async def run(self, fn: Callable[..., T], *args: Any, timeout: float | None = None) -> T:
        """``fn(*args)`` in a worker (a module-level function and picklable arguments), or in
        a thread without workers; ``TimeoutError`` after ``timeout`` seconds (the worker
        finishes the abandoned job on its own)."""
        return await asyncio.wait_for(self._job(fn, *args), timeout)

    async def replay(self, data: dict[str, Any]) -> tuple[bytes, int, int]:
        """A match's animation (``bot.replays.animation`` of its export), built in a worker
        so other matches' pictures do not wait for it: (GIF, frames, moves)."""
        async with self.limit:
            try:
                return await self._job(_replay, data)
            except WorkerError as err:
                raise RenderError(f"building the replay failed: {err}") from err
