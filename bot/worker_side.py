"""A worker process's side of the pool (``bot.workers``): its life, the frames on its pipe,
``tell``, and how much memory it holds of its own.

Nothing here imports ``asyncio`` (nor the store, nor Discord): the workers' template imports
this module, and every module the template imports is memory each worker carries.

Frames on the pipe: an 8-byte big-endian length, then a pickle.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
from collections.abc import Callable
from multiprocessing.connection import Connection

HEADER = struct.Struct("!Q")
#: jobs a worker answers between two readings of its own memory (``renew_mb``)
RENEW_CHECK = 25


class WorkerError(Exception):
    """A worker died during the job, or its answer could not be sent back."""


def write_frame(fd: int, data: bytes) -> None:
    """One whole frame. On the pool's non-blocking end a frame bigger than the pipe holds
    waits for the worker, idle and reading, to take the rest."""
    view = memoryview(HEADER.pack(len(data)) + data)
    while view:
        try:
            view = view[os.write(fd, view) :]
        except BlockingIOError:
            select.select([], [fd], [], 1.0)


def _read_exact(fd: int, n: int) -> bytes | None:
    parts, got = [], 0
    while got < n:
        chunk = os.read(fd, n - got)
        if not chunk:
            return None
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


#: in a worker: its end of the pipe (``tell`` writes there)
_PIPE: list[int] = []


def tell(value: float) -> None:
    """In a worker, during a job: send ``value`` to the job's ``told`` callback (anywhere
    else: nothing)."""
    if _PIPE:
        write_frame(_PIPE[0], pickle.dumps(("told", value)))


def own_mb() -> float:
    """This process's own memory in MB: the pages it alone holds (``Private_*`` of
    ``/proc/self/smaps_rollup``; 0 where there is none to read)."""
    total = 0
    try:
        with open("/proc/self/smaps_rollup") as f:
            for line in f:
                if line.startswith("Private_"):
                    total += int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return total / 1024


def worker_main(
    conn: Connection, initializer: Callable[[], None] | None, renew_mb: float | None = None
) -> None:
    """A worker's whole life: warm up, say so, then answer jobs until the pipe closes (or,
    past ``renew_mb`` of its own memory, leave after saying so)."""
    fd = conn.fileno()
    _PIPE[:] = [fd]
    # Ctrl-C reaches the whole process group: the bot's own process decides when to stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer()
    try:
        write_frame(fd, pickle.dumps(("ready", os.getpid())))
    except OSError:  # the pool closed while this worker started
        return
    answered = 0
    while True:
        header = _read_exact(fd, HEADER.size)
        if header is None:
            return
        body = _read_exact(fd, HEADER.unpack(header)[0])
        if body is None:
            return
        fn, args = pickle.loads(body)
        try:
            answer = ("ok", fn(*args))
        except BaseException as err:  # sent back to the caller
            answer = ("err", err)
        try:
            data = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as err:  # an unpicklable answer or exception
            data = pickle.dumps(("err", WorkerError(f"the answer could not be sent: {err!r}")))
        answered += 1
        # said before the answer, so the pool sends no job after it to a worker that leaves
        leaving = renew_mb is not None and answered % RENEW_CHECK == 0 and own_mb() > renew_mb
        try:
            if leaving:
                write_frame(fd, pickle.dumps(("leaving", None)))
            write_frame(fd, data)
        except OSError:  # the pool closed while this job ran: nobody wants the answer
            return
        if leaving:
            return
