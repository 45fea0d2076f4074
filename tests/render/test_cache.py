"""The render caches stay within their byte budget, evict the least recently used first, count
hits and misses, and the pictures drawn do not depend on what the caches held."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

import pytest
from PIL import Image

import games
import render
from games.rng import SeededRng
from render import cache


@pytest.fixture
def budget() -> Iterator[None]:
    before = cache.BUDGET
    yield
    cache.set_budget(before / (1024 * 1024))


def test_a_cache_past_its_budget_evicts_the_least_recently_used(budget: None) -> None:
    cache.set_budget(1)  # 1 MB for every cache of this process
    built: list[int] = []

    @cache.kept
    def tile(n: int) -> Image.Image:
        built.append(n)
        return Image.new("L", (512, 512), n)  # 256 KB each

    tile(1)
    tile(2)
    tile(1)  # used again: now the newest
    for n in range(3, 7):
        tile(n)
    assert cache.held() <= cache.BUDGET
    assert tile.cache.evictions > 0
    assert 1 not in tile.cache or 2 not in tile.cache
    tile(6)  # the newest is still there
    assert built.count(6) == 1
    info = tile.cache_info()
    assert (info.hits, info.misses) == (2, 6)
    tile(2)  # evicted, so built again: the same picture
    assert built.count(2) == 2
    assert tile(2).tobytes() == Image.new("L", (512, 512), 2).tobytes()


def _boards(key: str, seed: int, pictures: int = 8) -> list[str]:
    """Hashes of a seeded playout's boards, every few moves."""
    rules = games.get(key)
    pick = random.Random(seed)
    names = [f"Rider {n}" for n in range(rules.max_players)]
    state = rules.new_game(names, rng=SeededRng(seed, 0))
    hashes = []
    for ply in range(1, 2000):
        if rules.outcome(state) is not None or len(hashes) >= pictures:
            break
        seat = pick.choice(rules.to_act(state))
        action = pick.choice(rules.legal_actions(state, seat))
        after = rules.apply(state, seat, action, rng=SeededRng(seed, ply)).state
        if ply % 3 == 0:
            png = render.draw(key, after, previous=state, last=action)
            hashes.append(hashlib.sha256(png).hexdigest())
        state = after
    return hashes


@pytest.mark.parametrize("key", list(games.RULESETS))
def test_every_game_draws_the_same_boards_with_a_tiny_budget_and_a_large_one(
    key: str, budget: None
) -> None:
    cache.set_budget(512)
    cache.clear_all()
    large = _boards(key, seed=7)
    cache.set_budget(0.05)  # 50 KB: most pieces are built again for every picture
    before = sum(c["evictions"] for c in cache.stats()["caches"].values())
    tiny = _boards(key, seed=7)
    after = sum(c["evictions"] for c in cache.stats()["caches"].values())
    assert len(large) >= 4
    assert tiny == large
    assert after > before, "the tiny budget evicted nothing"
    assert cache.held() <= cache.BUDGET
