"""The computer seats: the lobby's rules for them, and the driver that plays their turns."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.computers import Computers, decide_index, decision_rng, easy_action
from bot.matches import Match, MatchService, Refusal
from bot.render_pool import Renderer
from bot.store import open_store
from bot.texts import compose, everyone, mention
from games import policies

CHANNEL = 500
ALICE, BOB = 11, 22


@dataclass
class StubBot:
    """What the driver needs of the bot: the match service and the worker pool."""

    service: MatchService
    renderer: Renderer = field(default_factory=lambda: Renderer(0))


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[StubBot]:
    store = await open_store(tmp_path / "computers.sqlite3")
    try:
        yield StubBot(MatchService(store, seed_source=lambda: 85))
    finally:
        await store.close()


async def lobby(bot: StubBot, game: str, *levels: str, channel: int = CHANNEL) -> Match:
    return await bot.service.create(
        game, guild_id=1, channel_id=channel, user_id=ALICE, name="alice", computers=levels
    )


async def story_kinds(bot: StubBot, match_id: int) -> list[tuple[int, str]]:
    rows = await bot.service.store.outbox.stories(match_id, -1, 10**9)
    return [(int(r.ply), json.loads(r.payload)["kind"]) for r in rows]


# The lobby --------------------------------------------------------------------------------------


async def test_computer_seats_are_named_numbered_and_have_their_own_negative_ids(
    bot: StubBot,
) -> None:
    match = await lobby(bot, "farm", "strong", "easy")
    assert [(s.name, s.computer) for s in match.seats] == [
        ("alice", None),
        ("Computer 1 (strong)", "strong"),
        ("Computer 2 (easy)", "easy"),
    ]
    other = await lobby(bot, "farm", "easy", channel=CHANNEL + 1)
    ids = [s.user_id for m in (match, other) for s in m.seats if s.computer]
    assert all(i < 0 for i in ids) and len(set(ids)) == 3, "unique across matches"
    # the numbers of removed computers are used again, the others keep theirs
    service = bot.service
    match = await service.remove_computer(
        CHANNEL, "farm", user_id=ALICE, computer_id=match.seats[1].user_id
    )
    match = await service.add_computer(CHANNEL, "farm", user_id=ALICE, level="easy")
    assert [s.name for s in match.seats] == ["alice", "Computer 2 (easy)", "Computer 1 (easy)"]
    assert mention(match, 1) == "🤖 Computer 2 (easy)" and everyone(match) == f"<@{ALICE}>"
    # a person who took a computer's name keeps it; the computer takes the next number
    await service.join(CHANNEL, "farm", user_id=BOB, name="computer 3 (easy)")
    match = await service.add_computer(CHANNEL, "farm", user_id=ALICE, level="easy")
    assert match.seats[-1].name == "Computer 4 (easy)"
    with pytest.raises(Refusal, match="easy or strong"):
        await lobby(bot, "farm", "hard", channel=CHANNEL + 2)


async def test_only_the_host_seats_computers_within_the_game_limit(bot: StubBot) -> None:
    service = bot.service
    match = await lobby(bot, "horseplay", "easy")
    await service.join(CHANNEL, "horseplay", user_id=BOB, name="bob")
    for call in (
        service.add_computer(CHANNEL, "horseplay", user_id=BOB, level="easy"),
        service.remove_computer(
            CHANNEL, "horseplay", user_id=BOB, computer_id=match.seats[1].user_id
        ),
    ):
        with pytest.raises(Refusal, match=r"Only the host \(alice\)"):
            await call
    with pytest.raises(Refusal, match="easy or strong"):
        await service.add_computer(CHANNEL, "horseplay", user_id=ALICE, level="genius")
    with pytest.raises(Refusal, match="no longer in this lobby"):
        await service.remove_computer(CHANNEL, "horseplay", user_id=ALICE, computer_id=BOB)
    await service.add_computer(CHANNEL, "horseplay", user_id=ALICE, level="strong")
    with pytest.raises(Refusal, match=r"full \(4 players\)"):
        await service.add_computer(CHANNEL, "horseplay", user_id=ALICE, level="strong")
    with pytest.raises(Refusal, match="at most 4 players"):
        await lobby(bot, "horseplay", *["easy"] * 4, channel=CHANNEL + 1)
    assert len((await service.get(match.id)).seats) == 4, "refusals change nothing"
    # the people leave: computers alone do not keep the lobby open
    await service.leave(CHANNEL, "horseplay", user_id=BOB)
    closed = await service.leave(CHANNEL, "horseplay", user_id=ALICE)
    assert closed.status == "abandoned"


# The driver -------------------------------------------------------------------------------------


async def test_computers_play_in_turn_until_the_person_must_act(bot: StubBot) -> None:
    service = bot.service
    match = await lobby(bot, "horseplay", "strong", "easy", "strong")
    match = await service.start(CHANNEL, "horseplay", user_id=ALICE)
    driver = Computers(bot)  # type: ignore[arg-type]
    assert await driver.play(match.id) is None, "the person opens: nothing to play"
    moved = await service.act(match.id, ALICE, index=0)
    assert moved.match.computer_to_act() == 1
    # waiting on a computer: the clock sees it at once (a restart resumes it)
    assert match.id in [r.id for r in await service.store.clock.due(time.time())]
    last = await driver.play(match.id)
    assert last is not None
    after = await service.get(match.id)
    assert after.to_act() == (0,) and after.ply == 4
    history = await service.history(match.id)
    assert [h["seat"] for h in history] == [0, 1, 2, 3]
    assert [k for _, k in await story_kinds(bot, match.id)] == [
        "start",
        "move",
        "computer",
        "computer",
        "computer",
    ]
    assert after.next_check() != after.turn_started_at, "the person's turn is not due at once"
    text = compose(after)
    assert text.endswith(f"<@{ALICE}> (Gold), your move.") or f"<@{ALICE}>" in text
    assert await service.replay(match.id) == after.state


async def test_a_failing_strong_computer_plays_the_easy_move_and_logs_it(
    bot: StubBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    strong = type(policies.get("farm", "strong"))

    def broken(*_: Any) -> Any:
        raise RuntimeError("the strong player broke")

    monkeypatch.setattr(strong, "pick", broken)
    service = bot.service
    match = await lobby(bot, "farm", "strong")
    await service.start(CHANNEL, "farm", user_id=ALICE)
    driver = Computers(bot)  # type: ignore[arg-type]
    for _ in range(40):  # until the computer has a choice to make (not just a roll)
        await service.act(match.id, ALICE, text="roll")
        waiting = await service.get(match.id)
        assert waiting.computer_to_act() == 1
        if len(waiting.rules.legal_actions(waiting.state, 1)) > 1:
            break
        await driver.play(match.id)
    expected = easy_action(waiting, 1)
    with caplog.at_level(logging.ERROR, logger="bot.computers"):
        assert await driver.play(match.id) is not None
    first = (await service.history(match.id, limit=1000))[waiting.ply]
    assert first["seat"] == 1
    assert first["notation"] == waiting.rules.format_action(waiting.state, expected)
    assert any("failed" in r.getMessage() and "easy move" in r.getMessage() for r in caplog.records)
    after = await service.get(match.id)
    assert after.status == "finished" or after.to_act()[0] == 0, "the match went on"


async def test_a_slow_decision_plays_the_easy_move_after_the_time_budget(
    bot: StubBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    strong = type(policies.get("horseplay", "strong"))

    def slow(*_: Any) -> Any:
        time.sleep(1.0)
        return 0

    monkeypatch.setattr(strong, "pick", slow)
    service = bot.service
    match = await lobby(bot, "horseplay", "strong")
    await service.start(CHANNEL, "horseplay", user_id=ALICE)
    await service.act(match.id, ALICE, index=0)
    waiting = await service.get(match.id)
    expected = waiting.rules.format_action(waiting.state, easy_action(waiting, 1))
    driver = Computers(bot, budget=0.05)  # type: ignore[arg-type]
    started = time.perf_counter()
    with caplog.at_level(logging.ERROR, logger="bot.computers"):
        await driver.play(match.id)
    assert time.perf_counter() - started < 0.9, "the match did not wait for the slow player"
    assert (await service.history(match.id))[1]["notation"] == expected
    assert any("took over" in r.getMessage() for r in caplog.records)


async def test_decisions_in_worker_processes_match_the_thread_and_replay(bot: StubBot) -> None:
    service = bot.service
    match = await lobby(bot, "farm", "strong")
    match = await service.start(CHANNEL, "farm", user_id=ALICE)
    await service.act(match.id, ALICE, text="roll")
    waiting = await service.get(match.id)
    args = ("farm", "strong", waiting.state, 1, waiting.seed, waiting.ply)
    pool = Renderer(1)
    await pool.start()
    try:
        in_process = await pool.run(decide_index, *args, timeout=30)
    finally:
        await pool.close()
    assert in_process == decide_index(*args), "the same seed and ply give the same move"
    menu = waiting.rules.legal_actions(waiting.state, 1)
    chosen = policies.get("farm", "strong").choose(
        waiting.state, 1, rng=decision_rng(waiting.seed, waiting.ply), actions=menu
    )
    assert menu[in_process] is chosen


async def test_computers_answer_moves_made_while_the_clock_is_paused(bot: StubBot) -> None:
    service = bot.service
    match = await lobby(bot, "horseplay", "easy")
    await service.start(CHANNEL, "horseplay", user_id=ALICE)
    now = time.time()
    assert await service.store.clock.pause(match.id, now, now + 3600, ALICE)
    await service.act(match.id, ALICE, index=0)
    paused = await service.get(match.id)
    assert paused.paused and paused.computer_to_act() == 1
    assert paused.next_check() == now + 3600, "the clock itself waits for the pause's end"
    assert await Computers(bot).play(match.id) is not None  # type: ignore[arg-type]
    assert (await service.get(match.id)).to_act() == (0,)
