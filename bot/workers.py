"""Worker processes driven straight from the event loop: no helper threads, one pipe each.

``concurrent.futures.ProcessPoolExecutor`` hands every job through two threads of the bot's
process (a feeder that pickles it, a manager that reads the result) and wakes each of them;
for a board picture that costs about as much CPU as a third of the drawing. Here each worker
has one pipe, the event loop writes a job to an idle worker and reads its answer when the
pipe is readable (``loop.add_reader``), and a worker that dies is noticed through its process
sentinel the same way.

- One job at a time per worker, the rest wait in order in this process, so a write never
  finds a busy worker's pipe full.
- ``submit(fn, *args)`` returns a future; cancelling it drops a waiting job, or discards the
  answer of one already running (the worker finishes it on its own, as after a timeout).
- ``submit(..., home=n)``: jobs with the same ``home`` (a match's pictures) go to the same
  worker whenever it is idle, so the caches it built for that match's last picture serve the
  next one (a board shares most of its pieces and rows with the one before); a busy home
  worker is not waited for, any idle one takes the job.
- A job that raises fails its future with that exception (or ``WorkerError`` if it cannot be
  sent back); a worker that dies fails its job with ``WorkerError`` and is replaced.
- A job may tell how far it is (``tell(value)`` in the worker, for long work such as a
  post-game report): ``submit(..., told=callback)`` gets each value in the event loop.
- Each worker runs ``initializer`` before it reports ready; ``start()`` waits for all.
- ``renew_mb``: a worker whose own memory (the pages it does not share with the template or
  the other workers) has passed that many megabytes leaves after the job it answered, and a
  new one, forked from the template with its caches empty, takes its place: whatever a long
  run piles up in a worker (caches refilled again and again leave the heap in pieces, some
  never handed back) is given back whole. It measures itself every ``RENEW_CHECK`` jobs.
- ``template`` (a module name): the workers are forked from one fork server that imported
  it first (``multiprocessing``'s ``forkserver``), so what importing it built is shared by
  every worker, copy on write; without it each worker is a fresh interpreter (``spawn``).

The worker's side (its life, the frames on its pipe, ``tell``) is ``bot.worker_side``, which
imports no ``asyncio``: a worker holds none of this module's.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import multiprocessing
import os
import pickle
import sys
import types
from collections.abc import Callable, Iterator
from multiprocessing.context import BaseContext
from typing import TypeVar, cast

from bot.worker_side import (
    HEADER,
    RENEW_CHECK,
    WorkerError,
    own_mb,
    tell,
    worker_main,
    write_frame,
)

__all__ = ["RENEW_CHECK", "WorkerError", "WorkerPool", "own_mb", "tell"]

log = logging.getLogger(__name__)

T = TypeVar("T")
#: hears what a job tells of itself (``tell``): how far it is, a share of its work done
Listener = Callable[[float], None]
#: a job's future as the pool keeps it (each caller's has its job's own result type)
Job = asyncio.Future[object]

#: how long ``close`` waits for a worker to leave before killing it
CLOSE_GRACE = 5.0
MAX_START_FAILURES = 3


@contextlib.contextmanager
def _main_left_out() -> Iterator[None]:
    """While a worker starts, no ``__main__`` for ``multiprocessing`` to re-import in it: for
    ``python -m bot`` that would be the whole bot (discord.py, the database...) in every
    worker, none of which a worker uses. (The event loop's thread alone starts workers.)"""
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


class _Worker:
    def __init__(self, pool: WorkerPool) -> None:
        context: BaseContext
        if pool.template is None:
            context = multiprocessing.get_context("spawn")
        else:
            forkserver = multiprocessing.get_context("forkserver")
            # read when the fork server starts (the first worker of this process)
            forkserver.set_forkserver_preload([pool.template])
            context = forkserver
        parent, child = context.Pipe(duplex=True)
        self.process = context.Process(
            target=worker_main, args=(child, pool.initializer, pool.renew_mb), daemon=True
        )
        with _main_left_out():
            self.process.start()
        child.close()
        self.conn = parent
        self.fd = parent.fileno()
        os.set_blocking(self.fd, False)
        self.buffer = bytearray()
        self.ready: asyncio.Future[int] = pool.loop.create_future()
        #: the job being worked on (None when idle or before ready), and who hears what it
        #: tells of itself
        self.job: Job | None = None
        self.told: Listener | None = None
        #: its process has ended (its last answers may still be read); retired, for good
        self.exited = False
        self.dead = False
        #: it said it leaves to be renewed (``renew_mb``): its end is no failure
        self.leaving = False

    def frames(self) -> list[bytes] | None:
        """Whatever whole frames have arrived; None when the pipe is closed."""
        closed = False
        while True:
            try:
                chunk = os.read(self.fd, 1 << 20)
            except BlockingIOError:
                break
            except OSError:
                closed = True
                break
            if not chunk:
                closed = True
                break
            self.buffer += chunk
        out = []
        while len(self.buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self.buffer)
            if len(self.buffer) < HEADER.size + size:
                break
            out.append(bytes(self.buffer[HEADER.size : HEADER.size + size]))
            del self.buffer[: HEADER.size + size]
        if closed and not out:
            return None
        return out


class WorkerPool:
    def __init__(
        self,
        size: int,
        *,
        initializer: Callable[[], None] | None = None,
        template: str | None = None,
        renew_mb: float | None = None,
    ) -> None:
        if size < 1:
            raise ValueError("a worker pool needs at least one worker")
        self.size = size
        self.initializer = initializer
        self.template = template
        self.renew_mb = renew_mb
        #: workers that left to be renewed, and replaced
        self.renewed = 0
        self.loop = asyncio.get_running_loop()
        self.workers: list[_Worker] = []
        self.idle: collections.deque[_Worker] = collections.deque()
        self.waiting: collections.deque[tuple[Job, bytes, int | None]] = collections.deque()
        #: the waiting jobs' ``told`` callbacks
        self.listeners: dict[Job, Listener] = {}
        self.closed = False
        #: workers in a row that died before they were ready; at ``MAX_START_FAILURES`` the
        #: pool stops starting new ones (``broken``) rather than loop on a worker that cannot
        #: start (a missing module, no memory)
        self.start_failures = 0
        self.broken = False

    async def start(self) -> None:
        """Start every worker and wait until each has warmed up (a worker that dies on the
        way is replaced; if none can start, the pool is ``broken``)."""
        for _ in range(self.size):
            self._spawn()
        while not self.broken:
            starting = [w.ready for w in self.workers if not w.ready.done()]
            if not starting:
                return
            await asyncio.wait(starting, return_when=asyncio.FIRST_COMPLETED)

    @property
    def pids(self) -> list[int]:
        return [w.process.pid for w in self.workers if w.process.pid is not None]

    def _spawn(self) -> _Worker:
        worker = _Worker(self)
        self.workers.append(worker)
        self.loop.add_reader(worker.fd, self._readable, worker)
        self.loop.add_reader(worker.process.sentinel, self._died, worker)
        return worker

    def submit(
        self,
        fn: Callable[..., T],
        *args: object,
        home: int | None = None,
        told: Listener | None = None,
    ) -> asyncio.Future[T]:
        if self.closed or self.broken:
            raise WorkerError(f"the worker pool is {'closed' if self.closed else 'broken'}")
        result: asyncio.Future[T] = self.loop.create_future()
        # kept untyped here: what comes back from the worker is ``fn``'s result
        future = cast(Job, result)
        if told is not None:
            self.listeners[future] = told
            future.add_done_callback(lambda f: self.listeners.pop(f, None))
        payload = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
        self.waiting.append((future, payload, home))
        self._dispatch()
        return result

    def _idle_worker(self, home: int | None) -> _Worker:
        """The job's home worker if it is idle, else the one idle longest."""
        if home is not None and self.workers:
            preferred = self.workers[home % len(self.workers)]
            if preferred in self.idle:
                self.idle.remove(preferred)
                return preferred
        return self.idle.popleft()

    def _dispatch(self) -> None:
        while self.idle and self.waiting:
            future, payload, home = self.waiting.popleft()
            if future.done():  # cancelled while it waited
                continue
            worker = self._idle_worker(home)
            worker.job, worker.told = future, self.listeners.get(future)
            try:
                write_frame(worker.fd, payload)
            except OSError as err:
                worker.job = None
                if not future.done():
                    future.set_exception(WorkerError(f"a worker could not be reached: {err}"))
                self._retire(worker)

    def _readable(self, worker: _Worker) -> None:
        frames = worker.frames()
        if frames is None:
            self._retire(worker)
            return
        for frame in frames:
            try:
                kind, value = pickle.loads(frame)
            except Exception as err:  # e.g. an exception class that won't load
                kind, value = "err", WorkerError(f"the answer could not be read: {err!r}")
            if kind == "ready":
                if not worker.ready.done():
                    worker.ready.set_result(value)
                self.start_failures = 0
                if not worker.exited:
                    self.idle.append(worker)
                continue
            if kind == "leaving":  # its last answer follows; it takes no new job
                worker.leaving = worker.exited = True
                continue
            if kind == "told":
                if worker.told is not None and worker.job is not None and not worker.job.done():
                    try:
                        worker.told(value)
                    except Exception:
                        log.exception("a job's listener failed")
                continue
            job, worker.job, worker.told = worker.job, None, None
            if job is not None and not job.done():
                if kind == "ok":
                    job.set_result(value)
                else:
                    job.set_exception(value)
            if not worker.exited:  # a process that has ended takes no new job
                self.idle.append(worker)
        self._dispatch()

    def _died(self, worker: _Worker) -> None:
        # an answer written just before the end is still in the pipe: take it first
        worker.exited = True
        if not worker.dead:
            self._readable(worker)
        self._retire(worker)

    def _retire(self, worker: _Worker) -> None:
        if worker.dead:
            return
        worker.dead = True
        with contextlib.suppress(Exception):
            self.loop.remove_reader(worker.fd)
        with contextlib.suppress(Exception):
            self.loop.remove_reader(worker.process.sentinel)
        with contextlib.suppress(ValueError):
            self.idle.remove(worker)
        with contextlib.suppress(ValueError):
            self.workers.remove(worker)
        worker.conn.close()
        failure = WorkerError(f"a worker process died (exit code {worker.process.exitcode})")
        if not worker.ready.done():
            worker.ready.set_exception(failure)
            worker.ready.exception()  # (retrieved: nobody may be waiting for it)
            self.start_failures += 1
        if worker.job is not None and not worker.job.done():
            worker.job.set_exception(failure)
        worker.job = None
        if self.closed:
            return
        if worker.leaving:
            self.renewed += 1
            log.info("a worker past %s MB of its own memory renewed", self.renew_mb)
            self._spawn()
            return
        if self.start_failures >= MAX_START_FAILURES:
            log.error(
                "%s before it was ready, %d times in a row; no more workers",
                failure,
                self.start_failures,
            )
            self.broken = True
            for future, _, _ in self.waiting:
                if not future.done():
                    future.set_exception(WorkerError("no worker process can start"))
            self.waiting.clear()
            return
        log.error("%s; starting another", failure)
        self._spawn()

    async def close(self, grace: float = CLOSE_GRACE) -> None:
        """Let the workers finish their jobs and leave (killed after ``grace`` seconds)."""
        self.closed = True
        for future, _, _ in self.waiting:
            future.cancel()
        self.waiting.clear()
        workers = list(self.workers)
        for worker in workers:
            with contextlib.suppress(Exception):
                self.loop.remove_reader(worker.process.sentinel)
            with contextlib.suppress(Exception):
                self.loop.remove_reader(worker.fd)
            worker.conn.close()  # the worker reads end-of-file once its job is done

        def join() -> None:
            for worker in workers:
                worker.process.join(grace)
                if worker.process.is_alive():
                    worker.process.kill()
                    worker.process.join()

        await asyncio.to_thread(join)
        for worker in workers:
            if worker.job is not None and not worker.job.done():
                worker.job.set_exception(WorkerError("the worker pool closed"))
        self.workers.clear()
        self.idle.clear()
