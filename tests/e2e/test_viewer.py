"""The match viewer end to end: a spectator steps through a match privately, move by move, and
sees each position exactly as its board showed it; the viewer survives a restart, follows a
live match, and refuses what is not there."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

import games
from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, board, open_match, picture_ply, running
from tests.conftest import World
from tests.e2e.farm_policy import choose
from tests.e2e.test_farm import SHORT_GAME_SEED, play_by_buttons
from tests.e2e.test_fuzz import forged_click

RULES = games.get("farm")


def pixels(data: bytes) -> tuple[tuple[int, int], bytes]:
    image = Image.open(io.BytesIO(data)).convert("RGBA")
    return image.size, image.tobytes()


def posted_now(fake: FakeDiscord, world: World, posted: dict[int, bytes]) -> None:
    """Keep the newest board's picture by the move it shows (a board edited in place shows
    each move of its turn in turn)."""
    newest = board(fake, world.channel)
    posted[picture_ply(newest)] = newest.attachments[0].data


async def play(
    fake: FakeDiscord, runner: BotRunner, world: World, posted: dict[int, bytes], moves: int
) -> Any:
    """The players make up to ``moves`` moves by buttons; returns the match as it stands."""
    seat_user = {0: world.alice, 1: world.bob}
    for _ in range(moves):
        match = await runner.match_in(world.channel.id)
        if match.status == "finished":
            return match
        seat = match.to_act()[0]
        choice = choose(RULES, match.state, seat)
        await play_by_buttons(fake, runner, world.channel, seat_user, choice)
        posted_now(fake, world, posted)
    return await runner.match_in(world.channel.id)


def shown(fake: FakeDiscord, message_id: int) -> tuple[int, Any]:
    """The move a viewer message shows (from its picture's name) and the message."""
    message = fake.get_message(message_id)
    assert message is not None and message.ephemeral, "the viewer is private"
    assert len(message.attachments) == 1, message.embeds
    return picture_ply(message), message


def same_picture(message: Any, posted: dict[int, bytes], ply: int) -> None:
    assert pixels(message.attachments[0].data) == pixels(posted[ply]), (
        f"move {ply}: the viewer's picture is the board posted at that move"
    )


def disabled(message: Any) -> set[str]:
    return {b.label for b in message.buttons() if b.disabled}


async def step(fake: FakeDiscord, user: Any, message_id: int, label: str) -> tuple[int, Any]:
    rec = await fake.click(user, message_id, label=label)
    assert rec.callback_type in (6, 7), "a step updates the viewer in place"
    assert not [m for m in rec.followups if m.ephemeral and not m.attachments], "not refused"
    return shown(fake, message_id)


def refusal(rec: Any) -> str:
    assert rec.ephemeral, "refused privately"
    message = rec.followups[-1] if rec.followups else rec.response
    assert message is not None and not message.attachments
    return str(message.content)


async def test_a_spectator_steps_through_a_finished_match(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    posted: dict[int, bytes] = {}
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        posted_now(fake, world, posted)
        match = await play(fake, runner, world, posted, 200)
        assert match.status == "finished"
        last = match.ply
        assert set(posted) <= set(range(last + 1)) and len(posted) > last // 2

        final = board(fake, world.channel)
        assert "Moves" in [b.label for b in final.buttons()], "the final board offers the viewer"
        rec = await fake.click(world.carol, final, label="Moves")
        assert rec.ephemeral and rec.response is not None, "the viewer opens privately"
        viewer_id = rec.response.id
        ply, message = shown(fake, viewer_id)
        assert ply == last and f"Move {last}** of {last}" in message.embeds[0]["description"]
        same_picture(message, posted, last)
        assert disabled(message) == {"Forward", "Last"}

        seen = [ply]
        while ply > 0:
            ply, message = await step(fake, world.carol, viewer_id, "Back")
            assert ply == seen[-1] - 1
            seen.append(ply)
            if ply in posted:
                same_picture(message, posted, ply)
        assert seen == list(range(last, -1, -1)), "back through every move to the first"
        assert "opening position" in message.embeds[0]["description"]
        assert disabled(message) == {"First", "Back"}

        ply, message = await step(fake, world.carol, viewer_id, "Last")
        assert ply == last
        same_picture(message, posted, last)
        ply, message = await step(fake, world.carol, viewer_id, "First")
        assert ply == 0
        same_picture(message, posted, 0)

        await runner.restart()
        ply, message = await step(fake, world.carol, viewer_id, "Forward")
        assert ply == 1, "the buttons work after a restart"
        if 1 in posted:
            same_picture(message, posted, 1)
        (jump,) = message.selects()
        assert 2 <= len(jump.options) <= 25
        target = jump.options[-1].value
        await fake.select(world.carol, viewer_id, [target], custom_id=jump.custom_id)
        ply, message = shown(fake, viewer_id)
        assert ply == int(target)
        same_picture(message, posted, ply)

        # forged steps and jumps (a tampered client): refused privately, the viewer unchanged
        before_view = (message.embeds, [a.id for a in message.attachments])
        forged = [
            (f"rh:w:{match.id}:{last + 7}:back", None, f"there is no move {last + 7}"),
            (f"rh:w:{match.id}:0:back", None, "there is no move -1"),
            (f"rh:j:{match.id}:1", [str(last + 1)], f"there is no move {last + 1}"),
            (f"rh:j:{match.id}:1", ["x1"], "not valid"),
            (f"rh:w:{match.id + 50}:1:next", None, f"There is no match #{match.id + 50} here"),
        ]
        for custom_id, values, said in forged:
            rec = await forged_click(fake, world.carol, world.channel, message, custom_id, values)
            assert said in refusal(rec), custom_id
            after = fake.get_message(viewer_id)
            assert (after.embeds, [a.id for a in after.attachments]) == before_view

        # a move number beyond the match, privately refused; nothing posted
        before = len(fake.messages(world.channel))
        rec = await fake.slash(
            world.carol, world.channel, "game view", match=match.id, move=last + 5
        )
        assert f"there is no move {last + 5}" in refusal(rec)
        assert len(fake.messages(world.channel)) == before
        # another server's match is not shown
        other = fake.create_guild("Elsewhere")
        there = fake.create_text_channel(other, "yard")
        fake.add_member(other, world.carol)
        rec = await fake.slash(world.carol, there, "game view", match=match.id)
        assert f"There is no match #{match.id} here" in refusal(rec)


async def test_a_spectator_follows_a_live_match(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    posted: dict[int, bytes] = {}
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        posted_now(fake, world, posted)
        match = await play(fake, runner, world, posted, 3)
        rec = await fake.slash(world.carol, world.channel, "game view")
        assert rec.ephemeral and rec.response is not None
        viewer_id = rec.response.id
        ply, message = shown(fake, viewer_id)
        assert ply == match.ply and "being played" in message.embeds[0]["description"]
        same_picture(message, posted, ply)
        assert disabled(message) == {"Forward"}, "the last move of a live match is now"

        for _ in range(3):
            match = await play(fake, runner, world, posted, 1)
            ply, message = await step(fake, world.carol, viewer_id, "Last")
            assert ply == match.ply, "the viewer follows the moves as they come"
            same_picture(message, posted, ply)
        ply, message = await step(fake, world.carol, viewer_id, "Back")
        assert ply == match.ply - 1
        same_picture(message, posted, ply)
        # the opening position, from the command
        rec = await fake.slash(world.carol, world.channel, "game view", move=0)
        ply, message = shown(fake, rec.response.id)
        assert ply == 0
        same_picture(message, posted, 0)
