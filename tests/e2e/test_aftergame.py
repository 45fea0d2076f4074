"""After the game, end to end: Rematch, replays, exports, ratings, refusals."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

import games
from bot.replays import FORMAT
from fakediscord import FakeDiscord
from ranchtest.harness import FINAL_BUTTONS, BotRunner, board, boards, open_match, running, until
from tests.conftest import World
from tests.e2e.farm_policy import choose
from tests.e2e.test_farm import SHORT_GAME_SEED, play_by_buttons

ROOT = Path(__file__).resolve().parents[2]
RULES = games.get("farm")


async def play_to_the_end(fake: FakeDiscord, runner: BotRunner, world: World) -> Any:
    """Alice and Bob play a whole Super Farmer match by buttons; returns the finished match."""
    await open_match(fake, "farm", world.channel, world.alice, world.bob)
    seat_user = {0: world.alice, 1: world.bob}
    for _ in range(200):
        match = await runner.match_in(world.channel.id)
        if match.status == "finished":
            return match
        seat = match.to_act()[0]
        await play_by_buttons(
            fake, runner, world.channel, seat_user, choose(RULES, match.state, seat)
        )
    raise AssertionError("the game should have ended")


def private(rec: Any) -> str:
    assert rec.ephemeral, "a refusal is private"
    return str(rec.response.content)


def last_frame(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.seek(image.n_frames - 1)
    return image.convert("RGB")


async def test_rematch_replay_export_and_ratings(
    fake: FakeDiscord, world: World, database: Path, tmp_path: Path
) -> None:
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        old = await play_to_the_end(fake, runner, world)
        final = board(fake, world.channel)
        assert [b.label for b in final.buttons()] == FINAL_BUTTONS, (
            "the final board offers a rematch and its text"
        )
        # a pass after the older boards' strip lease leaves the final board's Rematch alone
        assert runner.bot is not None
        await runner.bot.delivery.sweep()
        await runner.bot.store.execute(
            "UPDATE board_messages SET strip_due = 0 WHERE strip_due > 0"
        )
        await runner.bot.delivery.sweep()
        await fake.settle()
        assert [b.label for b in fake.get_message(final.id).buttons()] == FINAL_BUTTONS
        assert await runner.bot.store.boards.strips_pending() == 0
        outcome = old.outcome()
        assert outcome is not None

        # the match is recorded and rated once
        assert runner.bot is not None
        result = await runner.bot.store.records.result(old.id)
        assert result is not None and result.rated
        summary = json.loads(result.summary)
        assert summary["board"] == [world.channel.id, final.id]

        # leaderboard and profile show the ratings
        rec = await fake.slash(world.carol, world.channel, "game leaderboard", game="farm")
        text = str(rec.response.embeds[0])
        winner = old.seats[outcome.winners[0]].name
        assert text.index(winner) < text.index(old.seats[1 - outcome.winners[0]].name)
        assert "no Super Farmer rating here yet" in text, "Carol has not played"
        rec = await fake.slash(world.alice, world.channel, "game profile", user=world.bob)
        assert rec.ephemeral
        text = str(rec.response.embeds[0])
        bob_won = old.seats[outcome.winners[0]].user_id == world.bob.id
        assert "1 won, 0 lost" in text if bob_won else "0 won, 1 lost" in text
        assert f"#{old.id}" in text and str(final.id) in text

        # the replay: an animation whose last frame is the final board as posted
        count = len(fake.messages(world.channel))
        rec = await fake.slash(world.alice, world.channel, "game replay")
        await until(lambda: any(a.filename.endswith(".gif") for a in _files(rec)), what="a GIF")
        gif = next(a for a in _files(rec) if a.filename.endswith(".gif"))
        assert not rec.ephemeral and gif.size < 8_000_000
        # described for a screen reader: the game, the match, its players, how it ended
        alt = gif.description or ""
        assert alt.startswith(f"Replay of Super Farmer, match #{old.id}, ") and "Game over: " in alt
        assert "alice" in alt and "bob" in alt
        posted = Image.open(io.BytesIO(final.attachments[0].data)).convert("RGB")
        assert ImageChops.difference(last_frame(gif.data), posted).getbbox() is None
        assert Image.open(io.BytesIO(gif.data)).n_frames > 10

        # the export replays offline to the same result; an edited one is refused
        rec = await fake.slash(world.bob, world.channel, "game export", match=old.id)
        assert rec.ephemeral
        (export,) = rec.response.attachments
        data = json.loads(export.data)
        assert data["format"] == FORMAT and data["seed"] == SHORT_GAME_SEED
        assert [s["name"] for s in data["seats"]] == [s.name for s in old.seats]
        path = tmp_path / "match.json"
        path.write_bytes(export.data)
        run = _replay(path)
        assert run.returncode == 0, run.stderr
        assert f"Winner: {winner}" in run.stdout and "matches the recorded outcome" in run.stdout
        roll = next(a for a in data["actions"] if a["notation"] == "roll")
        trade = next(a for a in data["actions"] if a["notation"].startswith("trade"))
        roll["notation"] = trade["notation"]
        path.write_text(json.dumps(data))
        run = _replay(path)
        assert run.returncode != 0
        assert f"move {roll['ply']}" in run.stderr and trade["notation"] in run.stderr

        # Rematch: a spectator is refused, both players click, the host starts
        messages = len(fake.messages(world.channel))
        assert messages == count + 1, "only the replay was posted"
        rec = await fake.click(world.carol, final, label="Rematch")
        assert "Only the players" in private(rec)
        rec = await fake.click(world.bob, final, label="Rematch")
        assert not rec.ephemeral and "Rematch" in rec.response.content
        rec = await fake.click(world.alice, final, label="Rematch")
        lobby = rec.response
        assert "2 of 2 back" in lobby.content and "alice (host)" in lobby.content
        rec = await fake.click(world.bob, final, label="Rematch")
        assert "already in the rematch" in private(rec)
        before = len(boards(fake, world.channel))
        await fake.click(world.alice, lobby, label="Start")
        await until(lambda: len(boards(fake, world.channel)) > before, what="the new board")
        new = await runner.match_in(world.channel.id)
        assert new.id != old.id and new.status == "active"
        assert [(s.user_id, s.name) for s in new.seats] == [(s.user_id, s.name) for s in old.seats]
        assert new.options == old.options and new.clock == old.clock
        row = await runner.bot.store.matches.match(new.id)
        assert row.rematch_of == old.id
        rec = await fake.click(world.bob, final, label="Rematch")
        assert "already live" in private(rec)

        # bad input: a running match, a missing one, another server's
        other = fake.create_guild("Elsewhere")
        elsewhere = fake.create_text_channel(other, "corral")
        fake.add_member(other, world.carol)
        messages = len(fake.messages(world.channel))
        for user, channel, number, words in (
            (world.alice, world.channel, new.id, "still being played"),
            (world.alice, world.channel, 99999, "no match #99999"),
            (world.carol, elsewhere, old.id, f"no match #{old.id}"),
        ):
            for command in ("game replay", "game export"):
                rec = await fake.slash(user, channel, command, match=number)
                assert words in private(rec), (command, number)
        assert len(fake.messages(world.channel)) == messages
        assert not fake.messages(elsewhere)


def _files(rec: Any) -> list[Any]:
    out = list(rec.response.attachments) if rec.response is not None else []
    for message in rec.followups:
        out.extend(message.attachments)
    return out


def _replay(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
