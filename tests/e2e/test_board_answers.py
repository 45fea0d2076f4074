"""How a click on a board is answered.

A click that keeps the turn with the same player (High Rollin's roll, then where to stack) is
answered by its board updated in place: one request, the new picture and story in the very
message that was clicked. A click that passes the turn is answered by the new board, a new
message that mentions the next player; the clicked board then loses its buttons through the
interaction that posted it (the bot's own token once that one is too old). Faults on the
answer: Discord's 5xx is tried again within the three seconds; an answer Discord never takes
leaves the board to be edited through the channel.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import games
from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, board, boards, open_match, picture_ply, running, until
from tests.conftest import World
from tests.e2e.test_faults import quick_retries  # noqa: F401  (a fixture)

ANSWER = r"^/interactions/\d+/[^/]+/callback$"
CHANNEL_EDIT = r"^/channels/\d+/messages/\d+$"
WEBHOOK_EDIT = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
ORIGINAL_EDIT = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
CHANNEL_EDIT_ROUTE = "/channels/{channel_id}/messages/{message_id}"
RULES = games.get("highrollin")


@pytest.fixture
async def rollin(fake: FakeDiscord, world: World, database: Path) -> Any:
    async with running(fake, database, seed=1492) as runner:
        await open_match(fake, "highrollin", world.channel, world.alice, world.bob)
        yield runner


@pytest.fixture
async def farm(fake: FakeDiscord, world: World, database: Path) -> Any:
    async with running(fake, database, seed=7) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
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


def edits_of(fake: FakeDiscord, since: int) -> list[str]:
    """The routes of the message edits served since request number ``since``."""
    return [
        r.route
        for r in fake.requests[since:]
        if r.method == "PATCH" and r.route.endswith(("}", "@original")) and r.status == 200
    ]


async def test_a_click_that_passes_the_turn_is_answered_by_its_new_board(
    fake: FakeDiscord, world: World, farm: BotRunner
) -> None:
    shown = board(fake, world.channel)
    since = len(fake.requests)
    record = await fake.click(world.alice, shown, label="Roll the dice")
    await fake.settle()
    newest = board(fake, world.channel)
    assert record.callback_type == 4, "the new board is the click's answer"
    assert record.response is not None and record.response.id == newest.id != shown.id
    assert not record.followups, "one request: no acknowledgement before the board"
    assert f"<@{world.bob.id}>" in newest.content, "the next player is mentioned"
    match = await farm.match_in(world.channel.id)
    assert picture_ply(newest) == match.ply and newest.buttons()
    assert not fake.get_message(shown.id).buttons(), "the clicked board lost its buttons"
    assert edits_of(fake, since) == [WEBHOOK_EDIT], "through its interaction's webhook"

    # the next click's board takes the buttons off this one, through this click's token
    since = len(fake.requests)
    again = await fake.click(world.bob, newest, label="Roll the dice")
    await fake.settle()
    assert again.callback_type == 4 and not fake.get_message(newest.id).buttons()
    assert edits_of(fake, since) == [ORIGINAL_EDIT]


async def test_a_board_whose_interaction_is_too_old_loses_its_buttons_through_the_channel(
    fake: FakeDiscord, world: World, farm: BotRunner
) -> None:
    shown = board(fake, world.channel)
    fake.token_lifetime = 0.0  # Discord has ended the token that posted the board
    since = len(fake.requests)
    record = await fake.click(world.alice, shown, label="Roll the dice")
    await fake.settle()
    assert record.callback_type == 4
    assert not fake.get_message(shown.id).buttons(), "the clicked board lost its buttons"
    assert edits_of(fake, since) == [CHANNEL_EDIT_ROUTE], "with the bot's own token"
    fake.take_violations("interaction_token_expired")


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


async def test_a_new_board_answer_survives_a_fault(
    fake: FakeDiscord,
    world: World,
    farm: BotRunner,
    quick_retries: None,  # noqa: F811
) -> None:
    shown = board(fake, world.channel)
    added = fake.faults.add(method="POST", path_regex=ANSWER, status=503)
    record = await fake.click(world.alice, shown, label="Roll the dice")
    await fake.settle()
    assert added.hits == 1, "the fault was met"
    newest = board(fake, world.channel)
    assert record.callback_type == 4 and record.response is not None
    assert record.response.id == newest.id, "tried again: the board is still the answer"
    assert picture_ply(newest) == (await farm.match_in(world.channel.id)).ply
    assert not fake.get_message(shown.id).buttons()


async def test_a_new_board_answer_discord_never_takes_is_posted_to_the_channel(
    fake: FakeDiscord,
    world: World,
    farm: BotRunner,
    quick_retries: None,  # noqa: F811
) -> None:
    shown = board(fake, world.channel)
    before = len(boards(fake, world.channel))
    added = fake.faults.add(method="POST", path_regex=ANSWER, status=500, times=None)
    with fake.without_settling():
        record = await fake.click(world.alice, shown, label="Roll the dice")
    await until(
        lambda: len(boards(fake, world.channel)) > before,
        timeout=20,
        what="the board posted to the channel",
    )
    await fake.settle()
    assert added.hits >= 2, "tried again, then posted by the bot itself"
    assert record.callback_type is None, "the click itself went unanswered"
    fake.faults.clear()
    fake.take_violations("first_response_deadline")
    match = await farm.match_in(world.channel.id)
    newest = board(fake, world.channel)
    assert len(boards(fake, world.channel)) == before + 1, "posted once"
    assert newest.webhook_id is None and picture_ply(newest) == match.ply
    assert f"<@{world.bob.id}>" in newest.content
    assert not fake.get_message(shown.id).buttons(), "the clicked board lost its buttons"
