"""Every click and every typed move gets an answer, and nothing but a valid one changes a game.

Clicks are forged the way a modified client could send them: the interaction carries a custom
id of our choosing, on a copy of the message that shows that component (or on the real message,
which does not). Each must be refused privately within Discord's 3 seconds (the emulator fails
the test otherwise) and leave the match as it was. The "Type a move" box is answered by its
custom id, so it still plays its move after the bot restarted while it was open.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import games
from bot.ui import INVALID
from fakediscord import FakeDiscord
from games.horseplay import square_name
from ranchtest.harness import board, boards, expect_board, open_match, running
from tests.conftest import World

FARM = games.get("farm")
HORSEPLAY = games.get("horseplay")


async def forged(
    fake: FakeDiscord,
    user: Any,
    channel: Any,
    message: Any,
    custom_id: str,
    *,
    values: list[str] | None = None,
    shown: bool = True,
) -> Any:
    """A click on ``custom_id`` (a select choosing ``values`` when given). ``shown``: the
    message in the interaction shows that component (as a tampered client would have it)."""
    return await fake.forge_click(
        user, message, custom_id, values=values, shown=shown, channel=channel
    )


def refused(rec: Any, user: Any, text: str = INVALID) -> None:
    assert rec.ephemeral and rec.response is not None, "answered privately"
    assert rec.response.ephemeral_for == user.id
    assert rec.response.content == text


async def test_forged_and_foreign_ids_are_refused_and_change_nothing(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        roll = next(b for b in first.buttons() if b.label == "Roll the dice")
        assert roll.custom_id == f"rh:a:{match.id}:{match.ply}:0:0"
        # a lobby in the other channel: a message there to click another match's ids on
        await fake.slash(world.bob, world.other_channel, "cattle new")
        elsewhere = fake.messages(world.other_channel)[-1]
        before = len(fake.messages(world.channel)), len(fake.messages(world.other_channel))
        m, p = match.id, match.ply
        shown_ids = [
            "rh:a:١:٠:٠:٠",  # Arabic-Indic digits
            f"rh:a:{m}:{p}:0:٠",
            f"rh:a:{m}:{p}:0:０",  # a fullwidth zero
            f"rh:a:{m}:{p}:0:{2**64}",
            f"rh:a:{10**20}:{p}:0:0",
            f"rh:a:{m}:{2**63}:0:0",
            f"rh:a:{m}:{p}:{2**53}:0",
            f"rh:a:0{m}:{p}:0:0",  # not the number as written by the bot
            f"rh:a:{m}:{p}:0:0 ",
            f"rh:t:{m}:{p}:extra",
            "rh:a:1:2",
            "rh:zz:1:0",
            "hello",
            f"rh:l:{m}:explode",
        ]
        for custom_id in shown_ids:
            refused(await forged(fake, world.alice, world.channel, first, custom_id), world.alice)
        # ids of our templates that the message clicked does not carry
        for custom_id in (f"rh:a:{m}:{p}:0:77", f"rh:t:{m}:{p + 1}", f"rh:l:{m}:join"):
            rec = await forged(fake, world.alice, world.channel, first, custom_id, shown=False)
            refused(rec, world.alice)
        # select values in other scripts or beyond any bound
        select = f"rh:s:{m}:{p}:0:0"
        for value in ("١", "٠", str(2**70), "-1", "1.0"):
            rec = await forged(fake, world.alice, world.channel, first, select, values=[value])
            refused(rec, world.alice)
        for value in ("٠.٠", f"0.{2**64}", "0"):
            rec = await forged(
                fake, world.alice, world.channel, first, f"rh:g:{m}:{p}:0", values=[value]
            )
            refused(rec, world.alice)
        # the match's real buttons, clicked from another channel
        for custom_id in (roll.custom_id, f"rh:t:{m}:{p}", f"rh:l:{m}:join"):
            rec = await forged(fake, world.alice, world.other_channel, elsewhere, custom_id)
            refused(rec, world.alice)
        # a match that does not exist
        rec = await forged(fake, world.alice, world.channel, first, f"rh:a:{m + 5}:{p}:0:0")
        refused(rec, world.alice)
        after = await runner.match_in(world.channel.id)
        assert after.ply == match.ply and after.state == match.state, "nothing was played"
        now = len(fake.messages(world.channel)), len(fake.messages(world.other_channel))
        assert now == before, "refusals post nothing publicly"
        # the real button still works
        await expect_board(
            fake, world.channel, fake.click(world.alice, first, label="Roll the dice")
        )
        assert (await runner.match_in(world.channel.id)).ply == match.ply + 1


async def test_the_move_box_works_after_a_restart(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        opened = await fake.click(world.alice, first, label="Type a move")
        assert opened.modal is not None
        assert opened.modal["custom_id"] == f"rh:m:{match.id}:{match.ply}"
        stale = await fake.click(world.alice, first, label="Type a move")
        await runner.restart()
        fake.clock_offset += 20 * 60  # the box stayed open twenty minutes
        before = len(boards(fake, world.channel))
        await expect_board(
            fake, world.channel, fake.submit_modal(world.alice, opened, {"move": "roll"})
        )
        assert len(boards(fake, world.channel)) == before + 1
        newest = board(fake, world.channel)
        assert newest.content.startswith(("alice rolled", "**alice** rolled")), "the roll is told"

        after = await runner.match_in(world.channel.id)
        assert after.ply == match.ply + 1
        # a second box from the same board is out of date now: refused, nothing changes
        rec = await fake.submit_modal(world.alice, stale, {"move": "roll"})
        assert rec.ephemeral or any(f.ephemeral for f in rec.followups)
        again = await runner.match_in(world.channel.id)
        assert again.ply == after.ply and again.state == after.state
        # forged boxes: other scripts' digits, another channel, no move field, a stranger id
        m, p = after.id, after.ply
        for channel, custom_id, fields in (
            (world.channel, "rh:m:١:٠", {"move": "roll"}),
            (world.other_channel, f"rh:m:{m}:{p}", {"move": "roll"}),
            (world.channel, f"rh:m:{m}:{p}", {"other": "roll"}),
            (world.channel, "something-else", {"move": "roll"}),
        ):
            rec = await forged_box(fake, world.bob, channel, custom_id, fields)
            text = INVALID if "other" not in fields else "Type one move in the box."
            refused(rec, world.bob, text)
        last = await runner.match_in(world.channel.id)
        assert last.ply == after.ply and last.state == after.state


async def forged_box(
    fake: FakeDiscord, user: Any, channel: Any, custom_id: str, fields: dict[str, str]
) -> Any:
    """A move box submission with any custom id and fields, from no box the bot opened."""
    return await fake.forge_modal(user, channel, custom_id, fields)


async def test_the_huff_warning_shows_in_the_move_menu(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    """Five pieces can move and one can capture: every plain move warns that the capturing
    piece will be huffed, beside that move's button once its piece is chosen."""
    async with running(fake, database) as runner:
        await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        dump = HORSEPLAY.dump(match.state)
        dump["pieces"] = {
            **{sq: {"colour": "green", "crown": False} for sq in ("a3", "c3", "e3", "g3", "i3")},
            "d4": {"colour": "blue", "crown": False},
            "h8": {"colour": "blue", "crown": False},
        }
        dump["to_move"] = "green"
        await runner.set_state(match.id, dump)
        await expect_board(
            fake, world.channel, fake.slash(world.alice, world.channel, "horseplay board")
        )
        shown = board(fake, world.channel)
        state = (await runner.match_in(world.channel.id)).state
        moves = HORSEPLAY.legal_actions(state, 0)
        pieces = {square_name(mv.start, state.size) for mv in moves}
        assert len(pieces) == 5 and any(mv.is_capture for mv in moves)
        assert not shown.selects(), "a handful of pieces are buttons"
        assert len(shown.buttons()) == len(pieces) + 3
        a3 = next(b for b in shown.buttons() if b.label.startswith("a3 ·"))
        rec = await fake.click(world.alice, shown, custom_id=a3.custom_id)
        private = rec.response
        assert rec.ephemeral and private is not None
        (a3_b4,) = private.buttons()
        move = moves[int(a3_b4.custom_id.rsplit(":", 1)[1])]
        note = HORSEPLAY.describe_action(state, 0, move).note
        assert "will be huffed" in note, "the rules' note"
        assert re.search(
            r"\*\*a3-b4\*\*: you could take: your piece on [a-i]\d will be huffed",
            private.content,
        ), private.content
        pick = fake.click(world.alice, private, custom_id=a3_b4.custom_id)
        await expect_board(fake, world.channel, pick)
        huffed = board(fake, world.channel)
        assert "alice (Green) moved a3-b4." in huffed.content
        assert "is huffed (-10)" in huffed.content
