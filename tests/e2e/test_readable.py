"""A board anyone can read, played through the emulator: every picture carries alt text, the
"Text board" button and ``/<game> board text:True`` answer privately with the position as text,
in the reader's language, and a whole match can be played from that text and typed moves
alone, never looking at a picture or the match's state."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import games
import words
from fakediscord import FakeDiscord
from ranchtest.harness import (
    BotRunner,
    board,
    expect_board,
    open_match,
    running,
)
from tests.conftest import World

_CODE = re.compile(r"`([^`\n]+)`")
_MENTION = re.compile(r"<@!?(\d+)>")
#: Super Farmer's animals by worth, for the text-only player below
WORTH = {"rabbit": 1, "sheep": 6, "small_dog": 6, "pig": 12, "cow": 36, "big_dog": 36, "horse": 72}


async def read_text_board(fake: FakeDiscord, channel: Any, user: Any) -> str:
    """``user`` presses the newest board's "Text board" button; the private answer's text."""
    return (await text_board_embed(fake, channel, user))["description"]


async def text_board_embed(fake: FakeDiscord, channel: Any, user: Any) -> dict[str, Any]:
    """``user`` presses the newest board's "Text board" button; the private answer's embed."""
    current = board(fake, channel)
    button = next(b for b in current.buttons() if b.custom_id.startswith("rh:v:"))
    rec = await fake.click(user, current, custom_id=button.custom_id)
    assert rec.ephemeral and rec.response is not None, "the text board is private"
    embed = rec.response.embeds[0]
    text = embed.get("description") or ""
    assert text and len(text) <= 4096
    return embed


def acting_user(fake: FakeDiscord, message: Any) -> Any | None:
    """Whom a board's last line calls to move (None: the game is over)."""
    last = message.content.rsplit("\n", 1)[-1]
    found = _MENTION.findall(last)
    return fake.world.users[int(found[0])] if found and "your move" in last else None


def farm_pick(moves: list[str]) -> str:
    """A Super Farmer player reading only the listed moves: trade many small animals up into
    one bigger one when offered, else roll."""
    ups = []
    for move in moves:
        found = re.fullmatch(r"trade (\d+) (\w+) for 1 (\w+)", move)
        if not found or found[2] not in WORTH or found[3] not in WORTH:
            continue
        if WORTH[found[3]] > WORTH[found[2]] and found[3] not in ("small_dog", "big_dog"):
            ups.append((WORTH[found[3]], move))
    if ups:
        return max(ups)[1]
    return "roll" if "roll" in moves else moves[0]


async def play_by_text(
    fake: FakeDiscord, runner: BotRunner, world: World, game: str, pick: Any, limit: int
) -> int:
    """Plays a two-player match to its end from the text board and typed moves alone; returns
    the number of moves typed."""
    await open_match(fake, game, world.channel, world.alice, world.bob)
    typed = 0
    while True:
        current = board(fake, world.channel)
        user = acting_user(fake, current)
        if user is None:
            break
        assert typed < limit, "the game should have ended"
        text = await read_text_board(fake, world.channel, user)
        moves = _CODE.findall(text)
        assert moves, f"the text board lists the moves: {text}"
        move = pick(moves)
        rec = await expect_board(
            fake, world.channel, fake.slash(user, world.channel, f"{game} move", action=move)
        )
        assert rec.response is not None
        typed += 1
    final = board(fake, world.channel)
    assert "Game over" in final.content
    assert "Game over" in (final.attachments[0].description or "")
    match = await runner.match_in(world.channel.id)
    assert match.status == "finished"
    return typed


async def test_a_whole_super_farmer_match_played_from_the_text_board(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    # (with this match seed the text-only player wins in 27 typed moves)
    async with running(fake, database, seed=85) as runner:
        typed = await play_by_text(fake, runner, world, "farm", farm_pick, 400)
        assert typed > 5


async def test_a_whole_horseplay_match_played_from_the_text_board(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    choose = random.Random(41)

    def pick(listed: list[str]) -> str:
        # (the text board may name squares in the notation too: a move goes from one to another)
        moves = [m for m in listed if re.fullmatch(r"[a-z]\d+([-x][a-z]\d+)+", m)]
        captures = [m for m in moves if "x" in m]
        return choose.choice(captures or moves)

    async with running(fake, database, seed=3) as runner:
        typed = await play_by_text(fake, runner, world, "horseplay", pick, 300)
        assert typed > 5


async def test_the_text_board_answers_each_reader_privately_in_their_language(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    world.carol.locale = "pl"
    async with running(fake, database) as runner:
        first = await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        alt = first.attachments[0].description or ""
        assert alt.startswith("Horseplay Rustling, move 0.") and "alice" in alt
        # a player to move sees the players and their moves in the notation; a spectator
        # reading in Polish, the same in Polish
        mine = await text_board_embed(fake, world.channel, world.alice)
        assert mine["title"] == "Horseplay Rustling: move 0, as text"
        assert "alice" in mine["description"] and "bob" in mine["description"]
        assert "`c3-d4`" in mine["description"]
        spectator = await text_board_embed(fake, world.channel, world.carol)
        with words.use("pl"):
            title = games.get("horseplay").narrator.text(games.get("horseplay").title)
        assert spectator["title"] == f"{title}: ruch 0 jako tekst"
        assert "alice" in spectator["description"] and "bob" in spectator["description"]
        before = len(fake.messages(world.channel))
        rec = await fake.slash(world.bob, world.channel, "horseplay board", text=True)
        assert rec.ephemeral and rec.response is not None
        assert "bob" in (rec.response.embeds[0].get("description") or "")
        assert len(fake.messages(world.channel)) == before, "nothing public is posted"
        match = await runner.match_in(world.channel.id)
        assert match.ply == 0, "reading changes nothing"


async def test_a_polish_matchs_pictures_are_described_in_polish(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        rec = await fake.slash(world.alice, world.channel, "farm new", language="pl")
        assert rec.response is not None
        match = await runner.match_in(world.channel.id)
        await fake.click(world.bob, rec.response, custom_id=f"rh:l:{match.id}:join")
        lobby = fake.messages(world.channel)[-1]
        start = fake.click(world.alice, lobby, custom_id=f"rh:l:{match.id}:start")
        await expect_board(fake, world.channel, start)
        with words.use("pl"):
            title = match.rules.narrator.text(match.rules.title)
        alt = board(fake, world.channel).attachments[0].description or ""
        assert alt.startswith(f"{title}, ruch 0.") and "alice" in alt
        # an English player's text board stays English
        embed = await text_board_embed(fake, world.channel, world.bob)
        assert embed["title"] == f"Super Farmer: move {match.ply}, as text"
