"""Super Farmer end to end: the real bot, the real discord.py client, the Discord emulator."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import games
from bot.answer import ANSWER_WITHIN
from bot.matches import Refusal
from fakediscord import FakeDiscord
from games.rng import SeededRng
from ranchtest.harness import (
    FINAL_BUTTONS,
    BotRunner,
    assert_played,
    board,
    boards,
    check_turn_board,
    expect_board,
    open_match,
    running,
    until,
)
from tests.conftest import World
from tests.e2e.farm_policy import choose

RULES = games.get("farm")


@pytest.fixture
def database(store_url: str) -> str:
    """Every Super Farmer game runs on both backends: a SQLite file and PostgreSQL."""
    return store_url


#: with this seed the greedy player below wins a two-player game in about thirty moves
SHORT_GAME_SEED = 85


async def play_by_buttons(
    fake: FakeDiscord, runner: BotRunner, channel: Any, seat_user: dict[int, Any], choice: int
) -> Any:
    """The acting player picks menu entry ``choice`` on the newest board, as a player would."""
    match = await runner.match_in(channel.id)
    seat = match.to_act()[0]
    user = seat_user[seat]
    current = board(fake, channel)
    button = next((b for b in current.buttons() if b.custom_id.endswith(f":{seat}:{choice}")), None)
    if button is not None:
        return await expect_board(
            fake, channel, fake.click(user, current, custom_id=button.custom_id)
        )
    for select in current.selects():
        if any(o.value == str(choice) for o in select.options):
            pick = fake.select(user, current, [str(choice)], custom_id=select.custom_id)
            return await expect_board(fake, channel, pick)
    raise AssertionError(f"move {choice} is on no button or menu of the board")


async def test_whole_two_player_game_by_buttons(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        first = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        assert world.alice.mention in first.content, "the first player is mentioned"
        assert first.attachments[0].content_type == "image/png"
        seat_user = {0: world.alice, 1: world.bob}
        typed = False
        moves = 0
        while True:
            match = await runner.match_in(world.channel.id)
            if match.status == "finished":
                break
            assert moves < 200, "the game should have ended"
            seat = match.to_act()[0]
            choice = choose(RULES, match.state, seat)
            action = RULES.legal_actions(match.state, seat)[choice]
            before = len(boards(fake, world.channel))
            if not typed and RULES.format_action(match.state, action) == "roll" and moves >= 2:
                rec = await expect_board(
                    fake,
                    world.channel,
                    fake.slash(seat_user[seat], world.channel, "farm move", action="roll"),
                )
                typed = True
            else:
                rec = await play_by_buttons(fake, runner, world.channel, seat_user, choice)
            assert_played(rec)
            moves += 1
            moved = await runner.match_in(world.channel.id)
            newest = check_turn_board(fake, world.channel, before, RULES, match.state, moved)
            # the move is told once: by what it did (naming its player), else by its notation
            told = newest.content.splitlines()[0]
            notation = RULES.format_action(match.state, action)
            assert match.name_of(seat) in told or f"played `{notation}`" in told

            assert len(newest.attachments) == 1 and newest.attachments[0].size < 200_000
        assert typed, "one move was typed as a command"
        final = board(fake, world.channel)
        outcome = match.outcome()
        assert outcome is not None
        winner = seat_user[outcome.winners[0]]
        assert "Game over" in final.content and winner.mention in final.content
        assert [b.label for b in final.buttons()] == FINAL_BUTTONS, "only a rematch is offered"
        lobby = fake.messages(world.channel)[0]
        assert f"(finished: {winner.name} won)" in lobby.content and not lobby.buttons()
        # the stored state is exactly what replaying the log from the seed gives
        assert runner.bot is not None
        assert await runner.bot.service.replay(match.id) == match.state
        assert RULES.outcome(match.state) == outcome


async def test_spectator_and_wrong_player_are_refused_privately(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database) as runner:
        current = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        count = len(fake.messages(world.channel))
        for intruder, expected in ((world.bob, "not your turn"), (world.carol, "not playing")):
            rec = await fake.click(intruder, current, label="Roll the dice")
            assert rec.ephemeral and expected in rec.response.content.lower()
            assert rec.response.ephemeral_for == intruder.id
        rec = await fake.slash(world.carol, world.channel, "farm move", action="roll")
        assert rec.ephemeral and "not playing" in rec.response.content.lower()
        rec = await fake.slash(
            world.bob, world.channel, "farm move", action="trade 6 rabbit for 1 sheep"
        )
        assert rec.ephemeral
        after = await runner.match_in(world.channel.id)
        assert after.ply == match.ply and after.state == match.state
        assert len(fake.messages(world.channel)) == count, "refusals post nothing publicly"
        # the spectator can still see the board and ask for the rules
        rec = await fake.slash(world.carol, world.channel, "farm rules")
        assert rec.ephemeral and rec.response.embeds
        text = str(rec.response.embeds[0])
        assert "strict_trades" in text and "start_with_rabbit" in text and "roll" in text


async def test_malformed_and_illegal_typed_moves_change_nothing(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        before = await runner.match_in(world.channel.id)
        for text, hint in (
            ("dance", "don't know the move"),
            ("trade 6 unicorn for 1 sheep", "unknown animal"),
            ("trade 6 rabbit for 1 sheep", "only 0 rabbits"),
            ("offer 1 horse for 1 cow to nobody", "no player"),
        ):
            rec = await fake.slash(world.alice, world.channel, "farm move", action=text)
            assert rec.ephemeral, text
            assert hint in rec.response.content.lower(), (text, rec.response.content)
        after = await runner.match_in(world.channel.id)
        assert after.ply == before.ply and after.state == before.state


async def test_double_click_applies_once_and_refuses_the_stale_one(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database) as runner:
        current = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        before = len(boards(fake, world.channel))
        recs = await asyncio.gather(
            fake.click(world.alice, current, label="Roll the dice"),
            fake.click(world.alice, current, label="Roll the dice"),
        )
        await until(lambda: len(boards(fake, world.channel)) > before)
        await fake.settle()
        match = await runner.match_in(world.channel.id)
        assert match.ply == 1, "only one of the two clicks was applied"
        refused = [r for r in recs if r.ephemeral or any(f.ephemeral for f in r.followups)]
        assert len(refused) == 1
        texts = [m.content.lower() for r in refused for m in [r.response, *r.followups] if m]
        assert any("out of date" in t or "not your turn" in t for t in texts)


async def test_offer_to_another_player_accept_and_decline(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        dump = RULES.dump(match.state)
        dump["players"][0]["herd"].update(rabbit=12)
        dump["players"][1]["herd"].update(sheep=2)
        dump["stock"].update(rabbit=48, sheep=22)
        await runner.set_state(match.id, dump)
        await expect_board(
            fake, world.channel, fake.slash(world.alice, world.channel, "farm board")
        )
        current = board(fake, world.channel)
        # stock trades and offers share one menu; each offer says who it is to
        select, option = next(
            (s, o)
            for s in current.selects()
            for o in s.options
            if o.label.startswith("Offer to bob: 6 rabbits → 1 sheep")
        )
        offer = fake.select(world.alice, current, [option.value], custom_id=select.custom_id)
        await expect_board(fake, world.channel, offer)
        offer_board = board(fake, world.channel)
        assert "offers bob 6 rabbits for 1 sheep" in offer_board.content
        assert world.bob.mention in offer_board.content
        # only bob can answer
        rec = await fake.click(
            world.alice, offer_board, label="bob: Accept: give 1 sheep, get 6 rabbits"
        )
        assert rec.ephemeral and "for bob" in rec.response.content
        pre = await runner.match_in(world.channel.id)
        accept = fake.click(
            world.bob, offer_board, label="bob: Accept: give 1 sheep, get 6 rabbits"
        )
        await expect_board(fake, world.channel, accept)
        match = await runner.match_in(world.channel.id)
        # the trade as it stood right after bob accepted (alice's roll may follow at once:
        # with the turn's trade used, rolling is her only move)
        accepted = RULES.parse_action(pre.state, 1, "accept")
        states = [RULES.apply(pre.state, 1, accepted, rng=SeededRng(pre.seed, pre.ply + 1)).state]
        assert match.ply >= pre.ply + 1
        herds = RULES.dump(states[-1])["players"]
        assert herds[0]["herd"]["rabbit"] == 6 and herds[0]["herd"]["sheep"] == 1
        assert herds[1]["herd"]["rabbit"] == 6 and herds[1]["herd"]["sheep"] == 1
        assert "accepts" in board(fake, world.channel).content


async def test_restart_mid_game_keeps_everything_and_old_buttons_work(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    runner = BotRunner(fake, database, seed=SHORT_GAME_SEED)
    await runner.start()
    try:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        seat_user = {0: world.alice, 1: world.bob}
        for _ in range(5):
            match = await runner.match_in(world.channel.id)
            await play_by_buttons(
                fake,
                runner,
                world.channel,
                seat_user,
                choose(RULES, match.state, match.to_act()[0]),
            )
        before = await runner.match_in(world.channel.id)
        old_board = board(fake, world.channel)
        syncs = [r for r in fake.requests if r.method == "PUT" and "commands" in r.route]
        await runner.stop()
        await runner.start()
        assert [r for r in fake.requests if r.method == "PUT" and "commands" in r.route] == syncs, (
            "an unchanged command set is not synced again on restart"
        )
        after = await runner.match_in(world.channel.id)
        assert (after.ply, after.state, after.seats) == (before.ply, before.state, before.seats)
        # the board posted by the previous process still works
        seat = after.to_act()[0]
        choice = choose(RULES, after.state, seat)
        rec = await play_by_buttons(fake, runner, world.channel, seat_user, choice)
        assert not rec.ephemeral
        assert board(fake, world.channel).id != old_board.id
        moved = await runner.match_in(world.channel.id)
        assert moved.ply == before.ply + 1
    finally:
        await runner.stop()


async def test_two_channels_play_at_once(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        await open_match(fake, "farm", world.other_channel, world.carol, world.alice)
        first = board(fake, world.channel)
        second = board(fake, world.other_channel)
        await asyncio.gather(
            expect_board(
                fake, world.channel, fake.click(world.alice, first, label="Roll the dice")
            ),
            expect_board(
                fake, world.other_channel, fake.click(world.carol, second, label="Roll the dice")
            ),
        )
        one = await runner.match_in(world.channel.id)
        two = await runner.match_in(world.other_channel.id)
        assert one.id != two.id and one.ply == 1 and two.ply == 1
        assert world.bob.mention in board(fake, world.channel).content
        assert world.alice.mention in board(fake, world.other_channel).content
        rec = await fake.slash(world.alice, world.channel, "farm new")
        assert rec.ephemeral and "already" in rec.response.content


async def test_lobby_rules_and_abandon_permissions(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database) as runner:
        rec = await fake.slash(world.alice, world.channel, "farm new", strict_trades=True)
        lobby = rec.response
        assert "strict_trades on" in lobby.content
        rec = await fake.click(world.alice, lobby, label="Start")
        assert rec.ephemeral and "needs at least 2 players" in rec.response.content
        rec = await fake.click(world.bob, lobby, label="Join")
        rec = await fake.click(world.bob, rec.response or lobby, label="Start")
        assert rec.ephemeral and "Only the host" in rec.response.content
        rec = await fake.slash(world.carol, world.channel, "farm abandon")
        assert rec.ephemeral and "Manage Channels" in rec.response.content
        rec = await fake.slash(world.mod, world.channel, "farm abandon")
        assert rec.ephemeral and "Close the Super Farmer lobby here?" in rec.response.content
        rec = await fake.click(world.mod, rec.response, label="Confirm: end it")
        assert [m.content for m in rec.followups if not m.ephemeral] == [
            "🛑 **marshal** closed the Super Farmer lobby here."
        ]
        assert await runner.bot.service.live_in(world.channel.id) is None
        rec = await fake.slash(world.alice, world.channel, "game status")
        assert rec.ephemeral and "No match" in str(rec.response.embeds[0])


async def test_move_autocomplete_lists_legal_moves(
    fake: FakeDiscord, world: World, database: Path | str
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "farm", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        dump = RULES.dump(match.state)
        dump["players"][0]["herd"].update(rabbit=7)
        dump["stock"].update(rabbit=53)
        await runner.set_state(match.id, dump)
        choices = await fake.autocomplete(
            world.alice, world.channel, "farm move", focused="action", action="trade"
        )
        values = [c["value"] for c in choices]
        assert "trade 6 rabbit for 1 sheep" in values and "roll" not in values
        assert (
            await fake.autocomplete(
                world.bob, world.channel, "farm move", focused="action", action=""
            )
            == []
        )


@pytest.mark.parametrize("player_count", [6])
async def test_six_players_fit_on_one_board(
    fake: FakeDiscord, world: World, database: Path | str, player_count: int
) -> None:
    players = [world.alice, world.bob, world.carol, world.mod]
    for i in range(player_count - len(players)):
        user = fake.create_user(f"hand{i}")
        fake.add_member(world.guild, user)
        players.append(user)
    async with running(fake, database):
        first = await open_match(fake, "farm", world.channel, *players)
        assert len(first.attachments) == 1
        assert any(b.label == "Roll the dice" for b in first.buttons())


STUCK = "The ranch gate is stuck; try again."


def act_fails_once(monkeypatch: pytest.MonkeyPatch, runner: BotRunner, after: float) -> None:
    """The next move the bot applies fails (a refusal) after ``after`` seconds."""
    assert runner.bot is not None
    service = runner.bot.service
    real_act = service.act

    async def fails_once(*args: Any, **kwargs: Any) -> Any:
        monkeypatch.setattr(service, "act", real_act)
        await asyncio.sleep(after)
        raise Refusal(STUCK)

    monkeypatch.setattr(service, "act", fails_once)


async def still_plays(fake: FakeDiscord, world: World, runner: BotRunner, clicked: Any) -> None:
    """Nothing was stored, and the clicked board's buttons play the move now."""
    again = fake.get_message(clicked.id)
    assert any(b.label == "Roll the dice" for b in again.buttons()), "the buttons are there"
    assert (await runner.match_in(world.channel.id)).ply == 0
    await expect_board(fake, world.channel, fake.click(world.alice, again, label="Roll the dice"))
    assert (await runner.match_in(world.channel.id)).ply == 1


async def test_a_click_that_fails_is_refused_privately_and_the_board_keeps_its_buttons(
    fake: FakeDiscord, world: World, database: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running(fake, database) as runner:
        current = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        act_fails_once(monkeypatch, runner, 0.0)
        rec = await fake.click(world.alice, current, label="Roll the dice")
        assert rec.ephemeral and rec.response is not None
        assert rec.response.content == STUCK
        await still_plays(fake, world, runner, current)


async def test_a_click_that_fails_after_the_acknowledgement_leaves_the_board_usable(
    fake: FakeDiscord, world: World, database: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move takes longer than the bot waits before acknowledging the click plainly (the
    buttons come off the board), then fails: the buttons come back, the player is told."""
    async with running(fake, database) as runner:
        current = await open_match(fake, "farm", world.channel, world.alice, world.bob)
        act_fails_once(monkeypatch, runner, ANSWER_WITHIN + 0.3)
        rec = await fake.click(world.alice, current, label="Roll the dice")
        assert rec.callback_type == 7, "acknowledged plainly while the move was slow"
        await until(lambda: bool(rec.followups), what="the refusal")
        await fake.settle()
        assert [m.content for m in rec.followups if m.ephemeral] == [STUCK]
        await still_plays(fake, world, runner, current)
