"""Forced moves play themselves: nobody is ever asked to click a turn whose single action the
game declares forced, and the forced moves are stored and replay like any other."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import games
from bot.matches import MatchService
from bot.store import open_store

CHANNEL = 700


@pytest.mark.parametrize("key", sorted(games.RULESETS))
async def test_no_player_is_asked_to_click_a_forced_move(key: str, tmp_path: Path) -> None:
    store = await open_store(tmp_path / "forced.sqlite3")
    try:
        service = MatchService(store, seed_source=lambda: 4242)
        rules = games.get(key)
        players = [(100 + i, f"rider{i}") for i in range(max(2, rules.min_players))]
        (host, name), *others = players
        await service.create(key, guild_id=1, channel_id=CHANNEL, user_id=host, name=name)
        for user, other in others:
            await service.join(CHANNEL, key, user_id=user, name=other)
        match = await service.start(CHANNEL, key, user_id=host)
        pick = random.Random(key)
        forced_seen = 0
        for _ in range(400):
            if match.status != "active":
                break
            acting = match.to_act()
            if len(acting) == 1:
                assert rules.forced_action(match.state, acting[0]) is None, (
                    f"ply {match.ply}: seat {acting[0]} is asked to click a forced move"
                )
            seat = pick.choice(acting)
            index = pick.randrange(len(rules.legal_actions(match.state, seat)))
            result = await service.act(match.id, match.user_of(seat), ply=match.ply, index=index)
            forced_seen += len(result.plays) - 1
            assert result.match.ply == result.from_ply + len(result.plays)
            match = await service.get(match.id)
        # the forced moves are in the action log and the game replays from it
        assert await service.replay(match.id) == match.state
        rows = await store.matches.actions(match.id)
        assert len(rows) == match.ply
        if forced_seen:
            stories = await store.outbox.stories(match.id, -1, match.ply)
            plays = sum(len(json.loads(r.payload).get("plays", [])) for r in stories)
            assert plays == match.ply, "every play is told in a board story"
    finally:
        await store.close()
