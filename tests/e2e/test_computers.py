"""Computer players end to end: lobby seats, whole matches against computers, failures, restarts.

The computers' turns play themselves right after the move that hands them the turn, and the
person sees one board for all of it; computers are named with 🤖 and never mentioned.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest

import games
from bot.computers import Computers
from fakediscord import FakeDiscord
from games import policies
from games.rng import SeededRng
from ranchtest.harness import (
    FINAL_BUTTONS,
    BotRunner,
    board,
    boards,
    expect_board,
    running,
)
from tests.conftest import World
from tests.e2e.test_farm import play_by_buttons

FARM = games.get("farm")
HORSEPLAY = games.get("horseplay")


def no_computer_mentioned(fake: FakeDiscord, channel: Any) -> None:
    """No message mentions a computer's (negative) id, and only people are notified."""
    for message in fake.messages(channel):
        assert not re.search(r"<@!?-", message.content), message.content
    for note in fake.notifications(channel):
        assert note.user.id > 0, note


async def lobby_with(fake: FakeDiscord, host: Any, channel: Any, game: str, **options: Any) -> Any:
    rec = await fake.slash(host, channel, f"{game} new", **options)
    assert rec.response is not None and not rec.ephemeral, rec.response
    return rec.response


async def start(fake: FakeDiscord, host: Any, channel: Any, lobby: Any) -> Any:
    await expect_board(fake, channel, fake.click(host, lobby, label="Start"))
    return board(fake, channel)


async def test_lobby_computers_added_removed_and_refused(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        lobby = await lobby_with(fake, world.alice, world.channel, "horseplay")
        labels = [b.label for b in lobby.buttons()]
        assert "Add computer (easy)" in labels and "Add computer (strong)" in labels
        # only the host seats computers; the refusal is private and changes nothing
        rec = await fake.click(world.bob, lobby, label="Add computer (strong)")
        assert rec.ephemeral and "Only the host (alice)" in rec.response.content
        rec = await fake.click(world.alice, lobby, label="Add computer (strong)")
        assert not rec.ephemeral
        lobby = fake.messages(world.channel)[-1]
        assert "🤖 Computer 1 (strong)" in lobby.content
        for _ in range(2):
            await fake.click(world.alice, lobby, label="Add computer (easy)")
            lobby = fake.messages(world.channel)[-1]
        assert "🤖 Computer 2 (easy)" in lobby.content and "🤖 Computer 3 (easy)" in lobby.content
        rec = await fake.click(world.alice, lobby, label="Add computer (easy)")
        assert rec.ephemeral and "full (4 players)" in rec.response.content
        # people cannot join a full lobby either; the host removes a computer to make room
        (menu,) = lobby.selects()
        assert [o.label for o in menu.options] == [
            "Computer 1 (strong)",
            "Computer 2 (easy)",
            "Computer 3 (easy)",
        ]
        rec = await fake.select(world.bob, lobby, [menu.options[1].value], custom_id=menu.custom_id)
        assert rec.ephemeral and "Only the host" in rec.response.content
        await fake.select(world.alice, lobby, [menu.options[1].value], custom_id=menu.custom_id)
        lobby = fake.messages(world.channel)[-1]
        assert "Computer 2" not in lobby.content and "Computer 3 (easy)" in lobby.content
        rec = await fake.click(world.bob, lobby, label="Join")
        assert not rec.ephemeral
        lobby = fake.messages(world.channel)[-1]
        match = await runner.match_in(world.channel.id)
        assert [s.name for s in match.seats] == [
            "alice",
            "Computer 1 (strong)",
            "Computer 3 (easy)",
            "bob",
        ]
        ids = [s.user_id for s in match.seats if s.computer]
        assert len(set(ids)) == 2 and all(i < 0 for i in ids)
        # the humans leave: the lobby closes (computers alone keep nothing open)
        await fake.click(world.bob, lobby, label="Leave")
        lobby = fake.messages(world.channel)[-1]
        await fake.click(world.alice, lobby, label="Leave")
        assert "closed: everyone left" in fake.messages(world.channel)[-1].content
        assert (await runner.match_in(world.channel.id)).status == "abandoned"
        # /new seats computers at once, within the game's limit
        rec = await fake.slash(
            world.alice, world.channel, "horseplay new", computers=4, level="strong"
        )
        assert rec.ephemeral and "at most 4 players" in rec.response.content
        lobby = await lobby_with(
            fake, world.alice, world.channel, "horseplay", computers=3, level="strong"
        )
        assert lobby.content.count("(strong)") == 3
        no_computer_mentioned(fake, world.channel)


async def test_whole_farm_match_against_a_strong_computer(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=85) as runner:
        lobby = await lobby_with(
            fake, world.alice, world.channel, "farm", computers=1, level="strong"
        )
        first = await start(fake, world.alice, world.channel, lobby)
        assert "🤖 Computer 1 (strong)" in first.content and world.alice.mention in first.content
        easy = policies.get("farm", "easy")
        moves = 0
        while True:
            match = await runner.match_in(world.channel.id)
            if match.status == "finished":
                break
            assert moves < 400, "the game should have ended"
            assert match.to_act()[0] == 0, "the board waits on the person, never on a computer"
            menu = FARM.legal_actions(match.state, 0)
            chosen = easy.choose(match.state, 0, rng=SeededRng(moves, 0), actions=menu)
            index = next(i for i, a in enumerate(menu) if a is chosen)
            before = len(boards(fake, world.channel))
            await play_by_buttons(fake, runner, world.channel, {0: world.alice}, index)
            moved = await runner.match_in(world.channel.id)
            posted = boards(fake, world.channel)
            assert len(posted) <= before + 1, "one message per move, the computer's included"
            if moved.ply > match.ply + 1 and moved.status == "active":
                assert "Computer 1 (strong)" in posted[-1].content, "its move is told"
            moves += 1
        final = board(fake, world.channel)
        assert "Game over" in final.content
        assert [b.label for b in final.buttons()] == FINAL_BUTTONS, "only a rematch is offered"
        history = await runner.bot.service.history(match.id, limit=1000)
        assert any(h["seat"] == 1 for h in history), "the computer played"
        assert await runner.bot.service.replay(match.id) == match.state
        no_computer_mentioned(fake, world.channel)
        assert fake.notifications(world.channel, user=world.alice), "the person is notified"


async def test_horseplay_one_person_and_three_computers_reach_a_result(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        lobby = await lobby_with(
            fake, world.alice, world.channel, "horseplay", computers=2, level="strong"
        )
        await fake.click(world.alice, lobby, label="Add computer (easy)")
        lobby = fake.messages(world.channel)[-1]
        await start(fake, world.alice, world.channel, lobby)
        easy = policies.get("horseplay", "easy")
        moves = 0
        while True:
            match = await runner.match_in(world.channel.id)
            if match.status == "finished":
                break
            assert moves < 300, "the game should have ended"
            assert match.to_act() == (0,), "the computers' turns play themselves"
            action = easy.choose(match.state, 0, rng=SeededRng(moves, 0))
            notation = HORSEPLAY.format_action(match.state, action)
            before = len(boards(fake, world.channel))
            await expect_board(
                fake,
                world.channel,
                fake.slash(world.alice, world.channel, "horseplay move", action=notation),
            )
            assert len(boards(fake, world.channel)) == before + 1
            moves += 1
        final = board(fake, world.channel)
        assert "Game over" in final.content
        outcome = match.outcome()
        assert outcome is not None
        history = await runner.bot.service.history(match.id, limit=1000)
        assert {h["seat"] for h in history} >= {1, 2, 3}, "every computer played"
        no_computer_mentioned(fake, world.channel)
        people = {n.user.id for n in fake.notifications(world.channel)}
        assert people == {world.alice.id}


async def test_a_failing_strong_computer_plays_the_easy_move_and_the_match_goes_on(
    fake: FakeDiscord,
    world: World,
    database: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    strong = type(policies.get("farm", "strong"))

    def broken(*_: Any) -> Any:
        raise RuntimeError("the strong player broke")

    monkeypatch.setattr(strong, "pick", broken)
    async with running(fake, database, seed=85) as runner:
        lobby = await lobby_with(
            fake, world.alice, world.channel, "farm", computers=1, level="strong"
        )
        await start(fake, world.alice, world.channel, lobby)
        with caplog.at_level(logging.ERROR, logger="bot.computers"):
            for _ in range(40):
                await expect_board(
                    fake,
                    world.channel,
                    fake.slash(world.alice, world.channel, "farm move", action="roll"),
                )
                match = await runner.match_in(world.channel.id)
                if match.status != "active":
                    break
                assert match.to_act()[0] == 0, "the computer moved: it is the person's turn"
                if any("playing the easy move" in r.getMessage() for r in caplog.records):
                    break
        assert any("playing the easy move" in r.getMessage() for r in caplog.records)
        assert any("Computer 1 (strong)" in m.content for m in boards(fake, world.channel))


async def test_a_computer_turn_left_by_a_restart_plays_itself(
    fake: FakeDiscord, world: World, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def stopped(self: Computers, match_id: int, match: object = None) -> None:
        return None  # the bot "dies" before its computers move

    runner = BotRunner(fake, database, seed=85)
    with monkeypatch.context() as patch:
        patch.setattr(Computers, "play", stopped)
        await runner.start()
        try:
            lobby = await lobby_with(
                fake, world.alice, world.channel, "farm", computers=1, level="easy"
            )
            await start(fake, world.alice, world.channel, lobby)
            await expect_board(
                fake,
                world.channel,
                fake.slash(world.alice, world.channel, "farm move", action="roll"),
            )
            match = await runner.match_in(world.channel.id)
            assert match.to_act() == (1,)
            assert "🤖 Computer 1 (easy) is thinking" in board(fake, world.channel).content
            assert not board(fake, world.channel).buttons(), "nothing for people to click"
        finally:
            await runner.stop()
    count = len(boards(fake, world.channel))
    await runner.start()  # the clock's first tick catches up
    try:
        await runner.tick()
        match = await runner.match_in(world.channel.id)
        assert match.to_act()[:1] == (0,) or match.status == "finished"
        assert len(boards(fake, world.channel)) == count + 1
        assert "Computer 1 (easy)" in board(fake, world.channel).content, "its move is told"
        assert world.alice.mention in board(fake, world.channel).content
        no_computer_mentioned(fake, world.channel)
    finally:
        await runner.stop()


def herd(**animals: int) -> dict[str, int]:
    kinds = ("rabbit", "sheep", "pig", "cow", "horse", "small_dog", "big_dog")
    return {k: animals.get(k, 0) for k in kinds}


async def test_farm_offers_a_computer_answers_at_once_and_a_person_is_asked(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=85) as runner:
        lobby = await lobby_with(fake, world.alice, world.channel, "farm", computers=1)
        await start(fake, world.alice, world.channel, lobby)
        match = await runner.match_in(world.channel.id)
        dump = FARM.dump(match.state)
        dump["players"][0]["herd"] = herd(rabbit=8, sheep=1)
        dump["players"][1]["herd"] = herd(rabbit=1, sheep=2, pig=1)
        await runner.set_state(match.id, dump)
        # the person offers; the computer answers in the same board, no waiting
        offer = "offer 6 rabbit for 1 sheep to Computer 1 (easy)"
        await expect_board(
            fake, world.channel, fake.slash(world.alice, world.channel, "farm move", action=offer)
        )
        after = await runner.match_in(world.channel.id)
        assert after.state.offer is None and after.to_act() == (0,), "answered at once"
        history = await runner.bot.service.history(match.id)
        assert history[-1]["seat"] == 1 and history[-1]["notation"] in ("accept", "decline")
        assert "Computer 1 (easy)" in board(fake, world.channel).content, "its answer is told"
        # a computer's offer waits on the person, who is mentioned and alone has buttons
        dump = FARM.dump(after.state)
        dump["turn"] = 1
        dump["offer"] = {"by": 1, "to": 0, "give": herd(sheep=1), "get": herd(rabbit=6)}
        dump["players"][0]["herd"] = herd(rabbit=8, sheep=1)
        await runner.set_state(match.id, dump)
        waiting = await runner.match_in(world.channel.id)
        assert waiting.to_act() == (0, 1) and waiting.computer_to_act() is None
        await expect_board(
            fake, world.channel, fake.slash(world.alice, world.channel, "farm board")
        )
        shown = board(fake, world.channel)
        assert f"{world.alice.mention}, your move." in shown.content
        labels = " ".join(b.label for b in shown.buttons())
        assert "Withdraw" not in labels and "Type a move" in labels
        moves = [b for b in shown.buttons() if b.custom_id.startswith("rh:a:")]
        assert moves and all(b.custom_id.split(":")[4] == "0" for b in moves)
        no_computer_mentioned(fake, world.channel)


async def test_a_computer_that_opens_the_game_plays_before_the_first_board(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    # with this seed the roll-off gives the computer the first turn
    async with running(fake, database, seed=2) as runner:
        lobby = await lobby_with(fake, world.alice, world.channel, "highrollin", computers=1)
        first = await start(fake, world.alice, world.channel, lobby)
        assert len(boards(fake, world.channel)) == 1, "one board for the start and its moves"
        assert "High Rollin'** begins" in first.content
        assert first.content.count("Computer 1 (easy)") >= 2, "seated, and its move told"
        assert (
            first.content.rstrip().endswith("your move.") and world.alice.mention in first.content
        )
        match = await runner.match_in(world.channel.id)
        assert match.to_act() == (0,) and first.buttons()
        assert [n.user.id for n in fake.notifications(world.channel)] == [world.alice.id]
