"""Ending a match asks first: Cancel changes nothing; Confirm (only by whoever asked, who must
still be allowed to) ends it, and every message of the match then says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fakediscord import FakeDiscord
from fakediscord.permissions import MANAGE_CHANNELS
from ranchtest.harness import board, boards, expect_board, open_match, running
from tests.conftest import World
from tests.e2e.test_answers import forged, refused


def lobby_message(fake: FakeDiscord, world: World) -> Any:
    """The match's lobby message: the first message of the channel."""
    return fake.messages(world.channel)[0]


def public(fake: FakeDiscord, world: World) -> list[Any]:
    return [m for m in fake.messages(world.channel) if not m.ephemeral]


async def ask(fake: FakeDiscord, world: World, user: Any, game: str = "farm") -> Any:
    """``/<game> abandon``: the private question, with its two buttons."""
    rec = await fake.slash(user, world.channel, f"{game} abandon")
    assert rec.ephemeral and rec.response.ephemeral_for == user.id
    assert [b.label for b in rec.response.buttons()] == ["Confirm: end it", "Cancel"]
    return rec.response


async def test_abandon_asks_and_cancel_changes_nothing(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        assert "(started)" in lobby_message(fake, world).content, "the lobby says it started"
        assert not lobby_message(fake, world).buttons()
        match = await runner.match_in(world.channel.id)
        seen = len(public(fake, world))
        question = await ask(fake, world, world.alice)
        assert question.content.startswith("End the Super Farmer match here?")
        assert "**alice** and **bob** are playing, move 0" in question.content
        rec = await fake.click(world.alice, question, label="Cancel")
        assert "Cancelled: nothing was changed" in rec.response.content
        assert not rec.response.buttons(), "the question cannot be answered twice"
        after = await runner.match_in(world.channel.id)
        assert after.status == "active" and after.ply == match.ply and after.state == match.state
        assert len(public(fake, world)) == seen, "nothing was said publicly"
        assert board(fake, world.channel).buttons(), "the board keeps its buttons"
        # and the match goes on from the same board
        await expect_board(
            fake, world.channel, fake.click(world.alice, first, label="Roll the dice")
        )
        assert (await runner.match_in(world.channel.id)).ply == match.ply + 1


async def test_confirm_ends_the_match_and_every_message_says_so(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        await expect_board(
            fake, world.channel, fake.click(world.alice, first, label="Roll the dice")
        )
        newest = board(fake, world.channel)
        assert newest.buttons()
        question = await ask(fake, world, world.alice)
        assert "move 1" in question.content
        rec = await fake.click(world.alice, question, label="Confirm: end it")
        assert rec.response.content == "Done: the match has ended."
        assert not rec.response.buttons()
        assert (await runner.match_in(world.channel.id)).status == "abandoned"
        told = [m for m in rec.followups if not m.ephemeral]
        assert [m.content for m in told] == [
            "🛑 **alice** ended the Super Farmer match here at move 1."
        ]
        newest = fake.get_message(newest.id)
        assert newest is not None and "🛑 The match was ended by alice." in newest.content
        assert "your move" not in newest.content
        assert "Turn clock" not in str(newest.embeds), "an ended match has no clock"
        assert newest.attachments, "the board keeps its picture"
        lobby = lobby_message(fake, world)
        assert "(ended by alice)" in lobby.content and "(started)" not in lobby.content
        for message in public(fake, world):
            assert not message.buttons() and not message.selects(), message.content
        assert len(boards(fake, world.channel)) == 2, "no board was posted for the ending"
        # a second question asked before the end can no longer end anything
        rec = await fake.slash(world.alice, world.channel, "farm abandon")
        assert rec.ephemeral and "no Super Farmer match here" in rec.response.content


async def test_only_the_asker_may_confirm_and_only_as_asked(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        question = await ask(fake, world, world.alice)
        confirm = next(b for b in question.buttons() if b.label.startswith("Confirm"))
        assert confirm.custom_id == f"rh:x:{match.id}:active:0:{world.alice.id}:confirm"
        # someone else's click on it (a tampered client) is refused, even a moderator's
        for intruder in (world.bob, world.mod):
            rec = await forged(fake, intruder, world.channel, question, confirm.custom_id)
            refused(rec, intruder, "Only the person who asked can answer this.")
        # the id must be exactly ours
        for custom_id in (
            f"rh:x:{match.id}:active:0:{2**64}:confirm",
            f"rh:x:{match.id}:active:0:0{world.alice.id}:confirm",
            f"rh:x:{match.id}:finished:0:{world.alice.id}:confirm",
        ):
            rec = await forged(fake, world.alice, world.channel, question, custom_id)
            refused(rec, world.alice)
        assert (await runner.match_in(world.channel.id)).status == "active"
        # the match moves on before the answer: refused politely, nothing ends
        await expect_board(
            fake, world.channel, fake.click(world.alice, first, label="Roll the dice")
        )
        rec = await fake.click(world.alice, question, label="Confirm: end it")
        assert "moved on since you asked" in rec.response.content
        assert (await runner.match_in(world.channel.id)).status == "active"
        assert board(fake, world.channel).buttons()
        # a moderator may end it (asking and confirming themselves); a player may not
        rec = await fake.slash(world.bob, world.channel, "farm abandon")
        assert rec.ephemeral and "Manage Channels" in rec.response.content
        question = await ask(fake, world, world.mod)
        stale = await ask(fake, world, world.alice)
        # ... if they still may when they confirm
        fake.set_overwrite(world.channel, world.mod, deny=MANAGE_CHANNELS)
        rec = await fake.click(world.mod, question, label="Confirm: end it")
        assert "Manage Channels" in rec.response.content
        assert (await runner.match_in(world.channel.id)).status == "active"
        fake.set_overwrite(world.channel, world.mod)
        question = await ask(fake, world, world.mod)
        await fake.click(world.mod, question, label="Confirm: end it")
        assert "(ended by marshal)" in lobby_message(fake, world).content
        # the host's older question, answered after the end
        rec = await fake.click(world.alice, stale, label="Confirm: end it")
        assert "already over (ended)" in rec.response.content


async def test_a_lobby_closed_by_its_host_says_so(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        rec = await fake.slash(world.alice, world.channel, "cattle new")
        await fake.click(world.bob, rec.response, label="Join")
        question = await ask(fake, world, world.alice, "cattle")
        assert question.content.startswith("Close the Cattle Baron lobby here?")
        assert "**alice** and **bob** have joined" in question.content
        rec = await fake.click(world.alice, question, label="Confirm: end it")
        assert rec.response.content == "Done: the lobby is closed."
        assert (await runner.match_in(world.channel.id)).status == "abandoned"
        lobby = lobby_message(fake, world)
        assert "(closed by alice)" in lobby.content and not lobby.buttons()
        assert public(fake, world)[-1].content == "🛑 **alice** closed the Cattle Baron lobby here."
