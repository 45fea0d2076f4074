"""The worker pool: answers, home workers, errors, a worker that dies, timeouts, cancelling,
closing."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import AsyncIterator

import pytest

from bot.render_pool import Renderer, RenderError
from bot.workers import WorkerError, WorkerPool
from games import get as rules_of
from games.rng import SeededRng


@contextlib.asynccontextmanager
async def started(size: int) -> AsyncIterator[WorkerPool]:
    pool = WorkerPool(size)
    await pool.start()
    try:
        yield pool
    finally:
        await pool.close()


def square(x: int) -> int:
    return x * x


def fail(message: str) -> None:
    raise ValueError(message)


def nap(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def whose(_: int) -> int:
    return os.getpid()


def die() -> None:
    os._exit(3)


def cannot_start() -> None:
    os._exit(4)


def big(n: int) -> bytes:
    return bytes(range(256)) * (n // 256)


async def test_jobs_answer_in_workers_in_any_number() -> None:
    async with started(2) as pool:
        assert len(set(pool.pids)) == 2 and os.getpid() not in pool.pids
        answers = await asyncio.gather(*(pool.submit(square, i) for i in range(50)))
        assert answers == [i * i for i in range(50)]
        # a big answer and a big job both cross the pipe whole
        payload = await pool.submit(big, 3 << 20)
        assert payload == big(3 << 20)
        assert await pool.submit(len, b"x" * (2 << 20)) == 2 << 20


async def test_an_error_in_a_job_reaches_the_caller_and_the_worker_goes_on() -> None:
    async with started(1) as pool:
        with pytest.raises(ValueError, match="bad move"):
            await pool.submit(fail, "bad move")
        assert await pool.submit(square, 7) == 49


async def test_a_worker_that_dies_fails_its_job_and_is_replaced() -> None:
    async with started(1) as pool:
        first = pool.pids
        dying = pool.submit(die)
        waiting = pool.submit(square, 3)  # queued behind the job that kills its worker
        with pytest.raises(WorkerError, match="died"):
            await dying
        assert await waiting == 9, "the job behind it ran on the new worker"
        assert pool.pids and pool.pids != first
        killed = pool.pids[0]
        os.kill(killed, signal.SIGKILL)  # killed from outside while idle
        for _ in range(200):
            if pool.pids and killed not in pool.pids and len(pool.idle) == 1:
                break
            await asyncio.sleep(0.02)
        assert await pool.submit(square, 4) == 16


async def test_a_matchs_jobs_go_to_its_home_worker_or_to_an_idle_one_when_it_is_busy() -> None:
    async with started(2) as pool:
        for home in (7, 8):
            ran = {await pool.submit(whose, i, home=home) for i in range(6)}
            assert ran == {pool.workers[home % 2].process.pid}
        # its home busy, the idle worker takes the job at once
        busy = pool.submit(nap, 0.5, home=7)
        await asyncio.sleep(0.05)
        started_at = time.monotonic()
        assert await pool.submit(whose, 0, home=7) == pool.workers[8 % 2].process.pid
        assert time.monotonic() - started_at < 0.3 and not busy.done()
        assert await busy == 0.5


async def test_a_cancelled_or_timed_out_job_does_not_block_the_others() -> None:
    async with started(1) as pool:
        slow = pool.submit(nap, 0.3)
        dropped = pool.submit(square, 5)
        dropped.cancel()  # still waiting: never sent
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(asyncio.shield(slow), 0.05)
        assert await pool.submit(square, 6) == 36  # after the slow job, not the dropped one
        assert slow.done() and slow.result() == 0.3


async def test_closing_stops_every_worker() -> None:
    pool = WorkerPool(2)
    await pool.start()
    pids = pool.pids
    await pool.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    with pytest.raises(WorkerError):
        pool.submit(square, 2)


async def test_renderer_draws_in_warm_workers_and_reports_a_dead_one_as_a_render_error() -> None:
    renderer = Renderer(1)
    await renderer.start()
    try:
        rules = rules_of("farm")
        state = rules.new_game(["Ann", "Bob"], rng=SeededRng(1, 0))
        png = await renderer.draw("farm", state)
        assert png.startswith(b"\x89PNG")
        assert renderer.timings and renderer.timings[-1] < 1000, "the worker was warm"
        with pytest.raises(RenderError):
            await renderer.draw("farm", object())  # not a state: the picture fails
        assert (await renderer.draw("farm", state)) == png
    finally:
        await renderer.close()


def _where_warmed() -> tuple[int, int, int, bool]:
    from bot import drawing, render_template

    return os.getpid(), os.getppid(), render_template.PID, bool(drawing._warmed)


async def test_renderer_workers_are_forked_from_one_warmed_template() -> None:
    """Warm-up happened once, in the process the workers were forked from, not in each."""
    renderer = Renderer(2)
    await renderer.start()
    try:
        assert renderer._pool is not None
        seen = {await renderer._pool.submit(_where_warmed, home=n) for n in range(2)}
        for pid, parent, warmed_in, warm in seen:
            assert warm and pid in renderer.pids
            assert warmed_in == parent != pid
        assert len({warmed_in for _, _, warmed_in, _ in seen}) == 1
    finally:
        await renderer.close()


async def test_workers_that_cannot_start_leave_the_pictures_to_the_bots_own_process() -> None:
    pool = WorkerPool(1, initializer=cannot_start)
    await pool.start()  # gives up after a few tries instead of starting workers forever
    try:
        assert pool.broken and not pool.workers
        with pytest.raises(WorkerError, match="broken"):
            pool.submit(square, 2)
    finally:
        await pool.close()
    renderer = Renderer(1)
    renderer._pool = pool  # as if its workers had died like these
    state = rules_of("farm").new_game(["Ann", "Bob"], rng=SeededRng(1, 0))
    assert (await renderer.draw("farm", state)).startswith(b"\x89PNG")


async def test_a_full_picture_queue_makes_pictures_wait_their_turn_and_drops_none() -> None:
    renderer = Renderer(1, queue=2)
    await renderer.start()
    try:
        rules = rules_of("farm")
        states = [rules.new_game([f"Ann {n}", "Bob"], rng=SeededRng(n, 0)) for n in range(7)]
        pictures = [renderer.draw_soon("farm", s, home=1) for s in states]
        # two jobs went out at once; the others wait in this process, in order
        assert renderer.slots.held == 2 and renderer.waiting == 7
        gone = pictures.pop(3)
        gone.cancel()  # a move that gave up on its picture frees its place in line
        lost = pictures.pop(0)
        lost.cancel()  # one already with a worker: its answer is dropped, its slot given back
        drawn = await asyncio.gather(*pictures)
        alone = [await renderer.draw("farm", states[k]) for k in (1, 2, 4, 5, 6)]
        assert drawn == alone, "each picture is its own board's, none lost or mixed up"
        assert len(set(alone)) == 5 and all(png.startswith(b"\x89PNG") for png in alone)
        assert renderer.slots.held == 0 and renderer.waiting == 0
    finally:
        await renderer.close()


async def test_a_picture_asked_for_is_with_a_worker_before_the_caller_goes_on() -> None:
    renderer = Renderer(1)
    await renderer.start()
    try:
        state = rules_of("farm").new_game(["Ann", "Bob"], rng=SeededRng(1, 0))
        assert renderer._pool is not None
        picture = renderer.draw_soon("farm", state)
        # no await in between: the job is already in the worker's hands
        assert not renderer._pool.idle and renderer._pool.workers[0].job is not None
        assert (await picture).startswith(b"\x89PNG")
    finally:
        await renderer.close()


def counting(n: int) -> int:
    from bot.workers import tell

    for i in range(n):
        tell(i)
    return n


async def test_a_job_tells_how_far_it_is_while_it_runs() -> None:
    heard: list[int] = []
    async with started(1) as pool:
        assert await pool.submit(counting, 3, told=heard.append) == 3
        assert heard == [0, 1, 2], "each word heard, in order, before the answer"
        assert await pool.submit(counting, 2) == 2, "a job nobody listens to runs the same"
        assert heard == [0, 1, 2]


def _short_farm_match() -> dict:
    from bot.analysis_job import job_data
    from bot.store import LoggedAction
    from games import policies

    rules, easy = rules_of("farm"), policies.get("farm", "easy")
    state = rules.new_game(["Ann", "Bob"], rng=SeededRng(5, 0))
    rows = []
    for ply in range(1, 9):
        seat = rules.to_act(state)[0]
        action = easy.choose(state, seat, rng=SeededRng("t", ply))
        rows.append(LoggedAction(ply, seat, None, rules.format_action(state, action)))
        state = rules.apply(state, seat, action, rng=SeededRng(5, ply)).state
    return job_data(1, "farm", ["Ann", "Bob"], 5, {}, {}, [0, 1], rows)


async def test_a_report_is_worked_out_by_a_process_of_its_own_while_boards_are_drawn() -> None:
    renderer = Renderer(1)
    await renderer.start()
    try:
        heard: list[float] = []
        report = asyncio.ensure_future(
            renderer.analyse(_short_farm_match(), "pl", 2.0, 64, heard.append)
        )
        while not heard:  # under way
            await asyncio.sleep(0.01)
        state = rules_of("farm").new_game(["Ann", "Bob"], rng=SeededRng(1, 0))
        png = await renderer.draw("farm", state)
        assert png.startswith(b"\x89PNG") and not report.done(), "the board did not wait"
        assert renderer.slots.held == 0, "the report holds none of the pictures' slots"
        found, chart, alt = await report
        assert renderer._analysis_pool is not None
        assert not set(renderer._analysis_pool.pids) & set(renderer.pids), "its own process"
        assert len(found["curve"]) == 9 and list(found["names"]) == ["Ann", "Bob"]
        assert chart.startswith(b"\x89PNG") and "Szansa" in alt, "the chart in Polish"
        assert heard and heard == sorted(heard) and heard[-1] <= 1.0
    finally:
        await renderer.close()


def hold(mb: int) -> int:
    """Keeps ``mb`` MB in this worker for good (a worker that grows)."""
    _held.append(bytearray(mb * 1024 * 1024))
    return os.getpid()


_held: list[bytearray] = []


async def test_a_worker_past_its_memory_is_renewed_without_failing_a_job() -> None:
    from bot import workers

    pool = WorkerPool(1, renew_mb=40.0)
    await pool.start()
    try:
        first = pool.pids[0]
        # queued together: the one answered when it leaves must not lose the ones behind it
        jobs = [pool.submit(hold, 2) for _ in range(2 * workers.RENEW_CHECK)]
        pids = await asyncio.gather(*jobs)
        assert pids[0] == first
        assert pids[-1] != first, "the worker past 40 MB of its own was renewed"
        assert pool.renewed >= 1
        assert await pool.submit(square, 5) == 25
    finally:
        await pool.close()


def test_the_workers_template_imports_nothing_of_the_bots_event_loop_store_or_discord() -> None:
    """Every module the template imports is memory each worker carries: the drawing needs
    neither asyncio, nor the store, nor discord.py."""
    import subprocess
    import sys

    probe = "import sys, bot.render_template; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "bot.render_template" in loaded and "render" in loaded
    unwanted = ("asyncio", "discord", "aiohttp", "aiosqlite", "bot.store", "bot.analysis_job")
    assert [m for m in loaded if any(m == u or m.startswith(u + ".") for u in unwanted)] == []
