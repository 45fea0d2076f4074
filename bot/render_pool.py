"""Board pictures drawn on every core: a warmed process pool with a bounded queue.

Drawing a board is pure CPU work in Pillow; in the bot's own process it would hold the event
loop's GIL and make every other match wait. ``Renderer`` sends each picture to a pool of
worker processes (one per core by default), each of which builds its caches (fonts, palettes,
static layers) when it starts, before the first move. At most ``queue`` pictures wait at once;
a move beyond that waits its turn (nothing is dropped). ``workers=0`` draws in a thread of the
bot's own process (tests, small installs).

``run(fn, *args, timeout=...)`` sends other pure CPU work to the same workers (the computer
players' decisions), with a time limit: past it the caller gets ``TimeoutError`` at once and
the worker finishes the abandoned job on its own.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import render
from games import policies

log = logging.getLogger(__name__)

T = TypeVar("T")


class RenderError(Exception):
    """A picture could not be drawn (the board is posted as text; the error is logged)."""


def _warm() -> None:
    render.warm()
    for key in policies.MODULES:  # the computer players decide in these workers too
        for level in policies.LEVELS:
            policies.get(key, level)


def _draw(key: str, state: Any, previous: Any, last: Any) -> tuple[bytes, float]:
    start = time.perf_counter()
    png = render.draw(key, state, previous=previous, last=last)
    return png, (time.perf_counter() - start) * 1000


def _replay(data: dict[str, Any]) -> tuple[bytes, int, int]:
    from bot import replays

    return replays.animation(data)


def _ready() -> int:
    return os.getpid()


class Renderer:
    def __init__(self, workers: int | None = None, *, queue: int | None = None) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else max(0, workers)
        self.limit = asyncio.Semaphore(queue or max(4, 4 * max(1, self.workers)))
        self.waiting = 0
        self._pool: ProcessPoolExecutor | None = None
        #: milliseconds of the last pictures drawn (for metrics and benchmarks)
        self.timings: list[float] = []

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm)

    async def start(self) -> None:
        """Start the workers and wait until each has built its caches."""
        if self.workers == 0:
            await asyncio.to_thread(render.warm)
            return
        self._pool = self._new_pool()
        loop = asyncio.get_running_loop()
        # one job per worker makes the pool start them all now (each warms up first)
        await asyncio.gather(
            *(loop.run_in_executor(self._pool, _ready) for _ in range(self.workers))
        )

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=False)

    async def draw(self, key: str, state: Any, *, previous: Any = None, last: Any = None) -> bytes:
        self.waiting += 1
        try:
            async with self.limit:
                png, ms = await self._run(key, state, previous, last)
        except RenderError:
            raise
        except Exception as err:
            raise RenderError(f"drawing a {key} board failed: {err!r}") from err
        finally:
            self.waiting -= 1
        self.timings.append(ms)
        del self.timings[:-1000]
        return png

    async def _run(self, key: str, state: Any, previous: Any, last: Any) -> tuple[bytes, float]:
        if self._pool is None:
            return await asyncio.to_thread(_draw, key, state, previous, last)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, _draw, key, state, previous, last)
        except BrokenProcessPool:
            log.error("a render worker died; starting a new pool")
            self._pool = self._new_pool()
            return await asyncio.to_thread(_draw, key, state, previous, last)

    async def run(self, fn: Callable[..., T], *args: Any, timeout: float | None = None) -> T:
        """``fn(*args)`` in a worker (a module-level function and picklable arguments), or in
        a thread without workers; ``TimeoutError`` after ``timeout`` seconds."""
        if self._pool is None:
            job = asyncio.to_thread(fn, *args)
        else:
            job = asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        try:
            return await asyncio.wait_for(job, timeout)
        except BrokenProcessPool:
            log.error("a worker died; starting a new pool")
            self._pool = self._new_pool()
            raise

    async def replay(self, data: dict[str, Any]) -> tuple[bytes, int, int]:
        """A match's animation (``bot.replays.animation`` of its export), built in a worker
        so other matches' pictures do not wait for it: (GIF, frames, moves)."""
        async with self.limit:
            if self._pool is None:
                return await asyncio.to_thread(_replay, data)
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self._pool, _replay, data)
            except BrokenProcessPool:
                log.error("a render worker died; starting a new pool")
                self._pool = self._new_pool()
                return await asyncio.to_thread(_replay, data)
