"""The play-feel benchmark counts the lines players really see: a High Rollin' game played
through the emulator (boards posted, then edited in place during a turn) shows, board by board,
as many message lines as ``bench/playfeel.py`` counts for the same match and moves."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bench import playfeel
from bot.matches import MatchService
from bot.store import open_store
from fakediscord import FakeDiscord
from ranchtest.harness import board, expect_board, open_match, running
from tests.conftest import World

SEED = 4242
#: enough moves for several turns, each with boards edited in place
MOVES = 24


def lines_seen(message: Any) -> int:
    """The board's lines as a player reads them: its text, then the embed's description and
    fields (title and footer aside)."""
    embed = message.embeds[0]
    texts = [message.content, embed.get("description") or ""]
    texts += [f["value"] for f in embed.get("fields", [])]
    return sum(len(t.split("\n")) for t in texts if t)


async def press(fake: FakeDiscord, channel: Any, user: Any, seat: int, index: int) -> None:
    """Choose move ``index`` on the newest board, by its button or its menu entry."""
    message = board(fake, channel)
    for button in message.buttons():
        parts = (button.custom_id or "").split(":")
        if parts[:2] == ["rh", "a"] and parts[4:] == [str(seat), str(index)]:
            await expect_board(fake, channel, fake.click(user, message, custom_id=button.custom_id))
            return
    for select in message.selects():
        if select.custom_id.startswith("rh:s:") and any(
            o.value == str(index) for o in select.options
        ):
            chosen = fake.select(user, message, [str(index)], custom_id=select.custom_id)
            await expect_board(fake, channel, chosen)
            return
    raise AssertionError(f"move {index} is on no button or menu of the board")


async def test_the_benchmark_counts_the_lines_a_board_shows(
    fake: FakeDiscord, world: World, database: Path, tmp_path: Path
) -> None:
    users = {0: world.alice, 1: world.bob}
    pick = random.Random(SEED)
    seen, moves = [], []
    async with running(fake, database, seed=SEED) as runner:
        await open_match(fake, "highrollin", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        seen.append(lines_seen(board(fake, world.channel)))
        while match.status == "active" and len(moves) < MOVES:
            seat = pick.choice(match.to_act())
            index = pick.randrange(len(match.legal_actions(seat)))
            await press(fake, world.channel, users[seat], seat, index)
            moves.append((seat, index))
            seen.append(lines_seen(board(fake, world.channel)))
            match = await runner.match_in(world.channel.id)
    assert max(seen) > min(seen), "boards of different lengths, as a turn's story grows"

    store = await open_store(tmp_path / "bench.sqlite3")
    try:
        delivery = playfeel.TextDelivery(playfeel.TextBot(MatchService(store)))  # type: ignore[arg-type]
        figures = playfeel.Figures()
        sent = await playfeel.playout(delivery, "highrollin", 2, SEED, 9, figures, moves)
    finally:
        await store.close()
    assert [playfeel.message_lines(s) for s in sent] == seen
    assert any(s.edit for s in sent), "some boards were edited in place"
