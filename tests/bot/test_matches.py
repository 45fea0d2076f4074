"""The match service: lobbies, guarded moves, the action log, persistence."""

from __future__ import annotations

import asyncio
import json

import pytest

import games
from bot.matches import MatchService, Refusal
from bot.store import open_store
from bot.store.schema import MIGRATIONS
from games.base import InvalidOptions, NotYourTurn

CHANNEL = 500
ALICE, BOB, CAROL = 11, 22, 33


@pytest.fixture
async def service(store_url: str):
    db = await open_store(store_url)
    try:
        yield MatchService(db, seed_source=lambda: 85)
    finally:
        await db.close()


async def started(service: MatchService, players=((ALICE, "alice"), (BOB, "bob")), **options):
    (host, host_name), *others = players
    await service.create(
        "farm", guild_id=1, channel_id=CHANNEL, user_id=host, name=host_name, options=options
    )
    for user, name in others:
        await service.join(CHANNEL, "farm", user_id=user, name=name)
    return await service.start(CHANNEL, "farm", user_id=host)


async def test_schema_is_migrated_to_the_latest_version(store_url: str) -> None:
    db = await open_store(store_url)
    assert await db.version() == max(MIGRATIONS)
    await db.close()
    db = await open_store(store_url)  # reopening migrates nothing twice
    assert await db.version() == max(MIGRATIONS)
    await db.close()


async def test_lobby_join_leave_start(service: MatchService) -> None:
    match = await service.create(
        "farm", guild_id=1, channel_id=CHANNEL, user_id=ALICE, name="alice"
    )
    assert match.status == "lobby" and [s.name for s in match.seats] == ["alice"]
    with pytest.raises(Refusal, match="at least 2"):
        await service.start(CHANNEL, "farm", user_id=ALICE)
    await service.join(CHANNEL, "farm", user_id=BOB, name="Alice")
    match = await service.join(CHANNEL, "farm", user_id=CAROL, name="carol")
    assert [s.name for s in match.seats] == ["alice", "Alice 2", "carol"], "names stay unique"
    with pytest.raises(Refusal, match="already joined"):
        await service.join(CHANNEL, "farm", user_id=BOB, name="bob")
    match = await service.leave(CHANNEL, "farm", user_id=ALICE)
    assert match.host_id == BOB and [s.seat for s in match.seats] == [0, 1]
    with pytest.raises(Refusal, match="Only the host"):
        await service.start(CHANNEL, "farm", user_id=CAROL)
    match = await service.start(CHANNEL, "farm", user_id=BOB)
    assert match.status == "active" and match.to_act() == (0,)
    with pytest.raises(Refusal, match="already started"):
        await service.join(CHANNEL, "farm", user_id=ALICE, name="alice")


async def test_one_live_match_per_channel(service: MatchService) -> None:
    await service.create("farm", guild_id=1, channel_id=CHANNEL, user_id=ALICE, name="alice")
    with pytest.raises(Refusal, match="already a Super Farmer match here"):
        await service.create("farm", guild_id=1, channel_id=CHANNEL, user_id=BOB, name="bob")
    other = await service.create(
        "farm", guild_id=1, channel_id=CHANNEL + 1, user_id=BOB, name="bob"
    )
    assert other.channel_id == CHANNEL + 1


async def test_bad_options_are_refused_before_anything_is_saved(service: MatchService) -> None:
    with pytest.raises(InvalidOptions):
        await service.create(
            "farm",
            guild_id=1,
            channel_id=CHANNEL,
            user_id=ALICE,
            name="alice",
            options={"turbo": True},
        )
    assert await service.live_in(CHANNEL) is None


async def test_moves_are_checked_logged_and_replayable(service: MatchService) -> None:
    match = await started(service)
    with pytest.raises(NotYourTurn):
        await service.act(match.id, BOB, text="roll")
    with pytest.raises(Refusal, match="not playing"):
        await service.act(match.id, CAROL, text="roll")
    result = await service.act(match.id, ALICE, ply=0, index=0)
    assert result.notation == "roll" and result.match.ply == 1
    assert any(e.kind == "roll" for e in result.events)
    with pytest.raises(Refusal, match="out of date"):
        await service.act(match.id, BOB, ply=0, index=0)
    with pytest.raises(NotYourTurn, match="waiting on bob"):
        await service.act(match.id, ALICE, ply=1, seat=0, index=0)
    await service.act(match.id, BOB, ply=1, seat=1, index=0)
    history = await service.history(match.id)
    assert [(h["ply"], h["seat"], h["notation"]) for h in history] == [
        (1, 0, "roll"),
        (2, 1, "roll"),
    ]
    stored = await service.get(match.id)
    assert await service.replay(match.id) == stored.state


async def test_simultaneous_clicks_apply_once(service: MatchService) -> None:
    match = await started(service)
    results = await asyncio.gather(
        *(service.act(match.id, ALICE, ply=0, index=0) for _ in range(5)), return_exceptions=True
    )
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Refusal | NotYourTurn)]
    assert len(applied) == 1 and len(refused) == 4
    assert (await service.get(match.id)).ply == 1


async def test_a_match_nobody_is_moving_holds_no_lock(service: MatchService) -> None:
    """A bot that runs for months keeps no lock per match it ever saw: only while a move (or
    a click racing it) holds or waits for one."""
    match = await started(service)
    lock = service.lock(match.id)
    assert service.lock(match.id) is lock, "one lock per match while it is held"
    async with lock:
        racing = asyncio.ensure_future(service.act(match.id, ALICE, ply=0, index=0))
        await asyncio.sleep(0.05)
        assert not racing.done(), "a move waits for the match's lock"
    await racing
    del lock
    assert len(service._locks) == 0, "nothing kept once nobody holds or waits for it"


async def test_state_survives_reopening_the_database(store_url: str) -> None:
    path = store_url
    db = await open_store(path)
    service = MatchService(db, seed_source=lambda: 7)
    match = await started(service)
    await service.act(match.id, ALICE, text="roll")
    before = await service.get(match.id)
    await db.close()
    db = await open_store(path)
    again = await MatchService(db).get(match.id)
    assert (again.ply, again.state, again.seats, again.seed) == (
        before.ply,
        before.state,
        before.seats,
        before.seed,
    )
    row = await db.matches.match(match.id)
    assert row is not None and row.state is not None
    assert games.get("farm").load(json.loads(row.state)) == before.state
    await db.close()


async def test_a_winning_trade_finishes_the_match_and_refuses_more_moves(
    service: MatchService,
) -> None:
    match = await started(service)
    rules = games.get("farm")
    dump = rules.dump(match.state)
    dump["players"][0]["herd"].update(rabbit=1, sheep=1, pig=1, cow=3)
    dump["stock"].update(rabbit=59, sheep=23, pig=19, cow=9)
    await service.store.execute(
        "UPDATE matches SET state = ? WHERE id = ?", (json.dumps(dump), match.id)
    )
    service._states.clear()
    result = await service.act(match.id, ALICE, text="trade 2 cow for 1 horse")
    assert result.finished and result.match.outcome().winners == (0,)
    assert (await service.get(match.id)).status == "finished"
    assert await service.live_in(CHANNEL) is None, "the channel is free for a new match"
    with pytest.raises(Refusal, match="finished"):
        await service.act(match.id, BOB, text="roll")


async def test_abandon_needs_host_or_manager(service: MatchService) -> None:
    await started(service)
    with pytest.raises(Refusal, match="Manage Channels"):
        await service.abandon(CHANNEL, "farm", user_id=BOB, can_manage=False)
    match = await service.abandon(CHANNEL, "farm", user_id=CAROL, can_manage=True)
    assert match.status == "abandoned" and await service.live_in(CHANNEL) is None


async def test_each_board_offers_the_moves_of_its_own_state(service: MatchService) -> None:
    """The legal moves are worked out once per state, but a move always chooses among the
    moves of the state it was made on, and the next board among the next state's."""
    match = await started(service)
    rules = match.rules
    seat = match.to_act()[0]
    offered = match.legal_actions(seat)
    assert list(offered) == rules.legal_actions(match.state, seat)
    assert match.legal_actions(seat) is offered
    for _ in range(6):
        seat = match.to_act()[0]
        roll = match.legal_actions(seat).index(
            next(
                a
                for a in match.legal_actions(seat)
                if rules.format_action(match.state, a) == "roll"
            )
        )
        before = match.state
        result = await service.act(match.id, match.user_of(seat), ply=match.ply, index=roll)
        match = result.match
        assert match.state is not before
        for s in range(len(match.seats)):
            assert list(match.legal_actions(s)) == rules.legal_actions(match.state, s)
