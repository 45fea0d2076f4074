"""Standing orders in the bot: which order could play for whom (pure), and how a board tells the
moves they played (several in a row: the last told, the rest counted)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot import standing
from bot.matches import MatchService
from bot.store import open_store
from bot.texts import story_lines
from games.farm import Roll

ALICE, BOB = 1_180_000_000_000_000_011, 1_180_000_000_000_000_022


async def _match(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = await open_store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    service = MatchService(db, seed_source=lambda: 85)
    await service.create("farm", guild_id=7, channel_id=5, user_id=ALICE, name="alice")
    await service.join(5, "farm", user_id=BOB, name="bob")
    return db, await service.start(5, "farm", user_id=ALICE)


async def test_an_order_could_play_only_for_a_person_whose_roll_is_all_they_can_do(
    tmp_path: Path,
) -> None:
    db, match = await _match(tmp_path)
    try:
        seat, order = standing.candidate(match) or (None, None)
        assert seat == 0 and order is not None and order.key == "roll"
        assert await standing.due(db, match) is None, "off by default"
        await db.orders.set_standing_order(ALICE, "farm", "roll", True, at=1.0)
        assert await standing.due(db, match) == (0, Roll())
        rich = replace(match.state, herds=((6, 0, 0, 0, 0, 0, 0), match.state.herds[1]))
        match.state = rich
        assert standing.candidate(match) is None, "alice can trade: she chooses"
        match.seats[0] = replace(match.seats[0], computer="easy")
        match.state = replace(rich, herds=match.state.herds[::-1])
        assert standing.candidate(match) is None, "a computer's turn is the computer's"
    finally:
        await db.close()


async def test_several_standing_moves_in_a_row_are_counted_and_the_last_told(
    tmp_path: Path,
) -> None:
    db, match = await _match(tmp_path)
    try:
        roll = {"kind": "roll", "data": {"seat": 0, "fox": "pig", "wolf": "cow", "attacks": []}}
        story = {"kind": "standing", "plays": [[0, "roll"]], "events": [roll]}
        lines = story_lines(match, [{"kind": "move", "plays": [[1, "roll"]]}, *[story] * 3])
        assert lines[0] == "**bob** played `roll`."
        assert lines[1:] == [
            "🔁 Standing orders also played 2 moves before (`/game history`).",
            "🔁 **alice**'s standing order: I played `roll` for them.",
            "alice rolled pig and cow.",
        ]
        (one,) = [story]
        assert story_lines(match, [one])[0].startswith("🔁 **alice**'s standing order")
    finally:
        await db.close()
