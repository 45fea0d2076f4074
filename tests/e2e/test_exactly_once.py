"""Every board exactly once: through answers Discord took but never confirmed, and through a
bot killed between posting a board and recording it.

Each post path is driven: a click answered by its new board (``CHANNEL_MESSAGE_WITH_SOURCE``),
a click answered by its board updated in place (``UPDATE_MESSAGE``), a typed move's followup,
a channel post (when the followup is refused), an edit in place through the channel, and the
background pass. Afterwards each ply is shown by one message at most, the current one by
exactly one, only the newest board carries buttons, every move's story is delivered, and no
player was told "something went wrong" about a move that was saved.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.posting
from bot.marks import shown_ply
from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, board, boards, open_match, picture_ply, running, until
from tests.conftest import World
from tests.e2e.test_faults import CHANNEL_POST, FOLLOWUP, quick_retries  # noqa: F401
from tests.e2e.test_threads import thread_match

ANSWER = r"^/interactions/\d+/[^/]+/callback$"
CHANNEL_EDIT = r"^/channels/\d+/messages/\d+$"
ORIGINAL = r"^/webhooks/\d+/[^/]+/messages/@original$"
LOST = {
    "502 after the work": {"status": 502, "after": True},
    "reset after the work": {"reset": True, "after": True},
}
GENERIC = "something went wrong"
#: discord.py's waits between its retries of a 5xx, cut short
pytestmark = pytest.mark.usefixtures("quick_retries")


class Died(Exception):
    """The process stops here: nothing after this point happens in it."""


def players(world: World, match: Any) -> Any:
    (seat,) = match.to_act()
    return (world.alice, world.bob)[seat]


def shown(fake: FakeDiscord, channel: Any, match_id: int) -> Counter[int]:
    """How many of the channel's messages show each ply of the match, by its marks."""
    return Counter(
        ply
        for m in fake.messages(channel)
        if not m.ephemeral and (ply := _ply(m, match_id)) is not None
    )


def _ply(message: Any, match_id: int) -> int | None:
    for attachment in message.attachments:
        found = re.fullmatch(rf"[a-z]+-{match_id}-(\d+)\.png", attachment.filename)
        if found:
            return int(found[1])
    return None


async def exactly_once(fake: FakeDiscord, runner: BotRunner, channel: Any) -> Any:
    """Each ply shown by one message at most, the current one by exactly one; only the
    newest board has buttons; every story delivered and recorded with a message that shows
    it; no saved move was answered with the generic error. Returns the match."""
    assert runner.bot is not None
    await fake.settle()
    match = await runner.match_in(channel.id)
    counts = shown(fake, channel, match.id)
    assert all(n == 1 for n in counts.values()), f"plies shown more than once: {counts}"
    assert counts[match.ply] == 1, "the current position is on a board"
    live = [m for m in boards(fake, channel) if m.buttons() or m.selects()]
    newest = board(fake, channel)
    assert [m.id for m in live] == [newest.id], "only the newest board has buttons"
    rows = await runner.bot.store.fetchall(
        "SELECT ply, delivered_at, message_id FROM outbox WHERE match_id = ?", (match.id,)
    )
    assert all(r["delivered_at"] is not None for r in rows), [dict(r) for r in rows]
    posted = {m.id for m in fake.messages(channel)}
    assert all(int(r["message_id"]) in posted for r in rows), "each story names its board"
    latest = await runner.bot.service.latest_board(match.id)
    assert latest == newest.id, "the newest board is recorded as the match's board"
    told = [
        m.content
        for rec in fake.records
        for m in ([rec.response] if rec.response else []) + list(rec.followups)
        if m is not None and m.ephemeral
    ]
    assert not [t for t in told if GENERIC in t], told
    return match


async def drained(fake: FakeDiscord, runner: BotRunner) -> None:
    """The background pass, as after its leases ran out, until nothing is left."""
    assert runner.bot is not None
    for _ in range(3):
        await runner.bot.store.execute(
            "UPDATE outbox SET next_try_at = 0 WHERE delivered_at IS NULL"
        )
        await runner.bot.delivery.pending()
        await fake.settle()


async def click_board(fake: FakeDiscord, world: World, runner: BotRunner) -> Any:
    """The player to move clicks the first move on the newest board."""
    match = await runner.match_in(world.channel.id)
    newest = board(fake, world.channel)
    button = next(b for b in newest.buttons() if b.custom_id.startswith("rh:a:"))
    with fake.without_settling():
        rec = await fake.click(players(world, match), newest, custom_id=button.custom_id)
    await until(
        lambda: max(shown(fake, world.channel, match.id), default=-1) > match.ply,
        timeout=30,
        what="the move's board",
    )
    await fake.settle()
    return rec


async def type_move(fake: FakeDiscord, world: World, runner: BotRunner) -> Any:
    match = await runner.match_in(world.channel.id)
    with fake.without_settling():
        rec = await fake.slash(players(world, match), world.channel, "farm move", action="roll")
    await fake.settle()
    return rec


@pytest.fixture
async def farm(fake: FakeDiscord, world: World, database: Path) -> Any:
    async with running(fake, database, seed=7) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        yield runner


@pytest.fixture
async def rollin(fake: FakeDiscord, world: World, database: Path) -> Any:
    async with running(fake, database, seed=1492) as runner:
        await open_match(fake, "highrollin", world.channel, world.alice, world.bob)
        yield runner


# Answers lost after Discord did the work ----------------------------------------------------


@pytest.mark.parametrize("lost", list(LOST))
async def test_a_new_board_answer_taken_but_not_confirmed_is_shown_once(
    fake: FakeDiscord, world: World, farm: BotRunner, lost: str
) -> None:
    fault = fake.faults.add(method="POST", path_regex=ANSWER, **LOST[lost])
    await click_board(fake, world, farm)
    assert fault.hits == 1
    fake.take_violations("double_acknowledgement")
    await drained(fake, farm)
    await exactly_once(fake, farm, world.channel)
    await click_board(fake, world, farm)
    await exactly_once(fake, farm, world.channel)


@pytest.mark.parametrize("lost", list(LOST))
async def test_a_board_updated_in_place_as_the_answer_and_not_confirmed_is_shown_once(
    fake: FakeDiscord, world: World, rollin: BotRunner, lost: str
) -> None:
    before = board(fake, world.channel)
    first = picture_ply(before)
    fault = fake.faults.add(method="POST", path_regex=ANSWER, **LOST[lost])
    await click_board(fake, world, rollin)
    assert fault.hits == 1
    fake.take_violations("double_acknowledgement")
    await drained(fake, rollin)
    match = await exactly_once(fake, rollin, world.channel)
    assert board(fake, world.channel).id == before.id, "updated in place, not posted again"
    assert first < match.ply == picture_ply(fake.get_message(before.id))


@pytest.mark.parametrize("lost", list(LOST))
async def test_a_followup_board_taken_but_not_confirmed_is_shown_once(
    fake: FakeDiscord, world: World, farm: BotRunner, lost: str
) -> None:
    fault = fake.faults.add(method="POST", path_regex=FOLLOWUP, **LOST[lost])
    await type_move(fake, world, farm)
    assert fault.hits == 1
    await drained(fake, farm)
    await exactly_once(fake, farm, world.channel)
    await type_move(fake, world, farm)
    await exactly_once(fake, farm, world.channel)


@pytest.mark.parametrize("lost", list(LOST))
async def test_a_channel_board_taken_but_not_confirmed_is_shown_once(
    fake: FakeDiscord, world: World, farm: BotRunner, lost: str
) -> None:
    refused = fake.faults.add(method="POST", path_regex=FOLLOWUP, status=500, times=5)
    fault = fake.faults.add(method="POST", path_regex=CHANNEL_POST, **LOST[lost])
    await type_move(fake, world, farm)
    assert refused.hits == 5 and fault.hits == 1
    await drained(fake, farm)
    await exactly_once(fake, farm, world.channel)
    await click_board(fake, world, farm)
    await exactly_once(fake, farm, world.channel)


@pytest.mark.parametrize("lost", list(LOST))
async def test_a_board_edited_through_the_channel_and_not_confirmed_is_shown_once(
    fake: FakeDiscord, world: World, rollin: BotRunner, lost: str
) -> None:
    """The click cannot be answered (500 on every try), the board is edited through the
    channel, and that edit's answer is lost."""
    fake.faults.add(method="POST", path_regex=ANSWER, status=500, times=None)
    fault = fake.faults.add(method="PATCH", path_regex=CHANNEL_EDIT, **LOST[lost])
    before = board(fake, world.channel)
    await click_board(fake, world, rollin)
    fake.faults.clear()
    fake.take_violations("first_response_deadline")
    assert fault.hits == 1
    await drained(fake, rollin)
    await exactly_once(fake, rollin, world.channel)
    assert board(fake, world.channel).id == before.id


# A bot killed between posting a board and recording it ---------------------------------------


async def killed_after_posting(runner: BotRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next board is posted, then the process dies before recording it."""
    assert runner.bot is not None

    async def dies(*_: Any, **__: Any) -> Any:
        raise Died

    monkeypatch.setattr(runner.bot.store.boards, "board_posted", dies)


async def restarted(fake: FakeDiscord, runner: BotRunner, monkeypatch: Any) -> None:
    monkeypatch.undo()
    await runner.stop()
    fake.take_violations()  # what the dead process left half done is not the new one's
    await runner.start()


POST_PATHS = ["click answer", "followup", "channel post"]


async def post_and_die(
    fake: FakeDiscord,
    world: World,
    runner: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
    path: str,
) -> Any:
    """A move whose board goes out by ``path``; the bot dies before recording it."""
    match = await runner.match_in(world.channel.id)
    await killed_after_posting(runner, monkeypatch)
    if path == "click answer":
        newest = board(fake, world.channel)
        with fake.without_settling():
            await fake.click(players(world, match), newest, label="Roll the dice")
    else:
        if path == "channel post":
            fake.faults.add(method="POST", path_regex=FOLLOWUP, status=500, times=5)
        await type_move(fake, world, runner)
    await until(
        lambda: max(shown(fake, world.channel, match.id), default=-1) > match.ply,
        timeout=30,
        what="the board, posted before the bot died",
    )
    await fake.settle()
    fake.faults.clear()
    return match


@pytest.mark.parametrize("path", POST_PATHS)
async def test_a_board_posted_then_not_recorded_is_not_told_again_by_the_next_move(
    fake: FakeDiscord,
    world: World,
    farm: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
    path: str,
) -> None:
    """The next move's commit claims the dead bot's board too: it is found in the channel,
    recorded and quieted, and only the new move's board is posted."""
    await post_and_die(fake, world, farm, monkeypatch, path)
    await restarted(fake, farm, monkeypatch)
    posted = len(boards(fake, world.channel))
    await click_board(fake, world, farm)
    assert len(boards(fake, world.channel)) == posted + 1, "one new board, not two"
    await exactly_once(fake, farm, world.channel)


@pytest.mark.parametrize("path", POST_PATHS)
async def test_a_board_posted_then_not_recorded_is_recorded_by_the_background_pass(
    fake: FakeDiscord,
    world: World,
    farm: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
    path: str,
) -> None:
    await post_and_die(fake, world, farm, monkeypatch, path)
    await restarted(fake, farm, monkeypatch)
    posted = len(boards(fake, world.channel))
    await drained(fake, farm)
    assert len(boards(fake, world.channel)) == posted, "found, not posted again"
    await exactly_once(fake, farm, world.channel)
    await click_board(fake, world, farm)
    await exactly_once(fake, farm, world.channel)


async def test_a_board_edited_in_place_then_not_recorded_is_edited_once_more_at_most(
    fake: FakeDiscord,
    world: World,
    rollin: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = board(fake, world.channel)
    await killed_after_posting(rollin, monkeypatch)
    await click_board(fake, world, rollin)
    await restarted(fake, rollin, monkeypatch)
    await drained(fake, rollin)
    await exactly_once(fake, rollin, world.channel)
    assert board(fake, world.channel).id == before.id


async def test_a_board_recorded_then_not_stripped_loses_its_buttons_after_a_restart(
    fake: FakeDiscord,
    world: World,
    farm: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The process dies after recording the new board and before the old one lost its
    buttons: the old board stays due, and the next process's pass strips it."""
    assert farm.bot is not None
    older = board(fake, world.channel)

    async def dies(*_: Any, **__: Any) -> None:
        raise Died

    monkeypatch.setattr(farm.bot.table.strips, "strip_buttons", dies)
    await click_board(fake, world, farm)
    assert fake.get_message(older.id).buttons(), "not stripped before the bot died"
    await restarted(fake, farm, monkeypatch)
    assert farm.bot is not None
    due = await farm.bot.store.fetchall(
        "SELECT message_id FROM board_messages WHERE strip_due IS NOT NULL"
    )
    assert [int(r["message_id"]) for r in due] == [older.id], "only the board not stripped"
    # its lease runs out: the next pass (the background one, or this) strips it
    await farm.bot.store.execute("UPDATE board_messages SET strip_due = 0 WHERE strip_due > 0")
    await farm.bot.delivery.sweep()
    await until(lambda: not fake.get_message(older.id).buttons(), what="the old board stripped")
    await fake.settle()
    await exactly_once(fake, farm, world.channel)
    assert await farm.bot.delivery.sweep() == 0, "done, and known to be done"


# A board that reads an old position, recorded late ------------------------------------------


async def test_a_board_command_held_up_past_the_next_move_never_becomes_the_newest(
    fake: FakeDiscord, world: World, farm: BotRunner
) -> None:
    """``/farm board`` read the match, then the next move's board went out first: the late
    board is recorded without buttons, and the move's board stays the match's board."""
    assert farm.bot is not None
    stale = await farm.match_in(world.channel.id)
    await click_board(fake, world, farm)
    newest = board(fake, world.channel)
    late = await farm.bot.table.post_board(stale)
    await fake.settle()
    assert late is not None and late.id != newest.id
    assert not fake.get_message(late.id).buttons(), "the late board lost its buttons"
    assert fake.get_message(newest.id).buttons(), "the newest board keeps them"
    assert await farm.bot.service.latest_board(stale.id) == newest.id
    assert shown_ply(late, stale.id) == stale.ply
    match = await farm.match_in(world.channel.id)
    await fake.click(players(world, match), newest, label="Roll the dice")
    await fake.settle()
    assert not fake.get_message(late.id).buttons() and not fake.get_message(newest.id).buttons()
    assert picture_ply(board(fake, world.channel)) == match.ply + 1


def reworded(match: Any, *, filename: str | None) -> discord.Embed:
    """A board in other words (as a translation would have it): nothing of its text is what
    the bot wrote before."""
    embed = discord.Embed(title=f"Partie n° {match.id} · coup {match.ply}", description="—")
    if filename:
        embed.set_image(url=f"attachment://{filename}")
    return embed.set_footer(text="Tapez un coup")


async def test_a_reworded_board_posted_then_not_recorded_is_still_found(
    fake: FakeDiscord,
    world: World,
    farm: BotRunner,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The board is found by its marks, not its words: reworded before and after the crash,
    it is recorded, not posted again."""
    monkeypatch.setattr(bot.posting, "board_embed", reworded)
    await post_and_die(fake, world, farm, monkeypatch, "channel post")
    await restarted(fake, farm, monkeypatch)
    monkeypatch.setattr(bot.posting, "board_embed", reworded)
    posted = len(boards(fake, world.channel))
    await drained(fake, farm)
    assert len(boards(fake, world.channel)) == posted, "found, not posted again"
    await exactly_once(fake, farm, world.channel)


# Said out loud --------------------------------------------------------------------------------


async def test_a_typed_move_whose_note_fails_gets_its_board_in_public(
    fake: FakeDiscord, world: World, farm: BotRunner
) -> None:
    """ "Played" cannot fill the private reply: the board is not sent as its followup (which
    Discord would turn into the private reply), but posted in the channel, pinging bob."""
    fault = fake.faults.add(method="PATCH", path_regex=ORIGINAL, status=500, times=5)
    fake.take_notifications()
    rec = await type_move(fake, world, farm)
    assert fault.hits == 5
    newest = board(fake, world.channel)
    assert not newest.ephemeral and newest.id not in rec.followup_ids, "a channel post"
    assert [n.user.id for n in fake.notifications(kind="mention")] == [world.bob.id]
    await exactly_once(fake, farm, world.channel)


async def test_buttons_in_a_locked_thread_are_left_alone_without_manage_threads(
    fake: FakeDiscord, world: World, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord refuses edits in a locked thread (160005) to a bot that may not manage
    threads, archived or not: the bot checks first and does not try."""
    async with running(fake, database, seed=7) as runner:
        thread = await thread_match(fake, world)
        first = board(fake, thread)
        await runner.restart()  # the board's interaction is not at hand: the bot's token
        assert runner.bot is not None
        perms = discord.Permissions(
            view_channel=True,
            send_messages=True,
            send_messages_in_threads=True,
            attach_files=True,
            embed_links=True,
            read_message_history=True,
        )
        fake.set_bot_permissions(world.guild, perms.value)
        fake.lock_thread(thread)
        await fake.settle()
        caplog.set_level(logging.INFO, logger="bot.strips")
        await runner.bot.table.strips.strip_buttons(thread.id, first.id)
        assert fake.get_message(first.id).buttons(), "nothing could be changed"
        assert "the thread is locked" in caplog.text
        assert not fake.take_violations("locked_thread")


async def test_a_refusal_too_late_to_send_is_logged_once_without_a_traceback(
    fake: FakeDiscord, world: World, farm: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """bob clicks on alice's turn; the refusal's request is held up past Discord's three
    seconds (10062): one warning, no error, and no second try."""
    caplog.set_level(logging.INFO)
    fault = fake.faults.add(method="POST", path_regex=ANSWER, delay=3.5)
    with fake.without_settling():
        await fake.click(world.bob, board(fake, world.channel), label="Roll the dice")
    await until(lambda: fault.hits == 1, what="the refusal's request")
    await fake.settle()
    await until(lambda: "could not send a refusal" in caplog.text, what="the warning")
    fake.take_violations("first_response_deadline")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert caplog.text.count("could not send a refusal") == 1
    assert caplog.text.count("could not send") == 1, "not tried again"


async def test_a_ping_whose_answer_cannot_be_finished_is_not_an_error(
    fake: FakeDiscord, world: World, farm: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fake.faults.add(method="PATCH", path_regex=ORIGINAL, status=500, times=5)
    rec = await fake.slash(world.alice, world.channel, "game ping")
    assert rec.response is not None and rec.response.content == "🏓 Pong."
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
