"""Each move is told once: on the boards of a whole match of every game, a move whose events
are told as sentences is not also told as notation ("**alice** played `roll`." followed by
"alice rolled sheep and sheep."), and every event told is told where its move is shown (a
board edited during a turn keeps that turn's moves)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from fakediscord import FakeDiscord
from ranchtest.harness import BotRunner, ManualClock, boards, picture_ply
from tests.conftest import World
from tests.e2e.test_pseudo_locale import GAMES, Table

#: a move told by its notation: "**alice** played `roll`."
PLAYED = re.compile(r"^(?:🤖 )?\*\*(?P<name>.+?)\*\* played `(?P<move>[^`]+)`\.$")


def told_in(content: str, row: Any, narrator: Any = None, names: Any = None) -> bool:
    """Whether the move ``row`` is told in ``content``: every sentence of its events."""
    said = [narrator.event(e, names) for e in row["events"] if not e.minor]
    return bool(said) and all(sentence in content for sentence in said)


def shown_plies(messages: list[Any]) -> list[tuple[Any, range]]:
    """Each board with the plies whose moves it tells (after the board before it)."""
    out, last = [], 0
    for message in messages:
        ply = picture_ply(message)
        out.append((message, range(last + 1, ply + 1)))
        last = ply
    return out


@pytest.mark.parametrize("key", GAMES)
async def test_every_board_tells_each_move_once(
    fake: FakeDiscord, world: World, database: Path, key: str
) -> None:
    clock = ManualClock()
    runner = BotRunner(fake, database, seed=11, clock=clock)
    await runner.start()
    try:
        table = Table(fake, world, runner, key, language="en")
        await table.open()
        clock.advance(72)  # a deadline: the bot plays the person's turn, told once too
        await runner.tick()
        match = await table.play_out()
        history = await runner.bot.service.history(match.id, limit=10_000)
    finally:
        await runner.stop()
    names = [s.name for s in match.seats]
    narrator = table.rules.narrator
    by_ply = {row["ply"]: row for row in history}
    told = notation_only = 0
    for message, plies in shown_plies(boards(fake, world.channel)):
        lines = message.content.splitlines()
        rows = [by_ply[p] for p in plies if p in by_ply]
        if message.edited:
            # edited during a turn, a board tells that turn only: the moves before it were told
            # when it was posted; what it keeps is its newest moves, the newest always
            start = len(rows) - 1
            while start > 0 and told_in(message.content, rows[start - 1], narrator, names):
                start -= 1
            rows = rows[max(start, 0) :]
        for row in rows:
            sentences = [narrator.event(e, names) for e in row["events"] if not e.minor]
            name = names[row["seat"]]
            repeated = [
                line
                for line in lines
                if (m := PLAYED.match(line))
                and m["name"].endswith(name)
                and m["move"] == row["notation"]
            ]
            if sentences:
                assert not repeated, f"ply {row['ply']} told twice:\n{message.content}"
                for sentence in sentences:
                    assert sentence in message.content, f"{sentence!r} not in\n{message.content}"
                told += 1
            else:
                notation_only += 1
    assert told, "moves were told by their events"
    print(f"{key}: {told} moves told by events, {notation_only} by notation")
