"""How a click on a board is answered.

A click that keeps the turn with the same player (High Rollin's roll, then where to stack) is
answered by its board updated in place: one request, the new picture and story in the very
message that was clicked. A click that passes the turn is acknowledged at once (its board
loses its buttons) and the new board is a new message that mentions the next player. Faults
on the answer: Discord's 5xx is tried again within the three seconds; an answer Discord never
takes leaves the board to be edited through the channel.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import games
from fakediscord import FakeDiscord
from tests.conftest import World
from tests.e2e.harness import BotRunner, board, open_match, picture_ply, running, until
from tests.e2e.test_faults import quick_retries  # noqa: F401  (a fixture)

ANSWER = r"^/interactions/\d+/[^/]+/callback$"
CHANNEL_EDIT = r"^/channels/\d+/messages/\d+$"
RULES = games.get("highrollin")


@pytest.fixture
async def rollin(fake: FakeDiscord, world: World, database: Path) -> Any:
    async with running(fake, database, seed=1492) as runner:
        await open_match(fake, "highrollin", world.channel, world.alice, world.bob)
        yield runner


async def first_roll(fake: FakeDiscord, world: World, runner: BotRunner) -> tuple[Any, Any, Any]:
    """The player to move clicks the first roll on the board (the turn goes on: where to
    stack the dice comes next). Returns the click's record, the board and the match before."""
    match = await runner.match_in(world.channel.id)
    assert match.state.phase == "roll"
    seat = match.to_act()[0]
    user = (world.alice, world.bob)[seat]
    shown = board(fake, world.channel)
    button = next(b for b in shown.buttons() if b.custom_id.startswith("rh:a:"))
    record = await fake.click(user, shown, custom_id=button.custom_id)
    return record, shown, match


async def test_a_click_that_keeps_the_turn_is_answered_by_its_board_updated_in_place(
    fake: FakeDiscord, world: World, rollin: BotRunner
) -> None:
    record, shown, before = await first_roll(fake, world, rollin)
    await fake.settle()
    after = await rollin.match_in(world.channel.id)
    assert after.ply > before.ply and RULES.turn_key(after.state) == RULES.turn_key(before.state)
    assert record.callback_type == 7 and not record.ephemeral
    assert record.response is not None and record.response.id == shown.id
    assert not record.followups, "one request: no acknowledgement before the board"
    updated = fake.get_message(shown.id)
    assert board(fake, world.channel).id == shown.id, "no new message"
    assert picture_ply(updated) == after.ply, "the new picture"
    assert updated.buttons() or updated.selects(), "the next choice is on it"


async def test_a_click_that_passes_the_turn_is_acknowledged_and_its_board_follows(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=7):
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        shown = board(fake, world.channel)
        record = await fake.click(world.alice, shown, label="Roll the dice")
        await fake.settle()
        assert record.callback_type == 7 and record.response is not None
        assert record.response.id == shown.id and not fake.get_message(shown.id).buttons()
        newest = board(fake, world.channel)
        assert newest.id != shown.id and record.followups[-1].id == newest.id
        assert f"<@{world.bob.id}>" in newest.content, "the next player is mentioned"


@pytest.mark.parametrize(
    ("name", "fault"),
    [("503 once", {"status": 503}), ("502 twice", {"status": 502, "times": 2})],
)
async def test_the_board_answer_survives_a_fault(
    fake: FakeDiscord,
    world: World,
    rollin: BotRunner,
    quick_retries: None,  # noqa: F811
    name: str,
    fault: dict,
) -> None:
    added = fake.faults.add(method="POST", path_regex=ANSWER, **fault)
    record, shown, _ = await first_roll(fake, world, rollin)
    await fake.settle()
    assert added.hits >= 1, f"{name}: the fault was met"
    assert record.callback_type == 7 and record.response is not None
    after = await rollin.match_in(world.channel.id)
    assert picture_ply(fake.get_message(shown.id)) == after.ply


async def test_a_board_answer_discord_never_takes_is_edited_through_the_channel(
    fake: FakeDiscord,
    world: World,
    rollin: BotRunner,
    quick_retries: None,  # noqa: F811
) -> None:
    added = fake.faults.add(method="POST", path_regex=ANSWER, status=500, times=None)
    edits = fake.faults.add(method="PATCH", path_regex=CHANNEL_EDIT, delay=0.01, times=None)
    match = await rollin.match_in(world.channel.id)
    seat = match.to_act()[0]
    shown = board(fake, world.channel)
    button = next(b for b in shown.buttons() if b.custom_id.startswith("rh:a:"))
    with fake.without_settling():
        record = await fake.click((world.alice, world.bob)[seat], shown, custom_id=button.custom_id)
    await until(
        lambda: picture_ply(fake.get_message(shown.id)) > match.ply,
        timeout=20,
        what="the board edited through the channel",
    )
    await fake.settle()
    assert added.hits >= 2 and edits.hits >= 1, "tried again, then edited by the bot itself"
    assert record.callback_type is None, "the click itself went unanswered"
    fake.faults.clear()
    fake.take_violations("first_response_deadline")
    after = await rollin.match_in(world.channel.id)
    assert picture_ply(fake.get_message(shown.id)) == after.ply
    assert board(fake, world.channel).id == shown.id
