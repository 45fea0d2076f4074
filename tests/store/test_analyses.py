"""Post-game reports in the store, on each backend: asked for once, held by one process at a
time (two stores opened on one database stand for two bot processes), stored and posted by
their holder only, let go for the next start, taken over once a dead holder's time is up."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest

from bot.store import Store, open_store
from tests.store.test_store import BOB, CHANNEL, T0, new_match


@pytest.fixture
async def stores(store_url: str) -> AsyncIterator[tuple[Store, Store]]:
    one = await open_store(store_url)
    two = await open_store(store_url)
    try:
        yield one, two
    finally:
        await two.close()
        await one.close()


async def test_a_report_is_asked_for_once_and_held_by_one(stores: tuple[Store, Store]) -> None:
    one, two = stores
    match_id = await new_match(one)
    row, first = await one.analyses.ask_analysis(match_id, CHANNEL, T0)
    assert first and row.status == "queued"
    again, second = await two.analyses.ask_analysis(match_id, CHANNEL, T0 + 1)
    assert not second and again.asked_at == T0, "the second ask finds the first"

    assert await one.analyses.claim_analysis(match_id, "a", T0 + 2, T0 + 32)
    assert not await two.analyses.claim_analysis(match_id, "b", T0 + 3, T0 + 33), (
        "held by the first"
    )
    assert (await two.analyses.analysis(match_id)).status == "running"
    assert await one.analyses.hold_analysis(match_id, "a", T0 + 40, 0.5)
    assert not await two.analyses.hold_analysis(match_id, "b", T0 + 40, 0.9)
    assert not await two.analyses.store_analysis(match_id, "b", "{}", T0 + 5), (
        "only the holder stores"
    )

    report = json.dumps({"names": ["alice", "bob"]})
    assert await one.analyses.store_analysis(match_id, "a", report, T0 + 6)
    assert not await one.analyses.store_analysis(match_id, "a", report, T0 + 7), "stored once"
    assert not await two.analyses.analysis_posted(match_id, "b", T0 + 8)
    assert [r.match_id for r in await two.analyses.unfinished_analyses()] == [match_id]
    assert await one.analyses.analysis_posted(match_id, "a", T0 + 8)
    done = await two.analyses.analysis(match_id)
    assert done.status == "done" and done.report == report and done.holder is None
    assert await two.analyses.unfinished_analyses() == []
    assert not await two.analyses.claim_analysis(match_id, "b", T0 + 99, T0 + 130), (
        "nothing left to do"
    )


async def test_a_report_let_go_or_left_behind_is_taken_up(stores: tuple[Store, Store]) -> None:
    one, two = stores
    match_id = await new_match(one)
    await one.analyses.ask_analysis(match_id, CHANNEL, T0)
    await one.analyses.set_analysis_message(match_id, 77)
    assert await one.analyses.claim_analysis(match_id, "a", T0, T0 + 30)
    await one.analyses.release_analysis(match_id, "a")  # a graceful stop
    row = await two.analyses.analysis(match_id)
    assert row.status == "queued" and row.holder is None and row.message_id == 77
    assert await two.analyses.claim_analysis(match_id, "b", T0 + 1, T0 + 31), (
        "the next start takes it"
    )
    # the second process dies holding it: the first takes it over once its time is up
    assert not await one.analyses.claim_analysis(match_id, "c", T0 + 30, T0 + 60)
    assert await one.analyses.claim_analysis(match_id, "c", T0 + 31.5, T0 + 61.5)
    assert not await two.analyses.store_analysis(match_id, "b", "{}", T0 + 40), (
        "the dead holder lost it"
    )
    assert await one.analyses.store_analysis(match_id, "c", None, T0 + 41)
    assert (await one.analyses.analysis(match_id)).status == "failed"


async def test_a_report_goes_with_its_server(stores: tuple[Store, Store]) -> None:
    one, _ = stores
    match_id = await new_match(one)
    await one.analyses.ask_analysis(match_id, CHANNEL, T0)
    match = await one.matches.match(match_id)
    assert match is not None and match.guild_id is not None
    await one.people.forget_guild(match.guild_id)
    assert await one.analyses.analysis(match_id) is None


async def test_a_forgotten_player_is_renamed_in_a_stored_report(
    stores: tuple[Store, Store],
) -> None:
    one, _ = stores
    match_id = await new_match(one)
    await one.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (match_id,))
    await one.analyses.ask_analysis(match_id, CHANNEL, T0)
    assert await one.analyses.claim_analysis(match_id, "a", T0, T0 + 30)
    report = {"names": ["alice", "bob"], "curve": [[0.5, 0.5]]}
    assert await one.analyses.store_analysis(match_id, "a", json.dumps(report), T0 + 1)
    await one.people.forget_user(BOB, lambda seat: f"Player {seat + 1}", lambda g, s, seat, n: s)
    kept = json.loads((await one.analyses.analysis(match_id)).report)
    assert kept["names"] == ["alice", "Player 2"] and kept["curve"] == [[0.5, 0.5]]
