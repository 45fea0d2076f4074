"""Run the real bot against the Discord emulator: start, stop, restart on the same database."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import games
from bot.client import RanchHand
from bot.config import Settings
from bot.matches import Match
from fakediscord import FakeDiscord

#: the final board's buttons: a rematch, the text board, the viewer, the post-game report
FINAL_BUTTONS = ["Rematch", "Text board", "Moves", "Luck and decisions"]
#: how long a start may take before it counts as failed (only a stuck start waits this long;
#: a machine busy with parallel test workers can take several seconds to log in)
READY_TIMEOUT = 60.0


class ManualClock:
    """The bot's clock in tests: it stands still until a test moves it (no sleeping). The
    emulator keeps its own clock (``fake.clock_offset``) for tokens and timestamps."""

    def __init__(self, at: float | None = None) -> None:
        self.at = float(int(time.time()) if at is None else at)

    def __call__(self) -> float:
        return self.at

    def advance(self, hours: float) -> None:
        self.at += hours * 3600


@dataclass
class BotRunner:
    fake: FakeDiscord
    #: a SQLite file, or a database URL (``postgresql://...``)
    database: Path | str
    seed: int | Callable[[], int] = 1
    bot: RanchHand | None = None
    task: asyncio.Task[None] | None = None
    starts: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    #: the bot's clock (turn clocks, reminders, deadlines); None: real time
    clock: Callable[[], float] | None = None

    #: further settings (e.g. ``metrics_port``)
    options: dict[str, Any] = field(default_factory=dict)

    def settings(self) -> Settings:
        if isinstance(self.database, str):
            where: dict[str, Any] = {"database_url": self.database}
        else:
            where = {"database_path": self.database}
        return Settings(token=self.fake.bot_token, sync_commands="auto", **where, **self.options)

    async def start(self) -> RanchHand:
        seed = self.seed
        extra = dict(self.extra)
        if self.clock is not None:
            extra["clock"] = self.clock
        bot = RanchHand(
            self.settings(),
            seed_source=seed if callable(seed) else (lambda: seed),
            guild_ready_timeout=0.05,
            **extra,
        )
        self.bot = bot
        self.task = asyncio.create_task(bot.start(self.fake.bot_token))
        waiter = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait(
            {waiter, self.task}, timeout=READY_TIMEOUT, return_when=asyncio.FIRST_COMPLETED
        )
        if self.task in done:
            self.task.result()  # raises the start-up error
        if waiter not in done:
            waiter.cancel()
            raise TimeoutError("the bot did not become ready")
        self.starts += 1
        await self.fake.settle()
        return bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        self.bot, self.task = None, None

    async def restart(self) -> RanchHand:
        await self.stop()
        return await self.start()

    async def tick(self) -> int:
        """Run the turn clock now (as its minute loop would), then let the bot's posts land."""
        assert self.bot is not None
        done = await self.bot.turns.tick()
        await self.fake.settle()
        return done

    # Peeking at what players see in the picture (tests decide moves from the state) --------

    async def match_in(self, channel_id: int) -> Match:
        assert self.bot is not None
        match = await self.bot.service.live_in(channel_id)
        if match is None:
            rows = await self.bot.db.fetchall(
                "SELECT id FROM matches WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                (channel_id,),
            )
            assert rows, "no match in that channel"
            match = await self.bot.service.get(rows[0]["id"])
        return match

    async def set_state(self, match_id: int, dump: dict[str, Any]) -> None:
        """Set up a position for a test, as the rules' ``load`` accepts an edited dump."""
        assert self.bot is not None
        match = await self.bot.service.get(match_id)
        match.rules.load(dump)  # refuse invalid positions here, not later
        await self.bot.db.execute(
            "UPDATE matches SET state = ? WHERE id = ?", (json.dumps(dump), match_id)
        )
        self.bot.service._states.clear()


async def until(condition: Callable[[], bool], timeout: float = 15.0, what: str = "") -> None:
    """Wait for something a player would see (a new board), not for silence: rendering a
    picture can take longer than any quiet period without a single request in flight."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise TimeoutError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.01)


def boards(fake: FakeDiscord, channel: Any) -> list[Any]:
    """Board messages in a channel: the ones with a picture."""
    return [m for m in fake.messages(channel) if m.attachments]


def _look(message: Any) -> tuple[Any, ...]:
    return (message.id, message.content, tuple(a.id for a in message.attachments))


def assert_played(record: Any) -> None:
    """A move was taken: acknowledged publicly (a click), or, typed, with a private note that
    says it was played (the board itself is a new public message)."""
    if record.ephemeral:
        content = record.response.content if record.response is not None else ""
        assert content.startswith(("Played", "Started", "Posted")), content


async def expect_board(fake: FakeDiscord, channel: Any, action: Awaitable[Any]) -> Any:
    """Run a player's action that should show a board: a new board message, or (a further
    action in the same turn) the turn's board updated in place; return the action's record."""
    before = len(boards(fake, channel))
    newest = _look(boards(fake, channel)[-1]) if before else None
    record = await action
    # A refusal is a new private reply; a click in a private menu is acknowledged by updating
    # that private message (callback 6/7), which is not a refusal.
    private = [m for m in record.followups if m.ephemeral]
    if record.callback_type in (4, 5) and record.ephemeral:
        private.insert(0, record.response)
    private = [m for m in private if not m.content.startswith(("Played", "Started", "Posted"))]
    if private:
        raise AssertionError(f"refused: {private[0].content}")

    def shown() -> bool:
        found = boards(fake, channel)
        return len(found) > before or (newest is not None and _look(found[-1]) != newest)

    await until(shown, what="a new or updated board")
    await fake.settle()
    check_alt_text(fake, boards(fake, channel)[-1])
    return record


#: Discord's limit on an attachment's description
ALT_LIMIT = 1024
_MENTION = re.compile(r"<@!?(\d+)>")


def check_alt_text(fake: FakeDiscord, message: Any) -> None:
    """A board's picture carries alt text within Discord's limit that names whose turn it is
    (each player the board's last line calls to move), or says the game is over."""
    picture = message.attachments[0]
    alt = picture.description or ""
    assert alt and len(alt) <= ALT_LIMIT, f"the picture's alt text: {alt!r}"
    last = message.content.rsplit("\n", 1)[-1]
    if "Game over" in last:
        assert "Game over" in alt, alt
        return
    for user_id in _MENTION.findall(last):
        user = fake.world.users[int(user_id)]
        assert user.name in alt or (user.global_name or "") in alt, (user.name, alt)


def board(fake: FakeDiscord, channel: Any) -> Any:
    """The newest board in a channel."""
    found = boards(fake, channel)
    assert found, "no board posted"
    return found[-1]


def picture_ply(message: Any) -> int:
    """The ply a board's picture shows (its file is named ``<game>-<match>-<ply>.png``)."""
    return int(message.attachments[0].filename.rsplit("-", 1)[1].removesuffix(".png"))


async def open_match(
    fake: FakeDiscord, game: str, channel: Any, *players: Any, **options: Any
) -> Any:
    """The first player opens a lobby, the others press Join, the host presses Start; returns
    the first board, which names every seat."""
    title = games.get(game).title
    host, *others = players
    rec = await fake.slash(host, channel, f"{game} new", **options)
    assert rec.response is not None and not rec.ephemeral, rec.response
    lobby = rec.response
    assert title in lobby.content
    for player in others:
        rec = await fake.click(player, lobby, label="Join")
        assert not rec.ephemeral, rec.response and rec.response.content
        lobby = fake.messages(channel)[-1] if rec.response is None else rec.response
    await expect_board(fake, channel, fake.click(host, lobby, label="Start"))
    first = board(fake, channel)
    assert f"{title}** begins" in first.content
    assert all(p.name in first.content for p in players), "the seats are listed"
    return first


@contextlib.asynccontextmanager
async def running(
    fake: FakeDiscord,
    database: Path | str,
    seed: int = 1,
    clock: Callable[[], float] | None = None,
) -> AsyncIterator[BotRunner]:
    runner = BotRunner(fake, database, seed, clock=clock)
    await runner.start()
    try:
        yield runner
    finally:
        await runner.stop()


def check_turn_board(
    fake: FakeDiscord, channel: Any, before: int, rules: Any, state: Any, match: Match
) -> Any:
    """One message per turn: a move that hands the turn on (or ends the match) posts one new
    board and quiets the older ones; a further action in the same turn updates the turn's
    board in place. Returns the newest board."""
    posted = boards(fake, channel)
    passed = match.status != "active" or rules.turn_key(match.state) != rules.turn_key(state)
    if passed:
        assert len(posted) == before + 1, "a turn that passes posts one new board"
        if len(posted) > 1:
            assert not posted[-2].buttons() and not posted[-2].selects(), "old boards go quiet"
    else:
        assert len(posted) == before, "a further action in the same turn updates its board"
    return posted[-1]
