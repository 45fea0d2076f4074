"""After the game, end to end: a rematch against computers starts by itself; right after a
rematch ``/game history``, ``/game replay`` and ``/game leaderboard`` are about the match that
just ended; ``/game profile`` leads with wins, losses and ratings; ``/game status`` of a lobby."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import games
from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, board, boards, expect_board, running, until
from tests.conftest import World
from tests.e2e.test_aftergame import play_to_the_end
from tests.e2e.test_farm import SHORT_GAME_SEED

FARM = games.get("farm")
WINNING_TRADE = "trade 2 cow for 1 horse"


async def win_by_trade(fake: FakeDiscord, runner: BotRunner, channel: Any, player: Any) -> Any:
    """Seat 0 (``player``, to move) holds all but a horse and trades two cows for one: the
    match ends; returns its final board."""
    match = await runner.match_in(channel.id)
    dump = FARM.dump(match.state)
    held = {"rabbit": 1, "sheep": 1, "pig": 1, "cow": 3}
    dump["players"][0]["herd"].update(held)
    for animal, count in held.items():
        dump["stock"][animal] -= count
    await runner.set_state(match.id, dump)
    await expect_board(
        fake, channel, fake.slash(player, channel, "farm move", action=WINNING_TRADE)
    )
    assert (await runner.match_in(channel.id)).status == "finished"
    return board(fake, channel)


def field(rec: Any, name: str) -> str:
    """A field of the private embed answering a command (its value)."""
    assert rec.ephemeral
    (embed,) = rec.response.embeds
    return next(str(f["value"]) for f in embed["fields"] if f["name"].startswith(name))


async def test_a_rematch_against_computers_starts_at_once(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        rec = await fake.slash(world.alice, world.channel, "farm new", computers=1, level="easy")
        await expect_board(
            fake, world.channel, fake.click(world.alice, rec.response, label="Start")
        )
        old = await runner.match_in(world.channel.id)
        final = await win_by_trade(fake, runner, world.channel, world.alice)

        # one press of Rematch: the new match is on, its first board below, no Start to press
        before = len(boards(fake, world.channel))
        rec = await fake.click(world.alice, final, label="Rematch")
        assert not rec.ephemeral
        assert rec.response.content == (
            "🔁 **Rematch** of the last Super Farmer match: alice plays 🤖 Computer 1 (easy) "
            "again; the board is below."
        )
        assert rec.response.buttons() == [], "nothing to press before it starts"
        await until(lambda: len(boards(fake, world.channel)) > before, what="the new board")
        first = board(fake, world.channel)
        assert "**Super Farmer** begins" in first.content and world.alice.mention in first.content
        assert first.buttons(), "alice can move at once"
        new = await runner.match_in(world.channel.id)
        assert new.id != old.id and new.status == "active"
        assert [(s.name, s.computer) for s in new.seats] == [
            ("alice", None),
            ("Computer 1 (easy)", "easy"),
        ]
        starts = [
            m for m in fake.messages(world.channel) if "Start" in [b.label for b in m.buttons()]
        ]
        assert starts == [], "no lobby button is left anywhere"

        # the new match's status; its history has no move yet: the one that just ended
        rec = await fake.slash(world.alice, world.channel, "game status")
        here = field(rec, "Here: Super Farmer")
        assert here.startswith("active, move 0") and "alice to move" in here
        rec = await fake.slash(world.alice, world.channel, "game history")
        assert rec.ephemeral
        lines = rec.response.content.splitlines()
        assert lines[0] == f"**Super Farmer**, match #{old.id} (finished):"
        assert lines[-1].endswith(f"alice: `{WINNING_TRADE}`")

        # with a person in another seat, the rematch is a lobby as before
        pen = fake.create_text_channel(world.guild, "pen")
        rec = await fake.slash(world.alice, pen, "farm new", computers=1, level="easy")
        lobby = rec.response
        await fake.click(world.bob, lobby, label="Join")
        await expect_board(fake, pen, fake.click(world.alice, lobby, label="Start"))
        final = await win_by_trade(fake, runner, pen, world.alice)
        rec = await fake.click(world.bob, final, label="Rematch")
        assert "1 of 2 back" in rec.response.content
        assert "Start" in [b.label for b in rec.response.buttons()]
        assert (await runner.match_in(pen.id)).status == "lobby"


async def test_right_after_a_rematch_the_commands_tell_the_match_that_ended(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        old = await play_to_the_end(fake, runner, world)
        outcome = old.outcome()
        assert outcome is not None
        winner, loser = (
            (world.alice, world.bob) if outcome.winners == (0,) else (world.bob, world.alice)
        )
        final = board(fake, world.channel)
        rec = await fake.click(loser, final, label="Rematch")
        assert "Rematch" in rec.response.content
        assert (await runner.match_in(world.channel.id)).status == "lobby"

        # /game status tells the lobby once, and what it waits for
        rec = await fake.slash(world.carol, world.channel, "game status")
        here = field(rec, "Here: Super Farmer")
        assert here.splitlines()[:2] == [
            f"lobby; players: {loser.name}",
            "Waiting for 1 more player.",
        ]
        assert here.count("lobby") == 1

        # /game history: the last moves of the match that just ended
        rec = await fake.slash(world.carol, world.channel, "game history")
        assert rec.ephemeral
        played = await runner.bot.service.history(old.id, limit=15)
        lines = rec.response.content.splitlines()
        assert lines[0] == f"**Super Farmer**, match #{old.id} (finished):"
        assert len(lines) == 1 + len(played)
        last = played[-1]
        assert lines[-1] == f"{last['ply']}. {old.name_of(last['seat'])}: `{last['notation']}`"

        # /game replay: its animation
        rec = await fake.slash(world.carol, world.channel, "game replay")
        await until(lambda: bool(rec.response.attachments), what="the replay")
        assert rec.response.content.startswith(f"🎞️ **Super Farmer**, match #{old.id}: ")
        assert rec.response.attachments[0].filename == f"farm-{old.id}.gif"

        # /game leaderboard without a game: this channel's game
        rec = await fake.slash(winner, world.channel, "game leaderboard")
        assert not rec.ephemeral
        (embed,) = rec.response.embeds
        assert embed["title"] == "🏆 Super Farmer: leaderboard · all time"
        assert embed["description"].startswith(f"**1.** {winner.name}: ")
        assert "You are **#1**" in embed["description"]
        # a channel that never had a match asks which game, privately, and posts nothing
        pen = fake.create_text_channel(world.guild, "pen")
        rec = await fake.slash(winner, pen, "game leaderboard")
        assert rec.ephemeral and "No match has been played in this channel yet" in (
            rec.response.content
        )
        assert "Super Farmer" in rec.response.content and fake.messages(pen) == []

        # /game profile: wins, losses and rating first; a lost 1-on-1 says lost
        rec = await fake.slash(loser, world.channel, "game profile")
        (embed,) = rec.response.embeds
        assert embed["description"].startswith("**Super Farmer**: 0 won, 1 lost · rating **")
        recent = field(rec, "Recent matches")
        assert f"#{old.id} Super Farmer vs {winner.name}: lost, " in recent
        rec = await fake.slash(loser, world.channel, "game profile", user=winner)
        (embed,) = rec.response.embeds
        assert embed["description"].startswith("**Super Farmer**: 1 won, 0 lost · rating **")
        assert embed["description"].endswith(" · #1 here")
        assert f"vs {loser.name}: won, " in field(rec, "Recent matches")

        # the other player is back: the lobby waits for its host
        rec = await fake.click(winner, final, label="Rematch")
        rec = await fake.slash(world.carol, world.channel, "game status")
        waiting = field(rec, "Here: Super Farmer").splitlines()[1]
        assert waiting == "Waiting for the host (alice) to start it.", "alice hosted the last"
